"""A minimal MCP client over a child's stdin/stdout: newline-delimited JSON-RPC, one call at a time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import orjson

from bench import jsonrpc
from bench.processes import ServerProcess


class StdioRpcClient:
    """Speaks to one stdio server process; every read is bounded by ``timeout`` seconds."""

    def __init__(self, server: ServerProcess, *, timeout: float = 30.0) -> None:
        process = server.process
        if process.stdin is None or process.stdout is None:
            raise ValueError("the server process needs stdin and stdout pipes")
        self._writer = process.stdin
        self._reader = process.stdout
        self._timeout = timeout
        self._next_id = 0

    async def _send(self, payload: bytes) -> None:
        self._writer.write(payload + b"\n")
        await self._writer.drain()

    async def call(self, make: Callable[..., bytes], *args: Any) -> dict[str, Any]:
        """Send ``make(id, *args)`` and return the matching response's result."""
        self._next_id += 1
        request_id = self._next_id
        await self._send(make(request_id, *args))
        while True:
            line = await asyncio.wait_for(self._reader.readline(), timeout=self._timeout)
            if not line:
                raise jsonrpc.RpcFailure("server closed stdout")
            message = orjson.loads(line)
            # Notifications and log lines from the server are skipped, not answered.
            if isinstance(message, dict) and message.get("id") == request_id:
                return jsonrpc.result_of(message)

    async def initialize(self) -> dict[str, Any]:
        result = await self.call(jsonrpc.initialize)
        await self._send(jsonrpc.notification("notifications/initialized"))
        return result

    async def list_tools(self) -> list[dict[str, Any]]:
        result = await self.call(jsonrpc.request, "tools/list")
        tools = result.get("tools")
        if not isinstance(tools, list):
            raise jsonrpc.RpcFailure("tools/list without a tools array")
        return tools

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return await self.call(jsonrpc.tools_call, name, arguments)
