"""The Fill-a-Pix generator: twin-free pictures, locally minimal unique boards."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE, generate, twins
from pencilbox.puzzles.fillapix.board import Board


def _draw(seed: int, low: int = 3, high: int = 7) -> tuple[Board, list[int], list[int]]:
    rng = random.Random(seed)
    rows, cols = rng.randint(low, high), rng.randint(low, high)
    pic, _ = generate.picture(rows, cols, rng)
    order = list(range(rows * cols))
    rng.shuffle(order)
    return Board(rows, cols, generate.all_clues(rows, cols, pic)), [2 if v else 1 for v in pic], order


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("level", [None, "count", "pair", "probe"])
def test_compiled_erasure_loop_equals_the_readable_one(seed: int, level: str | None) -> None:
    full, avoid, order = _draw(seed)
    clues, capped = generate.minimise(full, order, avoid, level)
    assert (clues, capped) == generate.minimise_reference(full, order, avoid, level)
    assert not capped or not generate.bounded(level)


@pytest.mark.parametrize("seed", range(3))
def test_compiled_erasure_loop_equals_the_readable_one_where_checks_cap(seed: int) -> None:
    """At 13x13 to 16x16 some uniqueness checks run out of nodes; both loops must spend the
    node budget the same way, case by case, and settle the capped clues alike (SAT, one
    incremental solver; readably, each board counted afresh)."""
    full, avoid, order = _draw(300 + seed, 13, 16)
    clues, capped = generate.minimise(full, order, avoid)
    assert capped and (clues, capped) == generate.minimise_reference(full, order, avoid)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("level", ["count", "pair", "sides"])
def test_incremental_fixpoints_equal_fixpoints_from_scratch(seed: int, level: str) -> None:
    """The loop's fixpoint after each erasure, got by undoing what leaned on the erased
    clue, is the one computed from nothing (checked after every erasure, both loops;
    "sides": the generator's own check rungs)."""
    from pencilbox.puzzles.fillapix import kernel
    full, avoid, order = _draw(100 + seed, 6, 12)
    names = generate.check_rungs() if level == "sides" else engine.ladder(PUZZLE, level)
    for cap in (generate.NODE_CAP, -1):
        clues, wrong, _ = kernel.minimise_checked(full, order, avoid, names, cap, True)
        assert wrong == 0
        assert cap < 0 or sum(v is not None for v in clues) < len(clues)


@pytest.mark.parametrize("seed", range(30))
def test_rival_search_is_complete(seed: int) -> None:
    """The rival search finds an answer with a given cell away from the known one exactly
    when brute force does (random clue subsets, every cell tried)."""
    from pencilbox.puzzles.fillapix import kernel
    rng = random.Random(seed)
    full, avoid, _ = _draw(200 + seed, 3, 4)  # at most 16 cells: every picture is enumerated
    clues = tuple(v if rng.random() < 0.5 else None for v in full.clues)
    board = Board(full.rows, full.cols, clues)
    answers = _answers(board)
    for c in range(len(avoid)):
        dom = [3] * len(avoid)
        dom[c] = 3 ^ avoid[c]
        found, capped, _ = kernel.rival(board, dom, avoid, c, engine.ladder(PUZZLE, "pair"), 10**6)
        truth = any(ans[c] != (avoid[c] == 2) for ans in answers)
        assert not capped and found == truth


def _answers(board: Board) -> list[tuple[int, ...]]:
    """Every answer, by enumeration (tiny boards only)."""
    import itertools
    n = board.rows * board.cols
    return [pic for pic in itertools.product((0, 1), repeat=n) if PUZZLE.validate(board, pic) == []]


def test_pair_finishes_nothing_count_does_not() -> None:
    """pair bounds shared cells only: on a board with an answer, count at its fixpoint
    leaves it nothing but contradictions to find, so a board minimal for pair is the board
    minimal for count, and no board has grade pair (asking for one fails at once)."""
    for seed in range(3):
        assert generate.make(8, 8, seed, "pair").board == generate.make(8, 8, seed, "count").board
    with pytest.raises(ValueError, match="pair"):
        generate.generate(8, 8, "pair", seed=5)


@pytest.mark.parametrize("level", ["count"])
def test_level_bounded_boards_finish_at_their_level_and_are_minimal_for_it(level: str) -> None:
    made = generate.generate(8, 8, level, seed=5, tries=50)
    board = made.board
    assert made.grade == level == engine.grade(PUZZLE, board).grade
    for i, v in enumerate(board.clues):
        if v is not None:
            fewer = Board(8, 8, board.clues[:i] + (None,) + board.clues[i + 1:])
            assert engine.grade(PUZZLE, fewer).grade not in engine.ladder(PUZZLE, level)


def test_pictures_are_twin_free_where_twins_exist() -> None:
    rng = random.Random(1)
    for size in ((5, 5), (8, 8), (5, 7), (4, 4)):
        pic, _ = generate.picture(*size, rng)
        assert twins.find_twin(list(pic), *size) is None


@pytest.mark.parametrize("size", [(5, 5), (6, 7), (8, 8)])
def test_boards_unique_and_locally_minimal(size: tuple[int, int]) -> None:
    rows, cols = size
    made = generate.make(rows, cols, 3)
    assert made == generate.make(rows, cols, 3)
    board = made.board
    assert PUZZLE.validate(board, made.answer) == []
    assert PUZZLE.brute_count(board, 2, 10**9).count == 1
    assert PUZZLE.sat_count(board, 2, 10**9).count == 1
    for i, v in enumerate(board.clues):
        if v is not None:
            fewer = Board(rows, cols, board.clues[:i] + (None,) + board.clues[i + 1:])
            assert PUZZLE.sat_count(fewer, 2, 10**9).count == 2
    assert engine.grade(PUZZLE, board).grade in ("count", "pair", "sides", "probe", "search")


@pytest.mark.parametrize(("size", "seed"), [(10, 1), (20, 3)])
def test_generated_boards_have_no_removable_clue(size: int, seed: int) -> None:
    """Every erasure check is settled exactly (SAT where the node-capped check gives up), so
    no clue of a generated board can go (core.generate.removable: exact, independent), and
    its answer is unique by two engines."""
    from pencilbox.core.generate import removable
    made = generate.make(size, size, seed)
    board = made.board
    # exact whatever the search's cap (SAT settles every check the search gives up): a small cap
    # leaves most to SAT, 4 ms each, where the search to the generator's cap took 17 s in all
    assert removable(PUZZLE, board, node_cap=100) == []  # on the node-capped loop alone: [57] and 7 clues
    assert made.capped_checks == 0  # no check left uncertified
    assert PUZZLE.validate(board, made.answer) == []
    assert PUZZLE.sat_count(board, 2, 10**9).count == 1
    assert engine.count(PUZZLE, board, limit=2, node_cap=10**7).count == 1


@pytest.mark.parametrize("solver", ["gluecard3", "minicard", "minisat22"])  # the backend; native; clauses
@pytest.mark.parametrize("seed", range(4))
def test_sat_certifier_agrees_with_the_node_capped_check_where_it_settles(seed: int, solver: str) -> None:
    """On clue sets between every clue and a finished board, each clue erased in turn: where
    the node-capped check (still_unique, the compiled loop's readable twin) is not capped, the SAT check
    (one incremental solver, selectors as assumptions) gives the same verdict."""
    from pencilbox.puzzles.fillapix import certify
    full, avoid, order = _draw(400 + seed, 6, 11)
    rng = random.Random(seed)
    final, _ = generate.minimise(full, order, avoid)
    picture = [int(v == 2) for v in avoid]
    settled = 0
    for keep in (0.0, 0.3, 0.7):
        clues = tuple(v if f is not None or rng.random() < keep else None
                      for v, f in zip(full.clues, final, strict=True))
        board = Board(full.rows, full.cols, clues)
        shown = [i for i, v in enumerate(clues) if v is not None]
        cert = certify.Certifier(board, picture, shown, solver)
        for i in shown:
            fewer = Board(board.rows, board.cols, clues[:i] + (None,) + clues[i + 1:])
            verdict = generate.still_unique(fewer, avoid, i)
            if verdict != "capped":
                settled += 1
                assert cert.erasable(i, shown) == (verdict == "unique")
        cert.close()
    assert settled > 50


@pytest.mark.parametrize(("size", "seed"), [(15, 3), (15, 1)])
def test_grade_search_goes_past_probe_alike_on_every_path(size: int, seed: int,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """From PAST_PROBE_CELLS cells, grade search's board is the probe loop's until an erasure
    probe cannot finish is proved unique from probe's fixpoint, then the uniqueness loop on the
    rest: the compiled loops, erase.py's and the readable passes make the same board and count
    the same capped checks; where the switch happens the board is unique and needs search
    (15x15 seed 3), where it does not it is the probe loop's own board (seed 1)."""
    assert size * size >= generate.PAST_PROBE_CELLS
    made = generate.make(size, size, seed, engine.SEARCH)
    monkeypatch.setattr(generate, "generator_ready", lambda puzzle: False)
    assert made == generate.make(size, size, seed, engine.SEARCH)
    assert made == generate.make(size, size, seed, engine.SEARCH, rungs=True)
    board = made.board
    assert PUZZLE.sat_count(board, 2, 10**9).count == 1
    grade = engine.grade(PUZZLE, board).grade
    assert made.capped_checks is not None  # counted: the clues kept on a capped check, unsettled
    if grade != engine.SEARCH:
        assert board == generate.make(size, size, seed, engine.PROBE).board and made.capped_checks == 0
    assert grade == (engine.SEARCH if seed == 3 else engine.PROBE)


def test_grade_search_below_past_probe_keeps_the_uniqueness_minimal_board() -> None:
    """Below PAST_PROBE_CELLS (where no probe-loop erasure was found unique) grade search's
    candidate is the board of grade None, as before."""
    for seed in range(3):
        assert generate.make(10, 10, seed, engine.SEARCH) == generate.make(10, 10, seed)


def test_browser_generates_a_20x20_search_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the compiled loops and without SAT (the browser), a 20x20 search board comes
    from the first seed, graded search by the engine's ladder (grade_plain) and unique."""
    monkeypatch.setattr(generate, "generator_ready", lambda puzzle: False)
    monkeypatch.setattr(generate, "sat_present", lambda: False)
    made = generate.generate(20, 20, engine.SEARCH, seed=1, tries=1)
    assert made.grade == engine.SEARCH == engine.grade(PUZZLE, made.board).grade
    assert PUZZLE.sat_count(made.board, 2, 10**9).count == 1
