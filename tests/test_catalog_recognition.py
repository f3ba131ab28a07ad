"""CatalogBinding: tools as domains, fields, risk extensions, prohibitions and classification; end to end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from catalog.axag import generate_tool_registry
from catalog.documents import load_document
from catalog.openapi import build_mcp_manifest
from catalog.recognition import CatalogBinding, catalog_tool_definitions
from catalog.tool_nodes import project
from catalog.words import stem
from intent.errors import IntentError

PETSTORE = Path(__file__).parent / "data" / "catalog" / "petstore.yaml"


def op(intent: str, entity: str, action_type: str, description: str, **extra: Any) -> dict[str, Any]:
    return {"intent": intent, "entity": entity, "action_type": action_type, "description": description, **extra}


SHOP: dict[str, Any] = {
    "name": "shop",
    "version": "1.0.0",
    "operations": [
        op("order.get", "order", "read", "Look up an order", idempotent=True,
           required_parameters=[{"name": "order_id", "type": "string", "description": "The order number"}]),
        op("order.cancel", "order", "write", "Cancel an order", risk_level="high", confirmation_required=True,
           required_parameters=[{"name": "order_id", "type": "string"}],
           optional_parameters=[{"name": "reason", "type": "string"}]),
        op("cart.cancel", "cart", "write", "Abandon a cart", risk_level="low",
           required_parameters=[{"name": "cart_id", "type": "string"}]),
        op("product.search", "product", "read", "Search the product catalog",
           required_parameters=[{"name": "query", "type": "string"}],
           optional_parameters=[{"name": "limit", "type": "integer", "min": 1, "max": 50}]),
        op("payment.refund", "payment", "write", "Refund a payment", risk_level="critical", approval_required=True,
           approval_roles=["finance"], required_parameters=[{"name": "payment_id", "type": "string"},
                                                            {"name": "limit", "type": "number", "minimum": 0}]),
    ],
}


@pytest.fixture(scope="module")
def shop() -> CatalogBinding:
    return CatalogBinding.from_document(SHOP)


@pytest.fixture(scope="module")
def petstore() -> CatalogBinding:
    return CatalogBinding.from_document(load_document(PETSTORE))


def test_domains_are_tool_names_in_order(shop: CatalogBinding) -> None:
    assert shop.domains == ["order_get", "order_cancel", "cart_cancel", "product_search", "payment_refund"]


def test_fields_are_the_union_of_input_properties(shop: CatalogBinding) -> None:
    fields = shop.fields
    assert fields["type"] == "object"
    assert list(fields["properties"]) == ["order_id", "reason", "cart_id", "query", "limit", "payment_id"]
    # Differing descriptions keep the first; agreeing types stay.
    assert fields["properties"]["order_id"] == {"type": "string", "description": "The order number"}
    # integer 1..50 vs number >= 0: the wider type, no bound both do not share.
    assert fields["properties"]["limit"] == {"type": "number"}
    fields["properties"].clear()
    assert shop.fields["properties"], "fields must be a copy"


def test_conflicting_types_and_enums_are_widened() -> None:
    binding = CatalogBinding.from_tools([
        {"name": "a", "inputSchema": {"type": "object", "properties": {
            "x": {"type": "string", "enum": ["p", "q"], "maxLength": 3}, "y": {"type": "string", "format": "date"}}}},
        {"name": "b", "inputSchema": {"type": "object", "properties": {
            "x": {"type": "string", "enum": ["q", "r"], "maxLength": 3}, "y": {"type": "integer"}}}},
    ])
    properties = binding.fields["properties"]
    assert properties["x"] == {"type": "string", "enum": ["p", "q", "r"], "maxLength": 3}
    assert properties["y"] == {"type": ["string", "integer"]}


def test_fields_for(shop: CatalogBinding) -> None:
    assert shop.fields_for("order_cancel") == ["order_id", "reason"]
    assert shop.fields_for("product_search") == ["query", "limit"]
    assert shop.fields_for("no_such_tool") == []


def test_extensions_carry_axag_risk_metadata(shop: CatalogBinding) -> None:
    assert shop.extensions_for("order_cancel") == {
        "tool": "order_cancel",
        "action_type": "write",
        "risk_level": "high",
        "idempotent": False,
        "confirmation_required": True,
        "approval_required": False,
    }
    assert shop.extensions_for("payment_refund")["approval_roles"] == ["finance"]
    assert shop.extensions_for("nothing") == {}


def test_extensions_carry_openapi_annotations(petstore: CatalogBinding) -> None:
    assert petstore.extensions_for("delete_pet") == {
        "tool": "delete_pet", "readOnlyHint": False, "destructiveHint": True, "idempotentHint": True
    }


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        ("Do not cancel the order", ["order_cancel"]),
        ("don't cancel my orders", ["order_cancel"]),
        ("Never cancel anything", ["order_cancel", "cart_cancel"]),
        ("Do not cancel the order or the cart", ["order_cancel", "cart_cancel"]),
        ("No refunds", ["payment_refund"]),
        ("Do not refund the payment", ["payment_refund"]),
        ("Without cancelling the order", ["order_cancel"]),
        ("Don't look up the order", ["order_get"]),
        ("Do not cancel the subscription", []),
        ("Do not email me", []),
        ("Do not delete the order", []),
        ("Do not cancel the order, but look it up", ["order_cancel"]),
        ("", []),
    ],
)
def test_forbidden_by(shop: CatalogBinding, text: str, forbidden: list[str]) -> None:
    assert shop.forbidden_by(text) == forbidden


def test_forbidden_by_with_synonyms_and_http_tools(petstore: CatalogBinding) -> None:
    assert petstore.forbidden_by("Do not delete the pet") == ["delete_pet"]
    assert petstore.forbidden_by("Please don't remove any users") == ["delete_user"]
    assert petstore.forbidden_by("Do not delete the order") == ["delete_order"]
    assert petstore.forbidden_by("Do not feed the pets") == []


@pytest.mark.parametrize(
    ("action", "target", "tool"),
    [
        ("Look up", "order 000123", "order_get"),
        ("cancel", "my order", "order_cancel"),
        ("Cancel", "the cart", "cart_cancel"),
        ("search", "products under $20", "product_search"),
        ("refund", "payment 42", "payment_refund"),
        ("cancel", "it", None),
        ("paint", "the order", None),
        ("", "order 1", None),
        (None, None, None),
    ],
)
def test_classify(shop: CatalogBinding, action: str | None, target: str | None, tool: str | None) -> None:
    assert shop.classify(action, target) == tool


@pytest.mark.parametrize(
    ("action", "target", "tool"),
    [
        ("Look up", "pet 12", "get_pet_by_id"),
        ("Find", "order 5", "get_order_by_id"),
        ("Place", "an order for a pet", "place_order"),
        ("delete", "user alice", "delete_user"),
        ("Remove", "pet 3", "delete_pet"),
        ("Add", "a new pet called Rex", "add_pet"),
        ("walk", "the dog", None),
    ],
)
def test_classify_petstore(petstore: CatalogBinding, action: str, target: str, tool: str | None) -> None:
    assert petstore.classify(action, target) == tool


def test_ties_are_not_guessed() -> None:
    binding = CatalogBinding.from_tools([
        {"name": "get_invoice", "inputSchema": {"type": "object", "properties": {}}},
        {"name": "fetch_invoice", "inputSchema": {"type": "object", "properties": {}}},
    ])
    assert binding.classify("show", "invoice 7") is None
    assert binding.classify("fetch", "invoice 7") == "fetch_invoice"


def test_numbered_entities_stay_distinct() -> None:
    tools = [{"name": f"room{number}_{verb}", "inputSchema": {"type": "object", "properties": {}}}
             for number in (5, 55, 17, 177) for verb in ("book", "cancel")]
    binding = CatalogBinding.from_tools(tools)
    assert binding.forbidden_by("Do not cancel room5") == ["room5_cancel"]
    assert binding.classify("book", "room17 for Friday") == "room17_book"


def test_all_three_sources_normalize() -> None:
    nodes = [{"id": "beans.set-status", "summary": "Set the status of a bean",
              "io": {"inputs": [{"name": "status", "schema": {"type": "string", "enum": ["todo", "done"]},
                                 "arg": {"flag": "--status"}}]},
              "invoke": {"shell": {"command": ["beans", "set-status"]}}}]
    axag = CatalogBinding.from_tools(generate_tool_registry(SHOP)["tools"])
    openapi = CatalogBinding.from_tools(build_mcp_manifest(load_document(PETSTORE))["tools"])
    tool_nodes = CatalogBinding.from_tools(project(nodes).tools)
    assert axag.domains[0] == "order_get"
    assert "get_pet_by_id" in openapi.domains
    assert tool_nodes.domains == ["beans.set-status"]
    assert tool_nodes.fields_for("beans.set-status") == ["status"]
    assert tool_nodes.extensions_for("beans.set-status") == {"tool": "beans.set-status"}
    assert tool_nodes.classify("set", "the status of bean 4") == "beans.set-status"
    assert CatalogBinding.from_document(nodes).domains == ["beans.set-status"]
    assert CatalogBinding.from_document({"tools": project(nodes).tools}).domains == ["beans.set-status"]


def test_bad_catalogs_are_coded_errors() -> None:
    for document in ("text", {"something": 1}, {"tools": [{"description": "no name"}]},
                     {"tools": [{"name": "a"}, {"name": "a"}]}):
        with pytest.raises(IntentError) as caught:
            CatalogBinding.from_document(document)
        assert caught.value.code == "CONFIG_INVALID"
    assert catalog_tool_definitions({"tools": []}) == []


@pytest.mark.parametrize(
    ("word", "root"),
    [("cancelling", "cancel"), ("cancelled", "cancel"), ("cancellation", "cancel"), ("orders", "order"),
     ("deletion", "delet"), ("delete", "delet"), ("searches", "search"), ("shipping", "ship"),
     ("room55", "room55"), ("add", "add")],
)
def test_stem(word: str, root: str) -> None:
    assert stem(word) == root
