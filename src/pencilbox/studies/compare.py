"""The seeds' published figures beside ours: one reference file per puzzle (its folder's
``studies/reference.json``) and a verdict per cell.

The reference files hold the seed's tables as the seed printed them (the text of each cell,
``"29.2%"``, ``"3,840,046*"``, ``"8+"``, ``"24 / 24"``) with where in the seed they stand.
They are never used to compute a figure: only this module reads them, to set a published
figure beside the regenerated one.

A reference file::

    {"puzzle": "sukoro", "source": "shared/seeds/000_....txt",
     "tables": [{"id": "census", "title": "...", "where": "section 2, the census extract",
                 "columns": ["impossible", "ambiguous", "exactly one"],
                 "rows": [{"row": "3x4, 1 clue", "n": 48, "cells": {"impossible": "29.2%", ...}}],
                 "why": [{"row": "*", "column": "ambiguous", "why": "one line: the reason"}]}]}

A study figure that reproduces a reference table says so with ``figure(..., seed="census")``;
its first column holds the reference's row labels and its other columns carry the
reference's column names. Verdicts, per cell:

- ``exact``: our exact figure (or our sample, when it equals the seed's figure to the digits
  the seed printed) rounds to the seed's figure;
- ``within error``: a sampled figure within two standard errors of the seed's (shares: a
  two-proportion z-test, pooling both sample sizes when the seed gave its own; means: our
  standard error); the printed rounding is allowed for;
- ``differs``: anything else, including lower bounds that are not equal and cells we lack;
  the reference's ``why`` entries give the one-line reason.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from pencilbox.studies import stats

VERDICTS = ("exact", "within error", "differs")

_NUMBER = re.compile(r"^[-−]?\d[\d,]*(\.\d+)?|^[-−]?\.\d+")


@dataclass(frozen=True)
class Published:
    """One cell as the seed printed it."""

    shown: str
    value: float | None       # a share is a fraction (29.2% -> 0.292)
    half: float               # half a unit of the last printed digit (the rounding)
    bound: bool = False       # "3,840,046*" or "8+": a lower bound
    percent: bool = False
    of: int | None = None     # "24 / 24": the whole


def parse(shown: str) -> Published:
    """Read a printed figure: thousands separators, a trailing %, ×, * or +, "a / b", units."""
    text = shown.strip()
    of = None
    if "/" in text:
        a, b = (t.strip() for t in text.split("/", 1))
        whole = _NUMBER.match(b.replace("−", "-"))
        of = int(whole.group(0).replace(",", "")) if whole else None
        text = a
    bound = text.endswith(("*", "+")) or text.startswith(("≥", ">="))
    text = text.rstrip("*+").lstrip("≥>=").strip()
    m = _NUMBER.match(text.replace("−", "-"))
    if not m:
        return Published(shown, None, 0.0, bound, False, of)
    digits = m.group(0).replace(",", "")
    value = float(digits)
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    half = 0.5 * 10.0 ** -decimals
    percent = text[m.end():].strip().startswith("%")
    if percent:
        value, half = value / 100, half / 100
    return Published(shown, value, half, bound, percent, of)


def load(puzzle: str, where: Path | None = None) -> dict[str, Any]:
    """The puzzle's reference file (empty when it has none)."""
    p = stats.located(puzzle, where, "reference.json")
    if not p.exists():
        return {"puzzle": puzzle, "tables": []}
    try:
        return cast(dict[str, Any], json.loads(p.read_text()))
    except json.JSONDecodeError as e:
        raise stats.StudyError(f"{p}: not JSON ({e.msg} at line {e.lineno})") from e


def _number(cell: Any) -> tuple[float | None, bool, dict[str, Any] | None]:
    """(value, is a lower bound, the sampled cell or None) of one of our table cells."""
    if isinstance(cell, dict):
        if "at_least" in cell:
            v, _, _ = _number(cell["at_least"])
            return v, True, None
        v = cell.get("value")
        return (float(v) if isinstance(v, int | float) else None), False, cell
    if isinstance(cell, bool) or not isinstance(cell, int | float):
        return None, False, None
    return float(cell), False, None


def se_of(ours: dict[str, Any], pub: Published, seed_n: int | None) -> float | None:
    """The standard error of the difference between our sampled cell and the seed's figure. A
    share k of n is pooled with the seed's sample when the article gives one; a row's n that
    counts something else than ours (boards where we count cells) is read as a sample as large
    as ours, the same protocol on the same sizes."""
    if "k" in ours and ours.get("n"):
        n = ours["n"]
        p = ours["value"]
        if seed_n and pub.value is not None:
            theirs = seed_n if seed_n == n or seed_n * 10 > n else n
            pooled = (p * n + pub.value * theirs) / (n + theirs)
            return math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / theirs))
        return math.sqrt(max(p * (1 - p), 0.25 / n) / n)
    se = ours.get("se")
    return float(se) if isinstance(se, int | float) else None


def verdict(ours: Any, pub: Published, kind: str, seed_n: int | None = None) -> dict[str, Any]:
    """The verdict on one cell: ``exact`` / ``within error`` / ``differs``, with z and se
    where a sample was compared."""
    value, bound, sampled = _number(ours)
    if value is None or pub.value is None:
        return {"verdict": "differs", "missing": value is None}
    gap = max(0.0, abs(value - pub.value) - pub.half - 1e-12)
    if bound or pub.bound:
        return {"verdict": "exact" if bound == pub.bound and gap == 0 else "differs"}
    if gap == 0:
        return {"verdict": "exact"}
    if kind == "sample":
        shares = two_shares(ours, pub, seed_n)
        if shares is not None:
            return _two_sample(shares)
    if kind == "sample" and sampled is not None:
        se = se_of(sampled, pub, seed_n)
        if se:
            z = (value - pub.value) / se
            return {"verdict": "within error" if gap / se <= 2 else "differs", "z": round(z, 2),
                    "se": float(f"{se:.2g}")}
    return {"verdict": "differs"}


@dataclass(frozen=True)
class Shares:
    """A sampled cell and the seed's figure as two shares, each of its sample size (the seed's
    None when the article gives none), and whether the cell counts (se then in its units)."""

    mine: float
    n: int
    theirs: float
    seed_n: int | None
    half: float  # the seed's printed rounding, as a share
    counts: bool


def two_shares(ours: Any, pub: Published, seed_n: int | None) -> Shares | None:
    """Our cell and the seed's as shares when either is a count out of a sample (``61`` of 72
    boards against ``68`` of 72; ``26`` against ``27/30``; ``k of n`` against ``39 / 100``) or
    ours has no spread (every board the same, se 0): those have a binomial standard error that
    our own standard error (zero, or absent) does not give. A count is read against the seed's
    sample only when both are of one size (the article's ``a / b``, or its row's n equal to
    ours). None: compare by our se."""
    value, _, sampled = _number(ours)
    if value is None or pub.value is None:
        return None
    raw = ours.get("value") if isinstance(ours, dict) else ours
    n = sampled.get("n") if sampled else None
    their_n = pub.of or (seed_n if seed_n and (n is None or n == seed_n) else None)
    out = None
    if sampled is not None and "k" in sampled:
        if n and pub.of:  # a share against the seed's "a / b"
            out = Shares(sampled["k"] / n, n, pub.value / pub.of, pub.of, pub.half / pub.of, True)
    elif isinstance(raw, int) and not isinstance(raw, bool) and not pub.percent:
        n = n or their_n
        if n and their_n:
            out = Shares(raw / n, n, pub.value / their_n, their_n, pub.half / their_n, True)
    elif sampled is not None and sampled.get("se") == 0 and pub.percent and n and 0 <= value <= 1:
        out = Shares(value, n, pub.value, seed_n, pub.half, False)
    if out is None or not (0 <= out.mine <= 1 and 0 <= out.theirs <= 1):
        return None
    return out


def _two_sample(s: Shares) -> dict[str, Any]:
    """A two-proportion z-test (pooled; against the seed's figure as fixed when the article
    gives no sample size), the seed's printed rounding allowed for."""
    if s.seed_n:
        pooled = (s.mine * s.n + s.theirs * s.seed_n) / (s.n + s.seed_n)
        se = math.sqrt(pooled * (1 - pooled) * (1 / s.n + 1 / s.seed_n))
    else:
        se = math.sqrt(max(s.theirs * (1 - s.theirs), 0.25 / s.n) / s.n)
    if not se:
        return {"verdict": "differs"}
    gap = max(0.0, abs(s.mine - s.theirs) - s.half)
    z = (s.mine - s.theirs) / se
    return {"verdict": "within error" if gap / se <= 2 else "differs", "z": round(z, 2),
            "se": float(f"{se * (s.n if s.counts else 1):.2g}"), "se_counts": s.counts}


def _match(pattern: str, label: str) -> bool:
    return pattern == "*" or pattern == label


def reason(table: dict[str, Any], row: str, column: str) -> str | None:
    """The reference's one-line reason for a differing cell (the first ``why`` that matches)."""
    for w in table.get("why", []):
        if _match(w.get("row", "*"), row) and _match(w.get("column", "*"), column):
            return cast(str, w["why"])
    return None


def _label(v: Any) -> str:
    return str(v).strip()


def compare_table(table: dict[str, Any], fig: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Every cell of a reference table with our figure beside it and its verdict."""
    value = fig["value"] if fig else None
    cols = value["columns"] if value else []
    ours_rows = {_label(r[0]): r for r in value["rows"]} if value else {}
    out = []
    for row in table["rows"]:
        label = row["row"]
        mine = ours_rows.get(label)
        for column in table["columns"]:
            shown = row["cells"].get(column)
            if shown is None:
                continue
            pub = parse(shown)
            cell = mine[cols.index(column)] if mine is not None and column in cols else None
            whole = _whole(column, cols, mine)
            v = verdict(cell, pub, fig["kind"] if fig else "exact", row.get("n"))
            if pub.of is not None and whole is not None and whole != pub.of:  # 40 of 70 is not 40 of 396
                v = {"verdict": "differs", "of": whole}
            if v["verdict"] == "differs":
                v["why"] = reason(table, label, column)
            out.append({"row": label, "column": column, "seed": shown, "ours": cell, **v})
    return out


def _whole(column: str, cols: list[str], mine: list[Any] | None) -> int | None:
    """Our denominator of an "a / b" column, where our table has the b as a column of its own
    ("live / drawn" beside "drawn")."""
    if mine is None or " / " not in column:
        return None
    b = column.split(" / ", 1)[1].strip()
    v = mine[cols.index(b)] if b in cols else None
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def figures_by_seed(data: dict[str, Any]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    """(study, figure name, figure) of a stats file, by the reference table it reproduces."""
    out = {}
    for sname, entry in data["studies"].items():
        for fname, fig in entry["figures"].items():
            if fig.get("seed"):
                out[fig["seed"]] = (sname, fname, fig)
    return out


def compare(puzzle: str, data: dict[str, Any], where: Path | None = None) -> list[dict[str, Any]]:
    """Every reference table of a puzzle with its cells compared (``figure`` None when no
    study reproduces the table yet)."""
    found = figures_by_seed(data)
    out = []
    for table in load(puzzle, where)["tables"]:
        hit = found.get(table["id"])
        fig = hit[2] if hit else None
        out.append({"table": table, "study": hit[0] if hit else None, "figure": hit[1] if hit else None,
                    "cells": compare_table(table, fig)})
    return out


def summary(compared: list[dict[str, Any]]) -> dict[str, int]:
    """Tables on the page, tables reproduced in every cell, and cells per verdict."""
    cells = [c for t in compared for c in t["cells"]]
    out = {"tables": len(compared), "tables_found": sum(t["figure"] is not None for t in compared),
           "tables_reproduced": sum(t["figure"] is not None
                                    and all(c["verdict"] != "differs" for c in t["cells"]) for t in compared),
           "cells": len(cells)}
    for v in VERDICTS:
        out[v] = sum(c["verdict"] == v for c in cells)
    out["unexplained"] = sum(c["verdict"] == "differs" and not c.get("why") for c in cells)
    return out


# ---------------------------------------------------------------- findings

_SLOT = re.compile(r"\{(ours%?|sum|seed|lead|n):([^{}]+)\}")


class FindingError(stats.StudyError):
    """A finding names a cell, figure or table the stats or reference files do not hold."""


def findings(puzzle: str, data: dict[str, Any], where: Path | None = None) -> list[dict[str, str]]:
    """The reference file's findings with their numbers filled in: ours from the stats file
    (``{ours:study|figure|row|column}``, ``{ours%:…}`` as a percentage, ``{sum:study|figure|
    row+row|column}``, ``{n:…}`` a sampled cell's sample size, ``{lead:study|figure}``), the
    article's as it printed them (``{seed:table|row|column}``). The sentences are ours; no
    number in them is typed."""
    ref = load(puzzle, where)
    tables = {t["id"]: t for t in ref["tables"]}
    out = []
    for f in ref.get("findings", []):
        if any(m.group(1) != "seed" and m.group(2).split("|")[0] not in data["studies"]
               for m in _SLOT.finditer(f["text"] + f.get("why", ""))):
            continue  # a study this stats file does not hold (a partial or quick run): said nowhere
        def fill(m: re.Match[str], f: dict[str, Any] = f) -> str:
            return _slot(m.group(1), m.group(2).split("|"), data, tables, f["id"])
        out.append({"id": f["id"], "study": f["study"], "text": _SLOT.sub(fill, f["text"]),
                    "why": _SLOT.sub(fill, f.get("why", ""))})
    return out


def _slot(kind: str, path: list[str], data: dict[str, Any], tables: dict[str, Any], fid: str) -> str:
    try:
        if kind == "seed":
            table, row, column = path
            return str(next(r for r in tables[table]["rows"] if r["row"] == row)["cells"][column])
        fig = data["studies"][path[0]]["figures"][path[1]]
        if kind == "lead":
            return str(fig["lead"])
        value = fig["value"]
        col = value["columns"].index(path[3])
        rows = {str(r[0]).strip(): r for r in value["rows"]}
        raw = [rows[label][col] for label in path[2].split("+")]
        if kind == "n":
            return f"{raw[0]['n']:,}"
        cells = [_number(c)[0] for c in raw]
    except (KeyError, ValueError, StopIteration, IndexError) as e:
        where_ = "|".join(path)
        raise FindingError(f"finding {fid}: no {kind} cell {where_} ({type(e).__name__}: {e})") from None
    if any(v is None for v in cells):
        raise FindingError(f"finding {fid}: the cell {'|'.join(path)} holds no number")
    total = sum(v for v in cells if v is not None)
    if kind == "ours%":
        return f"{total * 100:.1f}%"
    return f"{int(total):,}" if float(total).is_integer() else f"{total:,.4g}"
