"""Shared pieces of the adapter tests: SDK clients over in-memory streams, wire capture, test executors.

(Named like the adapter tests so it lives beside them; it holds no tests itself.)
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

import anyio
import mcp_types as types
import orjson
from mcp import Client
from mcp.client._memory import InMemoryTransport
from mcp.server import Server
from mcp.server.mcpserver import MCPServer
from mcp.shared.message import SessionMessage

from adapter import current_request
from intent.errors import FeedbackItem
from tests.candidates import SEED_CANDIDATE


class WireLog:
    """Every message the server sent to the client, as wire dicts."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def results(self) -> list[dict[str, Any]]:
        return [m["result"] for m in self.messages if "result" in m]

    def tool_results(self) -> list[dict[str, Any]]:
        return [r for r in self.results() if "content" in r and "tools" not in r]


@asynccontextmanager
async def recording_transport(
    server: Server[Any], log: WireLog, *, offer_version: str | None = None
) -> AsyncIterator[tuple[Any, Any]]:
    """The SDK's in-memory transport with the server-to-client side recorded.

    ``offer_version`` makes the client's ``initialize`` offer that handshake version (the SDK
    client always offers its latest), so older negotiated versions can be driven end to end.
    """
    async with InMemoryTransport(server) as (read, write):
        down_send, down_receive = anyio.create_memory_object_stream[Any](64)
        up_send, up_receive = anyio.create_memory_object_stream[Any](64)

        async def down() -> None:
            async with down_send:
                async for item in read:
                    if isinstance(item, SessionMessage):
                        log.messages.append(item.message.model_dump(by_alias=True, mode="json", exclude_none=True))
                    await down_send.send(item)

        async def up() -> None:
            async with up_receive:
                async for item in up_receive:
                    message = getattr(item, "message", None)
                    if offer_version and isinstance(message, types.JSONRPCRequest) and message.method == "initialize":
                        assert message.params is not None
                        message.params["protocolVersion"] = offer_version
                    await write.send(item)

        async with anyio.create_task_group() as tg:
            tg.start_soon(down)
            tg.start_soon(up)
            try:
                yield down_receive, up_send
            finally:
                tg.cancel_scope.cancel()


@asynccontextmanager
async def legacy_client(server: Server[Any] | MCPServer[Any], **kwargs: Any) -> AsyncIterator[Client]:
    """An SDK client over in-memory streams with the initialize handshake (one MCP connection)."""
    async with Client(server, mode="legacy", **kwargs) as client:
        yield client


def structured(result: types.CallToolResult) -> dict[str, Any]:
    assert result.is_error is False, result.content
    assert isinstance(result.structured_content, dict)
    first = result.content[0]
    assert isinstance(first, types.TextContent)
    assert orjson.loads(first.text) == result.structured_content
    return result.structured_content


def error_of(result: types.CallToolResult | None) -> dict[str, Any]:
    """The serialized IntentError of a technical-failure reply, checking the envelope on the way."""
    assert result is not None
    assert result.is_error is True
    assert result.structured_content is None
    first = result.content[0]
    assert isinstance(first, types.TextContent)
    payload = orjson.loads(first.text)
    assert set(payload) == {"error"}
    error: dict[str, Any] = payload["error"]
    return error


class BlockingExecutor:
    """Answers only when released; records cancellation and the MCP request it ran for."""

    def __init__(self, candidate: str = SEED_CANDIDATE) -> None:
        self.candidate = candidate
        self.started = anyio.Event()
        self.release = anyio.Event()
        self.cancelled = anyio.Event()
        self.requests: list[Any] = []

    async def complete(self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None) -> str:
        self.requests.append(current_request.get())
        self.started.set()
        try:
            await self.release.wait()
        except anyio.get_cancelled_exc_class():
            self.cancelled.set()
            raise
        return self.candidate


class FixedExecutor:
    """Returns the same candidate on every call and counts the calls."""

    def __init__(self, candidate: str = SEED_CANDIDATE) -> None:
        self.candidate = candidate
        self.calls = 0

    async def complete(self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None) -> str:
        self.calls += 1
        return self.candidate
