"""Per-tool fields: a flattened request body, renamed parameters, each tool's own enums, checked by the core."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from catalog import CatalogBinding, arguments_from_fields, tool_fields
from catalog.documents import load_document
from catalog.openapi import build_mcp_manifest
from catalog.tools import tool_from_definition
from intent import Intent, IntentConfig, ScriptedExecutor
from tests.candidates import candidate, field, intent

PETSTORE = Path(__file__).parent / "data" / "catalog" / "petstore.yaml"

# Two locations use one name: the manifest renames the later ones (id_query, id_header).
RENAMED: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Things", "version": "1"},
    "paths": {
        "/things/{id}": {
            "put": {
                "operationId": "updateThing",
                "parameters": [
                    {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                    {"name": "id", "in": "query", "schema": {"type": "string", "enum": ["draft", "live"]}},
                    {"name": "id", "in": "header", "schema": {"type": "string"}},
                ],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["id", "name"],
                    "properties": {"id": {"type": "integer"}, "name": {"type": "string", "maxLength": 20}},
                }}}},
            }
        }
    },
}


@pytest.fixture(scope="module")
def petstore() -> CatalogBinding:
    return CatalogBinding.from_document(load_document(PETSTORE))


def test_request_body_properties_are_fields_of_their_own(petstore: CatalogBinding) -> None:
    fields = petstore.tool_fields("place_order")
    assert list(fields) == ["id", "petId", "quantity", "shipDate", "status", "complete"]
    assert {spec.argument for spec in fields.values()} == {"body"}
    assert fields["quantity"].path == "/quantity" and fields["quantity"].schema["type"] == "integer"
    assert fields["shipDate"].schema["format"] == "date-time"
    assert petstore.fields_for("place_order") == list(fields)
    # The union of all tools no longer offers the opaque body of place_order.
    assert "quantity" in petstore.fields["properties"]


def test_each_tool_keeps_its_own_enum_where_the_union_widens(petstore: CatalogBinding) -> None:
    assert petstore.tool_fields("place_order")["status"].schema["enum"] == ["placed", "approved", "delivered"]
    assert petstore.tool_fields("find_pets_by_status")["status"].schema["enum"] == ["available", "pending", "sold"]
    assert "enum" not in petstore.fields["properties"]["status"]  # widened: update_pet_with_form has none
    hints = petstore.domain_hints("find_pets_by_status")
    assert hints["fields"] == ["status"]
    assert hints["fieldSchemas"]["status"]["enum"] == ["available", "pending", "sold"]
    # A field whose schema is the union's is not repeated in the hints.
    assert "fieldSchemas" not in petstore.domain_hints("get_inventory")


def test_body_round_trip_is_valid_for_the_tool(petstore: CatalogBinding) -> None:
    arguments = petstore.arguments_for("place_order", {"petId": 7, "quantity": 2, "orderId": 3})
    assert arguments == {"body": {"petId": 7, "quantity": 2}}  # orderId is not a field of place_order
    schema = petstore.tools["place_order"].input_schema
    assert not list(Draft202012Validator(schema).iter_errors(arguments))


def test_a_body_property_a_parameter_already_names_is_renamed(petstore: CatalogBinding) -> None:
    fields = petstore.tool_fields("update_user")
    assert fields["username"].argument == "username" and fields["username"].path == ""
    assert fields["username_body"].argument == "body" and fields["username_body"].path == "/username"
    assert petstore.arguments_for("update_user", {"username": "ann", "username_body": "anne"}) == {
        "username": "ann", "body": {"username": "anne"}}


def test_bodies_that_are_not_plain_objects_stay_one_field(petstore: CatalogBinding) -> None:
    assert petstore.fields_for("create_users_with_list_input") == ["body"]  # an array
    assert petstore.fields_for("upload_file") == ["petId", "additionalMetadata", "body"]  # binary


def test_renamed_parameters_keep_their_argument_and_name_the_wire_parameter() -> None:
    manifest = build_mcp_manifest(RENAMED)
    binding = CatalogBinding.from_tools(manifest["tools"])
    fields = binding.tool_fields("update_thing")
    assert list(fields) == ["id", "id_query", "id_header", "id_body", "name"]
    assert fields["id_query"].label == "id (query parameter)"
    assert fields["id_header"].label == "id (header parameter)"
    assert fields["id_query"].schema["enum"] == ["draft", "live"]
    assert fields["id_body"].required and fields["name"].required and fields["id"].required
    assert not fields["id_query"].required
    arguments = binding.arguments_for("update_thing", {"id": 4, "id_query": "live", "id_body": 4, "name": "x"})
    assert arguments == {"id": 4, "id_query": "live", "body": {"id": 4, "name": "x"}}
    assert not list(Draft202012Validator(manifest["tools"][0]["inputSchema"]).iter_errors(arguments))


def test_tools_without_parameters_metadata_map_one_to_one() -> None:
    tool = tool_from_definition({"name": "t", "inputSchema": {"type": "object", "required": ["body"], "properties": {
        "body": {"type": "object", "properties": {"a": {"type": "string"}}}}}})
    fields = tool_fields(tool)
    # Not an OpenAPI request body: an argument named "body" is just an argument.
    assert list(fields) == ["body"] and fields["body"].required
    assert arguments_from_fields(fields, {"body": {"a": "b"}, "other": 1}) == {"body": {"a": "b"}}


PLACE = "Place an order for pet 7, with status sold"


@pytest.mark.anyio
async def test_values_are_checked_against_the_chosen_tools_own_schema(petstore: CatalogBinding) -> None:
    reply = candidate(intents=[intent("i1", "Place an order for pet 7", "Place", "an order for pet 7",
                                      domain="place_order",
                                      fields=[field("petId", 7, "7"), field("status", "sold", "sold"),
                                              field("orderId", 7, "7")])])
    result = await Intent(IntentConfig(catalog=petstore, executor=ScriptedExecutor([reply]))).parse(PLACE)
    (node,) = result.effective.intents
    assert node.extensions["fieldsCheckedAgainst"] == "place_order"
    assert node.inputs == {"petId": 7}
    # "sold" fits the widened union but not place_order's own enum; orderId is another tool's field.
    status = next(item for item in result.fieldResults if item.field == "status")
    assert status.status == "invalid"
    codes = {(issue.code, issue.path) for issue in result.issues}
    assert ("FIELD_INVALID", "/intents/0/fields/1") in codes
    assert ("FIELD_NOT_SELECTED", "/intents/0/fields/2") in codes


@pytest.mark.anyio
async def test_the_builtin_recognizer_reads_a_request_with_its_tools_fields(petstore: CatalogBinding) -> None:
    result = await Intent(IntentConfig(catalog=petstore)).parse("Find pets with status sold")
    assert result.effective.intents[0].inputs == {"status": "sold"}
    result = await Intent(IntentConfig(catalog=petstore)).parse("Place an order for pet 7, quantity 2")
    assert result.effective.intents[0].inputs == {"petId": 7, "quantity": 2}


@pytest.mark.anyio
async def test_two_intents_may_hold_different_values_of_one_field(petstore: CatalogBinding) -> None:
    result = await Intent(IntentConfig(catalog=petstore)).parse(
        {"input": "Show me pet 5 and then delete pet 12.", "output": {"spans": True}})
    assert result.status == "complete" and result.effective.unresolved == []
    pets = [(item.value, item.sourceRefs[0].start) for item in result.fieldResults if item.field == "petId"]
    assert pets == [(5, 12), (12, 34)]


@pytest.mark.anyio
async def test_without_a_catalog_different_values_still_compete() -> None:
    schema = {"type": "object", "properties": {"petId": {"type": "integer"}}}
    reply = candidate(intents=[intent("i1", "Show me pet 5", "Show", "pet 5", fields=[field("petId", 5, "5")]),
                               intent("i2", "delete pet 12", "delete", "pet 12", fields=[field("petId", 12, "12")])])
    result = await Intent(IntentConfig(schema=schema, executor=ScriptedExecutor([reply]))).parse(
        "Show me pet 5 and then delete pet 12.")
    assert result.status == "ambiguous"
    assert [item.kind for item in result.effective.unresolved] == ["ambiguous_field"]
    assert "fieldsCheckedAgainst" not in result.effective.intents[0].extensions


def test_the_round_trip_measure_runs_on_the_test_catalogs(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.tool_fields import main, measure

    report = measure(PETSTORE)
    assert report is not None
    assert (report["tools"], report["valid"], report["flattenedBodies"], report["renamedFields"]) == (19, 19, 5, 1)
    assert "status" in report["differFromUnion"]
    assert measure(PETSTORE.parent / "beans.json") is None  # not an OpenAPI document
    assert main([str(PETSTORE.parent)]) == 0
    assert "19 round trips valid" in capsys.readouterr().err
