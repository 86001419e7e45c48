"""The backbone (issue 30, item 5), on every folder that has one: SAT's fixed cells and count
against the ladder's search (which shares no code with SAT) cell by cell, on boards with several
answers made from the bank's small boards by dropping clues; and the command's contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pencilbox import api, bank, boardio, cli, puzzles, service
from pencilbox.core import budgets, engine, puzzlebase
from tests.contract import ambiguous

NAMES = [n for n in puzzles.names() if puzzles.get(n).spread is not None]


def possible(name: str, board: object, var: int) -> set[int]:
    """The values the ladder's search finds some answer for at ``var`` (one count per value)."""
    puzzle = puzzles.get(name)
    start = puzzle.initial_state(board)
    def one(b: int) -> list[int]:
        return [b if i == var else d for i, d in enumerate(start)]
    return {b for b in engine.bits(start[var]) if engine.count(puzzle, board, limit=1, dom=one(b)).count}


@pytest.mark.parametrize("name", NAMES)
def test_the_backbone_is_what_the_ladder_finds_cell_by_cell(name: str) -> None:
    puzzle = puzzles.get(name)
    seen_free = False
    for board in ambiguous(name):
        got = service.backbone(api.Board(board), limit=10**6)
        ladder = engine.count(puzzle, board, limit=10**6)
        assert not got.capped and not ladder.capped and got.count == ladder.count
        first = puzzle.state_from_answer(board, got.answers[0].shape.answer)
        fixed = got.fixed.shape.answer
        for var in range(board.rows * board.cols):
            values = possible(name, board, var)
            assert (fixed[var] is not None) == (len(values) == 1), (var, values)
            assert first[var] in values
        seen_free |= got.fixed_cells < got.cells
        assert len(got.answers) == min(got.count, 10)
    assert seen_free, "no board had a cell the answers disagree on"


@pytest.mark.parametrize("name", [n for n in puzzles.names() if n not in NAMES])
def test_a_puzzle_without_a_backbone_says_so(name: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A folder that declares no ``spread`` (the toy) is refused with one clear line, exit 2."""
    rec = min(bank.load(name), key=lambda r: int(r["rows"]) * int(r["cols"]))
    (tmp_path / "b.json").write_text(json.dumps({**rec, "answer": None}))
    assert cli.main(["backbone", str(tmp_path / "b.json")]) == 2
    assert f"{name} has no SAT backbone" in capsys.readouterr().err


@pytest.mark.parametrize("name", NAMES)
def test_a_unique_board_is_all_backbone_and_an_impossible_one_has_none(name: str) -> None:
    rec = min(bank.load(name), key=lambda r: int(r["rows"]) * int(r["cols"]))
    board = boardio.board_from_json({**rec, "answer": None})
    got = service.backbone(api.Board(board))
    assert (got.count, got.capped, got.fixed_cells) == (1, False, got.cells)
    assert got.to_dict()["fixed"] == puzzles.get(name).answer_json(board, boardio.board_from_json(rec).answer)


def test_the_command_says_the_count_honestly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.txt"
    path.write_text("slant 3x3\nclues:\n. . . .\n. 1 . .\n. . 2 .\n. . . .\n")
    assert cli.main(["backbone", str(path)]) == 0
    assert capsys.readouterr().out.startswith("48 answers; 0 of 9 cells the same in every answer")
    assert cli.main(["backbone", str(path), "--limit", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["count"], out["capped"], len(out["answers"])) == (5, True, 5)
    assert cli.main(["backbone", str(path), "--limit", "5"]) == 0
    assert "at least 5 answers (the limit 5 was reached" in capsys.readouterr().out
    assert cli.main(["backbone", str(path), "--limit", "0"]) == 2
    assert "--limit 0 is out of range" in capsys.readouterr().err


@pytest.mark.parametrize("name", NAMES)
def test_a_backbone_past_its_node_cap_says_what_it_showed_and_no_more(name: str) -> None:
    """Issue 47 item 3: SAT's backbone ran without a bound (a blank 20x20 Sukoro past 150 s). Past
    its node cap it answers what it showed: the cells two answers differ on, which the exact
    backbone agrees differ, the rest unsettled (never called shared), and a lower-bound count."""
    for board in ambiguous(name):
        exact = service.backbone(api.Board(board), limit=10**6)
        for cap in (1, 2, 3):
            got = api.Board(board).backbone(limit=10**6, node_cap=cap)
            assert got.calls <= cap and got.node_cap == cap
            if got.cap is None:  # settled within the cap: the exact answer
                assert (got.count, got.fixed_cells) == (exact.count, exact.fixed_cells)
                continue
            assert (got.cap, got.capped, got.fixed_cells) == ("nodes", True, 0)
            assert got.count <= exact.count and got.unsettled > 0
            shared = exact.fixed.shape.answer
            assert got.fixed.shape.answer == (None,) * got.cells
            differ = got.cells - got.unsettled  # each shown by two answers: none is in the backbone
            assert differ <= exact.cells - exact.fixed_cells
            seen = [a.shape.answer for a in got.answers]
            assert all(shared[i] is None for i in range(got.cells) if len({a[i] for a in seen}) > 1)
            assert "not settled (raise --node-cap" in str(got) and got.to_dict()["unsettled"] == got.unsettled


def test_a_blank_board_backbone_answers_within_its_default_cap(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The default cap is solve's, scaled to SAT_WORK cell-calls (here made small, so the blank
    board that ran for minutes stops at once and says so; bench/budget.py times the real one)."""
    monkeypatch.setattr(budgets, "SAT_WORK", 10 * 36)
    got = api.blank("sukoro", 6, 6).backbone()
    assert got.node_cap == 10 and got.calls <= 10 and got.cap == "nodes" and got.unsettled
    assert cli.main(["backbone", api.blank("sukoro", 6, 6).to_url(), "--node-cap", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["cap"], out["node_cap"], out["unsettled"], out["fixed_cells"]) == ("nodes", 1, 36, 0)


@pytest.mark.parametrize("name", NAMES)
def test_a_board_whose_sat_encoding_is_too_large_is_refused_before_it_is_built(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A 500x500 Sukoro's clauses held 2.6 GB before the first solve: past SAT_CLAUSES (here made
    small) backbone and count --engine sat refuse with the reason, exit 2."""
    board = ambiguous(name)[0]
    size = puzzles.get(name).sat_clauses(board)
    monkeypatch.setattr(puzzlebase, "SAT_CLAUSES", size - 1)
    url = api.Board(board).to_url()
    for argv in (["backbone", url], ["count", url, "--engine", "sat"]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert f"about {size:,} clauses, past the {size - 1:,} it may build" in err, err
    monkeypatch.setattr(puzzlebase, "SAT_CLAUSES", size)
    assert api.Board(board).count(engine="sat").count >= 2
