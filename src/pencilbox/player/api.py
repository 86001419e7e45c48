"""The player's web app: the page, its static files and the JSON API (see the README). Its routes
are the verb table's (verbs.py): ``POST /api/NAME`` (or GET) for every verb, answered by the
verb's handler. Light verbs run in this process; verbs that run kernels run in worker processes
(lanes.py), each under a time and a memory budget, and their JSON answer is sent on as the
worker wrote it. Bad input is a 4xx with one clear message, never a 500."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pencilbox import puzzles, verbs
from pencilbox.compiled import cache, warm
from pencilbox.compiled.ready import generator_built
from pencilbox.errors import BoardError, clip, shown
from pencilbox.player import lanes
from pencilbox.player.guard import Guard
from pencilbox.verbs import play
from pencilbox.verbs.wire import status_of

STATIC = Path(__file__).parent / "static"
MAX_BODY = 256 * 1024
BUDGET_S = 10.0  # wall-clock budget per API call (node caps keep real calls far below it)
HEAVY_BUDGET_S = 60.0  # the same for the heavy lane's calls (setter counts, minimise, generate)


def _error(status: int, message: str, retry: int | None = None) -> JSONResponse:
    headers = {"Retry-After": str(retry)} if retry is not None else None
    return JSONResponse({"error": clip(message)}, status_code=status, headers=headers)


BODY_S = 10.0  # the longest a request's body may take to arrive: a stalled one holds a connection


class Slow(Exception):
    """A request body that did not arrive within BODY_S (408: the connection is closed)."""


async def _body(request: Request) -> tuple[dict[str, Any], bytes]:
    """The JSON object a POST sends and its bytes, refused unread when its Content-Length is over
    MAX_BODY and, sent in chunks, as soon as it passes it: a huge body is never held."""
    said = request.headers.get("content-length")
    if said is not None and (not said.strip().isdigit() or int(said.strip()[:12]) > MAX_BODY):
        raise play.TooLarge(f"request body of {shown(said)} bytes is over {MAX_BODY} bytes")
    raw = bytearray()
    try:
        async with asyncio.timeout(BODY_S):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise play.TooLarge(f"request body over {MAX_BODY} bytes")
    except TimeoutError:
        raise Slow(f"the request body did not arrive within {BODY_S:g} s") from None
    try:
        data = json.loads(raw or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BoardError(f"request body is not JSON: {e}") from None
    except RecursionError:
        raise BoardError("request body is nested too deep") from None
    except ValueError as e:  # an integer over Python's 4,300 digits
        raise BoardError(f"request body holds a number too long to read: {e}") from None
    if not isinstance(data, dict):
        raise BoardError("request body must be a JSON object")
    return data, bytes(raw)


LANES: dict[asyncio.AbstractEventLoop, lanes.Lanes] = {}  # each served app's worker lanes, by its loop
# (a TestClient driving the app in the same process starts and ends its own, not the server's)


class Warmup:
    """Where the start-up stands: whether the play lane's workers (hints, the ladder view) and
    the heavy lane's (setter, generator) are up, and the background build of the compiled
    kernels (``build``: warm.progress), which nothing waits on but New board. Both flags start
    true, so an app served without its lifespan (the tests' TestClient) is never held back."""

    def __init__(self) -> None:
        self.kernels = True
        self.heavy = True
        self.since = time.monotonic()
        self.builder: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.kernels = self.heavy = False
        self.since = time.monotonic()

    def status(self) -> dict[str, Any]:
        out: dict[str, Any] = {"warming": not (self.kernels and self.heavy), "kernels": self.kernels,
                               "heavy": self.heavy, "seconds": round(time.monotonic() - self.since, 1),
                               "build": warm.progress()}
        served = _served()
        if served is not None:
            out["workers"] = served.status()
        return out

    async def up(self, cost: str) -> bool:
        """Wait (a few seconds: no worker compiles) until the lane of a verb of this cost has its
        workers; False when they are not up within STARTING_S."""
        deadline = time.monotonic() + STARTING_S
        while not (self.kernels if cost == "play" else self.heavy):
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    def build(self) -> None:
        """Start the background build (ending with this server) unless one runs or all is ready."""
        if self.builder is None or self.builder.poll() is not None:
            self.builder = warm.start_background(parent=os.getpid())

    def stop(self) -> None:
        if self.builder is not None and self.builder.poll() is None:
            self.builder.kill()
            self.builder.wait()


STARTING_S = 60.0  # the longest a call waits for its lane's workers to start
WARMUP = Warmup()
RETRY_S = 3  # what a "warming up" answer asks the page to wait before asking again
BUILD_WAIT_S = 1800.0  # the longest a New board waits for its generator's compilation


def _warming() -> JSONResponse:
    """The answer of a call whose lane's workers were still not up after STARTING_S."""
    said = "warming up: the player's worker processes are still starting; try again shortly"
    return JSONResponse({"error": said, **WARMUP.status()}, status_code=503,
                        headers={"Retry-After": str(RETRY_S)})


async def _compiled(puzzle: Any, request: Request) -> Response | None:
    """Wait, outside any request budget, until the build has compiled this puzzle's generator
    (the page shows the build's progress meanwhile); an answer instead when it cannot come."""
    try:
        found = puzzles.get(str(puzzle))
    except (BoardError, AttributeError):
        return None  # the worker's answer names the bad puzzle
    name = found.name
    if cache.policy() != "auto" or generator_built(found):
        return None
    gone = asyncio.ensure_future(lanes.disconnected(request.receive))
    try:
        deadline = time.monotonic() + BUILD_WAIT_S
        while not cache.ready(name, "generate"):
            if gone.done():
                return _error(499, "the client went away")
            if time.monotonic() > deadline:
                return _error(503, f"the {name} generator is still compiling; try again later", RETRY_S)
            if warm.progress()["state"] in ("idle", "stopped"):
                WARMUP.build()  # a build that ended early (killed) starts again where it stopped
            await asyncio.sleep(0.25)
    finally:
        gone.cancel()
    return None


def _served() -> lanes.Lanes | None:
    """The worker lanes, when this call runs on the loop of the served app that started them
    (the same app driven by a TestClient in another loop runs its calls in threads)."""
    return LANES.get(asyncio.get_running_loop())


async def _run(verb: verbs.Verb, data: dict[str, Any], body: bytes,
               request: Request | None = None) -> Response:
    """Answer one call: a kernel call in a worker lane (when the app is served; its JSON answer
    is sent on as the worker wrote it), any other in a thread of this process; errors map to
    statuses."""
    served = _served()
    if served is not None and request is not None and verb.cost != "light":
        if not await WARMUP.up(verb.cost):
            return _warming()
        if verb.name == "generate":
            waited = await _compiled(data.get("puzzle"), request)
            if waited is not None:
                return waited
        lane = served.lane(verb.cost, data)
        try:
            status, said = await lane.call(verb.name, body, lanes.disconnected(request.receive))
        except lanes.Refused as e:
            return _error(e.status, e.message, e.retry)
        except asyncio.CancelledError:  # the server is stopping (Ctrl+C, SIGTERM): say so, not a 500
            return _error(503, "the server is stopping; this request was ended")
        return Response(said, status, media_type="application/json")
    try:
        out = await asyncio.wait_for(asyncio.to_thread(verb.answer, data), BUDGET_S)
    except TimeoutError:
        return _error(503, "this request needs more time than one request may take; try a smaller board")
    except Exception as e:  # noqa: BLE001 - mapped like a worker's answer; a fault is raised
        said_ = status_of(e)
        if said_ is None:
            raise
        return _error(*said_)
    return Response(json.dumps(out).encode(), media_type="application/json")  # as a worker writes it


def _post(verb: verbs.Verb) -> Any:
    """A verb's POST handler: the body read once (bounded), its required fields there."""
    async def handler(request: Request) -> Response:
        served = _served()
        if served is not None and verb.cost == "heavy" and served.heavy.full():  # before reading the body
            busy = served.heavy.busy_answer()
            return _error(busy.status, busy.message, busy.retry)
        try:
            data, body = await _body(request)
        except play.TooLarge as e:
            return _error(413, str(e))
        except Slow as e:
            return JSONResponse({"error": str(e)}, status_code=408, headers={"Connection": "close"})
        except BoardError as e:
            return _error(400, str(e))
        for f in verb.fields:
            if f.required and f.name not in data:
                return _error(400, f"missing '{f.name}' in the request body")
        return await _run(verb, data, body, request)
    return handler


def _get(verb: verbs.Verb) -> Any:
    """A verb's GET handler: its fields from the query string and the path."""
    async def handler(request: Request) -> Response:
        data = {**request.query_params, **request.path_params}
        for f in verb.fields:
            if f.required and f.name not in data:
                return _error(400, f"missing query parameter '{f.name}'")
        return await _run(verb, data, b"")
    return handler


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def notes_page(request: Request) -> Response:
    """The notes page the studies render (pencilbox notes), shipped with the package."""
    from pencilbox.studies.stats import NOTES
    if not NOTES.exists():
        return _error(404, "no notes page yet: run `pencilbox study all` and `pencilbox notes`")
    return FileResponse(NOTES, media_type="text/html")


async def status(request: Request) -> Response:
    """Whether the kernels are still warming up (the page and the tests' servers wait on it)."""
    return JSONResponse(WARMUP.status())


async def not_found(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return _error(404, f"no API route {shown(request.url.path)}")
    return _error(404, "not found")


async def method_not_allowed(request: Request, exc: Exception) -> Response:
    return _error(405, f"{shown(request.method)} is not allowed on {shown(request.url.path)}")


PATHS = {"board": "/api/board/{id}"}  # a verb whose route is not /api/NAME


def verb_routes() -> list[Route]:
    """A route per verb of the table that has an HTTP method."""
    return [Route(PATHS.get(v.name, f"/api/{v.name}"), _get(v) if v.http == "get" else _post(v),
                  methods=[v.http.upper()]) for v in verbs.VERBS.values() if v.http is not None]


routes = [
    Route("/", index),
    Route("/notes", notes_page),
    Route("/notes.html", notes_page),  # the page's link, the same on the static site
    Route("/api/status", status),
    *verb_routes(),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]

@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Serve at once: the background build compiles what the kernel cache lacks (ending with
    the server; what it finished is kept) while the worker lanes start (Lanes.start), answering
    from the readable rungs until the compiled kernels are ready. The page, the catalog, the
    bank, check and the formats answer at once; a call that comes before the workers are up
    answers 503 "warming up" with Retry-After. The workers and the build end with the server."""
    WARMUP.start()
    os.environ.setdefault(cache.POLICY, "auto")  # the workers inherit it
    cache.root()  # and a stand-in for a cache folder that cannot be used, said here once
    WARMUP.build()
    mine = LANES[asyncio.get_running_loop()] = lanes.Lanes(BUDGET_S, HEAVY_BUDGET_S)

    def kernels_ready() -> None:
        WARMUP.kernels = True

    async def warm_up(lanes_: lanes.Lanes) -> None:
        try:
            await lanes_.start(kernels_ready)
        except Exception as e:  # noqa: BLE001 - any failure: serve on, workers compile on demand
            print(f"pencilbox: the background warm-up failed ({type(e).__name__}: {e}); calls compile "
                  "on their own", file=sys.stderr, flush=True)
            lanes_.play.fill()
            lanes_.heavy.fill()
        finally:
            WARMUP.kernels = WARMUP.heavy = True
    task = asyncio.create_task(warm_up(mine))
    try:
        yield
    finally:
        task.cancel()
        WARMUP.stop()
        await mine.stop()
        LANES.pop(mine.loop, None)


app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Guard)],
                exception_handlers={404: not_found, 405: method_not_allowed})
