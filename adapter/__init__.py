"""The MCP adapter: caller-created ``Intent`` instances offered as MCP tools on the official SDK.

Executor mode offers ``intent_parse``; host mode offers the handoff ``intent_prepare`` /
``intent_accept`` / ``intent_cancel`` and makes no model call::

    from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, create_server, register
    from intent import Intent, IntentConfig

    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": Intent(IntentConfig())}))

    # Direct use: one session per logical connection, at the SDK-negotiated protocol version.
    session = adapter.connect(protocol_version="2025-11-25")
    result = await session.call_tool("intent_parse", {"input": "Look up order 000123."})
    await session.close()

    # A standalone SDK server (stdio or Streamable HTTP) whose tools are the adapter's ...
    server = create_server(adapter)
    # ... or the adapter beside the tools of an existing Server / MCPServer.
    register(existing_server, adapter)  # collisions refused first: pass tool_prefix="intent."

    await adapter.close()  # closes its sessions; the Intent objects stay the caller's to close

With ``execution=`` (an ``IntentExecution``) either mode also offers ``intent_execute``: recognitions
are kept per session under their request id and handed to it (see ``adapter.execution``).

Replies follow the envelope of the connection's protocol version (see ``adapter.envelope``):
success carries the object as ``structuredContent`` and as compact JSON text; a technical
failure carries only ``{"error": SerializedIntentError}`` with ``isError: true``.
"""

from __future__ import annotations

from adapter.adapter import IntentMcpAdapter, create_intent_mcp_adapter
from adapter.binding import ConnectionSessions
from adapter.config import IntentMcpAdapterConfig
from adapter.context import current_request
from adapter.execution import REQUEST_ID_META_KEY, ExecutionReply, ExecutionRequest, IntentExecution
from adapter.register import register
from adapter.schemas import HOST_CANCEL_REPLY_SCHEMA, HOST_TASK_SCHEMA
from adapter.server import create_server
from adapter.session import IntentMcpSession
from adapter.versions import DECLARED_PROTOCOL_VERSIONS

__all__ = [
    "DECLARED_PROTOCOL_VERSIONS",
    "HOST_CANCEL_REPLY_SCHEMA",
    "HOST_TASK_SCHEMA",
    "REQUEST_ID_META_KEY",
    "ConnectionSessions",
    "ExecutionReply",
    "ExecutionRequest",
    "IntentExecution",
    "IntentMcpAdapter",
    "IntentMcpAdapterConfig",
    "IntentMcpSession",
    "create_intent_mcp_adapter",
    "create_server",
    "current_request",
    "register",
]
