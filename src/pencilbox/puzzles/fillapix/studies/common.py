"""What several Fill-a-Pix studies share: the kind of grid, clue vectors computed apart
from the generator and the classifier, seeded pictures, exact twin shares, and the seed's
generator protocol (176 boards: 16 on each square from 5x5 to 15x15)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.studies import twin_counts
from pencilbox.studies import Params, rng, sig

# The seed's generator run: 176 boards. Its prediction of 58.8 redraws and its standard
# errors by position (0.4 / 0.7 / 1.8 %) fit 16 boards on each square 5x5 .. 15x15 (four
# of them with a side 2 mod 3), so that is the protocol.
GENERATED = [[n, n, 16] for n in range(5, 16)]
POSITIONS = ("inside", "edge", "corner")


def side_kind(h: int, w: int) -> str:
    """Which sides are 2 (mod 3): the kind of grid that decides whether twins exist."""
    k = (h % 3 == 2) + (w % 3 == 2)
    return ("no side", "one side", "both sides")[k]


def twin_kind(h: int, w: int) -> str:
    """The seed's two kinds of grid: with or without a side 2 (mod 3)."""
    return "no side 2 (mod 3)" if side_kind(h, w) == "no side" else "a side 2 (mod 3)"


def grid_name(h: int, w: int) -> str:
    return f"{h}x{w}"


def parse_grid(name: str) -> tuple[int, int]:
    h, w = name.split("x")
    return int(h), int(w)


def clue_vector(pic: Any, h: int, w: int) -> tuple[int, ...]:
    """Every clue of a picture, by summing nine shifted copies (shares no code with the
    generator's all_clues or the classifier)."""
    x = np.pad(np.asarray(pic, dtype=np.int64).reshape(h, w), 1)
    s = sum(x[dr : dr + h, dc : dc + w] for dr in range(3) for dc in range(3))
    return tuple(int(v) for v in np.asarray(s).ravel())


def pictures(seed: int, *key: Any, count: int, cells: int) -> np.ndarray:
    """``count`` fair-coin pictures as rows of 0/1, from the job's seeded generator."""
    gen = np.random.Generator(np.random.PCG64(rng(seed, *key).getrandbits(64)))
    return gen.integers(0, 2, size=(count, cells), dtype=np.int8)


def exact_shares(h: int, w: int, y_max: int) -> tuple[float, float | None]:
    """Exact twin share with single line flips only, and with the two-block family too
    (None when Y, the pattern part, is larger than y_max on a side: past what study 8
    confirms the count of Y two ways)."""

    lines = twin_counts.twin_share(h, w, lines_only=True)
    both = h % 3 == 2 and w % 3 == 2
    if both and max(twins.pattern_size(h), twins.pattern_size(w)) > y_max:
        return lines, None
    return lines, twin_counts.twin_share(h, w)


def exact_det(matrix: list[list[int]]) -> int:
    """The determinant of an integer matrix exactly, by Bareiss' fraction-free elimination
    (every division exact), so a zero is a zero and not a rounding (studies 1 and 9)."""
    m = [list(row) for row in matrix]
    n = len(m)
    if n == 0:
        return 1
    sign, prev = 1, 1
    for k in range(n - 1):
        if m[k][k] == 0:
            swap = next((r for r in range(k + 1, n) if m[r][k]), None)
            if swap is None:
                return 0
            m[k], m[swap] = m[swap], m[k]
            sign = -sign
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) // prev
        prev = m[k][k]
    return sign * m[n - 1][n - 1]


def z_score(sampled: float, exact: float | None, n: int) -> float | None:
    """How many standard errors a sampled share lies from the exact one."""
    if exact is None or not 0 < exact < 1:
        return None
    return sig((sampled - exact) / math.sqrt(exact * (1 - exact) / n), 3)


def count_cell(k: int, n: int) -> dict[str, Any]:
    """A sampled count (k hits in n trials) as a cell with its binomial standard error,
    so a published count can be compared within error."""
    return {"value": k, "se": sig(math.sqrt(k * (1 - k / n))) if n else None, "n": n}


def binomial_se(k: int, n: int) -> float | None:
    """The standard error of the share k / n."""
    return sig(math.sqrt(k / n * (1 - k / n) / n)) if n else None


def rows_of(fig: dict[str, Any]) -> list[dict[str, Any]]:
    """A table figure's rows as dicts by column name (for the checks)."""
    cols = fig["value"]["columns"]
    return [dict(zip(cols, r, strict=True)) for r in fig["value"]["rows"]]


def board_seeds(seed: int, h: int, w: int, k: int, count: int) -> list[int]:
    """The generator seeds of one chunk of boards (studies 5 and 6 draw the same boards)."""
    r = rng(seed, "generator", h, w, k)
    return [r.randrange(2**31) for _ in range(count)]


def chunks(p: Params) -> list[tuple[int, int, int, int]]:
    """Jobs (h, w, chunk, boards) over p['grids'] of [h, w, boards]."""
    return [
        (h, w, k, min(p["chunk"], boards - k * p["chunk"]))
        for h, w, boards in p["grids"]
        for k in range(-(-boards // p["chunk"]))
    ]


def merge(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Job results summed key by key (lists concatenated)."""
    out: dict[str, Any] = {}
    for r in results:
        for key, v in r.items():
            out[key] = out.get(key, [] if isinstance(v, list) else 0) + v
    return out


def by_grid(p: Params, results: list[Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """Job results merged per grid, in the order of p['grids']."""
    groups: dict[tuple[int, int], list[Any]] = {}
    for (h, w, _, _), r in zip(chunks(p), results, strict=True):
        groups.setdefault((h, w), []).append(r)
    return [(h, w, merge(groups[h, w])) for h, w, _ in p["grids"]]
