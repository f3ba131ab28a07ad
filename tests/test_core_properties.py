"""Property tests: whatever a model or a caller sends, only IntentError escapes, and memory stays flat."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import anyio
import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intent import Intent, IntentConfig, IntentError, IntentResult
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT

SCHEMA = {
    "type": "object",
    "properties": {
        "orderId": {"type": "string", "pattern": "^\\d{6}$"},
        "count": {"type": "integer", "minimum": 1},
        "when": {"type": "string", "format": "date"},
    },
    "required": ["orderId"],
}
HOST = Intent(IntentConfig(schema=SCHEMA, executor=None))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
words = st.sampled_from(["Look up", "order", "000123", "Do not", "cancel", "the", "it", "2", "tomorrow", "x"])
quote = st.lists(words, min_size=1, max_size=4).map(" ".join) | st.text(max_size=12)
keys = st.sampled_from(["i1", "i2", "i3"])
refs = st.none() | keys | st.sampled_from(["intent-1", "intent-9"])
field_items = st.fixed_dictionaries({
    "field": st.sampled_from(["orderId", "count", "when"]), "value": json_values, "evidence": quote,
    "source": st.sampled_from(["input", "context", "baseline"]), "pointer": st.none() | st.text(max_size=6),
    "candidates": st.none() | st.lists(st.integers(-100, 100) | st.text(max_size=4), max_size=3),
})
intents = st.fixed_dictionaries({
    "key": keys, "evidence": quote, "action": quote, "target": st.none() | quote, "domain": st.none(),
    "understanding": st.sampled_from(["clear", "ambiguous"]), "readings": st.lists(quote, max_size=3),
    "references": st.lists(st.fixed_dictionaries({"text": quote, "refersTo": refs}), max_size=2),
    "fields": st.lists(field_items, max_size=3),
})
candidates = st.fixed_dictionaries({
    "turnKind": st.sampled_from(["request", "correction", "addition", "cancellation", "answer"]),
    "intents": st.lists(intents, max_size=3),
    "constraints": st.lists(st.fixed_dictionaries({
        "kind": st.sampled_from(["prohibition", "requirement", "preference", "condition"]),
        "text": quote, "appliesTo": refs}), max_size=3),
    "relations": st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["sequence", "dependency"]),
                                                 "from": keys, "to": keys}), max_size=2),
    "updates": st.lists(st.fixed_dictionaries({"id": st.sampled_from(["intent-1", "intent-2"]), "evidence": quote,
                                               "action": st.none() | quote, "target": st.none() | quote,
                                               "fields": st.lists(field_items, max_size=2)}), max_size=2),
    "removals": st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["intent", "constraint"]),
                                                "id": st.sampled_from(["intent-1", "constraint-1"]),
                                                "evidence": quote}), max_size=2),
})


def accept(task: Any, text: str) -> IntentResult | IntentError:
    try:
        return anyio.run(HOST.accept, task, text)
    except IntentError as error:
        return error


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_arbitrary_candidate_text_only_raises_intent_error(text: str) -> None:
    outcome = accept(HOST.prepare(SEED_INPUT), text)
    assert isinstance(outcome, (IntentResult, IntentError))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(candidates, st.booleans())
def test_structured_candidates_resolve_to_valid_results(candidate: dict[str, Any], with_baseline: bool) -> None:
    request: dict[str, Any] = {"input": SEED_INPUT + " Deliver 2 tomorrow.", "referenceTime": "2026-11-30T10:00:00Z",
                               "context": {"x": "000123"}}
    if with_baseline:
        baseline = anyio.run(HOST.accept, HOST.prepare(SEED_INPUT), SEED_CANDIDATE)
        request["baseline"] = baseline.effective.model_dump(mode="json", by_alias=True)
    outcome = accept(HOST.prepare(request), orjson.dumps(candidate).decode())
    if isinstance(outcome, IntentError):
        assert outcome.code == "CANDIDATE_INVALID"  # only dangling keys and the like
        return
    again = IntentResult.model_validate_json(outcome.to_json())  # the result is always well-formed
    assert again.to_json() == outcome.to_json()
    for node in outcome.effective.intents:
        assert node.action in request["input"]
        for value in node.inputs.values():
            assert value is not None


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["input", "fields", "context", "baseline", "referenceTime", "output", "zz"]),
                       json_values, max_size=5) | json_values)
def test_arbitrary_requests_only_raise_intent_error(request: Any) -> None:
    try:
        HOST.prepare(request)
    except IntentError as error:
        assert error.code in {"INPUT_INVALID", "FIELD_UNKNOWN"}


class Repeating:
    """Answers every task with the seed candidate, keeping nothing."""

    async def complete(self, task: Any, *, feedback: Any = None) -> str:
        return SEED_CANDIDATE


def test_memory_stays_flat_over_many_recognitions() -> None:
    intent = Intent(IntentConfig(executor=Repeating()))

    async def batch(n: int) -> None:
        for _ in range(n):
            await intent.parse(SEED_INPUT)
            try:
                await intent.accept(intent.prepare(SEED_INPUT), "{bad")
            except IntentError:
                pass

    anyio.run(batch, 200)
    gc.collect()
    tracemalloc.start()
    anyio.run(batch, 200)
    gc.collect()
    first, _ = tracemalloc.get_traced_memory()
    anyio.run(batch, 1000)
    gc.collect()
    second, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert second - first < 200_000, f"memory grew by {second - first} bytes over 1000 recognitions"
