"""The page's own verbs (verbs/play.py; issue 30, items 1 to 3), through the JSON API (starlette's
TestClient, in process): the trial check (POST /api/trial) reads the ladder and never the answer,
the candidates a level leaves (POST /api/candidates), the last position that agrees with the answer
(POST /api/rewind), and bad input answered with one clear 4xx message."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import api, bank, boardio, cli, puzzles, verbs
from pencilbox.core import engine
from pencilbox.errors import BoardError
from pencilbox.player.api import app
from pencilbox.verbs import play

client = TestClient(app, base_url="http://127.0.0.1:8000", headers={"Content-Type": "application/json"})
NAMES = puzzles.names()


@pytest.fixture(scope="module", autouse=True)
def warm_kernels() -> None:
    """What the server's lifespan does before its first request (this client skips it)."""
    verbs.warm(("play",))


def post(path: str, body: Any) -> Any:
    return client.post(path, content=json.dumps(body))


def smallest(name: str) -> dict[str, Any]:
    return min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))


def setup(name: str) -> tuple[dict[str, Any], list[Any], list[Any]]:
    """A bank board's JSON (no answer), its answer as marks and the page's start position (the
    marks its clues fix: Sukoro's numbered clues, Ripple's givens)."""
    rec = smallest(name)
    board = boardio.board_from_json(rec)
    marks = puzzles.get(name).marks
    answer = marks.from_answer(board, board.answer)
    fixed = marks.UI.fixed is not None and marks.UI.clue_on == "cells"
    start = [answer[i] if fixed and board.clues[i] is not None else None for i in range(len(answer))]
    return play.board_json(board), answer, start


def wrong_of(name: str, board: dict[str, Any], answer: list[Any], i: int) -> Any | None:
    """Another mark than the answer's at cell ``i`` (None where the cell has no other)."""
    if name == "ripple":
        cols = board["cols"]
        lab = board["regions"][i // cols][i % cols]
        size = sum(row.count(lab) for row in board["regions"])
        return next((d for d in range(1, size + 1) if d != answer[i]), None)
    cycle = puzzles.get(name).marks.CYCLE
    return next(m for m in cycle if m is not None and m != answer[i])


def free(name: str, board: dict[str, Any], start: list[Any]) -> list[int]:
    return [i for i, m in enumerate(start) if m is None]


# ---------------------------------------------------------------- the trial check

@pytest.mark.parametrize("name", NAMES)
def test_a_trial_check_finds_a_wrong_entry_and_names_the_rung_and_cells(name: str) -> None:
    board, answer, start = setup(name)
    top = engine.levels(puzzles.get(name))[-1]
    ok = post("/api/trial", {"board": board, "position": start, "level": top}).json()
    assert ok["kind"] == "ok" and ok["cells"] == [] and top in ok["message"]
    found = None
    for i in free(name, board, start):
        pos = list(start)
        pos[i] = wrong_of(name, board, answer, i)
        if pos[i] is None:
            continue
        res = post("/api/trial", {"board": board, "position": pos, "level": top})
        assert res.status_code == 200, res.text
        if res.json()["kind"] == "contradiction":
            found = res.json()
            break
    assert found is not None, "no single wrong mark contradicts at the top level"
    levels = engine.levels(puzzles.get(name))
    assert found["rung"] in (*levels, "clue", "rules") and found["rung"] in found["message"]
    assert found["cells"] or found["clues"]
    for r, c in found["cells"]:
        assert 0 <= r < board["rows"] and 0 <= c < board["cols"]


def test_the_trial_check_never_reads_the_answer() -> None:
    """A wrong entry the cheapest rung cannot refute is "ok" to the trial check (the hint, which
    knows the answer, calls it wrong), and a board with two answers is checked all the same."""
    name = "sukoro"
    board, answer, start = setup(name)
    first = engine.levels(puzzles.get(name))[0]
    quiet = None
    for i in free(name, board, start):
        pos = list(start)
        pos[i] = wrong_of(name, board, answer, i)
        if post("/api/trial", {"board": board, "position": pos, "level": first}).json()["kind"] == "ok":
            quiet = pos
            break
    assert quiet is not None
    assert post("/api/hint", {"board": board, "position": quiet, "level": first}).json()["kind"] == "wrong"
    blank = {**board, "clues": [[None] * len(row) for row in board["clues"]]}  # many answers
    empty = [None] * len(start)
    res = post("/api/trial", {"board": blank, "position": empty, "level": None})
    assert res.status_code == 200 and res.json()["kind"] == "ok"


# ---------------------------------------------------------------- candidates

@pytest.mark.parametrize("name", NAMES)
def test_candidates_hold_the_answer_and_narrow_up_the_ladder(name: str) -> None:
    board, answer, start = setup(name)
    levels = engine.levels(puzzles.get(name))
    counts = []
    for level in levels:
        res = post("/api/candidates", {"board": board, "position": start, "level": level})
        assert res.status_code == 200, res.text
        got = res.json()
        assert got["level"] == level and not got["contradiction"]
        for c in got["cells"]:
            i = c["cell"][0] * board["cols"] + c["cell"][1]
            assert answer[i] in c["marks"], (level, c)  # every rung is sound
        counts.append(sum(len(c["marks"]) for c in got["cells"]))
    assert counts == sorted(counts, reverse=True)  # a level is every cheaper rung and more


def test_ripple_candidates_are_digits_of_the_region() -> None:
    board, answer, start = setup("ripple")
    first = engine.levels(puzzles.get("ripple"))[0]
    got = post("/api/candidates", {"board": board, "position": start, "level": first}).json()
    cols = board["cols"]
    assert {tuple(c["cell"]) for c in got["cells"]} == {divmod(i, cols) for i in free("ripple", board, start)}
    for c in got["cells"]:
        lab = board["regions"][c["cell"][0]][c["cell"][1]]
        size = sum(row.count(lab) for row in board["regions"])
        assert set(c["marks"]) <= set(range(1, size + 1)) and c["marks"] == sorted(c["marks"])


def test_rules_candidates_never_chain_so_they_do_not_give_the_answer_away() -> None:
    """Issue 48 item 5: Fill ✎ at the top level left one digit in every open cell of
    ripple-10x10-hidden-01 (83 of 83). With ``rules`` a digit goes only when it breaks a rule
    beside the digits in (the validator, one digit at a time): sound, and most cells stay open."""
    rec = next(r for r in bank.load("ripple") if r["id"] == "ripple-10x10-hidden-01")
    board = {k: rec[k] for k in ("puzzle", "rows", "cols", "clues", "regions")}
    start = [v for row in rec["clues"] for v in row]
    answer = [v for row in rec["answer"] for v in row]
    top = post("/api/candidates", {"board": board, "position": start}).json()
    singles = sum(len(c["marks"]) == 1 for c in top["cells"])
    assert singles == len(top["cells"]) == 83  # the top level's fixpoint gives the answer away
    got = post("/api/candidates", {"board": board, "position": start, "rules": True}).json()
    assert got["level"] == "rules" and not got["contradiction"] and len(got["cells"]) == 83
    singles = sum(len(c["marks"]) == 1 for c in got["cells"])
    assert singles < 83 // 4, singles  # 10: size-1 regions and digits the givens rule out
    cols = board["cols"]
    for c in got["cells"]:
        r, k = c["cell"]
        i = r * cols + k
        assert answer[i] in c["marks"], c  # sound: the answer's digit always stays
        for d in c["marks"]:  # and each digit kept breaks no rule beside the givens
            pos = list(start)
            pos[i] = d
            broken = post("/api/check", {"board": board, "position": pos}).json()["broken"]
            assert all(b["rule"] == "complete" for b in broken), (c, d, broken)
    region = post("/api/candidates", {"board": board, "position": start, "level": "region"}).json()
    kept = {tuple(c["cell"]): set(c["marks"]) for c in got["cells"]}
    assert all(kept[tuple(c["cell"])] <= set(c["marks"]) for c in region["cells"])  # the ripple rule too
    assert post("/api/candidates", {"board": board, "position": start, "rules": 1}).status_code == 400


# ---------------------------------------------------------------- rewind

@pytest.mark.parametrize("name", NAMES)
def test_rewind_finds_the_newest_position_that_agrees(name: str) -> None:
    board, answer, start = setup(name)
    f0, f1, f2 = [i for i in free(name, board, start) if wrong_of(name, board, answer, i) is not None][:3]
    p1 = list(start)
    p1[f0] = answer[f0]
    p2 = list(p1)
    p2[f1] = wrong_of(name, board, answer, f1)
    p3 = list(p2)
    p3[f2] = answer[f2]
    res = post("/api/rewind", {"board": board, "positions": [p3, p2, p1, start]}).json()
    assert res["index"] == 2 and res["checked"] == 4
    assert res["wrong"] == [list(divmod(f1, board["cols"]))]
    assert post("/api/rewind", {"board": board, "positions": [p1, start]}).json() == \
        {"index": 0, "wrong": [], "checked": 2}
    assert post("/api/rewind", {"board": board, "positions": [p3, p2]}).json()["index"] is None


# ---------------------------------------------------------------- bad input

def test_bad_input_is_a_clear_4xx() -> None:
    board, answer, start = setup("sukoro")
    n = len(start)
    cases: list[tuple[str, Any, int, str]] = [
        ("/api/trial", {"position": start}, 400, "missing 'board'"),
        ("/api/trial", {"board": board}, 400, "missing 'position'"),
        ("/api/trial", {"board": board, "position": start, "level": "nope"}, 400, "unknown level"),
        ("/api/trial", {"board": board, "position": start, "level": 3}, 400, "'level' must be"),
        ("/api/trial", {"board": board, "position": start[:-1]}, 400, f"list of {n} marks"),
        ("/api/trial", {"board": board, "position": ["q"] * n}, 400, "is not a mark here"),
        ("/api/trial", {"board": "x", "position": start}, 400, "'board' must be"),
        ("/api/candidates", {"board": board, "position": start, "level": "deep"}, 400, "unknown level"),
        ("/api/candidates", {"board": board, "position": 7}, 400, "position must be a list"),
        ("/api/rewind", {"board": board}, 400, "missing 'positions'"),
        ("/api/rewind", {"board": board, "positions": []}, 400, "non-empty list"),
        ("/api/rewind", {"board": board, "positions": "abc"}, 400, "non-empty list"),
        ("/api/rewind", {"board": board, "positions": [start, [None]]}, 400, f"list of {n} marks"),
        ("/api/rewind", {"board": board, "positions": [start] * (play.MAX_POSITIONS + 1)}, 413,
         f"at most {play.MAX_POSITIONS}"),
        ("/api/rewind", {"board": {**board, "rows": 100, "cols": 100}, "positions": [start]}, 413, "at most"),
    ]
    for path, body, status, said in cases:
        res = post(path, body)
        assert res.status_code == status, (path, body if len(str(body)) < 300 else "...", res.text)
        assert said in res.json()["error"], (path, res.json()["error"])


def test_rewind_on_a_board_without_a_unique_answer_says_so() -> None:
    board, answer, start = setup("slant")
    blank = {**board, "clues": [[None] * len(row) for row in board["clues"]]}
    res = post("/api/rewind", {"board": blank, "positions": [[None] * len(start)]})
    assert res.status_code == 400 and "no unique answer" in res.json()["error"]


def test_new_board_keeps_trying_seeds_for_a_rare_grade(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ripple's lines at 6x6 is about one seed in 170: New board tries seeds as the command line
    does, and finds seed 187's board from seed 100 as seed 187 itself makes it; past the
    command line's time for it, the error names the seeds tried (issue 48, item 7)."""
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    ripple = puzzles.get("ripple")
    got = play.generate("ripple", 6, 6, "lines", 100)
    assert got["grade"] == "lines" and got["seed"] == 100
    alone = ripple.generate(6, 6, "lines", 187, tries=1)
    assert got["board"] == play.board_json(alone.board)
    monkeypatch.setattr(api, "GENERATE_S", 0.0)
    with pytest.raises(BoardError, match="grade lines in 111 seeds from 1 "):
        play.generate("ripple", 6, 6, "lines", 1)


SEEDS = [("slant", 5, 5, "count", 2**31 + 7), ("fillapix", 4, 6, "sides", 2**32 - 1),
         ("ripple", 4, 4, "ripple", 2**63 - 1), ("sukoro", 4, 5, "deg", 3_000_000_000)]


@pytest.mark.parametrize("name,rows,cols,grade,seed", SEEDS, ids=[s[0] for s in SEEDS])
def test_new_board_is_the_command_lines_board_for_any_seed_it_takes(
        name: str, rows: int, cols: int, grade: str, seed: int, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The page refused seeds from 2^31 that the command line draws (four random bytes) and
    takes up to 2^63-1: now every one, as a number or as its digits (a JavaScript number is
    exact only below 2^53), makes ``pencilbox generate PUZZLE RxC --seed S --grade G``'s board."""
    monkeypatch.setenv("PENCILBOX_KERNELS", os.environ.get("PENCILBOX_KERNELS", "compile"))  # cli.main sets
    assert cli.main(["generate", name, f"{rows}x{cols}", "--seed", str(seed), "--grade", grade,
                     "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    for sent in (seed, str(seed)):
        asked = {"puzzle": name, "rows": rows, "cols": cols, "grade": grade, "seed": sent}
        got = post("/api/generate", asked)
        assert got.status_code == 200, got.text
        made = got.json()
        assert made["seed_text"] == str(seed) and made["grade"] == grade == printed["grade"]
        assert made["board"]["clues"] == printed["clues"]
        assert made["board"].get("regions") == printed.get("regions")


@pytest.mark.parametrize("seed", [-1, 2**63, "12a", "", True, 1.5, "1" * 20])
def test_a_seed_outside_the_command_lines_range_is_refused(seed: object) -> None:
    got = post("/api/generate", {"puzzle": "slant", "rows": 4, "cols": 4, "grade": "count", "seed": seed})
    assert got.status_code == 400 and "0..2^63-1" in got.json()["error"], got.text


def test_new_board_takes_any_size_the_generator_takes_and_says_its_bound() -> None:
    """Not only 3..generate_max a side: any shape within the puzzle's ``generate_cells`` (a
    strip, a 2x9), and past it the command line's own reason."""
    got = post("/api/generate", {"puzzle": "fillapix", "rows": 2, "cols": 9, "grade": "count", "seed": 4})
    assert got.status_code == 200 and got.json()["board"]["rows"] == 2, got.text
    most = puzzles.get("slant").generate_cells
    side = most + 1
    bad = post("/api/generate", {"puzzle": "slant", "rows": 1, "cols": side, "seed": 1})
    assert bad.status_code == 400 and f"past the {most:,}" in bad.json()["error"], bad.text


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("givens", [True, False])
def test_a_finished_position_is_solved_with_or_without_the_clues_marks(name: str, givens: bool) -> None:
    """Every cell but the clues' filled with the answer: "solved", whether the position marks the
    cells the clues fix (as the page starts) or leaves them empty (the API allows both; it said
    "nothing more is provable" before), and one open cell left is hinted."""
    board, answer, start = setup(name)
    fixed = {i for i, m in enumerate(start) if m is not None}
    pos = [m if givens or i not in fixed else None for i, m in enumerate(answer)]
    got = post("/api/hint", {"board": board, "position": pos})
    assert got.status_code == 200 and got.json()["kind"] == "solved", got.json()
    last = next(i for i in range(len(pos)) if i not in fixed)
    pos[last] = None
    got = post("/api/hint", {"board": board, "position": pos})
    assert got.json()["kind"] == "hint"
    assert got.json()["cell"] == [last // board["cols"], last % board["cols"]]
