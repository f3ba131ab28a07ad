"""A FastMCP 4 server with a tool of its own, and the intent tools added through FastMCP's provider API.

Run over stdio:  python -m examples.fastmcp_server [executor|host]

``add_intent_tools`` lists the server's tools (FastMCP's public ``list_tools``), refuses a name
collision, and adds an ``IntentToolProvider``; each MCP connection gets its own adapter session.
"""

from __future__ import annotations

import sys
from typing import Literal

import anyio
from fastmcp import FastMCP

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter
from adapter.fastmcp import IntentToolProvider, add_intent_tools
from intent import Intent, IntentConfig

_ORDERS = {"000123": "shipped", "000124": "processing"}


async def build_server(mode: Literal["executor", "host"] = "executor") -> tuple[FastMCP, IntentToolProvider]:
    """The demo server and the provider that offers the intent tools on it."""
    server = FastMCP("orders-demo", instructions="Understand requests with the intent tools; act with order_status.")

    @server.tool(description="The shipping status of an order, by its number.")
    def order_status(order_id: str) -> str:
        return _ORDERS.get(order_id, "unknown order")

    instance = Intent(IntentConfig(executor=None) if mode == "host" else IntentConfig())
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(mode=mode, instances={"main": instance}))
    provider = await add_intent_tools(server, adapter)
    return server, provider


async def serve_stdio(mode: Literal["executor", "host"]) -> None:
    server, provider = await build_server(mode)
    try:
        await server.run_stdio_async(show_banner=False)
    finally:
        with anyio.CancelScope(shield=True):
            await provider.adapter.close()
            for intent in provider.adapter.instances.values():
                await intent.close()


if __name__ == "__main__":
    anyio.run(serve_stdio, "host" if sys.argv[1:] == ["host"] else "executor")
