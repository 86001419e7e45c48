"""pencilbox: Sukoro, Slant, Ripple Effect and Fill-a-Pix with a human-style solver ladder,
independent counters, generators, banks, studies and a browser player."""

from pencilbox.core import cache as _cache

__version__ = "0.1.0"

_cache.after_numba(_cache.use_numba_cache)  # numba keeps our kernels in the per-user keyed cache
