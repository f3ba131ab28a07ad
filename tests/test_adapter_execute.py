"""The adapter's intent_execute seam: kept recognitions, the request id in _meta, claims, sessions, bounds.

The execution here is a recording double: what is under test is the adapter's side (which
recognition reaches it, when a call may run again, what the wire looks like), not planning.
"""

from __future__ import annotations

from typing import Any

import anyio
import jsonschema
import mcp_types as types
import pytest
from mcp.shared.exceptions import MCPError

from adapter import (
    REQUEST_ID_META_KEY,
    ExecutionReply,
    ExecutionRequest,
    IntentMcpAdapterConfig,
    create_intent_mcp_adapter,
    create_server,
)
from adapter.execution import without_offsets
from adapter.schemas import EXECUTE_REPLY_SCHEMA
from intent import Intent, IntentConfig
from intent.errors import IntentError
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT, seed_reply
from tests.test_adapter_support import WireLog, error_of, legacy_client, recording_transport, structured


class RecordingExecution:
    """Answers what it is told and keeps every request it was given."""

    def __init__(self, *, ran: bool = True, is_error: bool = False, fail: bool = False) -> None:
        self.ran = ran
        self.is_error = is_error
        self.fail = fail
        self.requests: list[ExecutionRequest] = []

    async def execute(self, request: ExecutionRequest) -> ExecutionReply:
        self.requests.append(request)
        if self.fail:
            raise RuntimeError("broken")
        body = {"status": "executed", "requestId": request.request_id, "intentId": request.intent_id,
                "plan": {"tool": "t"}}
        if self.is_error:
            body = {"error": {"code": "CALL_REFUSED"}, "refusal": {"code": "NO_TOOL"}}
        return ExecutionReply(body, is_error=self.is_error, ran=self.ran)


def adapter_with(execution: Any, *, mode: str = "executor", **kwargs: Any) -> Any:
    config = IntentConfig(executor=None) if mode == "host" else IntentConfig()
    return create_intent_mcp_adapter(IntentMcpAdapterConfig(
        mode=mode, instances={"main": Intent(config)}, execution=execution, **kwargs))  # type: ignore[arg-type]


async def parse(client: Any, text: str = SEED_INPUT) -> tuple[dict[str, Any], str]:
    result = await client.call_tool("intent_parse", {"input": text})
    body = structured(result)
    assert result.meta is not None
    request_id = result.meta[REQUEST_ID_META_KEY]
    assert isinstance(request_id, str) and request_id.startswith("req_")
    return body, request_id


@pytest.mark.anyio
async def test_intent_parse_keeps_the_seed_shape_and_puts_the_request_id_in_meta() -> None:
    execution = RecordingExecution()
    log = WireLog()
    async with legacy_client(create_server(adapter_with(execution))) as plain:
        tools = {tool.name: tool for tool in (await plain.list_tools()).tools}
    assert set(tools) == {"intent_parse", "intent_execute"}
    assert tools["intent_execute"].input_schema["required"] == ["requestId", "intentId"]
    assert tools["intent_execute"].annotations is not None and tools["intent_execute"].annotations.destructive_hint
    from mcp import Client

    async with Client(recording_transport(create_server(adapter_with(execution)), log), mode="legacy") as client:
        body, request_id = await parse(client)
        reply = structured(await client.call_tool("intent_execute", {"requestId": request_id, "intentId": "intent-1"}))
    seed = seed_reply()
    assert body == seed["structuredContent"]
    wire = log.tool_results()[0]
    # The whole result is the seed's but for _meta: the IntentResult itself is untouched.
    assert {key: value for key, value in wire.items() if key != "_meta"} == seed
    assert wire["_meta"] == {REQUEST_ID_META_KEY: request_id}
    jsonschema.validate(reply, EXECUTE_REPLY_SCHEMA)
    (request,) = execution.requests
    assert request.request_id == request_id and request.intent_id == "intent-1"
    # The kept recognition has span offsets for the audit evidence; the caller's result has none.
    assert without_offsets(request.result) == seed["structuredContent"] and request.instance == "main"
    assert request.result["turn"]["changes"][0]["sourceRefs"][0] == {"root": "input", "pointer": "", "start": 0,
                                                                      "end": 20}
    assert request.confirm is False and request.request_context is not None


@pytest.mark.anyio
async def test_without_an_execution_nothing_changes() -> None:
    adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(instances={"main": Intent(IntentConfig())}))
    async with legacy_client(create_server(adapter)) as client:
        assert [tool.name for tool in (await client.list_tools()).tools] == ["intent_parse"]
        result = await client.call_tool("intent_parse", {"input": SEED_INPUT})
        with pytest.raises(MCPError, match="Unknown tool: intent_execute"):
            await client.call_tool("intent_execute", {"requestId": "req_x", "intentId": "intent-1"})
    assert result.meta is None


@pytest.mark.anyio
async def test_a_call_that_ran_runs_at_most_once_and_a_refusal_or_prompt_leaves_it_open() -> None:
    ran, asked = RecordingExecution(ran=True), RecordingExecution(ran=False)
    async with legacy_client(create_server(adapter_with(ran))) as client:
        _, request_id = await parse(client)
        structured(await client.call_tool("intent_execute", {"requestId": request_id, "intentId": "intent-1"}))
        again = error_of(await client.call_tool("intent_execute",
                                                {"requestId": request_id, "intentId": "intent-1", "confirm": True}))
    assert again["code"] == "CALL_ALREADY_RUN" and again["path"] == "/intentId"
    assert len(ran.requests) == 1
    async with legacy_client(create_server(adapter_with(asked))) as client:
        _, request_id = await parse(client)
        for confirm in (False, True):
            structured(await client.call_tool("intent_execute",
                                              {"requestId": request_id, "intentId": "intent-1", "confirm": confirm}))
    assert [request.confirm for request in asked.requests] == [False, True]


@pytest.mark.anyio
async def test_a_refusal_is_an_error_result_that_keeps_its_structure() -> None:
    async with legacy_client(create_server(adapter_with(RecordingExecution(ran=False, is_error=True)))) as client:
        _, request_id = await parse(client)
        result = await client.call_tool("intent_execute", {"requestId": request_id, "intentId": "intent-1"})
    assert result.is_error is True
    assert result.structured_content == {"error": {"code": "CALL_REFUSED"}, "refusal": {"code": "NO_TOOL"}}
    assert isinstance(result.content[0], types.TextContent)


@pytest.mark.anyio
async def test_an_execution_that_breaks_is_an_internal_error_and_spends_the_intent() -> None:
    execution = RecordingExecution(fail=True)
    async with legacy_client(create_server(adapter_with(execution))) as client:
        _, request_id = await parse(client)
        first = error_of(await client.call_tool("intent_execute", {"requestId": request_id, "intentId": "intent-1"}))
        second = error_of(await client.call_tool("intent_execute", {"requestId": request_id, "intentId": "intent-1"}))
    assert first["code"] == "INTERNAL" and "broken" not in first["message"]
    assert second["code"] == "CALL_ALREADY_RUN"


@pytest.mark.anyio
@pytest.mark.parametrize(("arguments", "code", "path"), [
    ({"requestId": "req_unknown", "intentId": "intent-1"}, "REQUEST_UNKNOWN", "/requestId"),
    ({"requestId": "", "intentId": "intent-1"}, "INPUT_INVALID", "/requestId"),
    ({"requestId": "req_x"}, "INPUT_INVALID", "/intentId"),
    ({"requestId": "req_x", "intentId": "intent-1", "confirm": "yes"}, "INPUT_INVALID", "/confirm"),
    ({"requestId": "req_x", "intentId": "intent-1", "tool": "delete_pet"}, "INPUT_INVALID", "/tool"),
])
async def test_bad_execute_arguments_are_coded(arguments: dict[str, Any], code: str, path: str) -> None:
    execution = RecordingExecution()
    async with legacy_client(create_server(adapter_with(execution))) as client:
        if arguments.get("confirm") is not None:
            _, arguments["requestId"] = await parse(client)
        error = error_of(await client.call_tool("intent_execute", arguments))
    assert (error["code"], error["path"]) == (code, path)
    assert execution.requests == []


@pytest.mark.anyio
async def test_a_recognition_belongs_to_its_connection() -> None:
    adapter = adapter_with(RecordingExecution())
    server = create_server(adapter)
    async with legacy_client(server) as first:
        _, request_id = await parse(first)
        async with legacy_client(server) as second:
            error = error_of(await second.call_tool("intent_execute",
                                                    {"requestId": request_id, "intentId": "intent-1"}))
    assert error["code"] == "REQUEST_UNKNOWN"


@pytest.mark.anyio
async def test_kept_recognitions_are_bounded_like_finished_handoffs() -> None:
    execution = RecordingExecution(ran=False)
    async with legacy_client(create_server(adapter_with(execution, max_terminal_records=2))) as client:
        ids = [(await parse(client))[1] for _ in range(3)]
        oldest = error_of(await client.call_tool("intent_execute", {"requestId": ids[0], "intentId": "intent-1"}))
        newest = await client.call_tool("intent_execute", {"requestId": ids[2], "intentId": "intent-1"})
    assert oldest["code"] == "REQUEST_UNKNOWN"
    assert newest.is_error is False


@pytest.mark.anyio
async def test_host_mode_executes_only_an_accepted_recognition() -> None:
    execution = RecordingExecution()
    async with legacy_client(create_server(adapter_with(execution, mode="host"))) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        task = structured(await client.call_tool("intent_prepare", {"input": SEED_INPUT}))
        early = error_of(await client.call_tool("intent_execute",
                                                {"requestId": task["requestId"], "intentId": "intent-1"}))
        accepted = structured(await client.call_tool("intent_accept", {
            "requestId": task["requestId"], "submissionToken": task["submissionToken"],
            "candidateText": SEED_CANDIDATE}))
        structured(await client.call_tool("intent_execute", {"requestId": task["requestId"], "intentId": "intent-1"}))
        other = structured(await client.call_tool("intent_prepare", {"input": SEED_INPUT}))
        await client.call_tool("intent_cancel", {"requestId": other["requestId"]})
        cancelled = error_of(await client.call_tool("intent_execute",
                                                    {"requestId": other["requestId"], "intentId": "intent-1"}))
    assert names == {"intent_prepare", "intent_accept", "intent_cancel", "intent_execute"}
    assert early["code"] == "RECOGNITION_MISSING"
    assert cancelled["code"] == "REQUEST_CANCELLED"
    (request,) = execution.requests
    assert without_offsets(request.result) == accepted and request.instance == "main"
    assert "start" in request.result["turn"]["changes"][0]["sourceRefs"][0]
    assert "start" not in accepted["turn"]["changes"][0]["sourceRefs"][0]


@pytest.mark.anyio
async def test_a_caller_that_asks_for_spans_gets_them() -> None:
    async with legacy_client(create_server(adapter_with(RecordingExecution()))) as client:
        result = await client.call_tool("intent_parse", {"input": SEED_INPUT, "output": {"spans": True}})
    assert structured(result)["turn"]["changes"][0]["sourceRefs"][0]["end"] == 20


@pytest.mark.anyio
async def test_a_one_call_session_hands_out_no_request_id_and_cannot_execute() -> None:
    execution = RecordingExecution()
    adapter = adapter_with(execution)
    from adapter import ConnectionSessions

    sessions = ConnectionSessions(adapter)

    class Context:  # a 2026-07-28 call without connection identity (single-exchange HTTP)
        protocol_version = "2026-07-28"
        session = None
        meta = None

    parsed = await sessions.call_tool(Context(), "intent_parse", {"input": SEED_INPUT})
    refused = await sessions.call_tool(Context(), "intent_execute", {"requestId": "req_x", "intentId": "intent-1"})
    assert parsed.is_error is False and parsed.meta is None
    assert error_of(refused)["code"] == "CONFIG_INVALID"
    assert execution.requests == []


def test_an_execution_without_execute_is_refused() -> None:
    with pytest.raises(IntentError) as caught:
        adapter_with(object())
    assert caught.value.code == "CONFIG_INVALID" and caught.value.path == "/execution"


@pytest.mark.anyio
async def test_concurrent_executes_of_one_intent_run_it_once() -> None:
    gate = anyio.Event()

    class Slow(RecordingExecution):
        async def execute(self, request: ExecutionRequest) -> ExecutionReply:
            await gate.wait()
            return await super().execute(request)

    execution = Slow()
    async with legacy_client(create_server(adapter_with(execution))) as client:
        _, request_id = await parse(client)
        results: list[Any] = []

        async def call() -> None:
            results.append(await client.call_tool("intent_execute", {"requestId": request_id, "intentId": "intent-1"}))

        async with anyio.create_task_group() as group:
            group.start_soon(call)
            group.start_soon(call)
            await anyio.sleep(0.2)
            gate.set()
    assert sorted(result.is_error for result in results) == [False, True]
    assert len(execution.requests) == 1


@pytest.mark.anyio
async def test_a_prompt_is_remembered_for_the_intents_next_call() -> None:
    class Asking(RecordingExecution):
        async def execute(self, request: ExecutionRequest) -> ExecutionReply:
            self.requests.append(request)
            return ExecutionReply({"status": "confirmation_required", "requestId": request.request_id,
                                   "intentId": request.intent_id, "plan": {}}, prompted=True)

    execution = Asking()
    async with legacy_client(create_server(adapter_with(execution))) as client:
        _, request_id = await parse(client, "Look up order 000123 and cancel order 000456")
        for intent_id in ("intent-1", "intent-1", "intent-2"):
            await client.call_tool("intent_execute", {"requestId": request_id, "intentId": intent_id, "confirm": True})
    assert [(request.intent_id, request.prompted) for request in execution.requests] == [
        ("intent-1", False), ("intent-1", True), ("intent-2", False)]


@pytest.mark.anyio
async def test_an_execute_turned_away_is_reported_to_the_execution() -> None:
    class Auditing(RecordingExecution):
        def __init__(self) -> None:
            super().__init__()
            self.rejections: list[tuple[str, str, str]] = []

        def rejected(self, request_id: str, intent_id: str, error: IntentError) -> None:
            self.rejections.append((request_id, intent_id, error.code))

    execution = Auditing()
    async with legacy_client(create_server(adapter_with(execution))) as client:
        _, request_id = await parse(client)
        for _ in range(2):
            await client.call_tool("intent_execute", {"requestId": request_id, "intentId": "intent-1"})
        await client.call_tool("intent_execute", {"requestId": "req_nope", "intentId": "intent-1"})
    assert execution.rejections == [(request_id, "intent-1", "CALL_ALREADY_RUN"),
                                    ("req_nope", "intent-1", "REQUEST_UNKNOWN")]
    assert len(execution.requests) == 1
