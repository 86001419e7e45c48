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


def test_counts_out_of_two_samples_compare_as_shares() -> None:
    # 27 of 100 against the seed's 39 of 100: a two-sample test, z about -1.8
    v = verdict({"value": 27, "se": 4.44, "n": 100}, parse("39 / 100"), "sample")
    assert v["verdict"] == "within error" and -2 < v["z"] < -1.6
    assert verdict(proportion(10, 100), parse("39 / 100"), "sample")["verdict"] == "differs"


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


def test_the_notes_page_sets_the_seed_beside_ours(tmp_path) -> None:
    import json

    from pencilbox.studies import figure, notes, stats, table
    ref = tmp_path / "ref"
    ref.mkdir()
    (ref / "sukoro.json").write_text(json.dumps({"puzzle": "sukoro", "tables": [
        {"id": "census", "title": "The census", "where": "section 2", "columns": ["impossible", "unique"],
         "rows": [{"row": "3x4, 1", "n": 48, "cells": {"impossible": "29.2%", "unique": "0.0%"}}],
         "why": [{"row": "*", "column": "unique", "why": "a stated reason"}]},
        {"id": "lost", "title": "A table nobody regenerates", "columns": ["x"],
         "rows": [{"row": "a", "cells": {"x": "1"}}]}]}))
    fig = figure("exact", table(["board", "impossible", "unique"], [["3x4, 1", 14 / 48, 0.5]]), seed="census",
                 lead="Fourteen of 48 one-clue sets are impossible.", headline=True)
    entry = {"number": 3, "title": "Census", "quick": False, "params": {}, "seed": 0, "version": "0",
             "commit": None, "jobs": 1, "seconds": 1.0, "figures": {"census": fig}, "broken": []}
    stats.save("sukoro", {"census": entry}, tmp_path)
    page = notes.render(tmp_path, tmp_path / "notes.html", ref).read_text()
    glance = page[page.index("At a glance"):page.index("<section id='sukoro'>")]
    assert "Fourteen of 48" in glance and "1 reproduced" not in glance and "2, 1 regenerated" in glance
    assert "= 29.2%" in page and "<small>29.2%</small>" in page
    assert "≠ 50.0%" in page and "a stated reason" in page
    assert "no study regenerates it yet" in page and "<details class=study" in page


@pytest.mark.parametrize("puzzle", ["sukoro", "slant", "ripple", "fillapix"])
def test_every_seed_table_is_regenerated_and_every_difference_explained(puzzle: str) -> None:
    from pencilbox.studies import compare, stats
    assert compare.load(puzzle)["tables"], f"no reference file for {puzzle}"
    compared = compare.compare(puzzle, stats.load(puzzle))
    assert [t["table"]["id"] for t in compared if t["figure"] is None] == []
    unexplained = [(t["table"]["id"], c["row"], c["column"]) for t in compared for c in t["cells"]
                   if c["verdict"] == "differs" and not c.get("why")]
    assert unexplained == []


def test_counts_in_one_sample_size_compare_as_two_shares() -> None:
    """Issue 31 B: a count out of the same sample as the seed's (61 of 72 boards against 68),
    zero hits (0 of 4,940 against 2), a plain count in a sampled table (26 against 27/30) and a
    share with no spread (every board 100% against 99%) get the two-proportion test."""
    v = verdict({"value": 61, "se": 3.053, "n": 72}, parse("68"), "sample", 72)
    assert v["verdict"] == "within error" and v["z"] == pytest.approx(-1.91, abs=0.01)
    v = verdict({"value": 0, "se": 0.0, "n": 4940}, parse("2"), "sample", 4940)
    assert v["verdict"] == "within error" and v["z"] == pytest.approx(-1.41, abs=0.01)
    assert verdict(26, parse("27/30"), "sample", 30)["verdict"] == "within error"
    assert verdict(5, parse("27/30"), "sample", 30)["verdict"] == "differs"
    flat = {"value": 1.0, "se": 0.0, "n": 30}
    assert verdict(flat, parse("99%"), "sample", 30)["verdict"] == "within error"
    assert verdict({"value": 0, "se": 0.0, "n": 176}, parse("37"), "sample", 176)["verdict"] == "differs"
    # a count of another sample size than the row's n keeps our own standard error
    other = {"value": 313, "se": 17.55, "n": 19360}
    assert verdict(other, parse("357"), "sample", 357)["z"] == pytest.approx(-2.51)


def test_the_page_rounds_once_keeps_units_and_writes_spreads_plainly() -> None:
    from pencilbox.studies.notes import _like, _plain, _spread
    assert _like({"value": 0.1505, "k": 13687, "n": 90914}, parse("15.1%")) == "15.1%"
    assert _like(15.72, parse("35 ms")) == "16 ms" and _like(0.4882, parse("0.80×")) == "0.49×"
    assert _plain(272.1) == "270" and _plain(0.0038) == "0.0038" and _plain(3.8) == "3.8"
    painted = {"seed": "49.9%", "se": 0.0051}
    assert _spread(painted) == " ± 0.51%"
    assert _spread({"seed": "68", "se": 3.7, "se_counts": True}) == " ± 3.7"


@pytest.mark.parametrize("puzzle", ["sukoro", "ripple", "fillapix"])
def test_the_findings_fill_every_number_from_the_files(puzzle: str) -> None:
    """Issue 31 A: each finding states our figure beside the article's, both read from the files:
    no slot is left, and changing our stats changes the sentence."""
    import copy

    from pencilbox.studies import stats
    from pencilbox.studies.compare import findings
    data = stats.load(puzzle)
    found = findings(puzzle, data)
    assert len(found) >= 1 and all("{" not in f["text"] and f["why"] for f in found)
    studies = {f["study"] for f in found}
    assert studies <= set(data["studies"])
    changed = copy.deepcopy(data)
    for entry in changed["studies"].values():  # every integer cell of every table doubled plus one
        for fig in entry["figures"].values():
            v = fig["value"]
            if isinstance(v, dict) and "rows" in v:
                v["rows"] = [[c * 2 + 1 if isinstance(c, int) and not isinstance(c, bool) else c for c in r]
                             for r in v["rows"]]
    assert [f["text"] for f in findings(puzzle, changed)] != [f["text"] for f in found]


def test_a_finding_naming_a_missing_cell_is_refused(tmp_path) -> None:
    import json

    from pencilbox.studies import stats
    from pencilbox.studies.compare import FindingError, findings
    ref = {"puzzle": "sukoro", "tables": [], "findings": [
        {"id": "x", "study": "lemma", "text": "{ours:lemma|lemma|no such row|holds}", "why": "."}]}
    (tmp_path / "sukoro.json").write_text(json.dumps(ref))  # a reference folder holds <puzzle>.json
    with pytest.raises(FindingError, match="finding x: no ours cell lemma\\|lemma\\|no such row"):
        findings("sukoro", stats.load("sukoro"), tmp_path)


def test_a_share_written_a_over_b_compares_its_whole_too() -> None:
    """40 live of 70 drawn is not the article's 40 / 396, though the 40s agree."""
    table = {"id": "t", "columns": ["live / drawn"],
             "rows": [{"row": "6x6", "cells": {"live / drawn": "40 / 396"}}]}
    fig = {"kind": "exact",
           "value": {"columns": ["board", "live / drawn", "drawn"], "rows": [["6x6", 40, 70]]}}
    assert compare_table(table, fig)[0]["verdict"] == "differs" and compare_table(table, fig)[0]["of"] == 70
    fig["value"]["rows"] = [["6x6", 40, 396]]
    assert compare_table(table, fig)[0]["verdict"] == "exact"


def test_a_compared_lead_names_the_articles_figure() -> None:
    from pencilbox.studies.notes import render_figure
    fig = {"kind": "sample", "lead": "Probe finishes 61 of 72 boards.",
           "value": {"columns": ["level", "boards finished outright"],
                     "rows": [["probe", {"value": 61, "se": 3.05, "n": 72}]]}}
    table = {"id": "t", "columns": ["boards finished outright"],
             "rows": [{"row": "probe", "n": 72, "cells": {"boards finished outright": "68"}}]}
    page = render_figure("f", fig, {"table": table, "cells": compare_table(table, fig)})
    assert "Probe finishes 61 of 72 boards. (The article: 68.)" in page
