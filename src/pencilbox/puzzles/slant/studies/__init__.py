"""Slant studies (slant.md, Studies 1-6, on the seed's protocols): the raw stream through
the ladder, ablation, density sweep, clue values, branchings of the counting search, and
R + C + 1 trees; past the seed, study 7 counts the legal fillings of the empty board
exactly (a transfer matrix, transfer.py), study 8 checks the seed's "every (size, grade) bucket is
full" on the shipped bank, and study 9 proves the fillings to be border-rooted forests and bounds
their number between two determinants, exactly to 100 x 100, with the growth constant 2G/pi
(forest_bounds.py); one module per study, shared helpers in ``common``.

Every uniqueness verdict of the ladder is held, board for board, to the brute and SAT
counters (which share no code with it), and every fixpoint that finishes must finish to the
filling that made the board. The raw stream is cheap: all six full runs take seconds.
"""

from __future__ import annotations

from pencilbox.puzzles.slant.studies import (
                                             ablation,
                                             bank_buckets,
                                             blank_fillings,
                                             branchings,
                                             clue_values,
                                             density_sweep,
                                             forest_bounds,
                                             incremental,
                                             trees,
)
from pencilbox.studies import from_module

STUDIES = [from_module(m) for m in (incremental, ablation, density_sweep, clue_values, branchings, trees,
                                    blank_fillings, bank_buckets, forest_bounds)]
