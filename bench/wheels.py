"""Which wheels ``pip install pencilbox`` takes on each CPython and OS the README names (issue 46
item 6), written to bench/results/wheels.json.

This machine runs one CPython (3.11, Linux); the others cannot be started here. What can be
checked for them is pip's own resolution: pencilbox's pure wheel and every dependency, wheels
only (``--only-binary=:all:``: no C compiler, no sdist built), for each target's Python version
and platform tag (``pip install --dry-run --python-version V --platform P``). A target passes
where pip finds a wheel for everything. pip evaluates ``python_version`` markers for the target
and the others (``sys_platform``, ``platform_machine``) for this machine, so the Windows-on-ARM
markers are not exercised. ``python bench/wheels.py [--wheel FILE]`` (default: builds one).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "wheels.json"
VERSIONS = ("3.11", "3.12", "3.13", "3.14")
PLATFORMS = ("manylinux_2_28_x86_64", "manylinux_2_28_aarch64", "macosx_12_0_arm64", "macosx_12_0_x86_64",
             "win_amd64")


def build(folder: Path) -> Path:
    """pencilbox's wheel, built from this checkout without its dependencies."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(ROOT)],
                   check=True)
    return next(folder.glob("pencilbox-*.whl"))


def resolve(wheel: Path, version: str, platform: str, tmp: Path) -> dict[str, Any]:
    """pip's dry run for one target: the wheels it would install, or why it cannot."""
    report = tmp / f"{version}-{platform}.json"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "-q",
                           "--only-binary=:all:", "--python-version", version, "--platform", platform,
                           "--target", str(tmp / "target"), "--report", str(report), str(wheel)],
                          capture_output=True, text=True)
    if done.returncode:
        lines = [x for x in done.stderr.splitlines() if x.startswith("ERROR")]
        return {"ok": False, "error": (lines or done.stderr.splitlines()[-1:] or ["?"])[0][:300]}
    got = json.loads(report.read_text())
    files = sorted(i["download_info"]["url"].rsplit("/", 1)[-1] for i in got["install"])
    return {"ok": True, "wheels": files}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", help="pencilbox's wheel (default: build one from this checkout)")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        wheel = Path(args.wheel) if args.wheel else build(tmp / "dist")
        targets = {f"{v} {p}": resolve(wheel, v, p, tmp) for v in VERSIONS for p in PLATFORMS}
    record = {"pip": subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True,
                                    text=True).stdout.split(" from ")[0],
              "wheel": wheel.name, "targets": targets, "all_ok": all(t["ok"] for t in targets.values())}
    Path(args.out).write_text(json.dumps(record, indent=1) + "\n")
    for key, t in targets.items():
        print(f"{key:32} {'ok' if t['ok'] else 'FAILS: ' + t['error']}")


if __name__ == "__main__":
    main()
