"""Catalog-grounded recognition end to end: a catalog configured on an instance, called through intent_parse."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, create_server
from catalog.recognition import CatalogBinding
from intent import Intent, IntentConfig, ScriptedExecutor
from tests.candidates import candidate, constraint, intent

REQUEST = "Look up order 000123. Do not cancel the order."

SHOP: dict[str, Any] = {
    "name": "shop",
    "version": "1.0.0",
    "operations": [
        {"intent": "order.get", "entity": "order", "action_type": "read", "description": "Look up an order",
         "idempotent": True, "required_parameters": [{"name": "order_id", "type": "string"}]},
        {"intent": "order.cancel", "entity": "order", "action_type": "write", "description": "Cancel an order",
         "risk_level": "high", "confirmation_required": True,
         "required_parameters": [{"name": "order_id", "type": "string"}]},
    ],
}


async def parse_through_mcp(config: IntentConfig) -> dict[str, Any]:
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": Intent(config)}))
    async with Client(create_server(adapter), mode="legacy") as client:
        result = await client.call_tool("intent_parse", {"input": REQUEST})
    assert result.is_error is False
    assert isinstance(result.structured_content, dict)
    return result.structured_content


@pytest.mark.anyio
async def test_builtin_recognizer_marks_the_named_tool_forbidden() -> None:
    binding = CatalogBinding.from_document(SHOP)
    result = await parse_through_mcp(IntentConfig(catalog=binding))
    (found,) = result["effective"]["intents"]
    assert found["extensions"]["forbiddenTools"] == ["order_cancel"]
    assert binding.classify(found["action"], found["target"]) == "order_get"
    # the recognizer reads the tool from the task's domain hints, as the catalog would classify it
    assert found["domain"] == "order_get"
    assert found["extensions"]["tool"] == "order_get" and found["extensions"]["action_type"] == "read"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "domain"),
    [("Cancel order 000123.", "order_cancel"), ("Show me my orders.", "order_get"), ("Delete order 5.", None),
     ("Look up the weather.", None)],
)
async def test_builtin_recognizer_classifies_by_the_tools_verbs_and_entities(text: str, domain: str | None) -> None:
    instance = Intent(IntentConfig(catalog=CatalogBinding.from_document(SHOP)))
    task = instance.prepare(text)
    assert set(task["input"]["domainHints"]) == {"order_get", "order_cancel"}
    assert "cancel" in task["input"]["domainHints"]["order_cancel"]["verbs"]
    result = await instance.parse(text)
    assert [i.domain for i in result.effective.intents] == [domain]


@pytest.mark.anyio
async def test_model_task_domain_carries_the_tool_and_its_risk() -> None:
    binding = CatalogBinding.from_document(SHOP)
    reply = candidate(
        intents=[intent("i1", "Look up order 000123", "Look up", "order 000123", domain="order_cancel")],
        constraints=[constraint("prohibition", "Do not cancel the order", "i1")],
    )
    result = await parse_through_mcp(IntentConfig(catalog=binding, executor=ScriptedExecutor([reply])))
    (found,) = result["effective"]["intents"]
    assert found["domain"] == "order_cancel"
    extensions = found["extensions"]
    assert extensions["tool"] == "order_cancel"
    assert extensions["risk_level"] == "high"
    assert extensions["confirmation_required"] is True
    assert extensions["forbiddenTools"] == ["order_cancel"]


@pytest.mark.anyio
async def test_an_intent_mapped_to_a_tool_needs_the_tools_required_inputs() -> None:
    binding = CatalogBinding.from_document(SHOP)
    assert binding.required_for("order_get") == ["order_id"] and binding.required_for("nope") == []
    filled = await Intent(IntentConfig(catalog=binding)).parse("Look up order 000123.")
    assert filled.status == "complete" and filled.effective.intents[0].inputs == {"order_id": "000123"}
    mapped = await Intent(IntentConfig(catalog=binding)).parse("Look up my order.")
    assert mapped.status == "partial"
    [question] = mapped.effective.unresolved
    assert (question.field, question.intentId, question.kind) == ("order_id", "intent-1", "missing_field")
    unmapped = await Intent(IntentConfig(catalog=binding)).parse("Look up the weather.")
    assert unmapped.effective.intents[0].domain is None
    assert unmapped.status == "complete" and unmapped.effective.unresolved == []
