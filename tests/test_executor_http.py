"""The OpenAI-compatible and Anthropic executors against loopback servers speaking each real wire format."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from intent import Intent, IntentConfig, IntentError
from intent.executors import model_call
from intent.executors.anthropic import AnthropicExecutor
from intent.executors.http_model import HttpModelExecutor
from intent.executors.openai import OpenAIExecutor
from tests.candidates import SEED_CANDIDATE
from tests.fakes.model_server import FakeModelServer, Reply, running_fake
from tests.seeds import SEED_INPUT, seed_reply

KEY_ENV = "INTENT_TEST_MODEL_KEY"
KEY = "sk-test-7f3a9c1e5b"
BAD_CANDIDATE = '{"turnKind": "request", "intents": "not a list"}'


@pytest.fixture(autouse=True)
def _fast_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_call, "BACKOFF_BASE_SECONDS", 0.01)


@pytest.fixture(params=["openai", "anthropic"])
def fake(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeModelServer]:
    monkeypatch.setenv(KEY_ENV, KEY)
    with running_fake(request.param) as server:
        yield server


_OPEN: list[HttpModelExecutor[Any]] = []


@pytest.fixture(autouse=True)
async def _close_executors() -> AsyncIterator[None]:
    # SDK clients hold connections bound to this test's event loop: close them before it ends.
    yield
    while _OPEN:
        await _OPEN.pop().aclose()


def make_executor(fake: FakeModelServer, **options: Any) -> HttpModelExecutor[Any]:
    cls = OpenAIExecutor if fake.dialect == "openai" else AnthropicExecutor
    settings: dict[str, Any] = {"model": "test-model-1", "base_url": fake.base_url, "api_key_env": KEY_ENV,
                                "timeout_seconds": 5, "max_retries": 2}
    settings.update(options)
    executor = cls(**settings)
    _OPEN.append(executor)
    return executor


def sent_key(request_headers: dict[str, str]) -> str | None:
    if "x-api-key" in request_headers:
        return request_headers["x-api-key"]
    auth = request_headers.get("authorization", "")
    return auth.removeprefix("Bearer ") if auth.startswith("Bearer ") else None


def user_text(fake: FakeModelServer, index: int) -> str:
    body = fake.requests[index].body
    message = body["messages"][-1]
    assert message["role"] == "user"
    content = message["content"]
    return content if isinstance(content, str) else "".join(part["text"] for part in content)


def uses_strict_format(fake: FakeModelServer, index: int) -> bool:
    body = fake.requests[index].body
    return "response_format" in body if fake.dialect == "openai" else "output_config" in body


async def parse(executor: Any, request: Any = SEED_INPUT) -> Any:
    return await Intent(IntentConfig(executor=executor)).parse(request)


@pytest.mark.anyio
async def test_success_sends_key_model_and_strict_schema(fake: FakeModelServer) -> None:
    fake.script(Reply(text=SEED_CANDIDATE))
    result = await parse(make_executor(fake))
    assert result.to_dict() == seed_reply()["structuredContent"]
    assert len(fake.requests) == 1
    sent = fake.requests[0]
    assert sent_key(sent.headers) == KEY
    assert sent.body["model"] == "test-model-1"
    assert sent.body.get("stream") is False
    assert uses_strict_format(fake, 0)
    if fake.dialect == "openai":
        fmt = sent.body["response_format"]
        assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
        schema = fmt["json_schema"]["schema"]
        assert sent.body["messages"][0]["role"] == "system"
    else:
        schema = sent.body["output_config"]["format"]["schema"]
        assert isinstance(sent.body["system"], str) and sent.body["max_tokens"] == 4096
    assert schema["title"] == "IntentCandidate" and "$schema" not in schema
    assert json.loads(user_text(fake, 0).split("Task input (JSON):\n")[1].split("\n\n")[0])["text"] == SEED_INPUT


@pytest.mark.anyio
async def test_temperature_is_sent_only_when_configured(fake: FakeModelServer) -> None:
    fake.script(Reply(text=SEED_CANDIDATE), Reply(text=SEED_CANDIDATE))
    await parse(make_executor(fake))
    await parse(make_executor(fake, temperature=0.2))
    assert "temperature" not in fake.requests[0].body
    assert fake.requests[1].body["temperature"] == 0.2


@pytest.mark.anyio
async def test_one_correction_with_feedback_then_success(fake: FakeModelServer) -> None:
    fake.script(Reply(text=BAD_CANDIDATE), Reply(text=f"```json\n{SEED_CANDIDATE}\n```"))
    result = await parse(make_executor(fake))
    assert result.to_dict()["status"] == "complete"
    assert len(fake.requests) == 2
    assert "previous answer" not in user_text(fake, 0)
    correction = user_text(fake, 1)
    assert "Your previous answer did not match the output schema" in correction
    assert "- at /intents:" in correction
    # The previous candidate itself is not fed back, only its explicit problems.
    assert BAD_CANDIDATE not in correction


@pytest.mark.anyio
async def test_two_bad_candidates_fail_with_exactly_two_calls(fake: FakeModelServer) -> None:
    fake.script(Reply(text=BAD_CANDIDATE), Reply(text="no json at all"), Reply(text=SEED_CANDIDATE))
    with pytest.raises(IntentError) as caught:
        await parse(make_executor(fake))
    assert caught.value.code == "CANDIDATE_INVALID"
    assert caught.value.retryable is False
    assert len(fake.requests) == 2


@pytest.mark.anyio
async def test_repeated_500s_fail_after_the_retry_budget(fake: FakeModelServer) -> None:
    fake.default = Reply(status=500, text="upstream exploded")
    with pytest.raises(IntentError) as caught:
        await parse(make_executor(fake, max_retries=2))
    assert caught.value.code == "EXECUTOR_FAILED"
    assert caught.value.retryable is True
    assert "HTTP 500" in caught.value.message and "3 attempts" in caught.value.message
    assert len(fake.requests) == 3


@pytest.mark.anyio
async def test_429_and_503_are_retried_then_succeed(fake: FakeModelServer) -> None:
    fake.script(
        Reply(status=429, text="slow down", headers=(("retry-after", "0"),)),
        Reply(status=503, text="busy"),
        Reply(text=SEED_CANDIDATE),
    )
    result = await parse(make_executor(fake, max_retries=2))
    assert result.to_dict()["status"] == "complete"
    assert len(fake.requests) == 3


@pytest.mark.anyio
async def test_zero_retries_means_one_call(fake: FakeModelServer) -> None:
    fake.default = Reply(status=502, text="bad gateway")
    with pytest.raises(IntentError) as caught:
        await parse(make_executor(fake, max_retries=0))
    assert caught.value.code == "EXECUTOR_FAILED"
    assert len(fake.requests) == 1


@pytest.mark.anyio
async def test_a_slow_reply_times_out_within_the_configured_time(fake: FakeModelServer) -> None:
    fake.script(Reply(text=SEED_CANDIDATE, delay=10))
    started = time.monotonic()
    with pytest.raises(IntentError) as caught:
        await parse(make_executor(fake, timeout_seconds=0.5))
    elapsed = time.monotonic() - started
    assert caught.value.code == "TIMEOUT"
    assert caught.value.retryable is True
    assert 0.4 < elapsed < 2.5
    # The executor is still usable afterwards.
    fake.script(Reply(text=SEED_CANDIDATE))
    assert (await parse(make_executor(fake))).to_dict()["status"] == "complete"


@pytest.mark.anyio
async def test_rejected_strict_format_falls_back_to_plain_json_once(fake: FakeModelServer) -> None:
    fake.script(
        Reply(status=400, text="response format json_schema is not supported"),
        Reply(text=SEED_CANDIDATE),
        Reply(text=SEED_CANDIDATE),
    )
    executor = make_executor(fake)
    assert (await parse(executor)).to_dict()["status"] == "complete"
    assert (await parse(executor)).to_dict()["status"] == "complete"
    assert [uses_strict_format(fake, i) for i in range(3)] == [True, False, False]
    assert executor.uses_strict_schema is False
    # Plain mode still tells the model the schema, in the prompt.
    assert "Output schema (JSON Schema)" in user_text(fake, 1)


@pytest.mark.anyio
async def test_strict_schema_off_never_sends_the_format(fake: FakeModelServer) -> None:
    fake.script(Reply(text=SEED_CANDIDATE))
    await parse(make_executor(fake, strict_schema=False))
    assert not uses_strict_format(fake, 0)


@pytest.mark.anyio
async def test_bad_request_without_strict_format_is_not_retried(fake: FakeModelServer) -> None:
    fake.default = Reply(status=400, text="context window exceeded")
    with pytest.raises(IntentError) as caught:
        await parse(make_executor(fake, strict_schema=False))
    assert caught.value.code == "EXECUTOR_FAILED" and caught.value.retryable is False
    assert len(fake.requests) == 1


@pytest.mark.anyio
async def test_refused_credentials_name_the_variable_never_the_key(fake: FakeModelServer) -> None:
    fake.default = Reply(status=401, text=f"invalid key {KEY}")
    executor = make_executor(fake)
    with pytest.raises(IntentError) as caught:
        await parse(executor)
    error = caught.value
    assert error.code == "EXECUTOR_FAILED" and error.retryable is False
    assert KEY_ENV in error.message
    assert len(fake.requests) == 1
    for text in (str(error), repr(error), json.dumps(error.to_dict()), repr(executor), str(vars(executor))):
        assert KEY not in text


@pytest.mark.anyio
async def test_upstream_messages_are_redacted(fake: FakeModelServer) -> None:
    fake.default = Reply(status=500, text=f"debug: key was {KEY}")
    with pytest.raises(IntentError) as caught:
        await parse(make_executor(fake, max_retries=0))
    assert KEY not in caught.value.message
    assert "[redacted]" in caught.value.message


@pytest.mark.anyio
async def test_unreachable_server_is_a_retryable_executor_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    with running_fake("openai") as gone:
        url = gone.base_url
    monkeypatch.setattr(model_call, "BACKOFF_BASE_SECONDS", 0.01)
    executor = OpenAIExecutor(model="m", base_url=url, timeout_seconds=5, max_retries=1)
    _OPEN.append(executor)
    with pytest.raises(IntentError) as caught:
        await parse(executor)
    assert caught.value.code == "EXECUTOR_FAILED" and caught.value.retryable is True
    assert "could not connect" in caught.value.message


@pytest.mark.anyio
async def test_no_key_for_a_local_server_sends_no_real_credential(
    fake: FakeModelServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-ambient-should-not-leak")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ambient-should-not-leak")
    fake.script(Reply(text=SEED_CANDIDATE))
    await parse(make_executor(fake, api_key_env=None))
    assert "sk-ambient-should-not-leak" not in json.dumps(fake.requests[0].headers)


@pytest.mark.anyio
async def test_the_task_deadline_bounds_the_model_call(fake: FakeModelServer) -> None:
    from intent import Limits

    fake.script(Reply(text=SEED_CANDIDATE, delay=10))
    intent = Intent(IntentConfig(executor=make_executor(fake, timeout_seconds=30), limits=Limits(timeout_seconds=0.4)))
    started = time.monotonic()
    with pytest.raises(IntentError) as caught:
        await intent.parse(SEED_INPUT)
    assert caught.value.code == "TIMEOUT"
    assert time.monotonic() - started < 2.5


@pytest.mark.anyio
async def test_aclose_releases_the_client_and_the_executor_still_works(fake: FakeModelServer) -> None:
    fake.script(Reply(text=SEED_CANDIDATE), Reply(text=SEED_CANDIDATE))
    executor = make_executor(fake)
    await parse(executor)
    await executor.aclose()
    await executor.aclose()
    assert (await parse(executor)).to_dict()["status"] == "complete"



@pytest.mark.parametrize(
    "raw", [b"<html>gateway</html>", b"{}", b'{"choices": "x", "content": 5}', b"[1, 2]", b'{"truncated": '],
)
@pytest.mark.anyio
async def test_a_malformed_success_body_is_a_retried_executor_failure(fake: FakeModelServer, raw: bytes) -> None:
    fake.default = Reply(raw=raw)
    with pytest.raises(IntentError) as caught:
        await parse(make_executor(fake, max_retries=1))
    assert caught.value.code == "EXECUTOR_FAILED" and caught.value.retryable is True
    assert "not a well-formed" in caught.value.message
    assert len(fake.requests) == 2


@pytest.mark.anyio
async def test_a_model_refusal_is_not_retried(fake: FakeModelServer) -> None:
    from tests.fakes.model_server import success_body

    body = success_body(fake.dialect, "test-model-1", "")
    if fake.dialect == "openai":
        body["choices"][0]["message"].update({"content": None, "refusal": "I can't help with that."})
    else:
        body.update({"content": [], "stop_reason": "refusal"})
    fake.default = Reply(raw=json.dumps(body).encode())
    with pytest.raises(IntentError) as caught:
        await parse(make_executor(fake))
    assert caught.value.code == "EXECUTOR_FAILED" and caught.value.retryable is False
    assert "declined" in caught.value.message
    assert len(fake.requests) == 1
