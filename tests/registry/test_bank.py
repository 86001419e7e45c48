"""Every folder's bank, from its recipe: rebuilt bit for bit size by size (a size's boards
depend only on its own seeds), its buckets as full as the recipe asks, and graded as recorded
by the readable ladder too. (Unique by two engines with a valid answer: tests/registry/test_contract.py.)"""

from __future__ import annotations

import collections
from typing import Any

import pytest

from pencilbox import bank, puzzles
from pencilbox.core import engine
from tests import contract

NAMES = puzzles.names()
WHOLE = 100  # cells: sizes up to here rebuild whole; a larger size rebuilds its first boards
FIRST = 3  # the boards of each larger bucket rebuilt (enough that a draw kept or skipped anew shows)


def graded(name: str, rows: int, cols: int) -> list[dict[str, Any]]:
    return [r for r in bank.load(name) if (r["rows"], r["cols"]) == (rows, cols) and "set" not in r]


def bucket(recipe: dict[str, Any], record: dict[str, Any]) -> str | None:
    """The recipe's bucket a board was made for: its grade, or None where any grade is kept."""
    return None if None in recipe["grades"] else str(record["grade"])


def first(recipe: dict[str, Any], records: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """The first ``n`` boards of each bucket, in the bank's order."""
    seen: collections.Counter[str | None] = collections.Counter()
    out = []
    for r in records:
        seen[bucket(recipe, r)] += 1
        out += [r] if seen[bucket(recipe, r)] <= n else []
    return out


SIZES = [(name, r, c) for name in NAMES for r, c in bank.recipe(name)["sizes"]]
MINIMAL = [(name, r, c) for name in NAMES for r, c in bank.recipe(name).get("minimal", {}).get("sizes", [])]


@pytest.mark.parametrize("name,rows,cols", SIZES, ids=[f"{n}-{r}x{c}" for n, r, c in SIZES])
def test_each_size_rebuilds_bit_for_bit(name: str, rows: int, cols: int) -> None:
    rec = {k: v for k, v in bank.recipe(name).items() if k != "minimal"} | {"sizes": [[rows, cols]]}
    shipped = graded(name, rows, cols)
    if rows * cols > WHOLE:
        rec["per_grade"] = FIRST
        shipped = first(rec, shipped, FIRST)
    boards, short = bank.build_graded(rec)
    assert bank.dumps(boards) == bank.dumps(shipped)
    allowed = bank.recipe(name).get("may_be_short", [])
    assert all(s.split(":")[0].split()[1] in allowed for s in short), short


@pytest.mark.parametrize("name,rows,cols", MINIMAL, ids=[f"{n}-{r}x{c}" for n, r, c in MINIMAL])
def test_each_minimal_set_rebuilds_bit_for_bit(name: str, rows: int, cols: int) -> None:
    rec = bank.recipe(name)
    rec["minimal"] = {**rec["minimal"], "sizes": [[rows, cols]]}
    boards, short = bank.build_minimal(rec)
    shipped = [r for r in bank.load(name) if (r["rows"], r["cols"], r.get("set")) == (rows, cols, "minimal")]
    assert not short and bank.dumps(boards) == bank.dumps(shipped)


@pytest.mark.parametrize("name", NAMES)
def test_every_bucket_of_the_recipe_is_there(name: str) -> None:
    rec = bank.recipe(name)
    buckets = collections.Counter((r["rows"], r["cols"], bucket(rec, r))
                                  for r in bank.load(name) if "set" not in r)
    want = {(r, c, g) for r, c in rec["sizes"] for g in rec["grades"]}
    allowed = rec.get("may_be_short", [])
    assert set(buckets) <= want and all(b in buckets or b[2] in allowed for b in want)
    assert all(n == rec["per_grade"] or b[2] in allowed for b, n in buckets.items()), buckets


@pytest.mark.parametrize("name", NAMES)
def test_the_readable_ladder_grades_as_recorded(name: str) -> None:
    """The compiled ladder graded the bank; the readable one agrees, on the smallest size's
    boards (every fourth)."""
    puzzle = puzzles.get(name)
    records = contract.banked(name)
    least = min(b.rows * b.cols for _, b, _, _ in records)
    for bid, board, _, grade in [r for r in records if r[1].rows * r[1].cols == least][::4]:
        assert engine.grade(puzzle, board, accel=False).grade == grade, bid
