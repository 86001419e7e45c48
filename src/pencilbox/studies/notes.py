"""The notes page: the stats files rendered into one static HTML page, a section per
puzzle and a subsection per study, each table as it is in the file and a plot (inline
SVG, matplotlib) wherever the study asked for one. Nothing here computes a figure: the
page shows what the stats files hold, with each figure's kind (exact, sampled with its
sample size, lower bound, timing) and the parameters, seed and version behind it."""

from __future__ import annotations

import html
import io
import json
import math
from pathlib import Path
from typing import Any

from pencilbox import puzzles
from pencilbox.core.files import write_atomic
from pencilbox.errors import needs
from pencilbox.studies import compare, said, stats

KIND = {"exact": "exact", "sample": "sampled", "lower_bound": "lower bound (capped)", "timing": "timing",
        "proof": "proved, and checked by code"}
STYLE = """
p, li { overflow-wrap: anywhere }  /* a 127-digit count breaks rather than widen the page */
body { font: 15px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       color: #1a1a1a; background: #fff; }
h1 { margin-bottom: .2rem } h2 { border-bottom: 2px solid #0072b2; margin-top: 2.5rem }
h3 { display: inline; font-size: 1.1rem } h4 { margin: 1.2rem 0 .3rem }
details.study { margin: .6rem 0; border-top: 1px solid #ccc; padding-top: .4rem }
details.study > summary { cursor: pointer } details.more > summary { cursor: pointer; font-size: .85rem }
table { border-collapse: collapse; margin: .4rem 0 1rem; font-variant-numeric: tabular-nums;
        font-size: .85rem; max-width: 100% }
th, td { border: 1px solid #bbb; padding: .1rem .35rem; text-align: right; overflow-wrap: anywhere }
th { background: #eef4fa; font-weight: 600; vertical-align: bottom; max-width: 8rem }
td.s { text-align: left }
table.many { font-size: .72rem } table.many td, table.many th { padding: .05rem .2rem }
td small { display: block; color: #555; font-size: .75rem }
.meta { color: #555; font-size: .8rem } .kind { font-size: .75rem; padding: 0 .4rem; border-radius: .6rem;
        background: #e8e8e8; margin-left: .4rem; font-weight: normal }
.kind.lower_bound { background: #fde3c8 } .kind.sample { background: #d8ecf7 }
.kind.timing { background: #eee3f3 }
.broken { color: #b00; font-weight: bold } .bound { color: #a65400 }
.wide { overflow-x: auto } .toc { font-size: .9rem } .lead { margin: .3rem 0 }
td.v-exact { background: #e3f3e6 } td.v-within { background: #eef6d8 } td.v-differs { background: #fbe0dc }
.key span { padding: 0 .4rem; margin-right: .3rem } .why { font-size: .85rem; margin: 0 0 1rem 1rem }
.summary td, .summary th { font-size: .85rem } ul.findings li { margin-bottom: .5rem }
ul.findings .why { font-size: .85rem; color: #444 }
nav a { margin-right: 1rem } figure { margin: .5rem 0 1.2rem } svg { max-width: 100%; height: auto }
@media (prefers-color-scheme: dark) { body { background: #161616; color: #e6e6e6 } th { background: #23313d }
  .meta, td small { color: #aaa } .kind { background: #333 } .kind.lower_bound { background: #5a3a17 }
  .kind.sample { background: #1d3a4d } .kind.timing { background: #3d2d45 } svg { background: #fff }
  td.v-exact { background: #1f3a25 } td.v-within { background: #2f3a1a }
  td.v-differs { background: #4a2320 } }
"""
FOLD_ROWS = 15  # a table longer than this is folded under its lead sentence
MARK = {"exact": ("v-exact", "="), "within error": ("v-within", "≈"), "differs": ("v-differs", "≠")}


def render(where: Path | None = None, out: Path = stats.NOTES, reference: Path | None = None) -> Path:
    """Write the notes page for every stats file in ``where`` (None: the puzzles' own)."""
    files = [(p, stats.load(p, where)) for p in puzzles.names() if stats.path(p, where).exists()]
    if not files:
        raise stats.StudyError(f"no stats files in {where or 'the puzzle folders'}; "
                               "run `pencilbox study all` first")
    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(out, page(files, reference))
    return out


def page(files: list[tuple[str, dict[str, Any]]], reference: Path | None = None) -> str:
    total = sum(e["seconds"] for _, d in files for e in d["studies"].values())
    quick = any(e.get("quick") for _, d in files for e in d["studies"].values())
    compared = {p: compare.compare(p, d, reference) for p, d in files}
    found = {p: compare.findings(p, d, reference) for p, d in files}
    parts = ["<!doctype html><html lang=en><meta charset=utf-8>",
             "<meta name=viewport content='width=device-width, initial-scale=1'>",
             "<title>pencilbox — notes</title>", f"<style>{STYLE}</style>",
             "<h1>pencilbox — notes</h1>",
             "<p>Every figure on this page is read from the stats files that <code>pencilbox study</code> "
             "wrote, and rendered from them by <code>pencilbox notes</code>; regenerate all of it with "
             "<code>python3 dev.py studies</code>. Each figure says whether it is exact, sampled (with its "
             "sample size), a lower bound (a capped search; such cells read &ge;) or a timing. Where a "
             "study repeats a table of the article the puzzle was built from (the seed), the seed's "
             "published figure stands beside ours with a verdict: <b>=</b> the same to the digits the "
             "seed printed, <b>≈</b> within two standard errors of sampling, <b>≠</b> different, with "
             "the reason.</p>",
             f"<p class=meta>The studies below took {total / 60:.1f} minutes of wall time in all "
             "(the sum of the runs' times recorded in the stats files)"
             + ("; <b>some were run with --quick parameters</b>" if quick else "") + ".</p>",
             "<nav>" + "".join(f"<a href='#{p}'>{_title(p)}</a>" for p, _ in files) + "</nav>",
             glance(files, compared, found)]
    for puzzle, data in files:
        parts.append(section(puzzle, data, compared[puzzle], found[puzzle]))
    return "\n".join(parts) + "\n</html>\n"


def _summary_line(s: dict[str, int]) -> str:
    if not s["tables"]:
        return "No table of the seed is on record for this puzzle."
    n = s["unexplained"]
    reasons = f" ({n} without a stated reason)" if n else " (each with its reason)"
    return (f"Seed tables: {s['tables']}, {s['tables_found']} regenerated, {s['tables_reproduced']} "
            f"reproduced in every cell. Published cells: {s['cells']:,} — {s['exact']:,} exact, "
            f"{s['within error']:,} within sampling error, {s['differs']:,} differ"
            + (reasons if s["differs"] else "") + ".")


def glance(files: list[tuple[str, dict[str, Any]]], compared: dict[str, list[dict[str, Any]]],
           found: dict[str, list[dict[str, str]]] | None = None) -> str:
    """The top of the page: per puzzle, the seed tables' summary, where we part from the
    article (the findings, each with the article's figure beside ours and why) and the
    headline figures."""
    out = ["<section id=glance><h2>At a glance</h2>"]
    for puzzle, data in files:
        out.append(f"<h4><a href='#{puzzle}'>{html.escape(_title(puzzle))}</a></h4>")
        out.append(f"<p class=meta>{_summary_line(compare.summary(compared[puzzle]))}</p>")
        out.append(_findings(puzzle, (found or {}).get(puzzle, [])))
        heads = [(name, fname, fig) for name, e in data["studies"].items()
                 for fname, fig in e["figures"].items() if fig.get("headline") and fig.get("lead")]
        if heads:
            out.append("<ul>" + "".join(f"<li>{html.escape(fig['lead'])} <a href='#{puzzle}-{name}-{fname}'>"
                                        "&rarr;</a></li>" for name, fname, fig in heads) + "</ul>")
    out.append("</section>")
    return "\n".join(out)


def _findings(puzzle: str, found: list[dict[str, str]]) -> str:
    """Where we part from the article: each finding, its reason below it, a link to its study."""
    if not found:
        return ""
    items = "".join(f"<li id='finding-{puzzle}-{f['id']}'><b>{html.escape(f['text'])}</b> "
                    f"<a href='#{puzzle}-{f['study']}'>&rarr;</a><br><span class=why>{html.escape(f['why'])}"
                    "</span></li>" for f in found)
    return f"<p class=lead>Where we part from the article:</p><ul class=findings>{items}</ul>"


def _title(puzzle: str) -> str:
    return puzzles.get(puzzle).title


def _rules(puzzle: str) -> str:
    """The puzzle's rules in one sentence, from its package docstring (so a section reads
    on its own)."""
    from importlib import import_module
    doc = import_module(puzzles.package(puzzle)).__doc__ or ""
    first = " ".join(doc.split()).split(" This module")[0]
    text = first.split(": ", 1)[-1]
    return text[:1].upper() + text[1:]


def section(puzzle: str, data: dict[str, Any], compared: list[dict[str, Any]] | None = None,
            found: list[dict[str, str]] | None = None) -> str:
    compared = compared or []
    by_figure = {(c["study"], c["figure"]): c for c in compared if c["figure"]}
    out = [f"<section id='{puzzle}'><h2>{html.escape(_title(puzzle))}</h2>",
           f"<p><i>Rules:</i> {html.escape(_rules(puzzle))}</p>",
           f"<p class=meta>{_summary_line(compare.summary(compared))}</p>",
           _findings(puzzle, found or []).replace("id='finding-", "id='in-section-finding-"),
           "<ol class=toc>" + "".join(f"<li value={e['number']}><a href='#{puzzle}-{n}'>"
                                      f"{html.escape(e['title'])}</a></li>"
                                      for n, e in data["studies"].items()) + "</ol>"]
    for name, e in data["studies"].items():
        out.append(f"<details class=study id='{puzzle}-{name}'><summary><h3>{e['number']}. "
                   f"{html.escape(e['title'])}</h3></summary>")
        meta = (f"study <code>{html.escape(name)}</code>, seed {e['seed']}, version {e['version']}"
                + (f" ({e['commit']})" if e.get("commit") else "")
                + f", {e['jobs']} jobs, {e['seconds']} s" + _job_times(e)
                + (", <b>quick parameters</b>" if e.get("quick") else "") + "; parameters below")
        out.append(f"<p class=meta>{meta}</p>")
        for b in e.get("broken", []):
            out.append(f"<p class=broken>Broken: {html.escape(b)}</p>")
        for fname, fig in e["figures"].items():
            out.append(render_figure(fname, fig, by_figure.get((name, fname)), f"{puzzle}-{name}-{fname}"))
        out.append(f"<p class='meta params'>Parameters of study {e['number']}: "
                   f"<code>{html.escape(json.dumps(e['params']))}</code></p>")
        out.append("</details>")
    missing = [c for c in compared if not c["figure"]]
    if missing:
        out.append("<h4>Seed tables no study regenerates yet</h4>")
        for c in missing:
            out.append(side_by_side(c, None))
    out.append("</section>")
    return "\n".join(out)


def _article(compared: dict[str, Any] | None) -> str:
    """What the article printed, named in the lead: its figure itself where there are few,
    else how many of its figures ours matches."""
    cells = compared["cells"] if compared else []
    if not cells:
        return ""
    if len(cells) <= 3:
        one = len({c["row"] for c in cells}) == 1 and len(cells) == 1
        said = "; ".join(c["seed"] if one else f"{c['row']}, {c['column']}: {c['seed']}" for c in cells)
        return f" (The article: {said}.)"
    n = {v: sum(c["verdict"] == v for c in cells) for v in compare.VERDICTS}
    return (f" (The article's {len(cells)} figures stand beside ours below: {n['exact']} the same, "
            f"{n['within error']} within sampling error, {n['differs']} different.)")


def _job_times(e: dict[str, Any]) -> str:
    """Where the jobs ran and what each took (the median, the longest and the sum: a resumed run's
    seconds leave out the jobs an earlier run finished), when recorded."""
    took = [t for t in e.get("job_seconds") or () if t is not None]
    if not took:
        return ""
    took.sort()
    return (f" (ran on {html.escape(e.get('ran_on', '?'))}: a job took {_plain(took[len(took) // 2])} s "
            f"as the median, {_plain(took[-1])} s at most, {_plain(round(sum(took)))} s in all"
            + (f"; {e['resumed']} jobs resumed from an earlier run" if e.get("resumed") else "") + ")")


def render_figure(name: str, fig: dict[str, Any], compared: dict[str, Any] | None = None,
                  anchor: str = "") -> str:
    kind = fig["kind"]
    label = KIND.get(kind, kind) + (f", n = {fig['n']:,}" if "n" in fig else "")
    title = html.escape(fig.get("title") or name.replace("_", " "))
    head = f"<h4 id='{anchor}'>{title}<span class='kind {kind}'>{label}</span></h4>"
    lead = f"<p class=lead>{html.escape(fig['lead'] + _article(compared))}</p>" if fig.get("lead") else ""
    note = f"<p class=meta>{html.escape(fig['note'])}</p>" if fig.get("note") else ""
    value = fig["value"]
    if isinstance(value, dict) and "columns" in value:
        body = _table(value, _percent_columns(compared))
        if compared is None and len(value["rows"]) > FOLD_ROWS:  # a long verification table under its lead
            rows = len(value["rows"])
            body = f"<details class=more><summary>the table ({rows} rows)</summary>{body}</details>"
        if compared is not None:
            body = (side_by_side(compared, value)
                    + f"<details class=more><summary>our full table</summary>{body}</details>")
        if fig.get("plot"):
            body = f"<figure>{_svg(value, fig['plot'])}</figure>" + body
    elif isinstance(value, dict) and "claim" in value:
        body = _statement(value)
    elif isinstance(value, dict | list):
        body = f"<pre>{html.escape(json.dumps(value, indent=1))}</pre>"
    else:
        body = f"<p><b>{_cell(value)}</b></p>"
    return head + lead + body + note


def _statement(value: dict[str, Any]) -> str:
    """A proof figure: the claim, the proof's paragraphs (the last closed by ∎) and what code checked."""
    last = len(value["proof"]) - 1
    out = [f"<p><b>Claim.</b> {html.escape(value['claim'])}</p>"]
    out += [f"<p>{'<i>Proof.</i> ' if k == 0 else ''}{html.escape(text)}{' ∎' if k == last else ''}</p>"
            for k, text in enumerate(value["proof"])]
    if value.get("checked"):
        out.append(f"<p class=meta><i>Checked by code:</i> {html.escape(value['checked'])}</p>")
    return "".join(out)


def _like(cell: Any, pub: compare.Published) -> str:
    """Our cell written the way the seed wrote its figure: a percentage, the same digits, the
    same unit (ms, ×); a sampled share from its own k of n, so it is rounded once."""
    if cell is None:
        return "&mdash;"
    value = compare._number(cell)[0]
    if value is None:
        return _cell(cell)
    if isinstance(cell, dict) and "k" in cell and cell.get("n"):
        value = cell["k"] / cell["n"]
    shown = pub.shown.strip().rstrip("*+")
    m = compare._NUMBER.match(shown.split("/")[0].strip().replace("−", "-"))
    decimals = len(m.group(0).split(".")[1]) if m and "." in m.group(0) else 0
    unit = "" if pub.percent or not m else shown.split("/")[0].strip()[m.end():].rstrip()
    text = f"{value * 100:,.{decimals}f}%" if pub.percent else f"{value:,.{decimals}f}{html.escape(unit)}"
    if isinstance(cell, dict) and "at_least" in cell:
        return f"<span class=bound>&ge; {text}</span>"
    return text


def _spread(x: dict[str, Any]) -> str:
    """The standard error beside a compared cell, in the cell's own units: counts as counts,
    shares as percentage points."""
    se = x.get("se")
    if se is None:
        return ""
    if compare.parse(x["seed"]).percent and not x.get("se_counts"):
        return f" ± {_plain(se * 100)}%"
    return f" ± {_plain(se)}"


def _plain(v: float) -> str:
    """Two significant digits, never in e-notation (± 270, not ± 2.7e+02)."""
    if v == 0:
        return "0"
    digits = 1 - int(math.floor(math.log10(abs(v))))
    return f"{round(v, digits):,.{max(digits, 0)}f}"


def side_by_side(c: dict[str, Any], value: dict[str, Any] | None) -> str:
    """A seed table: each cell ours over the seed's, marked by its verdict; reasons below."""
    table = c["table"]
    cells = {(x["row"], x["column"]): x for x in c["cells"]}
    head = "".join(f"<th>{html.escape(col)}</th>" for col in ["", *table["columns"]])
    rows: list[str] = []
    notes: dict[str, list[str]] = {}  # one reason, the cells it explains
    for row in table["rows"]:
        tds = [f"<td class=s>{html.escape(row['row'])}</td>"]
        for col in table["columns"]:
            x = cells.get((row["row"], col))
            if x is None:
                tds.append("<td></td>")
                continue
            cls, sign = MARK[x["verdict"]]
            tip = (f" title='z = {x['z']}, standard error {x['se']}'" if "z" in x else "")
            ours = _like(x["ours"], compare.parse(x["seed"])) + (f" / {x['of']:,}" if "of" in x else "")
            tds.append(f"<td class={cls}{tip}>{sign} {ours}{_spread(x)}"
                       f"<small>{html.escape(x['seed'])}</small></td>")
            if x["verdict"] == "differs":
                notes.setdefault(x.get("why") or "no reason stated", []).append(f"{row['row']}, {col}")
        rows.append("<tr>" + "".join(tds) + "</tr>")
    where = html.escape(table.get("where", ""))
    cap = (f"<p class=meta>Beside the seed: <i>{html.escape(table.get('title', table['id']))}</i>"
           + (f" ({where})" if where else "") + (" — no study regenerates it yet" if value is None else
                                                 "; in each cell ours, and below it the seed's")
           + "</p>")
    why = ("<ul class=why>" + "".join(f"<li>≠ {html.escape('; '.join(cells))}: {html.escape(reason)}</li>"
                                      for reason, cells in notes.items()) + "</ul>") if notes else ""
    many = " class=many" if len(table["columns"]) >= 8 else ""
    plot = _versus(c["cells"]) if value is not None else ""
    return (cap + f"<div class=wide><table{many}><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
            f"</table></div>" + why + plot)


def _versus(cells: list[dict[str, Any]]) -> str:
    """The article's figures and ours as paired bars, cell by cell (where every cell is a number
    in one unit: all percentages, or all plain), so a reader sees the gaps at a glance."""
    pairs = []
    for x in cells:
        pub = compare.parse(x["seed"])
        ours = compare._number(x["ours"])[0]
        if pub.value is None or ours is None:
            continue
        pairs.append((f"{x['row']} · {x['column']}"[:40], ours, pub.value, pub.percent))
    if not 2 <= len(pairs) <= 30 or len({p[3] for p in pairs}) != 1:
        return ""
    needs("matplotlib", "the notes page's plots")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    scale = 100 if pairs[0][3] else 1
    plt.rcParams.update({"svg.hashsalt": "pencilbox", "svg.fonttype": "none", "font.size": 8})
    fig, ax = plt.subplots(figsize=(7.2, 0.9 + 0.22 * len(pairs)))
    ys = list(range(len(pairs)))
    for shift, k, colour, label in ((-0.2, 2, "#E69F00", "the article"), (0.2, 1, "#0072B2", "ours")):
        ax.barh([y + shift for y in ys], [p[k] * scale for p in pairs], height=0.4, color=colour, label=label)
    ax.set_yticks(ys, [p[0] for p in pairs])
    ax.invert_yaxis()
    values = [v * scale for p in pairs for v in p[1:3] if v > 0]
    if values and max(values) / min(values) > 1000:
        ax.set_xscale("log")
    ax.set_xlabel("percent" if pairs[0][3] else "value")
    ax.legend(frameon=False, loc="lower right")
    ax.grid(alpha=0.3, axis="x")
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    text = buf.getvalue()
    return "<figure>" + text[text.index("<svg"):] + "</figure>"


def _cell(v: Any) -> str:
    if isinstance(v, dict) and "at_least" in v:
        return f"<span class=bound>&ge; {_cell(v['at_least'])}</span>"
    if isinstance(v, dict) and "k" in v and isinstance(v.get("value"), float | int):  # a sampled share
        return f"<span title='{v['k']:,} of {v['n']:,}'>{v['value'] * 100:.1f}%</span>"
    if isinstance(v, dict) and "value" in v:  # a sampled mean
        se = v.get("se")
        return _cell(v["value"]) + (f" <small>± {_cell(se)}</small>" if se is not None else "")
    if v is None:
        return "&mdash;"
    if isinstance(v, bool):
        return html.escape(str(v))
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, float):
        return said(v)
    if isinstance(v, list | dict):
        return html.escape(json.dumps(v))
    return html.escape(str(v))


def _percent_columns(compared: dict[str, Any] | None) -> set[str]:
    """The columns the seed prints as percentages: ours are written so too in that table."""
    if compared is None:
        return set()
    return {c["column"] for c in compared["cells"] if compare.parse(c["seed"]).percent}


def _shown(v: Any, percent: bool) -> str:
    if percent and isinstance(v, float) and 0 <= v <= 1:
        return f"{v * 100:.1f}%"
    return _cell(v)


def _table(value: dict[str, Any], percent: set[str] | None = None) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in value["columns"])
    pct = [str(c) in (percent or set()) for c in value["columns"]]
    rows = "".join("<tr>" + "".join(f"<td{' class=s' if isinstance(c, str) else ''}>{_shown(c, p)}</td>"
                                    for c, p in zip(r, pct, strict=False)) + "</tr>" for r in value["rows"])
    many = " class=many" if len(value["columns"]) >= 9 else ""
    return f"<div class=wide><table{many}><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>"


def _number(v: Any) -> float | None:
    if isinstance(v, dict):
        v = v.get("at_least", v.get("value"))
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _svg(value: dict[str, Any], spec: dict[str, Any]) -> str:
    """The plot of a table figure as inline SVG (deterministic: fixed ids, no date)."""
    needs("matplotlib", "the notes page's plots")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    cols = value["columns"]
    xi = cols.index(spec["x"])
    xs = [r[xi] for r in value["rows"]]
    plt.rcParams.update({"svg.hashsalt": "pencilbox", "svg.fonttype": "none", "font.size": 9})
    fig, ax = plt.subplots(figsize=(7.2, 3.2))
    palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
    numeric_x = all(_number(x) is not None for x in xs)
    pos = [float(x) for x in xs] if numeric_x and spec["kind"] == "line" else list(range(len(xs)))
    width = 0.8 / max(len(spec["y"]), 1)
    for k, col in enumerate(spec["y"]):
        yi = cols.index(col)
        ys = [_number(r[yi]) for r in value["rows"]]
        pts = [(x, y) for x, y in zip(pos, ys, strict=True) if y is not None]
        if not pts:
            continue
        colour = palette[k % len(palette)]
        if spec["kind"] == "line":
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=str(col), color=colour)
        else:
            ax.bar([p[0] + (k - (len(spec["y"]) - 1) / 2) * width for p in pts], [p[1] for p in pts],
                   width=width, label=str(col), color=colour)
    if not (numeric_x and spec["kind"] == "line"):
        ax.set_xticks(list(range(len(xs))), [str(x) for x in xs],
                      rotation=45 if max(len(str(x)) for x in xs) > 4 else 0)
    if spec.get("logy"):
        ax.set_yscale("log")
    ax.set_xlabel(spec.get("xlabel") or spec["x"])
    ax.set_ylabel(spec.get("ylabel", ""))
    if len(spec["y"]) > 1:
        ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.grid(alpha=0.3)
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]
