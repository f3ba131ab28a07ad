"""OpenAPI / Swagger -> MCP manifest: the Petstore document and one small document per invariant."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from catalog.documents import load_document, parse_document
from catalog.openapi import build_mcp_manifest, derive_tool_name, sanitize_description, to_json_schema, to_snake_case
from catalog.openapi.schema import SchemaConverter
from intent.errors import IntentError

PETSTORE = Path(__file__).parent / "data" / "catalog" / "petstore.yaml"


@pytest.fixture(scope="module")
def petstore() -> dict[str, Any]:
    document = load_document(PETSTORE)
    assert isinstance(document, dict)
    return document


@pytest.fixture(scope="module")
def petstore_manifest(petstore: dict[str, Any]) -> dict[str, Any]:
    return build_mcp_manifest(petstore)


def tools_by_name(manifest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {tool["name"]: tool for tool in manifest["tools"]}


def doc(paths: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"openapi": "3.0.3", "info": {"title": "Test API", "version": "2.1.0"}, "paths": paths, **extra}


def one_tool(paths: dict[str, Any], **extra: Any) -> dict[str, Any]:
    manifest = build_mcp_manifest(doc(paths, **extra))
    assert len(manifest["tools"]) == 1
    tool: dict[str, Any] = manifest["tools"][0]
    return tool


def get_op(**fields: Any) -> dict[str, Any]:
    return {"responses": {"200": {"description": "ok"}}, **fields}


# --- Petstore ------------------------------------------------------------------------------------


def test_petstore_manifest_shape(petstore_manifest: dict[str, Any]) -> None:
    manifest = petstore_manifest
    assert set(manifest) == {"manifestVersion", "server", "sources", "tools", "resources", "workflows"}
    assert manifest["manifestVersion"] == 1
    assert manifest["server"]["version"] == "1.0.17"
    assert manifest["sources"]["api"]["baseUrl"] == "/api/v3"
    for tool in manifest["tools"]:
        assert set(tool) == {"name", "description", "inputSchema", "annotations", "operation"}
        assert set(tool["operation"]) == {"source", "method", "path", "params", "security"}
        assert tool["operation"]["source"] == "api"
    assert manifest["resources"] == []
    assert manifest["workflows"] == {}


def test_petstore_tool_names_follow_operation_ids(petstore_manifest: dict[str, Any]) -> None:
    assert [tool["name"] for tool in petstore_manifest["tools"]] == [
        "update_pet", "add_pet", "find_pets_by_status", "find_pets_by_tags", "get_pet_by_id",
        "update_pet_with_form", "delete_pet", "upload_file", "get_inventory", "place_order", "get_order_by_id",
        "delete_order", "create_user", "create_users_with_list_input", "login_user", "logout_user",
        "get_user_by_name", "update_user", "delete_user",
    ]


def test_petstore_annotations(petstore_manifest: dict[str, Any]) -> None:
    tools = tools_by_name(petstore_manifest)
    assert tools["get_pet_by_id"]["annotations"] == {"readOnlyHint": True, "destructiveHint": False,
                                                     "idempotentHint": True}
    assert tools["add_pet"]["annotations"] == {"readOnlyHint": False, "destructiveHint": False,
                                               "idempotentHint": False}
    assert tools["update_pet"]["annotations"]["destructiveHint"] is True
    assert tools["delete_pet"]["annotations"] == {"readOnlyHint": False, "destructiveHint": True,
                                                  "idempotentHint": True}


def test_petstore_api_key_header_is_never_an_argument(petstore_manifest: dict[str, Any]) -> None:
    delete_pet = tools_by_name(petstore_manifest)["delete_pet"]
    assert list(delete_pet["inputSchema"]["properties"]) == ["petId"]
    assert delete_pet["operation"]["params"] == [{"name": "petId", "in": "path"}]
    assert delete_pet["inputSchema"]["required"] == ["petId"]
    assert delete_pet["inputSchema"]["properties"]["petId"] == {
        "type": "integer", "format": "int64", "description": "Pet id to delete"
    }


def test_petstore_body_is_the_inlined_pet_schema(petstore_manifest: dict[str, Any]) -> None:
    update_pet = tools_by_name(petstore_manifest)["update_pet"]
    assert update_pet["operation"]["params"] == [{"name": "body", "in": "body", "contentType": "application/json"}]
    assert update_pet["inputSchema"]["required"] == ["body"]
    body = update_pet["inputSchema"]["properties"]["body"]
    assert body["required"] == ["name", "photoUrls"]
    assert body["properties"]["category"] == {
        "type": "object",
        "properties": {"id": {"type": "integer", "format": "int64"}, "name": {"type": "string"}},
    }
    assert body["properties"]["photoUrls"] == {"type": "array", "items": {"type": "string"}}
    text = json.dumps(body)
    assert "$ref" not in text and "xml" not in text and "example" not in text


def test_petstore_security_and_schemes(petstore_manifest: dict[str, Any]) -> None:
    tools = tools_by_name(petstore_manifest)
    assert tools["get_pet_by_id"]["operation"]["security"] == [
        {"api_key": []}, {"petstore_auth": ["write:pets", "read:pets"]}
    ]
    assert tools["place_order"]["operation"]["security"] == []
    schemes = petstore_manifest["sources"]["api"]["securitySchemes"]
    assert schemes["api_key"] == {"type": "apiKey", "in": "header", "name": "api_key"}
    assert set(schemes["petstore_auth"]) == {"type", "flows"}


def test_petstore_yaml_and_json_give_the_same_manifest(petstore: dict[str, Any]) -> None:
    from_yaml = build_mcp_manifest(parse_document(PETSTORE.read_text()))
    from_json = build_mcp_manifest(parse_document(json.dumps(petstore)))
    assert from_yaml == from_json


def test_petstore_descriptions_are_sanitized(petstore_manifest: dict[str, Any]) -> None:
    tools = tools_by_name(petstore_manifest)
    assert tools["get_pet_by_id"]["description"] == "Find pet by ID\n\nReturns a single pet"
    assert all("_" not in tool["description"] for tool in petstore_manifest["tools"])


# --- Exclusion -----------------------------------------------------------------------------------


def test_exclusion_internal_hidden_deprecated_and_webhooks() -> None:
    document = doc(
        {
            "/a": {"get": get_op(operationId="internalOp", **{"x-internal": True})},
            "/b": {"x-hidden": True, "get": get_op(operationId="hiddenPath")},
            "/c": {"get": get_op(operationId="old", deprecated=True)},
            "/d": {"get": get_op(operationId="kept")},
        },
        webhooks={"newPet": {"post": get_op(operationId="hook")}},
    )
    document["openapi"] = "3.1.0"
    assert [tool["name"] for tool in build_mcp_manifest(document)["tools"]] == ["kept"]
    assert [tool["name"] for tool in build_mcp_manifest(document, include_internal=True)["tools"]] == [
        "internal_op", "hidden_path", "kept"
    ]
    assert [tool["name"] for tool in build_mcp_manifest(document, include_deprecated=True)["tools"]] == [
        "old", "kept"
    ]


# --- Arguments -----------------------------------------------------------------------------------


def test_parameters_by_location_and_clash_suffix() -> None:
    tool = one_tool(
        {
            "/items/{id}": {
                "get": get_op(
                    operationId="getItem",
                    parameters=[
                        {"name": "id", "in": "path", "schema": {"type": "string"}},
                        {"name": "id", "in": "query", "schema": {"type": "integer"}},
                        {"name": "X-Trace", "in": "header", "schema": {"type": "string"}},
                        {"name": "session", "in": "cookie", "schema": {"type": "string"}, "required": True},
                    ],
                )
            }
        }
    )
    assert tool["inputSchema"]["properties"] == {
        "id": {"type": "string"},
        "id_query": {"type": "integer"},
        "X-Trace": {"type": "string"},
        "session": {"type": "string"},
    }
    assert tool["inputSchema"]["required"] == ["id", "session"]
    assert tool["operation"]["params"] == [
        {"name": "id", "in": "path"},
        {"name": "id", "in": "query", "arg": "id_query"},
        {"name": "X-Trace", "in": "header"},
        {"name": "session", "in": "cookie"},
    ]


def test_path_parameters_are_required_even_when_not_marked() -> None:
    tool = one_tool({"/x/{key}": {"get": get_op(parameters=[{"name": "key", "in": "path", "schema": {}}])}})
    assert tool["inputSchema"]["required"] == ["key"]


def test_path_level_parameters_merge_unless_redefined() -> None:
    tool = one_tool(
        {
            "/x": {
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                    {"name": "q", "in": "query", "schema": {"type": "string"}},
                ],
                "get": get_op(parameters=[{"name": "q", "in": "query", "schema": {"type": "string", "enum": ["a"]}}]),
            }
        }
    )
    assert tool["inputSchema"]["properties"] == {"limit": {"type": "integer"}, "q": {"type": "string", "enum": ["a"]}}


def test_parameter_refs_are_resolved() -> None:
    tool = one_tool(
        {"/x": {"get": get_op(parameters=[{"$ref": "#/components/parameters/Limit"}])}},
        components={"parameters": {"Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}}}},
    )
    assert tool["inputSchema"]["properties"] == {"limit": {"type": "integer"}}


@pytest.mark.parametrize(
    ("content_types", "chosen"),
    [
        (["application/xml", "application/vnd.api+json", "application/json"], "application/vnd.api+json"),
        (["text/plain", "multipart/form-data", "application/x-www-form-urlencoded"],
         "application/x-www-form-urlencoded"),
        (["text/plain", "multipart/form-data"], "multipart/form-data"),
        (["text/plain", "application/octet-stream"], "text/plain"),
    ],
)
def test_body_content_type_choice(content_types: list[str], chosen: str) -> None:
    content = {kind: {"schema": {"type": "object", "title": kind}} for kind in content_types}
    tool = one_tool({"/x": {"post": get_op(requestBody={"content": content, "required": True})}})
    assert tool["operation"]["params"] == [{"name": "body", "in": "body", "contentType": chosen}]
    assert tool["inputSchema"]["properties"]["body"] == {"type": "object", "title": chosen}
    assert tool["inputSchema"]["required"] == ["body"]


def test_auth_headers_and_api_key_parameters_are_never_arguments() -> None:
    tool = one_tool(
        {
            "/x": {
                "get": get_op(
                    parameters=[
                        {"name": "Authorization", "in": "header", "schema": {"type": "string"}},
                        {"name": "authorization", "in": "header", "schema": {"type": "string"}},
                        {"name": "Proxy-Authorization", "in": "header", "schema": {"type": "string"}},
                        {"name": "X-API-KEY", "in": "header", "schema": {"type": "string"}},
                        {"name": "token", "in": "query", "schema": {"type": "string"}},
                        {"name": "sid", "in": "cookie", "schema": {"type": "string"}},
                        {"name": "token", "in": "header", "schema": {"type": "string"}},
                        {"name": "page", "in": "query", "schema": {"type": "integer"}},
                    ]
                )
            }
        },
        components={
            "securitySchemes": {
                "headerKey": {"type": "apiKey", "in": "header", "name": "x-api-key"},
                "queryKey": {"type": "apiKey", "in": "query", "name": "token"},
                "cookieKey": {"type": "apiKey", "in": "cookie", "name": "sid"},
            }
        },
    )
    # A header named like the query key is a different parameter and stays.
    assert tool["operation"]["params"] == [{"name": "token", "in": "header"}, {"name": "page", "in": "query"}]


# --- JSON Schema ---------------------------------------------------------------------------------


def test_recursive_reference_is_cut_to_its_type() -> None:
    root = {
        "components": {
            "schemas": {
                "Node": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
                    },
                }
            }
        }
    }
    schema = to_json_schema({"$ref": "#/components/schemas/Node"}, root)
    assert schema["properties"]["children"]["items"] == {"type": "object"}
    assert schema["properties"]["name"] == {"type": "string"}


def test_same_reference_on_sibling_branches_is_inlined_twice() -> None:
    root = {"components": {"schemas": {"Money": {"type": "object", "properties": {"amount": {"type": "number"}}}}}}
    schema = to_json_schema(
        {"type": "object", "properties": {"price": {"$ref": "#/components/schemas/Money"},
                                          "tax": {"$ref": "#/components/schemas/Money"}}},
        root,
    )
    assert schema["properties"]["price"] == schema["properties"]["tax"] == root["components"]["schemas"]["Money"]


def test_nullable_folds_into_type() -> None:
    assert to_json_schema({"type": "string", "nullable": True}, {}) == {"type": ["string", "null"]}
    assert to_json_schema({"type": "string", "enum": ["a"], "nullable": True}, {}) == {
        "type": ["string", "null"], "enum": ["a", None]
    }
    assert to_json_schema({"type": "integer", "nullable": False}, {}) == {"type": "integer"}
    assert to_json_schema({"type": "integer", "x-nullable": True}, {}) == {"type": ["integer", "null"]}


def test_read_only_properties_and_their_required_entries_are_dropped() -> None:
    root = {"components": {"schemas": {"Id": {"type": "integer", "readOnly": True}}}}
    schema = to_json_schema(
        {
            "type": "object",
            "required": ["id", "name", "created"],
            "properties": {
                "id": {"$ref": "#/components/schemas/Id"},
                "name": {"type": "string"},
                "created": {"type": "string", "readOnly": True},
                "secret": {"type": "string", "writeOnly": True},
            },
        },
        root,
    )
    assert schema == {
        "type": "object",
        "required": ["name"],
        "properties": {"name": {"type": "string"}, "secret": {"type": "string", "writeOnly": True}},
    }


def test_boolean_exclusive_bounds_become_numbers() -> None:
    assert to_json_schema({"type": "number", "minimum": 0, "exclusiveMinimum": True,
                           "maximum": 10, "exclusiveMaximum": False}, {}) == {
        "type": "number", "exclusiveMinimum": 0, "maximum": 10
    }
    assert to_json_schema({"type": "number", "exclusiveMaximum": 5}, {}) == {"type": "number", "exclusiveMaximum": 5}


def test_non_schema_keys_are_dropped() -> None:
    schema = to_json_schema(
        {"type": "object", "example": {"a": 1}, "xml": {"name": "x"}, "x-order": 3, "discriminator": {},
         "externalDocs": {}, "properties": {"a": {"type": "string", "example": "z", "x-go-name": "A"}}},
        {},
    )
    assert schema == {"type": "object", "properties": {"a": {"type": "string"}}}


def test_combinators_and_additional_properties_are_converted() -> None:
    root = {"components": {"schemas": {"A": {"type": "object", "properties": {"a": {"type": "string",
                                                                                   "example": "x"}}}}}}
    schema = to_json_schema(
        {"oneOf": [{"$ref": "#/components/schemas/A"}, {"type": "null"}],
         "additionalProperties": {"$ref": "#/components/schemas/A"}},
        root,
    )
    assert schema["oneOf"][0] == {"type": "object", "properties": {"a": {"type": "string"}}}
    assert schema["additionalProperties"] == schema["oneOf"][0]


def test_unresolvable_reference_is_a_coded_error() -> None:
    with pytest.raises(IntentError) as caught:
        one_tool({"/x": {"post": get_op(requestBody={"content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Missing"}}}})}})
    assert caught.value.code == "CONFIG_INVALID"
    assert "#/components/schemas/Missing" in caught.value.message


def test_schema_expansion_is_bounded() -> None:
    # Each level references the next twice: 2**30 nodes if fully inlined.
    schemas = {f"L{i}": {"type": "object", "properties": {"a": {"$ref": f"#/components/schemas/L{i + 1}"},
                                                          "b": {"$ref": f"#/components/schemas/L{i + 1}"}}}
               for i in range(30)}
    schemas["L30"] = {"type": "string"}
    converter = SchemaConverter({"components": {"schemas": schemas}}, max_nodes=10_000)
    with pytest.raises(IntentError) as caught:
        converter.convert({"$ref": "#/components/schemas/L0"})
    assert "too large" in caught.value.message


# --- Naming --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("operation_id", "name"),
    [("findPetsByStatus", "find_pets_by_status"), ("getHTTPResponse", "get_http_response"),
     ("list-users.v2", "list_users_v2"), ("Already_Snake", "already_snake")],
)
def test_snake_case(operation_id: str, name: str) -> None:
    assert to_snake_case(operation_id) == name


def test_derived_names_and_repeats() -> None:
    assert derive_tool_name("GET", "/pet/{petId}") == "get_pet_by_pet_id"
    manifest = build_mcp_manifest(
        doc(
            {
                "/a": {"get": get_op(operationId="listThings"), "post": get_op(operationId="list_things")},
                "/b": {"get": get_op(operationId="listThings")},
                "/users/{userId}/orders": {"delete": get_op()},
            }
        )
    )
    assert [tool["name"] for tool in manifest["tools"]] == [
        "list_things", "list_things_2", "list_things_3", "delete_users_by_user_id_orders"
    ]


def test_sanitize_description_deletes_underscores() -> None:
    assert sanitize_description(" Get the user_id of __me__ ") == "Get the userid of me"
    tool = one_tool({"/x": {"get": get_op(summary="Read snake_case things")}})
    assert tool["description"] == "Read snakecase things"
    assert one_tool({"/x": {"get": get_op()}})["description"] == "GET /x"


# --- Annotations ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "read_only", "destructive", "idempotent"),
    [("get", True, False, True), ("post", False, False, False), ("put", False, True, True),
     ("patch", False, True, False), ("delete", False, True, True)],
)
def test_annotations_by_method(method: str, read_only: bool, destructive: bool, idempotent: bool) -> None:
    tool = one_tool({"/x": {method: get_op()}})
    assert tool["annotations"] == {"readOnlyHint": read_only, "destructiveHint": destructive,
                                   "idempotentHint": idempotent}


# --- Resources -----------------------------------------------------------------------------------


def test_reference_resources() -> None:
    manifest = build_mcp_manifest(
        doc(
            {
                "/currencies": {"get": get_op(operationId="listCurrencies", responses={
                    "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array"}}}}})},
                "/countries/{code}": {"get": get_op(operationId="getCountry",
                                                    parameters=[{"name": "code", "in": "path", "schema": {}}])},
                "/status": {"post": get_op(operationId="setStatus")},
                "/v1/reference/tiers": {"get": get_op(operationId="listTiers", parameters=[
                    {"name": "page", "in": "query", "schema": {"type": "integer"}}])},
                "/orders": {"get": get_op(operationId="listOrders")},
            }
        )
    )
    resources = manifest["resources"]
    assert [item["name"] for item in resources] == ["list_currencies", "list_tiers"]
    assert resources[0]["uri"] == "reference://api/currencies"
    assert resources[0]["mimeType"] == "application/json"
    assert set(resources[0]) == {"name", "description", "uri", "mimeType", "operation"}
    assert "inputSchema" not in resources[0] and "annotations" not in resources[0]


# --- Security ------------------------------------------------------------------------------------


def test_security_schemes_are_trimmed_and_injected_scheme_left_out() -> None:
    manifest = build_mcp_manifest(
        doc(
            {"/x": {"get": get_op(operationId="a"), "post": get_op(operationId="b", security=[])}},
            security=[{"bearer": []}],
            components={
                "securitySchemes": {
                    "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT", "x-vendor": 1},
                    "oidc": {"type": "openIdConnect", "openIdConnectUrl": "https://id.example/.well-known"},
                    "_rapidoc_api_key": {"type": "apiKey", "in": "header", "name": "api-key"},
                }
            },
        )
    )
    schemes = manifest["sources"]["api"]["securitySchemes"]
    assert schemes == {
        "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
        "oidc": {"type": "openIdConnect", "openIdConnectUrl": "https://id.example/.well-known"},
    }
    tools = tools_by_name(manifest)
    assert tools["a"]["operation"]["security"] == [{"bearer": []}]
    assert tools["b"]["operation"]["security"] == []


# --- Swagger 2.0 ---------------------------------------------------------------------------------

SWAGGER = {
    "swagger": "2.0",
    "info": {"title": "Old Store", "version": "1.0"},
    "host": "store.example",
    "basePath": "/v2",
    "schemes": ["https", "http"],
    "consumes": ["application/json"],
    "securityDefinitions": {
        "basicAuth": {"type": "basic"},
        "oauth": {"type": "oauth2", "flow": "accessCode", "authorizationUrl": "https://a.example/auth",
                  "tokenUrl": "https://a.example/token", "scopes": {"read": "read things"}},
        "key": {"type": "apiKey", "in": "query", "name": "key"},
    },
    "paths": {
        "/pet": {
            "post": {
                "operationId": "addPet",
                "parameters": [{"in": "body", "name": "pet", "required": True,
                                "schema": {"$ref": "#/definitions/Pet"}}],
                "responses": {"200": {"description": "ok"}},
            }
        },
        "/pet/{petId}/photo": {
            "post": {
                "operationId": "uploadPhoto",
                "consumes": ["multipart/form-data"],
                "parameters": [
                    {"name": "petId", "in": "path", "required": True, "type": "integer", "format": "int64"},
                    {"name": "note", "in": "formData", "type": "string"},
                    {"name": "file", "in": "formData", "type": "file", "required": True},
                    {"name": "key", "in": "query", "type": "string"},
                ],
                "responses": {"200": {"description": "ok"}},
            }
        },
        "/pets": {
            "get": {
                "operationId": "listPets",
                "parameters": [{"name": "limit", "in": "query", "type": "integer", "minimum": 1,
                                "exclusiveMinimum": True, "x-nullable": True}],
                "responses": {"200": {"description": "ok"}},
            }
        },
    },
    "definitions": {
        "Pet": {"type": "object", "required": ["name"], "properties": {
            "id": {"type": "integer", "readOnly": True}, "name": {"type": "string", "example": "rex"}}}
    },
}


def test_swagger_two() -> None:
    manifest = build_mcp_manifest(SWAGGER)
    assert manifest["sources"]["api"]["baseUrl"] == "https://store.example/v2"
    schemes = manifest["sources"]["api"]["securitySchemes"]
    assert schemes["basicAuth"] == {"type": "http", "scheme": "basic"}
    assert schemes["oauth"]["flows"] == {"authorizationCode": {"authorizationUrl": "https://a.example/auth",
                                                               "tokenUrl": "https://a.example/token",
                                                               "scopes": {"read": "read things"}}}
    tools = tools_by_name(manifest)
    add_pet = tools["add_pet"]
    assert add_pet["operation"]["params"] == [{"name": "body", "in": "body", "contentType": "application/json"}]
    assert add_pet["inputSchema"]["properties"]["body"] == {
        "type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}
    }
    upload = tools["upload_photo"]
    assert upload["operation"]["params"] == [
        {"name": "petId", "in": "path"},
        {"name": "body", "in": "body", "contentType": "multipart/form-data"},
    ]
    assert upload["inputSchema"]["properties"]["petId"] == {"type": "integer", "format": "int64"}
    assert upload["inputSchema"]["properties"]["body"] == {
        "type": "object",
        "properties": {"note": {"type": "string"}, "file": {"type": "string", "format": "binary"}},
        "required": ["file"],
    }
    assert tools["list_pets"]["inputSchema"]["properties"]["limit"] == {
        "type": ["integer", "null"], "exclusiveMinimum": 1
    }


def test_not_an_openapi_document() -> None:
    documents: list[Any] = [{"info": {}}, {"openapi": "4.0.0", "paths": {}}, {"swagger": "1.2"}, ["x"]]
    for document in documents:
        with pytest.raises(IntentError) as caught:
            build_mcp_manifest(document)
        assert caught.value.code == "CONFIG_INVALID"


def test_server_variables_and_server_name() -> None:
    manifest = build_mcp_manifest(
        doc({}, servers=[{"url": "https://{region}.api.example/{version}",
                          "variables": {"region": {"default": "eu"}, "version": {"default": "v2"}}}]),
        server_name="my-api",
        source_name="shop",
    )
    assert manifest["server"]["name"] == "my-api"
    assert manifest["sources"] == {"shop": {"baseUrl": "https://eu.api.example/v2", "securitySchemes": {}}}
    assert build_mcp_manifest(doc({}))["server"]["name"] == "test-api"
