"""Ripple Effect studies (ripple.md, Studies 1-6), each on the seed's own protocol with ours
beside it where they differ; one module per study.

1 ``reach``: how far one placed v reaches on an empty board against how many v's fit;
2 ``mortality``: how many random partitions are dead and how much the cheap tests explain;
  ``exhaustive`` (study 2 too): every partition of 5 x 5 into regions of at most 3 and 4 cells;
3 ``prefilter``: whether ``looks_dead`` before the solver saves time;
4 ``rule_reach``: what each rule set achieves on unfiltered boards with bank-like givens;
5 ``ablation``: what the strongest fixpoint loses without each propagator;
6 ``bank_grades``: a bank's grade labels and what the backward walk removes.
"""

from __future__ import annotations

from pencilbox.puzzles.ripple.studies import (
    ablation,
    bank_grades,
    exhaustive,
    mortality,
    prefilter,
    reach,
    rule_reach,
)
from pencilbox.studies import from_module

STUDIES = [from_module(m) for m in (reach, mortality, exhaustive, prefilter, rule_reach, ablation,
                                    bank_grades)]
