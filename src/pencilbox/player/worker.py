"""A worker process of the player (``python -m pencilbox.player.worker PARENT NICE``): it
answers the calls that run kernels, one JSON line in and one out, so that the server can end
a call past its budget by killing the process (a compiled kernel cannot be interrupted).

The worker dies with its server (core/lifetime.py), and answers from the readable rungs while
the kernels it would run are still being compiled by the server's background build."""

from __future__ import annotations

import json
import os
import signal
import sys
from typing import Any

from pencilbox.core.lifetime import die_with
from pencilbox.errors import BoardError
from pencilbox.player import paper, play
from pencilbox.results import Result

# what a worker may be asked: the kernel calls of play.py, and the warm-ups
VERBS = frozenset({"hint", "reveal", "ladder", "trial", "candidates", "rewind", "count",
                    "minimise", "generate", "warm", "warm_heavy"})
PAPER = frozenset({"backbone", "image", "booklet_of"})  # paper.py's: the setter's ambiguity, pictures


def status_of(e: BaseException) -> tuple[int, str] | None:
    """The HTTP status and message a call's error answers with; None for a fault (a bug)."""
    if isinstance(e, play.TooMuchWork):
        return 503, str(e)
    if isinstance(e, play.TooLarge):
        return 413, str(e)
    if isinstance(e, LookupError):
        return 404, str(e).strip("'\"")
    if isinstance(e, BoardError):
        return 400, str(e)
    if isinstance(e, (ValueError, TypeError, KeyError, IndexError, RecursionError)):
        return 400, f"bad request: {type(e).__name__}: {e}"
    return None


def answer(verb: str, args: list[Any]) -> dict[str, Any]:
    """One call's answer line: ``{"ok": value}`` or ``{"status": code, "error": message}``."""
    if verb not in VERBS | PAPER:
        return {"status": 400, "error": f"no worker call {verb!r}"}
    try:
        got = getattr(paper if verb in PAPER else play, verb)(*args)
        return {"ok": got.to_dict() if isinstance(got, Result) else got}
    except Exception as e:  # noqa: BLE001 - every error is answered; a fault says what it was
        said = status_of(e)
        if said is None:
            return {"status": 500, "error": f"internal error: {type(e).__name__}: {e}"}
        return {"status": said[0], "error": said[1]}


def serve(inbox: Any, outbox: Any) -> None:
    """Answer calls until the server closes the pipe."""
    for line in inbox:
        try:
            call = json.loads(line)
            out = answer(str(call["verb"]), list(call["args"]))
        except (ValueError, KeyError, TypeError) as e:
            out = {"status": 400, "error": f"bad worker call: {e}"}
        try:
            text = json.dumps(out)
        except (TypeError, ValueError) as e:
            text = json.dumps({"status": 500, "error": f"internal error: an answer not JSON: {e}"})
        outbox.write(text + "\n")
        outbox.flush()


def main(argv: list[str]) -> None:
    parent, nice = int(argv[0]), int(argv[1])
    die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the whole group: the server ends us
    if nice and hasattr(os, "nice"):
        os.nice(nice)
    outbox = os.fdopen(os.dup(1), "w", encoding="utf-8")  # the answers; print() goes to stderr
    os.dup2(2, 1)
    serve(sys.stdin, outbox)


if __name__ == "__main__":
    main(sys.argv[1:])
