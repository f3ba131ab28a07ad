"""The real HTTP server under hostile requests: Host/Origin forms as documented, JSON-RPC refusals, read timeouts."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

from intent_mcp.http.read_timeouts import BODY_READ_SECONDS, HEADER_READ_SECONDS
from tests.test_server_http import INIT_HEADERS, RunningServer, http_server, initialize_body, sse_messages


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with http_server(tmp_path_factory.mktemp("hostile")) as running:
        yield running


def _port(server: RunningServer) -> str:
    return server.authority.rsplit(":", 1)[1]


@pytest.mark.parametrize("host", ["127.0.0.2", "localhost.", "LOCALHOST", "[0:0:0:0:0:0:0:1]", "127.255.0.9"])
def test_every_documented_loopback_host_form_is_served(server: RunningServer, host: str) -> None:
    with httpx2.Client() as client:
        headers = {**INIT_HEADERS, "Host": f"{host}:{_port(server)}"}
        response = client.post(server.url, json=initialize_body(), headers=headers)
    assert response.status_code == 200, response.text
    assert sse_messages(response)[0]["result"]["protocolVersion"] == "2025-11-25"


@pytest.mark.parametrize("origin", ["http://127.0.0.2:8080", "http://LOCALHOST", "https://[0:0:0:0:0:0:0:1]:5"])
def test_every_loopback_origin_form_is_served(server: RunningServer, origin: str) -> None:
    with httpx2.Client() as client:
        response = client.post(server.url, json=initialize_body(), headers={**INIT_HEADERS, "Origin": origin})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    ("headers", "status"),
    [({"Host": "evil.example"}, 421), ({"Origin": "http://evil.example"}, 403),
     ({"Host": "127.0.0.1.evil.example"}, 421)],
)
def test_other_hosts_and_origins_are_refused_with_json_rpc_errors(
    server: RunningServer, headers: dict[str, str], status: int
) -> None:
    with httpx2.Client() as client:
        response = client.post(server.url, json=initialize_body(), headers={**INIT_HEADERS, **headers})
    assert response.status_code == status
    assert response.json()["error"]["code"] == -32600


@pytest.mark.parametrize(
    ("body", "words"),
    [(b"null", "one JSON-RPC message object"), (b"5", "one JSON-RPC message object"),
     (b'"ping"', "one JSON-RPC message object"), (b"[]", "batches are not supported"),
     (json.dumps([initialize_body()]).encode(), "batches are not supported")],
)
def test_bodies_that_are_not_one_message_get_a_plain_json_rpc_error(
    server: RunningServer, body: bytes, words: str
) -> None:
    with httpx2.Client() as client:
        response = client.post(server.url, content=body, headers=INIT_HEADERS)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == -32600 and words in error["message"]
    assert "validation" not in response.text.lower()


def test_a_body_that_is_not_json_typed_is_refused_as_json_rpc(server: RunningServer) -> None:
    with httpx2.Client() as client:
        response = client.post(server.url, content=b"{}", headers={**INIT_HEADERS, "Content-Type": "text/plain"})
    assert response.status_code == 415 and response.json()["error"]["code"] == -32600


def test_half_sent_requests_are_timed_out(server: RunningServer, tmp_path: Path) -> None:
    host, port = server.authority.rsplit(":", 1)
    outcomes: dict[str, tuple[float, bytes]] = {}

    def half_send(name: str, data: bytes) -> None:
        started = time.monotonic()
        with socket.create_connection((host, int(port)), timeout=BODY_READ_SECONDS + 20) as sock:
            sock.sendall(data)
            received = sock.recv(4096)  # the first answer, or b"" when the server closes without one
            took = time.monotonic() - started
            while chunk := sock.recv(4096):
                received += chunk
        outcomes[name] = (took, received)

    head = f"POST {server.url.split(server.authority, 1)[1]} HTTP/1.1\r\nHost: {server.authority}\r\n"
    body_headers = head + "Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
    threads = [
        threading.Thread(target=half_send, args=("headers", head.encode())),  # no blank line: headers never end
        threading.Thread(target=half_send, args=("body", (body_headers + "Content-Length: 100\r\n\r\n{").encode())),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(BODY_READ_SECONDS + 30)
    headers_took, headers_reply = outcomes["headers"]
    body_took, body_reply = outcomes["body"]
    assert HEADER_READ_SECONDS - 1 <= headers_took < HEADER_READ_SECONDS + 5 and headers_reply == b""
    assert BODY_READ_SECONDS - 1 <= body_took < BODY_READ_SECONDS + 5
    assert body_reply.startswith(b"HTTP/1.1 408") and b'"code": -32600' in body_reply
