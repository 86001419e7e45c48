"""Reading boards within limits (boardio.py; issue 13): the cell budget, not a side of 100, for
every format (and the command line's sizes), input size, and a complete URL read whole."""

from __future__ import annotations

import json

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


# ---------------------------------------------------------------- issue 47, item 2: read what is kept

def test_a_text_board_is_refused_at_its_first_row_past_the_header_s_size() -> None:
    """Line 5 is the third row of a 1x2 board's section (Slant's lattice has rows + 1, no grid more):
    refused there, before the rest is read (a second 'clues:' further down is never reached)."""
    text = "sukoro 1x2\nclues:\n. .\n. .\n. .\n" + ". .\n" * 1000 + "clues:\n"
    with pytest.raises(BoardError, match=r"^line 5: section 'clues:' has more than 2 rows; no section of a "
                                         r"sukoro 1x2 board has more$"):
        boardio.parse_text(text)


def test_a_text_row_is_refused_at_its_first_token_past_the_header_s_size() -> None:
    with pytest.raises(BoardError, match=r"^line 3, column 7: section 'clues:' row has more than 3 tokens"):
        boardio.parse_text("sukoro 1x2\nclues:\n. . . ." + " 9" * 1000 + "\n")


def test_a_text_board_names_at_most_three_sections() -> None:
    """A fourth section is refused where it starts (each may hold a whole board's tokens); a third
    that the puzzle does not read is named by the puzzle."""
    names = "".join(f"{name}:\n. .\n" for name in ("clues", "answer", "notes", "more"))
    with pytest.raises(BoardError, match=r"^line 8: section 'more:' is past the 3 sections a board may have"):
        boardio.parse_text("sukoro 1x2\n" + names)
    with pytest.raises(BoardError, match=r"^line 6: unknown section 'notes:' for sukoro$"):
        boardio.parse_text("sukoro 1x2\n" + names[:names.index("more")])


@pytest.mark.parametrize("brk", ["\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028"])
def test_text_lines_are_numbered_as_splitlines_numbers_them_across_skipped_runs(brk: str) -> None:
    """Blank and comment lines are skipped a run at a time; the line a later error names is still
    the one str.splitlines counts (a text editor's), whatever the line break."""
    lines = ["# a note", "", "  # another", "sukoro 1x2", "# a note before the sections", "", "  ",
             "clues:", "", "1 9", ""]
    text = brk.join(lines)
    where = text.splitlines().index("1 9") + 1
    with pytest.raises(BoardError, match=rf"^line {where}, column 3: '9' is not a Sukoro clue"):
        boardio.parse_text(text)
    with pytest.raises(BoardError, match=r"section 'clues:' has 2 rows, expected 1"):
        boardio.parse_text(brk.join(["sukoro 1x2", "clues:", "1 .", "#"]))  # '#' is a token past a section


def bad_boards(n: int) -> str:
    return json.dumps([{"id": f"b{k}"} for k in range(n)])


def test_a_list_of_bad_boards_keeps_a_bounded_number_of_error_records() -> None:
    """The first MAX_LISTED bad boards keep their place with their error; the rest are counted in
    one last record (10 MB of '{}' kept 3.5 million records, 1.6 GB)."""
    found, many = boardio.parse(bad_boards(250)[:-1] + ', {"puzzle": "sukoro", "rows": 1, "cols": 2, '
                                '"clues": [[1, null]]}]')
    assert many and boardio.MAX_LISTED == 100
    assert len(found) == 102
    assert [r.index for r in found[:100]] == list(range(100))
    assert found[0].error == "board 0: missing key 'puzzle'"
    assert found[100].index == 250 and found[100].board is not None
    last = found[101]
    assert (last.index, last.board, last.unlisted) == (100, None, 149)
    assert last.error == ("150 more bad boards from board 100 on are not listed (a list names its first 100 "
                          "bad boards one by one)")
    assert boardio.count(iter(found)) == 251


def test_a_list_is_read_one_board_at_a_time() -> None:
    """A list's boards come as they are asked for: each is there before the text is read past
    it (a list of millions of boards is never held whole; a list broken further on says where)."""
    text = ('[{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1, null]]}, '
            '{"puzzle": "sukoro", "rows": 1} oops')
    found, many = boardio.records(text)
    assert many
    assert next(found).board is not None
    assert next(found).error == "board 1: missing key 'cols'"
    with pytest.raises(BoardError, match=rf"^line 1, column {text.index('oops') + 1}: invalid JSON: "
                                         "Expecting ',' delimiter$"):
        next(found)


def test_a_json_board_with_more_values_than_any_board_holds_is_refused_before_it_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(boardio, "JSON_ITEMS", 10)
    rows = ", ".join(["[]"] * 10)
    with pytest.raises(BoardError, match=r"^line 1, column 1: board: more than 10 arrays, objects and"):
        boardio.parse(f'{{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [{rows}]}}')
    with pytest.raises(BoardError, match=r"^line 1, column 1: board: more than 10 numbers"):
        boardio.parse('{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[' + ", ".join("1" * 11) + "]]}")
    assert boardio.JSON_ITEMS == 10 and boardio.parse(
        '{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1, null]]}')[0][0].board is not None


def test_the_json_values_bound_holds_every_board_within_the_cell_budget() -> None:
    """JSON_ITEMS is above the most values a board within the budget writes: a 250000x1 Ripple with
    regions, clues and an answer, every entry a number, every row a list."""
    rows = 250_000
    most = 1 + 3 * (1 + rows) + 3 * rows + 2 * 6  # the board, three grids of rows, their numbers, keys
    assert most < boardio.JSON_ITEMS
