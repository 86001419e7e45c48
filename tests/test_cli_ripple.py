"""The CLI contract (cli.py) on Ripple Effect's boards, through a real subprocess."""

import json
import subprocess
import sys

import pytest

URL = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"


def cli(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pencilbox", *argv], input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_solve_grade_hint_check() -> None:
    out = json.loads(cli("solve", URL, "--json").stdout)
    assert out["status"] == "unique" and out["answer"][0] == [1, 2, 3, 1]
    g = json.loads(cli("grade", URL, "--json").stdout)
    assert g["unique"] and set(g["settled"]) == {"region", "ripple", "hidden", "lines", "probe"}
    h = json.loads(cli("hint", URL, "--json").stdout)
    r, c = h["cell"]
    assert h["kind"] == "hint" and h["value"] == str(out["answer"][r][c])
    board = json.loads(cli("convert", URL, "--format", "json").stdout)
    assert cli("check", json.dumps({**board, "answer": out["answer"]})).returncode == 0
    bad = [[1, 2, 3, 1], [2, 1, 4, 2], [4, 3, 2, 1], [1, 2, 1, 1]]
    r = json.loads(cli("check", json.dumps({**board, "answer": bad}), "--json").stdout)
    assert {b["rule"] for b in r["broken"]} >= {"ripple", "region"}


@pytest.mark.parametrize("engine", ["ladder", "brute", "sat"])
def test_count_engines(engine: str) -> None:
    out = json.loads(cli("count", URL, "--engine", engine, "--json").stdout)
    assert out["count"] == 1 and not out["capped"]


def test_generate_and_round_trip() -> None:
    u = cli("generate", "ripple", "6x6", "--seed", "3", "--format", "url")
    assert u.returncode == 0 and u.stdout.startswith("https://puzz.link/p?ripple/6/6/")
    solved = json.loads(cli("solve", u.stdout.strip(), "--json").stdout)
    assert solved["status"] == "unique"


def test_bad_input_exit_2() -> None:
    r = cli("solve", "-", stdin="ripple 2x2\nregions:\na b\nc d\nclues:\n. 3\n. .\n")
    assert r.returncode == 2 and "does not fit" in r.stderr and "Traceback" not in r.stderr


def test_generate_search_grade_says_no_check_capped() -> None:
    text = cli("generate", "ripple", "8x8", "--grade", "search", "--seed", "3000")
    assert text.returncode == 0
    # seeds 3000-3003 give probe-grade boards, so graded moves on to 3004
    assert text.stdout.splitlines()[0] == "# seed 3004, grade search, no check capped"
