"""The verdicts that set the seeds' published figures beside ours."""

from __future__ import annotations

import pytest

from pencilbox.studies import at_least, proportion
from pencilbox.studies.compare import compare_table, parse, summary, verdict


@pytest.mark.parametrize("shown,value,half,bound,of", [
    ("29.2%", 0.292, 0.0005, False, None),
    ("3,840,046*", 3840046, 0.5, True, None),
    ("8+", 8, 0.5, True, None),
    ("24 / 24", 24, 0.5, False, 24),
    ("0.80×", 0.8, 0.005, False, None),
    ("100%", 1.0, 0.005, False, None),
    ("35 ms", 35, 0.5, False, None),
    ("−1", -1, 0.5, False, None),
])
def test_parse_reads_what_the_seed_printed(shown: str, value: float, half: float, bound: bool,
                                           of: int | None) -> None:
    p = parse(shown)
    assert p.value == pytest.approx(value) and p.half == pytest.approx(half)
    assert p.bound == bound and p.of == of


def test_exact_figures_round_to_the_printed_digits() -> None:
    assert verdict(0.2917, parse("29.2%"), "exact")["verdict"] == "exact"
    assert verdict(0.2926, parse("29.2%"), "exact")["verdict"] == "differs"
    assert verdict(1254128, parse("1,254,128"), "exact")["verdict"] == "exact"


def test_samples_within_two_standard_errors() -> None:
    # 80 of 150 = 53.3% against a published 50.7% of 150: z well under 2
    assert verdict(proportion(80, 150), parse("50.7%"), "sample", 150)["verdict"] == "within error"
    # 120 of 150 = 80% against 50.7%: far outside
    v = verdict(proportion(120, 150), parse("50.7%"), "sample", 150)
    assert v["verdict"] == "differs" and v["z"] > 2
    assert verdict({"value": 3.1, "se": 0.2, "n": 40}, parse("3.3"), "sample")["verdict"] == "within error"


def test_lower_bounds_only_match_lower_bounds() -> None:
    assert verdict(at_least(3840046), parse("3,840,046*"), "lower_bound")["verdict"] == "exact"
    assert verdict(3840046, parse("3,840,046*"), "exact")["verdict"] == "differs"
    assert verdict(at_least(8), parse("8+"), "sample")["verdict"] == "exact"


def test_a_table_compares_by_row_and_column_labels_and_gives_reasons() -> None:
    table = {"id": "t", "columns": ["a", "b"], "rows": [{"row": "x", "cells": {"a": "1", "b": "50%"}}],
             "why": [{"row": "*", "column": "b", "why": "the seed's own reason"}]}
    fig = {"kind": "exact", "value": {"columns": ["row", "a", "b"], "rows": [["x", 1, 0.25]]}}
    cells = compare_table(table, fig)
    assert [c["verdict"] for c in cells] == ["exact", "differs"]
    assert cells[1]["why"] == "the seed's own reason"
    missing = compare_table(table, None)
    assert all(c["verdict"] == "differs" for c in missing)
    s = summary([{"table": table, "figure": "f", "cells": cells}])
    assert (s["exact"], s["differs"], s["unexplained"], s["tables_reproduced"]) == (1, 1, 0, 0)
