"""Serving one MCP connection on stdin/stdout: bounded lines, answered garbage, a prompt stop.

The SDK's stdio transport reads stdin in a worker thread it then waits for, so a stop signal
would hang until the next input line; its lines are unbounded; and it drops a line that is not
JSON-RPC without a word. Here stdin is read by a daemon thread the server never waits for, every
line is bounded, and a malformed line gets a JSON-RPC error.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator
from typing import Any, cast

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

logger = logging.getLogger("intent_mcp")

MAX_LINE_BYTES = 4 * 1024 * 1024
# Stands in for a line longer than the limit: not JSON, so it is answered as a parse error.
OVERSIZED_LINE = "\x00 line longer than the limit\n"
_LINES_IN_FLIGHT = 16


class StdinLines:
    """Lines of a file descriptor as text, read by a daemon thread; iteration stops at end of input.

    Iterating is cancellable at any time: the reading thread is never waited for, so a stop
    signal ends the server even while stdin stays open and silent. The thread reads the raw
    descriptor (no buffered file object whose lock it could hold at interpreter shutdown).
    """

    def __init__(self, fd: int, *, max_line_bytes: int = MAX_LINE_BYTES) -> None:
        self._fd = fd
        self._max = max_line_bytes
        self._buffer = bytearray()
        self._receive: MemoryObjectReceiveStream[str] | None = None

    def _start(self) -> MemoryObjectReceiveStream[str]:
        send, receive = anyio.create_memory_object_stream[str](_LINES_IN_FLIGHT)
        token = anyio.lowlevel.current_token()
        threading.Thread(target=self._pump, args=(send, token), name="intent-mcp-stdin", daemon=True).start()
        return receive

    def read_line(self) -> bytes | None:
        """The next line (with its newline), ``OVERSIZED_LINE`` for one over the limit, None at the end."""
        skipping = False
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[: end + 1])
                del self._buffer[: end + 1]
                return OVERSIZED_LINE.encode() if skipping or len(line) > self._max + 1 else line
            if len(self._buffer) > self._max:
                # Drop what is held of the oversized line and skip the rest of it as it arrives.
                self._buffer.clear()
                skipping = True
            chunk = os.read(self._fd, 64 * 1024)
            if not chunk:
                if skipping:
                    self._buffer.clear()
                    return OVERSIZED_LINE.encode()
                if self._buffer:
                    line = bytes(self._buffer)
                    self._buffer.clear()
                    return line
                return None
            self._buffer.extend(chunk)

    def _pump(self, send: MemoryObjectSendStream[str], token: Any) -> None:
        try:
            while (line := self.read_line()) is not None:
                anyio.from_thread.run(send.send, line.decode("utf-8", errors="replace"), token=token)
        except Exception:  # the loop is gone or the server stopped listening: nothing left to feed
            pass
        finally:
            try:
                anyio.from_thread.run(send.aclose, token=token)
            except Exception:
                pass

    def __aiter__(self) -> AsyncIterator[str]:
        if self._receive is None:
            self._receive = self._start()
        return self._receive.__aiter__()


class AnswerMalformedLines:
    """A read stream that answers items the transport could not parse with a JSON-RPC error (id null).

    The error names no part of the offending line.
    """

    def __init__(self, inner: Any, write_stream: Any) -> None:
        self._inner = inner
        self._write = write_stream

    @property
    def last_context(self) -> Any:
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        while True:
            item = await self._inner.receive()
            if not isinstance(item, Exception):
                return item
            await self._write.send(malformed_line_error(item))

    async def aclose(self) -> None:
        await self._inner.aclose()

    def __aiter__(self) -> AnswerMalformedLines:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None

    async def __aenter__(self) -> AnswerMalformedLines:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


def malformed_line_error(error: Exception) -> Any:
    """``-32700 Parse error`` for text that is not JSON, ``-32600 Invalid Request`` for other JSON."""
    import mcp_types as types
    from mcp.shared.message import SessionMessage
    from pydantic import ValidationError

    not_json = isinstance(error, ValidationError) and any(e["type"] == "json_invalid" for e in error.errors())
    code, message = (types.PARSE_ERROR, "Parse error") if not_json else (types.INVALID_REQUEST, "Invalid Request")
    logger.warning("answered a malformed stdin line with %s", message)
    return SessionMessage(
        types.JSONRPCError(jsonrpc="2.0", id=None, error=types.ErrorData(code=code, message=message))
    )


async def serve_stdio(server: Any) -> None:
    """Serve ``server`` on stdin/stdout until end of input or SIGINT/SIGTERM (in-flight calls are cancelled)."""
    from mcp.server.stdio import stdio_server

    async with anyio.create_task_group() as group:

        async def stop_on_signal() -> None:
            with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
                async for received in signals:
                    logger.info("stopping on %s", signal.Signals(received).name)
                    group.cancel_scope.cancel()
                    return

        group.start_soon(stop_on_signal)
        stdin = cast(Any, StdinLines(sys.stdin.fileno()))
        async with stdio_server(stdin=stdin) as (read_stream, write_stream):
            await server.run(
                AnswerMalformedLines(read_stream, write_stream),
                write_stream,
                server.create_initialization_options(),
            )
        group.cancel_scope.cancel()


__all__ = ["MAX_LINE_BYTES", "AnswerMalformedLines", "StdinLines", "malformed_line_error", "serve_stdio"]
