"""Adding the adapter's tools to an existing SDK server that has tools of its own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import mcp_types as types
from mcp.server import Server
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from adapter.adapter import IntentMcpAdapter
from adapter.binding import ConnectionSessions
from intent.errors import IntentError


def _collision_error(names: Iterable[str]) -> IntentError:
    clashing = ", ".join(sorted(names))
    return IntentError(
        "CONFIG_INVALID",
        f"the server already has tool(s) named {clashing}; give the adapter a tool_prefix (e.g. 'intent.')",
        path="/tool_prefix",
    )


def register(
    server: Server[Any] | MCPServer, adapter: IntentMcpAdapter, *, tool_names: Iterable[str] | None = None
) -> ConnectionSessions:
    """Offer the adapter's tools on ``server`` beside its own; return the per-connection session map.

    ``tools/list`` answers the server's own tools followed by the adapter's; ``tools/call`` for
    an adapter tool runs in the calling connection's adapter session (one per MCP connection,
    see ``adapter.binding``), and any other call goes to the server's original handler.

    Collisions are checked before anything is registered and raise ``IntentError``
    ``CONFIG_INVALID`` suggesting a prefix. An ``MCPServer``'s tools are read from it; for a
    low-level ``Server`` pass ``tool_names`` (its list handler needs a live request) - a
    collision that only shows up when listing is refused then, with the same message.

    Handlers are read and replaced through the low-level ``Server``'s public API
    (``get_request_handler`` / ``add_request_handler``). The ``mcp`` SDK (2.3) has no public way
    to reach an ``MCPServer``'s low-level server or to list its tools synchronously, so those two
    reads use ``_lowlevel_server`` and ``_tool_manager``. A FastMCP 4 server needs neither:
    ``adapter.fastmcp`` registers through FastMCP's public provider API.
    """
    if isinstance(server, MCPServer):
        lowlevel: Server[Any] = server._lowlevel_server
        # MCPServer lists its tools only asynchronously; its manager holds the same definitions.
        own_names = {tool.name for tool in server._tool_manager.list_tools()}
    else:
        lowlevel = server
        own_names = set(tool_names or ())
    clashing = own_names & set(adapter.tool_names)
    if clashing:
        raise _collision_error(clashing)

    sessions = ConnectionSessions(adapter)
    original_list = lowlevel.get_request_handler("tools/list")
    original_call = lowlevel.get_request_handler("tools/call")
    original_schema = lowlevel.get_tool_input_schema

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams) -> types.ListToolsResult:
        if original_list is None:
            return types.ListToolsResult(tools=sessions.tools_for(ctx))
        listed = await original_list.handler(ctx, params)
        if not isinstance(listed, types.ListToolsResult):
            listed = types.ListToolsResult.model_validate(listed)
        clash = {tool.name for tool in listed.tools} & set(adapter.tool_names)
        if clash:
            raise MCPError(code=types.INTERNAL_ERROR, message=_collision_error(clash).message)
        if params is not None and params.cursor is not None:
            return listed  # the adapter's tools ride on the first page only
        return listed.model_copy(update={"tools": [*listed.tools, *sessions.tools_for(ctx)]})

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> Any:
        if sessions.owns(params.name):
            return await sessions.call_tool(ctx, params.name, params.arguments)
        if original_call is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {params.name}")
        return await original_call.handler(ctx, params)

    def tool_input_schema(name: str) -> Any:
        for tool in adapter.tools:
            if tool.name == name:
                return tool.input_schema
        return original_schema(name) if original_schema is not None else None

    lowlevel.add_request_handler("tools/list", types.PaginatedRequestParams, list_tools)
    lowlevel.add_request_handler("tools/call", types.CallToolRequestParams, call_tool)
    lowlevel.get_tool_input_schema = tool_input_schema
    return sessions
