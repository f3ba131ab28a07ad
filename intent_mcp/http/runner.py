"""Serving the HTTP app with uvicorn: forwarded headers off, a graceful stop on SIGINT/SIGTERM, exit 0."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator
from types import FrameType
from typing import Any

import uvicorn
from starlette.types import ASGIApp

from intent_mcp.http.read_timeouts import TimedH11Protocol

logger = logging.getLogger("intent_mcp.http")

# How long open requests and streams may run on after a stop signal before they are cancelled.
GRACEFUL_SHUTDOWN_SECONDS = 3


class _Server(uvicorn.Server):
    """uvicorn's server, reporting its real address once bound and not re-raising the stop signal.

    On a stop it first lets in-flight calls finish (bounded by ``GRACEFUL_SHUTDOWN_SECONDS``) and
    only then ends the event streams still open; by default the SSE library would end every
    stream at the signal, in-flight replies included.
    """

    def __init__(
        self, config: uvicorn.Config, on_listening: Callable[[str, int], None], calls_in_flight: Callable[[], int]
    ) -> None:
        super().__init__(config)
        self._on_listening = on_listening
        self._calls_in_flight = calls_in_flight
        from sse_starlette.sse import AppStatus

        AppStatus.disable_automatic_graceful_drain()  # type: ignore[no-untyped-call]

    async def shutdown(self, sockets: Any = None) -> None:
        from sse_starlette.sse import AppStatus

        for server in self.servers:
            server.close()  # no new connections while the calls in flight finish
        deadline = time.monotonic() + GRACEFUL_SHUTDOWN_SECONDS
        while self._calls_in_flight() and time.monotonic() < deadline and not self.force_exit:
            await asyncio.sleep(0.05)
        AppStatus.should_exit = True  # now end the remaining event streams
        await super().shutdown(sockets)

    async def startup(self, sockets: Any = None) -> None:
        await super().startup(sockets)
        if self.should_exit:
            return
        for server in self.servers:
            for sock in server.sockets:
                host, port = sock.getsockname()[:2]
                self._on_listening(host, port)
                return

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        # A signal asks for a clean stop; uvicorn would re-raise it afterwards and end the process
        # with the signal's status instead of 0.
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        handled = (signal.SIGINT, signal.SIGTERM)
        previous = {sig: signal.signal(sig, self._stop) for sig in handled}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _stop(self, sig: int, frame: FrameType | None) -> None:
        if self.should_exit and sig == signal.SIGINT:
            self.force_exit = True
        self.should_exit = True
        logger.info("stopping on %s", signal.Signals(sig).name)


def run_http(
    app: ASGIApp, *, host: str, port: int, path: str, log_level: str, calls_in_flight: Callable[[], int] = lambda: 0
) -> int:
    """Serve until a stop signal; return 0 after a clean stop, 1 when the address cannot be bound."""

    def announce(bound_host: str, bound_port: int) -> None:
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        # The one line a person (or a test) reads to find the endpoint; logs go to stderr too.
        print(f"intent-mcp: listening on http://{shown}:{bound_port}{path}", file=sys.stderr, flush=True)

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        log_level=log_level,
        access_log=False,
        proxy_headers=False,
        forwarded_allow_ips="",
        server_header=False,
        lifespan="on",
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
        ws="none",
        http=TimedH11Protocol,
    )
    server = _Server(config, announce, calls_in_flight)
    try:
        server.run()
    except SystemExit:
        # uvicorn exits when it cannot bind; it has already logged why.
        print(f"intent-mcp: cannot listen on {host}:{port}", file=sys.stderr)
        return 1
    return 0 if server.started else 1


__all__ = ["GRACEFUL_SHUTDOWN_SECONDS", "run_http"]
