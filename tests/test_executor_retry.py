"""``run_model_call``: bounded retries with backoff, a deadline, and coded failures."""

from __future__ import annotations

import time

import anyio
import pytest

from intent import Intent, IntentConfig, IntentError, Limits
from intent.executors import model_call
from intent.executors.model_call import UpstreamError, backoff_delay, run_model_call
from intent.executors.model_settings import CallSettings
from intent.executors.upstream import retry_after_seconds, status_failure

TASK: dict[str, object] = {}


class Attempts:
    """Raises the scripted failures in order, then answers."""

    def __init__(self, *failures: UpstreamError, answer: str = "{}") -> None:
        self.failures = list(failures)
        self.answer = answer
        self.calls = 0

    async def __call__(self) -> str:
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)
        return self.answer


@pytest.fixture(autouse=True)
def _fast_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_call, "BACKOFF_BASE_SECONDS", 0.001)


def test_backoff_grows_and_is_capped() -> None:
    for attempt in range(1, 12):
        delay = backoff_delay(attempt)
        ceiling = min(model_call.BACKOFF_CAP_SECONDS, model_call.BACKOFF_BASE_SECONDS * 2 ** (attempt - 1))
        assert ceiling / 2 <= delay <= ceiling
    assert backoff_delay(1, retry_after=3.0) == 3.0
    assert backoff_delay(1, retry_after=3600.0) == model_call.BACKOFF_CAP_SECONDS


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"retry-after": "2"}, 2.0),
        ({"retry-after-ms": "250"}, 0.25),
        ({"retry-after": "soon"}, None),
        ({"retry-after": "-3"}, None),
        ({"retry-after": "nan"}, None),
        ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, 0.0),  # a date in the past: at once
        ({}, None),
    ],
)
def test_retry_after_header(headers: dict[str, str], seconds: float | None) -> None:
    assert retry_after_seconds(headers) == seconds


@pytest.mark.parametrize(
    ("status", "retryable"), [(408, True), (429, True), (500, True), (503, True), (529, True),
                              (400, False), (401, False), (403, False), (404, False), (422, False)],
)
def test_status_classification(status: int, retryable: bool) -> None:
    assert status_failure(status, "detail", headers=None, key_env="K").retryable is retryable


@pytest.mark.anyio
async def test_transient_failures_are_retried_within_the_budget() -> None:
    attempts = Attempts(UpstreamError("HTTP 503", retryable=True), UpstreamError("HTTP 429", retryable=True))
    assert await run_model_call(attempts, settings=CallSettings(max_retries=2), task=TASK, label="t") == "{}"
    assert attempts.calls == 3


@pytest.mark.anyio
async def test_an_exhausted_budget_is_a_retryable_executor_failure() -> None:
    attempts = Attempts(*[UpstreamError("HTTP 500", retryable=True)] * 5)
    with pytest.raises(IntentError) as caught:
        await run_model_call(attempts, settings=CallSettings(max_retries=3), task=TASK, label="t")
    assert caught.value.code == "EXECUTOR_FAILED" and caught.value.retryable is True
    assert "after 4 attempts" in caught.value.message
    assert attempts.calls == 4


@pytest.mark.anyio
async def test_a_permanent_failure_is_not_retried() -> None:
    attempts = Attempts(UpstreamError("HTTP 401", retryable=False))
    with pytest.raises(IntentError) as caught:
        await run_model_call(attempts, settings=CallSettings(max_retries=5), task=TASK, label="t")
    assert caught.value.code == "EXECUTOR_FAILED" and caught.value.retryable is False
    assert attempts.calls == 1


@pytest.mark.anyio
async def test_a_retry_after_beyond_the_deadline_fails_at_once() -> None:
    attempts = Attempts(UpstreamError("HTTP 429", retryable=True, retry_after=5.0))
    started = time.monotonic()
    with pytest.raises(IntentError) as caught:
        await run_model_call(attempts, settings=CallSettings(timeout_seconds=1.0), task=TASK, label="t")
    assert time.monotonic() - started < 0.5
    assert caught.value.code == "EXECUTOR_FAILED" and "no time is left" in caught.value.message
    assert attempts.calls == 1


@pytest.mark.anyio
async def test_the_deadline_cuts_a_hanging_attempt() -> None:
    async def hang() -> str:
        await anyio.sleep(30)
        return "{}"

    started = time.monotonic()
    with pytest.raises(IntentError) as caught:
        await run_model_call(hang, settings=CallSettings(timeout_seconds=0.2), task=TASK, label="t")
    assert caught.value.code == "TIMEOUT" and "0.2 seconds" in caught.value.message
    assert time.monotonic() - started < 1.0


@pytest.mark.anyio
async def test_an_earlier_task_deadline_wins() -> None:
    async def hang() -> str:
        await anyio.sleep(30)
        return "{}"

    task = Intent(IntentConfig(executor=None, limits=Limits(timeout_seconds=0.1))).prepare("Look up order 000123.")
    with pytest.raises(IntentError) as caught:
        await run_model_call(hang, settings=CallSettings(timeout_seconds=20), task=task, label="t")
    assert caught.value.code == "TIMEOUT" and "recognition deadline" in caught.value.message
    past = Intent(IntentConfig(executor=None, limits=Limits(timeout_seconds=0.001))).prepare("Look up order 000123.")
    await anyio.sleep(0.01)
    attempts = Attempts()
    with pytest.raises(IntentError):
        await run_model_call(attempts, settings=CallSettings(), task=past, label="t")
    assert attempts.calls == 0


@pytest.mark.anyio
async def test_cancellation_from_outside_propagates() -> None:
    async def hang() -> str:
        await anyio.sleep(30)
        return "{}"

    with anyio.move_on_after(0.1) as scope:
        await run_model_call(hang, settings=CallSettings(timeout_seconds=20), task=TASK, label="t")
    assert scope.cancelled_caught
