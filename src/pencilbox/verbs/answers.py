"""What the page's own calls answer (the JSON the page reads; a board travels as its puzzle's
JSON form, core.puzzle.JSON): one TypedDict per verb of the page that the command line has not."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from pencilbox.core.engine import Level
from pencilbox.core.puzzle import JSON
from pencilbox.results import Cell


class Shared(TypedDict):
    """A board's link forms: text, a URL and a Tatham ID (None where the puzzle has none)."""

    text: str
    url: str | None
    tatham: str | None


class NamedGrade(TypedDict):
    name: str  # the player's (Easy...)
    level: Level


class Rule(TypedDict):
    """A rung in the glossary: its spec name, its plain name and what it does."""

    rung: str
    name: str
    words: str


class Listed(TypedDict):
    """One puzzle of the catalog: its ladder, its bank's sizes and grades, the page's table."""

    name: str
    title: str
    levels: list[Level]
    hint_levels: list[Level]
    search_level: Level
    sizes: list[tuple[int, int]]
    grades: list[str]
    generate_max: list[int]
    generate_cells: int  # the largest New board (cells) where the generator is compiled
    generate_cells_readable: int  # ... and where it is not (the static site, in the browser)
    cycle: list[object]
    ui: dict[str, object]
    rules: list[str]
    named_grades: list[NamedGrade]
    glossary: list[Rule]
    default_grade: str | None


class Catalog(TypedDict):
    puzzles: list[Listed]


class BankEntry(TypedDict):
    id: str
    rows: int
    cols: int
    grade: str


class BankList(TypedDict):
    boards: list[BankEntry]


class BankBoard(TypedDict):
    """A bank board to play: the board, its grade, the key its progress is saved by, links."""

    id: str
    board: JSON
    grade: str
    unique: bool
    key: str
    share: Shared


class Generated(TypedDict):
    """A New board: as a bank board, with no id and the seed that makes it again."""

    id: None
    board: JSON
    grade: Level | None
    unique: bool
    seed: int
    seed_text: str  # the seed's digits: a JavaScript number is exact only below 2^53
    key: str
    share: Shared


class Marked(TypedDict):
    cell: Cell
    mark: object


class RungCells(TypedDict):
    """One rung of the ladder panel: the cells its fixpoint settles (with every cheaper rung)."""

    rung: Level
    cells: list[Marked]
    contradiction: bool


class Ladder(TypedDict):
    rungs: list[RungCells]


class TrialChecked(TypedDict):
    """A trial's position as the ladder alone reads it (never the answer): ``ok``, a
    ``contradiction`` (the cheapest rung that finds it, or "clue", and its cells) or ``capped``."""

    kind: Literal["ok", "contradiction", "capped"]
    rung: str | None
    cells: list[Cell]
    clues: list[Cell]  # clues the contradiction read (Slant's on points)
    message: str


class CellMarks(TypedDict):
    cell: Cell
    marks: list[object]


class Candidates(TypedDict):
    """Per undecided cell, the marks a level's fixpoint leaves possible, or ("rules") those that
    break no rule beside the entries (Ripple's pencil marks)."""

    level: Level | Literal["rules"]
    cells: list[CellMarks]
    contradiction: bool


class Rewound(TypedDict):
    """The first of the positions sent (newest first) whose every mark agrees with the unique
    answer (None: none of them), and the cells of the first position that disagree."""

    index: int | None
    wrong: list[Cell]
    checked: int


class SetterCount(TypedDict):
    """Setter mode's count: 0, 1, "2+" (or "?": capped with none found), the grade, the
    redundant clues (how far the timed scan got, and the checks that ran out of nodes) and
    up to two answers as marks."""

    count: int | str
    capped: bool
    grade: Level | None
    redundant: list[Cell]
    answer: list[object] | None
    second: list[object] | None
    redundant_checked: NotRequired[list[int]]
    redundant_capped: NotRequired[int]


class Redundant(TypedDict):
    """The redundant-clue scan: the clues found, [checked, total] (fewer checked: the time for the
    scan ran out) and how many checks ran out of nodes."""

    redundant: list[Cell]
    redundant_checked: list[int]
    redundant_capped: int


class Minimised(TypedDict):
    board: JSON
    removed: int
    capped: int
    key: str
    share: Shared


class Converted(TypedDict):
    board: JSON
    key: str
    share: Shared


class Saved(TypedDict):
    """A board (and position) as a file's text, in one of the project's formats."""

    text: str
    format: str  # text or json


class Loaded(Converted):
    """A file's board, and its answer section as the page's marks (None: it had none)."""

    position: list[object] | None


class Exported(Shared):
    json: JSON


class Ambiguity(TypedDict):
    """The backbone as the page draws it: ``fixed`` a mark per cell (None where answers differ),
    ``answers`` the first answers as marks; the count honest (``capped``: at least)."""

    count: int
    capped: bool
    limit: int
    fixed: list[object]
    fixed_cells: int
    cells: int
    answers: list[list[object]]


class Image(TypedDict):
    format: str
    name: str
    data: str  # SVG text, or base64 PNG


class Booklet(TypedDict):
    name: str
    boards: int
    pdf: str  # base64
