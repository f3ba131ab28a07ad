"""Serving one MCP connection on stdin/stdout: bounded lines, answered garbage, a prompt stop.

The SDK's stdio transport reads stdin in a worker thread it then waits for, so a stop signal
would hang until the next input line; its lines are unbounded; it drops a line that is not
JSON-RPC without a word; at end of input it stops before calls in flight are answered; and it
hops to a worker thread for every line read and twice for every message written. Here a stdin
pipe is read on the event loop when it is readable (anything else by a daemon thread the server
never waits for), replies go to a stdout pipe from the loop too (``stdio_out``), every line is
bounded, a malformed line gets a JSON-RPC error (with its id when one can be read), and end of
input waits for the replies of calls in flight. The SDK still parses and frames every message.
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
import orjson
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

from intent_mcp.stdio_out import claimed_stdout, waitable_on_the_loop
from intent_mcp.stdio_screen import INVALID_ID, SCREENED_MARK, screen_line, top_level_id

logger = logging.getLogger("intent_mcp")

MAX_LINE_BYTES = 4 * 1024 * 1024
# Stands in for a line longer than the limit: not JSON, so it is answered as a parse error.
OVERSIZED_LINE = "\x00 line longer than the limit\n"
_LINES_IN_FLIGHT = 16
_READ_BYTES = 64 * 1024
# After a stop signal, how long calls in flight may take to finish before they are cancelled.
STOP_GRACE_SECONDS = 5.0


class StdinLines:
    """Lines of a file descriptor as text; iteration stops at end of input.

    A pipe or socket (what an MCP host connects) is read on the event loop when it is readable:
    no thread hop per line. Anything else (a file, a terminal, Windows) is read by a daemon
    thread the server never waits for. Either way iterating is cancellable at any time, so a
    stop signal ends the server even while stdin stays open and silent, and every line is
    bounded. The descriptor is read raw (no buffered file object whose lock a thread could hold
    at interpreter shutdown).
    """

    def __init__(self, fd: int, *, max_line_bytes: int = MAX_LINE_BYTES) -> None:
        self._fd = fd
        self._max = max_line_bytes
        self._buffer = bytearray()
        self._skipping = False  # the rest of an oversized line is being dropped as it arrives
        self._receive: MemoryObjectReceiveStream[str] | None = None
        self._wake: MemoryObjectSendStream[str] | None = None
        self._waiting: anyio.CancelScope | None = None
        self._stopped = False

    def _start(self) -> MemoryObjectReceiveStream[str]:
        send, receive = anyio.create_memory_object_stream[str](_LINES_IN_FLIGHT)
        self._wake = send.clone()
        token = anyio.lowlevel.current_token()
        threading.Thread(target=self._pump, args=(send, token), name="intent-mcp-stdin", daemon=True).start()
        return receive

    def stop(self) -> None:
        """End the lines now, as if input had ended (a stop signal): nothing more is read."""
        self._stopped = True
        if self._waiting is not None:
            self._waiting.cancel()  # wakes a reader waiting for the descriptor to be readable
        if self._wake is not None:
            try:
                self._wake.send_nowait("")  # wakes a reader waiting for the next line
            except (anyio.WouldBlock, anyio.ClosedResourceError, anyio.BrokenResourceError):
                pass  # lines are queued: the reader sees the stop at the next one

    def _buffered_line(self) -> bytes | None:
        """The next complete line of what was read (``OVERSIZED_LINE`` for one over the limit), else None."""
        end = self._buffer.find(b"\n")
        if end >= 0:
            line = bytes(self._buffer[: end + 1])
            del self._buffer[: end + 1]
            skipped, self._skipping = self._skipping, False
            return OVERSIZED_LINE.encode() if skipped or len(line) > self._max + 1 else line
        if len(self._buffer) > self._max:
            # Drop what is held of the oversized line and skip the rest of it as it arrives.
            self._buffer.clear()
            self._skipping = True
        return None

    def _last_line(self) -> bytes | None:
        """At end of input: what is left after the last newline, if anything."""
        if self._skipping:
            self._skipping = False
            self._buffer.clear()
            return OVERSIZED_LINE.encode()
        if self._buffer:
            line = bytes(self._buffer)
            self._buffer.clear()
            return line
        return None

    def read_line(self) -> bytes | None:
        """The next line (with its newline), ``OVERSIZED_LINE`` for one over the limit, None at the end."""
        while (line := self._buffered_line()) is None:
            chunk = os.read(self._fd, _READ_BYTES)
            if not chunk:
                return self._last_line()
            self._buffer.extend(chunk)
        return line

    def _pump(self, send: MemoryObjectSendStream[str], token: Any) -> None:
        try:
            while (line := self.read_line()) is not None:
                text = screen_line(line.decode("utf-8", errors="replace"))
                anyio.from_thread.run(send.send, text, token=token)
        except Exception:  # the loop is gone or the server stopped listening: nothing left to feed
            pass
        finally:
            try:
                anyio.from_thread.run(send.aclose, token=token)
                if self._wake is not None:  # the last other sender: now the lines can end
                    anyio.from_thread.run_sync(self._wake.close, token=token)
            except Exception:
                pass

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines_when_readable() if waitable_on_the_loop(self._fd) else self._lines()

    async def _lines_when_readable(self) -> AsyncIterator[str]:
        while not self._stopped:
            line = self._buffered_line()
            if line is None:
                with anyio.CancelScope() as self._waiting:
                    await anyio.wait_readable(self._fd)
                self._waiting = None
                if self._stopped:
                    return
                # Readable: this read returns what is there without blocking (end of input too).
                try:
                    chunk = os.read(self._fd, _READ_BYTES)
                except OSError:  # a broken input ends like a closed one, as on the thread
                    chunk = b""
                if chunk:
                    self._buffer.extend(chunk)
                    continue
                line = self._last_line()
                if line is not None:
                    yield screen_line(line.decode("utf-8", errors="replace"))
                return
            yield screen_line(line.decode("utf-8", errors="replace"))

    async def _lines(self) -> AsyncIterator[str]:
        if self._receive is None:
            self._receive = self._start()
        async for line in self._receive:
            if self._stopped:
                break
            yield line
        if self._wake is not None:
            self._wake.close()


class InFlight:
    """The ids of requests read and not yet answered; ``idle`` is set while there are none."""

    def __init__(self) -> None:
        self.ids: set[Any] = set()
        self.idle = anyio.Event()
        self.idle.set()

    def started(self, ident: Any) -> None:
        self.ids.add(ident)
        if self.idle.is_set():
            self.idle = anyio.Event()

    def answered(self, ident: Any) -> None:
        self.ids.discard(ident)
        if not self.ids:
            self.idle.set()


class AnswerMalformedLines:
    """A read stream that answers what the transport could not parse, and drains at end of input.

    A line the transport refused gets a JSON-RPC error with the line's id when one can be read
    (``id: null`` otherwise); the error names no part of the offending line. At end of input the
    stream ends only once every request read has been answered, so no reply is lost.
    """

    def __init__(self, inner: Any, write_stream: Any, in_flight: InFlight | None = None) -> None:
        self._inner = inner
        self._write = write_stream
        self.in_flight = in_flight if in_flight is not None else InFlight()

    @property
    def last_context(self) -> Any:
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        import mcp_types as types

        while True:
            try:
                item = await self._inner.receive()
            except anyio.EndOfStream:
                await self.in_flight.idle.wait()
                raise
            if not isinstance(item, Exception):
                if isinstance(item.message, types.JSONRPCRequest):
                    self.in_flight.started(item.message.id)
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


class CountAnswers:
    """A write stream that marks each request answered as its response or error goes out."""

    def __init__(self, inner: Any, in_flight: InFlight) -> None:
        self._inner = inner
        self._in_flight = in_flight

    async def send(self, item: Any) -> None:
        import mcp_types as types

        await self._inner.send(item)
        message = getattr(item, "message", None)
        if isinstance(message, (types.JSONRPCResponse, types.JSONRPCError)):
            self._in_flight.answered(message.id)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    async def __aenter__(self) -> CountAnswers:
        await self._inner.__aenter__()
        return self

    async def __aexit__(self, *exc_info: Any) -> Any:
        return await self._inner.__aexit__(*exc_info)


def malformed_line_error(error: Exception) -> Any:
    """The answer to a line the transport refused.

    ``-32700 Parse error`` for text that is not JSON; ``-32600 Invalid Request`` for JSON that is
    not a message, nests too deeply or holds a lone surrogate. The line's id when it can be read.
    """
    import mcp_types as types
    from mcp.shared.message import SessionMessage
    from pydantic import ValidationError

    problems = error.errors() if isinstance(error, ValidationError) else []
    not_json = [p for p in problems if p["type"] == "json_invalid"]
    raw = not_json[0].get("input") if not_json else None
    if isinstance(raw, str) and raw.startswith(SCREENED_MARK):
        answer = orjson.loads(raw[len(SCREENED_MARK):])
        logger.warning("answered a stdin request with an invalid id")
        return SessionMessage(types.JSONRPCError(
            jsonrpc="2.0", id=None, error=types.ErrorData(code=answer["error"]["code"], message=INVALID_ID)))
    ident = top_level_id(raw) if isinstance(raw, str) else None
    unreadable = not_json and not any(word in str(p.get("msg", "")) for p in not_json
                                      for word in ("recursion limit", "escape", "surrogate"))
    code, message = (types.PARSE_ERROR, "Parse error") if unreadable else (types.INVALID_REQUEST, "Invalid Request")
    logger.warning("answered a malformed stdin line with %s", message)
    return SessionMessage(
        types.JSONRPCError(jsonrpc="2.0", id=ident, error=types.ErrorData(code=code, message=message))
    )


async def serve_stdio(server: Any) -> None:
    """Serve ``server`` on stdin/stdout until end of input or SIGINT/SIGTERM.

    At end of input, calls in flight finish and their replies are written before the server
    exits. A stop signal stops reading at once and gives calls in flight ``STOP_GRACE_SECONDS``
    to finish; a second signal, or the end of the grace, cancels them.
    """
    from mcp.server.stdio import stdio_server

    stdin = StdinLines(sys.stdin.fileno())
    async with anyio.create_task_group() as group:

        async def stop_on_signal() -> None:
            with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
                async for received in signals:
                    logger.info("stopping on %s: finishing calls in flight", signal.Signals(received).name)
                    stdin.stop()
                    with anyio.move_on_after(STOP_GRACE_SECONDS):
                        async for _ in signals:
                            break
                    logger.info("cancelling calls still in flight")
                    group.cancel_scope.cancel()
                    return

        group.start_soon(stop_on_signal)
        in_flight = InFlight()
        with claimed_stdout() as stdout:
            async with stdio_server(stdin=cast(Any, stdin), stdout=cast(Any, stdout)) as (read_stream, write_stream):
                counted = CountAnswers(write_stream, in_flight)
                await server.run(
                    AnswerMalformedLines(read_stream, counted, in_flight),
                    counted,
                    server.create_initialization_options(),
                )
        group.cancel_scope.cancel()


__all__ = ["MAX_LINE_BYTES", "STOP_GRACE_SECONDS", "AnswerMalformedLines", "CountAnswers", "InFlight", "StdinLines",
           "malformed_line_error", "serve_stdio"]
