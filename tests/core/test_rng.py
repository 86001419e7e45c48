"""The readable twin of numba's np.random (core/rng.py): the same draws from the same seed, so a
readable random walk chooses what the compiled one chooses."""

from __future__ import annotations

import random

import numpy as np
import pytest
from numba import njit

from pencilbox.core.rng import NumbaRandom


@njit(cache=False)
def _draws(seed, ks):  # type: ignore[no-untyped-def]
    np.random.seed(seed)
    out = np.empty(ks.shape[0], np.int64)
    for i in range(ks.shape[0]):
        out[i] = np.random.randint(ks[i])
    return out


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 987_654_321])
def test_randint_draws_as_numba_does(seed: int) -> None:
    ks = [random.Random(seed).randint(1, 70) for _ in range(2000)] + [1, 2, 64, 65, 2**20]
    rng = NumbaRandom(seed)
    assert [rng.randint(k) for k in ks] == list(_draws(seed, np.array(ks, dtype=np.int64)))
