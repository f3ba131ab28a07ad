"""The core's verdicts on scripted candidates: statuses, grounding, fields, turns."""

from __future__ import annotations

from typing import Any

import pytest

from intent import Intent, IntentConfig, IntentResult, ScriptedExecutor
from tests.candidates import candidate, constraint, field, intent, update

ORDERS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "orderId": {"type": "string", "pattern": "^\\d{6}$", "description": "Six-digit order number"},
        "email": {"type": "string", "format": "email", "description": "Email address to send to"},
        "dueDate": {"type": "string", "format": "date", "description": "Date the delivery should happen"},
    },
    "required": ["orderId"],
}
DINING: dict[str, Any] = {
    "type": "object",
    "properties": {
        "partySize": {"type": "integer", "minimum": 1, "description": "Number of people"},
        "time": {"type": "string", "pattern": "^\\d{2}:\\d{2}$", "description": "Time of day"},
    },
    "required": ["partySize"],
}
REF = "2026-11-30T10:00:00Z"


async def run(request: str | dict[str, Any], *candidates: str, schema: dict[str, Any] | None = None,
              **config: Any) -> IntentResult:
    intent_ = Intent(IntentConfig(schema=schema, executor=ScriptedExecutor(candidates), **config))
    return await intent_.parse(request)


@pytest.mark.anyio
async def test_no_intent_for_a_greeting() -> None:
    result = await run("Hello there!", candidate())
    assert result.status == "no_intent"
    assert result.effective.coverage == "none"
    assert result.effective.intents == []


@pytest.mark.anyio
async def test_complete_with_a_found_field() -> None:
    text = "Look up order 000123."
    result = await run(text, candidate(intents=[intent("i1", "Look up order 000123", "Look up", "order 000123",
                                                       fields=[field("orderId", "000123", "000123")])]),
                       schema=ORDERS)
    assert result.status == "complete"
    assert result.effective.intents[0].inputs == {"orderId": "000123"}
    found = {r.field: r for r in result.fieldResults}
    assert found["orderId"].status == "found" and found["orderId"].value == "000123"
    assert found["email"].status == "missing"
    assert result.effective.unresolved == []


@pytest.mark.anyio
async def test_partial_when_a_required_field_is_missing_asks_the_question() -> None:
    result = await run("Email me the receipt.", candidate(intents=[intent("i1", "Email me the receipt", "Email",
                                                                          "the receipt")]), schema=ORDERS)
    assert result.status == "partial"
    [question] = result.effective.unresolved
    assert question.kind == "missing_field" and question.field == "orderId" and question.intentId == "intent-1"
    assert "six-digit order number" in question.question


@pytest.mark.anyio
async def test_ambiguous_intent_and_ambiguous_field() -> None:
    text = "Book it for 4 or 5 people."
    cand = candidate(intents=[intent("i1", "Book it for 4 or 5 people", "Book", "it",
                                     fields=[field("partySize", None, "4 or 5 people", candidates=[4, 5])])])
    result = await run(text, cand, schema=DINING)
    assert result.status == "ambiguous"
    [size] = result.fieldResults[:1]
    assert size.status == "ambiguous" and size.candidates == [4, 5]
    assert result.effective.unresolved[0].kind == "ambiguous_field"

    cand2 = candidate(intents=[intent("i1", "Book it", "Book", "it", understanding="ambiguous",
                                      readings=["book a table", "book a flight"])])
    result2 = await run("Book it.", cand2)
    assert result2.status == "ambiguous"
    assert result2.effective.intents[0].understanding == "ambiguous"
    assert result2.effective.unresolved[0].candidates == ["book a table", "book a flight"]


@pytest.mark.anyio
async def test_ungrounded_claims_are_dropped_with_issues() -> None:
    text = "Look up order 000123."
    cand = candidate(
        intents=[intent("i1", "Look up order 000123", "Look up", "order 000123",
                        fields=[field("orderId", "999999", "000123")]),
                 intent("i2", "Delete my account", "Delete", "my account")],
        constraints=[constraint("prohibition", "Do not refund", "i1"), constraint("requirement", "be quick", "i2")],
    )
    result = await run(text, cand, schema=ORDERS)
    assert [i.id for i in result.effective.intents] == ["intent-1"]
    assert result.effective.intents[0].inputs == {}
    assert result.effective.intents[0].constraints == []
    codes = [i.code for i in result.issues]
    assert codes.count("UNGROUNDED") == 4
    assert result.status == "partial" and result.effective.coverage == "partial"
    assert {i.path for i in result.issues} >= {"/intents/0/fields/0", "/intents/1/evidence"}


@pytest.mark.anyio
async def test_quotes_align_ignoring_case_and_whitespace_and_take_the_input_spelling() -> None:
    text = "please LOOK   UP order 000123"
    result = await run(text, candidate(intents=[intent("i1", "look up order 000123", "look up", "Order 000123")]))
    node = result.effective.intents[0]
    assert (node.action, node.target, node.goal) == ("LOOK   UP", "order 000123", "LOOK   UP order 000123")


@pytest.mark.anyio
async def test_field_values_failing_their_schema_are_invalid() -> None:
    text = "Send order 12345 to bob at nowhere"
    cand = candidate(intents=[intent("i1", "Send order 12345", "Send", "order 12345",
                                     fields=[field("orderId", "12345", "12345"),
                                             field("email", "bob at nowhere", "bob at nowhere")])])
    result = await run(text, cand, schema=ORDERS)
    by_field = {r.field: r for r in result.fieldResults}
    assert by_field["orderId"].status == "invalid" and by_field["orderId"].value == "12345"
    assert by_field["email"].status == "invalid"
    assert result.effective.intents[0].inputs == {}
    assert result.status == "partial"
    assert [i.code for i in result.issues] == ["FIELD_INVALID", "FIELD_INVALID"]


@pytest.mark.anyio
async def test_relative_date_is_inferred_from_reference_time() -> None:
    text = "Deliver order 000123 tomorrow."
    cand = candidate(intents=[intent("i1", "Deliver order 000123 tomorrow", "Deliver", "order 000123",
                                     fields=[field("orderId", "000123", "000123"),
                                             field("dueDate", "2026-12-01", "tomorrow")])])
    result = await run({"input": text, "referenceTime": REF}, cand, schema=ORDERS)
    due = next(r for r in result.fieldResults if r.field == "dueDate")
    assert due.status == "inferred" and due.value == "2026-12-01"
    [inference] = result.inferences
    assert inference.basis.root == "referenceTime" and inference.basis.value == REF
    assert inference.evidence == "tomorrow"
    # the same claim without a reference time cannot be checked, so it is dropped
    result2 = await run(text, cand, schema=ORDERS)
    assert "dueDate" not in result2.effective.intents[0].inputs
    assert any(i.code == "UNGROUNDED" for i in result2.issues)


@pytest.mark.anyio
async def test_context_values_are_grounded_by_pointer() -> None:
    cand = candidate(intents=[intent("i1", "Look up my last order", "Look up", "my last order",
                                     fields=[field("orderId", "000777", "last order", source="context",
                                                   pointer="/lastOrder")])])
    result = await run({"input": "Look up my last order", "context": {"lastOrder": "000777"}}, cand, schema=ORDERS)
    assert result.effective.intents[0].inputs == {"orderId": "000777"}
    assert result.turn.facts == {"/lastOrder": "000777"}
    ref = result.fieldResults[0].sourceRefs[0]
    assert (ref.root, ref.pointer) == ("context", "/lastOrder")
    bad = candidate(intents=[intent("i1", "Look up my last order", "Look up", "my last order",
                                    fields=[field("orderId", "000777", "x", source="context", pointer="/nope")])])
    result2 = await run({"input": "Look up my last order", "context": {"lastOrder": "000777"}}, bad, schema=ORDERS)
    assert result2.effective.intents[0].inputs == {}


@pytest.mark.anyio
async def test_sequence_relations_and_request_constraints() -> None:
    text = "First back up the database, then run the migration. Never share my phone number."
    cand = candidate(
        intents=[intent("i1", "back up the database", "back up", "the database"),
                 intent("i2", "run the migration", "run", "the migration")],
        constraints=[constraint("prohibition", "Never share my phone number")],
        relations=[{"kind": "sequence", "from": "i1", "to": "i2"}],
    )
    result = await run(text, cand)
    [relation] = result.effective.relations
    assert (relation.id, relation.from_, relation.to) == ("relation-1", "intent-1", "intent-2")
    [rule] = result.effective.constraints
    assert rule.scope.type == "request" and rule.id == "constraint-1"
    assert result.to_dict()["effective"]["relations"][0]["from"] == "intent-1"
    assert [c.target.id for c in result.turn.changes] == ["intent-1", "intent-2", "constraint-1", "relation-1"]


@pytest.mark.anyio
async def test_spans_only_when_output_asks() -> None:
    text = "Look up order 000123. Do not cancel the order."
    from tests.candidates import SEED_CANDIDATE

    result = await run({"input": text, "output": {"spans": True}}, SEED_CANDIDATE)
    spans = [(r.start, r.end) for c in result.turn.changes for r in c.sourceRefs]
    assert spans == [(0, 20), (22, 45)]
    assert text[22:45] == "Do not cancel the order"


@pytest.mark.anyio
async def test_correction_turn_over_a_baseline_keeps_ids_and_updates_a_field() -> None:
    first = await run("Reserve a table for 4 at 19:00.",
                      candidate(intents=[intent("i1", "Reserve a table for 4 at 19:00", "Reserve", "a table",
                                                fields=[field("partySize", 4, "4"), field("time", "19:00", "19:00")])]),
                      schema=DINING)
    assert first.status == "complete"
    baseline = first.effective.model_dump(mode="json", by_alias=True)
    second = await run(
        {"input": "Actually, make it 5 people.", "baseline": baseline},
        candidate(turn="correction", updates=[update("intent-1", "make it 5 people",
                                                     fields=[field("partySize", 5, "5 people")])]),
        schema=DINING)
    assert second.turn.kind == "correction"
    assert second.effective.scope == "conversation"
    node = second.effective.intents[0]
    assert node.id == "intent-1" and node.inputs == {"partySize": 5, "time": "19:00"}
    [change] = second.turn.changes
    assert (change.operation, change.effect, change.description) == ("update", "applied",
                                                                    "Update partySize from this turn")
    by_field = {r.field: r for r in second.fieldResults}
    assert by_field["time"].sourceRefs[0].root == "baseline"
    assert by_field["time"].sourceRefs[0].pointer == "/intents/0/inputs/time"
    assert by_field["partySize"].sourceRefs[0].root == "input"


@pytest.mark.anyio
async def test_answer_turn_fills_the_unresolved_question() -> None:
    first = await run("Track my order.", candidate(intents=[intent("i1", "Track my order", "Track", "my order")]),
                      schema=ORDERS)
    assert first.status == "partial" and first.effective.unresolved[0].field == "orderId"
    second = await run(
        {"input": "It's order 000456.", "baseline": first.effective.model_dump(mode="json", by_alias=True)},
        candidate(turn="answer", updates=[update("intent-1", "order 000456",
                                                 fields=[field("orderId", "000456", "000456")])]),
        schema=ORDERS)
    assert second.turn.kind == "answer" and second.status == "complete"
    assert second.effective.unresolved == []
    assert second.turn.intentIds == ["intent-1"]


@pytest.mark.anyio
async def test_addition_and_cancellation_turns() -> None:
    first = await run("Book a flight and a hotel.",
                      candidate(intents=[intent("i1", "Book a flight", "Book", "a flight"),
                                         intent("i2", "a hotel", "Book", "a hotel")]))
    assert first.issues == [] and [i.goal for i in first.effective.intents] == ["Book a flight", "Book a hotel"]
    baseline = first.effective.model_dump(mode="json", by_alias=True)
    added = await run({"input": "Also email me the invoice.", "baseline": baseline},
                      candidate(turn="addition", intents=[intent("i1", "email me the invoice", "email",
                                                                 "the invoice")]))
    assert [i.id for i in added.effective.intents] == ["intent-1", "intent-2", "intent-3"]
    removed = await run(
        {"input": "Forget the second one.", "baseline": added.effective.model_dump(mode="json", by_alias=True)},
        candidate(turn="cancellation", removals=[{"kind": "intent", "id": "intent-2",
                                                  "evidence": "Forget the second one"},
                                                 {"kind": "intent", "id": "intent-9",
                                                  "evidence": "Forget the second one"}]))
    assert [i.id for i in removed.effective.intents] == ["intent-1", "intent-3"]
    assert [(c.effect, c.reason) for c in removed.turn.changes] == [
        ("applied", None), ("rejected", "'intent-9' is not a intent of the baseline")]
    assert removed.turn.kind == "cancellation"


def _check_value(text: str, schema: dict[str, Any], value: Any, evidence: str, source: str = "input",
                 pointer: str | None = None, candidates: list[Any] | None = None, **raw: Any) -> Any:
    from intent.request import parse_request
    from intent.resolve import check_field_value

    request = parse_request({"input": text, "referenceTime": REF, **raw},
                            IntentConfig(schema={"type": "object", "properties": {"f": schema}}))
    item = {"field": "f", "value": value, "evidence": evidence, "source": source, "pointer": pointer,
            "candidates": candidates}
    return check_field_value(item, schema, request, "/intents/0/fields/0")


DAY: dict[str, Any] = {"type": "string", "format": "date"}


@pytest.mark.parametrize(("text", "schema", "value", "evidence", "source", "pointer", "candidates", "raw", "reason"), [
    ("Book a table", DAY, "2026-12-01", "tomorrow night", "input", None, None, {},
     "the evidence 'tomorrow night' is not in the input"),
    ('Rename the event to "Friday drinks"', DAY, "2026-12-04", "Friday", "input", None, None, {},
     "'Friday' stands in a quoted title or message, or is a house number"),
    ("Schedule the dinner for Diwali in two years", DAY, "2028-11-30", "IN TWO YEARS", "input", None, None, {},
     "'in two years' counts from a day named before it, whose date is not known"),
    ("Look it up", {"type": "string"}, "000777", "my order", "context", None, None, {"context": {"a": "000777"}},
     "a context value needs a pointer into the request's context"),
    ("Look it up", {"type": "string"}, "000777", "my order", "baseline", "/a", None, {},
     "a baseline value needs a pointer into the request's baseline"),
    ("Look it up", {"type": "string"}, "000777", "my order", "context", "/nope", None, {"context": {"a": "000777"}},
     "'/nope' does not resolve in the request's context"),
    ("Book it tomorrow", DAY, None, "TOMORROW", "input", None, ["2026-12-09", "2026-12-10"], {},
     "none of the candidates can be read from 'tomorrow'"),
    ("Book it tomorrow", DAY, "2026-12-09", "tomorrow", "input", None, None, {},
     "\"2026-12-09\" cannot be read from 'tomorrow'"),
    # read alone "Sunday" is a day; where it stands it is part of a date the grammar does not read
    ("Remind me Sunday, March, 6th 2016", DAY, "2026-12-06", "Sunday", "input", None, None, {},
     "'Sunday' is part of a longer phrase of the input that is not read"),
    # cut out of "Aug 9, 96" the quote means 1996's day, not the next Aug 9
    # cut out of "1.5k" the quote means 1500, not 1.5
    ("Budget 1.5k for the trip", {"type": "number"}, 1.5, "1.5", "input", None, None, {},
     "1.5 is not what '1.5k', the number '1.5' is part of, means"),
    # a number running into a scale that is not read gives no value
    ("Raise about 5 mil", {"type": "number"}, 5, "5", "input", None, None, {},
     "'5' is part of a longer number of the input that is not read"),
    ("Call me Aug 9, 96", DAY, "2027-08-09", "Aug 9", "input", None, None, {},
     "\"2027-08-09\" is not what 'Aug 9, 96', the phrase 'Aug 9' is part of, means"),
])  # fmt: skip
def test_a_refused_value_says_why_and_cites_nothing(text: str, schema: dict[str, Any], value: Any, evidence: str,
                                                   source: str, pointer: str | None, candidates: list[Any] | None,
                                                   raw: dict[str, Any], reason: str) -> None:
    from intent.resolve import CheckedValue

    checked = _check_value(text, schema, value, evidence, source, pointer, candidates, **raw)
    # the refusal keeps the input's own spelling of a quote it found there
    quoted = text[text.lower().index(evidence.lower()):][:len(evidence)] if evidence.isupper() else evidence
    assert checked == CheckedValue("f", "ungrounded", value, [], quoted, reason=reason)


def test_a_context_value_in_words_is_read_like_a_quote() -> None:
    # a date written in words in the context ("tomorrow") grounds the day it names at the reference time
    checked = _check_value("Use the deadline", DAY, "2026-12-01", "tomorrow", "context", "/due",
                           context={"due": "tomorrow"})
    assert (checked.status, checked.value, checked.evidence) == ("inferred", "2026-12-01", "tomorrow")
    refused = _check_value("Use the deadline", DAY, "2026-12-02", "tomorrow", "context", "/due",
                           context={"due": "tomorrow"})
    assert refused.status == "ungrounded"


def test_a_baseline_pointer_reads_the_previous_result_as_the_wire_spells_it() -> None:
    # pointers are written against the JSON a caller holds: a relation's end is "from", not the model's "from_"
    from intent.result.models import SourceRef

    baseline = {"schemaVersion": "2.0-draft.6", "coverage": "complete", "scope": "conversation", "intents": [],
                "constraints": [], "unresolved": [],
                "relations": [{"id": "relation-1", "kind": "sequence", "from": "intent-1", "to": "intent-2"}]}
    checked = _check_value("Do that first", {"type": "string"}, "intent-1", "that", "baseline",
                           "/relations/0/from", baseline=baseline)
    assert (checked.status, checked.value, checked.source_refs) == (
        "found", "intent-1", [SourceRef(root="baseline", pointer="/relations/0/from")])


@pytest.mark.parametrize(("cited", "value", "schema", "status"), [
    (1, True, {"type": "boolean"}, "ungrounded"),  # a flag is not the number 1
    (True, True, {"type": "boolean"}, "found"),
    (1, 1.0, {"type": "number"}, "found"),  # one number, two spellings
    (1, "1.0", {"type": "string"}, "ungrounded"),  # a number is not the text of another spelling of it
])  # fmt: skip
def test_a_context_value_is_found_only_when_it_is_the_cited_one(cited: Any, value: Any, schema: dict[str, Any],
                                                                status: str) -> None:
    from intent.result.models import SourceRef

    checked = _check_value("Use it", schema, value, "it", "context", "/a", context={"a": cited})
    assert checked.status == status
    if status == "found":
        assert checked.source_refs == [SourceRef(root="context", pointer="/a")]
        assert (checked.value, checked.evidence) == (value, "1" if cited == 1 and cited is not True else "true")
