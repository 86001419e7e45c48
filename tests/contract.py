"""The puzzle contract as checks on one puzzle and one board, shared by the registry-wide
test (tests/registry/test_contract.py) and the toy puzzle's (tests/toy): what every registered
puzzle must do, whatever its folder holds."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from pencilbox import bank, boardio, puzzles
from pencilbox.core import engine
from pencilbox.core.puzzle import Puzzle
from pencilbox.errors import BoardError
from tests.conftest import known_answer, load_testdata

BIG = 10**9


def published_records(name: str) -> list[dict[str, Any]]:
    """The folder's published boards as JSON records (none where it has no
    ``data/published.json``: a puzzle nobody has published yet, as the toy)."""
    try:
        return load_testdata(name)
    except FileNotFoundError:
        return []


def published(name: str) -> list[tuple[str, Any, tuple[int, ...] | None]]:
    """(id, board without answer, its known answer or None when it has several) for every
    published board of ``name`` (none where its folder has no ``data/published.json``)."""
    out = []
    for rec in published_records(name):
        known = known_answer(rec) if rec.get("solutions") == "unique" else None
        with_answer = boardio.board_from_json({**rec, "answer": known})
        out.append((rec["id"], puzzles.get(name).with_answer(with_answer, None), with_answer.answer))
    return out


def banked(name: str) -> list[tuple[str, Any, tuple[int, ...], str]]:
    """(id, board without answer, answer, recorded grade) for every board of the shipped bank."""
    out = []
    for rec in bank.load(name):
        board = boardio.board_from_json(rec)
        out.append((rec["id"], puzzles.get(name).with_answer(board, None), board.answer, rec["grade"]))
    return out


def ambiguous(name: str) -> list[object]:
    """The two smallest bank boards with every second clue dropped, and with every third: tens to
    thousands of answers (a third kept left up to 74,112, each counted by two engines)."""
    recs = sorted(bank.load(name), key=lambda r: (int(r["rows"]) * int(r["cols"]), str(r["id"])))[:2]
    out = []
    for rec in recs:
        board = boardio.board_from_json({**rec, "answer": None})
        clued = [i for i, v in enumerate(board.clues) if v is not None]
        for every in (2, 3):
            dropped = {i for k, i in enumerate(clued) if k % every == every - 1}
            clues = tuple(None if i in dropped else v for i, v in enumerate(board.clues))
            out.append(replace(board, clues=clues))
    return out


def standalone(name: str) -> bool:
    """Whether the puzzle's own tests/puzzles/<name>/test_brute.py counts its brute
    counters on its published boards (every board in their stated range, beside their plain-Python
    twins and a checker written from the rules): then the registry-wide test leaves them to it and
    counts the ladder and SAT alone, so each (board, engine) count runs in one place."""
    return (Path(__file__).parent / "puzzles" / name / "test_brute.py").exists()


def brute_engines(puzzle: Puzzle, board: Any) -> list[str]:
    """The brute counters (``brute``, Ripple's ``cells``) whose range holds the board."""
    return [e for e, c in puzzle.counters.items()
            if c.meant_for is not None and c.holds(board.rows, board.cols)]


def answers_of(puzzle: Puzzle, board: Any, res: engine.Count) -> list[Any]:
    """A count's answers in the answer format, each passed by the validator."""
    out = [puzzle.answer_from_state(board, dom) for dom in res.answers]
    for a in out:
        assert puzzle.validate(board, a) == [], (res.engine, a)
    return out


def check_engines_agree(puzzle: Puzzle, board: Any, answer: Any, sat: bool = True,
                        brute: bool = True) -> None:
    """The ladder, every brute counter in range and SAT find the same answers: the known
    one when ``answer`` is given, else at least two (a board with several)."""
    counts = [engine.count(puzzle, board, limit=2)]
    counts += [puzzle.counters[e].count(board, 2, BIG) for e in brute_engines(puzzle, board) if brute]
    counts += [puzzle.sat_count(board, 2, BIG)] if sat else []
    for res in counts:
        got = answers_of(puzzle, board, res)
        if answer is None:
            assert res.count == 2 and res.limit_hit and got[0] != got[1], res.engine
        else:
            assert (res.count, res.cap, got) == (1, None, [answer]), res.engine
            assert res.status == "unique"


def check_kernel_counts_like_reference(puzzle: Puzzle, board: Any, node_cap: int = 200) -> None:
    """The compiled count (when the puzzle has a kernel) and the readable search agree on
    count, cap, nodes and answers: by the default escalating strategy, and at the search
    level under a small node cap (where a cap runs out, both stop at the same node)."""
    for names, cap in ((None, 10**6), (engine.ladder(puzzle, puzzle.search_level), node_cap)):
        fast = engine.count(puzzle, board, names, 2, cap)
        slow = engine.count(puzzle, board, names, 2, cap, accel=False)
        assert (fast.count, fast.cap, fast.nodes, fast.answers) == \
            (slow.count, slow.cap, slow.nodes, slow.answers), names


def rung_sets(puzzle: Puzzle) -> list[tuple[str, ...]]:
    """Every level, each rung switched off (the whole ladder and the search level), and
    each rung alone and with probe: the rung sets the kernel must run as the rungs do."""
    levels = engine.levels(puzzle)
    rungs = levels[:-1]
    out = [engine.ladder(puzzle, lv) for lv in levels]
    out += [engine.ladder(puzzle, lv, (r,)) for lv in (None, puzzle.search_level) for r in rungs
            if engine.ladder(puzzle, lv, (r,))]
    out += [(r,) for r in rungs] + [(r, engine.PROBE) for r in rungs]
    return list(dict.fromkeys(out))


def partial(puzzle: Puzzle, board: Any, answer: Any, rng: random.Random, share: float) -> list[int]:
    """The clues' domains with a random share of the answer's values filled in."""
    start = puzzle.initial_state(board)
    solved = puzzle.state_from_answer(board, answer)
    return [a & d if rng.random() < share else d for d, a in zip(start, solved, strict=True)]


def check_kernel_fixpoints_like_reference(puzzle: Puzzle, board: Any, answer: Any,
                                          names: tuple[str, ...], seed: int) -> None:
    """Compiled and readable fixpoints agree from partial states, consistent or not."""
    rng = random.Random(seed)
    for share in (0.0, 0.3):
        dom = partial(puzzle, board, answer, rng, share)
        if rng.random() < 0.3:  # also an inconsistent state: one cell set to any value
            v = rng.randrange(len(dom))
            dom[v] = rng.choice(list(engine.bits(puzzle.initial_state(board)[v])))
        assert engine.run_fixpoint(puzzle, board, dom, names, accel=False) == \
            engine.run_fixpoint(puzzle, board, dom, names, accel=True), names


def check_rungs_keep_the_answer(puzzle: Puzzle, board: Any, answer: Any, names: tuple[str, ...],
                                seed: int) -> None:
    """A sound rung set never removes the answer's value, from the clues or a partial state."""
    rng = random.Random(seed)
    solved = puzzle.state_from_answer(board, answer)
    for share in (0.0, 0.2, 0.5):
        state = engine.State(partial(puzzle, board, answer, rng, share))
        engine.fixpoint(puzzle, board, state, names)  # a Contradiction fails the check
        assert all(d & a for d, a in zip(state.dom, solved, strict=True)), names


def check_codecs_round_trip(puzzle: Puzzle, board: Any, answer: Any) -> None:
    """Text and JSON (with the answer too), the URL and the Tatham ID where the puzzle has
    them, read back to the same board; a format it lacks is refused with its name."""
    for b in (board, puzzle.with_answer(board, answer)):
        for fmt in ("text", "json"):
            assert boardio.parse(boardio.dump(b, fmt))[0][0].board == b, fmt
    for fmt, has in (("url", puzzle.url is not None), ("tatham", puzzle.tatham is not None)):
        if not has:
            try:
                boardio.dump(board, fmt)
            except BoardError as e:
                assert puzzle.name in str(e)
            else:
                raise AssertionError(f"{puzzle.name} wrote a {fmt} it does not declare")
            continue
        out = boardio.dump(board, fmt)
        assert boardio.parse(out)[0][0].board == board, fmt
        assert boardio.dump(boardio.parse(out)[0][0].board, fmt) == out, fmt
    if puzzle.tatham is not None:
        tid = f"{puzzle.tatham.names[0]}:{boardio.dump(board, 'tatham')}"
        assert boardio.parse(tid)[0][0].board == board


def check_bank_record(puzzle: Puzzle, board: Any, answer: Any, grade: str) -> None:
    """A bank board is unique by the ladder and SAT with its recorded answer, which the
    validator passes, and grades as recorded."""
    check_engines_agree(puzzle, board, answer, brute=False)  # brute: tests/test_puzzles_brute_range.py
    assert engine.grade(puzzle, board).grade == grade
