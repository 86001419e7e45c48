"""numba's ``np.random`` in plain Python: the generator a compiled search seeds, drawn the way
numba draws, so a readable walk makes the same random choices as its compiled twin and a
seed makes the same board whether the kernels are compiled yet or not.

numba seeds its Mersenne Twister with the reference ``init_genrand`` (not the
``init_by_array`` of Python's ``random.seed``) and ``np.random.randint(k)`` masks the low
bits of one 32-bit draw to the width of ``k - 1``, redrawing while the result is ``>= k``
(no draw at all when ``k == 1``). CPython's generator is the same twister, so it is loaded
with that state and asked for 32 bits at a time.
"""

from __future__ import annotations

import random

N = 624  # words of state


def _init_genrand(seed: int) -> list[int]:
    mt = [0] * N
    s = seed & 0xFFFFFFFF
    for pos in range(N):
        mt[pos] = s
        s = (1812433253 * (s ^ (s >> 30)) + pos + 1) & 0xFFFFFFFF
    return mt


class NumbaRandom:
    """``np.random.seed(seed)`` then ``np.random.randint(k)`` as compiled code sees them."""

    def __init__(self, seed: int) -> None:
        self._mt = random.Random()
        self._mt.setstate((3, (*_init_genrand(seed), N), None))

    def randint(self, k: int) -> int:
        """A uniform integer in ``0..k-1`` (``k >= 1``)."""
        if k == 1:
            return 0
        mask = (1 << (k - 1).bit_length()) - 1
        while True:
            r = self._mt.getrandbits(32) & mask
            if r < k:
                return r


class RandomValues:
    """The ``engine.Order`` of a kernel's random walk that branches as the reference search
    does (the first cell with the fewest values) and tries its values in a random order."""

    def __init__(self, seed: int) -> None:
        self.rng = NumbaRandom(seed)

    def choose(self, dom: list[int]) -> int:
        open_cells = (v for v, d in enumerate(dom) if d & (d - 1))
        return min(open_cells, key=lambda v: dom[v].bit_count(), default=-1)

    def pick(self, var: int, rem: int) -> int:
        """The value a numba walk draws: the k-th lowest of ``rem``, k uniform."""
        for _ in range(self.rng.randint(rem.bit_count())):
            rem &= rem - 1
        return rem & -rem
