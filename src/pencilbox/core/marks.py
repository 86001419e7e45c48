"""What a position means: a row-major list of marks (``None`` = undecided) checked against
the board. The player writes positions; each puzzle's ``marks`` module reads them with
these helpers, so no puzzle imports the player."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Literal, Protocol

from pencilbox.core.outcomes import Broken
from pencilbox.errors import BoardError, shown


@dataclass(frozen=True)
class PageUI:
    """How the page draws and edits a puzzle's board (the catalog's ``ui``; the page's modules,
    static/*.js, read every field)."""

    cycle: list[Any]  # the marks one click steps through, None = undecided (empty: typed digits)
    keys: Literal["cycle", "digits"]  # keys step the cycle, or type a digit
    drag: bool  # a drag paints several cells with the first cell's mark
    cell: Literal["count", "slash", "digit", "paint"]  # how a cell's mark is drawn
    clue_on: Literal["cells", "points"]  # where clues sit (Slant: lattice points)
    fixed: str | None  # the mark a clue cell holds fixed (None: clue cells take marks)
    clue_range: tuple[int, int]  # the setter's clue values
    clue_extra: dict[str, str]  # setter keys beside the digits, and what each means
    regions: bool  # the board has regions (drawn, and edited in the setter)
    count: list[list[Any]] | None  # the cells a clue counts: [dr, dc, mark] offsets
    help: tuple[str, ...] = ()  # the puzzle's own lines of "Keys and mouse"
    forest: bool = False  # the marks join lattice points into trees: the page can colour them (Slant)
    notes: bool = False  # cells take pencil marks (candidate digits), a toggle away from values
    digits: tuple[int, int] | None = None  # a cycle puzzle's cells also take a typed digit lo..hi (a claim)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Marks(Protocol):
    """What a puzzle's ``marks`` module declares: the page's click cycle, marks in words,
    and how a position reads as an answer, as domains, and back."""

    CYCLE: list[Any]  # the marks one click steps through (empty: typed, as Ripple's digits)
    SAY: dict[str, str]  # a mark in words, for hints (a mark not here says itself)
    UI: PageUI  # how the page draws and edits the puzzle

    def to_answer(self, board: Any, position: Any) -> tuple[int | None, ...]: ...
    def to_state(self, board: Any, position: Any) -> list[int]: ...
    def mark(self, board: Any, var: int, d: int) -> Any: ...
    def from_answer(self, board: Any, answer: tuple[int | None, ...]) -> list[Any]: ...

    def broken(self, board: Any, position: Any) -> list[Broken]:
        """Rules the marks break that their answer cannot show (``nothing_broken`` for most)."""
        ...


def nothing_broken(board: Any, position: Any) -> list[Broken]:
    """Marks whose answer shows every broken rule (everything but Sukoro's)."""
    return []


def read(board: Any, position: Any, mean: Callable[[int, Any], Any]) -> tuple[Any, ...]:
    """Each mark through ``mean`` (index, mark) -> value, or a BoardError naming the cell."""
    n = board.rows * board.cols
    if not isinstance(position, list) or len(position) != n:
        size = len(position) if isinstance(position, list) else "?"
        raise BoardError(f"position must be a list of {n} marks (row-major), "
                         f"got {type(position).__name__} of {size}")
    out: list[Any] = []
    for i, m in enumerate(position):
        if m is None:
            out.append(None)
            continue
        v = mean(i, m)
        if v is None:
            r, c = divmod(i, board.cols)
            raise BoardError(f"position: row {r + 1}, column {c + 1}: {shown(m)} is not a mark here")
        out.append(v)
    return tuple(out)


class Letters:
    """Marks that are letters, one per answer value and one per settled domain (Slant's
    slashes, Fill-a-Pix's "#" and "."): a puzzle's marks module is one of these."""

    def __init__(self, value: dict[str, int], domain: dict[int, str],
                 state_from_answer: Callable[[Any, tuple[Any, ...]], list[int]]) -> None:
        self.value = value
        self.domain = domain
        self.letter = {v: m for m, v in value.items()}
        self.state_from_answer = state_from_answer

    def to_answer(self, board: Any, position: Any) -> tuple[int | None, ...]:
        return read(board, position, lambda i, m: self.value.get(m) if isinstance(m, str) else None)

    def to_state(self, board: Any, position: Any) -> list[int]:
        return self.state_from_answer(board, self.to_answer(board, position))

    def mark(self, board: Any, var: int, d: int) -> str | None:
        return self.domain.get(d)

    def from_answer(self, board: Any, answer: tuple[int | None, ...]) -> list[str | None]:
        return [None if v is None else self.letter[v] for v in answer]

    broken = staticmethod(nothing_broken)
