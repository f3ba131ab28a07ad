"""A loopback HTTP server speaking the OpenAI chat-completions or the Anthropic Messages wire format.

Replies are scripted (status, text, delay) and every request is recorded, so a test can check
what an executor sent (headers, model, messages) and how it handled each answer. The server runs
in a thread, so it serves both in-process executors and a spawned ``intent-mcp`` process.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

Dialect = Literal["openai", "anthropic"]


@dataclass(frozen=True)
class Reply:
    """One scripted answer: a model text (status 200) or an error status, optionally after a delay."""

    text: str = ""
    status: int = 200
    delay: float = 0.0
    headers: tuple[tuple[str, str], ...] = ()
    raw: bytes | None = None  # sent as the body instead of the dialect's JSON (a broken server)


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class FakeModelServer:
    """Scripted replies in order; after the script runs out, ``default`` answers every request."""

    dialect: Dialect
    default: Reply = field(default_factory=lambda: Reply(status=500, text="no scripted reply left"))
    requests: list[RecordedRequest] = field(default_factory=list)
    _script: deque[Reply] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _closing: threading.Event = field(default_factory=threading.Event)
    _httpd: ThreadingHTTPServer | None = None

    @property
    def port(self) -> int:
        assert self._httpd is not None, "the server is not running"
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        """What an executor's ``baseUrl`` should be: OpenAI clients expect the ``/v1`` part in it."""
        root = f"http://127.0.0.1:{self.port}"
        return f"{root}/v1" if self.dialect == "openai" else root

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._script.extend(replies)

    def reset(self) -> None:
        """Forget recorded requests and any replies still scripted."""
        with self._lock:
            self._script.clear()
            self.requests.clear()

    def next_reply(self, request: RecordedRequest) -> Reply:
        with self._lock:
            self.requests.append(request)
            return self._script.popleft() if self._script else self.default

    def sleep(self, seconds: float) -> None:
        """A delay that ends early when the server shuts down, so tests never wait it out."""
        self._closing.wait(seconds)

    def start(self) -> None:
        handler = type("Handler", (_Handler,), {"fake": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        # A short poll interval keeps shutdown (every test's teardown) quick.
        serve = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), name=f"fake-{self.dialect}")
        serve.daemon = True
        serve.start()

    def stop(self) -> None:
        self._closing.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()


def success_body(dialect: Dialect, model: str, text: str) -> dict[str, Any]:
    if dialect == "openai":
        return {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text, "refusal": None},
                    "finish_reason": "stop",
                    "logprobs": None,
                }
            ],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
        }
    return {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 10},
    }


def error_body(dialect: Dialect, status: int, message: str) -> dict[str, Any]:
    if dialect == "openai":
        return {"error": {"message": message, "type": "server_error", "param": None, "code": str(status)}}
    kind = "overloaded_error" if status == 529 else "api_error" if status >= 500 else "invalid_request_error"
    return {"type": "error", "error": {"type": kind, "message": message}}


class _Handler(BaseHTTPRequestHandler):
    fake: FakeModelServer
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out as two writes: no 40 ms stall between

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        return

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"_unparsed": raw.decode("utf-8", "replace")}
        request = RecordedRequest(
            method="POST",
            path=self.path,
            headers={key.lower(): value for key, value in self.headers.items()},
            body=body,
        )
        expected = "/v1/chat/completions" if self.fake.dialect == "openai" else "/v1/messages"
        if self.path.split("?", 1)[0] != expected:
            self._send(404, error_body(self.fake.dialect, 404, f"no route {self.path}"), ())
            return
        reply = self.fake.next_reply(request)
        if reply.delay:
            self.fake.sleep(reply.delay)
        if reply.raw is not None:
            self._send(reply.status, reply.raw, reply.headers)
            return
        if reply.status == 200:
            payload = success_body(self.fake.dialect, str(body.get("model", "")), reply.text)
        else:
            payload = error_body(self.fake.dialect, reply.status, reply.text or f"status {reply.status}")
        self._send(reply.status, payload, reply.headers)

    def _send(self, status: int, payload: dict[str, Any] | bytes, headers: tuple[tuple[str, str], ...]) -> None:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        try:
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the client gave up (a timeout test): nothing to answer
            pass


@contextmanager
def running_fake(dialect: Dialect) -> Iterator[FakeModelServer]:
    server = FakeModelServer(dialect)
    server.start()
    try:
        yield server
    finally:
        server.stop()
