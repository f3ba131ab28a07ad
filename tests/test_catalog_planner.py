"""plan_call / plan_calls: from a verified IntentResult to the catalog call its words allow, or a coded refusal."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson
import pytest

from catalog import REFUSAL_CODES, CatalogBinding, PlannedCall, Refusal, plan_call, plan_calls
from catalog.confirmation import confirmation_reason
from catalog.documents import load_document
from intent import Intent, IntentConfig, IntentResult, ScriptedExecutor
from intent.errors import IntentError
from tests.candidates import candidate, constraint, field, intent

DATA = Path(__file__).parent / "data" / "catalog"

SHOP: dict[str, Any] = {
    "name": "shop",
    "version": "1.0.0",
    "operations": [
        {"intent": "order.get", "entity": "order", "action_type": "read", "description": "Look up an order",
         "idempotent": True,
         "required_parameters": [{"name": "order_id", "type": "string", "description": "The order number"}]},
        {"intent": "order.cancel", "entity": "order", "action_type": "write", "description": "Cancel an order",
         "risk_level": "high", "confirmation_required": True,
         "required_parameters": [{"name": "order_id", "type": "string", "description": "The order number"}]},
        {"intent": "payment.refund", "entity": "payment", "action_type": "write", "description": "Refund a payment",
         "risk_level": "critical", "required_parameters": [{"name": "payment_id", "type": "string"}]},
        {"intent": "cart.share", "entity": "cart", "action_type": "write", "description": "Share a cart",
         "confirmation_required": True, "required_parameters": [{"name": "cart_id", "type": "string"}]},
    ],
}


@pytest.fixture(scope="module")
def petstore() -> CatalogBinding:
    return CatalogBinding.from_document(load_document(DATA / "petstore.yaml"))


@pytest.fixture(scope="module")
def shop() -> CatalogBinding:
    return CatalogBinding.from_document(SHOP)


async def recognize(binding: CatalogBinding, text: str, reply: str | None = None, **config: Any) -> IntentResult:
    executor = ScriptedExecutor([reply]) if reply is not None else None
    settings = IntentConfig(catalog=binding, **config) if executor is None else IntentConfig(
        catalog=binding, executor=executor, **config)
    return await Intent(settings).parse({"input": text, "output": {"spans": True}})


def planned(outcome: PlannedCall | Refusal) -> PlannedCall:
    assert isinstance(outcome, PlannedCall), outcome
    return outcome


def refused(outcome: PlannedCall | Refusal, code: str) -> Refusal:
    assert isinstance(outcome, Refusal), outcome
    assert outcome.code == code, outcome
    return outcome


# --- the example sentences through the built-in recognizer ------------------------------------------


@pytest.mark.anyio
async def test_find_pets_with_status_sold_and_a_prohibition(petstore: CatalogBinding) -> None:
    text = "Find pets with status sold. Do not delete any pet."
    result = await recognize(petstore, text)
    plan = planned(plan_call(result, petstore))
    assert (plan.tool, plan.arguments, plan.confirmation) == ("find_pets_by_status", {"status": "sold"}, None)
    (evidence,) = plan.evidence
    assert (evidence.argument, evidence.quotes, evidence.spans) == ("status", ("sold",), ((22, 26),))
    assert text[22:26] == "sold"
    # The prohibition is on the intent, and would refuse the delete tool.
    assert result.effective.intents[0].extensions["forbiddenTools"] == ["delete_pet"]


@pytest.mark.anyio
async def test_delete_pet_12_needs_confirmation(petstore: CatalogBinding) -> None:
    plan = planned(plan_call(await recognize(petstore, "Delete pet 12"), petstore))
    assert (plan.tool, plan.arguments) == ("delete_pet", {"petId": 12})
    assert plan.confirmation is not None and plan.confirmation.reason == "destructive"
    assert plan.confirmation.prompt == ("Delete pet 12 (delete_pet, petId=12)? This cannot be undone. "
                                        "Call intent_execute again with confirm: true to run it.")


@pytest.mark.anyio
async def test_place_an_order_fills_the_request_body(petstore: CatalogBinding) -> None:
    text = "Place an order for pet 7, quantity 2"
    plan = planned(plan_call(await recognize(petstore, text), petstore))
    assert (plan.tool, plan.arguments, plan.confirmation) == ("place_order", {"body": {"petId": 7, "quantity": 2}},
                                                              None)
    traced = [(item.argument, item.path, item.field, item.value, item.quotes) for item in plan.evidence]
    assert traced == [("body", "/petId", "petId", 7, ("7",)), ("body", "/quantity", "quantity", 2, ("2",))]
    assert [text[start:end] for item in plan.evidence for start, end in item.spans] == ["7", "2"]


@pytest.mark.anyio
async def test_look_up_order_with_a_prohibition_plans_the_lookup(shop: CatalogBinding,
                                                                  petstore: CatalogBinding) -> None:
    text = "Look up order 000123. Do not cancel the order."
    plan = planned(plan_call(await recognize(shop, text), shop))
    assert (plan.tool, plan.arguments, plan.confirmation) == ("order_get", {"order_id": "000123"}, None)
    assert plan.evidence[0].quotes == ("000123",)
    # Petstore's order id is an integer: the same words give the number.
    plan = planned(plan_call(await recognize(petstore, text), petstore))
    assert (plan.tool, plan.arguments) == ("get_order_by_id", {"orderId": 123})


@pytest.mark.anyio
async def test_cancel_order_asks_for_confirmation_and_never_runs_a_lookup(shop: CatalogBinding,
                                                                          petstore: CatalogBinding) -> None:
    plan = planned(plan_call(await recognize(shop, "Cancel order 000123"), shop))
    assert (plan.tool, plan.arguments) == ("order_cancel", {"order_id": "000123"})
    assert plan.confirmation is not None and plan.confirmation.reason == "high_risk"
    assert plan.confirmation.prompt.startswith('Cancel order 000123 (order_cancel, order_id="000123")? ')
    # Petstore has no cancel operation; the recognizer's lookup tool is not what "Cancel" asks for.
    refusal = refused(plan_call(await recognize(petstore, "Cancel order 000123"), petstore), "NO_TOOL")
    assert refusal.tool == "get_order_by_id" and "'Cancel'" in refusal.message


@pytest.mark.anyio
async def test_several_requests_plan_in_order(petstore: CatalogBinding) -> None:
    result = await recognize(petstore, "Show me pet 5 and then delete pet 12.")
    plans = [planned(item) for item in plan_calls(result, petstore)]
    assert [(p.intent_id, p.tool, p.arguments) for p in plans] == [
        ("intent-1", "get_pet_by_id", {"petId": 5}), ("intent-2", "delete_pet", {"petId": 12})]
    assert plans[0].confirmation is None and plans[1].confirmation is not None
    assert plans[1].confirmation.prompt.startswith("Delete pet 12 (delete_pet, petId=12)?")
    # Several intents and no id: the person is asked which.
    refusal = refused(plan_call(result, petstore), "INTENT_UNKNOWN")
    assert refusal.question == "Which should run: 'Show pet 5' (intent-1) or 'delete pet 12' (intent-2)?"
    assert planned(plan_call(result, petstore, intent_id="intent-2")).tool == "delete_pet"


# --- refusals ------------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_a_prohibition_forbids_the_only_matching_tool(petstore: CatalogBinding, shop: CatalogBinding) -> None:
    refusal = refused(plan_call(await recognize(petstore, "Delete pet 12. Do not delete any pet."), petstore),
                      "TOOL_FORBIDDEN")
    assert refusal.tool == "delete_pet" and "'Do not delete any pet'" in refusal.message
    refusal = refused(plan_call(await recognize(shop, "Cancel order 000123. Do not cancel the order."), shop),
                      "TOOL_FORBIDDEN")
    assert refusal.tool == "order_cancel"


@pytest.mark.anyio
async def test_an_intent_left_without_a_tool_is_forbidden_when_its_only_tool_is(shop: CatalogBinding) -> None:
    # A model left the domain open; the only tool "cancel order" matches is the forbidden one.
    reply = candidate(intents=[intent("i1", "Cancel order 000123", "Cancel", "order 000123",
                                      fields=[field("order_id", "000123", "000123")])],
                      constraints=[constraint("prohibition", "Do not cancel the order", "i1")])
    result = await recognize(shop, "Cancel order 000123. Do not cancel the order.", reply)
    assert result.effective.intents[0].domain is None
    refusal = refused(plan_call(result, shop), "TOOL_FORBIDDEN")
    assert refusal.tool == "order_cancel" and "only matching tool" in refusal.message


@pytest.mark.anyio
async def test_the_prohibition_is_read_again_against_the_catalog(shop: CatalogBinding) -> None:
    # Recognized without the catalog (no forbiddenTools), scoped to the whole request.
    reply = candidate(intents=[intent("i1", "Cancel order 000123", "Cancel", "order 000123", domain="order_cancel",
                                      fields=[field("order_id", "000123", "000123")])],
                      constraints=[constraint("prohibition", "Never cancel anything")])
    schema = {"type": "object", "properties": {"order_id": {"type": "string"}}}
    result = await Intent(IntentConfig(schema=schema, domains=["order_cancel"], executor=ScriptedExecutor([reply]))
                          ).parse("Cancel order 000123. Never cancel anything.")
    assert "forbiddenTools" not in result.effective.intents[0].extensions
    assert result.effective.constraints[0].scope.type == "request"
    refused(plan_call(result.to_dict(), shop), "TOOL_FORBIDDEN")


@pytest.mark.anyio
async def test_no_tool(petstore: CatalogBinding, shop: CatalogBinding) -> None:
    refusal = refused(plan_call(await recognize(petstore, "Walk the dog"), petstore), "NO_TOOL")
    assert refusal.intent_id == "intent-1" and refusal.tool is None
    # A domain recognized against another catalog is no tool of this one.
    refusal = refused(plan_call(await recognize(shop, "Look up order 000123"), petstore), "NO_TOOL")
    assert "'order_get'" in refusal.message


@pytest.mark.anyio
async def test_missing_argument_asks_for_it(petstore: CatalogBinding) -> None:
    refusal = refused(plan_call(await recognize(petstore, "Delete the pet"), petstore), "ARGUMENT_MISSING")
    assert (refusal.tool, refusal.argument) == ("delete_pet", "petId")
    assert refusal.question == "What is the pet id to delete?"


@pytest.mark.anyio
async def test_missing_argument_without_the_verifiers_question(petstore: CatalogBinding) -> None:
    # Recognized without the catalog's required inputs: the planner still finds the gap.
    reply = candidate(intents=[intent("i1", "Delete the pet", "Delete", "the pet", domain="delete_pet")])
    schema = {"type": "object", "properties": {"petId": {"type": "integer"}}}
    result = await Intent(IntentConfig(schema=schema, domains=["delete_pet"], executor=ScriptedExecutor([reply]))
                          ).parse("Delete the pet")
    assert result.status == "complete"
    refusal = refused(plan_call(result, petstore), "ARGUMENT_MISSING")
    assert refusal.argument == "petId" and refusal.question == "What is the pet id to delete?"


@pytest.mark.anyio
async def test_a_body_missing_its_required_property_is_refused() -> None:
    binding = CatalogBinding.from_document(load_document(DATA / "petstore.yaml"))
    reply = candidate(intents=[intent("i1", "Add a pet called Rex", "Add", "a pet called Rex", domain="add_pet",
                                      fields=[field("name", "Rex", "Rex")])])
    refusal = refused(plan_call(await recognize(binding, "Add a pet called Rex", reply), binding),
                      "ARGUMENT_MISSING")
    assert (refusal.argument, refusal.question) == ("body", "What is the photoUrls?")


@pytest.mark.anyio
async def test_an_ungrounded_value_is_refused(petstore: CatalogBinding) -> None:
    wire = (await recognize(petstore, "Delete pet 12")).to_dict()
    assert planned(plan_call(wire, petstore)).arguments == {"petId": 12}
    forged = copy.deepcopy(wire)
    forged["effective"]["intents"][0]["inputs"]["petId"] = 13  # no field result holds 13
    refusal = refused(plan_call(forged, petstore), "ARGUMENT_UNGROUNDED")
    assert (refusal.tool, refusal.argument) == ("delete_pet", "petId")
    assert "13" not in refusal.message  # values never reach messages
    unsourced = copy.deepcopy(wire)
    next(item for item in unsourced["fieldResults"] if item["field"] == "petId")["sourceRefs"] = []
    refused(plan_call(unsourced, petstore), "ARGUMENT_UNGROUNDED")
    outside = copy.deepcopy(wire)
    next(item for item in outside["fieldResults"] if item["field"] == "petId")["sourceRefs"][0]["end"] = 99
    refused(plan_call(outside, petstore), "ARGUMENT_UNGROUNDED")


@pytest.mark.anyio
async def test_a_value_the_verifier_found_invalid_is_not_left_out(petstore: CatalogBinding) -> None:
    text = "Place an order for pet 7 with status sold"
    reply = candidate(intents=[intent("i1", "Place an order for pet 7", "Place", "an order for pet 7",
                                      domain="place_order",
                                      fields=[field("petId", 7, "7"), field("status", "sold", "sold")])])
    refusal = refused(plan_call(await recognize(petstore, text, reply), petstore), "ARGUMENT_INVALID")
    assert (refusal.argument, refusal.pointer) == ("body", "/body/status")
    assert refusal.question == "Which order Status: placed, approved or delivered?"


@pytest.mark.anyio
async def test_arguments_are_validated_against_the_tools_input_schema(petstore: CatalogBinding) -> None:
    # Recognized when the catalog still allowed "sold"; planned against the catalog as it is now.
    result = await recognize(petstore, "Find pets with status sold")
    document = load_document(DATA / "petstore.yaml")
    changed = CatalogBinding.from_tools([
        {**tool, "inputSchema": {"type": "object", "properties": {
            "status": {"type": "string", "enum": ["available", "pending"]}}}}
        if tool["name"] == "find_pets_by_status" else tool
        for tool in _manifest_tools(document)
    ])
    refusal = refused(plan_call(result, changed), "ARGUMENT_INVALID")
    assert (refusal.argument, refusal.pointer) == ("status", "/status")
    assert "available, pending" in refusal.message and "sold" not in refusal.message
    assert refusal.question == "Which status: available or pending?"


@pytest.mark.anyio
async def test_an_ambiguous_intent_asks_which_reading(shop: CatalogBinding) -> None:
    reply = candidate(intents=[intent("i1", "Cancel order 000123", "Cancel", "order 000123", domain="order_cancel",
                                      understanding="ambiguous", readings=["cancel the order", "cancel the payment"],
                                      fields=[field("order_id", "000123", "000123")])])
    result = await recognize(shop, "Cancel order 000123", reply)
    assert result.status == "ambiguous"
    refusal = refused(plan_call(result, shop), "RESULT_AMBIGUOUS")
    assert refusal.question == "Which did you mean: cancel the order or cancel the payment?"


@pytest.mark.anyio
async def test_an_ambiguous_field_asks_which_value(shop: CatalogBinding) -> None:
    reply = candidate(intents=[intent("i1", "Cancel order 000123", "Cancel", "order 000123", domain="order_cancel",
                                      fields=[field("order_id", None, "000123 or 000124",
                                                    candidates=["000123", "000124"])])])
    result = await recognize(shop, "Cancel order 000123 or 000124", reply)
    refusal = refused(plan_call(result, shop), "RESULT_AMBIGUOUS")
    assert refusal.argument == "order_id" and refusal.question == "Which order number did you mean?"


@pytest.mark.anyio
async def test_a_missing_field_of_the_configured_schema_is_an_incomplete_result(shop: CatalogBinding) -> None:
    schema = {"type": "object", "properties": {"ticket": {"type": "string", "description": "The ticket number"}},
              "required": ["ticket"]}
    result = await recognize(shop, "Look up order 000123", schema=schema)
    assert result.status == "partial"
    refusal = refused(plan_call(result, shop), "RESULT_INCOMPLETE")
    assert refusal.question == "What is the ticket number?"


@pytest.mark.anyio
async def test_an_open_question_of_the_request_blocks_every_intent(shop: CatalogBinding) -> None:
    wire = (await recognize(shop, "Look up order 000123")).to_dict()
    wire["status"] = "ambiguous"
    wire["effective"]["unresolved"] = [{"id": "unresolved-1", "kind": "ambiguous_intent", "intentId": None,
                                        "question": "Which shop did you mean?"}]
    refusal = refused(plan_call(wire, shop), "UNRESOLVED_ITEMS")
    assert refusal.question == "Which shop did you mean?"
    # A question about another intent does not block this one.
    wire["effective"]["unresolved"][0]["intentId"] = "intent-9"
    assert planned(plan_call(wire, shop)).tool == "order_get"


@pytest.mark.anyio
async def test_unknown_intents(shop: CatalogBinding) -> None:
    result = await recognize(shop, "Look up order 000123")
    refusal = refused(plan_call(result, shop, intent_id="intent-7"), "INTENT_UNKNOWN")
    assert "intent-1" in refusal.message
    empty = await recognize(shop, "Hello there")
    assert empty.status == "no_intent"
    refused(plan_call(empty, shop), "INTENT_UNKNOWN")
    assert plan_calls(empty, shop) == []
    with pytest.raises(IntentError) as caught:
        plan_call({"status": "complete"}, shop)
    assert caught.value.code == "INPUT_INVALID"
    with pytest.raises(IntentError):
        plan_call("not a result", shop)  # type: ignore[arg-type]


# --- order, dependencies, confirmation, evidence ---------------------------------------------------------


@pytest.mark.anyio
async def test_sequence_relations_order_the_plans_and_dependencies_are_named(shop: CatalogBinding) -> None:
    text = "Look up order 000123 and cancel it, after refunding payment 9"
    reply = candidate(
        intents=[
            intent("i1", "Look up order 000123", "Look up", "order 000123", domain="order_get",
                   fields=[field("order_id", "000123", "000123")]),
            intent("i2", "cancel it", "cancel", "it", domain="order_cancel",
                   references=[{"text": "it", "refersTo": "i1"}], fields=[field("order_id", "000123", "000123")]),
            intent("i3", "refunding payment 9", "refunding", "payment 9", domain="payment_refund",
                   fields=[field("payment_id", "9", "9")]),
        ],
        relations=[{"kind": "sequence", "from": "i3", "to": "i1"}, {"kind": "dependency", "from": "i1", "to": "i2"}],
    )
    result = await recognize(shop, text, reply)
    plans = [planned(item) for item in plan_calls(result, shop)]
    assert [(p.intent_id, p.tool, p.depends_on) for p in plans] == [
        ("intent-3", "payment_refund", ()), ("intent-1", "order_get", ()), ("intent-2", "order_cancel", ("intent-1",))]
    assert plans[0].confirmation is not None and plans[0].confirmation.reason == "critical_risk"
    assert planned(plan_call(result, shop, intent_id="intent-2")).depends_on == ("intent-1",)


def test_confirmation_reasons() -> None:
    assert confirmation_reason({"destructiveHint": True, "risk_level": "high"}) == "destructive"
    assert confirmation_reason({"action_type": "delete"}) == "destructive"
    assert confirmation_reason({"risk_level": "critical", "confirmation_required": True}) == "critical_risk"
    assert confirmation_reason({"risk_level": "high"}) == "high_risk"
    assert confirmation_reason({"confirmation_required": True, "risk_level": "low"}) == "requires_confirmation"
    assert confirmation_reason({"approval_required": True}) == "requires_confirmation"
    assert confirmation_reason({"destructiveHint": False, "readOnlyHint": True}) is None
    assert confirmation_reason({"risk_level": "medium", "confirmation_required": False}) is None


@pytest.mark.anyio
async def test_a_tool_marked_as_needing_confirmation(shop: CatalogBinding) -> None:
    reply = candidate(intents=[intent("i1", "Share cart 77", "Share", "cart 77", domain="cart_share",
                                      fields=[field("cart_id", "77", "77")])])
    plan = planned(plan_call(await recognize(shop, "Share cart 77", reply), shop))
    assert plan.confirmation is not None and plan.confirmation.reason == "requires_confirmation"


@pytest.mark.anyio
async def test_a_result_without_offsets_plans_with_quotes_left_out(petstore: CatalogBinding) -> None:
    result = await Intent(IntentConfig(catalog=petstore)).parse("Delete pet 12")
    plan = planned(plan_call(result, petstore))
    assert plan.arguments == {"petId": 12} and plan.evidence[0].spans == () and plan.evidence[0].quotes == ()


@pytest.mark.anyio
async def test_context_values_say_where_they_come_from(shop: CatalogBinding) -> None:
    reply = candidate(intents=[intent("i1", "Look up my order", "Look up", "my order", domain="order_get",
                                      fields=[field("order_id", "000123", "000123", source="context",
                                                    pointer="/order")])])
    result = await Intent(IntentConfig(catalog=shop, executor=ScriptedExecutor([reply]))).parse(
        {"input": "Look up my order", "context": {"order": "000123"}})
    (evidence,) = planned(plan_call(result, shop)).evidence
    assert (evidence.value, evidence.basis, evidence.quotes) == ("000123", "context#/order", ())


@pytest.mark.anyio
async def test_plans_and_refusals_are_json_with_camel_case_keys(petstore: CatalogBinding) -> None:
    result = await recognize(petstore, "Place an order for pet 7, quantity 2. Then delete pet 7. Walk the dog.")
    outcomes = plan_calls(result, petstore)
    as_json = orjson.loads(orjson.dumps([item.to_dict() for item in outcomes]))
    assert as_json[0]["intentId"] == "intent-1" and as_json[0]["evidence"][0]["spans"] == [[23, 24]]
    assert as_json[1]["confirmation"]["reason"] == "destructive" and as_json[1]["dependsOn"] == []
    assert as_json[2]["code"] == "NO_TOOL" and set(as_json[2]) == {
        "code", "message", "intentId", "tool", "argument", "question", "pointer"}
    # A dict and the model plan alike.
    assert [item.to_dict() for item in plan_calls(result.to_dict(), petstore)] == [i.to_dict() for i in outcomes]
    assert set(REFUSAL_CODES) >= {as_json[2]["code"]}


@pytest.mark.anyio
async def test_an_axag_manifest_plans_without_an_endpoint(shop: CatalogBinding) -> None:
    # AXAG has no endpoint: planning works and gives what a runtime would be called with.
    plan = planned(plan_call(await recognize(shop, "Look up order 000123"), shop))
    assert shop.tools[plan.tool].source == "axag" and plan.arguments == {"order_id": "000123"}


@pytest.mark.anyio
async def test_a_tool_node_catalog_plans_its_own_fields() -> None:
    tools = CatalogBinding.from_document(load_document(DATA / "linux-tools.json"))
    text = "List the /tmp directory"
    plan = planned(plan_call(await recognize(tools, text), tools))
    assert (plan.tool, plan.arguments, plan.confirmation) == ("files.list", {"directory": "/tmp"}, None)
    assert [(item.quotes, item.spans) for item in plan.evidence] == [(("/tmp",), ((9, 13),))]
    # A directory outside the node's enum is never planned.
    wire = (await recognize(tools, text)).to_dict()
    wire["effective"]["intents"][0]["inputs"]["directory"] = "/home"
    for item in wire["fieldResults"]:
        if item["field"] == "directory":
            item["value"] = "/home"
    refusal = refused(plan_call(wire, tools), "ARGUMENT_INVALID")
    assert refusal.pointer == "/directory" and refusal.question == "Which directory: /, /etc, /usr or /tmp?"


def _manifest_tools(document: Any) -> list[dict[str, Any]]:
    from catalog.openapi import build_mcp_manifest

    return list(build_mcp_manifest(document)["tools"])


@pytest.mark.anyio
async def test_a_follow_up_turn_plans_its_own_intents(petstore: CatalogBinding) -> None:
    instance = Intent(IntentConfig(catalog=petstore))
    first = await instance.parse({"input": "Show me pet 12", "output": {"spans": True}})
    second = await instance.parse({"input": "Also show me pet 5", "baseline": first.to_dict()["effective"],
                                   "output": {"spans": True}})
    assert second.status == "complete"
    # Only this turn's intent is planned again; the earlier one is still plannable by its id.
    assert [(p.intent_id, p.arguments) for p in map(planned, plan_calls(second, petstore))] == [
        ("intent-2", {"petId": 5})]
    (carried,) = planned(plan_call(second, petstore, intent_id="intent-1")).evidence
    assert (carried.value, carried.basis, carried.spans) == (12, "baseline#/intents/0/inputs/petId", ())


@pytest.mark.anyio
async def test_competing_values_are_ambiguous_not_ungrounded(petstore: CatalogBinding) -> None:
    # Recognized without per-tool fields: the two values of petId compete.
    reply = candidate(intents=[
        intent("i1", "Show me pet 5", "Show", "pet 5", domain="get_pet_by_id", fields=[field("petId", 5, "5")]),
        intent("i2", "delete pet 12", "delete", "pet 12", domain="delete_pet", fields=[field("petId", 12, "12")])])
    schema = {"type": "object", "properties": {"petId": {"type": "integer", "description": "The pet id"}}}
    config = IntentConfig(schema=schema, domains=["get_pet_by_id", "delete_pet"], executor=ScriptedExecutor([reply]))
    result = await Intent(config).parse("Show me pet 5 and then delete pet 12.")
    assert result.status == "ambiguous"
    refusal = refused(plan_call(result, petstore, intent_id="intent-2"), "RESULT_AMBIGUOUS")
    assert refusal.argument == "petId" and refusal.question == "Which pet id to delete did you mean?"


@pytest.mark.anyio
async def test_context_fills_only_the_chosen_tools_fields(petstore: CatalogBinding) -> None:
    result = await Intent(IntentConfig(catalog=petstore)).parse(
        {"input": "Delete my pet", "context": {"orderId": 5, "petId": 8}})
    assert result.effective.intents[0].inputs == {"petId": 8}
    assert result.issues == []  # orderId is no input of delete_pet: not offered, so nothing is dropped
    plan = planned(plan_call(result, petstore))
    assert (plan.arguments, plan.evidence[0].basis) == ({"petId": 8}, "context#/petId")


@pytest.mark.anyio
async def test_a_confirmation_prompt_never_shows_a_secret() -> None:
    binding = CatalogBinding.from_tools([{
        "name": "rotate_key", "annotations": {"destructiveHint": True},
        "inputSchema": {"type": "object", "required": ["account", "api_token"], "properties": {
            "account": {"type": "string"}, "api_token": {"type": "string"}}}}])
    text = "Rotate the key of account acme with token s3cr3t-value"
    reply = candidate(intents=[intent("i1", text, "Rotate", "the key of account acme", domain="rotate_key",
                                      fields=[field("account", "acme", "acme"),
                                              field("api_token", "s3cr3t-value", "s3cr3t-value")])])
    plan = planned(plan_call(await recognize(binding, text, reply), binding))
    assert plan.arguments == {"account": "acme", "api_token": "s3cr3t-value"}
    assert plan.confirmation is not None
    assert "account=acme, api_token=***" in plan.confirmation.prompt and "s3cr3t" not in plan.confirmation.prompt
