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

from pencilbox.core.lifetime import die_with
from pencilbox.verbs import wire
from pencilbox.verbs.wire import status_of

__all__ = ["answer", "serve", "status_of"]


def answer(verb: str, body: bytes) -> tuple[int, bytes]:
    """A call of a verb that runs kernels (the server answers light verbs itself)."""
    return wire.answer(verb, body, light=False)



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
