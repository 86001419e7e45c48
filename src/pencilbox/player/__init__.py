"""The player: a page and a small JSON API served on localhost (``pencilbox play``)."""

from __future__ import annotations

from typing import Any

STOP_S = 2  # how long a stopping server lets running calls finish


ANY = ("0.0.0.0", "::", "")  # binds that take every address: the names clients use are unknown


def serve(host: str = "127.0.0.1", port: int = 8000, allow_hosts: tuple[str, ...] = ()) -> None:
    """Start the player and print its address (blocks until stopped: Ctrl+C, SIGTERM, or SIGHUP
    when its terminal closes; its workers and background build end with it). It answers only
    requests that name the address served, a loopback name or one of ``allow_hosts`` (guard.py)."""
    import signal

    import uvicorn

    from pencilbox.player.api import app
    from pencilbox.player.guard import HOSTS, allow
    from pencilbox.player.head import Headed
    allow(*(() if host in ANY else (host,)), *allow_hosts)
    sock = _bound(host, port)  # before the address is printed: a port in use or no such host is
    # one line and exit 2 (uvicorn said it after the address, and exited 3)
    names = ", ".join(sorted(HOSTS))
    shown = "127.0.0.1" if host in ANY else (f"[{host}]" if ":" in host else host)
    print(f"pencilbox player on http://{shown}:{port}/  (Ctrl+C stops it)", flush=True)
    if host in ANY or allow_hosts:
        print(f"pencilbox: listening on {host or 'every address'}:{port}, answering requests for the hosts "
              f"{names} only (--allow-host adds one)", flush=True)
    # on Ctrl+C or SIGTERM, calls still running after STOP_S are cancelled (their workers killed)
    # (Headed: a request's head has HEAD_S to arrive, as its body has BODY_S)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", http=Headed,
                                           timeout_graceful_shutdown=STOP_S))
    signal.signal(signal.SIGHUP, lambda *_: setattr(server, "should_exit", True))
    server.run(sockets=[sock])


def _bound(host: str, port: int) -> Any:
    """A listening socket bound to ``host``:``port`` (an OSError when the host is unknown or the
    port taken)."""
    import socket
    family, kind, proto, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock
