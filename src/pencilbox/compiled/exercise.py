"""The tiny jobs that make numba compile each kernel with the signatures real calls use: one
run of a puzzle's verbs on its smallest bank board (``pencilbox warm`` runs each job once and
stamps it; the ahead-of-time builder runs them to learn the entry points' signatures).

The verbs are imported only inside ``exercise``: this module costs nothing to import.
"""

from __future__ import annotations

from pencilbox import puzzles
from pencilbox.compiled import cache


def jobs() -> list[tuple[str, str]]:
    """(puzzle, job) for every job its numba code serves, in the order the build runs them: the
    generators first (the player's New board waits for them; hints meanwhile use the readable
    rungs), each puzzle's ladder next, its compiled counters (as it declares them) last."""
    names = puzzles.names()
    compiled = {name: [e for e, c in puzzles.get(name).counters.items() if c.compiled] for name in names}
    counters = dict.fromkeys(e for es in compiled.values() for e in es)
    return [(name, job) for job in ("generate", "ladder", *counters) for name in names
            if job in ("generate", "ladder") or job in compiled[name]]


def exercise(name: str, job: str) -> None:
    """One tiny run of a job through the verbs' own code paths (so the compiled signatures
    are the ones the verbs use): the generator at every grade the player offers (5x5: Fill-a-Pix
    classifies twins only where a side is 2 mod 3)."""
    from pencilbox import api, service, verbs
    small = verbs.play.smallest(name)  # every kernel's real signature, next to no work
    with cache.compiling():
        if job == "ladder":  # the command line's verbs that run the ladder, as the table has them
            board = small
            for verb in verbs.VERBS.values():
                if verb.cli and verb.cost != "light" and verb.name != "backbone":  # backbone: SAT's
                    verb.call({"board": board, "limit": 2})
        elif job == "generate":
            puzzle = puzzles.get(name)
            for level in (None, *dict.fromkeys(level for _, level in puzzle.named_grades)):
                try:
                    made = puzzle.generate(5, 5, level, 1, tries=20)
                except ValueError:  # no such board that small: its code ran all the same
                    continue
                service.count(api.Board(made.board), "ladder", service.Options(limit=2))
        else:
            service.count(small, job, service.Options(limit=2))
