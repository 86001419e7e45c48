"""What several Slant studies share: the raw stream, per-board verdicts of the ladder and
the independent counters, and the checks over their count tables.

Board k of the raw R x C stream at density p is drawn from ``rng(seed, "raw", R, C, p, k)``
(not from a study's name), so studies 1-5 read the same boards: study 2 ablates exactly
study 1's boards, study 3's 0.75 point and studies 4-5 start with study 1's 10 x 10 ones.
"""

from __future__ import annotations

from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE, generate
from pencilbox.puzzles.slant.board import Board
from pencilbox.studies import Figures, Params, mean_cell, rng

LEVELS = engine.levels(PUZZLE)  # count, cycle, duet, probe
CUMULATIVE = ("count", "+cycle", "+duet", "+probe")  # the seed's headings of the levels
STATUSES = ("unique", "multiple", "capped", "none")
SIZES = [[5, 5], [7, 7], [10, 10]]
NODE_CAP = 10**6


def raw_board(seed: int, rows: int, cols: int, density: float, k: int) -> tuple[Board, tuple[int, ...]]:
    """Board k of the raw stream and its filling, the same in every study."""
    return generate.raw(rows, cols, density, rng(seed, "raw", rows, cols, density, k).getrandbits(63))


def size_name(rows: int, cols: int) -> str:
    """A size as the seed writes it (5×5)."""
    return f"{rows}×{cols}"


def plan_sizes(p: Params, seed: int) -> list[tuple[int, int]]:
    """One job per board size."""
    return [tuple(s) for s in p["sizes"]]


def plan_chunks(p: Params, seed: int) -> list[tuple[int, int]]:
    """Boards in chunks of ``chunk`` (start, stop), so long runs resume."""
    step = p["chunk"]
    return [(a, min(a + step, p["boards"])) for a in range(0, p["boards"], step)]


def fixpoint_verdict(board: Board, filling: tuple[int, ...], names: tuple[engine.Level, ...]) -> str:
    """``finished`` (to the filling), ``open``, ``contradiction`` or ``wrong`` (finished to
    another answer) for the fixpoint of ``names``; the last two mean an unsound rung."""
    dom = engine.run_fixpoint(PUZZLE, board, PUZZLE.initial_state(board), names)
    if dom is None:
        return "contradiction"
    if not all(engine.single(d) for d in dom):
        return "open"
    return "finished" if tuple(dom) == filling else "wrong"


def level_verdicts(board: Board, filling: tuple[int, ...]) -> list[str]:
    """The fixpoint verdict at each cumulative level."""
    return [fixpoint_verdict(board, filling, engine.ladder(PUZZLE, lv)) for lv in LEVELS]


def statuses(board: Board, node_cap: int, engines: tuple[str, ...]) -> dict[str, engine.Status]:
    """Uniqueness verdicts (count limit 2) of the ladder's search and the independent engines."""
    out = {"ladder": engine.count(PUZZLE, board, limit=2, node_cap=node_cap).status}
    for name in engines:
        out[name] = PUZZLE.counters[name].count(board, 2, node_cap).status
    return out


def nested(verdicts: list[str]) -> bool:
    """Once a rung set finishes a board, every larger one does (fixpoints only shrink)."""
    done = [v == "finished" for v in verdicts]
    return all(not a or b for a, b in zip(done, done[1:], strict=False))


def unsound(verdicts: list[str]) -> int:
    return sum(v in ("contradiction", "wrong") for v in verdicts)


def tally(engines: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """An empty count of uniqueness verdicts per engine (the ladder's search first)."""
    return {e: dict.fromkeys(STATUSES, 0) for e in ("ladder", *engines)}


def points(moved: list[int], n: int) -> dict[str, Any]:
    """A gain in percentage points between two rung sets on the same n boards: the mean of
    +100 (only the first finishes), -100 (only the second) and 0, with its standard error."""
    up, down = moved
    return mean_cell([100.0] * up + [-100.0] * down + [0.0] * (n - up - down))


def check_engines(figures: Figures, key: str = "engines") -> list[str]:
    """Every engine gives every verdict to the same number of boards, none capped or none
    (board for board agreement is the soundness table's ``engines disagree``)."""
    out = []
    by_row: dict[str, dict[str, list[int]]] = {}
    for row in figures[key]["value"]["rows"]:
        by_row.setdefault(str(row[0]), {})[row[1]] = row[2:]
    for where, verdicts in by_row.items():
        if len({tuple(v) for v in verdicts.values()}) > 1:
            out.append(f"{where}: engines disagree on uniqueness {verdicts}")
        for e, v in verdicts.items():
            if v[2] or v[3]:
                out.append(f"{where}: {e} capped {v[2]} boards and found no answer on {v[3]}")
    return out


def check_soundness(figures: Figures, key: str = "soundness") -> list[str]:
    """Every count after the first two columns of the soundness table must be 0."""
    out = []
    for row in figures[key]["value"]["rows"]:
        for col, v in zip(figures[key]["value"]["columns"][2:], row[2:], strict=True):
            if v:
                out.append(f"{row[0]}: {v} boards with {col}")
    return out
