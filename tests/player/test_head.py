"""A request's head has HEAD_S to arrive (head.py): a client sending its headers a byte at a time
is answered 408 and closed, and a prompt one is answered as before, on a real uvicorn server; an
answer that cuts a body short (413) closes lingering, so the client still sending reads it."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from pencilbox.player import head
from pencilbox.player.api import app
from tests.patience import until


@pytest.fixture()
def port(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """A served player with HEAD_S at 0.3 s, in a thread of this process."""
    monkeypatch.setattr(head, "HEAD_S", 0.3)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", http=head.Headed))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    yield sock.getsockname()[1]
    server.should_exit = True
    thread.join(10)


def read_all(conn: socket.socket) -> bytes:
    got = b""
    while chunk := conn.recv(65536):
        got += chunk
    return got


def response(conn: socket.socket) -> bytes:
    """One whole answer: its head, then as many bytes as its content-length says."""
    got = b""
    while b"\r\n\r\n" not in got:
        got += conn.recv(65536)
    top, _, body = got.partition(b"\r\n\r\n")
    length = int(next(v for k, _, v in (ln.partition(b":") for ln in top.split(b"\r\n"))
                      if k.lower() == b"content-length"))
    while len(body) < length:
        body += conn.recv(65536)
    return got


def test_a_head_sent_a_byte_at_a_time_is_cut_off(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:  # (30 s: a hang guard)
        sent = 0
        line = b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1_000
        try:
            for byte in line:  # a byte every 20 ms: 20 s of head, were it let run
                conn.sendall(bytes([byte]))
                sent += 1
                time.sleep(0.02)
        except OSError:  # the server closed it while we sent (a reset)
            return
        pytest.fail(f"the whole head was taken ({sent} bytes)")


def test_an_idle_connection_is_answered_408(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(b"GET /api/status HTTP/1.1\r\n")
        assert read_all(conn).startswith(b"HTTP/1.1 408 ")


def test_a_prompt_request_is_answered_and_its_connection_kept_for_the_next(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        for _ in range(2):
            conn.sendall(b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = response(conn)
            assert answer.startswith(b"HTTP/1.1 200 "), answer[:80]


@pytest.fixture()
def served() -> Iterator[int]:
    """A served player in its own process (in this one, the race below never shows)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port_ = sock.getsockname()[1]
    sock.close()
    proc = subprocess.Popen([sys.executable, "-c", SERVE, str(port_)], stderr=subprocess.DEVNULL)
    try:
        assert until(lambda: _answers(port_), 60), "the server did not listen"
        yield port_
    finally:
        proc.kill()
        proc.wait()


SERVE = ("import sys, uvicorn; uvicorn.run('pencilbox.player.api:app', port=int(sys.argv[1]), "
         "log_level='warning', http='pencilbox.player.head:Headed')")


def _answers(port_: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port_), timeout=1).close()
        return True
    except OSError:
        return False


def test_a_body_cut_short_by_413_still_reads_its_answer(served: int) -> None:
    """A chunked body streamed past MAX_BODY: the 413 reaches the client, still sending, every
    time (a plain close with unread bytes reset the connection and lost it about one time in two)."""
    port = served
    chunk = b"10000\r\n" + b" " * 0x10000 + b"\r\n"
    head_ = (b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
             b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
    statuses = []
    for _ in range(10):
        status = b""
        with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
            conn.sendall(head_)
            try:
                for _ in range(2**26 // len(chunk)):  # 64 MB at most
                    conn.sendall(chunk)
                    conn.setblocking(False)
                    try:
                        got = conn.recv(65536)
                    except BlockingIOError:
                        got = b""
                    conn.setblocking(True)
                    if got:
                        status = got.split(b" ", 2)[1]
                        break
            except OSError as e:
                status = type(e).__name__.encode()
        statuses.append(status)
    assert statuses == [b"413"] * 10, statuses


def test_a_client_gone_before_the_lingering_close_is_simply_closed() -> None:
    """write_eof on a socket the client already reset raises ENOTCONN: the close must not (it
    reached the ASGI app as an exception in the fuzz run)."""
    import h11 as h11_

    class Gone:
        closed = False

        def can_write_eof(self) -> bool:
            return True

        def is_closing(self) -> bool:
            return self.closed

        def write_eof(self) -> None:
            raise OSError(107, "Transport endpoint is not connected")

        def close(self) -> None:
            self.closed = True

    class Protocol:
        lingering = None
        conn = type("Conn", (), {"their_state": h11_.SEND_BODY})()

    gone = Gone()
    head.Lingering(gone, Protocol()).close()  # type: ignore[arg-type]
    assert gone.closed and Protocol.lingering is None
