"""Sukoro studies (sukoro.md, Studies 1-10, on the seed's own protocols): blank-board counts,
the print-everything lemma, clue-set censuses, scaling, what a digit is worth, dropping rules,
the ladder's price, digit distributions, erasing vs moving a clue, and (study 11) what conn's
one Tarjan pass is worth against re-flooding.

Engine 1 is the compiled ladder (kernel.py), engine 2 the one-bit-per-cell brute counter
(brute.py); SAT (sat.py) settles the uniqueness verdicts engine 1 leaves node-capped. Blank
boards also have two counters of their own (blank.py), sharing no code with those. Studies 6-10
run on the bank's minimal set: 24 unique, locally minimal boards per size made as the seed made
its 72 (random answer, print all, erase in random order while unique); our graded boards, which
are not locally minimal, appear only in extra rows labelled as ours.
"""

from __future__ import annotations

from pencilbox.puzzles.sukoro.studies import (
    blank_counts,
    census,
    conn_tarjan,
    digit_worth,
    digits,
    dropped_rules,
    erase_move,
    ladder,
    lemma,
    scaling,
    true_clue_sets,
)
from pencilbox.studies import from_module

STUDIES = [
    from_module(m)
    for m in (
        blank_counts,
        lemma,
        census,
        true_clue_sets,
        scaling,
        digit_worth,
        dropped_rules,
        ladder,
        digits,
        erase_move,
        conn_tarjan,
    )
]
