"""The CLI contract through a real subprocess: JSON shapes, exit codes, lists, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, load_testdata

URL5 = "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2"


def cli(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pencilbox", *argv], input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_solve_json_unique() -> None:
    r = cli("solve", URL5, "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {"puzzle", "rows", "cols", "status", "answer", "second", "grade", "ms"} <= set(out)
    assert out["status"] == "unique" and out["second"] is None and out["grade"] == "neq"
    assert out["answer"][0] == [2, 3, 2, 0, 0]


def test_solve_multiple_gives_second_answer_and_exit_1() -> None:
    r = cli("solve", "-", "--json", stdin="sukoro 3x4\nclues:\n. . . .\n. . . .\n. . . .\n")
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert out["status"] == "multiple" and out["answer"] != out["second"]
    none = cli("solve", "-", stdin="sukoro 1x2\nclues:\n. .\n")
    assert none.returncode == 1 and "status: none" in none.stdout


def test_list_input_prints_one_line_per_board(tmp_path: Path) -> None:
    recs = load_testdata("sukoro")[:4]
    path = tmp_path / "list.json"
    path.write_text(json.dumps(recs))
    verbs = (["solve"], ["count", "--engine", "brute"], ["grade"], ["hint"], ["convert", "--format", "url"])
    for verb in verbs:
        r = cli(verb[0], str(path), *verb[1:])
        assert r.returncode == 0, (verb, r.stderr)
        if verb[0] == "convert":
            assert len(r.stdout.splitlines()) == 4
            continue
        lines = [json.loads(x) for x in r.stdout.splitlines()]
        assert [x["index"] for x in lines] == [0, 1, 2, 3]
        assert [x["id"] for x in lines] == [rec["id"] for rec in recs]


def test_a_list_of_many_bad_boards_names_the_first_hundred_and_counts_the_rest(tmp_path: Path) -> None:
    """Issue 47, item 2: the first 100 bad boards of a list each have their line, the rest one
    line that counts them (with the index of the first); the good boards are still answered."""
    good = {"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1, None]]}
    path = tmp_path / "list.json"
    path.write_text(json.dumps([{}] * 150 + [good] + [5] * 3))
    r = cli("solve", str(path))
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 2 and len(lines) == 102
    assert [x["index"] for x in lines] == [*range(100), 150, 100]
    assert lines[100]["index"] == 150 and "status" in lines[100]  # answered (none: two 1s side by side)
    assert lines[101]["error"] == ("53 more bad boards from board 100 on are not listed (a list names its "
                                   "first 100 bad boards one by one)")
    r = cli("convert", str(path), "--format", "json")
    listed = json.loads(r.stdout)
    assert r.returncode == 2 and len(listed) == 102 and listed[100] == good and listed[101]["index"] == 100
    r = cli("render", str(path))
    assert r.returncode == 2 and "BOARD holds a list of 154" in r.stderr


@pytest.mark.parametrize("engine", ["ladder", "brute", "sat"])
def test_count_engines(engine: str) -> None:
    r = cli("count", "-", "--engine", engine, "--json", stdin="sukoro 2x4\nclues:\n. . . .\n. . . .\n")
    out = json.loads(r.stdout)
    assert r.returncode == 0 and out["count"] == 26 and out["capped"] is False and out["engine"] == engine
    capped = json.loads(cli("count", "-", "--engine", engine, "--limit", "5", "--json",
                            stdin="sukoro 2x4\nclues:\n. . . .\n. . . .\n").stdout)
    assert capped["count"] == 5 and capped["capped"] is True


def test_grade_and_hint() -> None:
    g = json.loads(cli("grade", URL5, "--json").stdout)
    assert g["grade"] == "neq" and g["unique"] is True
    assert set(g["settled"]) == {"deg", "neq", "conn", "probe"} and g["settled"]["neq"] == 1.0
    h = json.loads(cli("hint", URL5, "--level", "deg", "--json").stdout)
    assert h["kind"] == "hint" and h["rung"] == "deg"
    answer = load_testdata("sukoro")[0]["answer"]
    r, c = h["cell"]
    assert h["value"] == ("empty" if answer[r][c] == 0 else str(answer[r][c]))


def test_ablation_from_the_command_line() -> None:
    g = json.loads(cli("grade", URL5, "--off", "neq", "--json").stdout)
    assert "neq" not in g["settled"] and g["grade"] in ("conn", "probe", "search") and g["unique"]
    c = json.loads(cli("count", URL5, "--off", "conn", "--json").stdout)
    assert c["count"] == 1
    bad = cli("grade", URL5, "--off", "magic")
    assert bad.returncode == 2 and "unknown level" in bad.stderr


def test_hint_points_at_wrong_entries_first() -> None:
    text = ("sukoro 1x5\nclues:\n1 . . . .\nanswer:\n1 2 1 . 1\n")  # the last '1' is wrong
    h = json.loads(cli("hint", "-", "--json", stdin=text).stdout)
    assert h["kind"] == "wrong" and h["cells"] == [[0, 4]]


def test_check_lists_broken_rules() -> None:
    text = "sukoro 2x3\nclues:\n. . .\n. . .\nanswer:\n1 1 .\n. . 1\n"
    r = cli("check", "-", "--json", stdin=text)
    assert r.returncode == 1
    rules = {b["rule"] for b in json.loads(r.stdout)["broken"]}
    assert {"differ", "count", "connected"} <= rules
    ok = cli("check", "-", stdin="sukoro 1x3\nclues:\n. . .\nanswer:\n1 2 1\n")
    assert ok.returncode == 0 and "ok" in ok.stdout


def test_generate_formats_and_seed_repeat() -> None:
    a = cli("generate", "sukoro", "6x6", "--seed", "9", "--format", "url")
    b = cli("generate", "sukoro", "6x6", "--seed", "9", "--format", "url")
    assert a.returncode == 0 and a.stdout == b.stdout and a.stdout.startswith("https://puzz.link/p?sukoro/6/6/")
    js = json.loads(cli("generate", "sukoro", "6x6", "--seed", "9", "-n", "2", "--grade", "conn",
                        "--format", "json").stdout)
    assert len(js) == 2 and all(x["grade"] == "conn" for x in js)
    solved = json.loads(cli("solve", json.dumps(js[0]), "--json").stdout)
    assert solved["status"] == "unique" and solved["grade"] == "conn"
    assert all(x["capped_checks"] == 0 for x in js)  # Sukoro's generator counts them (and caps none)


def test_fillapix_generate_says_how_many_checks_ran_out_of_nodes() -> None:
    """Fill-a-Pix settles every capped check by SAT (issue 17): none is left, and it says 0."""
    from pencilbox.puzzles.fillapix import generate
    made = json.loads(cli("generate", "fillapix", "20x20", "--seed", "3", "--format", "json").stdout)
    assert made["capped_checks"] == generate.make(20, 20, 3).capped_checks == 0
    text = cli("generate", "fillapix", "20x20", "--seed", "3").stdout.splitlines()[0]
    assert "ran out of nodes" not in text


BAD = [
    (["solve", "-"], "sukoro 3x3\nclues:\n. . .\n. 7 .\n. . .\n", "line 4"),
    (["solve", "-"], "nonsense", "line 1"),
    (["solve", "-"], '{"puzzle": "sukoro", "rows": 2}', "cols"),
    (["solve", "-"], "sukoro 0x5\nclues:\n", "rows"),
    (["solve", "-"], "", "empty"),
    (["solve", "p?sukoro/4/4/a3d9"], None, "character 4"),
    (["solve", URL5, "--level", "magic"], None, "unknown level"),
    (["generate", "sukoro", "axb"], None, "size"),
    (["generate", "sukoro", "1x2", "--seed", "1"], None, "no Sukoro answer"),
    (["generate", "nopuzzle", "5x5"], None, "unknown puzzle"),
    (["convert", URL5, "--format", "tatham"], None, "Tatham"),
    (["check", URL5], None, "no answer section"),
    (["count", URL5, "--limit", "0"], None, "limit"),
]


@pytest.mark.parametrize("argv,stdin,word", BAD, ids=[" ".join(b[0])[:30] for b in BAD])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], stdin: str | None, word: str) -> None:
    r = cli(*argv, stdin=stdin)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and word in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


CONTRACT = ROOT.parent / "shared" / "tools" / "check_contract.py"


@pytest.mark.skipif(not CONTRACT.exists(), reason="../shared/tools is not beside this checkout")
def test_shared_contract_checker() -> None:
    exe = Path(sys.executable).with_name("pencilbox")
    r = subprocess.run([sys.executable, str(CONTRACT), "sukoro", "--exe", str(exe)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert r.returncode == 0 and "SHORT" not in r.stdout, r.stdout + r.stderr
