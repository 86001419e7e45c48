"""Ripple's plain-Python generator loops (plain.py) against the readable ladder: the alive
check's random walk visits engine.search's nodes (the same answer, nodes and cap), and each
check "level L finishes the board" is the readable fixpoint's verdict, with the answer
known to probe or not."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.core.rng import RandomValues
from pencilbox.puzzles.ripple import PUZZLE, generate, plain
from pencilbox.puzzles.ripple.board import Board, full


def readable_finishes(board: Board, names: tuple[engine.Level, ...]) -> bool:
    dom = engine.run_fixpoint(PUZZLE, board, PUZZLE.initial_state(board), names, accel=False)
    return dom is not None and all(engine.single(d) for d in dom) and PUZZLE.is_answer(board, dom)


def walks(seed: int, boards: int, sizes: tuple[int, int], cap: int) -> list[tuple[Board, engine.Count, int]]:
    """Random partitions, each with the readable walk's count from a random seed."""
    rng = random.Random(seed)
    names = engine.ladder(PUZZLE, PUZZLE.search_level)
    out = []
    for _ in range(boards):
        rows, cols = rng.randint(*sizes), rng.randint(*sizes)
        board = Board(rows, cols, generate.partition(rows, cols, rng), (None,) * (rows * cols))
        walk_seed = rng.randrange(1, 2**31)
        dom = [full(s) for s in board.size]
        out.append((board, engine.search(PUZZLE, board, dom, names, 1, cap, order=RandomValues(walk_seed)),
                    walk_seed))
    return out


def test_the_walk_visits_the_readable_walks_nodes() -> None:
    names = engine.ladder(PUZZLE, PUZZLE.search_level)
    seen = set()
    for board, want, walk_seed in walks(1, 40, (4, 9), 40):
        got = plain.search(board, [full(s) for s in board.size], names, 1, 40, RandomValues(walk_seed))
        assert (got.answers, got.count, got.nodes, got.node_capped) == \
            (want.answers, want.count, want.nodes, want.node_capped)
        seen.add("capped" if got.node_capped else "alive" if got.answers else "dead")
    assert seen == {"capped", "alive", "dead"}


@pytest.mark.parametrize("level", ["region", "ripple", "hidden", "lines", "probe"])
def test_checks_agree_with_the_readable_fixpoint(level: str) -> None:
    rng = random.Random(level)
    names = engine.ladder(PUZZLE, engine.named(PUZZLE, level))
    verdicts = set()
    for board, found, _ in walks(2, 25, (3, 7), 2000):
        if not found.answers:
            continue
        answer = tuple(d.bit_length() - 1 for d in found.answers[0])
        for density in (0.2, 0.45, 0.7):
            clues = tuple(v if board.size[i] > 1 and rng.random() < density else None
                          for i, v in enumerate(answer))
            given = Board(board.rows, board.cols, board.regions, clues)
            want = readable_finishes(given, names)
            assert plain.finishes(given, names, answer) == want == plain.finishes(given, names)
            verdicts.add(want)
    assert verdicts == {True, False}
