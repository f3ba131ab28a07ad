"""What the built-in recognizer makes of the words for the chosen tool's fields, through ``Intent.parse`` with
the Petstore catalog bound and through ``plan_call``: a call runs only as far as the words allow.

- a value stated for a field that its tool's enum does not allow is not dropped: it is asked about;
- alternatives for one argument ("pet 12 or pet 13") are a choice to ask about, not the first one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog import CatalogBinding, PlannedCall, Refusal, plan_call
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
