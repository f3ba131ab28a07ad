"""Streamable HTTP for the standalone server: origin rules, request guard, app and runner."""

from __future__ import annotations

from intent_mcp.http.app import build_http_app, transport_security
from intent_mcp.http.guard import (
    HTTP_PROTOCOL_VERSIONS,
    Refusal,
    RequestGuard,
    check_host_and_origin,
    check_protocol_version,
    pin_initialize_version,
)
from intent_mcp.http.origin import (
    Authority,
    PublicOrigin,
    check_binding,
    is_loopback_host,
    parse_authority,
    parse_origin_header,
    parse_public_origin,
)

__all__ = [
    "HTTP_PROTOCOL_VERSIONS",
    "Authority",
    "PublicOrigin",
    "Refusal",
    "RequestGuard",
    "build_http_app",
    "check_binding",
    "check_host_and_origin",
    "check_protocol_version",
    "is_loopback_host",
    "parse_authority",
    "parse_origin_header",
    "parse_public_origin",
    "pin_initialize_version",
    "transport_security",
]
