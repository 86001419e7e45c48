"""A toy study for the runner's tests: squares of seeded draws (module level, so pools
and dask workers can import it)."""

from __future__ import annotations

from typing import Any

from pencilbox.studies import Study, figure, rng, table


def _plan(p: dict[str, Any], seed: int) -> list[tuple]:
    return [(k,) for k in range(p["jobs"])]


def _work(p: dict[str, Any], seed: int, k: int) -> int:
    return rng(seed, "toy", k).randrange(1000) ** 2


def _reduce(p: dict[str, Any], seed: int, results: list[Any]) -> dict[str, Any]:
    return {"squares": figure("exact", table(["k", "square"], list(enumerate(results))))}


def _check(p: dict[str, Any], figures: dict[str, Any]) -> list[str]:
    rows = figures["squares"]["value"]["rows"]
    return [f"row {r} is not a square" for r in rows if round(r[1] ** 0.5) ** 2 != r[1]]


TOY = Study(1, "toy", "Squares", {"jobs": 6}, {"jobs": 3}, _plan, _work, _reduce, _check)
