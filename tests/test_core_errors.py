"""Every coded failure of the core: what, where, and whether a retry may help."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import anyio
import pytest

from intent import Intent, IntentConfig, IntentError, Limits, ScriptedExecutor
from intent.errors import FeedbackItem
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT

SCHEMA = {"type": "object", "properties": {"orderId": {"type": "string"}}, "required": ["orderId"]}


def scripted(*texts: str, **config: Any) -> tuple[Intent, ScriptedExecutor]:
    executor = ScriptedExecutor(texts)
    return Intent(IntentConfig(executor=executor, **config)), executor


@pytest.mark.parametrize(
    ("config", "path"),
    [
        ({"schema": {"type": "array"}}, "/schema/type"),
        ({"schema": {"type": "object", "properties": {"a": {"type": 5}}}}, "/schema/properties/a/type"),
        ({"schema": {"type": "object", "properties": {}, "required": ["x"]}}, "/schema/required/0"),
        ({"domains": ["a", "a"]}, "/domains"),
        ({"executor": object()}, "/executor"),
    ],
)
def test_config_invalid_names_the_path(config: dict[str, Any], path: str) -> None:
    with pytest.raises(IntentError) as caught:
        IntentConfig(**{"executor": None, **config})
    assert caught.value.code == "CONFIG_INVALID" and caught.value.path == path
    assert caught.value.category == "config"


def test_limits_are_checked() -> None:
    with pytest.raises(IntentError) as caught:
        Limits(max_input_chars=0)
    assert caught.value.path == "/limits/max_input_chars"


@pytest.mark.parametrize(
    ("request_", "code", "path"),
    [
        ({"input": "x", "schema": {}}, "INPUT_INVALID", "/schema"),
        ({"input": "   "}, "INPUT_INVALID", "/input"),
        ({"input": 5}, "INPUT_INVALID", "/input"),
        ({}, "INPUT_INVALID", "/input"),
        ({"input": "x" * 101}, "INPUT_INVALID", "/input"),
        ({"input": "x", "referenceTime": "tomorrow"}, "INPUT_INVALID", "/referenceTime"),
        ({"input": "x", "referenceTime": "2026-11-30T10:00:00"}, "INPUT_INVALID", "/referenceTime"),
        ({"input": "x", "context": []}, "INPUT_INVALID", "/context"),
        ({"input": "x", "baseline": {"intents": 3}}, "INPUT_INVALID", "/baseline/coverage"),
        ({"input": "x", "output": {"color": True}}, "INPUT_INVALID", "/output/color"),
        ({"input": "x", "fields": ["nope"]}, "FIELD_UNKNOWN", "/fields/0"),
        ({"input": "x", "fields": "orderId"}, "INPUT_INVALID", "/fields"),
    ],
)
def test_bad_requests_are_refused_before_any_model_call(request_: dict[str, Any], code: str, path: str) -> None:
    intent, executor = scripted(SEED_CANDIDATE, schema=SCHEMA, limits=Limits(max_input_chars=100))
    with pytest.raises(IntentError) as caught:
        intent.prepare(request_)
    assert (caught.value.code, caught.value.path) == (code, path)
    assert caught.value.category == "input" and caught.value.retryable is False
    assert executor.calls == []


@pytest.mark.anyio
async def test_host_only_instance_has_no_executor_but_accepts() -> None:
    intent = Intent(IntentConfig(executor=None))
    with pytest.raises(IntentError) as caught:
        await intent.parse(SEED_INPUT)
    assert caught.value.code == "EXECUTOR_MISSING"
    task = intent.prepare(SEED_INPUT)
    assert set(task) == {"instructions", "input", "outputSchema"}
    result = await intent.accept(task, SEED_CANDIDATE)
    assert result.status == "complete"


@pytest.mark.anyio
async def test_one_correction_with_explicit_feedback_then_success() -> None:
    intent, executor = scripted('{"turnKind": "request"}', SEED_CANDIDATE)
    result = await intent.parse(SEED_INPUT)
    assert result.status == "complete"
    assert executor.calls[0][1] is None
    feedback = executor.calls[1][1]
    assert feedback and {"pointer": "", "message": "'intents' is a required property"} in feedback


@pytest.mark.anyio
async def test_two_bad_candidates_fail_with_exactly_two_calls() -> None:
    intent, executor = scripted("not json", "[]", SEED_CANDIDATE)
    with pytest.raises(IntentError) as caught:
        await intent.parse(SEED_INPUT)
    assert caught.value.code == "CANDIDATE_INVALID" and caught.value.retryable is False
    assert caught.value.category == "model"
    assert len(executor.calls) == 2


@pytest.mark.anyio
async def test_host_correction_budget_is_one_and_never_resets() -> None:
    intent = Intent(IntentConfig(executor=None))
    task = intent.prepare(SEED_INPUT)
    with pytest.raises(IntentError) as first:
        await intent.accept(task, '{"turnKind": "nonsense"}')
    assert first.value.retryable is True
    assert any(f["pointer"] == "/turnKind" for f in first.value.feedback)
    with pytest.raises(IntentError) as second:
        await intent.accept(task, "{")
    assert second.value.retryable is False
    assert (await intent.accept(task, SEED_CANDIDATE)).status == "complete"  # a valid one is still judged
    with pytest.raises(IntentError) as third:
        await intent.accept(task, "{")
    assert third.value.retryable is False


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "pointer"),
    [
        ("x" * 300, ""),
        ('{"a":' * 40 + "1" + "}" * 40, ""),
    ],
)
async def test_candidate_size_and_depth_limits(text: str, pointer: str) -> None:
    intent = Intent(IntentConfig(executor=None, limits=Limits(max_candidate_bytes=200, max_candidate_depth=8)))
    with pytest.raises(IntentError) as caught:
        await intent.accept(intent.prepare(SEED_INPUT), text)
    assert caught.value.code == "CANDIDATE_INVALID"
    assert caught.value.feedback[0]["pointer"] == pointer


@pytest.mark.anyio
async def test_dangling_intent_keys_are_format_problems() -> None:
    intent = Intent(IntentConfig(executor=None))
    bad = SEED_CANDIDATE.replace('"appliesTo":"i1"', '"appliesTo":"i7"')
    with pytest.raises(IntentError) as caught:
        await intent.accept(intent.prepare(SEED_INPUT), bad)
    assert caught.value.feedback[0]["pointer"] == "/constraints/0/appliesTo"


class Failing:
    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    async def complete(self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None) -> str:
        raise self.exc


class Slow:
    async def complete(self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None) -> str:
        await anyio.sleep(10)
        return SEED_CANDIDATE


@pytest.mark.anyio
async def test_executor_failures_are_coded_and_hide_the_message() -> None:
    intent = Intent(IntentConfig(executor=Failing(RuntimeError("api key sk-secret rejected"))))
    with pytest.raises(IntentError) as caught:
        await intent.parse(SEED_INPUT)
    assert caught.value.code == "EXECUTOR_FAILED" and caught.value.retryable is True
    assert "sk-secret" not in str(caught.value.to_dict())


@pytest.mark.anyio
async def test_timeout_is_measured_from_prepare() -> None:
    intent = Intent(IntentConfig(executor=Slow(), limits=Limits(timeout_seconds=0.05)))
    with anyio.fail_after(2):
        with pytest.raises(IntentError) as caught:
            await intent.parse(SEED_INPUT)
    assert caught.value.code == "TIMEOUT" and caught.value.retryable is True
    host = Intent(IntentConfig(executor=None, limits=Limits(timeout_seconds=0.01)))
    task = host.prepare(SEED_INPUT)
    await anyio.sleep(0.02)
    with pytest.raises(IntentError) as late:
        await host.accept(task, SEED_CANDIDATE)
    assert late.value.code == "TIMEOUT"


@pytest.mark.anyio
async def test_cancellation_is_plain_anyio_cancellation() -> None:
    intent = Intent(IntentConfig(executor=Slow()))
    with anyio.move_on_after(0.05) as scope:
        await intent.parse(SEED_INPUT)
    assert scope.cancelled_caught
    assert (await Intent(IntentConfig(executor=ScriptedExecutor([SEED_CANDIDATE]))).parse(SEED_INPUT)).status


@pytest.mark.anyio
async def test_disposed_instances_refuse_new_recognition() -> None:
    intent, _ = scripted(SEED_CANDIDATE)
    task = intent.prepare(SEED_INPUT)
    await intent.close()
    await intent.close()
    assert intent.closed
    for call in (intent.parse(SEED_INPUT), intent.accept(task, SEED_CANDIDATE)):
        with pytest.raises(IntentError) as caught:
            await call
        assert caught.value.code == "DISPOSED"


@pytest.mark.anyio
async def test_a_task_from_another_intent_is_refused() -> None:
    a, b = Intent(IntentConfig(executor=None)), Intent(IntentConfig(executor=None))
    with pytest.raises(IntentError) as caught:
        await b.accept(a.prepare(SEED_INPUT), SEED_CANDIDATE)
    assert caught.value.code == "INPUT_INVALID"


@pytest.mark.anyio
async def test_resolver_bugs_become_internal(monkeypatch: pytest.MonkeyPatch) -> None:
    import intent.intent as module

    def broken(*args: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(module, "resolve", broken)
    intent, _ = scripted(SEED_CANDIDATE)
    with pytest.raises(IntentError) as caught:
        await intent.parse(SEED_INPUT)
    assert caught.value.code == "INTERNAL" and caught.value.category == "internal"


def test_serialized_error_shape() -> None:
    error = IntentError("CANDIDATE_INVALID", "bad", path="/x", retryable=True,
                        feedback=[{"pointer": "/a", "message": "m"}])
    assert error.to_dict() == {"code": "CANDIDATE_INVALID", "category": "model", "message": "bad", "path": "/x",
                               "retryable": True, "feedback": [{"pointer": "/a", "message": "m"}]}
