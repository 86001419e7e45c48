"""The Python library (issue 32): ``pencilbox.read`` takes every format the CLI reads and refuses
the same bad input with the same one-line error; each Board method answers the object whose
``to_dict`` is what ``pencilbox VERB --json`` prints; results are frozen; boards draw themselves
as ``pencilbox render`` draws them; ``import pencilbox`` stays light (the root's lazy names)."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pencilbox
from pencilbox import bank, boardio, cli, puzzles, render
from pencilbox.compiled import cache
from tests.registry.test_formats import BAD

NAMES = [n for n in puzzles.names() if n != "toy"]
SUKORO = "https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b"

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def kernel_policy_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """cli.main sets the kernel policy of its process; the tests after these keep theirs."""
    monkeypatch.setenv(cache.POLICY, os.environ.get(cache.POLICY, "compile"))


def smallest(name: str) -> dict[str, Any]:
    return min(bank.load(name), key=lambda r: (int(r["rows"]) * int(r["cols"]), str(r["id"])))


def cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    cli.main(argv)
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def timeless(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != "ms"}


# ---------------------------------------------------------------- reading

@pytest.mark.parametrize("name", NAMES)
def test_read_takes_every_format_the_cli_reads(name: str, tmp_path: Path) -> None:
    rec = smallest(name)
    board = pencilbox.read({**rec, "answer": None})
    forms = [board.to_text(), board.to_json(), board.to_dict()]
    puzzle = puzzles.get(name)
    forms += [f() for f, has in ((board.to_url, puzzle.url), (board.to_tatham, puzzle.tatham))
              if has is not None]
    path = tmp_path / "board.txt"
    path.write_text(board.to_text())
    forms += [str(path), path]
    for form in forms:
        assert pencilbox.read(form) == board, form
    assert str(board) == board.to_text() and board.puzzle == name and (board.rows, board.cols) == (
        rec["rows"], rec["cols"])


@pytest.mark.parametrize("name,k,text,says", BAD, ids=[f"{b[0]}-{b[1]}" for b in BAD])
def test_bad_input_is_the_clis_one_error(name: str, k: int, text: str, says: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(pencilbox.BoardError) as err:
        pencilbox.read(text)
    assert says in str(err.value) and "\n" not in str(err.value)
    assert cli.main(["convert", text, "--format", "json"]) == 2
    assert capsys.readouterr().err.strip() == f"pencilbox: error: {err.value}"


def test_a_list_is_read_whole_or_named_by_index(tmp_path: Path) -> None:
    recs = [{**r, "answer": None} for r in bank.load("slant")[:3]]
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(recs))
    boards = pencilbox.read_all(path)
    assert [b.to_dict()["clues"] for b in boards] == [r["clues"] for r in recs]
    with pytest.raises(pencilbox.BoardError, match="a list of 3 boards: read_all"):
        pencilbox.read(path)
    path.write_text(json.dumps([recs[0], {"puzzle": "slant", "rows": 0}]))
    with pytest.raises(pencilbox.BoardError, match="^board 1: "):
        pencilbox.read_all(path)
    path.write_text(json.dumps([recs[0]] + [{}] * 200))  # bad boards past the first 100 are counted
    with pytest.raises(pencilbox.BoardError, match="a list of 201 boards: read_all"):
        pencilbox.read(path)


def test_impossible_sizes_and_names_are_board_errors() -> None:
    for call, says in ((lambda: pencilbox.blank("slant", 0, 3), "rows = 0"),
                       (lambda: pencilbox.blank("slant", 1000, 1000), "cell budget"),
                       (lambda: pencilbox.blank("chess", 3, 3), "chess"),
                       (lambda: pencilbox.generate("slant", 4, 4, grade="magic"), "grades:"),
                       (lambda: pencilbox.generate("sukoro", 4, 4, density=0.5), "only for slant"),
                       (lambda: pencilbox.read(SUKORO).count(engine="quantum"), "no engine 'quantum'"),
                       (lambda: pencilbox.read(SUKORO).solve(level="magic"), "unknown level"),
                       (lambda: pencilbox.read(SUKORO).count(limit=0), "--limit 0")):
        with pytest.raises(pencilbox.BoardError, match=says):
            call()


# ---------------------------------------------------------------- verbs: the CLI prints these objects

@pytest.mark.parametrize("name", NAMES)
def test_each_method_answers_what_the_cli_prints(name: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rec = smallest(name)
    board = pencilbox.read({**rec, "answer": None})
    answered = pencilbox.read(rec)
    (tmp_path / "b").write_text(board.to_text())
    (tmp_path / "a").write_text(answered.to_text())
    b, a = str(tmp_path / "b"), str(tmp_path / "a")
    solved = board.solve()
    assert timeless(solved.to_dict()) == timeless(cli_json(["solve", b, "--json"], capsys))
    assert solved.unique and solved.answer == answered and solved.second is None
    assert solved.grade == rec["grade"]
    for engine in ("ladder", "sat"):
        got = board.count(engine=engine)
        said = cli_json(["count", b, "--engine", engine, "--json"], capsys)
        assert timeless(got.to_dict()) == timeless(said)
        assert (got.count, got.capped) == (1, False)
    assert board.grade().to_dict() == cli_json(["grade", b, "--json"], capsys)
    for level in board.levels:
        assert board.hint(level=level).to_dict() == cli_json(["hint", b, "--level", level, "--json"], capsys)
    assert answered.check().to_dict() == cli_json(["check", a, "--json"], capsys)
    assert board.check(solved.answer).ok and answered.check().ok
    assert timeless(board.backbone().to_dict()) == timeless(cli_json(["backbone", b, "--json"], capsys))
    cli.main(["solve", b])
    assert capsys.readouterr().out == f"{solved}\n"


def test_a_hint_reads_a_position_and_names_wrong_entries() -> None:
    board = pencilbox.read(SUKORO)
    answer = board.solve().answer
    assert answer is not None
    rows = [list(r) for r in answer.answer]
    partial = [[v if (r + c) % 2 else None for c, v in enumerate(row)] for r, row in enumerate(rows)]
    h = board.hint(position=partial)
    assert h.kind == "hint" and h.cell is not None and partial[h.cell[0]][h.cell[1]] is None
    rows[0][0] = 4 if rows[0][0] != 4 else 3
    wrong = board.hint(position=rows)
    assert wrong.kind == "wrong" and wrong.cells == ((0, 0),)
    assert not board.check(rows).ok and "r1c1" in str(board.check(rows))


def test_results_are_frozen() -> None:
    board = pencilbox.read(SUKORO)
    for res in (board, board.solve(), board.count(), board.grade(), board.hint(), board.check(
            board.solve().answer), board.backbone()):
        field = dataclasses.fields(res)[0].name  # type: ignore[arg-type]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(res, field, None)
    assert hash(board) == hash(pencilbox.read(board.to_url()))


@pytest.mark.parametrize("name", NAMES)
def test_blank_boards_count_alike_by_two_engines(name: str) -> None:
    board = pencilbox.blank(name, 2, 2)
    assert all(v is None for row in board.clues for v in row) and board.answer is None
    sat, other = board.count(engine="sat", limit=10**6), board.count(engine="brute", limit=10**6)
    assert (sat.count, sat.capped) == (other.count, other.capped)
    assert sat.count > 1 or name == "ripple"  # Ripple's blank: four 1s side by side, no answer
    assert pencilbox.read(board.to_json()) == board


def test_generate_is_repeatable_and_is_the_clis(capsys: pytest.CaptureFixture[str]) -> None:
    one = pencilbox.generate("slant", 5, 5, grade="count", seed=7)
    assert one == pencilbox.generate("slant", 5, 5, grade="count", seed=7)
    assert one.made is not None and (one.made.seed, one.made.grade) == (7, "count")
    assert one.solve().unique and one.grade().grade == "count"
    cli.main(["generate", "slant", "5x5", "--grade", "count", "--seed", "7", "--format", "json"])
    assert json.loads(capsys.readouterr().out) == {**one.to_dict(), **one.made.to_dict()}


# ---------------------------------------------------------------- pictures and import

@pytest.mark.parametrize("name", NAMES)
def test_a_board_draws_itself_as_pencilbox_render_does(name: str, tmp_path: Path,
                                                       capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    board = pencilbox.read({**smallest(name), "answer": None})
    path = tmp_path / "b.txt"
    path.write_text(board.to_text())
    for flags, answer in (([], False), (["--answer"], True)):
        assert cli.main(["render", str(path), *flags]) == 0
        assert capsysbinary.readouterr().out.decode() == board.svg(answer=answer)
    assert board._repr_svg_() == board.svg() and board.solve()._repr_svg_() == board.svg(answer=True)
    html = board._repr_html_()
    assert html is not None and board.svg() in html and puzzles.get(name).title in html
    assert board.png().startswith(b"\x89PNG")
    big = pencilbox.blank(name, 201, 201)
    assert big._repr_svg_() is None and big._repr_html_() is None and render.MAX_CELLS < 201 * 201


def test_import_pencilbox_is_light_and_names_load_on_use() -> None:
    code = ("import sys, pencilbox; light = 'pencilbox.service' not in sys.modules; "
            "pencilbox.Board; print(light, 'pencilbox.service' in sys.modules, sorted(pencilbox.__all__) == "
            "sorted(n for n in pencilbox.__all__ if getattr(pencilbox, n, None) is not None))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "True"]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        pencilbox.nothing  # noqa: B018
    assert boardio.FORMATS  # the formats read_all reads are boardio's


def test_the_readmes_python_example_runs_as_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    """The three lines on the README's first screen print what their comment says."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    top = readme[:readme.index("\n## Develop")]
    code = top.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) == 3
    exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - the README's own example
    said = code.rsplit("# ", 1)[1].strip()
    assert capsys.readouterr().out.strip() == said


@pytest.mark.parametrize("name,k,text,says", BAD, ids=[f"{b[0]}-{b[1]}" for b in BAD])
def test_an_error_gives_its_position_as_numbers(name: str, k: int, text: str, says: str) -> None:
    """``BoardError.where`` holds the place the message names; where the message quotes the
    token found there, the token is at that place of the input."""
    with pytest.raises(pencilbox.BoardError) as err:
        pencilbox.read(text)
    where, said = err.value.where, str(err.value)
    assert set(where) <= {"line", "column", "part", "character", "row", "col"}
    assert ("line" in where) == said.startswith("line ")
    assert ("character" in where) == (" character " in said)
    token = re.search(r": '(.)'", said)
    if token and "column" in where:  # the text's line and column hold the quoted token
        assert text.splitlines()[int(where["line"]) - 1][int(where["column"]) - 1] == token[1]
    if token and where.get("part") == "URL body":  # the body's character is the quoted one
        body = text.split("?", 1)[1].split("/", 3)[3]  # genre/cols/rows/body
        assert body[int(where["character"]) - 1] == token[1]


def test_the_api_is_typed_for_its_users(tmp_path: Path) -> None:
    """A user's script type-checks against the package (py.typed; the lazy names typed for
    checkers): right uses pass ``mypy --strict``, a wrong one is caught where it is."""
    script = tmp_path / "use.py"
    script.write_text(
        "import pencilbox\n\n"
        "board: pencilbox.Board = pencilbox.read('slant:5x5:c110a1d02a22a2b14c4a2b1d')\n"
        "solved: pencilbox.Solution = board.solve()\n"
        "n: int = board.count(engine='sat', limit=2).count\n"
        "hint: pencilbox.Hint = board.hint(level='count')\n"
        "run: pencilbox.StudyRun = pencilbox.study('slant', 'clue_values')\n"
        "wrong: int = board.grade().grade\n")
    # mypy's own incremental cache, kept beside the project's (.mypy_cache, ignored by git): it
    # rechecks what changed; from nothing, the package's 199 modules take 6-8 s of the suite
    cache = ROOT / ".mypy_cache" / "users-script"
    got = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), str(script)],
                         capture_output=True, text=True, cwd=tmp_path)
    errors = [line for line in got.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "use.py:8:" in errors[0] and "Incompatible types" in errors[0], got.stdout


# ---------------------------------------------------------------- the library's edges (issue 47, item 8)

def test_huge_and_deep_values_are_board_errors_that_say_so() -> None:
    """rows = 10**5000 was a plain ValueError (Python will not print the integer); a list nested
    100,000 deep as rows, or as a level, was a RecursionError."""
    deep: object = None
    for _ in range(100_000):
        deep = [deep]
    base = {"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1, None]]}
    for key, value, said in (("rows", 10**5000, "rows = a 5001-digit number alone is over the cell budget"),
                             ("rows", -10**5000, "rows = a negative 5001-digit number must be at least 1"),
                             ("cols", deep, "cols must be an integer, got [[[[...]]]]")):
        with pytest.raises(pencilbox.BoardError, match=re.escape(said)):
            pencilbox.read({**base, key: value})
    board = pencilbox.read(base)
    with pytest.raises(pencilbox.BoardError, match="unknown level"):
        board.solve(level=deep)  # type: ignore[arg-type]


def test_wrong_types_are_type_errors_and_a_negative_seed_is_refused() -> None:
    """count(node_cap=True) and count(node_cap=1.5) were accepted and echoed back; generate(seed=-1)
    gave seed 1's board; blank(None, 2, 2) was an AttributeError. A wrong type is a TypeError, as
    Python's own functions raise (read(5) too), a value out of range a BoardError."""
    board = pencilbox.read({"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1, None]]})
    for cap in (True, 1.5, "7"):
        with pytest.raises(TypeError, match="node_cap must be an int"):
            board.count(node_cap=cap)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="limit must be an int"):
        board.count(limit=2.0)  # type: ignore[arg-type]
    with pytest.raises(pencilbox.BoardError, match="seed -1 is out of range"):
        pencilbox.generate("sukoro", 4, 4, seed=-1)
    with pytest.raises(TypeError, match="seed must be an int"):
        pencilbox.generate("sukoro", 4, 4, seed=True)
    with pytest.raises(TypeError, match="a puzzle's name is a str"):
        pencilbox.blank(None, 2, 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pencilbox.read(5)  # type: ignore[arg-type]


def test_a_byte_order_mark_is_read_past() -> None:
    """A UTF-8 file with a byte-order mark was refused with a confusing header error."""
    assert pencilbox.read("\ufeffsukoro 1x2\nclues:\n1 .").rows == 1
