"""VerifiedCalls on its own: steps that wait for earlier ones, runtime failures, secrets kept out of audit lines.

The planner is replaced by a fixed plan here so each rule of the execution side is checked alone;
the real planner runs in the end-to-end tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from adapter import ExecutionRequest
from catalog import CatalogBinding
from catalog.plan import ArgumentEvidence, PlannedCall
from catalog.tool_nodes import AuditLog, ToolNodeRuntime, project
from intent_mcp.call_audit import REDACTED, secret_pointers
from intent_mcp.verified_calls import DEPENDENCY_PENDING, VerifiedCalls
from tests.fakes.catalog_runtime import TOOLS, FakeRuntime

INPUT = "Add 2 and 3 with password hunter2"


class Sink:
    def __init__(self, *, broken: bool = False) -> None:
        self.lines: list[dict[str, Any]] = []
        self.broken = broken

    def write(self, record: Mapping[str, Any]) -> None:
        if self.broken:
            raise OSError("disk full")
        self.lines.append(dict(record))


def fixed(plan: PlannedCall) -> Any:
    def planner(result: Mapping[str, Any], binding: CatalogBinding, *, intent_id: str | None = None) -> PlannedCall:
        return plan

    return planner


def add_plan(tool: str = "add", **extra: Any) -> PlannedCall:
    evidence = (ArgumentEvidence("a", "a", 2, ("2",), ((4, 5),)), ArgumentEvidence("b", "b", 3, ("3",), ((10, 11),)))
    return PlannedCall("intent-2", tool, {"a": 2, "b": 3}, evidence, None, **extra)


def request(**extra: Any) -> ExecutionRequest:
    return ExecutionRequest(request_id="req_1", intent_id="intent-2", confirm=False, result={"input": INPUT}, **extra)


@pytest.mark.anyio
async def test_a_step_waits_for_the_step_whose_outcome_it_needs() -> None:
    runtime, sink = FakeRuntime(), Sink()
    calls = VerifiedCalls(runtime, CatalogBinding.from_tools(TOOLS), audit=sink,
                          planner=fixed(add_plan(depends_on=("intent-1",))))
    waiting = await calls.execute(request())
    assert waiting.is_error and not waiting.ran
    assert waiting.body["refusal"]["code"] == DEPENDENCY_PENDING
    assert "'intent-1'" in waiting.body["refusal"]["message"]
    assert runtime.calls == []
    ran = await calls.execute(request(ran_intents=frozenset({"intent-1"})))
    assert ran.ran and not ran.is_error and ran.body["status"] == "executed"
    assert runtime.calls == [("add", {"a": 2, "b": 3})]
    assert [line["outcome"] for line in sink.lines] == ["refused", "ok"]


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "error"), [
    ("crash", "internal error (RuntimeError)"),
    ("refuse", "the tool answered with an error result"),
])
async def test_a_failed_call_is_a_failed_reply_that_still_counts_as_run(tool: str, error: str) -> None:
    runtime, sink = FakeRuntime(), Sink()
    calls = VerifiedCalls(runtime, CatalogBinding.from_tools(TOOLS), audit=sink, planner=fixed(add_plan(tool)))
    reply = await calls.execute(request())
    assert reply.ran and reply.is_error
    assert reply.body["status"] == "failed" and reply.body["result"]["isError"] is True
    (line,) = sink.lines
    assert (line["outcome"], line["error"]) == ("error", error)


@pytest.mark.anyio
async def test_an_audit_that_cannot_be_written_does_not_change_the_reply(caplog: Any) -> None:
    calls = VerifiedCalls(FakeRuntime(), CatalogBinding.from_tools(TOOLS), audit=Sink(broken=True),
                          planner=fixed(add_plan()))
    reply = await calls.execute(request())
    assert reply.body["status"] == "executed"
    assert "audit line could not be written: OSError" in caplog.text


LOGIN: dict[str, Any] = {
    "name": "login", "description": "Log in",
    "inputSchema": {"type": "object", "properties": {
        "user": {"type": "string"},
        "password": {"type": "string"},
        "body": {"type": "object", "properties": {"pin": {"type": "integer"}, "code": {"type": "string",
                                                                                      "writeOnly": True}}},
    }},
}


def test_secret_pointers_read_schemas_and_names() -> None:
    assert secret_pointers(LOGIN["inputSchema"]) == {"/password", "/body/pin", "/body/code"}
    assert secret_pointers({"type": "object", "properties": {"x": {"format": "password"}}}, ["a/b"]) == {"/x", "/a~1b"}


@pytest.mark.anyio
async def test_secret_arguments_and_their_quotes_never_reach_the_audit(tmp_path: Any) -> None:
    class LoginRuntime(FakeRuntime):
        def list_tools(self) -> list[dict[str, Any]]:
            return [LOGIN]

    plan = PlannedCall("intent-1", "login", {"user": "ann", "password": "hunter2", "body": {"pin": 1234}}, (
        ArgumentEvidence("user", "user", "ann", ("ann",), ((0, 3),)),
        ArgumentEvidence("password", "password", "hunter2", ("hunter2",), ((26, 33),)),
        ArgumentEvidence("body", "pin", 1234, ("1234",), ((40, 44),), path="/pin"),
    ), None)
    path = tmp_path / "audit.jsonl"
    with AuditLog(path) as log:
        calls = VerifiedCalls(LoginRuntime(), CatalogBinding.from_tools([LOGIN]), audit=log, planner=fixed(plan))
        await calls.execute(request())
    text = path.read_text()
    assert "hunter2" not in text and "1234" not in text
    import json

    line = json.loads(text)
    assert line["arguments"] == {"user": "ann", "password": REDACTED, "body": {"pin": REDACTED}}
    assert [(item["quotes"], item["spans"]) for item in line["evidence"]] == [
        (["ann"], [[0, 3]]), ([REDACTED], [[26, 33]]), ([REDACTED], [[40, 44]])]


@pytest.mark.anyio
async def test_a_tool_node_secret_input_is_masked_though_its_schema_does_not_say_so() -> None:
    document = {"nodes": [{"id": "pin.echo", "summary": "echo a number",
                           "io": {"inputs": [{"name": "code", "schema": {"type": "integer"}, "secret": True,
                                              "arg": {"positional": 0}}]},
                           "invoke": {"shell": {"command": ["echo"]}}}]}
    runtime = ToolNodeRuntime(project(document))
    plan = PlannedCall("intent-1", "pin.echo", {"code": 4321},
                       (ArgumentEvidence("code", "code", 4321, ("4321",), ((5, 9),)),), None)
    sink = Sink()
    calls = VerifiedCalls(runtime, CatalogBinding.from_tools(runtime.list_tools()), audit=sink, planner=fixed(plan))
    reply = await calls.execute(request())
    await runtime.aclose()
    assert reply.body["result"]["content"][0]["text"].strip() == "4321"  # the program got the value
    (line,) = sink.lines
    assert line["arguments"] == {"code": REDACTED} and line["evidence"][0]["quotes"] == [REDACTED]
