"""The command line without arbitrary limits, with bounded work and one clear line for every bad
input (issue 13): node caps on every searching verb, lists that survive a bad board, exit codes,
the drawn seed of generate. (The cell budget and input size: tests/test_boardio.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pencilbox import api, boardio, cli, service
from tests.conftest import load_testdata


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    """Exit code, stdout lines and stderr lines of one in-process CLI call."""
    try:
        code = cli.main(list(argv))
    except SystemExit as e:  # argparse's own exits
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


# ---------------------------------------------------------------- item 3: bounded work

@pytest.mark.parametrize("verb", ["solve", "count", "grade", "hint"])
def test_every_searching_verb_takes_a_node_cap(capsys: pytest.CaptureFixture[str], verb: str) -> None:
    code, out, err = run(capsys, verb, "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2", "--node-cap", "5")
    assert code in (0, 1) and out and not err


def test_count_says_which_cap_ran_out(capsys: pytest.CaptureFixture[str]) -> None:
    board = "sukoro 3x4\nclues:\n. . . .\n. . . .\n. . . .\n"
    _, out, _ = run(capsys, "count", board, "--limit", "3")
    assert out[0].startswith("3+ answers") and "the count limit 3 was reached: raise --limit" in out[0]
    _, out, _ = run(capsys, "count", board, "--node-cap", "1", "--level", "deg")
    assert "the node cap 1 ran out: raise --node-cap" in out[0]
    parsed = api.Board(boardio.parse(board)[0][0].board)
    assert service.count(parsed, opts=service.Options(limit=3)).cap == "limit"


# ---------------------------------------------------------------- item 4: lists

@pytest.mark.parametrize("verb", [["solve"], ["count"], ["grade"], ["hint"], ["check"],
                                  ["convert", "--format", "url"], ["convert", "--format", "json"]])
def test_a_list_with_bad_boards_answers_every_good_one(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       verb: list[str]) -> None:
    good = load_testdata("sukoro")[0]
    path = tmp_path / "list.json"
    path.write_text(json.dumps([good, {"puzzle": "sukoro", "rows": 2}, [1], good]))
    code, out, err = run(capsys, verb[0], str(path), *verb[1:])
    assert code == 2 and not err
    lines = json.loads(out[0]) if verb[-1] == "json" else out
    assert len(lines) == 4
    bad = [x if isinstance(x, dict) else json.loads(x) for x in lines[1:3]]
    assert bad == [{"index": 1, "error": "board 1: missing key 'cols'"},
                   {"index": 2, "error": "board 2: expected a JSON object, got list"}]
    if verb[0] in ("solve", "count", "grade", "hint"):
        assert "error" not in json.loads(out[0]) and json.loads(out[3])["index"] == 3


def test_a_list_of_good_boards_exits_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(load_testdata("sukoro")[:2]))
    code, out, _ = run(capsys, "grade", str(path))
    assert code == 0 and len(out) == 2


# ---------------------------------------------------------------- item 5: exit codes

BAD_ARGV = [
    ["count", "p?sukoro/2/2/d", "--limit", str(2**64)],
    ["count", "p?sukoro/2/2/d", "--limit", "\u0664"],
    ["count", "p?sukoro/2/2/d", "--node-cap", "1" * 5000],
    ["solve", "sukoro 2x2\nclues:\n\u00b2 .\n. .\n"],
    ["solve", "fillapix 1x2\nclues:\n\u0664 .\n"],
    ["solve", "ripple 1x2\nclues:\n\u00b2 .\nregions:\na a\n"],
    ["solve", "ripple 1x2\nclues:\n" + "1" * 5000 + " .\nregions:\na a\n"],
    ["solve", "mosaic:2x1:\u0664a"],
    ["solve", '{"puzzle": "sukoro", "rows": 1, "cols": 1, "clues": [[1' + "0" * 5000 + "]]}"],
    ["solve", "[" * 1000 + "]" * 1000],
    ["solve", "https://puzz.link/p?sukoro/10/10/a1b2"],
    ["solve", "https://puzz.link/p?gokigen/4/4/iaegcgc"],
    ["solve", "https://puzz.link/p?ripple/4/4/9n8rigk14h3"],
    ["solve", "https://puzz.link/p?ripple/4/4/9n8rigk14h32k!"],
    ["solve", "https://puzz.link/p?gokigen/4/4/iaegcgcj6a0"],
    ["generate", "sukoro", "\u0664x4"],
    ["frobnicate"],
]


@pytest.mark.parametrize("argv", BAD_ARGV, ids=range(len(BAD_ARGV)))
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out and len(err) == 1 and err[0].startswith("pencilbox: error: "), err


# ---------------------------------------------------------------- item 9: seeds

@pytest.mark.parametrize("fmt", ["text", "json", "url"])
def test_generate_without_seed_says_the_seed(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, err = run(capsys, "generate", "slant", "4x4", "--format", fmt)
    assert code == 0 and len(err) == 1
    seed = int(err[0].split("seed ")[1].split()[0])
    code, again, _ = run(capsys, "generate", "slant", "4x4", "--format", fmt, "--seed", str(seed))
    assert again == out
    if fmt == "json":
        assert json.loads(out[0])["seed"] == seed


def test_a_150x120_fillapix_with_every_clue_counts_as_unique(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    """Item 1's board: past the old 100-a-side limit, every clue of a seeded random filling."""
    import random
    rng = random.Random(13)
    rows, cols = 150, 120
    paint = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]
    clues = [[sum(paint[y][x] for y in range(r - 1, r + 2) for x in range(c - 1, c + 2)
                  if 0 <= y < rows and 0 <= x < cols) for c in range(cols)] for r in range(rows)]
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"puzzle": "fillapix", "rows": rows, "cols": cols, "clues": clues}))
    code, out, _ = run(capsys, "count", str(path), "--json")
    got = json.loads(out[0])
    assert code == 0 and got["count"] == 1 and not got["capped"]
