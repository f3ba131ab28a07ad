"""From words to a verified call against a real loopback Petstore API, through an MCP client.

The server offers intent_parse and intent_execute over the Swagger Petstore 3 document
(``tests/data/catalog/petstore.yaml``); the built-in recognizer reads the requests, the planner
checks each call against the tool's schema and the person's words, and the OpenAPI runtime sends it
to the loopback API, which records what it actually received. Each test asserts the plan, the
refusal or confirmation prompt, the request the API got (or that it got none) and the audit line.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from catalog.documents import load_document
from catalog.openapi import build_mcp_manifest, runtime_from_env
from intent import Intent, IntentConfig, ScriptedExecutor
from intent_mcp.verified_server import VerifiedOptions, binding_for_runtime, create_verified_server
from tests.candidates import candidate, constraint, field, intent
from tests.fakes.petstore_api import SECRETS, PetstoreApi, running_petstore
from tests.serving import http_process, stop
from tests.verified_calls import audit_lines, execute, parse

REPO = Path(__file__).resolve().parent.parent
PETSTORE = REPO / "tests" / "data" / "catalog" / "petstore.yaml"


@pytest.fixture(scope="module")
def api() -> Iterator[PetstoreApi]:
    with running_petstore() as served:
        yield served


@pytest.fixture
def audit_path(tmp_path: Path) -> Path:
    return tmp_path / "audit.jsonl"


def runtime_for(api: PetstoreApi) -> Any:
    manifest = build_mcp_manifest(load_document(PETSTORE))
    return runtime_from_env(manifest, {"PETSTORE_AUTH": SECRETS["oauth"]}, base_url=api.petstore3_url)


@asynccontextmanager
async def petstore_client(api: PetstoreApi, audit: Path, *, scripted: list[str] | None = None,
                          **options: Any) -> AsyncIterator[Client]:
    runtime = runtime_for(api)
    extra: dict[str, Any] = {}
    if scripted is not None:  # a model's answers, verified by the core like the built-in recognizer's
        extra["intent"] = Intent(IntentConfig(catalog=binding_for_runtime(runtime),
                                              executor=ScriptedExecutor(scripted)))
    server, _ = create_verified_server(runtime, VerifiedOptions(audit=audit, **options), name="petstore",
                                       on_stop=runtime.aclose, **extra)
    async with Client(server, mode="legacy") as client:
        yield client


def requests_since(api: PetstoreApi, start: int) -> list[tuple[str, str, str]]:
    return [(item.method, item.raw_path, item.query) for item in api.requests[start:]]


@pytest.mark.anyio
async def test_find_pets_with_status_sold_runs_the_search_and_nothing_else(api: PetstoreApi, audit_path: Path) -> None:
    text = "Find pets with status sold. Do not delete any pet."
    sold = api.add("Sold Sam", status="sold")
    api.add("Free Fay", status="available")
    start = len(api.requests)
    async with petstore_client(api, audit_path) as client:
        result, request_id = await parse(client, text)
        reply = await execute(client, request_id)
    (found,) = result["effective"]["intents"]
    assert found["extensions"]["tool"] == "find_pets_by_status"
    assert found["extensions"]["forbiddenTools"] == ["delete_pet"]
    assert reply.is_error is False
    body = reply.structured_content
    assert body["status"] == "executed" and body["confirmation"] is None
    assert body["plan"]["tool"] == "find_pets_by_status" and body["plan"]["arguments"] == {"status": "sold"}
    (evidence,) = body["plan"]["evidence"]
    assert text[slice(*evidence["spans"][0])] == "sold"
    # What the API received: the one search, with the person's status; no delete.
    assert requests_since(api, start) == [("GET", "/api/v3/pet/findByStatus", "status=sold")]
    assert json.loads(body["result"]["content"][0]["text"]) == [sold]
    (line,) = audit_lines(audit_path)
    assert {key: line[key] for key in ("event", "requestId", "intentId", "tool", "arguments", "outcome")} == {
        "event": "intent_execute", "requestId": request_id, "intentId": "intent-1", "tool": "find_pets_by_status",
        "arguments": {"status": "sold"}, "outcome": "ok"}
    assert line["evidence"] == [{"argument": "status", "field": "status", "spans": [[22, 26]], "quotes": ["sold"]}]
    assert stat.S_IMODE(os.stat(audit_path).st_mode) == 0o600


@pytest.mark.anyio
async def test_delete_pet_12_is_refused_without_confirmation_and_run_with_it(
    api: PetstoreApi, audit_path: Path
) -> None:
    api.pets["12"] = {"id": 12, "name": "Twelve", "status": "available"}
    start = len(api.requests)
    async with petstore_client(api, audit_path) as client:
        _, request_id = await parse(client, "Delete pet 12")
        # A confirm sent before the person was ever asked confirms nothing: the prompt comes first.
        asked = await execute(client, request_id, confirm=True)
        assert requests_since(api, start) == []  # nothing reached the API before the person confirmed
        assert "12" in api.pets
        ran = await execute(client, request_id, confirm=True)
        again = await execute(client, request_id, confirm=True)
    prompt = ("Delete pet 12 (delete_pet, petId=12)? This cannot be undone. "
              "Call intent_execute again with confirm: true to run it.")
    assert asked.is_error is False
    assert asked.structured_content["status"] == "confirmation_required"
    assert asked.structured_content["confirmation"] == {"reason": "destructive", "prompt": prompt}
    assert asked.structured_content["plan"]["arguments"] == {"petId": 12}
    assert "result" not in asked.structured_content
    assert ran.structured_content["status"] == "executed"
    assert ran.structured_content["plan"]["tool"] == "delete_pet"
    (sent,) = api.requests[start:]
    assert (sent.method, sent.raw_path) == ("DELETE", "/api/v3/pet/12")
    assert sent.headers["authorization"] == f"Bearer {SECRETS['oauth']}"
    assert "12" not in api.pets
    # A recognized call runs at most once: the second confirmation sends nothing.
    assert again.is_error is True and json.loads(again.content[0].text)["error"]["code"] == "CALL_ALREADY_RUN"
    assert len(api.requests) == start + 1
    first, second, third = audit_lines(audit_path)
    assert (first["outcome"], first["confirmed"], second["outcome"], second["confirmed"]) == (
        "confirmation_required", False, "ok", True)
    # The attempt to run it again is on record too.
    assert (third["outcome"], third["requestId"], third["tool"]) == ("rejected", request_id, None)
    assert third["error"].startswith("CALL_ALREADY_RUN: ")
    assert first["evidence"] == second["evidence"] == [
        {"argument": "petId", "field": "petId", "spans": [[11, 13]], "quotes": ["12"]}]
    written = audit_path.read_text(encoding="utf-8") + json.dumps(ran.model_dump(mode="json"))
    assert SECRETS["oauth"] not in written


@pytest.mark.anyio
async def test_place_an_order_builds_the_request_body_from_the_words(api: PetstoreApi, audit_path: Path) -> None:
    text = "Place an order for pet 7, quantity 2"
    start = len(api.requests)
    async with petstore_client(api, audit_path) as client:
        _, request_id = await parse(client, text)
        reply = await execute(client, request_id)
    plan = reply.structured_content["plan"]
    assert reply.structured_content["status"] == "executed"
    assert (plan["tool"], plan["arguments"]) == ("place_order", {"body": {"petId": 7, "quantity": 2}})
    assert [(item["argument"], item["path"], text[slice(*item["spans"][0])]) for item in plan["evidence"]] == [
        ("body", "/petId", "7"), ("body", "/quantity", "2")]
    (sent,) = api.requests[start:]
    assert (sent.method, sent.raw_path) == ("POST", "/api/v3/store/order")
    assert json.loads(sent.body) == {"petId": 7, "quantity": 2}
    (line,) = audit_lines(audit_path)
    assert line["arguments"] == {"body": {"petId": 7, "quantity": 2}}
    assert [(item["path"], item["spans"]) for item in line["evidence"]] == [("/petId", [[23, 24]]),
                                                                          ("/quantity", [[35, 36]])]


@pytest.mark.anyio
async def test_look_up_order_000123_runs_the_look_up_only(api: PetstoreApi, audit_path: Path) -> None:
    api.orders["123"] = {"id": 123, "petId": 7, "quantity": 2, "status": "placed"}
    start = len(api.requests)
    async with petstore_client(api, audit_path) as client:
        _, request_id = await parse(client, "Look up order 000123. Do not cancel the order.")
        reply = await execute(client, request_id)
    assert reply.structured_content["plan"]["arguments"] == {"orderId": 123}  # the tool's schema: an int64
    assert reply.structured_content["plan"]["evidence"][0]["quotes"] == ["000123"]
    assert requests_since(api, start) == [("GET", "/api/v3/store/order/123", "")]
    assert json.loads(reply.structured_content["result"]["content"][0]["text"])["petId"] == 7
    assert "123" in api.orders


@pytest.mark.anyio
async def test_cancel_order_000123_is_no_operation_of_the_petstore(api: PetstoreApi, audit_path: Path) -> None:
    """The Petstore deletes orders; it does not cancel them. Neither the built-in recognizer's reading nor a
    model that maps the request to ``delete_order`` gets a call the person did not ask for.

    (Cancelling with a confirmation runs on the Tool-node catalog, whose ``order.cancel`` is that operation.)
    """
    api.orders["123"] = {"id": 123, "petId": 7, "quantity": 2, "status": "placed"}
    start = len(api.requests)
    model = candidate(intents=[intent("i1", "Cancel order 000123", "Cancel", "order 000123", domain="delete_order",
                                      fields=[field("orderId", 123, "000123")])])
    for scripted in (None, [model]):
        async with petstore_client(api, audit_path, scripted=scripted) as client:
            _, request_id = await parse(client, "Cancel order 000123")
            refused = await execute(client, request_id, confirm=True)
        assert refused.is_error is True
        assert refused.structured_content["error"]["code"] == "CALL_REFUSED"
        assert refused.structured_content["refusal"]["code"] == "NO_TOOL"
        assert "'Cancel' is not what tool" in refused.structured_content["refusal"]["message"]
    assert requests_since(api, start) == []
    assert "123" in api.orders
    assert [(line["outcome"], line["refusal"]["code"]) for line in audit_lines(audit_path)] == [
        ("refused", "NO_TOOL"), ("refused", "NO_TOOL")]


@pytest.mark.anyio
async def test_a_prohibition_forbids_the_only_matching_tool(api: PetstoreApi, audit_path: Path) -> None:
    """A model maps the request to delete_pet; the person's own "Do not delete any pet" stops it."""
    text = "Find pets with status sold. Do not delete any pet."
    model = candidate(intents=[intent("i1", "Find pets with status sold", "Find", "pets", domain="delete_pet")],
                      constraints=[constraint("prohibition", "Do not delete any pet", "i1")])
    start = len(api.requests)
    async with petstore_client(api, audit_path, scripted=[model]) as client:
        _, request_id = await parse(client, text)
        refused = await execute(client, request_id, confirm=True)
    assert refused.is_error is True
    refusal = refused.structured_content["refusal"]
    assert (refusal["code"], refusal["tool"], refusal["intentId"]) == ("TOOL_FORBIDDEN", "delete_pet", "intent-1")
    assert refused.structured_content["error"]["message"].startswith("TOOL_FORBIDDEN: ")
    assert requests_since(api, start) == []
    (line,) = audit_lines(audit_path)
    assert (line["outcome"], line["tool"], line["refusal"]["code"]) == ("refused", "delete_pet", "TOOL_FORBIDDEN")


@pytest.mark.anyio
@pytest.mark.parametrize(("text", "intent_id", "code", "question"), [
    ("Delete the pet", "intent-1", "ARGUMENT_MISSING", "What is the pet id to delete?"),
    ("Delete pet 12", "intent-9", "INTENT_UNKNOWN", None),
    ("Cancel order 000123", "intent-1", "NO_TOOL", None),
])
async def test_refusals_are_coded_with_the_question_to_ask(
    api: PetstoreApi, audit_path: Path, text: str, intent_id: str, code: str, question: str | None
) -> None:
    start = len(api.requests)
    async with petstore_client(api, audit_path) as client:
        _, request_id = await parse(client, text)
        refused = await execute(client, request_id, intent_id, confirm=True)
    assert refused.is_error is True
    body = refused.structured_content
    assert body["error"]["code"] == "CALL_REFUSED" and body["error"]["path"] == "/intentId"
    assert body["refusal"]["code"] == code and body["refusal"]["question"] == question
    assert json.loads(refused.content[0].text) == body
    assert requests_since(api, start) == []
    (line,) = audit_lines(audit_path)
    assert (line["requestId"], line["intentId"], line["outcome"]) == (request_id, intent_id, "refused")


@pytest.mark.anyio
async def test_the_catalog_tools_are_hidden_unless_exposed(api: PetstoreApi, audit_path: Path) -> None:
    start = len(api.requests)
    async with petstore_client(api, audit_path) as client:
        assert [tool.name for tool in (await client.list_tools()).tools] == ["intent_parse", "intent_execute"]
        with pytest.raises(MCPError, match="Unknown tool: delete_pet"):
            await client.call_tool("delete_pet", {"petId": 12})
    assert requests_since(api, start) == []
    async with petstore_client(api, audit_path, expose_catalog_tools=True) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
    assert names[:2] == ["intent_parse", "intent_execute"] and "delete_pet" in names and "place_order" in names


def test_serve_openapi_execute_over_streamable_http(api: PetstoreApi, tmp_path: Path) -> None:
    """The real process: recognitions stay with their HTTP session between intent_parse and intent_execute."""
    api.pets["21"] = {"id": 21, "name": "TwentyOne", "status": "available"}
    audit = tmp_path / "calls.jsonl"
    log = tmp_path / "server.log"
    args = ["-m", "intent_mcp", "serve", "openapi", str(PETSTORE), "--execute",
            "--base-url", api.petstore3_url, "--audit", str(audit), "--transport", "http", "--port", "0"]
    with http_process(args, log, env={"PETSTORE_AUTH": SECRETS["oauth"]}) as (process, url):
        start = len(api.requests)

        async def drive() -> tuple[Any, Any, Any]:
            with anyio.fail_after(60):
                async with Client(url, mode="legacy") as client:
                    _, request_id = await parse(client, "Delete pet 21")
                    asked = await execute(client, request_id)
                    ran = await execute(client, request_id, confirm=True)
                async with Client(url, mode="legacy") as other:  # another session: not its request
                    stranger = await execute(other, request_id, confirm=True)
                return asked, ran, stranger

        asked, ran, stranger = anyio.run(drive)
        assert stop(process) == 0
    assert asked.structured_content["status"] == "confirmation_required"
    assert ran.structured_content["status"] == "executed"
    assert json.loads(stranger.content[0].text)["error"]["code"] == "REQUEST_UNKNOWN"
    assert requests_since(api, start) == [("DELETE", "/api/v3/pet/21", "")]
    assert [line["outcome"] for line in audit_lines(audit)] == ["confirmation_required", "ok", "rejected"]
    assert SECRETS["oauth"] not in audit.read_text() + log.read_text(errors="replace")
