"""The built-in recognizer as an executor: well-formed, quoted, deterministic, bounded candidates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intent import Intent, IntentConfig, IntentError
from intent.executors.builtin import BuiltinExecutor, recognize
from intent.task.output_schema import build_output_schema
from tests.seeds import SEED_INPUT, seed_reply

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = orjson.loads((REPO / "tests" / "corpus" / "schemas.json").read_bytes())
INPUTS = sorted(
    {
        orjson.loads(line)["input"]
        for path in (REPO / "tests" / "corpus").glob("*.jsonl")
        for line in path.read_text().splitlines()
        if line.strip()
    }
)
REFERENCE = "2026-11-30T10:00:00Z"


def task_input(text: str, schema: str | None = None, **extra: Any) -> dict[str, Any]:
    properties = SCHEMAS[schema]["properties"] if schema else {}
    required = set(SCHEMAS[schema].get("required", [])) if schema else set()
    fields = {name: {"schema": spec, "required": name in required} for name, spec in properties.items()}
    return {"text": text, "referenceTime": REFERENCE, "context": {}, "baseline": None, "fields": fields,
            "domains": None, **extra}  # fmt: skip


def quotes(candidate: dict[str, Any]) -> list[str]:
    found = []
    for intent in candidate["intents"]:
        found += [intent["evidence"], intent["action"]] + ([intent["target"]] if intent["target"] else [])
        found += [r["text"] for r in intent["references"]] + [f["evidence"] for f in intent["fields"]]
    found += [c["text"] for c in candidate["constraints"]]
    for update in candidate["updates"]:
        found += [update["evidence"]] + [f["evidence"] for f in update["fields"]]
    return found


VALIDATORS = {
    schema: jsonschema.Draft202012Validator(build_output_schema(list(task_input("", schema)["fields"]), None))
    for schema in (None, "orders", "dining", "travel")
}


@pytest.mark.parametrize("text", INPUTS)
def test_candidate_matches_output_schema_and_quotes_the_input(text: str) -> None:
    for schema, validator in VALIDATORS.items():
        candidate = recognize(task_input(text, schema))
        validator.validate(candidate)
        for quote in quotes(candidate):
            assert quote and quote in text, (quote, text)


def test_seed_request_candidate() -> None:
    candidate = recognize(task_input("Look up order 000123. Do not cancel the order."))
    assert [(i["action"], i["target"]) for i in candidate["intents"]] == [("Look up", "order 000123")]
    assert candidate["constraints"] == [{"kind": "prohibition", "text": "Do not cancel the order", "appliesTo": "i1"}]
    assert candidate["turnKind"] == "request" and candidate["relations"] == []


def test_same_input_same_candidate() -> None:
    data = task_input("Book 2 seats to Lisbon for December 24 in business, then email me the receipt.", "travel")
    assert orjson.dumps(recognize(data)) == orjson.dumps(recognize(dict(data)))


def test_reference_time_moves_relative_dates() -> None:
    data = task_input("Book a flight for tomorrow.", "travel")
    first = recognize(data)["intents"][0]["fields"]
    later = recognize({**data, "referenceTime": "2027-02-27T09:00:00Z"})["intents"][0]["fields"]
    assert first[0]["value"] == "2026-12-01" and later[0]["value"] == "2027-02-28"
    assert recognize({**data, "referenceTime": None})["intents"][0]["fields"] == []


def test_free_text_field_is_not_guessed() -> None:
    fields = recognize(task_input("Book a flight for me and my wife next week.", "travel"))["intents"][0]["fields"]
    assert [f["field"] for f in fields] == []


def test_ambiguous_hour_gives_candidates() -> None:
    fields = recognize(task_input("Book a table for 2 at 7.", "dining"))["intents"][0]["fields"]
    time = next(f for f in fields if f["field"] == "time")
    assert time["value"] is None and time["candidates"] == ["07:00", "19:00"]


def test_prohibited_values_do_not_fill_fields() -> None:
    fields = recognize(task_input("Upgrade my plan, but not to enterprise.", "plans"))["intents"][0]["fields"]
    assert fields == []


def test_follow_up_removal_by_ordinal() -> None:
    baseline = {"intents": [{"id": "intent-1", "action": "Track", "target": "order 1"},
                            {"id": "intent-2", "action": "email", "target": "the invoice"}],
                "constraints": [], "unresolved": []}  # fmt: skip
    candidate = recognize(task_input("Forget the second one.", "orders", baseline=baseline))
    assert candidate["turnKind"] == "cancellation"
    assert candidate["removals"] == [{"kind": "intent", "id": "intent-2", "evidence": "Forget the second one"}]


def test_answer_goes_to_the_unresolved_intent() -> None:
    baseline = {"intents": [{"id": "intent-1", "action": "Cancel", "target": "my order", "inputs": {}},
                            {"id": "intent-2", "action": "Track", "target": "my package", "inputs": {}}],
                "unresolved": [{"id": "unresolved-1", "kind": "missing_field", "intentId": "intent-1",
                                "field": "orderId"}]}  # fmt: skip
    candidate = recognize(task_input("It's order 000456.", "orders", baseline=baseline))
    assert candidate["turnKind"] == "answer"
    assert [(u["id"], [f["value"] for f in u["fields"]]) for u in candidate["updates"]] == [("intent-1", ["000456"])]


def test_domains_are_chosen_by_their_words() -> None:
    candidate = recognize(task_input("Pay the invoice.", domains=["billing", "invoices", "travel"]))
    assert candidate["intents"][0]["domain"] == "invoices"
    looked_up = recognize(task_input("Look up order 000123.", domains=["cancel_order", "lookupOrder"]))
    assert looked_up["intents"][0]["domain"] == "lookupOrder"
    assert recognize(task_input("Pay the invoice.", domains=["travel"]))["intents"][0]["domain"] is None


def test_huge_and_odd_inputs_stay_bounded() -> None:
    text = ("Book a table and " * 3000) + "call me."
    candidate = recognize(task_input(text))
    assert len(candidate["intents"]) > 1
    assert recognize(task_input("\u0000\u200b ✓ 🎉 ,,, ;;; ???"))["intents"] == []
    assert recognize({"text": 42})["intents"] == []


@pytest.mark.anyio
async def test_executor_answers_a_prepared_task_like_a_host() -> None:
    intent = Intent(IntentConfig(schema=SCHEMAS["dining"], executor=None))
    task = intent.prepare({"input": "Reserve a table for six on Saturday at 8pm.", "referenceTime": REFERENCE})
    text = await BuiltinExecutor().complete(task)
    result = await intent.accept(task, text)
    values = {f["field"]: f.get("value") for f in result.to_dict()["fieldResults"]}
    assert values == {"partySize": 6, "date": "2026-12-05", "time": "20:00"}
    assert result.to_dict()["status"] == "complete"
    await intent.close()


@pytest.mark.anyio
async def test_executor_rejects_a_task_without_input() -> None:
    with pytest.raises(IntentError) as caught:
        await BuiltinExecutor().complete({"instructions": "x"})
    assert caught.value.code == "EXECUTOR_FAILED"


@pytest.mark.anyio
async def test_default_config_reproduces_the_seed_reply() -> None:
    reply = seed_reply()
    intent = Intent(IntentConfig())
    result = await intent.parse(SEED_INPUT)
    assert result.to_json() == reply["content"][0]["text"]
    assert result.to_dict() == reply["structuredContent"]
    await intent.close()


async def _turns(schema: str | None, first: str, second: str | None, **request: Any) -> dict[str, Any]:
    intent = Intent(IntentConfig(schema=SCHEMAS[schema] if schema else None))
    try:
        result = await intent.parse({"input": first, "referenceTime": REFERENCE, **request})
        if second is not None:
            baseline = result.to_dict()["effective"]
            result = await intent.parse({"input": second, "referenceTime": REFERENCE, "baseline": baseline})
        return result.to_dict()
    finally:
        await intent.close()


@pytest.mark.anyio
async def test_context_fills_a_field_the_text_leaves_open() -> None:
    result = await _turns("orders", "Where is my order?", None, context={"order_id": "000321", "orderId": "000777"})
    order = next(f for f in result["fieldResults"] if f["field"] == "orderId")
    assert (order["status"], order["value"]) == ("found", "000777")
    assert order["sourceRefs"] == [{"root": "context", "pointer": "/orderId"}]
    stated = await _turns("orders", "Where is order 123456?", None, context={"orderId": "000777"})
    assert next(f for f in stated["fieldResults"] if f["field"] == "orderId")["value"] == "123456"


@pytest.mark.anyio
async def test_corrected_hour_keeps_the_baseline_half_of_the_day() -> None:
    result = await _turns("dining", "Book a table for 2 at 7pm.", "Sorry, I meant 7:30.")
    assert result["turn"]["kind"] == "correction"
    assert next(f for f in result["fieldResults"] if f["field"] == "time")["value"] == "19:30"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("second", "left"),
    [("Don't do the second one.", ["Water"]), ("Cancel everything.", []), ("Forget the cat.", ["Water"]),
     ("Drop the first one.", ["feed"])],
)  # fmt: skip
async def test_cancellations(second: str, left: list[str]) -> None:
    result = await _turns(None, "Water the plants and feed the cat.", second)
    assert result["turn"]["kind"] == "cancellation"
    assert [i["action"] for i in result["effective"]["intents"]] == left


_WORDS = (
    "book a table for two at 7pm tomorrow and then cancel it but don't use my card if possible unless "
    "order 123456 premium business Friday the 15th $40 please thanks also first after you before it's "
    "never keep only when until make change instead forget the second one, . ? ! ; me us them that"
).split()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_WORDS) | st.text(max_size=6), max_size=40), st.sampled_from([None, "dining", "plans"]))
def test_any_word_salad_gives_a_valid_grounded_candidate(words: list[str], schema: str | None) -> None:
    text = " ".join(words)
    data = task_input(text, schema)
    candidate = recognize(data)
    jsonschema.Draft202012Validator(build_output_schema(list(data["fields"]), None)).validate(candidate)
    for quote in quotes(candidate):
        assert quote and quote in text


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=30))
def test_follow_up_word_salad_stays_valid(words: list[str]) -> None:
    baseline = {"intents": [{"id": "intent-1", "action": "Book", "target": "a table", "inputs": {"partySize": 2}},
                            {"id": "intent-2", "action": "cancel", "target": "it", "inputs": {}}],
                "constraints": [{"id": "constraint-1", "text": "don't use my card"}],
                "unresolved": [{"intentId": "intent-2", "field": "date"}]}  # fmt: skip
    candidate = recognize(task_input(" ".join(words), "dining", baseline=baseline))
    VALIDATORS["dining"].validate(candidate)
    ids = {"intent-1", "intent-2", "constraint-1"}
    assert all(u["id"] in ids for u in candidate["updates"]) and all(r["id"] in ids for r in candidate["removals"])


@pytest.mark.parametrize(
    ("text", "parts"),
    [("Print and sign the form.", [("Print", "the form"), ("sign", "the form")]),
     ("Log out and shut down the computer.", [("Log out", None), ("shut down", "the computer")]),
     ("Do you have vegan options?", [("Do you have", "vegan options")]),
     ("Turn it off in 10 minutes.", [("Turn it off", None)]),
     ("Sign me up for the yoga class.", [("Sign me up", "the yoga class")]),
     ("Put me on the enterprise plan.", [("Put", "on the enterprise plan")]),
     ("Cancel my 3pm meeting.", [("Cancel", "my 3pm meeting")]),
     ("Book a hotel for next week.", [("Book", "a hotel")])],
)  # fmt: skip
def test_actions_and_targets(text: str, parts: list[tuple[str, str | None]]) -> None:
    assert [(i["action"], i["target"]) for i in recognize(task_input(text))["intents"]] == parts


def test_a_request_that_points_back_depends_on_the_earlier_one() -> None:
    relations = recognize(task_input("Print the contract and then mail it to the client."))["relations"]
    assert relations == [
        {"kind": "sequence", "from": "i1", "to": "i2"},
        {"kind": "dependency", "from": "i1", "to": "i2"},
    ]
    assert recognize(task_input("Lock the door and close the windows."))["relations"] == []


def test_two_verbs_joined_by_or_are_one_ambiguous_request() -> None:
    (intent,) = recognize(task_input("Refund or replace my broken headphones."))["intents"]
    assert (intent["action"], intent["target"], intent["understanding"]) == (
        "Refund or replace", "my broken headphones", "ambiguous"
    )
    assert intent["readings"] == ["Refund my broken headphones", "replace my broken headphones"]
    assert recognize(task_input("Book a flight."))["intents"][0]["understanding"] == "clear"
