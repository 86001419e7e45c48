"""Fill-a-Pix's bank beyond what every folder's is held to (tests/registry/test_bank.py): 12
boards at each of 5x5, 8x8, 10x10, 15x15, 20x20, every one locally minimal."""

import collections
from typing import Any

from pencilbox import bank

BANK = bank.load("fillapix")


def test_sizes() -> None:
    sizes = collections.Counter((r["rows"], r["cols"]) for r in BANK)
    assert sizes == {(5, 5): 12, (8, 8): 12, (10, 10): 12, (15, 15): 12, (20, 20): 12}


def second_answers(rec: dict[str, Any]) -> list[bool]:
    """Per clue in reading order: whether a picture other than the recorded answer meets every
    other clue (so erasing that clue alone leaves two answers). One solver per board, written
    here apart from the generator's certifier and the SAT counter: the answer blocked, each
    clue's "exactly k painted" behind a selector, each clue dropped in turn by the assumptions."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver
    rows, cols = rec["rows"], rec["cols"]
    clued = [(r, c, v) for r in range(rows) for c in range(cols) if (v := rec["clues"][r][c]) is not None]
    cell = {(r, c): r * cols + c + 1 for r in range(rows) for c in range(cols)}
    selectors = range(rows * cols + 1, rows * cols + 1 + len(clued))
    pool = IDPool(start_from=rows * cols + len(clued) + 1)
    with Solver(name="minisat22") as solver:
        for s, (r, c, v) in zip(selectors, clued, strict=True):
            block = [cell[rr, cc] for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
                     if (rr, cc) in cell]
            exactly = CardEnc.equals(lits=block, bound=v, vpool=pool, encoding=EncType.seqcounter)
            for clause in exactly.clauses:
                solver.add_clause([-s, *clause])
        solver.add_clause([-cell[r, c] if ch == "#" else cell[r, c]
                           for r, row in enumerate(rec["answer"]) for c, ch in enumerate(row)])
        return [solver.solve(assumptions=[t for t in selectors if t != s]) for s in selectors]


def test_every_board_is_locally_minimal() -> None:
    """No clue of a shipped board can go: each erased alone leaves a second answer (exact, by
    ``second_answers``: 4,186 checks in 3 s, where a fresh SAT count per erasure took 22 s)."""
    for rec in BANK:
        assert rec["minimal"] is True
        assert all(second_answers(rec)), rec["id"]


def test_the_minimality_check_finds_a_removable_clue() -> None:
    """``second_answers`` can fail: a board with one clue more than a shipped one (the answer's
    own value at a blank cell) has a clue whose erasure leaves the answer unique."""
    rec = next(r for r in BANK if r["rows"] == 8)
    r, c = next((r, c) for r in range(8) for c in range(8) if rec["clues"][r][c] is None)
    block = [rec["answer"][rr][cc] for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
             if 0 <= rr < 8 and 0 <= cc < 8]
    clues = [row[:] for row in rec["clues"]]
    clues[r][c] = block.count("#")
    assert not all(second_answers({**rec, "clues": clues}))
