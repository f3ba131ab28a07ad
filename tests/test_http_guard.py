"""The HTTP guard driven as raw ASGI: exactly what reaches the MCP app, and exactly what a refusal says.

``test_server_origin`` decides Host/Origin cases through an HTTP client; these tests pin the
middleware's own mechanics (scopes, bodies, replays, refusal bytes) that a client hides.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest
from starlette.types import Message, Receive, Scope, Send

from intent_mcp.http.guard import (
    HTTP_PROTOCOL_VERSIONS,
    Refusal,
    RequestGuard,
    check_content_type,
    check_message_shape,
    check_protocol_version,
    pin_initialize_version,
    send_health,
    send_refusal,
    with_canonical_host_and_origin,
)

LOCAL_HOST = [(b"host", b"127.0.0.1:3001"), (b"content-type", b"application/json")]


class InnerApp:
    """The MCP app behind the guard: records what it was given and drains the body."""

    def __init__(self, guard_ref: list[RequestGuard] | None = None) -> None:
        self.scopes: list[Scope] = []
        self.messages: list[Message] = []
        self.in_flight_seen: list[int] = []
        self.guard_ref = guard_ref

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.scopes.append(scope)
        if self.guard_ref:
            self.in_flight_seen.append(self.guard_ref[0].posts_in_flight)
        if scope["type"] == "http" and scope["method"] == "POST":
            self.messages.append(await receive())
            self.messages.append(await receive())  # after the body: the client's own next message
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


def http_scope(method: str = "POST", headers: list[tuple[bytes, bytes]] | None = None) -> Scope:
    chosen = list(headers if headers is not None else LOCAL_HOST)
    return {"type": "http", "method": method, "path": "/mcp", "headers": chosen, "client": ("127.0.0.1", 5555)}


class Wire:
    """The client side: queued request messages in, response messages out."""

    def __init__(self, *messages: Message) -> None:
        self.incoming = list(messages)
        self.received = 0
        self.sent: list[Message] = []

    async def receive(self) -> Message:
        self.received += 1
        return self.incoming.pop(0) if self.incoming else {"type": "http.disconnect"}

    async def send(self, message: Message) -> None:
        self.sent.append(message)

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])

    def refusal(self) -> dict[str, Any]:
        body: dict[str, Any] = json.loads(self.sent[1]["body"])
        return body


def body(data: bytes, more: bool = False) -> Message:
    return {"type": "http.request", "body": data, "more_body": more}


async def run(guard: RequestGuard, scope: Scope, wire: Wire) -> None:
    await guard(scope, wire.receive, wire.send)


def make_guard(max_body: int = 64) -> tuple[RequestGuard, InnerApp]:
    ref: list[RequestGuard] = []
    inner = InnerApp(ref)
    guard = RequestGuard(inner, public_origin=None, max_body_bytes=max_body)
    ref.append(guard)
    return guard, inner


@pytest.mark.anyio
async def test_a_refusal_is_a_complete_short_json_rpc_error() -> None:
    wire = Wire()
    await send_refusal(Refusal(421, "Host not allowed", data={"k": 1}), wire.send)
    start, end = wire.sent
    assert start["type"] == "http.response.start" and start["status"] == 421
    assert dict(start["headers"]) == {
        b"content-type": b"application/json",
        b"content-length": str(len(end["body"])).encode(),
        b"cache-control": b"no-store",
    }
    assert end["type"] == "http.response.body"
    assert json.loads(end["body"]) == {
        "jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Host not allowed", "data": {"k": 1}},
    }
    plain = Wire()
    await send_refusal(Refusal(400, "no"), plain.send)
    assert "data" not in plain.refusal()["error"]


def test_protocol_version_refusals_name_what_is_served() -> None:
    two = check_protocol_version(["2025-06-18", "2025-06-18"])
    assert two == Refusal(400, "at most one MCP-Protocol-Version header is allowed")
    long = check_protocol_version(["9" * 100])
    assert long is not None and long.code == -32022 and long.status == 400
    served = ", ".join(HTTP_PROTOCOL_VERSIONS)
    assert long.reason == f"Unsupported protocol version over HTTP (supported: {served})"
    assert long.data == {"supported": list(HTTP_PROTOCOL_VERSIONS), "requested": "9" * 64}


def test_an_initialize_without_a_usable_version_passes_unchanged() -> None:
    for message in (
        {"jsonrpc": "2.0", "id": 1, "method": "initialize"},
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": []},
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}},
        {"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"protocolVersion": "2024-11-05"}},
    ):
        raw = json.dumps(message).encode()
        assert pin_initialize_version(raw) == raw
    assert pin_initialize_version(b"\xff\xfe") == b"\xff\xfe"
    pinned = pin_initialize_version(b'{"method": "initialize", "params": {"protocolVersion": "2024-11-05"}}')
    newest = HTTP_PROTOCOL_VERSIONS[-1]
    assert pinned == f'{{"method":"initialize","params":{{"protocolVersion":"{newest}"}}}}'.encode()


@pytest.mark.anyio
async def test_lifespan_passes_and_websockets_are_closed_unanswered() -> None:
    guard, inner = make_guard()
    await run(guard, {"type": "lifespan"}, Wire())
    assert inner.scopes == [{"type": "lifespan"}]
    wire = Wire()
    await run(guard, {"type": "websocket", "headers": LOCAL_HOST, "client": ("127.0.0.1", 1)}, wire)
    assert wire.sent == [{"type": "websocket.close", "code": 1008}] and len(inner.scopes) == 1


@pytest.mark.anyio
async def test_a_refused_request_never_reaches_the_app() -> None:
    guard, inner = make_guard()
    for headers, status in (
        ([(b"host", b"evil.example")], 421),
        ([*LOCAL_HOST, (b"mcp-protocol-version", b"2026-07-28")], 400),
    ):
        wire = Wire(body(b"{}"))
        await run(guard, http_scope(headers=headers), wire)
        assert wire.status == status and wire.received == 0
    assert inner.scopes == []


@pytest.mark.anyio
async def test_the_app_sees_a_lower_case_host_and_other_headers_untouched() -> None:
    guard, inner = make_guard()
    headers = [(b"host", b"LocalHost:3001"), (b"x-custom", b"MiXeD")]
    await run(guard, http_scope("GET", headers), Wire())
    assert inner.scopes[0]["headers"] == [(b"host", b"localhost:3001"), (b"x-custom", b"MiXeD")]
    assert inner.scopes[0]["path"] == "/mcp"


@pytest.mark.parametrize(
    ("header", "sent", "seen"),
    [
        (b"host", b"LocalHost:3001", b"localhost:3001"),
        (b"Host", b"localhost.", b"localhost"),  # the header name keeps its case; no port stays none
        (b"host", b"api.localhost:8080", b"localhost:8080"),
        (b"host", b"127.0.0.2:3001", b"127.0.0.1:3001"),
        (b"host", b"[0:0:0:0:0:0:0:1]:3001", b"[::1]:3001"),
        (b"host", b"[::1]", b"[::1]"),
        (b"host", b"Example.COM:8443", b"example.com:8443"),  # a public name: only its case folds
        (b"host", b"[2001:DB8::1]", b"[2001:db8::1]"),
        (b"host", b"not a host", b"not a host"),  # unparsable (refused before): left as it came
        (b"origin", b"HTTP://LocalHost:80", b"http://localhost"),
        (b"origin", b"https://localhost:443", b"https://localhost"),
        (b"origin", b"https://localhost:80", b"https://localhost:80"),
        (b"origin", b"http://127.0.0.9:3001", b"http://127.0.0.1:3001"),
        (b"origin", b"http://[::1]:3001", b"http://[::1]:3001"),
        (b"Origin", b"https://app.localhost", b"https://localhost"),
        (b"origin", b"https://[2001:db8::1]:8443", b"https://[2001:db8::1]:8443"),
        (b"origin", b"null", b"null"),
        (b"x-forwarded-host", b"LocalHost", b"LocalHost"),
    ],
)
def test_allowed_hosts_and_origins_reach_the_app_as_the_sdk_spells_them(header: bytes, sent: bytes,
                                                                        seen: bytes) -> None:
    scope = http_scope("GET", [(header, sent), (b"x-custom", b"MiXeD")])
    rewritten = with_canonical_host_and_origin(scope)
    assert rewritten["headers"] == [(header, seen), (b"x-custom", b"MiXeD")]
    assert rewritten["path"] == "/mcp" and scope["headers"][0] == (header, sent)  # a new scope; the old one kept


@pytest.mark.anyio
async def test_a_get_streams_through_without_reading_the_body() -> None:
    guard, inner = make_guard()
    wire = Wire(body(b"x"))
    await run(guard, http_scope("GET"), wire)
    assert wire.received == 0 and inner.messages == [] and wire.status == 200


@pytest.mark.anyio
async def test_a_chunked_post_reaches_the_app_as_one_body_with_its_true_length() -> None:
    guard, inner = make_guard(max_body=64)
    wire = Wire(body(b'{"a":', more=True), body(b"", more=True), body(b"1}"))
    headers = [*LOCAL_HOST, (b"content-length", b"3"), (b"mcp-session-id", b"s1")]
    await run(guard, http_scope(headers=headers), wire)
    assert inner.messages[0] == {"type": "http.request", "body": b'{"a":1}', "more_body": False}
    assert inner.messages[1] == {"type": "http.disconnect"}  # later receives are the client's own
    lengths = [value for key, value in inner.scopes[0]["headers"] if key == b"content-length"]
    assert lengths == [b"7"]
    assert inner.in_flight_seen == [1] and guard.posts_in_flight == 0


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("declared", "chunks", "status"),
    [
        (b"64", [b"x" * 64], 200),  # exactly the limit
        (b"65", [b"x" * 10], 413),  # the declared length alone refuses
        (b" 65 ", [b"x" * 10], 413),
        (b"abc", [b"x" * 64], 200),  # a non-number declaration is ignored; the stream is counted
        (None, [b"x" * 40, b"x" * 25], 413),
        (None, [b"x" * 40, b"x" * 24], 200),
    ],
)
async def test_the_body_limit_counts_declared_and_streamed_bytes(
    declared: bytes | None, chunks: list[bytes], status: int
) -> None:
    guard, inner = make_guard(max_body=64)
    headers = [*LOCAL_HOST, (b"mcp-session-id", b"s1")]
    if declared is not None:
        headers.append((b"content-length", declared))
    wire = Wire(*[body(c, more=i < len(chunks) - 1) for i, c in enumerate(chunks)])
    await run(guard, http_scope(headers=headers), wire)
    assert wire.status == status
    if status == 413:
        assert wire.refusal()["error"]["message"] == "Request body larger than 64 bytes" and inner.scopes == []
    else:
        assert inner.messages[0]["body"] == b"".join(chunks)


@pytest.mark.anyio
async def test_a_disconnect_mid_body_ends_the_read() -> None:
    guard, inner = make_guard()
    wire = Wire(body(b"{}", more=True), {"type": "http.disconnect"})
    await run(guard, http_scope(headers=[*LOCAL_HOST, (b"mcp-session-id", b"s")]), wire)
    assert inner.messages[0]["body"] == b"{}"


@pytest.mark.anyio
async def test_initialize_is_pinned_only_outside_a_session() -> None:
    old = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                      "params": {"protocolVersion": "2024-11-05"}}).encode()
    guard, inner = make_guard(max_body=1024)
    await run(guard, http_scope(), Wire(body(old)))
    assert json.loads(inner.messages[0]["body"])["params"]["protocolVersion"] == HTTP_PROTOCOL_VERSIONS[-1]
    await run(guard, http_scope(headers=[*LOCAL_HOST, (b"mcp-session-id", b"s")]), Wire(body(old)))
    assert inner.messages[2]["body"] == old


@pytest.mark.anyio
async def test_posts_in_flight_fall_back_when_the_app_fails() -> None:
    async def failing(scope: Scope, receive: Receive, send: Send) -> None:
        raise RuntimeError("boom")

    guard = RequestGuard(failing, public_origin=None, max_body_bytes=64)
    with pytest.raises(RuntimeError):
        await run(guard, http_scope(headers=[*LOCAL_HOST, (b"mcp-session-id", b"s")]), Wire(body(b"{}")))
    assert guard.posts_in_flight == 0


@pytest.mark.anyio
async def test_a_body_message_without_keys_reads_as_empty_and_final() -> None:
    # ASGI lets "body" and "more_body" be left out (b"" and False); nothing after the final part is read.
    guard, inner = make_guard()
    wire = Wire({"type": "http.request"}, body(b"late"))
    await run(guard, http_scope(headers=[*LOCAL_HOST, (b"mcp-session-id", b"s")]), wire)
    assert inner.messages[0] == {"type": "http.request", "body": b"", "more_body": False}
    assert inner.messages[1] == body(b"late")  # left for the app to read, not folded into the body


@pytest.mark.anyio
@pytest.mark.parametrize("method", ["GET", "HEAD"])
async def test_health_is_answered_on_any_host_without_the_app(method: str) -> None:
    guard, inner = make_guard()
    scope = {**http_scope(method, [(b"host", b"10.0.0.7:8080")]), "path": "/healthz"}
    wire = Wire()
    await run(guard, scope, wire)
    start, end = wire.sent
    assert start["status"] == 200 and dict(start["headers"]) == {
        b"content-type": b"application/json", b"content-length": b"15", b"cache-control": b"no-store",
    }
    assert start["type"] == "http.response.start"
    assert end == {"type": "http.response.body", "body": b"" if method == "HEAD" else b'{"status":"ok"}'}
    assert inner.scopes == [] and wire.received == 0
    plain = Wire()
    await send_health(plain.send)  # head defaults to False: the body is sent
    assert plain.sent[1]["body"] == b'{"status":"ok"}'


@pytest.mark.anyio
async def test_health_is_only_get_and_head_on_its_own_path() -> None:
    guard, inner = make_guard()
    for method, path in (("POST", "/healthz"), ("GET", "/healthz/x"), ("GET", "/health")):
        wire = Wire(body(b"{}"))
        await run(guard, {**http_scope(method, [(b"host", b"10.0.0.7:8080")]), "path": path}, wire)
        assert wire.status == 421, (method, path)  # an ordinary request: the Host check applies
    assert inner.scopes == []


@pytest.mark.anyio
async def test_lifespan_messages_reach_the_app_unchanged() -> None:
    seen: list[Message] = []

    async def lifespan_app(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append(await receive())
        await send({"type": "lifespan.startup.complete"})

    guard = RequestGuard(lifespan_app, public_origin=None, max_body_bytes=64)
    wire = Wire({"type": "lifespan.startup"})
    await run(guard, {"type": "lifespan"}, wire)
    assert seen == [{"type": "lifespan.startup"}] and wire.sent == [{"type": "lifespan.startup.complete"}]


@pytest.mark.anyio
async def test_an_origin_header_is_checked_and_a_request_without_a_peer_is_not_local() -> None:
    guard, inner = make_guard()
    wire = Wire(body(b"{}"))
    await run(guard, http_scope(headers=[*LOCAL_HOST, (b"origin", b"https://evil.example")]), wire)
    assert wire.status == 403 and wire.refusal()["error"]["message"] == "Origin not allowed"
    no_peer = {key: value for key, value in http_scope().items() if key != "client"}
    anonymous = Wire(body(b"{}"))
    await run(guard, no_peer, anonymous)
    assert anonymous.status == 421 and inner.scopes == []


@pytest.mark.anyio
async def test_refusals_are_logged_with_what_where_and_why(caplog: pytest.LogCaptureFixture) -> None:
    guard, _ = make_guard(max_body=4)
    caplog.set_level("DEBUG", logger="intent_mcp.http")
    await run(guard, http_scope(headers=[(b"host", b"evil.example")]), Wire(body(b"{}")))
    await run(guard, http_scope(headers=[*LOCAL_HOST, (b"mcp-protocol-version", b"2026-07-28")]), Wire(body(b"{}")))
    await run(guard, http_scope(headers=[*LOCAL_HOST, (b"mcp-session-id", b"s")]), Wire(body(b"{...}")))
    records = [(r.levelname, r.getMessage()) for r in caplog.records]
    assert records == [
        ("WARNING", "refused POST /mcp from 127.0.0.1: Host not allowed: only loopback hosts are accepted without "
                    "--public-origin"),
        # A client trying a newer version first and falling back is routine.
        ("DEBUG", "refused POST /mcp from 127.0.0.1: Unsupported protocol version over HTTP (supported: "
                  + ", ".join(HTTP_PROTOCOL_VERSIONS) + ")"),
        ("WARNING", "refused POST /mcp from 127.0.0.1: body larger than 4 bytes"),
    ]


@pytest.mark.anyio
async def test_concurrent_posts_are_all_counted_in_flight() -> None:
    release = anyio.Event()
    counts: list[int] = []
    guard_ref: list[RequestGuard] = []

    async def held(scope: Scope, receive: Receive, send: Send) -> None:
        counts.append(guard_ref[0].posts_in_flight)
        await release.wait()

    guard = RequestGuard(held, public_origin=None, max_body_bytes=64)
    guard_ref.append(guard)
    scope = http_scope(headers=[*LOCAL_HOST, (b"mcp-session-id", b"s")])
    async with anyio.create_task_group() as tg:
        tg.start_soon(run, guard, scope, Wire(body(b"{}")))
        tg.start_soon(run, guard, scope, Wire(body(b"{}")))
        with anyio.fail_after(5):
            while len(counts) < 2:
                await anyio.sleep(0.01)
        assert guard.posts_in_flight == 2
        release.set()
    assert sorted(counts) == [1, 2] and guard.posts_in_flight == 0


@pytest.mark.parametrize(
    ("values", "allowed"),
    [
        (["application/json"], True),
        (["Application/JSON; charset=utf-8"], True),
        ([" application/json ;x=y"], True),
        (["application/json; charset=utf-8; x=y"], True),  # the media type is what comes before the first ";"
        (["text/plain"], False),
        (["application/json-seq"], False),
        ([], False),
        (["application/json", "application/json"], False),
    ],
)
def test_a_post_names_one_json_content_type(values: list[str], allowed: bool) -> None:
    refusal = check_content_type(values)
    assert refusal is None if allowed else refusal == Refusal(415, "Content-Type must be application/json")


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b'{"jsonrpc": "2.0"}', None),
        (b"  \n{", None),  # an object, even a broken one, is the SDK's to answer
        (b"", None),
        (b"   ", None),
        (b"not json", None),  # not JSON at all: the SDK's parse error
        (b"\xff[", None),
        (b" [1, 2]", "JSON-RPC batches are not supported: send one message object per request"),
        (b"[]", "JSON-RPC batches are not supported: send one message object per request"),
        (b"null", "the body must be one JSON-RPC message object"),
        (b" 42", "the body must be one JSON-RPC message object"),
        (b'"text"', "the body must be one JSON-RPC message object"),
    ],
)
def test_a_body_must_be_one_message_object(raw: bytes, reason: str | None) -> None:
    refusal = check_message_shape(raw)
    assert (refusal.reason if refusal else None) == reason
    assert refusal is None or refusal.status == 400


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("headers", "raw", "status", "reason"),
    [
        ([(b"host", b"127.0.0.1:3001"), (b"content-type", b"text/plain")], b"{}", 415,
         "Content-Type must be application/json"),
        (LOCAL_HOST, b"[{}]", 400, "JSON-RPC batches are not supported: send one message object per request"),
    ],
)
async def test_a_post_of_another_media_type_or_shape_is_refused_before_the_app(
    headers: list[tuple[bytes, bytes]], raw: bytes, status: int, reason: str
) -> None:
    guard, inner = make_guard()
    wire = Wire(body(raw))
    await run(guard, http_scope(headers=headers), wire)
    assert (wire.status, wire.refusal()["error"]["message"]) == (status, reason)
    assert inner.scopes == [] and guard.posts_in_flight == 0


@pytest.mark.anyio
async def test_a_body_not_sent_in_time_is_refused_and_logged(monkeypatch: pytest.MonkeyPatch,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr("intent_mcp.http.guard.BODY_READ_SECONDS", 0.05)
    caplog.set_level("WARNING", logger="intent_mcp.http")
    guard, inner = make_guard()
    wire = Wire()

    async def stalled() -> Message:
        await anyio.sleep_forever()
        raise AssertionError("unreachable")

    with anyio.fail_after(5):
        await guard(http_scope(), stalled, wire.send)
    assert (wire.status, wire.refusal()["error"]["message"]) == (408, "Request body not received within 0.05 s")
    assert [r.getMessage() for r in caplog.records] == [
        "refused POST /mcp from 127.0.0.1: body not received within 0.05 s"
    ]
    assert inner.scopes == []
