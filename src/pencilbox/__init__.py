"""pencilbox: Sukoro, Slant, Ripple Effect and Fill-a-Pix with a human-style solver ladder,
independent counters, generators, banks, studies and a browser player.

The library in three lines:

>>> import pencilbox
>>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
>>> board.count(engine="sat").count, board.grade().grade
(1, 'deg')

``read``, ``blank`` and ``generate`` make a ``Board``; its methods (``solve``, ``count``,
``grade``, ``hint``, ``check``, ``backbone``) answer frozen dataclasses (``Solution``,
``Count``, ``Grade``, ``Hint``, ``Check``, ``Backbone``), the objects the command line prints;
``study`` runs a study and hands back its figures. Bad input raises ``BoardError``, whose message
names what is wrong and where. In a notebook a board, a solution and a backbone draw themselves
(`the gallery <boards.html>`_ shows some).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from pencilbox.compiled import cache as _cache
from pencilbox.errors import BoardError
from pencilbox.version import __version__ as __version__  # the root offers it, as it always has

if TYPE_CHECKING:
    from pencilbox.api import Board, blank, generate, names, read, read_all
    from pencilbox.results import Backbone, BrokenRule, Check, Count, Grade, Hint, Made, Solution
    from pencilbox.studies.library import StudyRun, study


__all__ = ["read", "read_all", "blank", "generate", "names", "study", "Board", "Solution", "Count",
           "Grade", "Hint", "Check", "BrokenRule", "Backbone", "Made", "StudyRun", "BoardError"]

#: where each public name lives: imported on first use, so ``import pencilbox`` stays light
_HOME = {**dict.fromkeys(("read", "read_all", "blank", "generate", "names", "Board"), "pencilbox.api"),
         **dict.fromkeys(("Solution", "Count", "Grade", "Hint", "Check", "BrokenRule", "Backbone", "Made"),
                         "pencilbox.results"),
         **dict.fromkeys(("study", "StudyRun"), "pencilbox.studies.library")}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'pencilbox' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


_cache.after_numba(_cache.use_numba_cache)  # numba keeps our kernels in the per-user keyed cache
