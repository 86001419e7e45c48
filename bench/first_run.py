"""A newcomer's first contact, measured from scratch (issue 26, item 5): writes
bench/results/first_run.json and prints it.

Each run starts from nothing but pip's own download cache (kept, and reported): a fresh clone
of this checkout, a fresh virtual environment, an empty HOME (so an empty per-user kernel cache).

- ``dev``: ``python3 dev.py play`` on the fresh clone: pip's install, then from the moment pip
  finished: the page, the first hint of each puzzle (a 200, not a 503), the first New board of
  each puzzle (its smallest bank size, the easiest grade), the setter's count, the build
  finished; then SIGTERM to dev.py's PID and the seconds until every process it started is gone.
- ``wheel``: the platform wheel (``python3 dev.py wheel``, made once per bench and timed) pip
  installed into a fresh venv, ``pencilbox play`` started directly, PATH holding no C compiler:
  the same figures.
- ``cli``: the installed command of each path on a fresh HOME: the first call of each verb on a
  10x10 bank board (the first one starts the background build), then, once the build is done,
  the median of 3 later calls; on the dev.py path also ``generate NAME 10x10`` as the very first
  command of a fresh HOME, seeds 1-3 (``first_generate_s``).

``summary`` gives each figure as min / median / max over the runs (hints, generate and each CLI
verb: the slowest puzzle of a run); ``--summarise`` recomputes it from the file.

The machine's load (os.getloadavg) is recorded before and after each run. Nothing else should
run beside it: the figures are wall-clock seconds on a 2-core machine. Run it with the
checkout's venv: ``.venv/bin/python bench/first_run.py [--runs N]`` (or ``python3 dev.py bench``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from pencilbox.core.lifetime import alive, descendants

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "first_run.json"
PUZZLES = ("sukoro", "slant", "ripple", "fillapix")
PIP_CACHE = Path(tempfile.gettempdir()) / "pencilbox-bench-pip-cache"  # kept between runs (reported)
PATIENCE_S = 1800.0
PYTHON = getattr(sys, "_base_executable", sys.executable)  # the user's python3, not this venv's


def call(url: str, body: Any = None, timeout: float = PATIENCE_S) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            raw = r.read()
            is_json = r.headers.get("Content-Type", "").startswith("application/json")
            return r.status, json.loads(raw) if is_json else raw
    except urllib.error.HTTPError as e:
        return e.code, None


def env_for(home: Path, path: str | None = None) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("PENCILBOX_", "NUMBA_", "XDG_"))}
    env = {**keep, "HOME": str(home), "PIP_CACHE_DIR": str(PIP_CACHE)}
    if path is not None:
        env["PATH"] = path
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def boards() -> dict[str, dict[str, Any]]:
    """Per puzzle: its smallest bank board (hints) and its first 10x10 one (the command line)."""
    from load import drive  # bench/ is on the path when this runs as a script

    from pencilbox import bank
    from pencilbox.verbs import play
    out = {}
    for name in PUZZLES:
        recs = bank.load(name)
        small = play.board_of(min(recs, key=lambda r: r["rows"] * r["cols"]))
        ten = next(r for r in recs if r["rows"] == 10)
        out[name] = {"hint": {"board": play.board_json(small), "position": drive.start_position(small),
                              "level": None},
                     "size": [small.rows, small.cols],
                     "ten": {k: v for k, v in ten.items() if k != "answer"}}
    return out


def play_figures(argv: list[str], env: dict[str, str], cwd: Path, cases: dict[str, Any]) -> dict[str, Any]:
    """Start the player; seconds from ``t0`` (its start, or pip's end under dev.py) to each answer."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    t_launch = time.monotonic()
    proc = subprocess.Popen([*argv, "--port", str(port)], env=env, cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    t0, pip_s = t_launch, None
    if argv[1].endswith("dev.py"):  # pip's install ends where dev.py hands over to the server
        for line in proc.stdout:
            if line.startswith("+") and line.rstrip().endswith(" play") or " play --port" in line:
                t0 = time.monotonic()
                pip_s = round(t0 - t_launch, 1)
                break
    out: dict[str, Any] = {"pip_s": pip_s}

    def since() -> float:
        return round(time.monotonic() - t0, 2)
    while True:
        try:
            if call(base + "/", timeout=5)[0] == 200:
                break
        except OSError:
            time.sleep(0.05)
    out["page_s"] = since()
    out["hint_s"] = {}
    for name in PUZZLES:
        while call(base + "/api/hint", cases[name]["hint"])[0] != 200:
            time.sleep(0.2)
        out["hint_s"][name] = since()
    out["generate_s"] = {}
    for name in PUZZLES:
        r, c = cases[name]["size"]
        code, made = call(base + "/api/generate", {"puzzle": name, "rows": r, "cols": c})
        out["generate_s"][name] = since() if code == 200 else f"status {code}"
        if name == "sukoro" and code == 200:
            code, _ = call(base + "/api/setter", {"board": made["board"]})
            out["count_s"] = since() if code == 200 else f"status {code}"
    while call(base + "/api/status")[1]["build"]["state"] == "running":
        time.sleep(0.5)
    out["build_done_s"] = since()
    out["build"] = call(base + "/api/status")[1]["build"]
    started = descendants(proc.pid)
    t = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    while proc.poll() is None or any(alive(p) for p in started):
        time.sleep(0.02)
        if time.monotonic() - t > 30:
            break
    out["stop_s"] = round(time.monotonic() - t, 2)
    out["left_after_stop"] = sorted(p for p in started if alive(p))
    for p in out["left_after_stop"]:
        os.kill(p, signal.SIGKILL)
    return out


VERBS = {"solve": ["solve", "{board}"], "count": ["count", "{board}"], "grade": ["grade", "{board}"],
         "hint": ["hint", "{board}"], "check": ["check", "{board}"], "convert": ["convert", "{board}",
                                                                                "--format", "text"],
         "generate": ["generate", "{name}", "10x10", "--seed", "1"]}


def cli_figures(exe: Path, env: dict[str, str], tmp: Path, cases: dict[str, Any]) -> dict[str, Any]:
    """First call of each verb per puzzle on an empty cache, then (build done) the median of 3 later."""
    files = {}
    for name in PUZZLES:
        files[name] = tmp / f"{name}.json"
        files[name].write_text(json.dumps(cases[name]["ten"]))

    def timed(name: str, verb: str) -> float:
        argv = [str(exe), *(a.format(board=files[name], name=name) for a in VERBS[verb])]
        t = time.monotonic()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=PATIENCE_S)
        return round(time.monotonic() - t, 3)
    first = {name: {verb: timed(name, verb) for verb in VERBS} for name in PUZZLES}
    code = "from pencilbox.compiled import warm; print(warm.progress()['state'])"
    py = exe.parent / "python"
    t = time.monotonic()
    while subprocess.run([str(py), "-c", code], env=env, capture_output=True, text=True).stdout.strip() \
            == "running" and time.monotonic() - t < PATIENCE_S:
        time.sleep(1)
    later = {name: {verb: statistics.median(timed(name, verb) for _ in range(3)) for verb in VERBS}
             for name in PUZZLES}
    return {"first_s": first, "later_median_s": later}


FIRST_SEEDS = (1, 2, 3)


def stop_home(home: Path) -> None:
    """Kill every process started with this HOME (the background build a first command starts,
    and its children) and wait until they are gone."""
    mark = f"HOME={home}".encode()
    mine = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if mark in environ.read_bytes().split(b"\0"):
                mine.append(int(environ.parent.name))
        except (OSError, ValueError):
            continue
    for pid in mine:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    while any(alive(p) for p in mine):
        time.sleep(0.05)


def first_generate(exe: Path, env_of: Any, tmp: Path) -> dict[str, list[float]]:
    """``generate NAME 10x10 --seed S`` as the very first command of a fresh HOME (the background
    build it starts runs beside it, and is stopped after): seconds per puzzle, one per seed."""
    out: dict[str, list[float]] = {}
    for name in PUZZLES:
        out[name] = []
        for seed in FIRST_SEEDS:
            home = tmp / f"home-first-{name}-{seed}"
            home.mkdir()
            env = env_of(home)
            t = time.monotonic()
            subprocess.run([str(exe), "generate", name, "10x10", "--seed", str(seed)], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=PATIENCE_S)
            out[name].append(round(time.monotonic() - t, 3))
            stop_home(home)
    return out


def no_compiler_path(venv: Path, tmp: Path) -> str:
    """A PATH with the venv's bin and the few tools a user's shell has, but no cc, gcc or clang."""
    tools = tmp / "tools"
    tools.mkdir(exist_ok=True)
    for name in ("sh", "uname", "ldconfig"):
        found = shutil.which(name)
        if found:
            (tools / name).symlink_to(found)
    return f"{venv / 'bin'}:{tools}"


def run_once(k: int, wheel: Path, cases: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmp_:
        tmp = Path(tmp_)
        clone = tmp / "clone"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        home = tmp / "home-dev"
        home.mkdir()
        dev = [PYTHON, str(clone / "dev.py"), "play"]
        out["dev"] = play_figures(dev, env_for(home), clone, cases)
        print(f"run {k}: dev.py play {out['dev']}", file=sys.stderr, flush=True)
        home2 = tmp / "home-dev-cli"
        home2.mkdir()
        out["dev_cli"] = cli_figures(clone / ".venv" / "bin" / "pencilbox", env_for(home2), tmp, cases)
        dev_exe = clone / ".venv" / "bin" / "pencilbox"
        out["dev_cli"]["first_generate_s"] = first_generate(dev_exe, env_for, tmp)

        venv = tmp / "venv"
        t = time.monotonic()
        subprocess.run([PYTHON, "-m", "venv", str(venv)], check=True)
        (tmp / "home-pip").mkdir()
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(wheel)], check=True,
                       env=env_for(tmp / "home-pip"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        out["wheel_install_s"] = round(time.monotonic() - t, 1)
        path = no_compiler_path(venv, tmp)
        home3 = tmp / "home-wheel"
        home3.mkdir()
        exe = [str(venv / "bin" / "pencilbox"), "play"]
        out["wheel"] = play_figures(exe, env_for(home3, path), tmp, cases)
        print(f"run {k}: wheel play {out['wheel']}", file=sys.stderr, flush=True)
        home4 = tmp / "home-wheel-cli"
        home4.mkdir()
        out["wheel_cli"] = cli_figures(venv / "bin" / "pencilbox", env_for(home4, path), tmp, cases)
    out["load_after"] = os.getloadavg()
    print(f"run {k}: done", file=sys.stderr, flush=True)
    return out


def spread(values: list[Any]) -> Any:
    """min / median / max of a figure over the runs (a figure that is not a number: as it is)."""
    nums = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if len(nums) != len(values):
        return values
    return {"min": min(nums), "median": statistics.median(nums), "max": max(nums)}


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure of the issue's table over the runs; the CLI's per verb over the puzzles too."""
    out: dict[str, Any] = {"load_1min": spread([r["load_before"][0] for r in runs])}
    for path in ("dev", "wheel"):
        fig: dict[str, Any] = {}
        for key in ("pip_s", "page_s", "count_s", "build_done_s", "stop_s"):
            if runs[0][path].get(key) is not None:
                fig[key] = spread([r[path][key] for r in runs])
        for key in ("hint_s", "generate_s"):
            fig[f"{key}_slowest_puzzle"] = spread([max(r[path][key].values()) for r in runs])
        fig["left_after_stop"] = sorted({p for r in runs for p in r[path]["left_after_stop"]})
        cli = [r[f"{path}_cli"] for r in runs]
        for when in ("first_s", "later_median_s"):
            fig[f"cli_{when}"] = {verb: spread([max(c[when][name][verb] for name in PUZZLES) for c in cli])
                                  for verb in VERBS}
        if "first_generate_s" in cli[0]:  # the very first command, per puzzle over runs and seeds
            fig["cli_generate_as_first_command_s"] = {
                name: spread([v for c in cli for v in c["first_generate_s"][name]]) for name in PUZZLES}
        out[path] = fig
    out["wheel"]["install_s"] = spread([r["wheel_install_s"] for r in runs])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--summarise", action="store_true", help="add the summary to the results file and stop")
    args = ap.parse_args()
    if args.summarise:
        result = json.loads(OUT.read_text())
        result["summary"] = summarise(result["runs"])
        OUT.write_text(json.dumps(result, indent=1) + "\n")
        print(json.dumps(result["summary"], indent=1))
        return
    cases = boards()
    PIP_CACHE.mkdir(exist_ok=True)
    t = time.monotonic()
    subprocess.run([PYTHON, str(ROOT / "dev.py"), "wheel"], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    wheel_build_s = round(time.monotonic() - t, 1)
    wheel = max((ROOT / "dist").glob("pencilbox-*.whl"), key=lambda p: p.stat().st_mtime)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    runs = [run_once(k, wheel, cases) for k in range(args.runs)]
    result = {"commit": commit, "cpus": os.cpu_count(), "wheel": wheel.name, "wheel_build_s": wheel_build_s,
              "pip_cache": f"{PIP_CACHE} (pip's download cache, kept between runs)", "runs": runs,
              "summary": summarise(runs)}
    OUT.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
