"""The MCP request a tool call's recognition runs for, so an executor can reach the connected client.

``current_request`` holds the SDK's ``ServerRequestContext`` while the adapter runs a tool call
that came over MCP, and ``None`` otherwise (direct ``session.call_tool`` use, other code). An
executor that asks the client for a model completion (``sampling/createMessage``) reads it.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

current_request: ContextVar[Any | None] = ContextVar("intent_mcp_current_request", default=None)
