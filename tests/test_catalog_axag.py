"""AXAG Semantic Manifest -> MCP tools: the reference examples reproduced exactly, and every mapping rule."""

from __future__ import annotations

import copy
from datetime import datetime, timezone
from typing import Any

import pytest

from catalog.axag import generate_tool_registry, project_operation
from intent.errors import IntentError

PRODUCT_SEARCH: dict[str, Any] = {
    "intent": "product.search",
    "entity": "product",
    "action_type": "read",
    "operation_id": "product_search",
    "description": "Search the product catalog",
    "required_parameters": [{"name": "query", "type": "string", "description": "Search query"}],
    "optional_parameters": [{"name": "category", "type": "string", "description": "Category filter"}],
    "risk_level": "none",
    "idempotent": True,
    "scope": "public",
}

CHECKOUT_BEGIN: dict[str, Any] = {
    "intent": "checkout.begin",
    "entity": "order",
    "action_type": "write",
    "description": "Begin checkout for a validated cart",
    "required_parameters": [{"name": "cart_id", "type": "string", "description": "The cart identifier"}],
    "risk_level": "high",
    "idempotent": False,
    "confirmation_required": True,
    "approval_required": False,
    "preconditions": ["cart_validated"],
    "side_effects": ["inventory_locked"],
}


def operation(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"intent": "thing.do", "action_type": "write", "description": "Do a thing"}
    base.update(fields)
    return base


def test_product_search_reproduces_the_reference_tool() -> None:
    expected = {
        "name": "product_search",
        "description": "Search the product catalog",
        "input_schema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Search query"},
                "category": {"type": "string", "description": "Category filter"},
            },
            "required": ["query"],
        },
        "metadata": {
            "action_type": "read",
            "risk_level": "none",
            "idempotent": True,
            "confirmation_required": False,
            "approval_required": False,
            # The mapping table copies scope when present; the short example leaves it out.
            "scope": "public",
            "source_intent": "product.search",
            "source_entity": "product",
        },
    }
    assert project_operation(PRODUCT_SEARCH) == expected


def test_checkout_begin_metadata_matches_the_reference_in_order() -> None:
    metadata = project_operation(CHECKOUT_BEGIN)["metadata"]
    expected = {
        "action_type": "write",
        "risk_level": "high",
        "idempotent": False,
        "confirmation_required": True,
        "approval_required": False,
        "preconditions": ["cart_validated"],
        "side_effects": ["inventory_locked"],
        "source_intent": "checkout.begin",
        "source_entity": "order",
    }
    assert metadata == expected
    assert list(metadata) == list(expected)


def test_required_parameter_becomes_property_and_required_entry() -> None:
    tool = project_operation(
        operation(required_parameters=[{"name": "cart_id", "type": "string", "description": "The cart identifier"}])
    )
    assert tool["input_schema"]["properties"] == {"cart_id": {"type": "string", "description": "The cart identifier"}}
    assert tool["input_schema"]["required"] == ["cart_id"]


def test_min_max_schema_from_reference() -> None:
    tool = project_operation(
        operation(
            required_parameters=[{"name": "query", "type": "string"}],
            optional_parameters=[{"name": "price_max", "type": "number", "min": 0}],
        )
    )
    assert tool["input_schema"] == {
        "type": "object",
        "properties": {"query": {"type": "string"}, "price_max": {"type": "number", "minimum": 0}},
        "required": ["query"],
    }


def test_nested_object_reproduces_the_reference() -> None:
    budget = {
        "name": "budget",
        "type": "object",
        "properties": {
            "amount": {"type": "number", "minimum": 0},
            "currency": {"type": "string", "enum": ["USD", "EUR"]},
        },
    }
    tool = project_operation(operation(required_parameters=[budget]))
    assert tool["input_schema"]["properties"] == {
        "budget": {
            "type": "object",
            "properties": {
                "amount": {"type": "number", "minimum": 0},
                "currency": {"type": "string", "enum": ["USD", "EUR"]},
            },
        }
    }


def test_nested_required_lists_are_copied() -> None:
    shipping = {
        "name": "shipping",
        "type": "object",
        "properties": {
            "address": {
                "type": "object",
                "properties": {"city": {"type": "string"}, "zip": {"type": "string", "pattern": "^[0-9]{5}$"}},
                "required": ["city"],
            },
            "notes": {"type": "string"},
        },
        "required": ["address"],
    }
    schema = project_operation(operation(required_parameters=[shipping]))["input_schema"]["properties"]["shipping"]
    assert schema["properties"] == shipping["properties"]
    assert schema["required"] == ["address"]
    assert schema["properties"]["address"]["required"] == ["city"]


def test_array_items_are_copied_unchanged() -> None:
    tool = project_operation(
        operation(optional_parameters=[{"name": "tags", "type": "array", "items": {"type": "string"}}])
    )
    assert tool["input_schema"]["properties"] == {"tags": {"type": "array", "items": {"type": "string"}}}
    assert tool["input_schema"]["required"] == []


@pytest.mark.parametrize(
    ("intent", "name"),
    [("product.search", "product_search"), ("cart.add_item", "cart_add_item"), ("checkout.begin", "checkout_begin"),
     ("a.b.c", "a_b_c")],
)
def test_name_replaces_every_dot(intent: str, name: str) -> None:
    assert project_operation(operation(intent=intent))["name"] == name


@pytest.mark.parametrize(
    ("given", "expected"),
    [("url", "uri"), ("datetime", "date-time"), ("email", "email"), ("date", "date"), ("uuid", "uuid")],
)
def test_format_mapping(given: str, expected: str) -> None:
    tool = project_operation(operation(required_parameters=[{"name": "x", "type": "string", "format": given}]))
    assert tool["input_schema"]["properties"]["x"]["format"] == expected


def test_listed_keywords_are_copied_and_unlisted_dropped() -> None:
    parameter = {
        "name": "code",
        "type": "string",
        "enum": ["a", "b"],
        "minLength": 1,
        "maxLength": 4,
        "pattern": "^[a-z]+$",
        "default": "a",
        "description": "A code",
        "max": 9,
        "example": "zz",
        "x-internal-note": "dropped",
    }
    schema = project_operation(operation(optional_parameters=[parameter]))["input_schema"]["properties"]["code"]
    assert schema == {
        "type": "string",
        "enum": ["a", "b"],
        "minLength": 1,
        "maxLength": 4,
        "pattern": "^[a-z]+$",
        "default": "a",
        "description": "A code",
        "maximum": 9,
    }


def test_description_is_copied() -> None:
    assert project_operation(operation(description="Refund a payment"))["description"] == "Refund a payment"


def test_defaults_when_safety_fields_are_absent() -> None:
    metadata = project_operation(operation())["metadata"]
    assert metadata["risk_level"] == "none"
    assert metadata["idempotent"] is False
    assert metadata["confirmation_required"] is False
    assert metadata["approval_required"] is False
    assert "source_entity" not in metadata


def test_optional_metadata_copied_only_when_present_and_non_empty() -> None:
    op = operation(
        approval_roles=["manager"],
        scope="tenant",
        tenant_boundary="org",
        required_roles=[],
        side_effects=["email_sent"],
        preconditions=[],
        postconditions=["order_closed"],
        **{"async": True},
    )
    metadata = project_operation(op)["metadata"]
    assert metadata["approval_roles"] == ["manager"]
    assert metadata["scope"] == "tenant"
    assert metadata["tenant_boundary"] == "org"
    assert metadata["side_effects"] == ["email_sent"]
    assert metadata["postconditions"] == ["order_closed"]
    assert metadata["async"] is True
    assert "required_roles" not in metadata
    assert "preconditions" not in metadata
    assert "operation_id" not in metadata
    assert project_operation(operation(scope=""))["metadata"].get("scope") is None


def test_projection_does_not_alias_the_manifest() -> None:
    op = operation(optional_parameters=[{"name": "tags", "type": "array", "items": {"type": "string"}}])
    before = copy.deepcopy(op)
    tool = project_operation(op)
    tool["input_schema"]["properties"]["tags"]["items"]["type"] = "integer"
    assert op == before


def test_registry_wraps_tools() -> None:
    manifest = {"name": "shop", "version": "1.0.0", "operations": [PRODUCT_SEARCH, CHECKOUT_BEGIN]}
    moment = datetime(2026, 11, 30, 10, 0, tzinfo=timezone.utc)
    registry = generate_tool_registry(manifest, now=moment)
    assert registry["source_manifest"] == "shop"
    assert registry["generated_at"] == "2026-11-30T10:00:00Z"
    assert isinstance(registry["schema_version"], str) and registry["schema_version"]
    assert [tool["name"] for tool in registry["tools"]] == ["product_search", "checkout_begin"]


def test_registry_generated_at_is_rfc3339_now() -> None:
    registry = generate_tool_registry({"name": "m", "version": "1", "operations": []})
    parsed = datetime.fromisoformat(registry["generated_at"].replace("Z", "+00:00"))
    assert registry["generated_at"].endswith("Z")
    assert abs((datetime.now(timezone.utc) - parsed).total_seconds()) < 60


@pytest.mark.parametrize(
    ("op", "path", "words"),
    [
        (operation(intent=""), "/operations/0/intent", "intent"),
        (operation(description=None), "/operations/0/description", "product.search"),
        (operation(risk_level="extreme"), "/operations/0/risk_level", "risk_level"),
        (operation(idempotent="yes"), "/operations/0/idempotent", "idempotent"),
        (operation(required_parameters={"name": "x"}), "/operations/0/required_parameters", "required_parameters"),
        (operation(required_parameters=[{"type": "string"}]), "/operations/0/required_parameters/0/name", "name"),
        (operation(optional_parameters=[{"name": "x", "type": "text"}]), "/operations/0/optional_parameters/0/type",
         "'x'"),
        (operation(optional_parameters=[{"name": "x", "min": "0"}]), "/operations/0/optional_parameters/0/min", "min"),
        (operation(side_effects="emails"), "/operations/0/side_effects", "side_effects"),
        (operation(required_parameters=[{"name": "x"}], optional_parameters=[{"name": "x"}]),
         "/operations/0/optional_parameters/0/name", "twice"),
    ],
)
def test_bad_operations_name_the_operation_and_field(op: dict[str, Any], path: str, words: str) -> None:
    if words == "product.search":
        op["intent"] = "product.search"
    with pytest.raises(IntentError) as caught:
        generate_tool_registry({"name": "m", "version": "1", "operations": [op]})
    assert caught.value.code == "CONFIG_INVALID"
    assert caught.value.path == path
    assert words in caught.value.message


def test_bad_manifest_fields() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"version": "1", "operations": []}, "/name"),
        ({"name": "m", "operations": []}, "/version"),
        ({"name": "m", "version": "1", "operations": {}}, "/operations"),
        ({"name": "m", "version": "1", "operations": [PRODUCT_SEARCH, PRODUCT_SEARCH]}, "/operations/1/intent"),
    ]
    for manifest, path in cases:
        with pytest.raises(IntentError) as caught:
            generate_tool_registry(manifest)
        assert caught.value.path == path
    with pytest.raises(IntentError):
        generate_tool_registry([])  # type: ignore[arg-type]
