"""The typed seams between the core and the layers above it.

The model task is a read-only message (the core's recognition state lives beside it), an
``Intent`` is an async context manager, executors close with ``aclose``, and a catalog is any
object with the few calls of ``intent.CatalogView``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog import CatalogBinding
from intent import Intent, IntentConfig, IntentError, ScriptedExecutor
from intent.catalog_view import CatalogView
from intent.executor import Executor
from intent.task import ModelTask, Recognition, recognition_of
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT

DATA = Path(__file__).parent / "data" / "catalog"


def test_the_task_message_carries_only_its_three_keys() -> None:
    intent = Intent(IntentConfig(executor=None))
    task = intent.prepare(SEED_INPUT)
    assert isinstance(task, ModelTask)
    assert sorted(task) == ["input", "instructions", "outputSchema"]
    assert not hasattr(task, "corrections_left") and not hasattr(task, "__dict__")
    recognition = recognition_of(task)
    assert isinstance(recognition, Recognition) and recognition.owner is intent
    assert task.request is recognition.request and task.deadline is None and task.remaining() is None


@pytest.mark.anyio
async def test_the_correction_budget_lives_in_the_recognition_not_the_message() -> None:
    intent = Intent(IntentConfig(executor=None))
    task = intent.prepare(SEED_INPUT)
    assert recognition_of(task).may_correct
    with pytest.raises(IntentError) as first:
        await intent.accept(task, "{}")
    assert first.value.retryable is True and not recognition_of(task).may_correct
    with pytest.raises(IntentError) as second:
        await intent.accept(task, "{}")
    assert second.value.retryable is False
    # A fresh task of the same Intent has its own budget.
    assert recognition_of(intent.prepare(SEED_INPUT)).may_correct


@pytest.mark.anyio
async def test_an_intent_is_an_async_context_manager() -> None:
    executor = ScriptedExecutor([SEED_CANDIDATE])
    async with Intent(IntentConfig(executor=executor)) as intent:
        assert (await intent.parse(SEED_INPUT)).status == "complete"
        assert not intent.closed
    assert intent.closed
    with pytest.raises(IntentError) as caught:
        await intent.parse(SEED_INPUT)
    assert caught.value.code == "DISPOSED"
    with pytest.raises(IntentError):
        async with intent:
            pass


def test_the_shipped_executors_satisfy_the_protocol_with_aclose() -> None:
    from adapter.sampling import SamplingExecutor
    from intent.executors.anthropic import AnthropicExecutor
    from intent.executors.builtin import BuiltinExecutor
    from intent.executors.openai import OpenAIExecutor

    for kind in (ScriptedExecutor, BuiltinExecutor, SamplingExecutor, OpenAIExecutor, AnthropicExecutor):
        assert callable(getattr(kind, "aclose", None)), kind
    assert isinstance(ScriptedExecutor([]), Executor)


def test_a_catalog_binding_is_a_catalog_view() -> None:
    binding = CatalogBinding.from_file(DATA / "shop.json")
    view: CatalogView = binding  # checked by mypy as well
    assert isinstance(view, CatalogView)
    config = IntentConfig(executor=None, catalog=view)
    assert config.domains == ("order_get", "order_cancel")
    assert set(config.fields) >= set(view.fields["properties"])
