"""The MCP adapter: caller-created ``Intent`` instances offered as MCP tools on the official SDK.

Executor mode offers ``intent_parse``; host mode offers the handoff ``intent_prepare`` /
``intent_accept`` / ``intent_cancel``. ``create_server`` builds a standalone SDK server;
``register`` adds the tools to an existing one.
"""

from __future__ import annotations

from adapter.adapter import IntentMcpAdapter, create_intent_mcp_adapter
from adapter.binding import ConnectionSessions
from adapter.config import IntentMcpAdapterConfig
from adapter.context import current_request
from adapter.envelope import DECLARED_PROTOCOL_VERSIONS
from adapter.register import register
from adapter.schemas import HOST_CANCEL_REPLY_SCHEMA, HOST_TASK_SCHEMA
from adapter.server import create_server
from adapter.session import IntentMcpSession

__all__ = [
    "DECLARED_PROTOCOL_VERSIONS",
    "HOST_CANCEL_REPLY_SCHEMA",
    "HOST_TASK_SCHEMA",
    "ConnectionSessions",
    "IntentMcpAdapter",
    "IntentMcpAdapterConfig",
    "IntentMcpSession",
    "create_intent_mcp_adapter",
    "create_server",
    "current_request",
    "register",
]
