"""The MCP protocol versions this project speaks, derived from the SDK's own version registry.

The SDK lists every version it knows and which of them use the initialize handshake and which
the modern (handshake-free) exchange. This project declares the known versions from
``FIRST_DECLARED_VERSION`` on (the first with ``structuredContent`` and ``outputSchema``, which
every reply relies on); each declared version has its recorded protocol fixtures, and a test
fails when the SDK brings a version without them. Every other module asks here.
"""

from __future__ import annotations

from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS

FIRST_DECLARED_VERSION = "2025-06-18"
"""``Tool.outputSchema`` and ``structuredContent`` arrived here; older versions are served without them."""

DECLARED_PROTOCOL_VERSIONS: tuple[str, ...] = tuple(
    version for version in SUPPORTED_PROTOCOL_VERSIONS if version >= FIRST_DECLARED_VERSION
)
"""The versions the adapter is built and tested for, oldest first."""

HTTP_PROTOCOL_VERSIONS: tuple[str, ...] = tuple(
    version for version in DECLARED_PROTOCOL_VERSIONS if version in HANDSHAKE_PROTOCOL_VERSIONS
)
"""What a Streamable HTTP server speaks: the declared initialize-handshake versions."""

MODERN_DECLARED_VERSIONS: frozenset[str] = frozenset(
    version for version in DECLARED_PROTOCOL_VERSIONS if version in MODERN_PROTOCOL_VERSIONS
)
"""Declared versions without the initialize handshake: replies carry ``resultType``, sampling is gone."""

PRE_OUTPUT_SCHEMA_VERSIONS: frozenset[str] = frozenset(
    version for version in SUPPORTED_PROTOCOL_VERSIONS if version < FIRST_DECLARED_VERSION
)
"""Versions a client may still negotiate that know neither ``outputSchema`` nor ``structuredContent``."""

LATEST_DECLARED_VERSION = DECLARED_PROTOCOL_VERSIONS[-1]
LATEST_HTTP_VERSION = HTTP_PROTOCOL_VERSIONS[-1]

__all__ = [
    "DECLARED_PROTOCOL_VERSIONS",
    "FIRST_DECLARED_VERSION",
    "HTTP_PROTOCOL_VERSIONS",
    "LATEST_DECLARED_VERSION",
    "LATEST_HTTP_VERSION",
    "MODERN_DECLARED_VERSIONS",
    "PRE_OUTPUT_SCHEMA_VERSIONS",
]
