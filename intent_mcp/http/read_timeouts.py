"""Half-sent requests are timed out: headers within ``HEADER_READ_SECONDS``, bodies within ``BODY_READ_SECONDS``.

uvicorn times out an idle keep-alive connection but waits for ever on a request whose headers
never finish, so a client could hold connections open by sending a byte now and then. The
protocol class here closes a connection whose request headers are not complete in time; the
request guard bounds the time to read a body.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["BODY_READ_SECONDS", "HEADER_READ_SECONDS", "TimedH11Protocol"]

HEADER_READ_SECONDS = 5.0
BODY_READ_SECONDS = 10.0


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request's headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()  # the headers are in
        elif self._header_timer is None:
            self._arm()  # the first bytes of the next request on a kept-alive connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(HEADER_READ_SECONDS, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()
