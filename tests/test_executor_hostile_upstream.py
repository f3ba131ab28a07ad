"""A hostile upstream model server that echoes the API key: the key never reaches a reply, an error or a log.

The fakes speak the real OpenAI and Anthropic wire formats on loopback. Each scripted reply
reflects the configured key: inside a candidate (so it would surface in CANDIDATE_INVALID
feedback or UNGROUNDED issues), in error bodies split across lines, percent-encoded, in base64,
JSON-escaped. Every string that leaves the executor, and every log record at every level, is
searched for the key and its encodings.
"""

from __future__ import annotations

import base64
import json
import logging
import urllib.parse
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from intent import Intent, IntentConfig, IntentError
from intent.executors import model_call
from intent.executors.anthropic import AnthropicExecutor
from intent.executors.http_model import HttpModelExecutor
from intent.executors.openai import OpenAIExecutor
from intent.executors.secret import Secret
from tests.candidates import candidate, constraint, intent
from tests.fakes.model_server import FakeModelServer, Reply, running_fake
from tests.seeds import SEED_INPUT

KEY = "sk-test-0123456789abcdefGHIJKLmnopqrstuv"
KEY_ENV = "HOSTILE_TEST_API_KEY"
ENCODINGS = {
    "plain": KEY,
    "percent": urllib.parse.quote(KEY, safe=""),
    "base64": base64.b64encode(KEY.encode()).decode(),
    "urlsafe base64": base64.urlsafe_b64encode(KEY.encode()).decode().rstrip("="),
    "bearer base64": base64.b64encode(f"Bearer {KEY}".encode()).decode(),
    "hex": KEY.encode().hex(),
}


def leaks(text: str) -> list[str]:
    """Which forms of the key ``text`` carries, whitespace and escapes removed."""
    folded = "".join(text.split()).replace("\\n", "").replace("\\r", "").replace("\\t", "")
    found = [name for name, form in ENCODINGS.items() if form in text or form in folded]
    # Long pieces of the key count too: a key cut in half still leaks half the key.
    found += [f"piece {i}" for i in range(0, len(KEY) - 16) if KEY[i:i + 16] in folded]
    return found


@pytest.fixture(autouse=True)
def _fast_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_call, "BACKOFF_BASE_SECONDS", 0.01)


@pytest.fixture(params=["openai", "anthropic"])
def fake(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeModelServer]:
    monkeypatch.setenv(KEY_ENV, KEY)
    with running_fake(request.param) as server:
        yield server


@pytest.fixture
async def executors() -> AsyncIterator[list[HttpModelExecutor[Any]]]:
    made: list[HttpModelExecutor[Any]] = []
    yield made
    for executor in made:
        await executor.aclose()


def _executor(fake: FakeModelServer, made: list[HttpModelExecutor[Any]], **options: Any) -> HttpModelExecutor[Any]:
    cls = OpenAIExecutor if fake.dialect == "openai" else AnthropicExecutor
    executor = cls(model="m", base_url=fake.base_url, api_key_env=KEY_ENV, timeout_seconds=5,
                   **{"max_retries": 0, **options})
    made.append(executor)
    return executor


def _echoing_candidates() -> list[str]:
    return [
        # the key as a quote: UNGROUNDED issue messages would quote it
        candidate(intents=[intent("i1", f"Look up {KEY}", "Look up", KEY)],
                  constraints=[constraint("prohibition", f"never {KEY}", "i1")]),
        # the key where the schema refuses it: CANDIDATE_INVALID feedback would quote it
        json.dumps({"turnKind": KEY, "intents": [{"key": "i1", "evidence": KEY, "action": 7}]}),
    ]


ERROR_ECHOES = [
    f"invalid key {KEY[:20]}\n{KEY[20:]}",  # split by a line break
    f"invalid key {KEY[:20]} {KEY[20:]}",  # split by a space
    f"key={urllib.parse.quote(KEY, safe='')}",
    f"authorization: Basic {ENCODINGS['bearer base64']}",
    f"b64 {ENCODINGS['base64']} urlsafe {ENCODINGS['urlsafe base64']}",
    f"echo {json.dumps({'k': KEY})}",
    f"hex {ENCODINGS['hex']}",
    f"prefix {KEY[:24]}…",
]


@pytest.mark.anyio
@pytest.mark.parametrize("status", [400, 500])
async def test_error_bodies_echoing_the_key_are_redacted_everywhere(
    fake: FakeModelServer, executors: list[HttpModelExecutor[Any]], status: int,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    recognizer = Intent(IntentConfig(executor=_executor(fake, executors)))
    for echo in ERROR_ECHOES:
        fake.default = Reply(status=status, text=echo)
        with pytest.raises(IntentError) as caught:
            await recognizer.parse(SEED_INPUT)
        error = caught.value
        assert error.code == "EXECUTOR_FAILED"
        assert leaks(json.dumps(error.to_dict())) == [], echo
        assert leaks(str(error) + repr(error)) == [], echo
    assert leaks("\n".join(caplog.messages) + caplog.text) == []


@pytest.mark.anyio
async def test_candidates_echoing_the_key_never_bring_it_to_the_result_or_feedback(
    fake: FakeModelServer, executors: list[HttpModelExecutor[Any]], caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    grounded, malformed = _echoing_candidates()
    fake.script(Reply(text=grounded))
    result = await Intent(IntentConfig(executor=_executor(fake, executors))).parse(SEED_INPUT)
    assert leaks(result.to_json()) == []
    fake.script(Reply(text=malformed), Reply(text=malformed))
    with pytest.raises(IntentError) as caught:
        await Intent(IntentConfig(executor=_executor(fake, executors))).parse(SEED_INPUT)
    assert caught.value.code == "CANDIDATE_INVALID"
    assert leaks(json.dumps(caught.value.to_dict())) == []
    # the correction request the model received quoted the feedback: no key there either
    assert leaks(json.dumps(fake.requests[-1].body)) == []
    assert leaks("\n".join(caplog.messages) + caplog.text) == []


def test_redaction_covers_the_obvious_encodings_and_splits() -> None:
    secret = Secret(KEY)
    for echo in ERROR_ECHOES:
        assert leaks(secret.redact(echo)) == [], echo
    assert secret.redact("nothing to hide") == "nothing to hide"
    assert Secret("").redact("text") == "text"
