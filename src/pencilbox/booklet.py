"""Boards on paper (``pencilbox print``, the page's "print booklet"): several boards a page, each
with its number, grade and share code, and the answers at the back, as a PDF that matplotlib's
PdfPages writes."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pencilbox import api, boardio, puzzles, render, service
from pencilbox.core.puzzle import BoardShape
from pencilbox.errors import BoardError, needs

A4 = (595.0, 842.0)  # points
MARGIN = 36.0
CAPTION = 11.0  # the caption's font size (points); the share code's is smaller
CODE = 6.5
CODE_LINES = 4
MIN_CELL = 16.0  # the smallest a cell is printed (points) before a page takes fewer boards
LAYOUTS = ((2, 3), (2, 2), (1, 2), (1, 1))  # columns x rows a page, most boards first
MAX_BOARDS = 200  # a booklet's boards (each is solved and graded)
MAX_DRAWN = 200_000  # cells a booklet draws, the answers' included: 100 blank 40x40 Slants with their
# answers (320,000) took 22 s, a 200x200 Ripple with its answer 7 s; before the PNG bound a 200x200
# Ripple's booklet ran past 200 s and 1.1 GB


@dataclass(frozen=True)
class Entry:
    """One board of the booklet and what is printed beside it."""

    board: BoardShape
    title: str
    code: str
    answer: tuple[Any, ...] | None  # None: no unique answer to print


def entry(board: BoardShape, number: int, share: int = 1) -> Entry:
    """The board's caption (its number, puzzle, size and grade) and share code; its answer when
    it has exactly one, solved under ``share``'s part of solve's budget (a booklet's boards share
    one: 200 boards each with a whole one could take minutes; past its part, "not settled")."""
    puzzle = puzzles.get(board.puzzle)
    solved = service.solve(api.Board(board), service.Options(share=share))
    grade = solved.grade or {"multiple": "several answers", "none": "no answer"}.get(
        solved.status, "not settled")
    fmt = "url" if puzzle.url is not None else "tatham" if puzzle.tatham is not None else "json"
    answer = solved.answer.shape.answer if solved.answer is not None and solved.unique else None
    return Entry(board, f"{number}. {puzzle.title}, {board.rows}x{board.cols}, {grade}",
                 boardio.dump(board, fmt).strip(), answer)


def layout(pics: Sequence[render.Picture]) -> tuple[int, int]:
    """The next page's columns and rows: the most boards at which each of the next boards keeps
    its cells MIN_CELL wide (one a page when even that is too small)."""
    for cols, rows in LAYOUTS:
        w, h = _slot(cols, rows)
        if all(min(w / p.width, h / p.height) * render.S >= MIN_CELL for p in pics[:cols * rows]):
            return cols, rows
    return LAYOUTS[-1]


def _slot(cols: int, rows: int) -> tuple[float, float]:
    """The room a board has in a slot, its caption and code lines taken off."""
    w = (A4[0] - 2 * MARGIN) / cols - 12
    h = (A4[1] - 2 * MARGIN) / rows - 3.2 * CAPTION - (CODE_LINES + 1) * CODE * 1.2
    return w, h


def pdf(boards: Sequence[BoardShape], answers: bool = False) -> bytes:
    """The booklet: the boards in order, then (with ``answers``) each board's answer."""
    if not boards:
        raise BoardError("print takes at least one board")
    if len(boards) > MAX_BOARDS:
        raise BoardError(f"print takes at most {MAX_BOARDS} boards, got {len(boards)}")
    for k, b in enumerate(boards):  # before any is solved: a 500x500 was solved and graded first
        if b.rows * b.cols > render.MAX_CELLS:
            raise BoardError(f"board {k + 1} is {b.rows}x{b.cols}: at most {render.MAX_CELLS} cells "
                             "are drawn")
    drawn = sum(b.rows * b.cols for b in boards) * (2 if answers else 1)
    if drawn > MAX_DRAWN:
        raise BoardError(f"a booklet draws at most {MAX_DRAWN:,} cells (its boards', and their answers' with "
                         f"--answers); these draw {drawn:,}: print fewer or smaller boards a booklet")
    needs("matplotlib", "a PDF booklet")
    from matplotlib.backends.backend_pdf import PdfPages
    entries = [entry(b, i + 1, len(boards)) for i, b in enumerate(boards)]
    pics = [render.picture(e.board) for e in entries]
    pages = [(e, p) for e, p in zip(entries, pics, strict=True)]
    if answers:
        pages += [(e, render.picture(e.board, e.answer)) for e in entries]
    out = io.BytesIO()
    with PdfPages(out, metadata={"Title": "pencilbox booklet", "Creator": "pencilbox"}) as doc:
        for part, heading in ((pages[:len(entries)], ""), (pages[len(entries):], "Answers")):
            k = 0
            while k < len(part):
                cols, rows = layout([p for _, p in part[k:]])
                doc.savefig(_page(part[k:k + cols * rows], cols, rows, heading if k == 0 else ""))
                k += cols * rows
    return out.getvalue()


def _page(items: Sequence[tuple[Entry, render.Picture]], cols: int, rows: int, heading: str) -> Any:
    """One A4 page of boards, each centred in its slot under its caption, its code below it."""
    fig, ax = render.points_axes(*A4)
    if heading:
        ax.text(A4[0] / 2, MARGIN / 2 + 4, heading, ha="center", va="center", fontsize=14,
                fontweight="bold", family="DejaVu Sans")
    sw, sh = (A4[0] - 2 * MARGIN) / cols, (A4[1] - 2 * MARGIN) / rows
    w, h = _slot(cols, rows)
    for n, (e, pic) in enumerate(items):
        x0, y0 = MARGIN + (n % cols) * sw, MARGIN + (n // cols) * sh
        scale = min(w / pic.width, h / pic.height)
        left = x0 + (sw - pic.width * scale) / 2
        ax.text(x0 + sw / 2, y0 + CAPTION, e.title, ha="center", va="center", fontsize=CAPTION,
                family="DejaVu Sans")
        render.draw(ax, pic, left, y0 + 2 * CAPTION, scale)
        if heading and e.answer is None:
            ax.text(x0 + sw / 2, y0 + 2 * CAPTION + pic.height * scale / 2, "no unique answer", ha="center",
                    va="center", fontsize=CAPTION, color="#b04a00", family="DejaVu Sans", zorder=10**6,
                    bbox={"facecolor": "white", "edgecolor": "#b04a00", "boxstyle": "round"})
        _code(ax, e.code, x0 + sw / 2, y0 + 2.4 * CAPTION + pic.height * scale, sw - 12)
    return fig


def _code(ax: Any, code: str, x: float, y: float, width: float) -> None:
    """The share code under a board, broken into lines that fit its slot; one too long for
    CODE_LINES lines is cut and says so (the board's file keeps it whole)."""
    per = max(10, int(width / (CODE * 0.6)))
    lines = [code[i:i + per] for i in range(0, len(code), per)]
    if len(lines) > CODE_LINES:
        lines = lines[:CODE_LINES - 1] + [f"… ({len(code)} characters: the code is cut here)"]
    ax.text(x, y, "\n".join(lines), ha="center", va="top", fontsize=CODE, family="DejaVu Sans Mono",
            color="#5f5f5f")
