"""The CLI contract (cli.py) on Slant's boards, through a real subprocess."""

import json
import subprocess
import sys

import pytest

URL = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"


def cli(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pencilbox", *argv], input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_solve_grade_hint_check() -> None:
    out = json.loads(cli("solve", URL, "--json").stdout)
    assert out["status"] == "unique" and out["answer"] == ["\\/\\/", "/\\\\\\", "\\\\//", "///\\"]
    g = json.loads(cli("grade", URL, "--json").stdout)
    assert g["unique"] and set(g["settled"]) == {"count", "cycle", "duet", "probe"}
    h = json.loads(cli("hint", URL, "--json").stdout)
    assert h["kind"] == "hint" and h["rung"] in ("count", "cycle", "duet", "probe") and h["clues"]
    r, c = h["cell"]
    assert h["value"] == out["answer"][r][c]
    board = json.loads(cli("convert", URL, "--format", "json").stdout)
    done = cli("check", json.dumps({**board, "answer": out["answer"]}), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["trees"] == 9
    wrong = cli("check", json.dumps({**board, "answer": ["\\/\\/", "/\\\\\\", "\\\\//", "////"]}), "--json")
    assert wrong.returncode == 1 and {b["rule"] for b in json.loads(wrong.stdout)["broken"]} >= {"clue"}


@pytest.mark.parametrize("engine", ["ladder", "brute", "sat"])
def test_count_engines(engine: str) -> None:
    out = json.loads(cli("count", "2x2:i", "--engine", engine, "--json").stdout)
    assert out["count"] == 15 and not out["capped"]


def test_generate_and_convert() -> None:
    t = cli("generate", "slant", "7x7", "--grade", "duet", "--seed", "3", "--format", "tatham")
    assert t.returncode == 0 and t.stdout.startswith("7x7:")
    solved = json.loads(cli("solve", t.stdout.strip(), "--json").stdout)
    assert solved["status"] == "unique" and solved["grade"] == "duet"
    url = cli("convert", t.stdout.strip(), "--format", "url").stdout.strip()
    assert cli("convert", url, "--format", "tatham").stdout.strip() == t.stdout.strip()


def test_raw_stream_from_the_command_line() -> None:
    argv = ("generate", "slant", "6x6", "--density", "0.5", "--seed", "4", "--format", "tatham")
    a = cli(*argv)
    assert a.returncode == 0 and a.stdout == cli(*argv).stdout
    bad = cli("generate", "sukoro", "6x6", "--density", "0.5")
    assert bad.returncode == 2 and "density" in bad.stderr


def test_bad_input_exit_2() -> None:
    r = cli("solve", "-", stdin="slant 2x2\nclues:\n. . .\n. 5 .\n. . .\n")
    assert r.returncode == 2 and "line 4" in r.stderr and "Traceback" not in r.stderr


def test_generate_says_how_many_uniqueness_checks_ran_out_of_nodes() -> None:
    """As Fill-a-Pix's: the JSON carries capped_checks (0 here; a level's checks never cap)."""
    from pencilbox.puzzles.slant import generate
    for grade in ([], ["--grade", "duet"]):
        made = json.loads(cli("generate", "slant", "6x6", "--seed", "5", "--format", "json", *grade).stdout)
        again = generate.generate(6, 6, grade[-1] if grade else None, 5)
        assert made["capped_checks"] == again.capped_checks == 0
