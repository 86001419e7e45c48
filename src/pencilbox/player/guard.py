"""What keeps other web pages off the local server: a page the user visits elsewhere can send
requests to 127.0.0.1 (a form's text/plain POST, CSRF) or rename itself onto it (DNS
rebinding, then read the answers). So a request must name a Host this server answers to, and
a POST must come from the page itself (no foreign Origin) as ``application/json``, which no
form can send and which a foreign page may only send after a CORS check this server never
passes. Refusals are 403 or 415 with the reason."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
HOSTS: set[str] = set(LOOPBACK)  # the names this server answers to (serve() adds --allow-host's)
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})

Scope = MutableMapping[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]


def allow(*names: str) -> None:
    """Answer to these host names too (the address served, and ``--allow-host``'s)."""
    HOSTS.update(n.strip().lower().strip("[]") for n in names if n.strip())


def hostname(value: str) -> str:
    """The name in a Host header (``[::1]:8000`` -> ``::1``, ``Localhost:80`` -> ``localhost``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def refusal(method: str, headers: dict[str, str]) -> tuple[int, str] | None:
    """Why this request is refused (status, reason), or None to serve it."""
    host = headers.get("host")
    if host is not None and hostname(host) not in HOSTS:
        return 403, (f"this server does not answer to the host {hostname(host)[:60]!r} (a page "
                     "elsewhere pointed at it?); start it with --allow-host NAME to allow that name")
    if method in SAFE:
        return None
    origin = headers.get("origin")
    if origin is not None:
        got = urlsplit(origin.strip())
        if origin.strip() == "null" or got.netloc.lower() != (host or "").strip().lower():
            return 403, (f"a {method} from another origin ({origin[:60]!r}) is refused: only this "
                         "server's own page may send one")
    media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        return 415, f"a {method} body must be sent as Content-Type: application/json, not {media[:60]!r}"
    return None


class Guard:
    """The ASGI middleware that applies ``refusal`` to every HTTP request before the app."""

    def __init__(self, app: ASGI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Any]],
                       send: Callable[[Any], Awaitable[None]]) -> None:
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            said = refusal(scope["method"], headers)
            if said is not None:
                await JSONResponse({"error": said[1]}, status_code=said[0])(scope, receive, send)
                return
        await self.app(scope, receive, send)
