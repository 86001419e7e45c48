"""The CLI contract (cli.py) on Fill-a-Pix's boards, through a real subprocess."""

import json
import subprocess
import sys

import pytest


def cli(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pencilbox", *argv], input=stdin,
                          capture_output=True, text=True, timeout=300)


BOARD = "fillapix 3x3\nclues:\n. . .\n. 9 .\n. . .\n"


def test_solve_grade_hint_check_convert() -> None:
    out = json.loads(cli("solve", "-", "--json", stdin=BOARD).stdout)
    assert out["status"] == "unique" and out["answer"] == ["###", "###", "###"] and out["grade"] == "count"
    h = json.loads(cli("hint", "-", "--json", stdin=BOARD).stdout)
    assert h["kind"] == "hint" and h["value"] == "#" and h["clues"] == [[1, 1]]
    tid = cli("convert", "-", "--format", "tatham", stdin=BOARD).stdout.strip()
    assert tid == "3x3:d9d"
    assert json.loads(cli("convert", "mosaic:" + tid, "--format", "json").stdout)["clues"][1][1] == 9
    url = cli("convert", tid, "--format", "url").stdout.strip()
    assert url == "pencilbox://p?fillapix/3/3/d9d"
    bad = cli("check", "-", stdin=BOARD + "answer:\n###\n#.#\n###\n")
    assert bad.returncode == 1 and "clue" in bad.stdout


@pytest.mark.parametrize("engine", ["ladder", "brute", "sat"])
def test_count_engines(engine: str) -> None:
    out = json.loads(cli("count", "3x3:d9d", "--engine", engine, "--json").stdout)
    assert out["count"] == 1


def test_generate() -> None:
    t = cli("generate", "fillapix", "6x6", "--seed", "2", "--format", "tatham")
    assert t.returncode == 0 and t.stdout.startswith("6x6:")
    assert json.loads(cli("solve", t.stdout.strip(), "--json").stdout)["status"] == "unique"


def test_bad_input_exit_2() -> None:
    r = cli("solve", "-", stdin="fillapix 2x2\nclues:\n. 5\n. .\n")
    assert r.returncode == 2 and "exceeds" in r.stderr and "Traceback" not in r.stderr
