"""The command line: a thin layer over the library (``pencilbox.api``, and ``bank``); bad input is one line
on stderr and exit 2, never a traceback.

Exit codes: 0 success (solve: exactly one answer; check: no broken rule), 1 a negative
verdict (none or several answers, broken rules, nothing to hint, a cap ran out), 2 bad
input. When BOARD is a JSON list every verb prints one JSON line per board, in order, with
``index`` (and ``id``): ``{"index": i, "error": "..."}`` for a bad board, whose answer does
not stop the others (past the first 100 bad boards, one last line counts the rest); each board
is answered as it is read; the exit is 2 when any board was bad, else 0.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from pencilbox import api, boardio, booklet, render, service, verbs
from pencilbox.compiled import cache, ready
from pencilbox.core import puzzle as protocol
from pencilbox.core.files import write_atomic
from pencilbox.core.unwind import signalled
from pencilbox.errors import BoardError, clip, shown
from pencilbox.results import Result


def cmd_verb(args: argparse.Namespace) -> int:
    """Run a verb of the table over every board of BOARD and print its result the way the
    contract says: ``str`` of it, or its ``to_dict`` as JSON (a JSON line per board of a list)."""
    verb = verbs.VERBS[args.verb]
    asked = {f.name: getattr(args, f.name) for f in verb.fields if f.flag}
    records, many = boardio.load(args.board)
    code = 0
    for rec in records:
        if many:
            out = _answer(rec, lambda b: verb.answer({**asked, "board": api.Board(b)}))
            print(json.dumps({**_head(rec), **out}), flush=True)
            code = 2 if "error" in out else code
            continue
        res: Result = verb.call({**asked, "board": api.Board(protocol.known(rec.board))})
        print(res.to_json() if args.json else res)
        if not verb.yes(res):
            code = 1
    return code


def _head(rec: boardio.Record) -> dict[str, Any]:
    return {"index": rec.index, **({"id": rec.id} if rec.id is not None else {})}


def _answer(rec: boardio.Record, make: Callable[[Any], Mapping[str, Any]]) -> Mapping[str, Any]:
    """One board of a list: its answer, or the error that stops this board only."""
    if rec.error is not None:
        return {"error": rec.error}
    try:
        return make(rec.board)
    except BoardError as e:
        return {"error": str(e)}


def cmd_convert(args: argparse.Namespace) -> int:
    """Each board written in ``--format``; a list's JSON is one list (printed once it is whole, so
    a list found bad further on prints no half list), its text a board or error line each."""
    records, many = boardio.load(args.board)
    if not many:
        print(boardio.dump(protocol.known(next(records).board), args.format).rstrip("\n"))
        return 0
    code = 0
    parts = []
    for r in records:
        o = _answer(r, lambda b: {"board": boardio.dump(b, args.format)})
        line = o["board"].rstrip("\n") if "board" in o else json.dumps({**_head(r), **o})
        code = 2 if "error" in o else code
        if args.format == "json":
            parts.append(line)  # json.dumps writes a list as its items' own dumps joined with ", "
        else:
            print(line)
    if args.format == "json":
        print(f"[{', '.join(parts)}]")
    return code


def cmd_render(args: argparse.Namespace) -> int:
    board = _one(args.board, "render")
    fmt = args.format or ("png" if str(args.out or "").lower().endswith(".png") else "svg")
    if fmt == "png":
        render.png_scale(board.rows, board.cols)  # a PNG past the pixel bound: refused before solving
    try:
        answer = service.drawn(api.Board(board)) if args.answer else None
    except BoardError as e:  # no unique answer: a negative verdict, as solve's
        print(f"pencilbox: {e}", file=sys.stderr)
        return 1
    pic = render.picture(board, answer)
    data = render.png(pic) if fmt == "png" else render.svg(pic).encode()
    if args.out:
        _write_out(args.out, data)
    elif fmt == "png" and sys.stdout.isatty():
        raise BoardError("render --format png writes binary: give --out FILE or redirect the output")
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return 0


def _write_out(path: str, data: bytes) -> None:
    """``--out``: the whole file or none (a failure leaves the old one; a device is written to)."""
    try:
        write_atomic(path, data)
    except OSError as e:
        raise BoardError(f"cannot write {path}: {e.strerror or e}") from None


def _one(source: str, verb: str) -> Any:
    """The one board of BOARD (a list is refused: name one board)."""
    records, many = boardio.load(source)
    if many:
        raise BoardError(f"{verb} draws one board; BOARD holds a list of {boardio.count(records)} (pencilbox "
                         "print takes several)")
    return protocol.known(next(records).board)


def cmd_print(args: argparse.Namespace) -> int:
    boards = []
    for source in args.boards:
        records, _ = boardio.load(source)
        for rec in records:
            if rec.error is not None:
                raise BoardError(f"{shown(source[:60])}, board {rec.index}: {rec.error}")
            boards.append(protocol.known(rec.board))
    data = booklet.pdf(boards, answers=args.answers)
    _write_out(args.out, data)
    print(f"{args.out}: {len(boards)} board{'s' if len(boards) != 1 else ''}"
          f"{' with their answers' if args.answers else ''}")
    return 0


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"([0-9]+)x([0-9]+)", text.strip().lower())
    if not m:
        raise BoardError(f"size {shown(text[:40])}: expected RxC, e.g. 10x10")
    where = f"size {text[:40]}"
    return boardio.check_size(boardio.read_side(m.group(1), "rows", where),
                              boardio.read_side(m.group(2), "cols", where), where)


def cmd_generate(args: argparse.Namespace) -> int:
    rows, cols = parse_size(args.size)
    if args.n < 1:
        raise BoardError("-n must be at least 1")
    api.aim(args.puzzle, rows, cols, args.grade, args.density)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    api.check_seed(seed)
    api.check_seed(seed + 1_000_003 * (args.n - 1))  # the last board's seed too
    if args.seed is None:
        print(f"pencilbox: seed {seed} (drawn; --seed {seed} makes the same board"
              f"{'s' if args.n > 1 else ''} again)", file=sys.stderr)
    objs: list[dict[str, Any]] = []
    for k in range(args.n):
        try:
            made = api.generate(args.puzzle, rows, cols, args.grade, seed + 1_000_003 * k, args.density)
        except (Stopped, Exception) as e:
            signum = e.signum if isinstance(e, Stopped) else _interrupt(e)
            if signum is None:
                raise
            if objs:  # the boards made so far, as a whole JSON list; stderr says it was cut
                print(json.dumps(objs if args.n > 1 else objs[0]), flush=True)
            print(f"pencilbox: generate cut after {k} of {args.n} boards", file=sys.stderr)
            raise Stopped(signum) from None
        how = protocol.known(made.made)
        if args.format == "json":
            objs.append({**made.to_dict(), **how.to_dict()})
        elif args.format == "text":
            print(f"{how}\n{boardio.dump(made.shape, 'text')}")
        else:
            print(boardio.dump(made.shape, args.format))
    if objs:
        print(json.dumps(objs if args.n > 1 else objs[0]))
    return 0


def cmd_bank(args: argparse.Namespace) -> int:
    from pencilbox import bank
    return bank.main(args.puzzle, check=args.check)


def cmd_play(args: argparse.Namespace) -> int:
    from pencilbox.player import serve
    if not 0 < args.port < 65536:
        raise BoardError(f"--port {args.port} is out of range 1..65535")
    try:
        serve(args.host, args.port, tuple(args.allow_host or ()))
    except OSError as e:
        raise BoardError(f"cannot serve on {args.host}:{args.port}: {e.strerror or e}") from None
    return 0


def cmd_study(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pencilbox.studies import runner
    if args.list:
        print(runner.listing(args.puzzle))
        return 0
    return runner.run(args.puzzle, args.names, quick=args.quick, seed=args.seed, workers=args.workers,
                      scheduler=args.scheduler, out=Path(args.out) if args.out else None,
                      state=Path(args.state), progress=not args.no_progress)


def cmd_notes(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pencilbox.studies import notes, stats
    out = notes.render(Path(args.stats) if args.stats else None,
                       Path(args.out) if args.out else stats.NOTES)
    print(f"notes page written to {out}")
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pencilbox import site
    got = site.build(Path(args.out), Path(args.pyodide) if args.pyodide else None)
    print(f"site written to {got['out']}: {got['files']} files, {got['bytes'] / 1e6:.1f} MB, "
          f"{got['boards']} bank boards, Pyodide {got['pyodide']}, build {got['build']}")
    print(f"serve it with any static file server, e.g. python3 -m http.server --directory {got['out']}")
    return 0


def cmd_warm(args: argparse.Namespace) -> int:
    from pencilbox.compiled import warm
    if args.parent is not None:
        from pencilbox.core.lifetime import die_with
        die_with(args.parent)
    if not -20 <= args.nice <= 19:
        digits = str(args.nice)
        said = digits if len(digits) <= 20 else f"{digits[:12]}... ({len(digits)} digits)"
        raise BoardError(f"--nice {said}: must be -20 to 19 (19: the lowest priority)")
    if args.nice and hasattr(os, "nice"):
        try:
            os.nice(args.nice)
        except OSError as e:  # a higher priority needs the right to it
            raise BoardError(f"--nice {args.nice}: {e.strerror or e}") from None
    got = warm.build(progress_bar=not args.no_progress, ahead=not args.no_ahead, wait=not args.no_wait)
    if got is None:
        print("pencilbox: another build is compiling the kernels (pencilbox warm waits for it)",
              file=sys.stderr)
        return 0
    n, secs, failed = got
    print(f"kernels ready: {n} functions compiled, the rest loaded from the cache ({cache.folder()}), "
          f"in {secs:.1f} s")
    if failed:
        print(f"pencilbox: ahead-of-time build failed for {', '.join(failed)} "
              f"({next(iter(failed.values()))}): those commands load numba instead (about 1 s more each)",
              file=sys.stderr)
    elif failed is not None:
        print("ahead-of-time build ready: solve, count, grade and hint start without numba")
    return 0


def _cold(name: str) -> None:
    """Said once, when a command finds a puzzle's compiled kernel not built yet: it answers from
    the readable rungs and starts the build in the background (unless PENCILBOX_BUILD=0)."""
    if _told:
        return
    _told.append(name)
    from pencilbox.compiled import warm
    proc = warm.start_background()
    now = warm.progress()
    if proc is not None:
        doing = f"building them in the background now (pid {proc.pid}, log {now['log']})"
    elif now["state"] == "running":
        doing = f"a background build is at {now['ready']} of {now['total']} jobs (log {now['log']})"
    else:
        doing = "pencilbox warm builds them (PENCILBOX_BUILD=0 is set: no background build)"
    print(f"pencilbox: the compiled kernels are not built yet, so this command runs the readable "
          f"code (the same answers, slower, under default node caps sized to it); {doing}; "
          "pencilbox warm waits for it",
          file=sys.stderr, flush=True)


_told: list[str] = []


ABOUT = ("Play, solve, explain, grade and generate Sukoro, Slant (Gokigen Naname),\n"
         "Ripple Effect (Hakyuu) and Fill-a-Pix (Mosaic).")
EPILOG = """BOARD is a file, - for standard input, or the board itself: a puzz.link URL, a Tatham game ID
(WxH:desc), JSON or the text format. Exit codes: 0 yes, 1 no (or a cap ran out), 2 bad input.
Examples:
  pencilbox play                                  the player in the browser
  pencilbox solve 'https://puzz.link/p?sukoro/...'
  pencilbox hint board.txt --level neq            one provable cell and the rule that proves it
  pencilbox generate slant 10x10 --grade duet     a unique board of that grade
A first command compiles nothing: it answers from the readable rules while the fast kernels
build in the background (pencilbox warm builds them now)."""


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one stderr line and exit 2, like every bad input."""

    def _print_message(self, message: str, file: Any = None) -> None:
        """As argparse's, but a failed write to standard output (``--help > /dev/full``) is not
        swallowed: main says it, exit 2."""
        if not message:
            return
        out = file or sys.stderr
        try:
            out.write(message)
        except (AttributeError, OSError):
            if out is sys.stdout and out is not None:
                raise

    def error(self, message: str) -> NoReturn:
        verb = self.prog.removeprefix("pencilbox").strip()
        self.exit(2, f"pencilbox: error: {verb + ': ' if verb else ''}{clip(message)}\n")




integer = verbs.integer


def table_verb(sub: Any, verb: verbs.Verb) -> None:
    """A command built from a verb of the table: BOARD, an option per field that has a flag, --json."""
    sp = sub.add_parser(verb.name, help=verb.about, description=verb.about)
    sp.add_argument("board", help="a path, - for stdin, or a URL / Tatham ID string")
    for f in verb.fields:
        if f.flag is not None:
            kw = {k: v() if callable(v) and k != "type" else v for k, v in f.cli.items()}
            sp.add_argument(f.flag, dest=f.name, help=f.help() if callable(f.help) else f.help, **kw)
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(fn=cmd_verb)


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="pencilbox", description=ABOUT, epilog=EPILOG,
               formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="verb", required=True)

    def verb(name: str, fn: Callable[[argparse.Namespace], int], help_: str,
             board: bool = True) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_)
        if board:
            sp.add_argument("board", help="a path, - for stdin, or a URL / Tatham ID string")
        sp.set_defaults(fn=fn)
        return sp

    for v in verbs.VERBS.values():
        if v.cli:
            table_verb(sub, v)
    sp = verb("render", cmd_render, "draw a board (and its answer) as the player does, as SVG or PNG")
    sp.add_argument("--format", choices=("svg", "png"), help="default: png when --out ends in .png, else svg")
    sp.add_argument("--answer", action="store_true", help="draw the answer too (the board's own answer "
                    "section when complete, else its unique answer)")
    sp.add_argument("--out", metavar="FILE", help="write here (default: standard output)")
    sp = verb("print", cmd_print, "a PDF booklet: several boards a page with grade and share code, "
              "the answers at the back", board=False)
    sp.add_argument("boards", nargs="+", metavar="BOARD", help="boards, each a path, - or the board itself "
                    "(a JSON list adds all its boards)")
    sp.add_argument("--out", metavar="F.pdf", required=True)
    sp.add_argument("--answers", action="store_true", help="add the answers at the back")
    sp = verb("convert", cmd_convert, "write a board in another format")
    sp.add_argument("--format", choices=boardio.FORMATS, required=True)
    sp = verb("generate", cmd_generate, "generate unique, locally minimal, graded boards", board=False)
    sp.add_argument("puzzle")
    sp.add_argument("size", help="RxC, e.g. 10x10")
    sp.add_argument("--grade")
    sp.add_argument("--density", type=float, help="slant: show each lattice point with this probability "
                    "(the raw, unfiltered stream: not necessarily unique)")
    sp.add_argument("--seed", type=integer)
    sp.add_argument("-n", type=integer, default=1)
    sp.add_argument("--format", choices=boardio.FORMATS, default="text")
    sp = verb("bank", cmd_bank, "rebuild a shipped bank from its recorded parameters", board=False)
    sp.add_argument("puzzle")
    sp.add_argument("--check", action="store_true", help="rebuild in memory and compare bit for bit")
    sp = verb("play", cmd_play, "start the player in the browser (prints its address)", board=False)
    sp.add_argument("--port", type=integer, default=8000)
    sp.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1 (this machine only); 0.0.0.0 "
                    "listens on every address (then name the hosts clients use with --allow-host)")
    sp.add_argument("--allow-host", action="append", metavar="NAME",
                    help="answer requests for this host name or address too (repeat for more); any "
                    "other Host is refused, so pages elsewhere cannot reach the server")
    sp = verb("study", cmd_study, "run a puzzle's studies (all by default) into its stats file", board=False)
    sp.add_argument("puzzle", help="a puzzle name, or all")
    sp.add_argument("names", nargs="*", metavar="NAME", help="study names or numbers (default: every study)")
    sp.add_argument("--quick", action="store_true", help="the small parameters the tests use "
                    "(written to ./pencilbox-quick-stats unless --out is given)")
    sp.add_argument("--seed", type=integer, default=0)
    sp.add_argument("--workers", type=integer, default=1, help="local worker processes (default 1)")
    sp.add_argument("--scheduler", help="address of a dask.distributed scheduler to run the jobs on "
                    "(needs the cluster extra)")
    sp.add_argument("--out", help="folder of the stats files (default: the shipped ones)")
    sp.add_argument("--state", default=".pencilbox-studies",
                    help="where finished jobs of an unfinished run wait (the same command resumes)")
    sp.add_argument("--no-progress", action="store_true", help="no progress bar")
    sp.add_argument("--no-ahead", action="store_true",
                    help="skip the ahead-of-time build (it needs a C compiler; commands then load numba)")
    sp.add_argument("--list", action="store_true", help="list the studies and stop")
    sp = verb("notes", cmd_notes, "render the stats files into the notes page (static HTML)", board=False)
    sp.add_argument("--stats", help="folder of the stats files (default: the shipped ones)")
    sp.add_argument("--out", help="the page to write (default: the shipped notes.html)")
    sp = verb("site", cmd_site, "build the static site: the player with pencilbox running in the browser "
              "(Pyodide), the banks and the notes, served by any static file server, offline after one "
              "visit", board=False)
    sp.add_argument("--out", required=True, help="the folder to write (a previous site there is replaced)")
    sp.add_argument("--pyodide", metavar="TGZ", help="the archive of `npm pack pyodide@VERSION` (default: "
                    "npm fetches it once into the per-user cache); its sha256 is checked")
    sp = verb("warm", cmd_warm, "compile every kernel now into the per-user cache, then build the ladder's "
              "entry points ahead of time (a first command starts this in the background and answers from "
              "the readable rungs meanwhile)", board=False)
    sp.add_argument("--no-progress", action="store_true", help="no progress bar")
    sp.add_argument("--no-ahead", action="store_true",
                    help="skip the ahead-of-time build (it needs a C compiler; commands then load numba)")
    sp.add_argument("--no-wait", action="store_true", help="when another build is running, stop at once "
                    "instead of waiting for it")
    sp.add_argument("--nice", type=integer, default=0, help="run at this lower CPU priority")
    sp.add_argument("--parent", type=integer, help=argparse.SUPPRESS)  # the player's build ends with it
    return p


COMPILING = ("solve", "count", "grade", "hint", "generate", "bank", "play")  # verbs that run kernels
LADDER = ("solve", "count", "grade", "hint", "generate", "play")  # run readable code while kernels are cold


class Stopped(BaseException):
    """SIGINT or SIGTERM arrived: unwinds past every ``except Exception`` to main, which says so
    and exits 128 + the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


def _on_signals() -> dict[int, Any]:
    """Stop on SIGINT and SIGTERM even where they came ignored (a shell's background job ignores
    SIGINT) or would kill without a word (SIGTERM's default); the handlers it replaced."""
    import signal
    if threading.current_thread() is not threading.main_thread():
        return {}
    cache.after_import("pysat._utils", _pysat_leaves_sigint)
    return {sig: signal.signal(sig, _stop) for sig in (signal.SIGINT, signal.SIGTERM)}


def _pysat_leaves_sigint() -> None:
    """pysat's solver takes SIGINT itself and longjmps out of the solve, which can leave malloc's
    lock held (the run then hangs); told it is not the main thread, it leaves SIGINT to Python,
    whose handler runs as the solve (milliseconds here) returns."""
    from pysat._utils import MainThread
    MainThread.check = staticmethod(lambda: False)


def _interrupt(e: BaseException) -> int | None:
    """The signal that ``e`` stands for: SIGINT inside pysat's solver (which catches it and
    says so), or what a handler raised inside a compiled kernel (core/poll.py); else None."""
    if "keyboard interrupt" in str(e).lower():
        return 2
    cause = signalled(e)
    if isinstance(cause, Stopped):
        return cause.signum
    return 2 if isinstance(cause, KeyboardInterrupt) else None


def _stopped(signum: int) -> int:
    import signal
    print(f"pencilbox: stopped by {signal.Signals(signum).name}", file=sys.stderr, flush=True)
    return 128 + signum


def _internal(e: BaseException) -> int:
    """A bug in pencilbox (or a stop that arrived as another exception): one line, exit 3."""
    signum = _interrupt(e)
    if signum is not None:
        return _stopped(signum)
    if os.environ.get("PENCILBOX_DEBUG"):
        raise e
    print(f"pencilbox: internal error: {type(e).__name__}: {clip(str(e))} (set PENCILBOX_DEBUG=1 for "
          "details)", file=sys.stderr)
    return 3


def _output_failed(e: OSError) -> bool:
    """Whether ``e`` is standard output failing (a full disk, a closed or bad stream): then it
    is said in one line, exit 2, and the stream is not flushed again at exit."""
    if e.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EBADF, errno.EFBIG, errno.EROFS):
        return False
    _drop_output()
    return True


def _drop_output() -> None:
    """Point standard output at the null device: what is still buffered goes nowhere, silently."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


def _parse(argv: list[str] | None) -> argparse.Namespace:
    """The arguments; what argparse printed (``--help``) is flushed here, so that a failed write
    is an OSError here, not lost at exit."""
    try:
        return build_parser().parse_args(argv)
    finally:
        if sys.stdout is not None:
            sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parse(argv)
    except BrokenPipeError:  # --help | head -1
        _drop_output()
        return 0
    except OSError as e:  # --help > /dev/full: argparse said nothing and exited 0
        if not _output_failed(e):
            raise
        print(f"pencilbox: error: cannot write the output: {e.strerror or e}", file=sys.stderr)
        return 2
    was = _on_signals()
    try:
        if args.verb in LADDER:
            os.environ.setdefault(cache.POLICY, "auto")
            if args.verb != "play":  # the player starts its own build, at once
                ready.COLD.append(_cold)
        if args.verb in COMPILING:
            from pencilbox.compiled import warm
            warm.announce()
        verb: Callable[[argparse.Namespace], int] = args.fn
        code = verb(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk or a closed stream is said here, not at exit
        return code
    except BoardError as e:
        print(f"pencilbox: error: {clip(str(e))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as e:
        if not _output_failed(e):
            return _internal(e)
        print(f"pencilbox: error: cannot write the output: {e.strerror or e}", file=sys.stderr)
        return 2
    except Stopped as e:
        return _stopped(e.signum)
    except KeyboardInterrupt:
        return _stopped(2)
    except Exception as e:  # noqa: BLE001 - the contract is one line, never a traceback
        return _internal(e)
    finally:
        import signal
        for sig, handler in was.items():
            signal.signal(sig, handler)


if __name__ == "__main__":
    sys.exit(main())
