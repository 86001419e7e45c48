"""A verb called over a wire: a name and the request's JSON bytes in, an HTTP status and JSON
bytes out. The player's worker processes and the static site's web worker (Pyodide) answer
through it, so both back ends of the page say the same thing, errors included."""

from __future__ import annotations

import json

from pencilbox import verbs
from pencilbox.errors import BoardError, clip
from pencilbox.verbs import play

MAX_BODY = 256 * 1024  # the largest request body either back end reads


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


def request(body: bytes | str) -> dict[str, object]:
    """A request body as the JSON object it must be (bounded: MAX_BODY bytes)."""
    if len(body) > MAX_BODY:
        raise play.TooLarge(f"request body over {MAX_BODY} bytes")
    try:
        data = json.loads(body or b"{}")
    except RecursionError:
        raise BoardError("request body is nested too deep") from None
    except ValueError as e:  # not JSON, not UTF-8, or an integer over Python's 4,300 digits
        raise BoardError(f"request body is not JSON: {e}") from None
    if not isinstance(data, dict):
        raise BoardError("request body must be a JSON object")
    return data


def answer(verb: str, body: bytes | str, light: bool = True) -> tuple[int, bytes]:
    """One call's status and JSON answer: the verb's result, or ``{"error": message}``. ``light``
    False refuses the verbs the server answers in its own process (a worker's calls)."""
    try:
        data = request(body)
        if verb == "warm":
            return 200, json.dumps(verbs.warm(tuple(data["costs"]))).encode()  # type: ignore[arg-type]
        found = verbs.VERBS.get(verb)
        if found is None or (found.cost == "light" and not light):
            return 400, json.dumps({"error": f"no worker call {verb!r}"}).encode()
        for f in found.fields:
            if f.required and f.name not in data:
                raise BoardError(f"missing '{f.name}' in the request body")
        return 200, json.dumps(found.answer(data)).encode()
    except Exception as e:  # noqa: BLE001 - every error is answered; a fault says what it was
        said = status_of(e) or (500, f"internal error: {type(e).__name__}: {e}")
        return said[0], json.dumps({"error": clip(said[1])}).encode()


def line(verb: str, body: str) -> str:
    """``answer`` as one string, ``STATUS JSON``: what the page's web worker posts back."""
    status, out = answer(verb, body)
    return f"{status} {out.decode()}"
