"""The puzzle contract over the registry: for every registered puzzle and its published
boards, the engines agree and their answers pass the validator, the compiled kernel runs
as the readable rungs do, the rungs are sound, the codecs round-trip and the bank's
grades are recomputed. Per-puzzle test files keep only what is puzzle-specific."""

from __future__ import annotations

from typing import Any

import pytest

from pencilbox import puzzles
from tests import contract
from tests.conftest import SHARED

NAMES = puzzles.names()
PUB = [(name, bid, board, answer) for name in NAMES for bid, board, answer in contract.published(name)]
# a puzzle nobody has published (the toy dropped into the package) is held to its bank's boards
PUB += [(name, bid, board, answer) for name in NAMES if not any(p[0] == name for p in PUB)
        for bid, board, answer, _ in contract.banked(name)]
SOLVED = [p for p in PUB if p[3] is not None]
COUNTED = 150  # cells: the readable search stays quick up to here
FIXED = 100  # cells: the readable fixpoints of every rung set stay quick up to here
SAT_CELLS = 900  # cells: SAT answers the published boards up to here in well under a second


def _ids(cases: list[tuple[Any, ...]]) -> list[str]:
    return [f"{c[0]}-{c[1]}" for c in cases]


@pytest.mark.parametrize("name,bid,board,answer", PUB, ids=_ids(PUB))
def test_engines_agree_and_answers_pass_the_validator(name: str, bid: str, board: Any, answer: Any) -> None:
    """The ladder and SAT here; the brute counters here only for a puzzle whose own standalone
    tests do not count them on its published boards (contract.standalone)."""
    puzzle = puzzles.get(name)
    contract.check_engines_agree(puzzle, board, answer, sat=board.rows * board.cols <= SAT_CELLS,
                                 brute=not contract.standalone(name))


@pytest.mark.parametrize("name,bid,board,answer", PUB, ids=_ids(PUB))
def test_codecs_round_trip(name: str, bid: str, board: Any, answer: Any) -> None:
    contract.check_codecs_round_trip(puzzles.get(name), board, answer)


KERNEL = [p for p in PUB if p[2].rows * p[2].cols <= COUNTED]


@pytest.mark.parametrize("name,bid,board,answer", KERNEL, ids=_ids(KERNEL))
def test_kernel_counts_like_the_reference(name: str, bid: str, board: Any, answer: Any) -> None:
    contract.check_kernel_counts_like_reference(puzzles.get(name), board)


def _small_solved(name: str) -> list[tuple[str, Any, Any, Any]]:
    return [p for p in SOLVED if p[0] == name and p[2].rows * p[2].cols <= FIXED]


RUNG_SETS = [(name, names) for name in NAMES for names in contract.rung_sets(puzzles.get(name))]
RUNG_IDS = [f"{name}-{'+'.join(names)}" for name, names in RUNG_SETS]


@pytest.mark.parametrize("name,names", RUNG_SETS, ids=RUNG_IDS)
def test_kernel_fixpoints_equal_the_reference(name: str, names: tuple[str, ...]) -> None:
    puzzle = puzzles.get(name)
    for k, (_, _, board, answer) in enumerate(_small_solved(name)):
        contract.check_kernel_fixpoints_like_reference(puzzle, board, answer, names, k)


@pytest.mark.parametrize("name,names", RUNG_SETS, ids=RUNG_IDS)
def test_rung_sets_keep_the_answer(name: str, names: tuple[str, ...]) -> None:
    puzzle = puzzles.get(name)
    for k, (_, _, board, answer) in enumerate(_small_solved(name)):
        contract.check_rungs_keep_the_answer(puzzle, board, answer, names, k)


@pytest.mark.parametrize("name", NAMES)
def test_bank_boards_unique_valid_and_graded_as_recorded(name: str) -> None:
    puzzle = puzzles.get(name)
    for bid, board, answer, grade in contract.banked(name):
        try:
            contract.check_bank_record(puzzle, board, answer, grade)
        except AssertionError as e:
            raise AssertionError(f"{bid}: {e}") from e


def test_every_puzzle_has_published_boards_with_answers() -> None:
    """Every puzzle of the shared test data has them in its folder; each puzzle has boards
    with known answers for the rung checks (its bank's, where nobody has published it)."""
    shared = {name for name in NAMES if (SHARED / f"{name}.json").exists()}
    assert shared <= {name for name in NAMES if contract.published(name)}
    assert {p[0] for p in SOLVED} == set(NAMES)
