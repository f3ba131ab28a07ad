"""The adapter's tools on a FastMCP 4 server, through FastMCP's public provider API.

::

    from fastmcp import FastMCP
    from adapter.fastmcp import IntentToolProvider

    mcp = FastMCP("shop")                      # your server, with your own tools
    await add_intent_tools(mcp, adapter)       # checks name collisions, then mcp.add_provider(...)

FastMCP asks the provider for its tools when it lists them and for one tool when a call names it;
static tools registered on the server win over a provider's, so a name collision is refused here
first (``check_collisions``). Each call runs in the adapter session of the calling MCP
connection, found by FastMCP's public ``Context.session_id``:

- On handshake protocol versions (2025-*) the id is stable for the connection, so a host handoff
  (``intent_prepare`` then ``intent_accept``) works across calls.
- On 2026-07-28, which FastMCP's own ``Client`` negotiates by default, every request is its own
  connection: ``intent_parse`` works, and ``intent_prepare`` is refused with a coded error, as
  on the standalone server.

FastMCP has no public end-of-connection hook, so sessions are kept in a bounded, least recently
used map (``max_sessions``; the oldest is closed when it overflows) and all are closed when the
server's lifespan ends.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import AsyncGenerator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

import mcp_types as types
from fastmcp.server.dependencies import get_context
from fastmcp.server.providers import Provider
from fastmcp.tools import Tool, ToolResult

from adapter import envelope
from adapter.adapter import IntentMcpAdapter
from adapter.session import IntentMcpSession
from adapter.tools import ToolKind
from adapter.versions import DECLARED_PROTOCOL_VERSIONS, MODERN_DECLARED_VERSIONS
from intent.errors import IntentError

__all__ = ["IntentTool", "IntentToolProvider", "add_intent_tools", "check_collisions"]

_NO_CONTINUITY = IntentError(
    "CONFIG_INVALID",
    "host handoff needs a connection that lasts between calls (a 2025 protocol version); at 2026-07-28 "
    "every request is its own connection",
    category="transport",
)


def check_collisions(server_tool_names: Iterable[str], adapter: IntentMcpAdapter) -> None:
    """Refuse (``CONFIG_INVALID``) adapter tool names the server already uses; FastMCP would shadow them."""
    clashing = set(server_tool_names) & set(adapter.tool_names)
    if clashing:
        raise IntentError(
            "CONFIG_INVALID",
            f"the server already has tool(s) named {', '.join(sorted(clashing))}; give the adapter a tool_prefix "
            "(e.g. 'intent_')",
            path="/tool_prefix",
        )


class IntentTool(Tool):
    """One adapter tool as a FastMCP tool; its calls go to the provider's per-connection sessions."""

    provider: Any = None  # the IntentToolProvider; Any keeps pydantic from copying or validating it

    async def run(self, arguments: dict[str, Any]) -> ToolResult:
        reply = await self.provider.call(self.name, arguments)
        return ToolResult(
            content=list(reply.content),
            structured_content=reply.structured_content,
            meta=reply.meta,
            is_error=bool(reply.is_error),
        )


class IntentToolProvider(Provider):
    """Offers an ``IntentMcpAdapter``'s tools (executor or host mode) on a FastMCP server."""

    def __init__(self, adapter: IntentMcpAdapter, *, max_sessions: int = 256) -> None:
        super().__init__()
        if max_sessions < 1:
            raise IntentError("CONFIG_INVALID", "max_sessions must be at least 1", path="/max_sessions")
        self.adapter = adapter
        self.max_sessions = max_sessions
        self._sessions: OrderedDict[str, IntentMcpSession] = OrderedDict()
        self._tools = [self._tool(definition) for definition in adapter.tools]

    def _tool(self, definition: types.Tool) -> IntentTool:
        annotations = definition.annotations
        return IntentTool(
            name=definition.name,
            description=definition.description,
            parameters=dict(definition.input_schema),
            output_schema=dict(definition.output_schema) if definition.output_schema is not None else None,
            annotations=annotations,
            provider=self,
        )

    async def _list_tools(self) -> Sequence[Tool]:
        return list(self._tools)

    @asynccontextmanager
    async def lifespan(self) -> AsyncGenerator[None, None]:
        try:
            yield
        finally:
            self.close_sessions()

    def close_sessions(self) -> None:
        """Close every adapter session this provider opened (their handoff records go with them)."""
        while self._sessions:
            _, session = self._sessions.popitem(last=False)
            session.close_now()

    async def call(self, name: str, arguments: Mapping[str, Any] | None) -> types.CallToolResult:
        """Answer one adapter tool in the calling connection's adapter session."""
        context = get_context()
        request = context.request_context
        version = request.protocol_version if request is not None else DECLARED_PROTOCOL_VERSIONS[-1]
        if version in MODERN_DECLARED_VERSIONS or request is None:
            if self.adapter.tool_kind(name) is ToolKind.PREPARE:
                return envelope.failure(_NO_CONTINUITY, version)
            session = self.adapter.connect(protocol_version=version)
            try:
                result = await session.call_tool(name, arguments)
            finally:
                session.close_now()
        else:
            result = await self._session(context.session_id, version).call_tool(name, arguments)
        if result is None:
            return envelope.failure(IntentError("INTERNAL", "the tool is not offered by this adapter"), version)
        return result

    def _session(self, key: str, version: str) -> IntentMcpSession:
        session = self._sessions.get(key)
        if session is not None and not session.closed:
            self._sessions.move_to_end(key)
            return session
        session = self.adapter.connect(protocol_version=version)
        self._sessions[key] = session
        while len(self._sessions) > self.max_sessions:
            _, oldest = self._sessions.popitem(last=False)
            oldest.close_now()
        return session


async def add_intent_tools(server: Any, adapter: IntentMcpAdapter, *, max_sessions: int = 256) -> IntentToolProvider:
    """Add the adapter's tools to a FastMCP ``server`` after checking its tools for name collisions."""
    check_collisions([tool.name for tool in await server.list_tools()], adapter)
    provider = IntentToolProvider(adapter, max_sessions=max_sessions)
    server.add_provider(provider)
    return provider
