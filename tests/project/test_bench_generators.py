"""bench/generators.py runs: --quick over every registered puzzle on tiny boards, beside a
stand-in for the Tatham driver (the real one is built outside the repo), and a rerun without
the driver keeps the game IDs it recorded. Nothing here is timed against a figure."""

from __future__ import annotations

import importlib.util
import json
import stat
import sys
from pathlib import Path
from types import ModuleType

from pencilbox import puzzles

ROOT = Path(__file__).resolve().parents[2]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_generators", ROOT / "bench" / "generators.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def stand_in(folder: Path) -> Path:
    """An executable ``tatham`` that speaks the driver's protocol: for gen, a board of ours
    written as a Tatham ID (5x5, the size --quick asks for), for solve, "solved"."""
    slant, fillapix = puzzles.get("slant"), puzzles.get("fillapix")
    assert slant.tatham is not None and fillapix.tatham is not None
    desc = {"slant": slant.tatham.encode(slant.generate(5, 5, "count", 1).board),
            "mosaic": fillapix.tatham.encode(fillapix.generate(5, 5, None, 1).board)}
    script = folder / "tatham"
    script.write_text(f"#!{sys.executable}\nimport sys\nDESC = {desc!r}\n"
                      "for line in sys.stdin:\n"
                      "    words = line.split()\n"
                      "    if words[0] == 'quit':\n"
                      "        break\n"
                      "    if words[0] == 'gen' and words[2:4] == ['5', '5']:\n"
                      "        print('0.5', DESC[words[1]], flush=True)\n"
                      "    elif words[0] == 'solve':\n"
                      "        print('0.25 1', flush=True)\n"
                      "    else:\n"
                      "        print('error', flush=True)\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return folder


def test_quick_run_beside_a_driver_then_without_it(tmp_path: Path) -> None:
    gens = bench()
    out = tmp_path / "generators.json"
    gens.main(["--quick", "--tatham", str(stand_in(tmp_path)), "--out", str(out)])
    cases = json.loads(out.read_text())["cases"]
    names = {c.name for name in puzzles.names() for c in gens.cases_of(name)}
    names |= {u.name for us in gens.UNIQUE.values() for u in us}
    assert set(cases) == names
    for name, got in cases.items():
        assert got["boards"] == 2 and got["ours"]["median_ms"] <= got["ours"]["p90_ms"], name
        assert got["quick"] and got["tatham_driver"]
    slant = cases["slant 20x20 probe"]
    assert slant["size"] == "5x5" and slant["goal_median_ms"] == 200.0 and len(slant["seeds_used"]) == 2
    reference = slant["tatham_reference"]
    assert reference["median_ms"] == 132.0 and "issue's author" in reference["source"]
    assert slant["tatham_here"]["median_ms"] == 0.5
    assert abs(slant["ratio"] - slant["ours"]["median_ms"] / 0.5) < 0.01
    unique = cases["uniqueness slant 20x20 of Tatham Hard"]
    assert unique["tatham_here"]["median_ms"] == 0.25 and len(unique["game_ids"]) == 2
    assert unique["tatham_solver_finished"] == 2 and slant["capped_checks_total"] == 0
    sukoro = cases["sukoro 20x20 any"]
    assert "tatham_here" not in sukoro and sukoro["goal_median_ms"] == 2000.0

    gens.main(["slant", "--quick", "--only", "uniqueness", "--out", str(out)])  # no driver: the recorded IDs
    again = json.loads(out.read_text())["cases"]
    assert again["uniqueness slant 20x20 of Tatham Hard"]["game_ids"] == unique["game_ids"]
    assert not again["uniqueness slant 20x20 of Tatham Hard"]["tatham_driver"]
    assert again["sukoro 20x20 any"] == cases["sukoro 20x20 any"]  # a run updates only its own cases


def test_median_and_p90() -> None:
    gens = bench()
    assert gens.stats([float(x) for x in range(1, 21)]) == {"median_ms": 10.5, "p90_ms": 18.0}
    assert gens.spread([10.0, 12.0, 11.0]) == round(2 / 11, 3) and gens.spread([3.0]) is None
