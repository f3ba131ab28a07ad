"""An existing MCP server with a tool of its own, and the intent adapter added beside it.

Run over stdio:  python -m examples.combined_server

The server's own tool (``order_status``) keeps its handler; ``adapter.register`` adds
``intent_parse`` next to it, checks for name collisions first (pass ``tool_prefix`` if the
server already has a tool of that name), and gives each MCP connection its own adapter session.
"""

from __future__ import annotations

import anyio
from mcp.server.mcpserver import MCPServer

from adapter import IntentMcpAdapter, IntentMcpAdapterConfig, create_intent_mcp_adapter, register
from intent import Intent, IntentConfig

_ORDERS = {"000123": "shipped", "000124": "processing"}


def build_server(intent: Intent | None = None) -> tuple[MCPServer, IntentMcpAdapter]:
    """The demo server and its adapter; ``intent`` defaults to one with the built-in recognizer."""
    server = MCPServer("orders-demo", instructions="Understand requests with intent_parse; act with order_status.")

    @server.tool(description="The shipping status of an order, by its number.")
    def order_status(order_id: str) -> str:
        return _ORDERS.get(order_id, "unknown order")

    adapter = create_intent_mcp_adapter(
        IntentMcpAdapterConfig(instances={"main": intent if intent is not None else Intent(IntentConfig())})
    )
    register(server, adapter)
    return server, adapter


async def serve_stdio() -> None:
    server, adapter = build_server()
    try:
        await server.run_stdio_async()
    finally:
        with anyio.CancelScope(shield=True):
            await adapter.close()  # the Intent is ours too: close it after the adapter
            for intent in adapter.instances.values():
                await intent.close()


if __name__ == "__main__":
    anyio.run(serve_stdio)
