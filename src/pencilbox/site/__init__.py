"""The static site (``pencilbox site --out DIR``): the player page, the banks and the notes page in
a folder any static file server can serve, with pencilbox itself running in the visitor's browser
(Pyodide in a web worker, answering the same verb table as ``pencilbox play``), installable as a
web app and working offline after one visit."""

from pencilbox.site.build import build

__all__ = ["build"]
