"""A worker process of the player (``python -m pencilbox.player.worker PARENT NICE``): it answers
the verbs that run kernels, so that the server can end a call past its budget by killing the
process (a compiled kernel cannot be interrupted).

A call is a header line ``{"verb": NAME, "size": N}`` and the N bytes of the request's JSON body
as the page sent it (the server does not encode it again); the answer is one line, ``STATUS JSON``,
which the server sends on as it is. ``warm`` (a body ``{"costs": [...]}``) runs the warm-ups of
those cost classes (``verbs.warm``).

The worker dies with its server (core/lifetime.py), and answers from the readable rungs while
the kernels it would run are still being compiled by the server's background build."""

from __future__ import annotations

import json
import os
import signal
import sys
from typing import Any, BinaryIO

from pencilbox import verbs
from pencilbox.core.lifetime import die_with
from pencilbox.errors import BoardError, clip
from pencilbox.verbs import play


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


def answer(verb: str, body: bytes) -> tuple[int, bytes]:
    """One call's status and JSON answer: the verb's result, or ``{"error": message}``."""
    try:
        data = json.loads(body or b"{}")
        if not isinstance(data, dict):
            raise BoardError("request body must be a JSON object")
        if verb == "warm":
            return 200, json.dumps(verbs.warm(tuple(data["costs"]))).encode()
        found = verbs.VERBS.get(verb)
        if found is None or found.cost == "light":
            return 400, json.dumps({"error": f"no worker call {verb!r}"}).encode()
        return 200, json.dumps(found.answer(data)).encode()
    except Exception as e:  # noqa: BLE001 - every error is answered; a fault says what it was
        said = status_of(e) or (500, f"internal error: {type(e).__name__}: {e}")
        return said[0], json.dumps({"error": clip(said[1])}).encode()


def serve(inbox: BinaryIO, outbox: BinaryIO) -> None:
    """Answer calls until the server closes the pipe."""
    while line := inbox.readline():
        try:
            head: Any = json.loads(line)
            verb, size = str(head["verb"]), int(head["size"])
        except (ValueError, KeyError, TypeError) as e:
            status, out = 400, json.dumps({"error": f"bad worker call: {e}"}).encode()
        else:
            status, out = answer(verb, inbox.read(size))
        outbox.write(b"%d %s\n" % (status, out))
        outbox.flush()


def main(argv: list[str]) -> None:
    parent, nice = int(argv[0]), int(argv[1])
    die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the whole group: the server ends us
    if nice and hasattr(os, "nice"):
        os.nice(nice)
    outbox = os.fdopen(os.dup(1), "wb")  # the answers; print() goes to stderr
    os.dup2(2, 1)
    serve(sys.stdin.buffer, outbox)


if __name__ == "__main__":
    main(sys.argv[1:])
