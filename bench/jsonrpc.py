"""The few JSON-RPC messages the benchmarks send, built by hand so client cost stays near zero.

Both servers under test get byte-for-byte the same client, so whatever the client costs is
paid equally on both sides of every ratio.
"""

from __future__ import annotations

from typing import Any

import orjson

PROTOCOL_VERSION = "2025-11-25"
CLIENT_INFO = {"name": "intent-mcp-bench", "version": "0"}


class RpcFailure(RuntimeError):
    """The server answered with a JSON-RPC error or a tool reply flagged isError."""


def request(request_id: int, method: str, params: dict[str, Any] | None = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return orjson.dumps(message)


def notification(method: str) -> bytes:
    return orjson.dumps({"jsonrpc": "2.0", "method": method})


def initialize(request_id: int) -> bytes:
    return request(
        request_id,
        "initialize",
        {"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": CLIENT_INFO},
    )


def tools_call(request_id: int, name: str, arguments: dict[str, Any]) -> bytes:
    return request(request_id, "tools/call", {"name": name, "arguments": arguments})


def result_of(message: dict[str, Any]) -> dict[str, Any]:
    """The ``result`` of a response; raise RpcFailure for protocol errors and failed tool calls."""
    if "error" in message:
        raise RpcFailure(f"JSON-RPC error: {message['error']}")
    result = message.get("result")
    if not isinstance(result, dict):
        raise RpcFailure("response without a result object")
    if result.get("isError") is True:
        content = result.get("content") or [{}]
        raise RpcFailure(f"tool error: {str(content[0].get('text', ''))[:300]}")
    return result
