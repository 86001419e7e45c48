"""Building and loading compiled code, in one place.

The loaders sit at the core's level (the engine and the puzzle folders import them): ``cache``
(the per-user keyed cache and its ready stamps), ``aot`` (the ahead-of-time modules' loader)
and ``ready`` (whether this process may run a puzzle's compiled kernel or generator now).
The builders run the verbs to compile them, so they sit above the puzzles: ``exercise`` (one
tiny job per kernel), ``ahead`` (the ahead-of-time builder) and ``warm`` (``pencilbox warm``
and its background twin). Importing this package imports none of them.
"""
