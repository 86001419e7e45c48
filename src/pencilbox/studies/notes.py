"""The notes page: the stats files rendered into one static HTML page, a section per
puzzle and a subsection per study, each table as it is in the file and a plot (inline
SVG, matplotlib) wherever the study asked for one. Nothing here computes a figure: the
page shows what the stats files hold, with each figure's kind (exact, sampled with its
sample size, lower bound, timing) and the parameters, seed and version behind it."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

from pencilbox.studies import stats

KIND = {"exact": "exact", "sample": "sampled", "lower_bound": "lower bound (capped)", "timing": "timing"}
STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       color: #1a1a1a; background: #fff; }
h1 { margin-bottom: .2rem } h2 { border-bottom: 2px solid #0072b2; margin-top: 2.5rem }
h3 { margin-top: 2rem } h4 { margin: 1.2rem 0 .3rem }
table { border-collapse: collapse; margin: .4rem 0 1rem; font-variant-numeric: tabular-nums }
th, td { border: 1px solid #bbb; padding: .15rem .5rem; text-align: right }
th { background: #eef4fa } td.s { text-align: left }
.meta { color: #555; font-size: .85rem } .kind { font-size: .8rem; padding: 0 .4rem; border-radius: .6rem;
        background: #e8e8e8; margin-left: .4rem; font-weight: normal }
.kind.lower_bound { background: #fde3c8 } .kind.sample { background: #d8ecf7 }
.kind.timing { background: #eee3f3 }
.broken { color: #b00; font-weight: bold } .bound { color: #a65400 }
.wide { overflow-x: auto } .toc { font-size: .9rem }
nav a { margin-right: 1rem } figure { margin: .5rem 0 1.2rem } svg { max-width: 100%; height: auto }
@media (prefers-color-scheme: dark) { body { background: #161616; color: #e6e6e6 } th { background: #23313d }
  .meta { color: #aaa } .kind { background: #333 } .kind.lower_bound { background: #5a3a17 }
  .kind.sample { background: #1d3a4d } .kind.timing { background: #3d2d45 } svg { background: #fff } }
"""


def render(where: Path = stats.STATS, out: Path = stats.NOTES) -> Path:
    """Write the notes page for every stats file in ``where``."""
    from pencilbox import puzzles
    files = [(p, stats.load(p, where)) for p in puzzles.names() if stats.path(p, where).exists()]
    if not files:
        raise stats.StudyError(f"no stats files in {where}; run `pencilbox study all` first")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page(files))
    return out


def page(files: list[tuple[str, dict[str, Any]]]) -> str:
    total = sum(e["seconds"] for _, d in files for e in d["studies"].values())
    quick = any(e.get("quick") for _, d in files for e in d["studies"].values())
    parts = ["<!doctype html><html lang=en><meta charset=utf-8>",
             "<meta name=viewport content='width=device-width, initial-scale=1'>",
             "<title>pencilbox — notes</title>", f"<style>{STYLE}</style>",
             "<h1>pencilbox — notes</h1>",
             "<p>Every figure on this page is read from the stats files that <code>pencilbox study</code> "
             "wrote; this page is rendered from them by <code>pencilbox notes</code>. Regenerate all of it "
             "with <code>python3 dev.py studies</code>. Each figure says whether it is exact, sampled "
             "(with its sample size), a lower bound (a capped search; such cells read &ge;) or a timing.</p>",
             f"<p class=meta>The studies below took {total / 60:.1f} minutes of wall time in all "
             "(the sum of the runs' times recorded in the stats files)"
             + ("; <b>some were run with --quick parameters</b>" if quick else "") + ".</p>",
             "<nav>" + "".join(f"<a href='#{p}'>{_title(p)}</a>" for p, _ in files) + "</nav>"]
    for puzzle, data in files:
        parts.append(section(puzzle, data))
    return "\n".join(parts) + "\n</html>\n"


def _title(puzzle: str) -> str:
    from pencilbox import puzzles
    return puzzles.get(puzzle).title


def _rules(puzzle: str) -> str:
    """The puzzle's rules in one sentence, from its package docstring (so a section reads
    on its own)."""
    from importlib import import_module
    doc = import_module(f"pencilbox.puzzles.{puzzle}").__doc__ or ""
    first = " ".join(doc.split()).split(" This module")[0]
    text = first.split(": ", 1)[-1]
    return text[:1].upper() + text[1:]


def section(puzzle: str, data: dict[str, Any]) -> str:
    out = [f"<section id='{puzzle}'><h2>{html.escape(_title(puzzle))}</h2>",
           f"<p><i>Rules:</i> {html.escape(_rules(puzzle))}</p>",
           "<ol class=toc>" + "".join(f"<li value={e['number']}><a href='#{puzzle}-{n}'>"
                                      f"{html.escape(e['title'])}</a></li>"
                                      for n, e in data["studies"].items()) + "</ol>"]
    for name, e in data["studies"].items():
        out.append(f"<h3 id='{puzzle}-{name}'>{e['number']}. {html.escape(e['title'])}</h3>")
        meta = (f"study <code>{html.escape(name)}</code>, seed {e['seed']}, version {e['version']}"
                + (f" ({e['commit']})" if e.get("commit") else "")
                + f", {e['jobs']} jobs, {e['seconds']} s"
                + (", <b>quick parameters</b>" if e.get("quick") else "")
                + f"; parameters <code>{html.escape(json.dumps(e['params']))}</code>")
        out.append(f"<p class=meta>{meta}</p>")
        for b in e.get("broken", []):
            out.append(f"<p class=broken>Broken: {html.escape(b)}</p>")
        for fname, fig in e["figures"].items():
            out.append(render_figure(fname, fig))
    out.append("</section>")
    return "\n".join(out)


def render_figure(name: str, fig: dict[str, Any]) -> str:
    kind = fig["kind"]
    label = KIND.get(kind, kind) + (f", n = {fig['n']:,}" if "n" in fig else "")
    title = html.escape(fig.get("title") or name.replace("_", " "))
    head = f"<h4>{title}<span class='kind {kind}'>{label}</span></h4>"
    note = f"<p>{html.escape(fig['note'])}</p>" if fig.get("note") else ""
    value = fig["value"]
    if isinstance(value, dict) and "columns" in value:
        body = _table(value)
        if fig.get("plot"):
            body = f"<figure>{_svg(value, fig['plot'])}</figure>" + body
    elif isinstance(value, dict | list):
        body = f"<pre>{html.escape(json.dumps(value, indent=1))}</pre>"
    else:
        body = f"<p><b>{_cell(value)}</b></p>"
    return head + note + body


def _cell(v: Any) -> str:
    if isinstance(v, dict) and "at_least" in v:
        return f"<span class=bound>&ge; {_cell(v['at_least'])}</span>"
    if v is None:
        return "&mdash;"
    if isinstance(v, bool):
        return html.escape(str(v))
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, list | dict):
        return html.escape(json.dumps(v))
    return html.escape(str(v))


def _table(value: dict[str, Any]) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in value["columns"])
    rows = "".join("<tr>" + "".join(f"<td{' class=s' if isinstance(c, str) else ''}>{_cell(c)}</td>"
                                    for c in r) + "</tr>" for r in value["rows"])
    return f"<div class=wide><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>"


def _number(v: Any) -> float | None:
    if isinstance(v, dict) and "at_least" in v:
        v = v["at_least"]
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _svg(value: dict[str, Any], spec: dict[str, Any]) -> str:
    """The plot of a table figure as inline SVG (deterministic: fixed ids, no date)."""
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
