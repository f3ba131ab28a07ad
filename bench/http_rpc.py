"""A minimal MCP client over Streamable HTTP: one logical session per instance, one call at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx2
import orjson

from bench import jsonrpc

SESSION_HEADER = "mcp-session-id"
VERSION_HEADER = "mcp-protocol-version"


def new_http_client(connections: int, timeout: float) -> httpx2.AsyncClient:
    """A pooled client for loopback only: environment proxies are ignored on purpose."""
    return httpx2.AsyncClient(
        trust_env=False,
        timeout=timeout,
        limits=httpx2.Limits(max_connections=connections, max_keepalive_connections=connections),
    )


def _messages(response: httpx2.Response) -> list[dict[str, Any]]:
    """JSON-RPC messages in a reply body, whether plain JSON or a server-sent event stream."""
    content_type = response.headers.get("content-type", "")
    if content_type.startswith("application/json"):
        decoded = orjson.loads(response.content)
        return decoded if isinstance(decoded, list) else [decoded]
    messages = []
    for line in response.content.splitlines():
        if line.startswith(b"data:"):
            payload = line[5:].strip()
            if payload:
                messages.append(orjson.loads(payload))
    return messages


class HttpRpcSession:
    """One MCP session against ``url``; ``initialize`` first, ``close`` last."""

    def __init__(self, client: httpx2.AsyncClient, url: str) -> None:
        self._client = client
        self._url = url
        self._headers = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
        self._next_id = 0

    async def _post(self, body: bytes) -> httpx2.Response:
        response = await self._client.post(self._url, content=body, headers=self._headers)
        if response.status_code >= 400:
            raise jsonrpc.RpcFailure(f"HTTP {response.status_code}: {response.text[:300]}")
        return response

    async def call(self, make: Callable[..., bytes], *args: Any) -> dict[str, Any]:
        self._next_id += 1
        request_id = self._next_id
        response = await self._post(make(request_id, *args))
        for message in _messages(response):
            if message.get("id") == request_id:
                return jsonrpc.result_of(message)
        raise jsonrpc.RpcFailure(f"no response to request {request_id}")

    async def initialize(self) -> None:
        self._next_id += 1
        response = await self._post(jsonrpc.initialize(self._next_id))
        session_id = response.headers.get(SESSION_HEADER)
        if session_id:
            self._headers[SESSION_HEADER] = session_id
        results = [jsonrpc.result_of(m) for m in _messages(response) if m.get("id") == self._next_id]
        if not results:
            raise jsonrpc.RpcFailure("no initialize response")
        self._headers[VERSION_HEADER] = str(results[0].get("protocolVersion", jsonrpc.PROTOCOL_VERSION))
        await self._post(jsonrpc.notification("notifications/initialized"))

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return await self.call(jsonrpc.tools_call, name, arguments)

    async def close(self) -> None:
        """End the session on the server so it does not linger until an idle timeout."""
        if SESSION_HEADER in self._headers:
            await self._client.delete(self._url, headers=self._headers)
