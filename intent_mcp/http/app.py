"""The Streamable HTTP application: the SDK's stateful session manager behind the request guard."""

from __future__ import annotations

from typing import Any

from mcp.server.lowlevel import Server
from mcp.server.transport_security import TransportSecuritySettings

from intent_mcp.config import HttpSettings
from intent_mcp.http.guard import RequestGuard
from intent_mcp.http.origin import PublicOrigin

_LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def transport_security(public_origin: PublicOrigin | None) -> TransportSecuritySettings:
    """The SDK's own Host/Origin allow-lists, matching the guard's rules (a second, coarser line)."""
    hosts = [form for host in _LOOPBACK_HOSTS for form in (host, f"{host}:*")]
    origins = [f"{scheme}://{host}{port}" for scheme in ("http", "https") for host in _LOOPBACK_HOSTS
               for port in ("", ":*")]
    if public_origin is not None:
        host = f"[{public_origin.host}]" if ":" in public_origin.host else public_origin.host
        hosts += [host, f"{host}:{public_origin.port}"]
        origins.append(public_origin.origin)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )


def build_http_app(
    server: Server[Any], settings: HttpSettings, public_origin: PublicOrigin | None
) -> RequestGuard:
    """One ASGI app serving ``settings.path``: stateful sessions, bounded in number, idle time and body size."""
    app = server.streamable_http_app(
        streamable_http_path=settings.path,
        stateless_http=False,
        max_request_body_size=settings.max_body_bytes,
        session_idle_timeout=settings.session_idle_seconds,
        max_sessions=settings.max_sessions,
        transport_security=transport_security(public_origin),
        host=settings.host,
    )
    return RequestGuard(app, public_origin=public_origin, max_body_bytes=settings.max_body_bytes)


__all__ = ["build_http_app", "transport_security"]
