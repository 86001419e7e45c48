"""A request's head (its line and headers) must arrive within HEAD_S: uvicorn bounds the wait
between requests (keep-alive) and the server bounds bodies (api.BODY_S), but a client sending a
header a byte at a time held its connection for good (each byte restarted nothing)."""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_S = 10.0  # the longest a request's line and headers may take, from the connection or the last answer
LATE = b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


class Headed(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's head."""

    _head: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
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
