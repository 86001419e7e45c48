"""Boards on paper (booklet.py; issue 30, item 6): ``pencilbox print`` makes a booklet whose
pages pdftoppm renders with ink in every slot and the answers at the back; bad input is refused."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pencilbox import bank, cli, puzzles

NAMES = puzzles.names()


def smallest(name: str) -> dict[str, object]:
    return min(bank.load(name), key=lambda r: (int(r["rows"]) * int(r["cols"]), str(r["id"])))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_the_booklet_has_every_board_and_the_answers_at_the_back(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image
    recs = [smallest(n) for n in NAMES]
    (tmp_path / "all.json").write_text(json.dumps([{**r, "answer": None} for r in recs]))
    out = tmp_path / "book.pdf"
    assert cli.main(["print", str(tmp_path / "all.json"), "--out", str(out), "--answers"]) == 0
    assert f"{len(recs)} boards with their answers" in capsys.readouterr().out
    subprocess.run(["pdftoppm", "-r", "40", "-gray", str(out), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.pgm"))
    assert len(pages) == 2, "the boards on one page, their answers on the next"
    inks = []
    for page in pages:
        img = Image.open(page)
        w, h = img.size
        px = img.load()
        inks.append(sum(1 for x in range(w) for y in range(h) if px[x, y] < 128))
        for k in range(len(recs)):  # a 2x3 layout: each board's slot has ink
            x0, y0 = (k % 2) * w // 2, (k // 2) * h // 3
            assert any(px[x, y] < 128 for x in range(x0 + 5, x0 + w // 2 - 5, 2)
                       for y in range(y0 + 20, y0 + h // 3 - 5, 2)), (page.name, k)
    assert inks[1] > inks[0], "the answers draw more than the clues alone"


def test_print_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([smallest("slant"), {"puzzle": "slant", "rows": 0}]))
    assert cli.main(["print", str(bad), "--out", str(tmp_path / "x.pdf")]) == 2
    assert "board 1" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_print_refuses_what_it_could_not_draw_before_it_solves_anything(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47 item 3: a 500x500 board was solved and graded (9 s, 460 MB) before render refused
    it, and a 200x200 Ripple's booklet ran past 200 s and 1.1 GB: a board past render's cells, or
    a booklet past MAX_DRAWN cells drawn (the answers' too), is refused before any board is solved."""
    from pencilbox import booklet
    solved: list[object] = []
    monkeypatch.setattr(booklet, "entry", lambda b, i, share: solved.append(b))
    big = {"puzzle": "slant", "rows": 201, "cols": 200, "clues": [[None] * 201 for _ in range(202)]}
    path = tmp_path / "big.json"
    path.write_text(json.dumps([smallest("slant"), big]))
    assert cli.main(["print", str(path), "--out", str(tmp_path / "x.pdf")]) == 2
    assert "board 2 is 201x200: at most 40000 cells are drawn" in capsys.readouterr().err
    monkeypatch.setattr(booklet, "MAX_DRAWN", 2 * 25 - 1)
    five = tmp_path / "five.json"
    five.write_text(json.dumps({"puzzle": "slant", "rows": 5, "cols": 5, "clues": [[None] * 6] * 6}))
    assert cli.main(["print", str(five), "--answers", "--out", str(tmp_path / "x.pdf")]) == 2
    said = "a booklet draws at most 49 cells (its boards', and their answers' with --answers); these draw 50"
    assert said in capsys.readouterr().err
    assert solved == [] and not (tmp_path / "x.pdf").exists()


def test_a_booklets_boards_share_one_solve_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each of a booklet's boards was solved and graded under a whole solve's budget: 200 hard
    boards could take minutes. They share one now (``Options.share``): each its part of the
    default caps and of the readable passes' work; past it, its grade says "not settled"."""
    from pencilbox import boardio, booklet, service
    from pencilbox.core.budgets import PASS_WORK, SOLVE_NODES
    seen: list[service.Options] = []
    real = service.solve

    def spy(board: object, opts: service.Options) -> object:
        seen.append(opts)
        return real(board, opts)  # type: ignore[arg-type]
    monkeypatch.setattr(service, "solve", spy)
    board = boardio.board_from_json({**smallest("slant"), "answer": None})
    assert booklet.pdf([board] * 4)[:4] == b"%PDF"
    assert [o.share for o in seen] == [4] * 4
    whole = service.Options().nodes(SOLVE_NODES, board)
    assert service.Options(share=4).nodes(SOLVE_NODES, board) == whole // 4
    assert service.Options(share=4).passes() == PASS_WORK // 4 and service.Options(share=4, node_cap=9).nodes(
        SOLVE_NODES, board) == 9
