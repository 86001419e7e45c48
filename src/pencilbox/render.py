"""Boards as pictures (``pencilbox render``, the page's "download image", notebooks): one list of
shapes drawn from the puzzle's page table (``marks.UI``) the way the player's draw.js draws it,
written as SVG text or through matplotlib as PNG and PDF. No puzzle is named here."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pencilbox import puzzles
from pencilbox.core.marks import PageUI
from pencilbox.core.puzzle import BoardShape
from pencilbox.errors import BoardError, needs

S = 40.0  # a cell, in the page's SVG units
M = 22.0  # the margin: Slant's clues sit on the outer corners
#: the page's light palette (style.css :root), which its print stylesheet keeps but for entries
INK = {"bg": "#ffffff", "fg": "#1b1b1b", "muted": "#5f5f5f", "cell": "#ffffff", "given": "#ececec",
       "grid": "#a0a0a0", "border": "#1b1b1b", "paint": "#2a2a2a", "on_paint": "#ffffff",
       "num_bg": "#dcebf7", "entry": "#0060a0"}
FONT = "DejaVu Sans, system-ui, sans-serif"
MAX_CELLS = 40_000  # the largest board drawn (200x200): a picture's shapes grow with its cells
# A PNG is drawn at two pixels a unit (80 a cell), or fewer where that would pass either bound below,
# down to one (40 a cell, the clues still 22 pixels high); a board it does not fit then is refused
# before anything is drawn. matplotlib's time and memory grow with the pixels; unbounded, a 1x40000
# Slant made a 3,200,088 x 168 image in 42-117 s and 3.1 GB, a 200x200 one 16,088 x 16,088 in 46 s
# and 1.5 GB; within them a 200x200 board is 8,192 pixels a side (bench/png.py, bench/results/png.json).
PNG_SCALE = 2.0  # pixels a board unit where the picture fits
MIN_PNG_SCALE = 1.0  # the fewest pixels a unit a PNG is drawn at
MAX_PNG_SIDE = 16_384  # pixels a side (what browsers and image viewers open)
MAX_PNG_PIXELS = 2**26  # pixels in all (67 million, 256 MiB of RGBA)
# matplotlib makes an artist of each text, disc and dashed line (a run of cells' rectangles, or of
# solid lines, is one collection): 40,000 texts took 20 s and 420 MB before a pixel was drawn
MAX_PNG_ARTISTS = 20_000


@dataclass(frozen=True)
class Shape:
    """One thing drawn, in board units: a line (x1 y1 x2 y2), rect (x y w h), circle (cx cy r) or
    text (x y, centred)."""

    kind: Literal["line", "rect", "circle", "text"]
    at: tuple[float, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()
    text: str = ""
    size: float = 22.0
    weight: int = 600


@dataclass(frozen=True)
class Picture:
    """A board's shapes and its size in board units."""

    width: float
    height: float
    shapes: tuple[Shape, ...]


def picture(board: BoardShape, answer: Sequence[Any] | None = None) -> Picture:
    """The board (its clues, regions and grid) with ``answer`` (the puzzle's answer values, one a
    cell, None undecided) drawn in, as the player draws a position."""
    if board.rows * board.cols > MAX_CELLS:
        raise BoardError(f"board is {board.rows}x{board.cols}: at most {MAX_CELLS} cells are drawn")
    puzzle = puzzles.get(board.puzzle)
    ui: PageUI = puzzle.marks.UI
    data = puzzle.to_json(board)
    pos = None if answer is None else puzzle.marks.from_answer(board, tuple(answer))
    clues: list[list[Any]] = data["clues"]
    regions = data.get("regions") if isinstance(data, dict) else None
    rows, cols = board.rows, board.cols
    fills: list[Shape] = []
    drawn: list[Shape] = []
    for r in range(rows):
        for c in range(cols):
            clue = None if ui.clue_on == "points" else clues[r][c]
            mark = None if pos is None else pos[r * cols + c]
            fill, *marks = _cell(ui, r, c, clue, mark, pos, rows, cols)
            fills.append(fill)
            drawn += marks
    out = fills + _lines(ui, rows, cols, regions) + drawn  # the page's layers: cells, lines, marks, points
    if ui.clue_on == "points":
        out += [s for r, row in enumerate(clues) for c, v in enumerate(row) if v is not None
                for s in _point(r, c, v)]
    return Picture(cols * S + 2 * M, rows * S + 2 * M, tuple(out))


def _x(c: float) -> float:
    return M + c * S


def _cell(ui: PageUI, r: int, c: int, clue: Any, mark: Any, pos: Sequence[Any] | None,
          rows: int, cols: int) -> list[Shape]:
    """A cell's fill and what its mark or clue draws, by the table's ``cell`` kind."""
    first, second = (ui.cycle + [None, None])[:2]
    x, y, cx, cy = _x(c), _x(r), _x(c) + S / 2, _x(r) + S / 2
    fill = INK["given"] if ui.fixed is not None and clue is not None and ui.cell != "count" else INK["cell"]
    if ui.cell == "paint" and mark == first:
        fill = INK["paint"]
    out = [Shape("rect", (x, y, S, S), fill=fill)]
    if ui.cell == "count" and (clue is not None or mark == first):
        digit = clue if clue is not None and isinstance(clue, int) or pos is None else \
            _counted(ui, r, c, pos, rows, cols)
        out.append(Shape("circle", (cx, cy, S * 0.38), fill=INK["num_bg"] if clue is None else INK["cell"],
                         stroke=INK["fg"] if clue is not None else INK["grid"],
                         width=2.6 if clue is not None else 1.2))
        out.append(_digit(cx, cy, digit, clue is not None))
    elif ui.cell == "count" and mark == second:
        d = S * 0.16
        out += [Shape("line", (cx - d, cy - d, cx + d, cy + d), stroke=INK["muted"], width=2.5),
                Shape("line", (cx + d, cy - d, cx - d, cy + d), stroke=INK["muted"], width=2.5)]
    elif ui.cell == "slash" and mark in ("\\", "/"):
        y1, y2 = (y + 3, y + S - 3)
        x1, x2 = (x + 3, x + S - 3) if mark == "\\" else (x + S - 3, x + 3)
        out.append(Shape("line", (x1, y1, x2, y2), stroke=INK["fg"], width=4.5))
    elif ui.cell == "digit" and (clue is not None or mark is not None):
        out.append(_digit(cx, cy, clue if clue is not None else mark, clue is not None))
    elif ui.cell == "paint" and clue is not None:
        out.append(_digit(cx, cy, clue, True, INK["on_paint"] if mark == first else INK["fg"]))
    return out


def _counted(ui: PageUI, r: int, c: int, pos: Sequence[Any], rows: int, cols: int) -> int:
    """How many of the cells the table's ``count`` names hold their mark (a Sukoro digit)."""
    return sum(1 for dr, dc, m in ui.count or () if 0 <= r + dr < rows and 0 <= c + dc < cols
               and pos[(r + dr) * cols + c + dc] == m)


def _digit(x: float, y: float, v: Any, clue: bool, ink: str | None = None) -> Shape:
    return Shape("text", (x, y), fill=ink or (INK["fg"] if clue else INK["entry"]), text=str(v),
                 weight=800 if clue else 500)


def _lines(ui: PageUI, rows: int, cols: int, regions: Any) -> list[Shape]:
    """The grid (dashed where clues sit on points), region borders and the frame."""
    dash = (3.0, 3.0) if ui.clue_on == "points" else ()
    out = [Shape("line", (_x(0), _x(r), _x(cols), _x(r)), stroke=INK["grid"], width=1, dash=dash)
           for r in range(1, rows)]
    out += [Shape("line", (_x(c), _x(0), _x(c), _x(rows)), stroke=INK["grid"], width=1, dash=dash)
            for c in range(1, cols)]
    if ui.regions and regions is not None:
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols and regions[r][c] != regions[r][c + 1]:
                    out.append(_wall(c + 1, r, c + 1, r + 1))
                if r + 1 < rows and regions[r][c] != regions[r + 1][c]:
                    out.append(_wall(c, r + 1, c + 1, r + 1))
    out.append(Shape("rect", (_x(0), _x(0), cols * S, rows * S), stroke=INK["border"], width=4.5))
    return out


def _wall(c1: int, r1: int, c2: int, r2: int) -> Shape:
    return Shape("line", (_x(c1), _x(r1), _x(c2), _x(r2)), stroke=INK["border"], width=4)


def _point(r: int, c: int, v: Any) -> list[Shape]:
    """A clue on a lattice point: a ringed disc and its digit."""
    return [Shape("circle", (_x(c), _x(r), S * 0.27), fill=INK["cell"], stroke=INK["fg"], width=2),
            Shape("text", (_x(c), _x(r)), fill=INK["fg"], text=str(v), size=14, weight=700)]


# ---------------------------------------------------------------- writers

def svg(pic: Picture, title: str = "") -> str:
    """The picture as a standalone SVG document (what notebooks and the page's download show)."""
    def attrs(s: Shape) -> str:
        out = f' fill="{s.fill or "none"}"'
        if s.stroke:
            out += f' stroke="{s.stroke}" stroke-width="{s.width:g}" stroke-linecap="round"'
        if s.dash:
            out += f' stroke-dasharray="{" ".join(f"{d:g}" for d in s.dash)}"'
        return out
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {pic.width:g} {pic.height:g}" '
             f'width="{pic.width:g}" height="{pic.height:g}">']
    if title:
        parts.append(f"<title>{_escape(title)}</title>")
    parts.append(f'<rect width="{pic.width:g}" height="{pic.height:g}" fill="{INK["bg"]}"/>')
    for s in pic.shapes:
        a = s.at
        if s.kind == "line":
            parts.append(f'<line x1="{a[0]:g}" y1="{a[1]:g}" x2="{a[2]:g}" y2="{a[3]:g}"{attrs(s)}/>')
        elif s.kind == "rect":
            parts.append(f'<rect x="{a[0]:g}" y="{a[1]:g}" width="{a[2]:g}" height="{a[3]:g}"{attrs(s)}/>')
        elif s.kind == "circle":
            parts.append(f'<circle cx="{a[0]:g}" cy="{a[1]:g}" r="{a[2]:g}"{attrs(s)}/>')
        else:
            parts.append(f'<text x="{a[0]:g}" y="{a[1]:g}" fill="{s.fill}" font-family="{FONT}" '
                         f'font-size="{s.size:g}" font-weight="{s.weight}" text-anchor="middle" '
                         f'dominant-baseline="central">{_escape(s.text)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def draw(ax: Any, pic: Picture, x0: float = 0.0, y0: float = 0.0, scale: float = 1.0) -> None:
    """The picture on a matplotlib axes whose data units are points (y down), its top left at
    (x0, y0), ``scale`` points a board unit: PNG and the booklet's pages draw through this. A run
    of rectangles, or of solid lines, is one collection (a 200x200 board's 40,000 cells, added a
    patch at a time, took 30-45 s before the image was drawn)."""
    from matplotlib.collections import LineCollection, PolyCollection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle

    def p(u: float, v: float) -> tuple[float, float]:
        return x0 + u * scale, y0 + v * scale
    shapes = pic.shapes
    for z, end in runs(shapes):  # in order, a run at its first shape's z (matplotlib puts lines over patches)
        s, run, key = shapes[z], shapes[z:end], _batched(shapes[z])
        if key == "rect":
            boxes = [[p(*r.at[:2]), p(r.at[0] + r.at[2], r.at[1]), p(r.at[0] + r.at[2], r.at[1] + r.at[3]),
                      p(r.at[0], r.at[1] + r.at[3])] for r in run]
            ax.add_collection(PolyCollection(
                boxes, facecolors=[r.fill or "none" for r in run], linewidths=[r.width * scale for r in run],
                edgecolors=[r.stroke or "none" for r in run], joinstyle="miter", zorder=z), autolim=False)
        elif key == "line":
            ax.add_collection(LineCollection(
                [[p(*ln.at[:2]), p(*ln.at[2:])] for ln in run], colors=[ln.stroke for ln in run],
                linewidths=[ln.width * scale for ln in run], capstyle="round", zorder=z), autolim=False)
        elif s.kind == "line":  # a dashed line
            lw = s.width * scale
            (ax1, ay1), (ax2, ay2) = p(*s.at[:2]), p(*s.at[2:])
            ax.add_line(Line2D([ax1, ax2], [ay1, ay2], color=s.stroke, linewidth=lw,
                               linestyle=(0, tuple(d * scale / max(lw, 1e-9) for d in s.dash)),
                               solid_capstyle="round", dash_capstyle="butt", zorder=z))
        elif s.kind == "circle":  # add_artist: add_patch would work out each disc's extent for the limits
            ax.add_artist(Circle(p(*s.at[:2]), s.at[2] * scale, facecolor=s.fill or "none",
                                 edgecolor=s.stroke or "none", linewidth=s.width * scale, zorder=z))
        else:
            bold = "bold" if s.weight >= 600 else "normal"
            ax.text(*p(*s.at), s.text, color=s.fill, fontsize=s.size * scale, ha="center",
                    va="center_baseline", family="DejaVu Sans", fontweight=bold, zorder=z)


def _batched(s: Shape) -> str | None:
    """The kind of collection a shape joins (a rectangle, a solid line), None drawn on its own."""
    return s.kind if s.kind in ("rect", "line") and not s.dash else None


def runs(shapes: Sequence[Shape]) -> list[tuple[int, int]]:
    """(start, end) of each matplotlib artist ``draw`` makes: a run of rectangles or of solid
    lines (one collection), or one text, disc or dashed line."""
    out = []
    z = 0
    while z < len(shapes):
        key, end = _batched(shapes[z]), z + 1
        while key and end < len(shapes) and _batched(shapes[end]) == key:
            end += 1
        out.append((z, end))
        z = end
    return out


def points_axes(width_pt: float, height_pt: float) -> tuple[Any, Any]:
    """A matplotlib figure of that size whose one axes counts points from the top left."""
    needs("matplotlib", "PNG and PDF output")
    from matplotlib.figure import Figure
    fig = Figure(figsize=(width_pt / 72, height_pt / 72))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width_pt)
    ax.set_ylim(height_pt, 0)
    ax.set_axis_off()
    return fig, ax


def png_scale(rows: int, cols: int) -> float:
    """The pixels a board unit an R x C board's PNG is drawn at: PNG_SCALE, or less where that
    would pass MAX_PNG_SIDE or MAX_PNG_PIXELS; a BoardError, before any drawing (or solving),
    where even MIN_PNG_SCALE passes them."""
    width, height = cols * S + 2 * M, rows * S + 2 * M
    fit = min(PNG_SCALE, MAX_PNG_SIDE / width, MAX_PNG_SIDE / height,
              math.sqrt(MAX_PNG_PIXELS / (width * height)))
    if fit < MIN_PNG_SCALE:
        least = f"{math.ceil(width * MIN_PNG_SCALE)}x{math.ceil(height * MIN_PNG_SCALE)}"
        raise BoardError(f"a PNG of a {rows}x{cols} board would be {least} pixels at its smallest (40 a "
                         f"cell); a PNG is at most {MAX_PNG_SIDE} pixels a side and {MAX_PNG_PIXELS} in all: "
                         "draw it as SVG")
    return fit


def png(pic: Picture) -> bytes:
    """The picture as PNG, at ``png_scale`` pixels a board unit (two where it fits), its size
    and its artists (MAX_PNG_ARTISTS) checked before anything is drawn."""
    import io
    rows, cols = round((pic.height - 2 * M) / S), round((pic.width - 2 * M) / S)
    dpi = 72 * png_scale(rows, cols)  # a board unit is a point
    artists = len(runs(pic.shapes))
    if artists > MAX_PNG_ARTISTS:
        raise BoardError(f"a PNG of this {rows}x{cols} picture would draw {artists} texts, discs and runs of "
                         f"lines one at a time; a PNG draws at most {MAX_PNG_ARTISTS}: draw it as SVG")
    fig, ax = points_axes(pic.width, pic.height)
    fig.patch.set_facecolor(INK["bg"])
    draw(ax, pic)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, facecolor=INK["bg"])
    return buf.getvalue()
