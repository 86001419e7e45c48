"""The player's calls beyond play: the setter's ambiguity view (the backbone and the answers to
step through, as the page's marks), a board as an image, and a booklet of boards as a PDF. They
run in the heavy lane (worker.py dispatches them as it does play.py's); a picture travels as
text (SVG) or base64 (PNG, PDF) inside the JSON answer."""

from __future__ import annotations

import base64

from pencilbox import api, bank, boardio, booklet, puzzles, render, service
from pencilbox.compiled.cache import sat_present
from pencilbox.core.budgets import PLAYER_NODES, PLAYER_SAT_WORK, SPREAD_LIMIT, SPREAD_SHOWN, scaled
from pencilbox.core.engine import OutOfNodes
from pencilbox.core.puzzle import known
from pencilbox.errors import BoardError, shown
from pencilbox.verbs.answers import Ambiguity, Booklet, Image
from pencilbox.verbs.play import TooMuchWork

MAX_BOOKLET = 60  # boards in one booklet request (each is solved and graded)


def ambiguity(asked: api.Board) -> Ambiguity:
    """The cells every answer shares and up to SPREAD_SHOWN answers, as marks: by SAT within
    PLAYER_SAT_WORK cell-calls, or without python-sat by searches within the player's node cap;
    a backbone not settled within them is 503 with what was found (a blank 60x60 Sukoro once
    held the worker for the lane's whole 60 s, and the call queued behind it)."""
    board = asked.shape
    marks = puzzles.get(board.puzzle).marks
    cap = scaled(PLAYER_NODES, board.rows * board.cols, PLAYER_SAT_WORK) if sat_present() else PLAYER_NODES
    try:
        got = service.backbone(asked, SPREAD_LIMIT, SPREAD_SHOWN, cap)
    except OutOfNodes:
        raise TooMuchWork("the board is too hard for this request's node cap") from None
    if got.unsettled:
        met = f"{got.count} answer{'s' * (got.count != 1)}"
        raise TooMuchWork(f"the cells every answer shares were not settled within this request's {cap:,} "
                          f"SAT calls (at least {met}; {got.cells - got.unsettled} of {got.cells} cells "
                          "shown to differ): add clues, or run pencilbox backbone --node-cap on the command "
                          "line")

    def shown_(b: api.Board) -> list[object]:
        return marks.from_answer(board, known(b.shape.answer))
    return {"count": got.count, "capped": got.capped, "limit": got.limit, "fixed": shown_(got.fixed),
            "fixed_cells": got.fixed_cells, "cells": got.cells, "answers": [shown_(a) for a in got.answers]}


def image(asked: api.Board, fmt: object = "svg", answer: object = False) -> Image:
    """The board (and with ``answer`` its unique answer) as SVG text or a base64 PNG (a key
    left out of the request takes its default)."""
    fmt = "svg" if fmt is None else fmt
    answer = False if answer is None else answer
    if fmt not in ("svg", "png"):
        raise BoardError(f"'format' must be svg or png, got {shown(fmt)}")
    if not isinstance(answer, bool):
        raise BoardError(f"'answer' must be true or false, got {shown(answer)}")
    board = asked.shape
    if fmt == "png":
        render.png_scale(board.rows, board.cols)  # past the pixel bound: a 400, before any solving
    pic = render.picture(board, service.drawn(asked) if answer else None)
    name = f"{board.puzzle}-{board.rows}x{board.cols}{'-answer' if answer else ''}.{fmt}"
    if fmt == "png":
        return {"format": "png", "name": name, "data": base64.b64encode(render.png(pic)).decode()}
    return {"format": "svg", "name": name, "data": render.svg(pic, title=name)}


def booklet_of(ids: object, answers: object = True) -> Booklet:
    """A booklet of bank boards named by id (the page's bank list), answers at the back."""
    answers = True if answers is None else answers
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise BoardError("'ids' must be a list of bank board ids")
    if not 1 <= len(ids) <= MAX_BOOKLET:
        raise BoardError(f"a booklet takes 1..{MAX_BOOKLET} boards, got {len(ids)}")
    if not isinstance(answers, bool):
        raise BoardError(f"'answers' must be true or false, got {shown(answers)}")
    boards = []
    for board_id in ids:
        name = board_id.split("-", 1)[0]
        rec = next((r for r in bank.load(name) if r["id"] == board_id), None) \
            if name in puzzles.names() else None
        if rec is None:
            raise BoardError(f"no bank board {shown(board_id)}")
        boards.append(boardio.board_from_json({**rec, "answer": None}))
    title = f"{ids[0]}{f' and {len(ids) - 1} more' if len(ids) > 1 else ''}"
    pdf = booklet.pdf(boards, answers=answers)
    return {"name": f"pencilbox-{title.replace(' ', '-')}.pdf", "boards": len(boards),
            "pdf": base64.b64encode(pdf).decode()}
