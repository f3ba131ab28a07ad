"""What the built-in recognizer makes of the words for the chosen tool's fields, through ``Intent.parse`` with
the Petstore catalog bound and through ``plan_call``: a call runs only as far as the words allow.

- a value stated for a field that its tool's enum does not allow is not dropped: it is asked about;
- alternatives for one argument ("pet 12 or pet 13") are a choice to ask about, not the first one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog import CatalogBinding, PlannedCall, Refusal, plan_call, plan_calls
from catalog.documents import load_document
from intent import Intent, IntentConfig, IntentResult

DATA = Path(__file__).parent / "data" / "catalog"
PET_STATUS = "Which status values that need to be considered for filter: available, pending or sold?"
ORDER_STATUS = "Which order Status: placed, approved or delivered?"


@pytest.fixture(scope="module")
def petstore() -> CatalogBinding:
    return CatalogBinding.from_document(load_document(DATA / "petstore.yaml"))


async def recognize(binding: CatalogBinding, text: str) -> IntentResult:
    return await Intent(IntentConfig(catalog=binding)).parse({"input": text, "output": {"spans": True}})


def refused(outcome: PlannedCall | Refusal, code: str) -> Refusal:
    assert isinstance(outcome, Refusal), outcome
    assert outcome.code == code, outcome
    return outcome


def planned(outcome: PlannedCall | Refusal) -> PlannedCall:
    assert isinstance(outcome, PlannedCall), outcome
    return outcome


# --- a value outside the tool's enum ------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(("text", "word"), [
    ("Find pets with status adopted", "adopted"),
    ("Find pets with status shipped", "shipped"),
    ("Find pets whose status is adopted", "adopted"),
    ("Find pets with a status of 'adopted'", "adopted"),
    ("Find pets with status: shipped", "shipped"),
    # One stated value is not allowed: the search does not run with the other one alone.
    ("Find pets with status adopted or sold", "adopted"),
    # A negated value is none the one-value filter takes: neither "sold" nor no filter at all.
    ("Find pets with status other than sold", "other than sold"),
    ("Find pets whose status is not sold", "not sold"),
])
async def test_a_status_outside_the_tools_enum_is_asked_about(
    petstore: CatalogBinding, text: str, word: str
) -> None:
    result = await recognize(petstore, text)
    (node,) = result.effective.intents
    assert node.domain == "find_pets_by_status" and "status" not in node.inputs
    assert result.status == "partial"
    status = next(item for item in result.fieldResults if item.field == "status")
    assert (status.status, status.value) == ("invalid", word)
    (item,) = result.effective.unresolved
    assert (item.kind, item.intentId, item.field, item.question) == ("missing_field", node.id, "status", PET_STATUS)
    assert any(issue.code == "FIELD_INVALID" for issue in result.issues)
    refusal = refused(plan_call(result, petstore), "ARGUMENT_INVALID")
    assert (refusal.tool, refusal.argument, refusal.pointer, refusal.question) == (
        "find_pets_by_status", "status", "/status", PET_STATUS)
    assert word not in refusal.message  # values never reach messages
    # Through the JSON a server keeps, the same refusal.
    assert refused(plan_call(result.to_dict(), petstore), "ARGUMENT_INVALID").question == PET_STATUS


@pytest.mark.anyio
async def test_an_order_status_outside_the_orders_own_enum_is_asked_about(petstore: CatalogBinding) -> None:
    result = await recognize(petstore, "Place an order for pet 7, quantity 2, status sold")
    (node,) = result.effective.intents
    assert node.domain == "place_order" and node.inputs == {"petId": 7, "quantity": 2}
    (item,) = result.effective.unresolved
    assert (item.field, item.question) == ("status", ORDER_STATUS)
    refusal = refused(plan_call(result, petstore), "ARGUMENT_INVALID")
    assert (refusal.argument, refusal.pointer, refusal.question) == ("body", "/body/status", ORDER_STATUS)


@pytest.mark.anyio
@pytest.mark.parametrize(("text", "arguments"), [
    ("Find pets with status sold", {"status": "sold"}),
    ("Find pets whose status is pending", {"status": "pending"}),
    ("Find pets with status Available", {"status": "available"}),
    ("Find pets with status available, not sold", {"status": "available"}),
    ("Find pets by status", {}),                       # the field named, no value: nothing to ask
    ("Find pets by status please", {}),
    ("Place an order for pet 7, quantity 2", {"body": {"petId": 7, "quantity": 2}}),
    ("Place an order for pet 7, quantity 2, status approved",
     {"body": {"petId": 7, "quantity": 2, "status": "approved"}}),
])
async def test_allowed_values_and_requests_without_the_field_still_plan(
    petstore: CatalogBinding, text: str, arguments: dict[str, object]
) -> None:
    result = await recognize(petstore, text)
    assert result.status == "complete" and not result.effective.unresolved
    assert planned(plan_call(result, petstore)).arguments == arguments


@pytest.mark.anyio
async def test_without_a_catalog_an_unknown_value_is_left_as_before() -> None:
    schema = {"type": "object", "properties": {"status": {"type": "string", "enum": ["available", "pending", "sold"]}}}
    async with Intent(IntentConfig(schema=schema)) as instance:
        result = await instance.parse("Find pets with status adopted")
    status = next(item for item in result.fieldResults if item.field == "status")
    assert status.status == "missing" and not result.effective.unresolved
    assert not any(issue.code == "FIELD_INVALID" for issue in result.issues)


# --- alternatives for one argument ----------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(("text", "candidates"), [
    ("Delete pet 12 or pet 13", [12, 13]),
    ("Delete pet 12 or 13", [12, 13]),
    ("Delete pet 12 or maybe pet 13 or 14", [12, 13, 14]),
    ("Delete pet 12, 13 or 14", [12, 13, 14]),
    ("Delete pet 12, 13.", [12, 13]),
    # Two values for an argument that takes one: one call cannot do it, and pet 12 alone is not asked for.
    ("Delete pet 12 and pet 13", [12, 13]),
])
async def test_alternatives_for_one_argument_are_a_choice(
    petstore: CatalogBinding, text: str, candidates: list[int]
) -> None:
    result = await recognize(petstore, text)
    (node,) = result.effective.intents
    assert node.domain == "delete_pet" and "petId" not in node.inputs
    assert result.status == "ambiguous"
    (item,) = result.effective.unresolved
    assert (item.kind, item.intentId, item.field, item.candidates) == ("ambiguous_field", node.id, "petId", candidates)
    refusal = refused(plan_call(result, petstore), "RESULT_AMBIGUOUS")
    assert (refusal.tool, refusal.argument, refusal.question) == ("delete_pet", "petId", item.question)
    assert [outcome.to_dict().get("code") for outcome in plan_calls(result.to_dict(), petstore)] == [
        "RESULT_AMBIGUOUS"]


@pytest.mark.anyio
async def test_alternatives_inside_a_flattened_body_are_a_choice(petstore: CatalogBinding) -> None:
    result = await recognize(petstore, "Place an order for pet 7 or 8, quantity 2")
    (node,) = result.effective.intents
    assert node.inputs == {"quantity": 2}
    (item,) = result.effective.unresolved
    assert (item.field, item.candidates) == ("petId", [7, 8])
    assert refused(plan_call(result, petstore), "RESULT_AMBIGUOUS").argument == "body"


@pytest.mark.anyio
async def test_alternative_identifiers_of_a_tool_node_are_a_choice() -> None:
    orders = CatalogBinding.from_document({
        "schemas": {"OrderId": {"type": "string", "pattern": "^[0-9]{6}$"}},
        "nodes": [{"id": "order.cancel", "summary": "Cancel an order", "annotations": {"destructiveHint": True},
                   "io": {"inputs": [{"name": "orderId", "schema": "OrderId", "required": True,
                                      "arg": {"positional": 0}}]},
                   "invoke": {"shell": {"command": ["rm", "--"]}}}],
    })
    result = await recognize(orders, "Cancel order 000123 or order 000124")
    assert result.effective.unresolved[0].candidates == ["000123", "000124"]
    refused(plan_call(result, orders), "RESULT_AMBIGUOUS")
    single = await recognize(orders, "Cancel order 000123")
    assert planned(plan_call(single, orders)).arguments == {"orderId": "000123"}


@pytest.mark.anyio
@pytest.mark.parametrize(("text", "body"), [
    ("Place an order for pet 7 and quantity 2", {"petId": 7, "quantity": 2}),   # "and" joins two fields
    ("Place an order for pet 7, quantity 2", {"petId": 7, "quantity": 2}),
    ("Place an order for pet 7, 2 of them", {"petId": 7}),                     # a comma alone joins nothing
])
async def test_values_of_different_fields_are_no_choice(
    petstore: CatalogBinding, text: str, body: dict[str, int]
) -> None:
    result = await recognize(petstore, text)
    assert not result.effective.unresolved
    assert planned(plan_call(result, petstore)).arguments == {"body": body}


@pytest.mark.anyio
async def test_two_intents_each_with_its_own_value_still_plan(petstore: CatalogBinding) -> None:
    result = await recognize(petstore, "Show me pet 5 and then delete pet 12")
    assert result.status == "complete" and not result.effective.unresolved
    plans = [planned(outcome) for outcome in plan_calls(result, petstore)]
    assert [(plan.tool, plan.arguments) for plan in plans] == [
        ("get_pet_by_id", {"petId": 5}), ("delete_pet", {"petId": 12})]
    single = await recognize(petstore, "Delete pet 12")
    assert planned(plan_call(single, petstore)).arguments == {"petId": 12}


# --- answering the question in a follow-up turn -----------------------------------------------------------


async def converse(binding: CatalogBinding, *turns: str) -> list[IntentResult]:
    results: list[IntentResult] = []
    async with Intent(IntentConfig(catalog=binding)) as instance:
        for text in turns:
            request: dict[str, object] = {"input": text, "output": {"spans": True}}
            if results:
                request["baseline"] = results[-1].effective.model_dump(mode="json", by_alias=True)
            results.append(await instance.parse(request))
    return results


@pytest.mark.anyio
@pytest.mark.parametrize("answer", ["pet 12", "12", "It's pet 12", "Pet id 12 please"])
async def test_an_answer_fills_the_asked_argument(petstore: CatalogBinding, answer: str) -> None:
    asked, answered = await converse(petstore, "Delete the pet", answer)
    refused(plan_call(asked, petstore), "ARGUMENT_MISSING")
    assert answered.turn.kind == "answer" and answered.turn.intentIds == ["intent-1"]
    (node,) = answered.effective.intents  # no look-up intent started
    assert (node.domain, node.inputs) == ("delete_pet", {"petId": 12})
    plan = planned(plan_call(answered, petstore))
    assert (plan.intent_id, plan.tool, plan.arguments) == ("intent-1", "delete_pet", {"petId": 12})
    (evidence,) = plan.evidence
    assert evidence.quotes == ("12",) and answer[slice(*evidence.spans[0])] == "12"
    assert plan.confirmation is not None and plan.confirmation.reason == "destructive"


@pytest.mark.anyio
async def test_a_request_after_the_question_is_still_a_request(petstore: CatalogBinding) -> None:
    _, shown, answered = await converse(petstore, "Delete the pet", "Show me pet 5", "pet 12")
    assert [(node.domain, node.inputs) for node in shown.effective.intents] == [
        ("delete_pet", {}), ("get_pet_by_id", {"petId": 5})]
    # The delete's question stays open while the look-up is planned.
    assert [(item.intentId, item.field) for item in shown.effective.unresolved] == [("intent-1", "petId")]
    assert planned(plan_call(shown, petstore)).tool == "get_pet_by_id"
    refused(plan_call(shown, petstore, intent_id="intent-1"), "ARGUMENT_MISSING")
    assert planned(plan_call(answered, petstore)).arguments == {"petId": 12}


@pytest.mark.anyio
async def test_a_choice_and_a_value_outside_the_enum_are_answered(petstore: CatalogBinding) -> None:
    _, chosen = await converse(petstore, "Delete pet 12 or pet 13", "13")
    assert planned(plan_call(chosen, petstore)).arguments == {"petId": 13}
    _, status = await converse(petstore, "Find pets with status adopted", "sold")
    assert status.turn.kind == "answer" and not status.effective.unresolved
    assert planned(plan_call(status, petstore)).arguments == {"status": "sold"}


@pytest.mark.anyio
async def test_a_value_outside_the_enum_stays_asked_until_answered(petstore: CatalogBinding) -> None:
    _, other, again = await converse(petstore, "Find pets with status adopted", "Show me pet 5", "adopted")
    for result in (other, again):
        assert [(item.intentId, item.field, item.question) for item in result.effective.unresolved] == [
            ("intent-1", "status", PET_STATUS)]
        assert result.status == "partial"
        # The value itself was in an earlier turn: this turn's refusal is the open question.
        refusal = refused(plan_call(result, petstore, intent_id="intent-1"), "ARGUMENT_MISSING")
        assert (refusal.argument, refusal.question) == ("status", PET_STATUS)


@pytest.mark.anyio
@pytest.mark.parametrize("correction", ["Actually, quantity 3", "Actually, 3"])
async def test_a_correction_of_another_request_does_not_answer_the_question(
    petstore: CatalogBinding, correction: str
) -> None:
    _, corrected = await converse(petstore, "Delete the pet. Place an order for quantity 2.", correction)
    delete = next(node for node in corrected.effective.intents if node.domain == "delete_pet")
    assert "petId" not in delete.inputs
    refused(plan_call(corrected, petstore, intent_id=delete.id), "ARGUMENT_MISSING")
