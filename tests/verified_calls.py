"""What the verified-call tests do through an MCP client: parse, execute, read the audit file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcp import Client

# Written out, not imported: the `_meta` key is part of the wire these tests hold still.
META = "intent-mcp/requestId"


async def parse(client: Client, text: str) -> tuple[dict[str, Any], str]:
    """The IntentResult of ``text`` and the request id the server put in the tool result's `_meta`."""
    result = await client.call_tool("intent_parse", {"input": text})
    assert result.is_error is False and isinstance(result.structured_content, dict)
    assert result.meta is not None
    return result.structured_content, str(result.meta[META])


async def execute(client: Client, request_id: str, intent_id: str = "intent-1", **extra: Any) -> Any:
    return await client.call_tool("intent_execute", {"requestId": request_id, "intentId": intent_id, **extra})


def audit_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
