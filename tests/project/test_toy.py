"""The toy puzzle (tests/toy/, a puzzle folder that lies outside the package), registered for this
module only: it passes the contract and goes through the CLI, the service, the studies runner, the
bank and the player's catalogue and API. tests/project/test_new_folder.py drops the same folder into
the package and runs the registry-wide tests over it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pencilbox import api, bank, boardio, cli, puzzles, service
from pencilbox.core import engine
from pencilbox.player.api import app
from pencilbox.studies import runner
from pencilbox.verbs import play
from tests import contract
from tests.toy import PUZZLE
from tests.toy.board import Board


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    puzzles.register(PUZZLE)
    yield
    puzzles.unregister(PUZZLE.name)


def first() -> Board:
    """The bank's first board (unique, 4x4)."""
    return contract.banked("toy")[0][1]


def test_registered_like_the_folders() -> None:
    assert "toy" in puzzles.names() and puzzles.get("TOY") is PUZZLE
    assert PUZZLE.kernel is None and engine.levels(PUZZLE) == ("count", "probe")


def test_the_bank_passes_the_contract_and_rebuilds_bit_for_bit() -> None:
    records = contract.banked("toy")
    assert len(records) == 8 and {g for *_, g in records} == {"count", "probe"}
    for _, board, answer, grade in records:
        contract.check_bank_record(PUZZLE, board, answer, grade)
        contract.check_engines_agree(PUZZLE, board, answer)  # brute too, on the 4x4 boards
        contract.check_kernel_counts_like_reference(PUZZLE, board)
        contract.check_codecs_round_trip(PUZZLE, board, answer)
        for names in contract.rung_sets(PUZZLE):
            contract.check_rungs_keep_the_answer(PUZZLE, board, answer, names, 0)
    boards, short = bank.build(bank.recipe("toy"))
    assert not short and bank.dumps(boards) == (bank.folder("toy") / "toy.json").read_text()
    assert bank.folder("toy") == Path(__file__).parents[1] / "toy" / "bank"


def test_a_board_with_several_answers() -> None:
    contract.check_engines_agree(PUZZLE, Board(2, 2, (None,) * 4), None)


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "toy.txt"
    path.write_text(boardio.dump(first(), "text"))
    for argv in (["count", str(path), "--engine", "sat", "--json"], ["count", str(path), "--engine", "brute"],
                 ["grade", str(path), "--json"], ["hint", str(path), "--json"],
                 ["convert", str(path), "--format", "json"], ["generate", "toy", "4x4", "--seed", "3"]):
        assert cli.main(argv) == 0, argv
        assert capsys.readouterr().out.strip(), argv
    assert cli.main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "unique"
    for fmt in ("url", "tatham"):
        assert cli.main(["convert", str(path), "--format", fmt]) == 2
        assert "toy has no" in capsys.readouterr().err
    assert cli.main(["convert", "p?toy/4/4/abc", "--format", "text"]) == 2  # read: refused too
    assert "URL: toy has no puzz.link URL format" in capsys.readouterr().err


def test_the_service() -> None:
    board = api.Board(boardio.parse(boardio.dump(first(), "text"))[0][0].board)
    solved = service.solve(board)
    assert solved.status == "unique" and solved.grade in engine.levels(PUZZLE) and solved.answer is not None
    assert service.check(solved.answer).ok
    for name in ("ladder", "brute", "sat"):
        assert service.count(board, name).count == 1
    assert service.hint(board).kind == "hint"
    assert service.grade(board).grade == solved.grade


def test_the_studies_runner(tmp_path: Path) -> None:
    assert runner.listing("toy") == "toy 1 clues: Clues the toy generator keeps"
    assert runner.run("toy", [], quick=True, out=tmp_path / "stats", state=tmp_path / "state",
                      progress=False) == 0
    saved = json.loads(next((tmp_path / "stats").glob("toy*.json")).read_text())
    assert "clues" in json.dumps(saved)


def test_the_players_catalogue_and_api() -> None:
    toy = next(p for p in play.catalog()["puzzles"] if p["name"] == "toy")
    assert toy["levels"] == ["count", "probe"] and toy["sizes"] == [(4, 4), (5, 5)]
    assert toy["cycle"] == ["#", ".", None]
    client = TestClient(app, base_url="http://127.0.0.1:8000", headers={"Content-Type": "application/json"})
    assert "toy" in [p["name"] for p in client.get("/api/catalog").json()["puzzles"]]
    first = client.get("/api/bank", params={"puzzle": "toy"}).json()["boards"][0]
    got = client.get(f"/api/board/{first['id']}").json()
    assert got["grade"] == first["grade"]
    body = json.dumps({"board": got["board"], "position": [None] * 16})
    hint = client.post("/api/hint", content=body)
    assert hint.status_code == 200 and hint.json()["kind"] == "hint"
    assert client.post("/api/check", content=body).json()["won"] is False
