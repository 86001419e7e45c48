"""The Fill-a-Pix generator's plain erasure loop driven (erase.py's Loop): minimise, the search
grade's construction past probe, the settling of capped checks without SAT, and the grade."""

from __future__ import annotations

from pencilbox.core.engine import PROBE
from pencilbox.puzzles.fillapix.erase import Loop


def minimise(rows: int, cols: int, clues: tuple[int | None, ...], order: list[int], avoid: list[int],
             names: tuple[str, ...], node_cap: int) -> tuple[tuple[int | None, ...], tuple[int, ...], Loop]:
    """generate.erase_readably's loop (kernel.minimise_checked's twin): from ``clues``, each
    clue of ``order`` erased while the answer ``avoid`` stays the only one (checks capped at
    ``node_cap`` branch points keep their clue and are listed), or with ``node_cap`` < 0 while
    the rungs ``names`` alone finish the board; the clues kept, the capped ones, and the loop
    (at the fixpoint of the clues kept, for ``settle``)."""
    loop = Loop(rows, cols, clues, avoid, names)
    level = node_cap < 0
    loop.schedule()
    if level:
        loop.finishes()
    else:
        loop.base()
    clue = loop.clue
    capped = []
    for i in order:
        kept = clue[i]
        loop.hide(i)
        saved = loop.save()
        loop.reopen(i)
        if level:
            keep = loop.finishes(i)
        else:
            loop.base()  # the answer obeys every clue: never a contradiction
            verdict = loop.unique(i, node_cap)
            keep = verdict == "unique"
            if verdict == "capped":
                capped.append(i)
        if not keep:
            loop.show(i, kept)
            loop.restore(saved)
    return tuple(None if v < 0 else v for v in clue), tuple(capped), loop


def past_probe(rows: int, cols: int, clues: tuple[int | None, ...], order: list[int], avoid: list[int],
               names: tuple[str, ...], node_cap: int) -> tuple[tuple[int | None, ...], int]:
    """generate.past_probe's first part on ``minimise``'s probe loop: each clue of ``order``
    erased while the ladder ``names`` (up to probe) finishes the board; the first erasure it
    cannot finish but a rival search from its probe fixpoint proves unique (within
    ``node_cap`` branch points) is kept too, and the loop stops there. The clues, and the
    position in ``order`` it stopped at (-1: it never did)."""
    loop = Loop(rows, cols, clues, avoid, names)
    loop.schedule()
    loop.finishes()
    clue = loop.clue
    for k, i in enumerate(order):
        kept = clue[i]
        loop.hide(i)
        saved = loop.save()
        loop.reopen(i)
        if loop.finishes(i):
            continue
        if not loop.rival_seen and loop.unique(i, node_cap) == "unique":  # from probe's fixpoint: past probe
            return tuple(None if v < 0 else v for v in clue), k
        loop.show(i, kept)
        loop.restore(saved)
    return tuple(None if v < 0 else v for v in clue), -1


def settle(loop: Loop, pending: tuple[int, ...], node_cap: int) -> tuple[tuple[int | None, ...], int]:
    """generate.settle_by_search on ``minimise``'s loop: each pending clue in turn erased while
    the answer is proved the only one, by probe's fixpoint (it finishes the board) or by the
    rival search from that fixpoint within ``node_cap``; the clues, and how many checks ran
    out of nodes (each keeps its clue). Probe stops at a second answer (``rival_seen``: the
    clue stays; most capped clues have one, 371 of 526 at 10x10), else it runs to its fixpoint,
    where the search starts, as the readable settle's does."""
    s, avoid = loop.s, loop.avoid
    clues = tuple(None if v < 0 else v for v in loop.clue)
    deep = Loop(s.rows, s.cols, clues, avoid, (*loop.names, PROBE))
    deep.schedule()
    deep.finishes(early=False)
    clue = deep.clue
    unsettled = 0
    for i in pending:
        kept = clue[i]
        deep.hide(i)
        saved = deep.save()
        deep.reopen(i)
        if deep.finishes(i):
            verdict = "unique"
        else:  # a trial that met a second answer ends the check: the search would find one too
            verdict = "rival" if deep.rival_seen else deep.unique(i, node_cap)
        if verdict != "unique":
            deep.show(i, kept)
            deep.restore(saved)
            unsettled += verdict == "capped"
    return tuple(None if v < 0 else v for v in clue), unsettled


def grade(rows: int, cols: int, clues: tuple[int | None, ...], avoid: list[int],
          ladders: tuple[tuple[str, ...], ...]) -> int:
    """The index of the first of ``ladders`` whose rungs alone finish a board whose only
    answer is ``avoid``; -1 when none does."""
    return next((k for k, names in enumerate(ladders) if Loop(rows, cols, clues, avoid, names).check()), -1)
