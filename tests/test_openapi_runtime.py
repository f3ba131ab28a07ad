"""The OpenAPI runtime against a real Petstore-like API on loopback: encoding, credentials, errors, limits."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast
from urllib.parse import parse_qsl

import httpx2
import pytest

from catalog.documents import load_document
from catalog.openapi import (
    OpenApiRuntime,
    build_mcp_manifest,
    build_request,
    create_mcp_runtime,
    credentials_from_env,
    env_name_for,
)
from catalog.openapi.runtime import RequestProblem, choose_alternative
from catalog.runtime import CatalogRuntime
from intent.errors import IntentError
from tests.fakes.petstore_api import SECRETS, PetstoreApi, running_petstore

DATA = Path(__file__).parent / "data" / "openapi"
pytestmark = pytest.mark.anyio

ALL_CREDENTIALS: dict[str, Any] = {
    "apiKeyHeader": SECRETS["api_key_header"],
    "apiKeyQuery": SECRETS["api_key_query"],
    "storeSession": SECRETS["store_session"],
    "bearerAuth": SECRETS["bearer"],
    "basicAuth": f"{SECRETS['basic_user']}:{SECRETS['basic_password']}",
}


@pytest.fixture(scope="module")
def petstore() -> Iterator[PetstoreApi]:
    with running_petstore() as api:
        yield api


@pytest.fixture(scope="module")
def manifest() -> dict[str, Any]:
    return build_mcp_manifest(load_document(DATA / "petstore_api.yaml"))


def runtime_for(
    manifest: dict[str, Any], api: PetstoreApi, credentials: dict[str, Any] | None = None, **options: Any
) -> OpenApiRuntime:
    return create_mcp_runtime(manifest, credentials=ALL_CREDENTIALS if credentials is None else credentials,
                              base_urls={"api": api.base_url}, **options)


def operation_of(manifest: dict[str, Any], name: str) -> dict[str, Any]:
    return next(tool["operation"] for tool in manifest["tools"] if tool["name"] == name)


def text_of(result: dict[str, Any]) -> str:
    return "".join(item["text"] for item in result["content"])


async def test_the_runtime_is_a_catalog_runtime_listing_tools_and_resources(
    manifest: dict[str, Any], petstore: PetstoreApi
) -> None:
    runtime = runtime_for(manifest, petstore)
    assert isinstance(runtime, CatalogRuntime)
    tools = runtime.list_tools()
    assert [tool["name"] for tool in tools][:3] == ["find_pets", "add_pet", "get_pet_by_id"]
    assert all(set(tool) == {"name", "description", "inputSchema", "annotations"} for tool in tools)
    assert runtime.list_resources() == [{"uri": "reference://api/categories", "name": "list_categories",
                                         "description": "The pet categories", "mimeType": "application/json"}]
    read = await runtime.read_resource("reference://api/categories")
    assert json.loads(read["contents"][0]["text"]) == ["dogs", "cats", "birds"]
    with pytest.raises(IntentError) as caught:
        await runtime.read_resource("reference://api/nothing")
    assert caught.value.code == "RESOURCE_UNKNOWN"
    await runtime.aclose()


async def test_query_arrays_headers_and_cookies_are_encoded_as_declared(
    manifest: dict[str, Any], petstore: PetstoreApi
) -> None:
    petstore.add("Rex", "dog")
    petstore.add("Tom", "cat", status="sold")
    runtime = runtime_for(manifest, petstore)
    result = await runtime.call_tool("find_pets", {
        "tags": ["dog", "cat"], "status": ["available", "sold"], "limit": 5,
        "X-Request-Id": "req-1", "locale": "en GB",
    })
    assert result["isError"] is False
    sent = petstore.last("/pets")
    # explode (the default) repeats the key; explode: false joins with commas.
    assert parse_qsl(sent.query) == [("tags", "dog"), ("tags", "cat"), ("status", "available,sold"), ("limit", "5")]
    assert sent.headers["x-request-id"] == "req-1"
    assert sent.headers["cookie"] == "locale=en%20GB"
    assert sent.headers["accept"] == "application/json"
    names = {pet["name"] for pet in json.loads(text_of(result))}
    assert {"Rex", "Tom"} <= names
    # A JSON array is text only: structuredContent is for objects.
    assert "structuredContent" not in result
    await runtime.aclose()


async def test_path_parameters_are_percent_encoded_and_required(
    manifest: dict[str, Any], petstore: PetstoreApi
) -> None:
    runtime = runtime_for(manifest, petstore)
    result = await runtime.call_tool("get_pet_by_id", {"petId": "a b?#&"})
    assert result["isError"] is True
    assert petstore.last("/pets/").raw_path == "/v1/pets/a%20b%3F%23%26"
    assert text_of(result).startswith("HTTP 404")
    assert "pet a b?#& not found" in text_of(result)
    operation = operation_of(manifest, "get_pet_by_id")
    built = build_request(manifest, operation, {"petId": "x/../y"}, {"base_urls": {"api": "http://h/v1"}})
    assert built.url == "http://h/v1/pets/x%2F..%2Fy"
    missing = await runtime.call_tool("get_pet_by_id", {})
    assert text_of(missing) == "INPUT_INVALID at /arguments: 'petId' is a required property"
    # The standalone runtime (no schema check) still refuses to send without a path parameter.
    from catalog.openapi.runtime import create_mcp_runtime as standalone_runtime

    bare = standalone_runtime(manifest, base_urls={"api": petstore.base_url})
    unsent = await bare.call_tool("get_pet_by_id", {})
    assert unsent["isError"] is True and "missing path parameter 'petId'" in text_of(unsent)
    await bare.aclose()
    await runtime.aclose()


async def test_json_body_with_bearer_token_and_structured_result(
    manifest: dict[str, Any], petstore: PetstoreApi
) -> None:
    runtime = runtime_for(manifest, petstore)
    result = await runtime.call_tool("add_pet", {"body": {"name": "Fido", "tag": "dog"}})
    assert result["isError"] is False
    assert result["structuredContent"]["name"] == "Fido"
    assert text_of(result) == json.dumps(result["structuredContent"], indent=2)
    sent = petstore.last("/pets")
    assert sent.headers["content-type"] == "application/json"
    assert json.loads(sent.body) == {"name": "Fido", "tag": "dog"}
    await runtime.aclose()


async def test_form_body_with_http_basic(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    pet = petstore.add("Kit")
    runtime = runtime_for(manifest, petstore)
    result = await runtime.call_tool("update_pet_with_form", {"petId": str(pet["id"]), "body": {"status": "sold"}})
    assert result["isError"] is False, text_of(result)
    assert result["structuredContent"]["status"] == "sold"
    sent = petstore.last("/form")
    assert sent.headers["content-type"] == "application/x-www-form-urlencoded"
    assert sent.body == b"status=sold"
    # user:password and the _USERNAME/_PASSWORD pair give the same header.
    split = {"basicAuth": {"username": SECRETS["basic_user"], "password": SECRETS["basic_password"]}}
    runtime2 = runtime_for(manifest, petstore, credentials=split)
    again = await runtime2.call_tool("update_pet_with_form", {"petId": str(pet["id"]), "body": {"name": "Kat"}})
    assert again["structuredContent"]["name"] == "Kat"
    await runtime.aclose()
    await runtime2.aclose()


async def test_multipart_body(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    runtime = runtime_for(manifest, petstore)
    body = {"caption": "Hello, ü", "tags": ["a", "b"]}
    result = await runtime.call_tool("upload_photo", {"petId": "1", "body": body})
    assert result["structuredContent"] == {"caption": "Hello, ü", "tags": ["a", "b"]}
    assert petstore.last("/photo").headers["content-type"].startswith("multipart/form-data; boundary=")
    await runtime.aclose()


async def test_api_keys_in_query_and_cookie(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    pet = petstore.add("Gone")
    runtime = runtime_for(manifest, petstore)
    deleted = await runtime.call_tool("delete_pet", {"petId": str(pet["id"])})
    assert deleted["isError"] is False
    assert ("api_key", SECRETS["api_key_query"]) in parse_qsl(petstore.last(f"/pets/{pet['id']}").query)
    inventory = await runtime.call_tool("get_inventory", {})
    assert inventory["isError"] is False
    assert petstore.last("/inventory").headers["cookie"] == f"store_session={SECRETS['store_session']}"
    await runtime.aclose()


async def test_security_alternatives_pick_the_first_complete_one(
    manifest: dict[str, Any], petstore: PetstoreApi
) -> None:
    pet = petstore.add("Alt")
    # getPetById: apiKeyHeader OR petstoreAuth (OAuth 2, a bearer token).
    runtime = runtime_for(manifest, petstore, credentials={"petstoreAuth": SECRETS["oauth"]})
    result = await runtime.call_tool("get_pet_by_id", {"petId": str(pet["id"])})
    assert result["isError"] is False
    sent = petstore.last(f"/pets/{pet['id']}")
    assert sent.headers["authorization"] == f"Bearer {SECRETS['oauth']}"
    assert "x-api-key" not in sent.headers
    assert choose_alternative([{"a": []}, {"b": []}], {"a": "1", "b": "2"}) == ["a"]
    assert choose_alternative([{"a": [], "b": []}, {}], {"a": "1"}) == []
    assert choose_alternative([{"a": [], "b": []}], {"a": "1"}) == ["a"]
    # Without any credential the request goes out bare and the API's 401 is the error result.
    bare = runtime_for(manifest, petstore, credentials={})
    denied = await bare.call_tool("get_pet_by_id", {"petId": str(pet["id"])})
    assert denied["isError"] is True and text_of(denied).startswith("HTTP 401")
    await runtime.aclose()
    await bare.aclose()


async def test_secrets_never_reach_results_or_errors(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    runtime = runtime_for(manifest, petstore)
    echoed = await runtime.call_tool("who_am_i", {})
    shown = json.dumps(echoed)
    assert SECRETS["bearer"] not in shown
    assert echoed["structuredContent"]["authorization"] == "Bearer [redacted]"
    # A transport failure names the operation, not the URL carrying the query key.
    broken = create_mcp_runtime(manifest, credentials=ALL_CREDENTIALS, base_urls={"api": "http://127.0.0.1:9/v1"})
    failed = await broken.call_tool("delete_pet", {"petId": "1"})
    assert failed["isError"] is True
    assert SECRETS["api_key_query"] not in json.dumps(failed)
    assert "DELETE /pets/{petId}" in text_of(failed)
    request = build_request(manifest, operation_of(manifest, "delete_pet"), {"petId": "1"},
                            {"credentials": ALL_CREDENTIALS, "base_urls": {"api": "http://h"}})
    assert SECRETS["api_key_query"] in request.url
    assert SECRETS["api_key_query"] not in json.dumps(request.describe())
    await runtime.aclose()
    await broken.aclose()


async def test_missing_or_relative_base_url_is_a_clear_error(manifest: dict[str, Any]) -> None:
    runtime = create_mcp_runtime(manifest)  # the document's server URL is "/v1"
    result = await runtime.call_tool("list_categories", {})
    assert result["isError"] is True
    assert "set API_BASE_URL" in text_of(result) and "'/v1'" in text_of(result)
    await runtime.aclose()


async def test_response_size_cap_and_timeout_are_enforced(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    capped = runtime_for(manifest, petstore, max_response_bytes=10_000)
    result = await capped.call_tool("get_big", {})
    assert result["isError"] is True and "larger than 10000 bytes" in text_of(result)
    await capped.aclose()

    async def stall(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadTimeout("slow", request=request)

    slow = runtime_for(manifest, petstore, transport=httpx2.MockTransport(stall), timeout_seconds=0.5)
    timed_out = await slow.call_tool("list_categories", {})
    assert timed_out["isError"] is True and "no response within 0.5 s" in text_of(timed_out)
    await slow.aclose()


async def test_unknown_tools_and_bad_arguments_are_error_results(
    manifest: dict[str, Any], petstore: PetstoreApi
) -> None:
    runtime = runtime_for(manifest, petstore)
    assert (await runtime.call_tool("nope", {}))["isError"] is True
    assert (await runtime.call_tool("find_pets", cast(Any, ["x"])))["isError"] is True
    header = await runtime.call_tool("find_pets", {"X-Request-Id": "a\r\nInjected: yes"})
    assert header["isError"] is True and "line breaks" in text_of(header)
    await runtime.aclose()


def test_environment_names_and_credentials(manifest: dict[str, Any]) -> None:
    assert env_name_for("petstore_auth") == "PETSTORE_AUTH"
    assert env_name_for("apiKeyHeader") == "API_KEY_HEADER"
    env = {"API_KEY_HEADER": "h", "BASIC_AUTH_USERNAME": "u", "BASIC_AUTH_PASSWORD": "p", "API_KEY": "fallback"}
    found = credentials_from_env(manifest, env)
    assert found["apiKeyHeader"] == "h"
    assert found["basicAuth"] == {"username": "u", "password": "p"}
    assert found["bearerAuth"] == "fallback" and found["petstoreAuth"] == "fallback"
    assert credentials_from_env(manifest, {"BASIC_AUTH": "u:p"})["basicAuth"] == "u:p"
    assert credentials_from_env(manifest, {}) == {}


def test_build_request_without_sending(manifest: dict[str, Any]) -> None:
    operation = next(tool["operation"] for tool in manifest["tools"] if tool["name"] == "update_pet_with_form")
    request = build_request(manifest, operation, {"petId": "7", "body": {"name": "a b", "status": "sold"}},
                            {"credentials": {"basicAuth": "u:p"}, "base_urls": {"api": "http://host/v1/"}})
    assert request.method == "POST" and request.url == "http://host/v1/pets/7/form"
    assert request.headers["Authorization"] == "Basic " + base64.b64encode(b"u:p").decode()
    assert request.content == b"name=a%20b&status=sold"
    with pytest.raises(RequestProblem):
        build_request(manifest, operation, {}, {"base_urls": {"api": "http://host"}})


async def test_arguments_are_checked_against_the_input_schema_before_sending(
    manifest: dict[str, Any], petstore: PetstoreApi,
) -> None:
    runtime = runtime_for(manifest, petstore)
    before = len(petstore.requests)
    wrong = await runtime.call_tool("find_pets", {"limit": "ten"})
    assert wrong["isError"] is True and text_of(wrong).startswith("INPUT_INVALID at /arguments/limit")
    unknown_status = await runtime.call_tool("find_pets", {"status": ["lost"]})
    assert text_of(unknown_status).startswith("INPUT_INVALID at /arguments/status/0")
    assert len(petstore.requests) == before
    await runtime.aclose()


async def test_binary_responses_are_images_or_a_short_note(manifest: dict[str, Any]) -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(40))

    async def answer(request: httpx2.Request) -> httpx2.Response:
        if request.url.path.endswith("/categories"):
            return httpx2.Response(200, content=png, headers={"content-type": "image/png"})
        return httpx2.Response(200, content=b"\x00\x01\x02", headers={"content-type": "application/octet-stream"})

    runtime = create_mcp_runtime(manifest, transport=httpx2.MockTransport(answer), base_urls={"api": "http://api"})
    image = await runtime.call_tool("list_categories", {})
    assert image["content"] == [{"type": "image", "data": base64.b64encode(png).decode(), "mimeType": "image/png"}]
    note = await runtime.call_tool("get_big", {})
    assert text_of(note) == "HTTP 200: 3 bytes of application/octet-stream (binary, not shown)"
    await runtime.aclose()


def test_the_requests_command_calls_every_operation_right(capsys: Any) -> None:
    from bench.openapi_requests import main

    assert main([str(DATA), "--json"]) == 0
    reports = {report["document"]: report for report in json.loads(capsys.readouterr().out)}
    assert set(reports) == {"petstore_api.yaml", "inventory_api.yaml"}
    assert reports["petstore_api.yaml"]["right"] == reports["petstore_api.yaml"]["tools"] == 11
    assert reports["petstore_api.yaml"]["wrong"] == []


async def test_debug_logs_carry_no_secrets(
    manifest: dict[str, Any], petstore: PetstoreApi, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    caplog.set_level(logging.DEBUG)
    broken = create_mcp_runtime(manifest, credentials=ALL_CREDENTIALS, base_urls={"api": "http://127.0.0.1:9/v1"})
    await broken.call_tool("delete_pet", {"petId": "1"})
    await broken.aclose()
    runtime = runtime_for(manifest, petstore)
    await runtime.call_tool("who_am_i", {})
    await runtime.call_tool("delete_pet", {"petId": "1"})
    await runtime.aclose()
    assert caplog.records  # the HTTP client and the runtime did log at DEBUG
    for secret in SECRETS.values():
        assert secret not in caplog.text


def test_cookie_values_keep_token_characters(manifest: dict[str, Any]) -> None:
    operation = operation_of(manifest, "get_inventory")
    request = build_request(manifest, operation, {}, {"credentials": {"storeSession": "abc/d+e=="},
                                                      "base_urls": {"api": "http://h"}})
    assert request.headers["Cookie"] == "store_session=abc/d+e=="
    finder = operation_of(manifest, "find_pets")
    spaced = build_request(manifest, finder, {"locale": 'a b;c,"d'}, {"base_urls": {"api": "http://h"}})
    assert spaced.headers["Cookie"] == "locale=a%20b%3Bc%2C%22d"
