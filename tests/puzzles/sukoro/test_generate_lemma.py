"""The print-everything lemma the generator builds on (generate.py): printing every number of an
answer pins that answer — and it needs the connectivity rule (with rule 3 off a rival can add a
separate group)."""

import random

from pencilbox.puzzles.sukoro import PUZZLE, generate, kernel, rules
from pencilbox.puzzles.sukoro.board import Board


def printed(answer: tuple[int, ...], rows: int, cols: int) -> Board:
    return Board(rows, cols, tuple(v if v else None for v in answer))


def test_lemma_on_100_random_answers_and_its_failure_without_connectivity() -> None:
    rng = random.Random(2026)
    rivals = 0
    for _ in range(100):
        rows, cols = rng.randint(4, 9), rng.randint(4, 9)
        answer = generate.random_answer(rows, cols, rng)
        board = printed(answer, rows, cols)
        ladder = kernel.search(board, PUZZLE.initial_state(board), ("deg", "neq", "conn"), 2, 10**6)
        assert ladder.count == 1 and PUZZLE.answer_from_state(board, ladder.answers[0]) == answer
        assert PUZZLE.brute_count(board, 2, 10**9).count == 1
        loose = kernel.search(board, PUZZLE.initial_state(board), ("deg", "neq"), 2, 10**6,
                              dropped=("connected",))
        assert not loose.node_capped
        if loose.count > 1:
            rivals += 1
            found = [PUZZLE.answer_from_state(board, d) for d in loose.answers]
            rival = next(a for a in found if a != answer)
            assert rules.validate(board, rival, dropped=("connected",)) == []
            assert any(b.rule == "connected" for b in rules.validate(board, rival))
    assert rivals > 0  # the lemma fails without rule 3 on some of these boards
    print(f"lemma: 100/100 unique; without connectivity {rivals}/100 have a rival")
