"""The floor: a bare ``mcp`` SDK server with one tool that echoes its arguments.

Nothing but the SDK runs here, so whatever it costs is the least any MCP server built on the
same SDK can cost. ``python -m bench.floor_server --transport stdio`` or
``--transport http --host 127.0.0.1 --port N --path /mcp`` mirror the real server's flags.
``--stdio-transport intent-mcp`` serves the same tool over intent-mcp's own stdio transport
(``intent_mcp.stdio``) instead of the SDK's: against it, a round trip prices the recognition work
alone, the transport being the same on both sides.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

ECHO_TOOL_NAME = "echo"


def build_floor_server() -> Any:
    """Return a low-level SDK ``Server`` whose one tool returns its arguments as structuredContent."""
    import mcp_types as types
    from mcp.server.lowlevel.server import Server

    echo_tool = types.Tool(
        name=ECHO_TOOL_NAME,
        description="Return the arguments unchanged.",
        input_schema={"type": "object", "additionalProperties": True},
    )

    async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[echo_tool])

    async def call_tool(_ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = params.arguments or {}
        # Same envelope shape as a real tool reply: the JSON text plus the structured object.
        return types.CallToolResult(
            content=[types.TextContent(text=json.dumps(arguments, separators=(",", ":")))],
            structured_content=arguments,
        )

    return Server("bench-floor", version="0", on_list_tools=list_tools, on_call_tool=call_tool)


async def serve_stdio(transport: str = "sdk") -> None:
    from mcp.server.stdio import stdio_server

    server = build_floor_server()
    if transport == "intent-mcp":
        from intent_mcp.stdio import serve_stdio as serve_on_intent_mcp_transport

        await serve_on_intent_mcp_transport(server)
        return
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def serve_http(host: str, port: int, path: str) -> None:
    import uvicorn

    server = build_floor_server()
    app = server.streamable_http_app(streamable_http_path=path, host=host)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.floor_server", description=__doc__)
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=3001)
    parser.add_argument("--path", default="/mcp")
    parser.add_argument("--stdio-transport", choices=("sdk", "intent-mcp"), default="sdk",
                        help="whose stdio transport serves the tool (default: the SDK's)")
    args = parser.parse_args(argv)
    if args.transport == "stdio":
        import anyio

        anyio.run(serve_stdio, args.stdio_transport)
    else:
        serve_http(args.host, args.port, args.path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
