"""The shipped banks, each in its puzzle's folder (``puzzles/<name>/bank/``): ``<name>.json``
is a JSON list of graded boards (loadable as a BOARD by every verb), ``<name>.recipe.json``
the parameters that made it.

Every record says whether it is locally ``minimal``: true only when erasing any single
clue leaves more than one answer (checked exactly, SAT settling capped searches).

A bank is rebuilt from its recipe bit for bit: per (size, grade) bucket, seeds are
derived from the recipe seed, the size, the grade and a draw counter, and the first
``per_grade`` boards of that grade are kept (a bucket that cannot be filled in
``max_draws`` draws stays short, and the rebuild says so). A draw the ladder cannot grade
(its search runs out of nodes: grade None) is skipped: no bank board is beyond the ladder.

A recipe may also ask for a set of unique, locally minimal boards per size made by the
erase-while-unique generator (key ``minimal``: sizes, ``per_size``, ``max_draws``), as the
seeds' own studies use; those records carry ``"set": "minimal"`` and ids such as
``sukoro-6x6-minimal-01``, and a draw that is not locally minimal is skipped.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from pencilbox import boardio, puzzles
from pencilbox.core import engine
from pencilbox.core.files import write_atomic
from pencilbox.version import __version__


def derive_seed(seed: int, rows: int, cols: int, grade: str | None, k: int) -> int:
    """A 31-bit seed per draw, stable across Python versions and platforms."""
    digest = hashlib.sha256(f"{seed}/{rows}x{cols}/{grade}/{k}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def folder(name: str) -> Path:
    """Where a puzzle's bank lies: the ``bank`` folder of its own package."""
    return puzzles.folder(name) / "bank"


def recipe(name: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads((folder(name) / f"{name}.recipe.json").read_text())
    return out


def load(name: str) -> list[dict[str, Any]]:
    """The shipped bank of a puzzle as JSON board records."""
    out: list[dict[str, Any]] = json.loads((folder(name) / f"{name}.json").read_text())
    return out


def build(rec: dict[str, Any], log: Any = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The bank a recipe makes, and the buckets it could not fill."""
    boards, short = build_graded(rec, log)
    if "minimal" in rec:
        more, missing = build_minimal(rec, log)
        boards, short = boards + more, short + missing
    return boards, short


def build_minimal(rec: dict[str, Any], log: Any = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The recipe's set of unique, locally minimal boards: per size, the first ``per_size``
    draws of the erase-while-unique generator (any grade) that are exactly minimal."""
    from pencilbox.core.generate import removable  # the generator's helpers only when a bank is built
    puzzle = puzzles.get(rec["puzzle"])
    spec = rec["minimal"]
    boards: list[dict[str, Any]] = []
    short = []
    for rows, cols in spec["sizes"]:
        got = 0
        for k in range(spec["max_draws"]):
            seed = derive_seed(rec["seed"], rows, cols, "minimal", k)
            try:
                made = puzzle.generate(rows, cols, None, seed, tries=1)
            except ValueError:
                continue
            if removable(puzzle, made.board):
                continue  # a capped uniqueness check kept a clue: not minimal, skip the draw
            got += 1
            board = puzzle.with_answer(made.board, made.answer)
            boards.append({"id": f"{puzzle.name}-{rows}x{cols}-minimal-{got:02d}",
                           **json.loads(boardio.dump(board, "json")),
                           "grade": made.grade, "minimal": True, "set": "minimal", "seed": seed, "draw": k})
            if got == spec["per_size"]:
                break
        if log:
            log(f"{rows}x{cols} minimal: {got}/{spec['per_size']}")
        if got < spec["per_size"]:
            short.append(f"{rows}x{cols} minimal: {got} of {spec['per_size']} in {spec['max_draws']} draws")
    return boards, short


def build_graded(rec: dict[str, Any], log: Any = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The recipe's graded buckets: per size and grade, the first ``per_grade`` boards."""
    from pencilbox.core.generate import removable  # the generator's helpers only when a bank is built
    puzzle = puzzles.get(rec["puzzle"])
    boards: list[dict[str, Any]] = []
    short = []
    for rows, cols in rec["sizes"]:
        for grade in rec["grades"]:
            got = 0
            for k in range(rec["max_draws"]):
                seed = derive_seed(rec["seed"], rows, cols, grade, k)
                try:
                    made = puzzle.generate(rows, cols, grade, seed, tries=1)
                except ValueError:
                    continue
                if made.grade is None or (made.grade == engine.SEARCH and made.proved_unique
                                          and engine.grade(puzzle, made.board).grade is None):
                    continue  # the ladder's search runs out of nodes: the engines could not check it
                got += 1
                board = puzzle.with_answer(made.board, made.answer)
                boards.append({"id": f"{puzzle.name}-{rows}x{cols}-{grade or 'any'}-{got:02d}",
                               **json.loads(boardio.dump(board, "json")),
                               "grade": made.grade, "minimal": not removable(puzzle, made.board),
                               "seed": seed, "draw": k})
                if got == rec["per_grade"]:
                    break
            if log:
                log(f"{rows}x{cols} {grade}: {got}/{rec['per_grade']}")
            if got < rec["per_grade"]:
                short.append(f"{rows}x{cols} {grade}: {got} of {rec['per_grade']} "
                             f"in {rec['max_draws']} draws")
    return boards, short


def dumps(boards: list[dict[str, Any]]) -> str:
    """One board per line, so diffs of a rebuilt bank stay readable."""
    return "[\n" + ",\n".join(json.dumps(b) for b in boards) + "\n]\n"


def main(name: str, check: bool = False) -> int:
    """Rebuild a bank from its recipe; with ``check``, compare with the shipped file instead."""
    name = puzzles.get(name).name
    rec = recipe(name)
    boards, short = build(rec, log=lambda s: print(s, file=sys.stderr))
    text = dumps(boards)
    for s in short:
        print(f"short bucket: {s}", file=sys.stderr)
    path = folder(name) / f"{name}.json"
    if check:
        same = path.exists() and path.read_text() == text
        print(f"{name} bank: {len(boards)} boards, {'identical to' if same else 'DIFFERS from'} {path.name}"
              f" (recipe made by {rec.get('code_version')}, this is {__version__})")
        return 0 if same else 1
    write_atomic(path, text)
    print(f"wrote {len(boards)} boards to {path}")
    return 0
