"""Studies from Python: ``pencilbox.study`` runs one study of a puzzle, as ``pencilbox study``
does, and hands its figures back as data (and as pandas DataFrames) instead of writing a stats
file, so a notebook can rerun, tabulate and plot a finding without touching the shipped figures.

>>> run = pencilbox.study("slant", "clue_values")
>>> run.tables()
('clue_values', 'lattice_by_place')
"""

from __future__ import annotations

import html
import tempfile
from dataclasses import asdict, dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

from pencilbox import puzzles
from pencilbox.errors import BoardError
from pencilbox.studies import cell_value, runner
from pencilbox.studies.stats import StudyError

__all__ = ["study", "StudyRun", "StudyError"]


def study(puzzle: str, name: str | int, quick: bool = True, scheduler: str | None = None,
          seed: int = 0, workers: int = 1) -> StudyRun:
    """Run one study of one puzzle and return its figures; nothing is written but a temporary
    folder for the finished jobs, removed after (the shipped stats files are left alone).

    ``name`` is the study's name or number (``pencilbox study PUZZLE --list`` lists them);
    ``quick`` takes the small parameters the tests use (seconds), not the full ones (minutes to
    hours); ``workers`` local processes or a dask ``scheduler`` address run the jobs. A bad
    puzzle, study or option raises ``pencilbox.studies.stats.StudyError``, a subclass of
    ``pencilbox.BoardError`` (``except pencilbox.BoardError`` catches it), naming what is known.

    >>> run = pencilbox.study("slant", 4)
    >>> run.name, run.number, run.params["boards"]
    ('clue_values', 4, 20)
    >>> pencilbox.study("slant", "nope")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pencilbox.studies.stats.StudyError: unknown study 'nope'; known: 1 incremental, ...
    """
    if workers < 1:
        raise StudyError(f"workers={workers}: must be at least 1")
    if seed < 0:
        raise StudyError(f"seed={seed}: must be 0 or more")
    try:
        known = puzzles.get(puzzle).name
    except BoardError as e:
        raise StudyError(str(e)) from None
    [(_, chosen)] = runner.select((known,), [str(name)])
    with tempfile.TemporaryDirectory(prefix="pencilbox-study-") as state:
        entry = runner.run_study(known, chosen, quick=quick, seed=seed, workers=workers,
                                 scheduler=scheduler, state=Path(state), progress=False)
    return StudyRun(puzzle=known, name=chosen.name, number=entry["number"], title=entry["title"],
                    quick=quick, seed=seed, params=entry["params"], data=entry["figures"],
                    seconds=entry["seconds"], broken=tuple(entry["broken"]))


@dataclass(frozen=True)
class StudyRun:
    """One study's run: what ran (puzzle, study name and number, title, parameters, seed) and
    its figures in ``data``, exactly as the stats file's entry holds them (figure name ->
    ``{"kind", "value", ...}``; a table's value is ``{"columns", "rows"}``); ``seconds`` is
    the run's wall time and ``broken`` lists the properties the figures break (empty: all hold).

    >>> run = pencilbox.study("slant", "clue_values")
    >>> run.title
    'Clue value distribution (0-4) of the raw 10x10 stream (1,000 boards at 0.75)'
    >>> run.data["clues_per_board"]["kind"], run.broken
    ('sample', ())
    """

    puzzle: str
    name: str
    number: int
    title: str
    quick: bool
    seed: int
    params: dict[str, Any] = field(hash=False)
    data: dict[str, dict[str, Any]] = field(hash=False)
    seconds: float
    broken: tuple[str, ...] = ()

    def tables(self) -> tuple[str, ...]:
        """The names of the figures that are tables, in the study's order (the others are
        single numbers).

        >>> pencilbox.study("slant", "clue_values").tables()
        ('clue_values', 'lattice_by_place')
        """
        return tuple(k for k, fig in self.data.items() if _is_table(fig.get("value")))

    def main(self) -> str | None:
        """The study's main table: the one named after the study, else the first (None when
        the study has no table).

        >>> pencilbox.study("slant", "clue_values").main()
        'clue_values'
        """
        names = self.tables()
        return self.name if self.name in names else (names[0] if names else None)

    def frame(self, table: str | None = None) -> Any:
        """A table as a ``pandas.DataFrame`` (None: the main table), to sort, filter and plot.

        Cells that are more than a number (a sampled share ``{"value", "k", "n"}``, a mean with
        its standard error, a capped search's ``{"at_least"}``) become their number; ``data``
        keeps them whole. The figure's kind, title, note and sample size are in ``attrs``.
        Needs pandas (an ImportError says how to install it).

        >>> df = pencilbox.study("slant", "clue_values").frame()
        >>> list(df.columns[:3]), len(df), df.attrs["kind"]
        (['value', 'clues', 'share of clues'], 5, 'sample')
        """
        try:
            pandas = import_module("pandas")
        except ImportError as e:
            raise ImportError("StudyRun.frame needs pandas: pip install pandas") from e
        name = self._table(table)
        fig = self.data[name]
        rows = [[cell_value(c) for c in row] for row in fig["value"]["rows"]]
        df = pandas.DataFrame(rows, columns=fig["value"]["columns"])
        df.attrs.update({k: fig[k] for k in ("kind", "title", "note", "n") if k in fig})
        return df

    def to_dict(self) -> dict[str, Any]:
        """The run as plain JSON values (lists for tuples), to save or send.

        >>> sorted(pencilbox.study("slant", "clue_values").to_dict())[:4]
        ['broken', 'data', 'name', 'number']
        """
        return asdict(self) | {"broken": list(self.broken)}

    def _table(self, table: str | None) -> str:
        name = self.main() if table is None else table
        if name is None or name not in self.tables():
            raise KeyError(f"{self.puzzle} study {self.name} has no table {table!r}; its tables: "
                           f"{', '.join(self.tables()) or 'none'}")
        return name

    def _repr_html_(self) -> str:
        """A notebook's view: the title, the parameters, any broken property and the main table."""
        esc = html.escape
        params = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        out = [f"<h4>{esc(self.puzzle)} {self.number}. {esc(self.title)}</h4>",
               f"<p><code>{esc(self.name)}</code>{', quick' if self.quick else ''}, seed {self.seed}, "
               f"{self.seconds} s; {esc(params)}</p>"]
        out += [f"<p><b>Broken:</b> {esc(b)}</p>" for b in self.broken]
        main = self.main()
        if main is not None:
            value = self.data[main]["value"]
            head = "".join(f"<th>{esc(str(c))}</th>" for c in value["columns"])
            body = "".join("<tr>" + "".join(f"<td>{esc(_shown(c))}</td>" for c in row) + "</tr>"
                           for row in value["rows"])
            title = self.data[main].get("title") or main
            out.append(f"<table><caption>{esc(title)}</caption><thead><tr>{head}</tr></thead>"
                       f"<tbody>{body}</tbody></table>")
        others = [k for k in self.data if k != main]
        if others:
            out.append(f"<p>Also in <code>data</code>: {esc(', '.join(others))}</p>")
        return "\n".join(out)


def _is_table(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("columns"), list) and "rows" in value


def _shown(cell: Any) -> str:
    """A cell as text: a lower bound as ``≥ v``, a dash for none."""
    v = cell_value(cell)
    return "—" if v is None else f"≥ {v}" if isinstance(cell, dict) and "at_least" in cell else str(v)
