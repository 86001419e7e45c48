"""The toy's one study: how many clues its generator keeps, per seed (quick and full)."""

from __future__ import annotations

from typing import Any

from pencilbox.studies import Study, figure, table

from .. import PUZZLE


def _plan(p: dict[str, Any], seed: int) -> list[tuple]:
    return [(seed * 1000 + k,) for k in range(p["boards"])]


def _work(p: dict[str, Any], seed: int, draw: int) -> int:
    return PUZZLE.generate(p["size"], p["size"], None, draw, tries=1).clues


def _reduce(p: dict[str, Any], seed: int, results: list[Any]) -> dict[str, Any]:
    lead = f"The generator keeps {min(results)} to {max(results)} clues on {len(results)} boards."
    return {"clues": figure("exact", table(["board", "clues"], list(enumerate(results))), lead=lead)}


def _check(p: dict[str, Any], figures: dict[str, Any]) -> list[str]:
    return [f"board {k} keeps {n} clues of {p['size'] ** 2}" for k, n in figures["clues"]["value"]["rows"]
            if not 0 < n <= p["size"] ** 2]


STUDIES = [Study(1, "clues", "Clues the toy generator keeps", {"size": 4, "boards": 6},
                 {"size": 3, "boards": 3}, _plan, _work, _reduce, _check)]
