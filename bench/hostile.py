"""Issue 47's surfaces, tried as an attacker would: the verbs added since the fuzz run of issue 27
(backbone, render, print), the writes (devices, FIFOs, symlinks, missing or read-only folders, a
full device, a closed stream), the library's edges and an unwritable or damaged kernel cache.
Writes bench/results/hostile.json: per surface the inputs tried, tracebacks, wrong exits (3 is a
pencilbox bug; a write failure or bad input is exit 2 and one line), hangs and peak memory.

Every child runs under fuzz.LIMIT_S; devices are made with ``mknod`` in a temporary folder (run
as root for those cases; they are skipped otherwise). The kernels should be warm.
``python bench/hostile.py [--seed S] [--inputs N] [--parts P ...]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import stat
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import fuzz  # noqa: E402 - bench/ is on the path when this runs as a script
from child import waited

from pencilbox import __version__
from pencilbox.compiled import cache
from pencilbox.studies import runner

OUT = fuzz.ROOT / "bench" / "results" / "hostile.json"
URL = "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2"
SLANT = "https://puzz.link/p?gokigen/3/3/a2b1a"

SEED = "pencilbox: seed "
WRITE_S = 120.0  # notes renders every figure and study runs one: their writes come late

surface: dict[str, Counter[str]] = {}


def tried(part: str, label: str, got: dict[str, Any], ok: tuple[int, ...] = (0, 1, 2)) -> dict[str, Any]:
    """Judge one child as fuzz does (tracebacks, exit 3, hangs, memory, echoes, one line), and
    count it under its surface, with the exits outside ``ok`` as wrong."""
    before = sum(fuzz.defects.values())
    seed = [ln for ln in got["err"].splitlines() if ln.startswith(SEED)]  # generate's notice, not an error
    fuzz.judge(label, {**got, "err": "".join(ln + "\n" for ln in got["err"].splitlines() if ln not in seed)})
    tally = surface.setdefault(part, Counter())
    tally["inputs"] += 1
    tally["defects"] += sum(fuzz.defects.values()) - before
    tally["tracebacks"] += "Traceback" in got["err"]
    tally["hangs"] += got["code"] is None
    if got["code"] is not None and got["code"] not in ok:
        tally["wrong exits"] += 1
        fuzz.defect("bad exit", f"{label}: exit {got['code']}, wanted {ok}: {got['err'][:200]}")
    tally["peak MB"] = max(tally["peak MB"], round(got["mb"]))
    return got


# ---------------------------------------------------------------- the verbs added since issue 27

NEW = (["backbone"], ["render", "--format", "svg"], ["render", "--answer"], ["print"])


def verbs_part(rng: random.Random, n: int, tmp: Path) -> None:
    """Mutated real boards and every fixed hostile input through backbone, render and print,
    then their odd arguments and the boards at the edge of each bound."""
    seeds = fuzz.sources(rng)
    out = tmp / "out"
    for k in range(n):
        path = tmp / f"in{k}"
        path.write_text(fuzz.mutate(rng.choice(seeds), rng), errors="surrogateescape")
        verb = rng.choice(NEW)
        tried("verbs", f"mutant {k} {' '.join(verb)}", fuzz.child([*verb, str(path), *_out(verb, out)]))
    for label, raw in fuzz.fixed():
        path = tmp / "fixed"
        path.write_bytes(raw)
        for verb in NEW:
            tried("verbs", f"{label} {' '.join(verb)}", fuzz.child([*verb, str(path), *_out(verb, out)]))
    long_slant = tmp / "slant-1x40000.txt"
    long_slant.write_text("slant 1x40000\n" + "\n".join(["." * 40001] * 2) + "\n")
    for argv in (["backbone", URL, "--node-cap", "-1"], ["backbone", URL, "--node-cap", "9" * 50],
                 ["backbone", URL, "--node-cap", "x"], ["render", URL, "--format", "gif"],
                 ["render", str(long_slant), "--format", "png", "--out", str(tmp / "x.png")],
                 ["render", URL, "--format", "png"], ["print", URL, "--out", str(tmp / "b.pdf"), "--answers"],
                 ["print", *[URL] * 300, "--out", str(tmp / "b.pdf"), "--answers"], ["print", URL],
                 ["generate", "sukoro", "100x100"], ["generate", "fillapix", "71x70"],
                 ["count", "sukoro 100x100", "--engine", "sat"], ["backbone", "sukoro 500x500"]):
        tried("verbs", " ".join(a[:40] for a in argv), fuzz.child(argv, stdin=b""))


def _out(verb: list[str], out: Path) -> list[str]:
    return ["--out", str(out.with_suffix(".pdf"))] if verb[0] == "print" else []


# ---------------------------------------------------------------- writes

def writes_part(tmp: Path) -> dict[str, Any]:
    """Every writing verb to a full device, a FIFO with no reader gone, a symlink, a missing or
    read-only folder, a folder, a closed stdout and a full stdout: exit 2 and one line (or the
    write done through), the file's mode kept, no temporary file left."""
    full = tmp / "full"
    if os.geteuid() == 0 and not full.exists():
        os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))  # /dev/full's numbers, in our folder
    ro = tmp / "ro"
    ro.mkdir(exist_ok=True)
    kept = tmp / "kept.svg"
    kept.write_text("old")
    kept.chmod(0o600)
    link = tmp / "link.svg"
    if not link.exists():
        link.symlink_to(kept)
    writers = {"render": ["render", URL, "--out"], "print": ["print", URL, "--out"],
               "notes": ["notes", "--out"], "study": ["study", "sukoro", "1", "--quick", "--out"]}
    found: dict[str, Any] = {}
    for name, argv in writers.items():
        for where in ([str(full)] if full.exists() else []) + ["/no/such/folder/x", str(tmp), str(link)]:
            got = tried("writes", f"{name} --out {where}", fuzz.child([*argv, where], limit=WRITE_S))
            found[f"{name} --out {Path(where).name}"] = got["code"]
    mode = stat.S_IMODE(kept.stat().st_mode)
    left = [p.name for p in tmp.glob(".*.tmp")]
    for argv in (["solve", URL], ["convert", URL, "--format", "json"], ["backbone", URL],
                 ["render", URL], ["study", "--list"], ["generate", "slant", "5x5"]):
        if full.exists():
            with open(full, "wb") as sink:
                got = _to(argv, sink)
            tried("writes", f"{argv[0]} > full device", got)
        tried("writes", f"{argv[0]} with stdout closed", _to(argv, None))
    no_stdin = CLOSED.replace("close(1)", "close(0)")
    tried("writes", "solve - with stdin closed", _to(["solve", "-"], None, no_stdin))
    return {"exits": found, "symlink target mode kept": mode == 0o600,
            "symlink still a link": link.is_symlink(), "temporary files left": left}


def _to(argv: list[str], sink: Any, closing: str = "") -> dict[str, Any]:
    """One child whose stdout is ``sink`` (None: closed, or what ``closing`` closes)."""
    import subprocess
    t = time.monotonic()
    with tempfile.TemporaryFile() as err:
        if sink is None:
            proc = subprocess.Popen([sys.executable, "-c", closing or CLOSED, *argv], stderr=err)
        else:
            proc = subprocess.Popen([sys.executable, "-m", "pencilbox", *argv], stdout=sink, stderr=err)
        code, usage = waited(proc, fuzz.LIMIT_S)
        err.seek(0)
        return {"code": code, "s": time.monotonic() - t, "mb": usage.ru_maxrss / 1024, "out": "",
                "err": err.read().decode(errors="replace")}


CLOSED = ("import os, sys, runpy; os.close(1); sys.argv[0] = 'pencilbox'; "
          "runpy.run_module('pencilbox', run_name='__main__')")


# ---------------------------------------------------------------- the library

LIBRARY = {
    "rows 10**5000": "pencilbox.read({'puzzle': 'sukoro', 'rows': 10**5000, 'cols': 2})",
    "clues 100,000 deep": "pencilbox.read({'puzzle': 'sukoro', 'rows': 1, 'cols': 1, "
                          "'clues': functools.reduce(lambda a, _: [a], range(100_000), [])})",
    "60 MB string": "pencilbox.read('sukoro 1x2\\n' + '..\\n' * 20_000_000)",
    "10 MB list of {}": "pencilbox.read_all('[' + ','.join(['{}'] * 2_500_000) + ']')",
    "node_cap=True": "pencilbox.read(URL).count(node_cap=True)",
    "node_cap=1.5": "pencilbox.read(URL).count(node_cap=1.5)",
    "seed=-1": "pencilbox.generate('sukoro', 5, 5, seed=-1)",
    "blank(None)": "pencilbox.blank(None, 2, 2)",
    "blank 0x5": "pencilbox.blank('sukoro', 0, 5)",
    "blank 10**9": "pencilbox.blank('slant', 10**9, 10**9)",
    "read(5)": "pencilbox.read(5)",
    "backbone 500x500": "pencilbox.blank('sukoro', 500, 500).backbone()",
    "png 1x40000": "pencilbox.blank('slant', 1, 40000).png()",
    "svg 201x200": "pencilbox.blank('slant', 201, 200).svg()",
}
CALL = """
import functools, sys, pencilbox
from pencilbox import BoardError
URL = {url!r}
try:
    {call}
except (BoardError, TypeError) as e:
    print(type(e).__name__, str(e)[:200], file=sys.stderr)
    sys.exit(2)
"""


def library_part() -> None:
    """Each edge in a child: a BoardError (or TypeError for a wrong type), never another exception."""
    import subprocess
    for label, call in LIBRARY.items():
        t = time.monotonic()
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen([sys.executable, "-c", CALL.format(url=URL, call=call)], stderr=err,
                                    stdout=subprocess.DEVNULL)
            code, usage = waited(proc, fuzz.LIMIT_S)
            err.seek(0)
            said = err.read().decode(errors="replace")
        got = {"code": code if code != 1 else 3, "s": time.monotonic() - t, "mb": usage.ru_maxrss / 1024,
               "out": "", "err": said}  # (exit 1: an exception escaped)
        tried("library", f"library {label}", got)


# ---------------------------------------------------------------- the kernel cache

def cache_part(tmp: Path) -> None:
    """A cache folder that cannot be made, a damaged numba index, a cache removed mid-command."""
    plain = tmp / "a-file"
    plain.write_text("")
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PENCILBOX_CACHE_DIR")}
    env["PENCILBOX_BUILD"] = "0"  # no background build left running in the folders removed after
    for argv in (["solve", URL], ["count", URL, "--engine", "brute"]):
        tried("cache", f"XDG_CACHE_HOME a file: {argv[0]}",
              fuzz.child(argv, env={**env, "XDG_CACHE_HOME": str(plain)}))
    copy = tmp / "cache"
    shutil.copytree(cache.root(), copy, ignore=shutil.ignore_patterns("site"), dirs_exist_ok=True)
    damaged = 0
    for index in copy.rglob("*.nbi"):
        index.write_bytes(index.read_bytes()[:7])
        damaged += 1
    for argv in (["count", URL, "--engine", "brute"], ["count", SLANT, "--engine", "brute"], ["solve", URL]):
        tried("cache", f"{damaged} truncated index files: {' '.join(argv[:1] + argv[2:])}",
              fuzz.child(argv, env={**env, "PENCILBOX_CACHE_DIR": str(copy)}))
    gone = tmp / "gone"
    shutil.copytree(cache.root(), gone, ignore=shutil.ignore_patterns("site"), dirs_exist_ok=True)
    import subprocess
    proc = subprocess.Popen([sys.executable, "-c", REMOVED, str(gone), URL], stderr=subprocess.PIPE,
                            env={**env, "PENCILBOX_CACHE_DIR": str(gone)})
    t = time.monotonic()
    try:
        err, code = proc.communicate(timeout=fuzz.LIMIT_S)[1], proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        err, code = proc.communicate()[1], None
    tried("cache", "cache removed mid-command", {"code": code if code != 1 else 3, "s": time.monotonic() - t,
                                                  "mb": 0.0, "out": "", "err": err.decode(errors="replace")})


REMOVED = """
import shutil, sys
import pencilbox
from pencilbox.compiled import cache
board = pencilbox.read(sys.argv[2])
board.solve()
shutil.rmtree(sys.argv[1])
cache.mark_ready("sukoro", "ladder", 0.1)
cache.write_json(cache.state_dir() + "/build.json", {"state": "running"})
print(board.count(), board.solve().status, file=sys.stderr)
"""


# ---------------------------------------------------------------- the run

PARTS = ("verbs", "writes", "library", "cache")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=47)
    ap.add_argument("--inputs", type=int, default=200, help="mutated boards through backbone, render, print")
    ap.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    t0 = time.monotonic()
    out: dict[str, Any] = {"version": __version__, "python": platform.python_version(),
                           "commit": runner.commit(), "seed": args.seed,
                           "params": {"inputs": args.inputs, "parts": args.parts},
                           "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmp:
        for part in args.parts:
            t = time.monotonic()
            folder = Path(tmp) / part
            folder.mkdir()
            if part == "verbs":
                verbs_part(random.Random(rng.randrange(2**31)), args.inputs, folder)
            elif part == "writes":
                out["writes"] = writes_part(folder)
            elif part == "library":
                library_part()
            else:
                cache_part(folder)
            surface.setdefault(part, Counter())["seconds"] = round(time.monotonic() - t)
            print(f"{part}: {dict(surface[part])}", file=sys.stderr, flush=True)
    out.update(surfaces={k: dict(v) for k, v in surface.items()},
               defects={k: v for k, v in fuzz.defects.items() if v}, examples=fuzz.examples,
               seconds=round(time.monotonic() - t0, 1), load_after=os.getloadavg())
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"{OUT}: {sum(fuzz.defects.values())} defects {dict(fuzz.defects)}")


if __name__ == "__main__":
    main()
