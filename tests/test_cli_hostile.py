"""Hostile input and faults on the command line (issue 27): errors quote at most a few dozen
characters of any input, a missing file is said to be missing, and a signal leaves whole output.
(The rest of the issue's tests sit with their modules: errors, budgets, files, stats, runner.)"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pencilbox import cli
from pencilbox.errors import MESSAGE
from tests.patience import until


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as e:  # argparse's own exits
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


HUGE = "z" * 3_000_000
COLD = "pencilbox: the compiled kernels"  # the notice of a run on cold kernels, not an error line


@pytest.mark.parametrize("argv", [
    ["generate", HUGE, "5x5"],
    ["generate", "sukoro", HUGE],
    ["generate", "sukoro", "5x5", "--grade", HUGE],
    ["generate", "sukoro", "5x5", "--seed", HUGE],
    ["solve", f"https://puzz.link/p?sukoro/3/3/{HUGE}"],
    ["solve", f"?{HUGE}"],
    ["count", "sukoro:" + HUGE],
    ["solve", HUGE],
    ["hint", "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2", "--level", HUGE],
    ["bank", "show", HUGE],  # argparse's own messages quote an argument whole
    [HUGE],
])
def test_an_error_quotes_at_most_a_few_dozen_characters_of_the_input(capsys: pytest.CaptureFixture[str],
                                                                     argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    err = "".join(ln for ln in err.splitlines(True) if not ln.startswith(COLD))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and len(err) < MESSAGE + 80, err[:300]
    assert "z" * 82 not in err, err[:300]


def test_a_missing_file_is_said_to_be_missing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in (str(tmp_path / "gone.json"), "gone.txt"):
        code, out, err = run(capsys, "solve", name)
        assert code == 2 and out == "" and err.startswith("pencilbox: error: no such file: '"), err


# ---------------------------------------------------------------- signals (item 3)

def cpu_seconds(pid: int) -> float:
    """The CPU time a running process has used (Linux: /proc; 0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _generate(tmp: Path, sig: int, ignore_int: bool) -> tuple[int, str, str]:
    """``generate sukoro 12x12 -n 5000 --format json`` stopped by ``sig`` once it runs (started
    with SIGINT ignored, as a shell's background job is, when ``ignore_int``)."""
    out, err = tmp / "out.json", tmp / "err.txt"

    def pre() -> None:
        if ignore_int:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    with open(out, "w") as o, open(err, "w") as e:
        argv = ["generate", "sukoro", "12x12", "-n", "5000", "--seed", "5", "--format", "json"]
        proc = subprocess.Popen([sys.executable, "-m", "pencilbox", *argv], stdout=o, stderr=e,
                                preexec_fn=pre)
        # once it is making boards (a second and a half of its own CPU time, imports long done),
        # not after a fixed wait: on a loaded machine a fixed wait could end before its start
        assert until(lambda: cpu_seconds(proc.pid) >= 1.5 or proc.poll() is not None, 120), "it never ran"
        proc.send_signal(sig)
        code = proc.wait(timeout=60)
    return code, out.read_text(), err.read_text()


@pytest.mark.parametrize(("sig", "ignore_int"), [(signal.SIGINT, True), (signal.SIGINT, False),
                                                 (signal.SIGTERM, False)])
def test_a_signal_stops_generate_with_its_exit_code_and_a_whole_json_list(tmp_path: Path, sig: int,
                                                                          ignore_int: bool) -> None:
    code, out, err = _generate(tmp_path, sig, ignore_int)
    assert code == 128 + sig, err
    lines = err.strip().splitlines()
    assert lines[-1] == f"pencilbox: stopped by {signal.Signals(sig).name}" and "internal error" not in err
    if out:  # what was made before the signal: a whole list, and stderr says it was cut
        made = json.loads(out)
        assert isinstance(made, list) and 0 < len(made) < 5000 and all("clues" in b for b in made)
        assert f"cut after {len(made)} of 5000 boards" in err


# ---------------------------------------------------------------- failed writes (issue 47, item 5)

MINI = "sukoro 2x2\nclues:\n. .\n2 ."


def test_a_write_that_cannot_happen_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """render --out into a missing folder or onto a folder was 'internal error', exit 3."""
    (tmp_path / "old.svg").write_text("old")
    for out, said in ((tmp_path / "no" / "x.svg", "No such file or directory"), (tmp_path, "it is a folder")):
        code, _, err = run(capsys, "render", MINI, "--out", str(out))
        assert code == 2 and err.count("\n") == 1 and said in err and "internal" not in err, err
    assert [p.name for p in tmp_path.iterdir()] == ["old.svg"]


def _full_device(tmp: Path) -> Path:
    """A node like /dev/full made here (a test never writes to the machine's own devices)."""
    import stat
    dev = tmp / "full"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 7))
        with open(dev, "wb") as probe:
            probe.write(b"x")
    except OSError as e:
        if e.errno == 28:  # ENOSPC: it is the full device
            return dev
        pytest.skip("no device nodes here (not root, or a nodev file system)")
    pytest.skip("the node made did not act as /dev/full")


@pytest.mark.parametrize("argv", [["solve", MINI], ["convert", MINI, "--format", "json"], ["render", MINI],
                                  ["generate", "sukoro", "4x4", "--seed", "3", "-n", "40"],
                                  ["backbone", MINI, "--json"], ["study", "all", "--list"], ["--help"]])
def test_output_to_a_full_disk_is_one_line_and_exit_2(tmp_path: Path, argv: list[str]) -> None:
    """``pencilbox solve URL > /dev/full`` (and convert, generate, backbone, render, ``study --list``)
    was exit 3; ``generate -n 40`` writes past the output's buffer while it runs; ``--help`` exited 0
    with nothing written (argparse swallows the failed write)."""
    dev = _full_device(tmp_path)
    with open(dev, "wb") as out:
        done = subprocess.run([sys.executable, "-m", "pencilbox", *argv], stdout=out, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "pencilbox: error: cannot write the output: No space left on device\n"


def test_standard_input_closed_is_one_line_and_exit_2() -> None:
    """``pencilbox solve - <&-`` was an AttributeError, exit 3."""
    done = subprocess.run([sys.executable, "-c", "import os, sys; os.close(0); sys.stdin = None; "
                           "from pencilbox import cli; sys.exit(cli.main(['solve', '-']))"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "standard input is closed" in done.stderr, done.stderr


def test_an_option_number_past_a_c_int_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """``warm --nice 10**29`` was an OverflowError, exit 3 (``study --workers``: tests/studies)."""
    code, out, err = run(capsys, "warm", "--nice", str(10**29), "--no-wait")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--nice" in err and "internal" not in err, err
