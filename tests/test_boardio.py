"""Reading boards within limits (boardio.py; issue 13): the cell budget, not a side of 100, for
every format (and the command line's sizes), input size, and a complete URL read whole."""

from __future__ import annotations

import pytest

from pencilbox import boardio, cli
from pencilbox.errors import BoardError


def blank(puzzle: str, rows: int, cols: int) -> dict:
    side = (rows + 1, cols + 1) if puzzle == "slant" else (rows, cols)
    return {"puzzle": puzzle, "rows": rows, "cols": cols, "clues": [[None] * side[1] for _ in range(side[0])]}


def test_a_board_past_100_a_side_is_read_within_the_cell_budget() -> None:
    board = boardio.board_from_json(blank("fillapix", 118, 100))
    assert (board.rows, board.cols) == (118, 100)


@pytest.mark.parametrize("rows, cols", [(500, 500), (1, 250_000), (2, 125_000), (250_000, 1)])
def test_every_shape_at_the_cell_budget_is_read(rows: int, cols: int) -> None:
    assert boardio.MAX_CELLS == rows * cols == 250_000
    board = boardio.board_from_json(blank("sukoro", rows, cols))
    assert (board.rows, board.cols) == (rows, cols)
    assert cli.parse_size(f"{rows}x{cols}") == (rows, cols)


@pytest.mark.parametrize("rows, cols", [(501, 500), (1, 250_001), (2, 125_001), (250_001, 1)])
def test_a_board_over_the_cell_budget_is_refused_with_its_size(rows: int, cols: int) -> None:
    said = rf"{rows}x{cols} = {rows * cols} cells is over the cell budget of 250000"
    with pytest.raises(BoardError, match=said):
        boardio.board_from_json(blank("sukoro", rows, cols))
    with pytest.raises(BoardError, match="over the cell budget"):
        cli.parse_size(f"{rows}x{cols}")
    with pytest.raises(BoardError, match="over the cell budget"):
        boardio.parse_url(f"https://puzz.link/p?sukoro/{cols}/{rows}/")
    with pytest.raises(BoardError, match="over the cell budget"):
        boardio.parse_text(f"sukoro {rows}x{cols}\nclues:\n.\n")


def test_input_from_a_file_or_stdin_is_size_limited() -> None:
    with pytest.raises(BoardError, match="/dev/zero: input is over 64 MiB"):
        boardio.read_source("/dev/zero")


def test_a_complete_url_still_reads() -> None:
    assert boardio.parse("https://puzz.link/p?gokigen/4/4/iaegcgcj6a")[0][0].board.cols == 4
    assert boardio.parse("https://puzz.link/p?ripple/4/4/9n8rigk14h32k")[0][0].board.cols == 4
    assert boardio.parse("https://puzz.link/p?ripple/4/4/9n8rigk14h32k0")[0][0].board.cols == 4
