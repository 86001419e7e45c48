#!/usr/bin/env python3
"""Build pencilbox's reference docs with pdoc, from the docstrings: one page, ``pencilbox``, with
the module's docstring and every name of ``pencilbox.__all__`` (``Board`` and its methods, the
result dataclasses, ``study`` and ``StudyRun``, ``BoardError``). The internal modules are not
documented: pdoc documents what ``__all__`` lists, and walks no submodule it does not name.

    .venv/bin/python docs/build.py [OUT]     # default build/docs; `python3 dev.py docs` runs this

Any warning pdoc gives (a name of ``__all__`` that does not resolve, an annotation it cannot
read, a module that fails to import) fails the build: it writes nothing and exits 1.

This script lives beside the docs' other sources, not in the package: the wheel ships no code
that needs pdoc, and ``import pencilbox`` stays as light as it was. The tests import ``build``.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "docs"


class DocsWarning(RuntimeError):
    """pdoc warned while building: every warning, one per line."""


def build(out: Path = OUT) -> Path:
    """Write the reference docs into ``out`` (a folder this build made before, or a new or empty
    one: its old pages are replaced) and return the page to open. Raises DocsWarning when pdoc
    warns, leaving ``out`` as it was."""
    import pdoc
    import pdoc.render

    import pencilbox

    out = Path(out).resolve()
    if out.exists() and any(out.iterdir()) and not (out / "pencilbox.html").exists():
        raise FileExistsError(f"{out} holds files that are not a docs build: not replacing them")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # pencilbox exports its names lazily (a module __getattr__, so that ``import pencilbox``
        # stays light), and pdoc reads a module's __dict__: resolve every public name first
        for name in pencilbox.__all__:
            getattr(pencilbox, name)
        pdoc.render.configure(docformat="restructuredtext", footer_text=f"pencilbox {pencilbox.__version__}",
                              search=True, show_source=True)
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=out.parent, prefix=f".{out.name}-") as tmp:
            pdoc.pdoc("pencilbox", output_directory=Path(tmp))
            if caught:
                raise DocsWarning("pdoc warned:\n" + "\n".join(
                    f"  {w.category.__name__}: {w.message}" for w in caught))
            if out.exists():
                shutil.rmtree(out)
            (Path(tmp) / "boards.html").write_text(boards_page())
            for page in sorted(Path(tmp).rglob("*")):  # files only: the temporary folder is 0700
                if page.is_file():
                    (out / page.relative_to(tmp)).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(page, out / page.relative_to(tmp))
    return out / "index.html"


#: the boards the gallery draws: what a notebook shows for each line of code
GALLERY = (
    'pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")',
    'pencilbox.read("slant:5x5:c110a1d02a22a2b14c4a2b1d").solve()',
    'pencilbox.generate("ripple", 6, 6, grade="ripple", seed=3)',
    'pencilbox.read("pencilbox://p?fillapix/5/5/a32a2b353a3465b3b2c2").solve()',
    r'pencilbox.read("slant:5x5:c110a1d02a22a2b14c4a2b1d").with_answer(["/\\\\??", "?????", "?????", '
    '"?????", "?????"])',
)


def boards_page() -> str:
    """boards.html: each GALLERY line and what a notebook displays for its value (its
    ``_repr_html_``, else its ``_repr_svg_``), drawn by the library itself."""
    import html

    import pencilbox
    parts = []
    for line in GALLERY:
        value = eval(line, {"pencilbox": pencilbox})  # noqa: S307 - the fixed lines above
        shown = getattr(value, "_repr_html_", lambda: None)() or value._repr_svg_()
        parts.append(f"<section><pre>&gt;&gt;&gt; {html.escape(line)}</pre>{shown}</section>")
    return ("<!doctype html><html lang=en><meta charset=utf-8><title>pencilbox: boards in a notebook</title>"
            "<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto}section{margin:0 0 2rem}"
            "pre{background:#f4f4f4;padding:.5rem;white-space:pre-wrap}svg{max-width:22rem;height:auto}</style>"
            "<h1>Boards draw themselves</h1><p>What a notebook shows for each value below: a board with its "
            "clues (and a position, when it holds one), a solution with its answer. Made by "
            "<code>docs/build.py</code> through the library's own <code>_repr_html_</code> and "
            "<code>_repr_svg_</code>. <a href=pencilbox.html>The reference</a>.</p>"
            + "".join(parts) + "</html>\n")


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    try:
        index = build(out)
    except (DocsWarning, FileExistsError) as e:
        sys.exit(f"docs: {e}")
    print(f"docs: {index}")


if __name__ == "__main__":
    main()
