"""ASGI middleware in front of the MCP endpoint: Host/Origin rules, protocol versions and body size.

The SDK's transport-security settings check Host and Origin against allow-lists but cannot tell a
loopback peer from a remote one, and its session manager hands unknown protocol versions to the
2026 stateless path. This guard adds both, before any session is touched. Refusals are short
JSON-RPC error bodies with a 4xx status; nothing about the server's internals is revealed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from adapter.versions import HTTP_PROTOCOL_VERSIONS, LATEST_HTTP_VERSION
from intent_mcp.http.origin import (
    DEFAULT_PORTS,
    PublicOrigin,
    is_loopback_host,
    parse_authority,
    parse_origin_header,
)
from intent_mcp.http.read_timeouts import BODY_READ_SECONDS

logger = logging.getLogger("intent_mcp.http")

UNSUPPORTED_PROTOCOL_VERSION = -32022
# Answered for load balancers on any Host, outside the MCP endpoint.
HEALTH_PATH = "/healthz"
INVALID_REQUEST = -32600


@dataclass(frozen=True)
class Refusal:
    """Why a request is turned away: an HTTP status, a JSON-RPC code and a short reason."""

    status: int
    reason: str
    code: int = INVALID_REQUEST
    data: Any = None


def check_host_and_origin(
    public_origin: PublicOrigin | None,
    hosts: Sequence[str],
    origins: Sequence[str],
    peer: str | None,
) -> Refusal | None:
    """Decide whether the request's Host and Origin headers may reach the MCP endpoint.

    With a public origin, Host (and Origin, when sent) must name exactly that origin; a loopback
    Host from a loopback peer stays allowed for local diagnostics. Without one, only loopback Hosts
    and Origins from a loopback peer are accepted. Forwarded headers never enter the decision.
    """
    if len(hosts) != 1:
        return Refusal(400, "exactly one Host header is required")
    authority = parse_authority(hosts[0])
    if authority is None:
        return Refusal(400, "malformed Host header")
    if len(origins) > 1:
        return Refusal(400, "at most one Origin header is allowed")
    peer_is_loopback = peer is not None and is_loopback_host(peer)
    local = is_loopback_host(authority.host) and peer_is_loopback
    if public_origin is not None and public_origin.matches_host(authority):
        allowed_origin = public_origin.matches_origin
    elif local:

        def allowed_origin(origin: str) -> bool:
            parsed = parse_origin_header(origin)
            if parsed is None:
                return False
            return is_loopback_host(parsed.host) or (public_origin is not None and parsed == public_origin)

    elif public_origin is not None:
        return Refusal(421, f"Host not allowed: this server answers to {public_origin.origin}")
    else:
        return Refusal(421, "Host not allowed: only loopback hosts are accepted without --public-origin")
    if origins and not allowed_origin(origins[0]):
        return Refusal(403, "Origin not allowed")
    return None


def check_protocol_version(versions: Sequence[str]) -> Refusal | None:
    """Refuse an ``MCP-Protocol-Version`` this transport does not serve (the client may retry another)."""
    if not versions:
        return None
    if len(versions) > 1:
        return Refusal(400, "at most one MCP-Protocol-Version header is allowed")
    if versions[0] in HTTP_PROTOCOL_VERSIONS:
        return None
    return Refusal(
        400,
        "Unsupported protocol version over HTTP (supported: " + ", ".join(HTTP_PROTOCOL_VERSIONS) + ")",
        code=UNSUPPORTED_PROTOCOL_VERSION,
        data={"supported": list(HTTP_PROTOCOL_VERSIONS), "requested": versions[0][:64]},
    )


def pin_initialize_version(body: bytes) -> bytes:
    """Answer an ``initialize`` that asks for another version with the newest HTTP version instead.

    The handshake lets a server counter-offer a version it supports; the SDK would otherwise
    accept any handshake-era version. Anything that is not a single initialize request passes
    through unchanged.
    """
    try:
        message = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return body
    if not isinstance(message, dict) or message.get("method") != "initialize":
        return body
    params = message.get("params")
    if not isinstance(params, dict) or params.get("protocolVersion") in HTTP_PROTOCOL_VERSIONS:
        return body
    if not isinstance(params.get("protocolVersion"), str):
        return body
    params["protocolVersion"] = LATEST_HTTP_VERSION
    return json.dumps(message, separators=(",", ":")).encode("utf-8")


def _header_values(scope: Scope, name: bytes) -> list[str]:
    return [value.decode("latin-1") for key, value in scope["headers"] if key.lower() == name]


async def send_refusal(refusal: Refusal, send: Send) -> None:
    error: dict[str, Any] = {"code": refusal.code, "message": refusal.reason}
    if refusal.data is not None:
        error["data"] = refusal.data
    body = json.dumps({"jsonrpc": "2.0", "id": None, "error": error}).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": refusal.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode("ascii")),
                (b"cache-control", b"no-store"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def send_health(send: Send, *, head: bool = False) -> None:
    """``200 {"status": "ok"}``: the process serves HTTP. No session is opened, nothing else is said."""
    body = b'{"status":"ok"}'
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode("ascii")),
                (b"cache-control", b"no-store"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": b"" if head else body})


class RequestGuard:
    """The checks every request passes before the SDK's Streamable HTTP app sees it."""

    def __init__(self, app: ASGIApp, *, public_origin: PublicOrigin | None, max_body_bytes: int) -> None:
        self.app = app
        self.public_origin = public_origin
        self.max_body_bytes = max_body_bytes
        self._posts_in_flight = 0

    @property
    def posts_in_flight(self) -> int:
        """POST requests (calls) being answered right now; a graceful stop waits for them."""
        return self._posts_in_flight

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            # No WebSocket endpoint exists; close before accepting.
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope.get("path") == HEALTH_PATH and scope.get("method") in ("GET", "HEAD"):
            # Before the Host check: a load balancer probes by address. It touches no session and tells nothing.
            await send_health(send, head=scope["method"] == "HEAD")
            return
        client = scope.get("client")
        peer = client[0] if client else None
        refusal = check_host_and_origin(
            self.public_origin, _header_values(scope, b"host"), _header_values(scope, b"origin"), peer
        ) or check_protocol_version(_header_values(scope, b"mcp-protocol-version"))
        if refusal is not None:
            # An mcp 2.x client tries the newest version first and falls back: routine, not a warning.
            level = logging.DEBUG if refusal.code == UNSUPPORTED_PROTOCOL_VERSION else logging.WARNING
            logger.log(level, "refused %s %s from %s: %s", scope["method"], scope["path"], peer, refusal.reason)
            await send_refusal(refusal, send)
            return
        # The SDK's own allow-list compares Host and Origin verbatim with a few loopback spellings;
        # every form allowed here reaches it in one of those.
        scope = with_canonical_host_and_origin(scope)
        if scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        refusal = check_content_type(_header_values(scope, b"content-type"))
        if refusal is not None:
            await send_refusal(refusal, send)
            return
        try:
            with anyio.fail_after(BODY_READ_SECONDS):
                body = await self._read_body(scope, receive)
        except TimeoutError:
            logger.warning("refused POST %s from %s: body not received within %g s", scope["path"], peer,
                           BODY_READ_SECONDS)
            await send_refusal(Refusal(408, f"Request body not received within {BODY_READ_SECONDS:g} s"), send)
            return
        if body is None:
            logger.warning("refused POST %s from %s: body larger than %d bytes", scope["path"], peer,
                           self.max_body_bytes)
            await send_refusal(Refusal(413, f"Request body larger than {self.max_body_bytes} bytes"), send)
            return
        refusal = check_message_shape(body)
        if refusal is not None:
            await send_refusal(refusal, send)
            return
        if not _header_values(scope, b"mcp-session-id"):
            body = pin_initialize_version(body)
        self._posts_in_flight += 1
        try:
            await self.app(_with_length(scope, len(body)), _replay(body, receive), send)
        finally:
            self._posts_in_flight -= 1

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes | None:
        """The whole request body, or None as soon as it exceeds the limit (declared or streamed)."""
        for declared in _header_values(scope, b"content-length"):
            if declared.strip().isdigit() and int(declared) > self.max_body_bytes:
                return None
        chunks = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.extend(message.get("body", b""))
            if len(chunks) > self.max_body_bytes:
                return None
            if not message.get("more_body"):
                break
        return bytes(chunks)


def check_content_type(values: Sequence[str]) -> Refusal | None:
    """A POST carries one JSON-RPC message as ``application/json`` (parameters such as charset allowed)."""
    if len(values) == 1 and values[0].partition(";")[0].strip().lower() == "application/json":
        return None
    return Refusal(415, "Content-Type must be application/json")


def check_message_shape(body: bytes) -> Refusal | None:
    """Refuse JSON that is not one message object (``null``, a number, a batch) with a plain reason.

    Only a body whose first character is not ``{`` is parsed here; text that is not JSON at all
    is left to the SDK, which answers it with a parse error.
    """
    start = body.lstrip()[:1]
    if start == b"{":
        return None
    try:
        json.loads(body)
    except (UnicodeDecodeError, ValueError):  # an empty body too
        return None
    if start == b"[":
        return Refusal(400, "JSON-RPC batches are not supported: send one message object per request")
    return Refusal(400, "the body must be one JSON-RPC message object")


def _canonical_host(host: str) -> str:
    """An allowed host as the SDK's allow-list spells it: loopback forms fold to three, IPv6 in brackets.

    ``host`` is as ``parse_authority`` gives it: lower-case, without a trailing dot, IPv6 unbracketed.
    """
    if host == "localhost" or host.endswith(".localhost"):
        return "localhost"
    if is_loopback_host(host):
        host = "::1" if ":" in host else "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def with_canonical_host_and_origin(scope: Scope) -> Scope:
    """``scope`` with its (already allowed) Host and Origin written as the SDK's allow-list spells them."""
    headers = []
    for key, value in scope["headers"]:
        name = key.lower()
        if name == b"host":
            authority = parse_authority(value.decode("latin-1"))
            if authority is not None:
                port = "" if authority.port is None else f":{authority.port}"
                value = (_canonical_host(authority.host) + port).encode()  # ASCII: parse_authority allows no other
        elif name == b"origin":
            origin = parse_origin_header(value.decode("latin-1"))
            if origin is not None:
                port = "" if DEFAULT_PORTS[origin.scheme] == origin.port else f":{origin.port}"
                value = f"{origin.scheme}://{_canonical_host(origin.host)}{port}".encode()
        headers.append((key, value))
    return {**scope, "headers": headers}


def _with_length(scope: Scope, length: int) -> Scope:
    headers = [(key, value) for key, value in scope["headers"] if key.lower() != b"content-length"]
    headers.append((b"content-length", str(length).encode("ascii")))
    return {**scope, "headers": headers}


def _replay(body: bytes, receive: Receive) -> Receive:
    """The whole body as one message first, then whatever the client sends next (a disconnect)."""
    pending: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay


__all__ = [
    "HEALTH_PATH",
    "HTTP_PROTOCOL_VERSIONS",
    "Refusal",
    "RequestGuard",
    "check_host_and_origin",
    "check_protocol_version",
    "pin_initialize_version",
    "send_health",
]
