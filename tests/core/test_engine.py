"""The engine's levels, ablation and result types, on Sukoro; the readable search's lookahead
(``search``'s ``lookahead``: probe at every node, the branch chosen by the node's trials, each
child started from its trial's fixpoint) and its ``misses``, on Fill-a-Pix: the counts are the
exact counts, and the children are the children of a plain search."""

import random

import pytest

from pencilbox import bank, puzzles
from pencilbox.core import engine
from pencilbox.puzzles.fillapix import branch
from pencilbox.puzzles.fillapix.board import BOTH
from pencilbox.puzzles.fillapix.board import Board as FillapixBoard
from pencilbox.puzzles.sukoro import PUZZLE
from pencilbox.puzzles.sukoro.board import Board
from pencilbox.verbs import play

FILLAPIX = puzzles.get("fillapix")


def test_levels_cumulative_and_ablation() -> None:
    assert engine.levels(PUZZLE) == ("deg", "neq", "conn", "probe")
    assert engine.ladder(PUZZLE, "neq") == ("deg", "neq")
    assert engine.ladder(PUZZLE, None, off=("neq",)) == ("deg", "conn", "probe")
    with pytest.raises(ValueError, match="unknown level"):
        engine.ladder(PUZZLE, "magic")


def test_count_statuses() -> None:
    blank13 = Board(1, 3, (None,) * 3)
    assert engine.count(PUZZLE, blank13).status == "unique"
    blank14 = Board(1, 4, (None,) * 4)
    res = engine.count(PUZZLE, blank14)
    assert res.status == "multiple" and res.limit_hit and len(res.answers) == 2
    blank12 = Board(1, 2, (None,) * 2)
    assert engine.count(PUZZLE, blank12).status == "none"


def test_node_cap_reports_lower_bound() -> None:
    res = engine.count(PUZZLE, Board(5, 5, (None,) * 25), limit=10**9, node_cap=10)
    assert res.node_capped and res.nodes == 10 and res.count < 18230


def test_restrict_records_reasons_and_contradictions() -> None:
    state = engine.State([0b111], log=[])
    assert state.restrict(0, 0b011, "r", (5,)) is True
    assert state.restrict(0, 0b011, "r") is False
    assert state.log == [engine.Step(0, 0b111, 0b011, "r", (5,))]
    with pytest.raises(engine.Contradiction):
        state.restrict(0, 0b100, "r")


def test_grade_searches_from_the_strongest_fixpoint() -> None:
    """A 20x20 board the generator proved unique that no level finishes: grade says search.
    A search from the empty domains ran out of its 10^6 nodes on it (grade None, capped)."""
    from pencilbox.puzzles.sukoro.generate import make

    made = make(20, 20, 3)
    got = engine.grade(PUZZLE, made.board)
    assert (got.grade, got.status) == ("search", "unique")
    assert got.settled["probe"] is not None and got.settled["probe"] < 1


def test_a_deep_readable_search_meets_no_recursion_limit() -> None:
    """A blank board branches down one path for as many nodes as the cap allows: the readable
    walk keeps its branches on a stack (it recursed, and 1,000 deep raised RecursionError)."""
    from pencilbox import boardio, puzzles
    board = boardio.board_from_json({"puzzle": "fillapix", "rows": 40, "cols": 40,
                                     "clues": [[None] * 40 for _ in range(40)]})
    puzzle = puzzles.get("fillapix")
    res = engine.search(puzzle, board, puzzle.initial_state(board),
                        engine.ladder(puzzle, puzzle.search_level), 2, 1500)
    assert res.status == "capped" and res.nodes == 1500


def test_the_branch_cell_is_the_first_with_the_fewest_values() -> None:
    """``fewest`` (by value, each ``index`` in C) picks the cell the search always branched on:
    the first open domain (not single; an empty one counts, with no values) of the fewest values."""
    rng = random.Random(3)
    for _ in range(2000):
        dom = [rng.choice((0, 1, 2, 3, 4, 6, 7, 12, 15, 31)) for _ in range(rng.randint(1, 30))]
        open_vars = [v for v, d in enumerate(dom) if not engine.single(d)]
        if not open_vars:
            continue
        open_values = [d for d in set(dom) if not engine.single(d)]
        assert engine.fewest(dom, open_values) == min(open_vars, key=lambda v: dom[v].bit_count())


# ---------------------------------------------------------------- the lookahead (Fill-a-Pix)

class FirstOpen:
    """The plain search's branch (the first open cell), asked for through the lookahead."""

    def choose(self, board: FillapixBoard, dom: list[int], settles: object) -> int:
        return dom.index(BOTH)


def _random_boards(n: int, seed: int) -> list[FillapixBoard]:
    """Small boards from seeded random pictures, some clues kept (one answer or several) and a
    few with a clue changed (often none)."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        rows, cols = rng.randint(3, 6), rng.randint(3, 6)
        picture = [rng.random() < 0.5 for _ in range(rows * cols)]
        g = FillapixBoard(rows, cols, (None,) * (rows * cols)).grid
        keep = rng.choice((0.3, 0.6, 0.9, 1.0))
        clues = [sum(picture[j] for j in g.block[i]) if rng.random() < keep else None
                 for i in range(rows * cols)]
        if k % 5 == 4:
            i = rng.randrange(rows * cols)
            clues[i] = (clues[i] or 0) + 1 if (clues[i] or 0) < len(g.block[i]) else 0
        out.append(FillapixBoard(rows, cols, tuple(clues)))
    return out


def test_the_lookahead_count_is_the_brute_count() -> None:
    for board in _random_boards(150, 7):
        want = FILLAPIX.brute_count(board, 2, 10**7)
        got = engine.search(FILLAPIX, board, FILLAPIX.initial_state(board), engine.ladder(FILLAPIX), 2, 10**5,
                            lookahead=branch.LOOKAHEAD)
        assert (got.status, got.count) == (want.status, want.count), board
        if want.status == engine.UNIQUE:
            assert got.answers == want.answers


@pytest.mark.parametrize("rid", ["fillapix-10x10-any-05", "fillapix-20x20-any-01", "fillapix-20x20-any-08"])
def test_a_child_from_its_trial_is_the_plain_searchs_child(rid: str) -> None:
    """Branching on the plain search's cell through the lookahead gives the plain search's tree
    (a board of one answer is searched whole, whichever child comes first): the child's state
    taken from its trial is the fixpoint the plain search reaches from the cell it sets."""
    board = play.board_of(next(r for r in bank.load("fillapix") if r["id"] == rid))
    args = (FILLAPIX, board, FILLAPIX.initial_state(board), engine.ladder(FILLAPIX), 2, 10**5)
    plain, ahead = engine.search(*args), engine.search(*args, lookahead=FirstOpen())
    assert plain.status == engine.UNIQUE and plain.nodes > 0
    assert (ahead.status, ahead.nodes, ahead.answers) == (plain.status, plain.nodes, plain.answers)


def test_the_lookahead_needs_probe_at_every_node() -> None:
    """Without probe among the nodes' rungs (only the root's) there are no trials to choose by:
    the search is the plain one."""
    board = play.board_of(next(r for r in bank.load("fillapix") if r["id"] == "fillapix-10x10-any-05"))
    sides = engine.ladder(FILLAPIX, FILLAPIX.search_level)
    args = (FILLAPIX, board, FILLAPIX.initial_state(board), sides, 2, 10**5, engine.ladder(FILLAPIX))
    plain, ahead = engine.search(*args), engine.search(*args, lookahead=branch.LOOKAHEAD)
    assert (ahead.status, ahead.nodes) == (plain.status, plain.nodes)


def test_a_search_gives_up_past_its_misses() -> None:
    """A hard board meets dead ends at once: past ``misses`` of them the count is capped; a blank
    board meets none and is counted whole."""
    hard = play.board_of(next(r for r in bank.load("fillapix") if r["id"] == "fillapix-20x20-any-04"))
    names = engine.ladder(FILLAPIX, FILLAPIX.search_level)
    got = engine.search(FILLAPIX, hard, FILLAPIX.initial_state(hard), names, 2, 10**5, misses=5)
    assert got.status == engine.CAPPED and got.nodes < 50
    blank = FillapixBoard(8, 8, (None,) * 64)
    got = engine.search(FILLAPIX, blank, FILLAPIX.initial_state(blank), names, 2, 10**5, misses=0)
    assert (got.status, got.nodes) == (engine.MULTIPLE, 64)


def test_the_trials_spend_the_searchs_budgets() -> None:
    """The trials a lookahead asks for spend the probe's trials and the passes' work: past either
    the count is capped (an OutOfNodes from the branch choice or a child's trial ended the search)."""
    board = play.board_of(next(r for r in bank.load("fillapix") if r["id"] == "fillapix-20x20-any-05"))
    args = (FILLAPIX, board, FILLAPIX.initial_state(board), engine.ladder(FILLAPIX), 2, 10**5)
    for cap in (900, 1500, 3000, 6000):
        assert engine.search(*args, probe_cap=cap, lookahead=branch.LOOKAHEAD).status == engine.CAPPED
    rows = [board.clues[r * board.cols:(r + 1) * board.cols] for r in range(board.rows)]
    mirrored = FillapixBoard(board.rows, board.cols, tuple(v for row in rows for v in reversed(row)))
    for work in (10**4, 10**5):  # on a board met first here (no memo yet: each trial's work counts)
        with engine.passes(work):
            got = engine.search(FILLAPIX, mirrored, FILLAPIX.initial_state(mirrored), engine.ladder(FILLAPIX),
                                2, 10**5, lookahead=branch.LOOKAHEAD)
            assert got.status == engine.CAPPED
