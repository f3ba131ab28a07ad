"""A standalone low-level MCP server whose tools are the adapter's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import mcp_types as types
from mcp.server import Server
from mcp.shared.exceptions import MCPError

from adapter.adapter import IntentMcpAdapter
from adapter.binding import ConnectionSessions, RunSessions


def _default_version() -> str:
    # The installed distribution's version; the app passes its own down, this layer never imports it.
    try:
        return version("intent-mcp")
    except PackageNotFoundError:  # a source tree that is not installed
        return "0.0.0"


def create_server(adapter: IntentMcpAdapter, *, name: str = "intent-mcp", version: str | None = None) -> Server[Any]:
    """Build an ``mcp.server.Server`` offering exactly the adapter's tools.

    Session lifetime: one adapter session per MCP connection, opened on the connection's first
    tool call and closed when the connection ends (see ``adapter.binding``). Over stdio that is
    the process's one connection; over stateful Streamable HTTP it is one ``Mcp-Session-Id``,
    so a brief stream interruption does not end it but a DELETE or idle expiry does. Sessions
    are never created per HTTP request nor shared between clients. Run the result with the
    SDK's runners (``server.run`` over stdio streams, ``server.streamable_http_app()``); close
    the adapter when the server stops.
    """
    sessions = ConnectionSessions(adapter)

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=sessions.tools_for(ctx))

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        if not sessions.owns(params.name):
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        return await sessions.call_tool(ctx, params.name, params.arguments)

    def tool_input_schema(tool_name: str) -> dict[str, Any] | None:
        for tool in adapter.tools:
            if tool.name == tool_name:
                return tool.input_schema
        return None

    @asynccontextmanager
    async def lifespan(_: Server[Any]) -> AsyncIterator[RunSessions]:
        # Entered once per ``Server.run`` (one stdio or in-memory stream; once per app for HTTP).
        run = RunSessions()
        try:
            yield run
        finally:
            run.close_all()

    return Server(
        name,
        lifespan=lifespan,
        version=version if version is not None else _default_version(),
        instructions=_INSTRUCTIONS[adapter.mode],
        get_tool_input_schema=tool_input_schema,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


_INSTRUCTIONS = {
    "executor": "Call intent_parse with a person's request to get a verified IntentResult.",
    "host": (
        "Host handoff: call intent_prepare, answer the returned HostTask with your own model (one JSON object "
        "matching outputSchema), submit it with intent_accept, or call intent_cancel when you cannot."
    ),
}
