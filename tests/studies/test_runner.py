"""The study runner: the same figures in this process, in a process pool and on a dask
cluster; an interrupted run resumes without redoing finished jobs; stats files merge;
the notes page shows tables, plots and lower bounds; bad requests are one clear error."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pencilbox import cli
from pencilbox.core.lifetime import alive, descendants
from pencilbox.studies import Study, at_least, figure, notes, plot, statement, stats, table
from pencilbox.studies.runner import run_study
from tests.patience import until
from tests.studies.toy import TOY


def test_serial_pool_and_rerun_agree(tmp_path: Path) -> None:
    a = run_study("toy", TOY, state=tmp_path)
    b = run_study("toy", TOY, workers=2, state=tmp_path)
    assert a["figures"] == b["figures"] and a["broken"] == []
    assert a["params"] == {"jobs": 6} and a["seed"] == 0 and a["version"]
    assert run_study("toy", TOY, seed=1, state=tmp_path)["figures"] != a["figures"]
    assert not any(tmp_path.iterdir())  # a finished run leaves no job files behind


def test_dask_local_cluster(tmp_path: Path) -> None:
    """A LocalCluster of two worker processes: the same figures as in this process, and the
    seconds each job took where it ran, kept with the study (issue 31, C.5)."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        got = run_study("toy", TOY, scheduler=cluster.scheduler_address, state=tmp_path)
    here = run_study("toy", TOY, state=tmp_path)
    assert got["figures"] == here["figures"]
    assert got["ran_on"].startswith("dask scheduler tcp://") and here["ran_on"] == "this process"
    assert len(got["job_seconds"]) == got["jobs"] and all(s >= 0 for s in got["job_seconds"])


def _log_plan(p: dict[str, Any], seed: int) -> list[tuple]:
    return [(k,) for k in range(4)]


def _log_work(p: dict[str, Any], seed: int, k: int) -> int:
    if k == 2 and Path(p["stop"]).exists():
        raise KeyboardInterrupt
    with open(p["log"], "a") as f:
        f.write(f"{k}\n")
    return k * 10


def _log_reduce(p: dict[str, Any], seed: int, results: list[Any]) -> dict[str, Any]:
    return {"sum": figure("exact", sum(results))}


def test_interrupted_run_resumes(tmp_path: Path) -> None:
    stop, log = tmp_path / "stop", tmp_path / "log"
    stop.touch()
    params = {"stop": str(stop), "log": str(log)}
    study = Study(1, "logged", "Logged jobs", params, params, _log_plan, _log_work, _log_reduce)
    state = tmp_path / "state"
    with pytest.raises(KeyboardInterrupt):
        run_study("toy", study, state=state)
    assert log.read_text().split() == ["0", "1"]
    assert len(list(state.glob("*/job-*.json"))) == 2
    stop.unlink()
    entry = run_study("toy", study, state=state)
    assert entry["figures"]["sum"]["value"] == 60
    assert log.read_text().split() == ["0", "1", "2", "3"]  # 0 and 1 were not run again
    assert entry["resumed"] == 2  # its seconds are this run's: the page says two jobs came before
    assert "2 jobs resumed from an earlier run" in notes._job_times(entry)


def test_figures_say_what_they_are() -> None:
    with pytest.raises(ValueError, match="sample size"):
        figure("sample", 0.5)
    with pytest.raises(ValueError, match="kind"):
        figure("guess", 1)
    with pytest.raises(ValueError, match="columns"):
        table(["a", "b"], [[1]])
    with pytest.raises(ValueError, match="claim"):
        statement("", ["a proof"])


def _entry(number: int, figures: dict[str, Any]) -> dict[str, Any]:
    return {"number": number, "title": f"Study {number}", "quick": False, "params": {"n": 3}, "seed": 7,
            "version": "0", "commit": None, "jobs": 1, "seconds": 1.5, "figures": figures, "broken": []}


def test_stats_merge_and_notes_page(tmp_path: Path) -> None:
    growth = table(["n", "count"], [[1, 0], [2, 4], [3, at_least(12)]])
    stats.save("sukoro", {"b": _entry(2, {"share": figure("sample", 0.25, n=400)})}, tmp_path)
    stats.save("sukoro", {"a": _entry(1, {"growth": figure("lower_bound", growth,
                                                           plot=plot("line", "n", ["count"]))})}, tmp_path)
    data = json.loads((tmp_path / "sukoro.json").read_text())
    assert list(data["studies"]) == ["a", "b"]  # merged, in spec order
    page = notes.render(tmp_path, tmp_path / "notes.html").read_text()
    assert "<svg" in page and "&ge; 12" in page and "n = 400" in page and "lower bound" in page
    assert "0.25" in page and "Study 1" in page and "seed 7" in page
    assert notes.render(tmp_path, tmp_path / "again.html").read_text() == page  # deterministic


def test_a_proof_figure_is_rendered_as_claim_proof_and_check(tmp_path: Path) -> None:
    said = statement("x < y & y < z", ["First, x < y.", "Then y < z."], checked="on 3 cases")
    stats.save("sukoro", {"a": _entry(1, {"law": figure("proof", said, title="Order")})}, tmp_path)
    page = notes.render(tmp_path, tmp_path / "notes.html").read_text()
    assert "<p><b>Claim.</b> x &lt; y &amp; y &lt; z</p>" in page
    assert "<p><i>Proof.</i> First, x &lt; y.</p><p>Then y &lt; z. ∎</p>" in page
    assert "Checked by code:</i> on 3 cases" in page and "proved, and checked by code" in page


def test_bad_requests_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["study", "nope"], ["study", "sukoro", "no_such_study"],
                 ["study", "sukoro", "--workers", "0"], ["notes", "--stats", str(tmp_path)]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("pencilbox: error:"), err
    (tmp_path / "sukoro.json").write_text("{nope")
    assert cli.main(["notes", "--stats", str(tmp_path), "--out", str(tmp_path / "n.html")]) == 2
    assert "not JSON" in capsys.readouterr().err


def test_shipped_notes_page_is_rendered_from_the_shipped_stats(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Every figure in the committed page comes from the committed stats files (plots
    aside, whose SVG bytes may depend on the matplotlib build: the figures' own plots are not
    drawn here, half of this test's 8.6 s; the tests above draw them)."""
    import re
    monkeypatch.setattr(notes, "_svg", lambda value, spec: "<svg></svg>\n")
    fresh = notes.render(None, tmp_path / "notes.html").read_text()

    def strip(page: str) -> str:
        return re.sub(r"<svg.*?</svg>", "<svg/>", page, flags=re.S)
    assert strip(fresh) == strip(stats.NOTES.read_text())
    for name in ("sukoro", "slant", "ripple", "fillapix"):
        for entry in stats.load(name)["studies"].values():
            assert entry["broken"] == [] and not entry["quick"]
            assert entry["commit"] and not entry["commit"].endswith("-dirty")  # made from committed code


def _slow_work(p: dict[str, Any], seed: int, k: int) -> int:
    import os
    import time

    from tests.patience import until
    marks = Path(p["marks"])
    if k == 0:  # interrupts the run once job 1 runs beside it
        until(lambda: (marks / "started-1").exists(), 60)
        raise KeyboardInterrupt
    (marks / f"pid-{k}").write_text(str(os.getpid()))
    os.replace(marks / f"pid-{k}", marks / f"started-{k}")  # whole, even if the job is killed here
    time.sleep(120)  # a long job: an interrupted run must not wait for it
    (marks / f"finished-{k}").touch()
    return k


def test_interrupted_pool_does_not_wait_for_running_jobs(tmp_path: Path) -> None:
    """The interrupt ends the run while job 1 still runs: no slow job finished, and the
    processes that ran them end (run_study terminates them)."""
    marks = tmp_path / "marks"
    marks.mkdir()
    params = {"marks": str(marks)}
    study = Study(1, "slow", "Slow jobs", params, params, lambda p, s: [(0,), (1,), (2,)], _slow_work,
                  _log_reduce)
    with pytest.raises(KeyboardInterrupt):
        run_study("toy", study, workers=2, state=tmp_path / "state")
    pids = [int(m.read_text()) for m in marks.glob("started-*")]
    assert (marks / "started-1").exists() and not list(marks.glob("finished-*"))
    until(lambda: not any(alive(pid) for pid in pids), 30)  # patience: they were sent SIGTERM
    assert not [pid for pid in pids if alive(pid)], "a job's process outlived the interrupted run"


def test_a_damaged_saved_job_is_reported_discarded_and_redone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: a half-written or garbled job file no longer stops the re-run."""
    from pencilbox.studies.runner import run_key
    clean = run_study("toy", TOY, state=tmp_path / "clean")
    jobs = tmp_path / "state" / run_key("toy", TOY, TOY.params(False), 0)
    jobs.mkdir(parents=True)
    (jobs / "job-0.json").write_text('{"half')
    (jobs / "job-x.json").write_text("1")
    assert run_study("toy", TOY, state=tmp_path / "state")["figures"] == clean["figures"]
    err = capsys.readouterr().err
    assert err.count("discarded a damaged saved job") == 2, err


def test_an_interrupted_command_keeps_its_finished_studies(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16 item 6: the re-run of an interrupted ``pencilbox study`` does not redo the
    studies that finished before the interrupt; a damaged kept study is redone."""
    from pencilbox.studies import runner
    stop = tmp_path / "stop"
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    made = [Study(k + 1, f"logged{k}", "Logged jobs", p, p, _log_plan, _log_work, _log_reduce)
            for k, p in enumerate({"stop": str(tmp_path / "never"), "log": str(logs[0])} if k == 0 else
                                  {"stop": str(stop), "log": str(logs[1])} for k in range(2))]
    monkeypatch.setattr(runner, "select", lambda names, wanted: [("toy", s) for s in made])
    state, out = tmp_path / "state", tmp_path / "out"
    stop.touch()
    with pytest.raises(KeyboardInterrupt):
        runner.run("all", [], state=state, out=out, progress=False)
    assert logs[0].read_text().split() == ["0", "1", "2", "3"]  # the first study finished
    stop.unlink()
    assert runner.run("all", [], state=state, out=out, progress=False) == 0
    assert logs[0].read_text().split() == ["0", "1", "2", "3"]  # not redone
    assert "finished before the interruption, kept" in capsys.readouterr().out
    saved = stats.load("toy", out)["studies"]
    assert [saved[f"logged{k}"]["figures"]["sum"]["value"] for k in range(2)] == [60, 60]
    assert not list(state.glob("*.study.json"))  # the whole command ran: nothing to resume
    key = runner.run_key("toy", made[0], made[0].params(False), 0)
    (state / f"{key}.study.json").write_text("{broken")
    assert runner.run("all", [], state=state, out=out, progress=False) == 0
    assert "discarded a damaged saved study" in capsys.readouterr().err
    assert logs[0].read_text().split() == ["0", "1", "2", "3"] * 2  # redone


def test_a_killed_study_leaves_no_worker(tmp_path: Path) -> None:
    argv = ["study", "sukoro", "--quick", "--workers", "2", "--no-progress", "--out", str(tmp_path / "out"),
            "--state", str(tmp_path / "state")]
    proc = subprocess.Popen([sys.executable, "-m", "pencilbox", *argv], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        until(lambda: proc.poll() is not None or len(descendants(proc.pid)) >= 2, 120, 0.2)
        workers = descendants(proc.pid)
        assert proc.poll() is None and len(workers) >= 2, "the pool never started"
        proc.kill()
        proc.wait()
        until(lambda: not any(alive(p) for p in workers), 10, 0.1)  # the goal is 5 s; patience
        assert not [p for p in workers if alive(p)]
    finally:
        for p in descendants(proc.pid):
            os.kill(p, signal.SIGKILL)


# ---------------------------------------------------------------- issue 47, items 7 and 9

def test_a_bad_workers_out_state_or_scheduler_is_one_line_before_any_job_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--workers 10**29`` was an OverflowError, ``--out`` a file a FileExistsError found after the
    whole study ran, ``--scheduler '::::'`` a ValueError: each exit 3. Now one line, exit 2, and no
    job has run."""
    from pencilbox.studies import runner
    log = tmp_path / "log"
    study = Study(1, "logged", "Logged jobs", {"stop": str(tmp_path / "never"), "log": str(log)},
                  {"stop": str(tmp_path / "never"), "log": str(log)}, _log_plan, _log_work, _log_reduce)
    monkeypatch.setattr(runner, "select", lambda names, wanted: [("toy", study)])
    (tmp_path / "a-file").write_text("x")
    state = ["--state", str(tmp_path / "state")]
    for argv, said in ((["--workers", str(10**29)], "--workers 100000000000... (30 digits): must be 1 to"),
                       (["--out", str(tmp_path / "a-file"), *state], "a file is there, not a folder"),
                       (["--out", str(tmp_path / "a-file" / "sub"), *state],
                        "cannot write there (Not a directory)"),
                       (["--out", str(tmp_path / "out"), "--state", str(tmp_path / "a-file")],
                        "--state"),
                       (["--scheduler", "::::", "--out", str(tmp_path / "out"), *state], "cannot reach it")):
        assert cli.main(["study", "sukoro", "--no-progress", *argv]) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and said in err[0] and "internal" not in err[0], (argv, err)
        assert not log.exists(), f"a job ran before {argv} was refused"


def test_an_output_folder_that_cannot_be_written_is_refused_before_the_study(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A read-only folder (a read-only mount: root writes any other), found only once the study
    had run; the probe's failure is made here, as a read-only file system gives it."""
    import errno
    import tempfile

    from pencilbox.studies import runner
    log = tmp_path / "log"
    study = Study(1, "logged", "Logged jobs", {"stop": str(tmp_path / "never"), "log": str(log)},
                  {"stop": str(tmp_path / "never"), "log": str(log)}, _log_plan, _log_work, _log_reduce)
    monkeypatch.setattr(runner, "select", lambda names, wanted: [("toy", study)])
    out, made = tmp_path / "ro", tempfile.TemporaryFile

    def probe(*args: Any, **kw: Any) -> Any:
        if Path(kw.get("dir") or ".").resolve() == out.resolve():
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return made(*args, **kw)
    monkeypatch.setattr(tempfile, "TemporaryFile", probe)
    argv = ["study", "sukoro", "--no-progress", "--out", str(out), "--state", str(tmp_path / "state")]
    assert cli.main(argv) == 2
    said = f"pencilbox: error: --out {out}: cannot write there (Read-only file system)\n"
    assert capsys.readouterr().err == said
    assert not log.exists()


def test_an_unreachable_scheduler_is_one_line_within_its_wait(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """No scheduler at the address: an OSError after 20 s, exit 3; now a StudyError once the
    (configurable) wait is over."""
    pytest.importorskip("dask.distributed")
    import socket

    from pencilbox.studies import runner
    monkeypatch.setattr(runner, "CONNECT_S", 0.5)
    with socket.socket() as s:  # a port bound but not listening: nothing answers there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        with pytest.raises(stats.StudyError, match=r"--scheduler 'tcp://127.0.0.1:\d+': cannot reach it"):
            run_study("toy", TOY, scheduler=f"tcp://127.0.0.1:{port}", state=tmp_path)


def _signals(p: dict[str, Any], seed: int, k: int) -> list[str]:
    return [signal.getsignal(signal.SIGTERM).name, signal.getsignal(signal.SIGINT).name]  # type: ignore[union-attr]


def _reduce_all(p: dict[str, Any], seed: int, results: list[Any]) -> dict[str, Any]:
    return {"seen": figure("exact", results)}


def test_pool_workers_leave_sigterm_and_sigint_to_the_command(tmp_path: Path) -> None:
    """SIGTERM to ``study --workers 2`` took 28-37 s: the forked workers kept the command's stop
    handler, so ``terminate`` raised inside the job (a compiled kernel runs on to its end first)
    and each worker was waited for. A worker now dies at SIGTERM and ignores SIGINT."""
    from pencilbox import cli as command
    was = signal.signal(signal.SIGTERM, command._stop)
    try:
        study = Study(1, "signals", "Signals", {}, {}, lambda p, s: [(0,), (1,)], _signals, _reduce_all)
        got = run_study("toy", study, workers=2, state=tmp_path)
    finally:
        signal.signal(signal.SIGTERM, was)
    assert got["figures"]["seen"]["value"] == [["SIG_DFL", "SIG_IGN"]] * 2
