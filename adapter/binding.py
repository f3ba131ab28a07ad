"""One adapter session per MCP connection, opened on first use and closed when the connection ends.

What a "connection" is depends on how the SDK serves it:

- Handshake protocol versions (2025-*) over stdio, in-memory streams or stateful Streamable HTTP:
  the SDK keeps one ``Connection`` per client (for HTTP, per ``Mcp-Session-Id``). The session
  lives in that connection's ``state`` and is closed by its ``exit_stack`` at teardown.
- 2026-07-28 over a duplex stream (stdio): every request gets a fresh ``Connection`` but they
  share the stream's notification channel; the session is keyed by that channel. It is closed
  when the server run ends (``create_server`` installs a lifespan that does it, see
  ``RunSessions``), else when the channel is collected, or when the adapter closes.
- 2026-07-28 without a channel (single-exchange HTTP, in-process direct dispatch): there is no
  connection identity to bind to, so each call gets its own session, closed after the call.
  ``intent_parse`` works; a host handoff needs a transport with connection identity.
"""

from __future__ import annotations

import logging
import weakref
from typing import Any

import mcp_types as types

from adapter import envelope
from adapter.adapter import IntentMcpAdapter
from adapter.session import IntentMcpSession
from adapter.tools import ToolKind
from adapter.versions import LATEST_DECLARED_VERSION, MODERN_DECLARED_VERSIONS
from intent.errors import IntentError

logger = logging.getLogger(__name__)


_NO_CONTINUITY = IntentError(
    "CONFIG_INVALID",
    "host handoff and intent_execute need a connection that lasts between calls (stdio, or Streamable HTTP with "
    "sessions at a 2025 protocol version); this one has none",
    category="transport",
)


def _connection_of(request_context: Any) -> Any:
    # The low-level request context exposes the per-connection object only through its session.
    return getattr(getattr(request_context, "session", None), "_connection", None)


class RunSessions:
    """Sessions opened during one ``Server.run`` (one stream); closed together when the run ends."""

    def __init__(self) -> None:
        self._sessions: weakref.WeakSet[IntentMcpSession] = weakref.WeakSet()

    def add(self, session: IntentMcpSession) -> None:
        self._sessions.add(session)

    def close_all(self) -> None:
        for session in list(self._sessions):
            session.close_now()


class ConnectionSessions:
    """Finds (or opens) the adapter session of the connection a request arrived on."""

    def __init__(self, adapter: IntentMcpAdapter) -> None:
        self.adapter = adapter
        self._state_key = f"intent_mcp.adapter_session.{id(adapter)}"
        self._by_channel: weakref.WeakKeyDictionary[Any, IntentMcpSession] = weakref.WeakKeyDictionary()

    def tools_for(self, request_context: Any) -> list[types.Tool]:
        version = getattr(request_context, "protocol_version", None) or LATEST_DECLARED_VERSION
        return [envelope.tool_for_version(tool, version) for tool in self.adapter.tools]

    def owns(self, name: str) -> bool:
        return self.adapter.tool_kind(name) is not None

    async def call_tool(self, request_context: Any, name: str, arguments: Any) -> types.CallToolResult:
        """Answer one of the adapter's tools for the connection ``request_context`` belongs to."""
        version = str(getattr(request_context, "protocol_version", ""))
        try:
            session, ephemeral = self._session_for(request_context, version)
        except IntentError as error:
            return envelope.failure(error, version)
        if ephemeral and self.adapter.tool_kind(name) in (ToolKind.PREPARE, ToolKind.EXECUTE):
            # A HostTask that no later call could accept would only mislead the host; no recognition
            # kept by an earlier call can be found either.
            session.close_now()
            return envelope.failure(_NO_CONTINUITY, version)
        if ephemeral:
            session.keeps_recognitions = False
        try:
            result = await session.call_tool(name, arguments, request_context=request_context)
        finally:
            if ephemeral:
                session.close_now()
        if result is None:  # not ours after all; callers check ``owns`` first
            return envelope.failure(IntentError("INTERNAL", "the tool is not offered by this adapter"), version)
        return result

    def _session_for(self, request_context: Any, version: str) -> tuple[IntentMcpSession, bool]:
        envelope.check_protocol_version(version)
        connection = _connection_of(request_context)
        if connection is None:
            return self.adapter.connect(protocol_version=version), True
        if version in MODERN_DECLARED_VERSIONS:
            if not getattr(connection, "has_standalone_channel", False):
                return self.adapter.connect(protocol_version=version), True
            channel = connection.outbound
            session = self._by_channel.get(channel)
            if session is None or session.closed:
                session = self.adapter.connect(protocol_version=version)
                self._by_channel[channel] = session
                weakref.finalize(channel, session.close_now)
                run = getattr(request_context, "lifespan_context", None)
                if isinstance(run, RunSessions):
                    run.add(session)
            return session, False
        session = connection.state.get(self._state_key)
        if session is None or session.closed:
            session = self.adapter.connect(protocol_version=version)
            connection.state[self._state_key] = session
            connection.exit_stack.callback(session.close_now)
        return session, False
