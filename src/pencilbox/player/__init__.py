"""The player: a page and a small JSON API served on localhost (``pencilbox play``)."""

from __future__ import annotations

STOP_S = 2  # how long a stopping server lets running calls finish


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Start the player and print its address (blocks until stopped: Ctrl+C, SIGTERM, or SIGHUP
    when its terminal closes; its workers and background build end with it)."""
    import signal

    import uvicorn

    from pencilbox.player.api import app
    print(f"pencilbox player on http://{host}:{port}/  (Ctrl+C stops it)", flush=True)
    # on Ctrl+C or SIGTERM, calls still running after STOP_S are cancelled (their workers killed)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                           timeout_graceful_shutdown=STOP_S))
    signal.signal(signal.SIGHUP, lambda *_: setattr(server, "should_exit", True))
    server.run()
