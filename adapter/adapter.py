"""The adapter: borrowed Intent instances offered as MCP tools, with sessions per logical connection."""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import mcp_types as types

from adapter import envelope
from adapter.config import IntentMcpAdapterConfig, validate_config
from adapter.execution import IntentExecution
from adapter.records import RecordLedger
from adapter.session import IntentMcpSession
from adapter.tools import EXECUTOR_TOOLS, HOST_TOOLS, ToolKind, build_tools
from intent import REQUEST_SCHEMA, Intent
from intent.errors import IntentError


class IntentMcpAdapter:
    """Built by ``create_intent_mcp_adapter``. ``tools`` lists the offered tools; ``connect`` opens a session."""

    def __init__(self, config: IntentMcpAdapterConfig) -> None:
        self.config = validate_config(config)
        self.instances: Mapping[str, Intent] = MappingProxyType(dict(config.instances))
        kinds = EXECUTOR_TOOLS if config.mode == "executor" else HOST_TOOLS
        if config.execution is not None:
            kinds = (*kinds, ToolKind.EXECUTE)
        self.tools: tuple[types.Tool, ...] = build_tools(kinds, config.tool_prefix, list(self.instances))
        self._kinds: dict[str, ToolKind] = {config.tool_prefix + kind.value: kind for kind in kinds}
        self.request_properties: Mapping[str, Any] = MappingProxyType(
            {**REQUEST_SCHEMA["properties"], "instance": {"type": "string"}}
        )
        self.ledger = RecordLedger(
            max_terminal_records=config.max_terminal_records,
            max_terminal_bytes=config.max_terminal_bytes,
            max_pending_records=config.max_pending_records,
            max_pending_bytes=config.max_pending_bytes,
        )
        self.progress_interval = float(config.progress_interval)
        self._sessions: weakref.WeakSet[IntentMcpSession] = weakref.WeakSet()
        self._closed = False

    @property
    def mode(self) -> str:
        return self.config.mode

    @property
    def execution(self) -> IntentExecution | None:
        """What runs recognized intents (``intent_execute``), or None when execution is off."""
        return self.config.execution

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def tool_names(self) -> tuple[str, ...]:
        return tuple(tool.name for tool in self.tools)

    def tool_kind(self, name: str) -> ToolKind | None:
        """Which of the adapter's tools ``name`` is, or ``None`` when the adapter does not own it."""
        return self._kinds.get(name)

    def connect(self, *, protocol_version: str) -> IntentMcpSession:
        """Open a session for one logical connection at the SDK-negotiated ``protocol_version``."""
        envelope.check_protocol_version(protocol_version)
        if self._closed:
            raise IntentError("CONFIG_INVALID", "the adapter is closed; create a new one", category="transport")
        session = IntentMcpSession(self, protocol_version)
        self._sessions.add(session)
        return session

    def forget_session(self, session: IntentMcpSession) -> None:
        self._sessions.discard(session)

    @property
    def session_count(self) -> int:
        return len(self._sessions)

    async def close(self) -> None:
        """Close every session this adapter opened. The borrowed Intent objects stay open."""
        self._closed = True
        for session in list(self._sessions):
            await session.close()


def create_intent_mcp_adapter(config: IntentMcpAdapterConfig) -> IntentMcpAdapter:
    """Check ``config`` and build the adapter; invalid configuration raises ``IntentError`` ``CONFIG_INVALID``."""
    return IntentMcpAdapter(config)
