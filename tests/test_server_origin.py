"""HTTP origin rules as pure decisions and as the guard middleware (peers other than loopback included)."""

from __future__ import annotations

import json
from typing import Any

import httpx2
import pytest
from starlette.types import Receive, Scope, Send

from intent.errors import IntentError
from intent_mcp.http.guard import (
    HTTP_PROTOCOL_VERSIONS,
    Refusal,
    RequestGuard,
    check_host_and_origin,
    check_protocol_version,
    pin_initialize_version,
)
from intent_mcp.http.origin import PublicOrigin, check_binding, parse_public_origin

PUBLIC = parse_public_origin("https://mcp.example.com")


@pytest.mark.parametrize(
    ("text", "origin"),
    [
        ("https://mcp.example.com", "https://mcp.example.com"),
        ("HTTPS://MCP.Example.com:443/", "https://mcp.example.com"),
        ("http://10.0.0.5:8080", "http://10.0.0.5:8080"),
        ("https://[2001:db8::1]:8443", "https://[2001:db8::1]:8443"),
    ],
)
def test_public_origin_is_normalized(text: str, origin: str) -> None:
    assert parse_public_origin(text).origin == origin


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("https://user:pw@mcp.example.com", "credentials"),
        ("https://token@mcp.example.com", "credentials"),
        ("https://*.example.com", "wildcard"),
        ("https://*", "wildcard"),
        ("https://mcp.example.com/mcp", "path"),
        ("https://mcp.example.com?x=1", "query"),
        ("https://mcp.example.com?", "query"),
        ("https://mcp.example.com#top", "fragment"),
        ("ftp://mcp.example.com", "http:// or https://"),
        ("mcp.example.com", "http:// or https://"),
        ("https://0.0.0.0", "wildcard address"),
        ("https://[::]:443", "wildcard address"),
        ("https://mcp.example.com:0", "port"),
        ("https://mcp.example.com:70000", "port"),
        ("https://under_score.example.com", "valid host"),
        ("https://", "host"),
    ],
)
def test_bad_public_origins_are_refused_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(IntentError) as caught:
        parse_public_origin(text)
    assert caught.value.code == "CONFIG_INVALID"
    assert caught.value.path == "/http/publicOrigin"
    assert words in caught.value.message
    assert "pw" not in caught.value.message


@pytest.mark.parametrize("bind", ["0.0.0.0", "::", "192.168.1.10"])
def test_binding_beyond_loopback_requires_a_public_origin(bind: str) -> None:
    with pytest.raises(IntentError, match="--public-origin"):
        check_binding(bind, None)
    check_binding(bind, PUBLIC)


@pytest.mark.parametrize("bind", ["127.0.0.1", "::1", "localhost"])
def test_loopback_binding_needs_no_public_origin(bind: str) -> None:
    check_binding(bind, None)


@pytest.mark.parametrize(
    ("hosts", "origins", "peer", "status"),
    [
        (["127.0.0.1:3001"], [], "127.0.0.1", None),
        (["localhost:3001"], ["http://localhost:3001"], "127.0.0.1", None),
        (["[::1]:3001"], ["http://[::1]:3001"], "::1", None),
        (["127.0.0.1:3001"], ["https://evil.example"], "127.0.0.1", 403),
        (["127.0.0.1:3001"], ["null"], "127.0.0.1", 403),
        (["evil.example"], [], "127.0.0.1", 421),
        (["mcp.example.com"], [], "127.0.0.1", 421),
        (["127.0.0.1:3001"], [], "203.0.113.7", 421),
        ([], [], "127.0.0.1", 400),
        (["a", "b"], [], "127.0.0.1", 400),
        (["bad host/x"], [], "127.0.0.1", 400),
    ],
)
def test_without_public_origin_only_loopback_is_accepted(
    hosts: list[str], origins: list[str], peer: str, status: int | None
) -> None:
    refusal = check_host_and_origin(None, hosts, origins, peer)
    assert (refusal.status if refusal else None) == status


@pytest.mark.parametrize(
    ("hosts", "origins", "peer", "status"),
    [
        (["mcp.example.com"], [], "203.0.113.7", None),
        (["MCP.example.com:443"], ["https://mcp.example.com"], "203.0.113.7", None),
        (["mcp.example.com"], ["https://mcp.example.com:8443"], "203.0.113.7", 403),
        (["mcp.example.com"], ["http://mcp.example.com"], "203.0.113.7", 403),
        (["mcp.example.com"], ["https://evil.example"], "203.0.113.7", 403),
        (["mcp.example.com:8443"], [], "203.0.113.7", 421),
        (["other.example.com"], [], "203.0.113.7", 421),
        # local diagnostics: loopback Host from a loopback peer
        (["127.0.0.1:3001"], [], "127.0.0.1", None),
        (["localhost:3001"], ["http://localhost:3001"], "127.0.0.1", None),
        (["127.0.0.1:3001"], ["https://evil.example"], "127.0.0.1", 403),
        (["localhost:3001"], ["https://mcp.example.com"], "127.0.0.1", None),  # the public origin's page, locally
        # a loopback Host from elsewhere is not local
        (["127.0.0.1:3001"], [], "203.0.113.7", 421),
        (["localhost"], [], None, 421),
    ],
)
def test_with_public_origin_host_and_origin_must_match_it(
    hosts: list[str], origins: list[str], peer: str | None, status: int | None
) -> None:
    refusal = check_host_and_origin(PUBLIC, hosts, origins, peer)
    assert (refusal.status if refusal else None) == status


TWO_HOSTS = Refusal(400, "exactly one Host header is required")
TWO_ORIGINS = Refusal(400, "at most one Origin header is allowed")


@pytest.mark.parametrize(
    ("public", "hosts", "origins", "refusal"),
    [
        (None, [], [], TWO_HOSTS),
        (None, ["localhost", "localhost"], [], TWO_HOSTS),
        (None, ["bad host/x"], [], Refusal(400, "malformed Host header")),
        (None, ["localhost"], ["http://localhost", "http://localhost"], TWO_ORIGINS),
        (PUBLIC, ["mcp.example.com"], ["https://mcp.example.com"] * 2, TWO_ORIGINS),  # even when both allowed
        (PUBLIC, ["other.example"], [], Refusal(421, "Host not allowed: this server answers to https://mcp.example.com")),
        (None, ["other.example"], [], Refusal(421, "Host not allowed: only loopback hosts are accepted without "
                                                 "--public-origin")),
        (PUBLIC, ["localhost"], ["https://evil.example"], Refusal(403, "Origin not allowed")),
    ],
)
def test_each_refusal_says_what_is_wrong(
    public: PublicOrigin | None, hosts: list[str], origins: list[str], refusal: Refusal
) -> None:
    assert check_host_and_origin(public, hosts, origins, "127.0.0.1") == refusal


def test_protocol_versions_over_http() -> None:
    assert check_protocol_version([]) is None
    for version in HTTP_PROTOCOL_VERSIONS:
        assert check_protocol_version([version]) is None
    refusal = check_protocol_version(["2026-07-28"])
    assert refusal is not None and refusal.status == 400 and refusal.code == -32022
    assert refusal.data == {"supported": list(HTTP_PROTOCOL_VERSIONS), "requested": "2026-07-28"}


def test_initialize_is_pinned_to_an_http_version() -> None:
    def initialize(version: Any) -> bytes:
        return json.dumps(
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": version}}
        ).encode()

    pinned = json.loads(pin_initialize_version(initialize("2025-03-26")))
    assert pinned["params"]["protocolVersion"] == HTTP_PROTOCOL_VERSIONS[-1]
    assert pin_initialize_version(initialize("2025-06-18")) == initialize("2025-06-18")
    for untouched in (b"not json", b"[]", initialize(7), b'{"method": "tools/list"}'):
        assert pin_initialize_version(untouched) == untouched


# --- the middleware, driven in-process with chosen peer addresses ---------------------------------


async def echo_app(scope: Scope, receive: Receive, send: Send) -> None:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": body or b"ok"})


def _client(peer: str, public_origin: str | None = None, max_body: int = 1024) -> httpx2.AsyncClient:
    guard = RequestGuard(
        echo_app,
        public_origin=parse_public_origin(public_origin) if public_origin else None,
        max_body_bytes=max_body,
    )
    return httpx2.AsyncClient(transport=httpx2.ASGITransport(app=guard, client=(peer, 5555)))


@pytest.mark.anyio
async def test_guard_refuses_with_a_short_json_reason() -> None:
    async with _client("127.0.0.1") as client:
        response = await client.post("http://evil.example/mcp", content=b"{}")
    assert response.status_code == 421
    body = response.json()
    assert body["error"]["message"].startswith("Host not allowed")
    assert "Traceback" not in response.text


@pytest.mark.anyio
async def test_guard_ignores_forwarded_headers() -> None:
    spoofed = {
        "X-Forwarded-Host": "mcp.example.com",
        "X-Forwarded-For": "127.0.0.1",
        "X-Forwarded-Proto": "https",
        "Forwarded": "for=127.0.0.1;host=mcp.example.com;proto=https",
    }
    async with _client("203.0.113.7", "https://mcp.example.com") as client:
        # A remote peer naming a loopback Host is not made local by claiming a loopback client.
        local = await client.get("http://127.0.0.1:3001/mcp", headers=spoofed)
        # Nor does a forwarded host stand in for the real Host header.
        other = await client.get("http://other.example.com/mcp", headers=spoofed)
        public = await client.get("https://mcp.example.com/mcp", headers=spoofed)
    assert local.status_code == 421
    assert other.status_code == 421
    assert public.status_code == 200


@pytest.mark.anyio
async def test_guard_limits_declared_and_streamed_bodies() -> None:
    async def chunks() -> Any:
        for _ in range(10):
            yield b"x" * 200

    json_typed = {"Content-Type": "application/json"}
    async with _client("127.0.0.1", max_body=1024) as client:
        small = await client.post("http://127.0.0.1:3001/mcp", content=b"y" * 1024, headers=json_typed)
        declared = await client.post("http://127.0.0.1:3001/mcp", content=b"y" * 1025, headers=json_typed)
        streamed = await client.post("http://127.0.0.1:3001/mcp", content=chunks(), headers=json_typed)
    assert small.status_code == 200 and small.content == b"y" * 1024
    assert declared.status_code == 413
    assert streamed.status_code == 413


@pytest.mark.anyio
async def test_guard_refuses_the_2026_header_with_the_supported_versions() -> None:
    async with _client("127.0.0.1") as client:
        response = await client.post(
            "http://127.0.0.1:3001/mcp", content=b"{}", headers={"MCP-Protocol-Version": "2026-07-28"}
        )
    assert response.status_code == 400
    assert response.json()["error"]["data"]["supported"] == list(HTTP_PROTOCOL_VERSIONS)
