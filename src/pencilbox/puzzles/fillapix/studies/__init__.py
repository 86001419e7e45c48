"""Fill-a-Pix studies, one module per study of the spec (1-7), each on the seed's own
protocol where the seed gives one, with our variants beside it and labelled as ours:
the twin census, exact twin shares against the solver, grids without twins, the
two-block family, the generator, which clues survive, and the ladder priced; and ours
past the seed: exact twin shares up to 20x20 by a transfer matrix (8), and on every grid to
30x30, whichever sides are 2 (mod 3), by a recurrence that reaches any size (9)."""

from __future__ import annotations

from pencilbox.puzzles.fillapix.studies import (
    census,
    clue_survival,
    exact_twins,
    generator,
    ladder_pricing,
    no_second_answer,
    twin_map,
    twin_shares,
    two_block,
)
from pencilbox.studies import from_module

STUDIES = [
    from_module(m)
    for m in (census, twin_shares, no_second_answer, two_block, generator, clue_survival, ladder_pricing,
              exact_twins, twin_map)
]
