"""The SAT step of the Fill-a-Pix generator (certify.py): its clauses built in bulk, and the
boards the generator makes, unchanged by the speed work of issue 17."""

import hashlib
import json
import random
from pathlib import Path

import pytest

from pencilbox.puzzles.fillapix import certify, generate
from pencilbox.puzzles.fillapix.board import Board
from pencilbox.puzzles.fillapix.sat import _blocks

DIGESTS = json.loads((Path(__file__).parent / "generated_digests.json").read_text())["boards"]


@pytest.mark.parametrize("seed", range(6))
def test_bulk_clauses_are_the_direct_clauses_of_every_clue(seed: int) -> None:
    """direct_clauses (numpy templates, grouped by block size, count and selector) writes, as
    a multiset, the clauses written clue by clue: "exactly k" directly, the selector's
    negation last on the pending clues; boards with every block size and every count."""
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 9), rng.randint(3, 9)
    n = rows * cols
    blocks = _blocks(rows, cols)
    clues = [rng.randint(0, len(blocks[i])) if rng.random() < 0.8 else None for i in range(n)]
    shown = [i for i, v in enumerate(clues) if v is not None]
    select = {i: n + 1 + k for k, i in enumerate(rng.sample(shown, len(shown) // 3))}
    expected = []
    for i in shown:
        cells, off = blocks[i], ([-select[i]] if i in select else [])
        k = clues[i]
        assert k is not None
        for clause in certify._template(len(cells), k):
            expected.append([cells[x - 1] if x > 0 else -cells[-x - 1] for x in clause] + off)
    got = certify.direct_clauses(blocks, clues, select)
    assert sorted(got) == sorted(expected) and len(got) > 100


def test_the_solver_holds_what_sides_reads_of_two_touching_clues() -> None:
    """Clues 6 and 3 side by side on a 3x4 board: their blocks share the two middle columns,
    so the left column is all painted and the right one blank. The ladder's sides finds it;
    unit propagation on the two clues alone does not, and the certifier's solver must (its
    redundant pair constraint), with both clues held and with either erased, not."""
    clues: list[int | None] = [None] * 12
    clues[5], clues[6] = 6, 3
    pic = [1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0]
    cert = certify.Certifier(Board(3, 4, tuple(clues)), pic, [5, 6])
    ok, implied = cert.solver.propagate(assumptions=[cert.select[5], cert.select[6]])
    assert ok and {1, 5, 9, -4, -8, -12} <= set(implied)
    for held in (5, 6):
        ok, implied = cert.solver.propagate(assumptions=[cert.select[held]])
        assert ok and not {1, 5, 9, -4, -8, -12} & set(implied)
    cert.close()


@pytest.mark.parametrize("solver", ["minisat22", "glucose4", "gluecard3"])
def test_bulk_built_certifier_settles_as_the_readable_recount(solver: str) -> None:
    """settle on a board whose capped checks are many (16x16), with the bulk clauses through
    minisat's own call or through pysat's add_clause (another backend), or with native
    cardinality constraints and the touching pairs' redundant ones (gluecard3, the one
    settle uses), equals each pending clue erased and the board counted afresh
    (settle_reference)."""
    rng = random.Random(7)
    pic, _ = generate.picture(16, 16, rng)
    avoid = [2 if v else 1 for v in pic]
    order = list(range(256))
    rng.shuffle(order)
    from pencilbox.puzzles.fillapix import kernel
    clues, _, capped = kernel.minimise_checked(Board(16, 16, generate.all_clues(16, 16, pic)), order, avoid,
                                               generate.check_rungs(), generate.NODE_CAP)
    board = Board(16, 16, clues)
    cert = certify.Certifier(board, pic, capped, solver)
    settled = list(clues)
    for p, i in enumerate(capped):
        go = cert.erasable(i, capped[p + 1:])
        cert.decide(i, not go)
        if go:
            settled[i] = None
    cert.close()
    assert len(capped) > 5 and tuple(settled) == certify.settle_reference(board, capped)


@pytest.mark.parametrize("key", sorted(DIGESTS, key=lambda k: (int(k.split("x")[0]), int(k.split("/")[1]))))
def test_generated_boards_are_those_made_before(key: str) -> None:
    """The speed work changes no board: each seed makes the board main made at 47b32c8 (the
    loop's verdicts and the exact settling order are kept, so the bank stays as it is)."""
    size, seed = int(key.split("x")[0]), int(key.split("/")[1])
    made = generate.make(size, size, seed)
    text = ",".join("." if v is None else str(v) for v in made.board.clues)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == DIGESTS[key]


def test_gluecard3_settles_every_size() -> None:
    """glucose 3 with native cardinality constraints settles the capped checks fastest at
    every size measured, 10x10 to 30x30 (certify.py's note), so every board goes to it."""
    assert {certify.solver_for(n * n) for n in (5, 10, 15, 20, 30)} == {"gluecard3"}
