"""A request's head (its line and headers) must arrive within HEAD_S: uvicorn bounds the wait
between requests (keep-alive) and the server bounds bodies (api.BODY_S), but a client sending a
header a byte at a time held its connection for good (each byte restarted nothing). And an
answer given before the request's body is all in (413 for a body over MAX_BODY) closes the
connection lingering: a plain close with unread bytes resets it, and the client, still sending,
lost the 413 about one time in two (bench/fuzz.py's chunked body)."""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_S = 10.0  # the longest a request's line and headers may take, from the connection or the last answer
LINGER_S = 2.0  # after an answer cut a body short: how long its remaining bytes are read and dropped
LINGER_BYTES = 64 * 2**20  # ... and how many at most
LATE = b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


class Lingering:
    """The connection's transport, whose close, while the client is still sending its body,
    first ends our side (the answer is out) and drops what still comes for a while."""

    def __init__(self, transport: Any, protocol: Headed) -> None:
        self._transport, self._protocol = transport, protocol

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

    def close(self) -> None:
        p = self._protocol
        if p.lingering is not None or p.conn.their_state is not h11.SEND_BODY \
                or not self._transport.can_write_eof() or self._transport.is_closing():
            self._transport.close()
            return
        try:
            self._transport.write_eof()
        except OSError:  # the client is gone already: nothing to linger for
            self._transport.close()
            return
        self._transport.resume_reading()
        p.lingering = 0
        p.loop.call_later(LINGER_S, self._transport.close)

    def is_closing(self) -> bool:
        return self._protocol.lingering is not None or self._transport.is_closing()


class Headed(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's head, closing lingering."""

    _head: asyncio.TimerHandle | None = None
    lingering: int | None = None  # bytes dropped since an answer cut the body short; None: not

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.transport = Lingering(transport, self)  # type: ignore[assignment]
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self.lingering is not None:
            self.lingering += len(data)
            if self.lingering > LINGER_BYTES:
                self.transport._transport.close()  # type: ignore[attr-defined]
            return
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head is in: its body has api.BODY_S
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request's head on this connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._head = self.loop.call_later(HEAD_S, self._late)

    def _disarm(self) -> None:
        if self._head is not None:
            self._head.cancel()
            self._head = None

    def _late(self) -> None:
        """408 and the connection closed, unless a request is now being answered."""
        self._head = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.write(LATE)
            self.transport.close()
