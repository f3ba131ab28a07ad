"""Arazzo workflows: compiled from documents, run against the loopback Petstore API."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.documents import load_document
from catalog.openapi import (
    OpenApiRuntime,
    build_mcp_manifest,
    create_mcp_workflow_runtime,
    evaluate_condition,
    evaluate_expression,
    resolve_value,
)
from catalog.openapi.arazzo import check_arazzo, compile_workflows, load_arazzo, operation_index, validate_arazzo
from catalog.openapi.runtime import MAX_STEP_RUNS, ExpressionProblem
from intent.errors import IntentError
from tests.fakes.petstore_api import SECRETS, PetstoreApi, running_petstore

DATA = Path(__file__).parent / "data" / "openapi"
CREDENTIALS = {"bearerAuth": SECRETS["bearer"], "apiKeyHeader": SECRETS["api_key_header"]}
pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def petstore() -> Iterator[PetstoreApi]:
    with running_petstore() as api:
        yield api


@pytest.fixture(scope="module")
def compiled() -> tuple[dict[str, Any], list[dict[str, str]]]:
    problems: list[dict[str, str]] = []
    manifest = build_mcp_manifest(load_document(DATA / "petstore_api.yaml"),
                                  arazzo=load_arazzo(DATA / "petstore_flows.arazzo.yaml"), on_problem=problems.append)
    return manifest, problems


@pytest.fixture
def manifest(compiled: tuple[dict[str, Any], list[dict[str, str]]]) -> dict[str, Any]:
    return compiled[0]


class Recorder:
    def __init__(self) -> None:
        self.started: list[dict[str, Any]] = []
        self.steps: list[dict[str, Any]] = []
        self.slept: list[float] = []

    def on_step_start(self, info: dict[str, Any]) -> None:
        self.started.append(info)

    async def on_step(self, info: dict[str, Any]) -> None:
        self.steps.append(info)

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)


def runtime_for(manifest: dict[str, Any], api: PetstoreApi, **options: Any) -> OpenApiRuntime:
    return create_mcp_workflow_runtime(manifest, credentials=CREDENTIALS, base_urls={"petstore": api.base_url},
                                       **options)


def text_of(result: dict[str, Any]) -> str:
    return "".join(item["text"] for item in result["content"])


def test_workflows_compile_into_tools_after_the_operations(
    compiled: tuple[dict[str, Any], list[dict[str, str]]]
) -> None:
    manifest, problems = compiled
    names = [tool["name"] for tool in manifest["tools"]]
    workflow_tools = [tool for tool in manifest["tools"] if "workflow" in tool]
    assert [tool["name"] for tool in workflow_tools] == ["adopt_pet", "wait_for_flaky", "find_or_create",
                                                          "expect_nobody"]
    assert names.index("adopt_pet") > names.index("get_big")
    assert list(manifest["sources"]) == ["petstore"]  # named after the Arazzo source so steps resolve
    adopt = workflow_tools[0]
    assert adopt["annotations"] == {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": False}
    assert workflow_tools[1]["annotations"]["readOnlyHint"] is True
    assert adopt["inputSchema"]["required"] == ["name"]
    step = manifest["workflows"]["adoptPet"]["steps"][1]
    assert step["operation"]["method"] == "GET" and step["operation"]["path"] == "/pets/{petId}"
    assert step["operation"]["security"] == [{"apiKeyHeader": []}, {"petstoreAuth": ["read:pets"]}]
    assert step["parameters"] == [{"name": "petId", "in": "path", "value": "$steps.add.outputs.petId"}]
    assert problems == [{"workflowId": "countWithJsonPath", "path": "/workflows/4/steps/0/successCriteria/0",
                         "message": "'jsonpath' criteria are not supported (simple ones are)"}]
    only = build_mcp_manifest(load_document(DATA / "petstore_api.yaml"),
                              arazzo=load_arazzo(DATA / "petstore_flows.arazzo.yaml"), include_operations=False)
    assert [tool["name"] for tool in only["tools"]] == [tool["name"] for tool in workflow_tools]
    assert only["resources"] == []


async def test_outputs_flow_between_steps(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    runtime = runtime_for(manifest, petstore)
    hooks = Recorder()
    result = await runtime.call_tool("adopt_pet", {"name": "Bolt", "tag": "dog"}, hooks)
    assert result["isError"] is False, text_of(result)
    outputs = result["structuredContent"]
    assert outputs["status"] == "available" and outputs["tag"] == "dog-tagged"
    assert petstore.pets[str(outputs["petId"])]["name"] == "Bolt"
    assert json.loads(text_of(result)) == outputs
    assert [(info["stepId"], info["attempt"]) for info in hooks.started] == [("add", 1), ("read", 1)]
    assert [info["outcome"] for info in hooks.steps] == ["success", "success"]
    assert hooks.steps[0]["outputs"] == {"petId": outputs["petId"]}
    assert hooks.steps[1]["request"]["url"].endswith(f"/pets/{outputs['petId']}")
    assert SECRETS["bearer"] not in json.dumps(hooks.steps)
    await runtime.aclose()


async def test_retry_waits_and_reruns_the_step(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    runtime = runtime_for(manifest, petstore)
    hooks = Recorder()
    result = await runtime.call_tool("wait_for_flaky", {"key": "twice", "failures": 2}, hooks)
    assert result["structuredContent"] == {"attempts": 3}
    assert hooks.slept == [2.0, 2.0]
    assert [info["attempt"] for info in hooks.started] == [1, 2, 3]
    assert [info["action"]["name"] if info["action"] else None for info in hooks.steps] == ["again", "again", None]
    # retryLimit 3: a fourth failure ends the workflow.
    exhausted = await runtime.call_tool("wait_for_flaky", {"key": "never", "failures": 10}, Recorder())
    assert exhausted["isError"] is True
    assert "failed at step 'poll'" in text_of(exhausted) and "HTTP 503" in text_of(exhausted)
    assert petstore.flaky["never"] == 4
    await runtime.aclose()


async def test_goto_on_failure_and_end_on_success(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    runtime = runtime_for(manifest, petstore)
    created = await runtime.call_tool("find_or_create", {"petId": "999999", "name": "Newbie"})
    assert created["structuredContent"] == {"found": None, "created": "Newbie"}
    existing = petstore.add("Oldie")
    found = await runtime.call_tool("find_or_create", {"petId": str(existing["id"]), "name": "ignored"})
    assert found["structuredContent"] == {"found": "Oldie", "created": None}
    await runtime.aclose()


async def test_a_failing_criterion_names_step_criterion_and_response(
    manifest: dict[str, Any], petstore: PetstoreApi
) -> None:
    petstore.add("Somebody")
    runtime = runtime_for(manifest, petstore)
    result = await runtime.call_tool("expect_nobody", {})
    assert result["isError"] is True
    text = text_of(result)
    assert "workflow 'expectNobody' failed at step 'list'" in text
    assert "criterion '$response.body#/0/name == 'nobody'' did not hold" in text
    assert "HTTP 200" in text and "Somebody" in text
    await runtime.aclose()


async def test_required_inputs_are_checked_before_any_request(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    from catalog.openapi.runtime import create_mcp_workflow_runtime as standalone_runtime

    runtime = standalone_runtime(manifest, base_urls={"petstore": petstore.base_url})
    before = len(petstore.requests)
    result = await runtime.call_tool("adopt_pet", {"tag": "x"})
    assert result["isError"] is True and "needs the input(s) name" in text_of(result)
    checked = runtime_for(manifest, petstore)
    assert text_of(await checked.call_tool("adopt_pet", {})).startswith("INPUT_INVALID at /arguments")
    assert len(petstore.requests) == before
    await runtime.aclose()
    await checked.aclose()


async def test_request_headers_hook_and_mcp_progress(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    runtime = runtime_for(manifest, petstore)
    progress: list[tuple[float, float | None, str | None]] = []

    class Hooks:
        async def progress(self, done: float, total: float | None, message: str | None) -> None:
            progress.append((done, total, message))

        def request_headers(self, info: dict[str, Any]) -> dict[str, str]:
            return {"Prefer": f"code=200, step={info['stepId']}"}

    result = await runtime.call_tool("adopt_pet", {"name": "Hooked"}, Hooks())
    assert result["isError"] is False
    assert [entry[:2] for entry in progress] == [(1.0, 2.0), (2.0, 2.0)]
    assert progress[0][2] == "adoptPet: step add (attempt 1)"
    assert petstore.last("/pets/").headers["prefer"] == "code=200, step=read"
    await runtime.aclose()


async def test_a_default_sleep_waits_between_retries(manifest: dict[str, Any], petstore: PetstoreApi) -> None:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    runtime = runtime_for(manifest, petstore, sleep=sleep)
    result = await runtime.call_tool("wait_for_flaky", {"key": "once", "failures": 1})
    assert result["structuredContent"] == {"attempts": 2} and slept == [2.0]
    await runtime.aclose()


async def test_without_a_workflow_runner_a_workflow_call_is_an_error(manifest: dict[str, Any]) -> None:
    from catalog.openapi import create_mcp_runtime

    runtime = create_mcp_runtime(manifest)
    result = await runtime.call_tool("adopt_pet", {"name": "x"})
    assert result["isError"] is True and "no workflow runner" in text_of(result)
    await runtime.aclose()


async def test_more_than_the_step_budget_is_an_error() -> None:
    calls = 0

    async def answer(request: httpx2.Request) -> httpx2.Response:
        nonlocal calls
        calls += 1
        return httpx2.Response(200, json={"ok": True})

    operation = {"source": "api", "method": "GET", "path": "/ping", "params": [], "security": []}
    manifest = {
        "sources": {"api": {"baseUrl": "http://api.invalid", "securitySchemes": {}}},
        "tools": [{"name": "loop", "description": "", "inputSchema": {"type": "object"}, "annotations": {},
                   "workflow": "loop"}],
        "resources": [],
        "workflows": {"loop": {"workflowId": "loop", "inputs": {}, "outputs": {}, "steps": [
            {"stepId": "ping", "operation": operation, "parameters": [], "requestBody": None, "successCriteria": [],
             "onSuccess": [{"name": "again", "type": "goto", "stepId": "ping", "criteria": []}], "onFailure": [],
             "outputs": {}}]}},
    }
    runtime = create_mcp_workflow_runtime(manifest, transport=httpx2.MockTransport(answer))
    result = await runtime.call_tool("loop", {})
    assert result["isError"] is True and f"more than {MAX_STEP_RUNS} steps" in text_of(result)
    assert calls == MAX_STEP_RUNS
    await runtime.aclose()


def test_conditions() -> None:
    context = {"statusCode": 200, "inputs": {"n": 3, "name": "Rex"},
               "response": {"header": {"X-Rate": "10"}, "body": {"items": [{"id": 7}], "ok": True, "none": None}}}
    holds = [
        "$statusCode == 200", "$statusCode == '200'", "$statusCode != 404", "$statusCode >= 200 && $statusCode < 300",
        "$response.body#/items/0/id > 5", "$response.body#/ok", "!($statusCode == 500)",
        "$response.body#/missing == null",
        "$response.body#/none == null", "$inputs.name == \"Rex\"", "$statusCode == 500 || $inputs.n <= 3",
        "$response.header.x-rate == 10", "true", "(($inputs.n))",
    ]
    for condition in holds:
        assert evaluate_condition(condition, context) is True, condition
    for condition in ("$statusCode == 201", "$response.body#/ok == false", "$inputs.n < 3", "null", "!true"):
        assert evaluate_condition(condition, context) is False, condition
    for broken in ("$statusCode ==", "($statusCode == 200", "$statusCode === 200 x", "'open"):
        with pytest.raises(ExpressionProblem):
            evaluate_condition(broken, context)


def test_values_and_expressions() -> None:
    context = {"inputs": {"id": 7, "tags": ["a"]}, "steps": {"first": {"outputs": {"token": "t-1", "a.b": 2}}}}
    assert resolve_value("$inputs.id", context) == 7
    assert resolve_value("id-{$inputs.id}/{$steps.first.outputs.token}", context) == "id-7/t-1"
    assert resolve_value({"list": ["$inputs.tags", 1], "plain": "text"}, context) == {"list": [["a"], 1],
                                                                                         "plain": "text"}
    assert evaluate_expression("$steps.first.outputs.a.b", context) == 2
    assert evaluate_expression("$inputs.missing", context) is None
    with pytest.raises(ExpressionProblem):
        evaluate_expression("$workflows.other.outputs.x", context)


SOURCE = {
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "servers": [{"url": "http://api"}],
    "paths": {
        "/animals": {"get": {"operationId": "listAnimals", "parameters": [
            {"name": "page", "in": "query", "schema": {"type": "integer"}}], "responses": {"200": {"description": ""}}},
            "post": {"operationId": "addAnimal", "requestBody": {"content": {"application/json": {"schema": {}}}},
                     "responses": {"201": {"description": ""}}}},
        "/animals/{id}": {"delete": {"operationId": "removeAnimal", "parameters": [
            {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"204": {"description": ""}}}},
    },
}


def arazzo_with(*workflows: dict[str, Any], components: dict[str, Any] | None = None) -> dict[str, Any]:
    document = {"arazzo": "1.0.0", "info": {"title": "t", "version": "1"},
                "sourceDescriptions": [{"name": "zoo", "url": "./zoo.yaml", "type": "openapi"}],
                "workflows": list(workflows)}
    if components:
        document["components"] = components
    return check_arazzo(document)


def test_the_features_of_the_published_examples_compile() -> None:
    # Workflow-level parameters, component parameter references with a value override, $ref inputs,
    # a $sourceDescriptions operationId and an operationPath without a method, as the spec's examples use them.
    document = arazzo_with(
        {"workflowId": "tour", "inputs": {"$ref": "#/components/inputs/tour"},
         "parameters": [{"name": "X-Zoo", "in": "header", "value": "north"}],
         "steps": [
             {"stepId": "list", "operationId": "$sourceDescriptions.zoo.listAnimals",
              "parameters": [{"reference": "$components.parameters.page", "value": 2}],
              "successCriteria": [{"condition": "$statusCode == 200"}], "outputs": {"first": "$response.body#/0"}},
             {"stepId": "add", "operationPath": "{$sourceDescriptions.zoo.url}#/paths/~1animals/post",
              "requestBody": {"payload": {"name": "$inputs.name"}},
              "onFailure": [{"reference": "$components.failureActions.retryOnce"}]},
             {"stepId": "remove", "operationPath": "{$sourceDescriptions.zoo.url}#/paths/~1animals~1{id}",
              "parameters": [{"name": "id", "in": "path", "value": "$steps.add.outputs.id"}]},
         ]},
        components={"inputs": {"tour": {"type": "object", "properties": {"name": {"type": "string"}}}},
                    "parameters": {"page": {"name": "page", "in": "query", "value": 1}},
                    "failureActions": {"retryOnce": {"name": "retryOnce", "type": "retry", "retryAfter": 1,
                                                       "stepId": "add"}}},
    )
    problems: list[dict[str, str]] = []
    result = compile_workflows(document, sources={"zoo": operation_index(SOURCE, "zoo")}, on_problem=problems.append)
    assert problems == []
    tour = result["workflows"]["tour"]
    assert tour["inputs"]["properties"] == {"name": {"type": "string"}}
    first, add, remove = tour["steps"]
    assert first["parameters"] == [{"name": "X-Zoo", "in": "header", "value": "north"},
                                   {"name": "page", "in": "query", "value": 2}]
    assert add["operation"]["method"] == "POST" and add["onFailure"][0]["type"] == "retry"
    assert remove["operation"]["method"] == "DELETE" and remove["parameters"][1] == {
        "name": "id", "in": "path", "value": "$steps.add.outputs.id"}
    assert result["tools"][0]["annotations"]["destructiveHint"] is True


@pytest.mark.parametrize(("step", "reason"), [
    ({"stepId": "s", "workflowId": "other"}, "calls another workflow"),
    ({"stepId": "s", "operationId": "nothing"}, "names operation 'nothing', which no available source (zoo) has"),
    ({"stepId": "s", "operationId": "$sourceDescriptions.elsewhere.listAnimals"},
     "source 'elsewhere' is not available"),
    ({"stepId": "s", "operationId": "listAnimals", "successCriteria": [
        {"context": "$response.body", "condition": "^a", "type": "regex"}]}, "'regex' criteria are not supported"),
    ({"stepId": "s", "operationId": "listAnimals", "outputs": {"x": "$workflows.other.outputs.y"}},
     "'$workflows...' is not supported"),
    ({"stepId": "s", "operationId": "listAnimals", "onSuccess": [{"name": "g", "type": "goto", "stepId": "zz"}]},
     "goes to step 'zz'"),
    ({"stepId": "s", "operationId": "listAnimals", "onFailure": [{"name": "w", "type": "goto", "workflowId": "o"}]},
     "go to another workflow"),
    # The fragment is a JSON Pointer: without its leading '/' it names nothing.
    ({"stepId": "s", "operationPath": "{$sourceDescriptions.zoo.url}#paths/~1animals/post"},
     "is not {$sourceDescriptions.NAME.url}#/paths/"),
])
def test_what_the_runtime_cannot_run_is_reported_with_a_pointer(step: dict[str, Any], reason: str) -> None:
    problems: list[dict[str, str]] = []
    document = arazzo_with({"workflowId": "w1", "steps": [step]}, {"workflowId": "fine", "steps": [
        {"stepId": "a", "operationId": "listAnimals"}]})
    result = compile_workflows(document, sources={"zoo": operation_index(SOURCE, "zoo")}, on_problem=problems.append)
    assert list(result["workflows"]) == ["fine"]
    assert len(problems) == 1 and problems[0]["workflowId"] == "w1"
    assert reason in problems[0]["message"]
    assert problems[0]["path"].startswith("/workflows/0/steps/0")


def test_documents_are_validated_against_the_arazzo_schema() -> None:
    broken = {"arazzo": "1.0.0", "info": {"title": "t", "version": "1"},
              "sourceDescriptions": [{"name": "zoo", "url": "./zoo.yaml"}],
              "workflows": [{"workflowId": "w", "steps": [{"stepId": "s", "operationId": "x", "parameters": [
                  {"name": "p", "in": "body", "value": 1}]}]}]}
    problems = validate_arazzo(broken)
    assert problems and problems[0]["path"].startswith("/workflows/0/steps/0")
    with pytest.raises(IntentError) as caught:
        check_arazzo(broken)
    assert caught.value.code == "CONFIG_INVALID" and caught.value.path.startswith("/workflows/0")
    with pytest.raises(IntentError):
        check_arazzo({"openapi": "3.0.0"})


def test_the_examples_command_reports_every_workflow(capsys: Any) -> None:
    from bench.arazzo_examples import main

    assert main([str(DATA), "--json"]) == 0
    captured = capsys.readouterr()
    reports = {report["document"]: report for report in json.loads(captured.out)}
    report = reports["petstore_flows.arazzo.yaml"]
    assert [item["workflowId"] for item in report["compiled"]] == ["adoptPet", "waitForFlaky", "findOrCreate",
                                                                    "expectNobody"]
    assert [item["workflowId"] for item in report["reported"]] == ["countWithJsonPath"]
    # two_sources.arazzo.yaml: its local second source is read, its remote one is not.
    assert [item["workflowId"] for item in reports["two_sources.arazzo.yaml"]["compiled"]] == ["addAndCount"]
    assert "2 documents, 7 workflows: 5 compiled, 2 reported, 0 crashed" in captured.err


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="$()!=<>&|'\" 0123456789.abcdefnrtuls#/_-", max_size=40))
def test_any_condition_text_is_a_value_or_a_coded_problem(condition: str) -> None:
    context = {"statusCode": 200, "inputs": {"a": 1}, "response": {"body": {"a": [1]}, "header": {}}}
    try:
        assert evaluate_condition(condition, context) in (True, False)
    except ExpressionProblem:
        pass


def test_deep_nesting_is_a_problem_not_a_crash() -> None:
    with pytest.raises(ExpressionProblem):
        evaluate_condition("(" * 5000 + "true" + ")" * 5000, {})


async def test_a_workflow_across_two_sources(petstore: PetstoreApi) -> None:
    from catalog.openapi import runtime_from_env

    problems: list[dict[str, str]] = []
    manifest = build_mcp_manifest(load_document(DATA / "petstore_api.yaml"),
                                  arazzo=load_arazzo(DATA / "two_sources.arazzo.yaml"),
                                  arazzo_sources={"inventory": load_document(DATA / "inventory_api.yaml")},
                                  on_problem=problems.append)
    assert list(manifest["sources"]) == ["petstore", "inventory"]
    assert manifest["sources"]["inventory"]["securitySchemes"]["session"]["in"] == "cookie"
    assert [problem["workflowId"] for problem in problems] == ["remoteOnly"]
    env = {"BEARER_AUTH": SECRETS["bearer"], "SESSION": SECRETS["store_session"],
           "API_BASE_URL": petstore.base_url, "API_BASE_URL_INVENTORY": petstore.base_url + "/store"}
    runtime = runtime_from_env(manifest, env)
    result = await runtime.call_tool("add_and_count", {"name": "Counted"})
    assert result["isError"] is False, text_of(result)
    assert result["structuredContent"]["available"] >= 1
    assert petstore.last("/inventory").headers["cookie"] == f"store_session={SECRETS['store_session']}"
    await runtime.aclose()


def test_the_command_line_reads_local_sources_beside_the_arazzo_document(capsys: Any) -> None:
    from intent_mcp.cli import main
    from intent_mcp.commands.serve_openapi import base_url_flags

    assert main(["check", "openapi", str(DATA / "petstore_api.yaml"), "--arazzo",
                 str(DATA / "two_sources.arazzo.yaml"), "--json", "--workflows-only"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["workflows"] == 1 and report["tools"] == 1
    assert {item["id"] for item in report["findings"] if item["kind"] == "base_url_needed"} == {"petstore",
                                                                                              "inventory"}
    assert base_url_flags(["http://a", "inventory=http://b/x"]) == ("http://a", {"inventory": "http://b/x"})
    with pytest.raises(IntentError):
        base_url_flags(["inventory=b"])
