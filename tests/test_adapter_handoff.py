"""Host handoff through the SDK client: tokens, replay, conflicts, corrections, cancel, isolation, bounds."""

from __future__ import annotations

from typing import Any

import anyio
import jsonschema
import orjson
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from adapter import HOST_CANCEL_REPLY_SCHEMA, HOST_TASK_SCHEMA, IntentMcpAdapterConfig, create_intent_mcp_adapter
from adapter import create_server as make_server
from intent import Intent, IntentConfig, IntentResult, Limits
from tests.candidates import SEED_CANDIDATE, candidate, intent
from tests.seeds import SEED_INPUT, seed_reply
from tests.test_adapter_support import WireLog, error_of, legacy_client, recording_transport, structured

MALFORMED = '{"turnKind": "request"}'
MALFORMED_OTHER = "not json at all"


def host_adapter(limits: Limits | None = None, **kwargs: Any) -> Any:
    intent_obj = Intent(IntentConfig(executor=None, limits=limits or Limits()))
    return create_intent_mcp_adapter(IntentMcpAdapterConfig(mode="host", instances={"main": intent_obj}, **kwargs))


async def prepare(client: Any, text: str = SEED_INPUT) -> dict[str, Any]:
    return structured(await client.call_tool("intent_prepare", {"input": text}))


async def accept(client: Any, task: dict[str, Any], candidate_text: str, token: str | None = None) -> Any:
    return await client.call_tool(
        "intent_accept",
        {
            "requestId": task["requestId"],
            "submissionToken": task["submissionToken"] if token is None else token,
            "candidateText": candidate_text,
        },
    )


async def cancel(client: Any, request_id: str, reason: str | None = None) -> Any:
    arguments = {"requestId": request_id} if reason is None else {"requestId": request_id, "reason": reason}
    return await client.call_tool("intent_cancel", arguments)


@pytest.mark.anyio
async def test_prepare_returns_a_host_task_and_accept_returns_the_intent_result() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        jsonschema.validate(task, HOST_TASK_SCHEMA)
        assert task["kind"] == "model_task"
        assert task["input"]["text"] == SEED_INPUT
        assert task["outputSchema"]["title"] == "IntentCandidate"
        assert len(task["submissionToken"]) >= 22  # >= 128 bits in URL-safe base64
        result = structured(await accept(client, task, SEED_CANDIDATE))
    jsonschema.validate(result, IntentResult.json_schema())
    assert result == seed_reply()["structuredContent"]


@pytest.mark.anyio
async def test_tokens_and_request_ids_are_fresh_per_prepare() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        tasks = [await prepare(client) for _ in range(5)]
    assert len({t["requestId"] for t in tasks}) == 5
    assert len({t["submissionToken"] for t in tasks}) == 5


@pytest.mark.anyio
async def test_completed_reply_is_replayed_and_a_different_candidate_conflicts() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        first = await accept(client, task, SEED_CANDIDATE)
        again = await accept(client, task, SEED_CANDIDATE)
        assert again.content == first.content
        assert again.structured_content == first.structured_content
        other = candidate(intents=[intent("i1", "Look up order 000123", "Look up", "order 000123")])
        conflict = error_of(await accept(client, task, other))
        assert conflict["code"] == "SUBMISSION_CONFLICT"
        # The retained reply is unchanged by the conflict.
        assert (await accept(client, task, SEED_CANDIDATE)).content == first.content


@pytest.mark.anyio
async def test_wrong_token_and_unknown_request_are_refused() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        token = task["submissionToken"]
        altered = token[:-1] + ("B" if token.endswith("A") else "A")
        wrong = error_of(await accept(client, task, SEED_CANDIDATE, token=altered))
        assert (wrong["code"], wrong["path"]) == ("TOKEN_INVALID", "/submissionToken")
        unknown = error_of(await accept(client, {**task, "requestId": "req_nothing"}, SEED_CANDIDATE))
        assert unknown["code"] == "REQUEST_UNKNOWN" and "prepare" in unknown["message"]
        # A wrong token spends nothing: the right one still completes.
        assert structured(await accept(client, task, SEED_CANDIDATE))["status"] == "complete"


@pytest.mark.anyio
async def test_handoff_arguments_are_checked() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        missing = error_of(await client.call_tool("intent_accept", {"requestId": task["requestId"]}))
        assert missing["code"] == "INPUT_INVALID"
        extra = error_of(await client.call_tool(
            "intent_accept",
            {"requestId": task["requestId"], "submissionToken": task["submissionToken"], "candidateText": "{}",
             "schema": {}},
        ))
        assert (extra["code"], extra["path"]) == ("INPUT_INVALID", "/schema")
        typed = error_of(await client.call_tool(
            "intent_accept", {"requestId": task["requestId"], "submissionToken": 7, "candidateText": "{}"}
        ))
        assert (typed["code"], typed["path"]) == ("INPUT_INVALID", "/submissionToken")
        forbidden = error_of(await client.call_tool("intent_prepare", {"input": SEED_INPUT, "executor": "x"}))
        assert forbidden["path"] == "/executor"


@pytest.mark.anyio
async def test_concurrent_identical_submissions_share_one_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    validations = 0
    release = anyio.Event()
    original = Intent.accept

    async def slow_accept(self: Intent, task: Any, candidate_text: str) -> IntentResult:
        nonlocal validations
        validations += 1
        await release.wait()
        return await original(self, task, candidate_text)

    monkeypatch.setattr(Intent, "accept", slow_accept)
    adapter = host_adapter()
    replies: list[Any] = []
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)

        async def submit() -> None:
            replies.append(await accept(client, task, SEED_CANDIDATE))

        async with anyio.create_task_group() as tg:
            for _ in range(6):
                tg.start_soon(submit)
            await anyio.sleep(0.1)  # every submission reaches the server while the first is in flight
            assert validations == 1 and not replies
            release.set()
        assert validations == 1
        texts = {reply.content[0].text for reply in replies}
        assert len(replies) == 6 and len(texts) == 1
        assert orjson.loads(texts.pop()) == seed_reply()["structuredContent"]
        # While one candidate is in flight, a different one conflicts.
        release = anyio.Event()
        second = await prepare(client)
        outcomes: list[Any] = []

        async def submit_seed() -> None:
            outcomes.append(await accept(client, second, SEED_CANDIDATE))

        async with anyio.create_task_group() as tg:
            tg.start_soon(submit_seed)
            with anyio.fail_after(5):
                while validations < 2:  # the seed candidate is now in flight
                    await anyio.sleep(0.005)
            conflict = error_of(await accept(client, second, MALFORMED))
            assert conflict["code"] == "SUBMISSION_CONFLICT" and "being validated" in conflict["message"]
            release.set()
        assert structured(outcomes[0])["status"] == "complete"
        assert validations == 2


@pytest.mark.anyio
async def test_one_correction_after_explicit_feedback_then_completion() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        first = error_of(await accept(client, task, MALFORMED))
        assert (first["code"], first["retryable"]) == ("CANDIDATE_INVALID", True)
        assert first["feedback"] and {"pointer", "message"} <= set(first["feedback"][0])
        # The same malformed text again gets the same feedback and spends nothing.
        assert error_of(await accept(client, task, MALFORMED)) == first
        assert structured(await accept(client, task, SEED_CANDIDATE)) == seed_reply()["structuredContent"]


@pytest.mark.anyio
async def test_a_second_malformed_candidate_ends_the_request() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        assert error_of(await accept(client, task, MALFORMED))["retryable"] is True
        final = error_of(await accept(client, task, MALFORMED_OTHER))
        assert (final["code"], final["retryable"]) == ("CANDIDATE_INVALID", False)
        # No third try: a valid candidate now conflicts with the ended request.
        assert error_of(await accept(client, task, SEED_CANDIDATE))["code"] == "SUBMISSION_CONFLICT"
        assert error_of(await accept(client, task, MALFORMED_OTHER)) == final
        assert structured(await cancel(client, task["requestId"]))["status"] == "already_completed"


@pytest.mark.anyio
async def test_every_cancel_status() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        for reason, expected in ((None, "cancelled"), ("refusal", "already_cancelled")):
            reply = structured(await cancel(client, task["requestId"], reason))
            jsonschema.validate(reply, HOST_CANCEL_REPLY_SCHEMA)
            assert reply == {"requestId": task["requestId"], "status": expected}
        assert error_of(await accept(client, task, SEED_CANDIDATE))["code"] == "REQUEST_CANCELLED"

        done = await prepare(client)
        await accept(client, done, SEED_CANDIDATE)
        assert structured(await cancel(client, done["requestId"], "incomplete"))["status"] == "already_completed"
        assert structured(await accept(client, done, SEED_CANDIDATE))["status"] == "complete"

        correcting = await prepare(client)
        await accept(client, correcting, MALFORMED)
        assert structured(await cancel(client, correcting["requestId"], "incomplete"))["status"] == "cancelled"

        assert error_of(await cancel(client, "req_unknown"))["code"] == "REQUEST_UNKNOWN"
        bad_reason = error_of(await cancel(client, (await prepare(client))["requestId"], "bored"))
        assert (bad_reason["code"], bad_reason["path"]) == ("INPUT_INVALID", "/reason")


@pytest.mark.anyio
async def test_cancel_during_validation_ends_it(monkeypatch: pytest.MonkeyPatch) -> None:
    started = anyio.Event()

    async def stuck_accept(self: Intent, task: Any, candidate_text: str) -> IntentResult:
        started.set()
        await anyio.sleep_forever()
        raise AssertionError("unreachable")

    monkeypatch.setattr(Intent, "accept", stuck_accept)
    adapter = host_adapter()
    replies: list[Any] = []
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)

        async def submit() -> None:
            replies.append(await accept(client, task, SEED_CANDIDATE))

        with anyio.fail_after(5):
            async with anyio.create_task_group() as tg:
                tg.start_soon(submit)
                await started.wait()
                assert structured(await cancel(client, task["requestId"]))["status"] == "cancelled"
    assert error_of(replies[0])["code"] == "REQUEST_CANCELLED"


@pytest.mark.anyio
async def test_records_belong_to_the_connection_that_prepared_them() -> None:
    adapter = host_adapter()
    server = make_server(adapter)
    async with legacy_client(server) as alice, legacy_client(server) as bob:
        task = await prepare(alice)
        assert adapter.session_count == 1  # opened on the connection's first use
        assert error_of(await accept(bob, task, SEED_CANDIDATE))["code"] == "REQUEST_UNKNOWN"
        assert adapter.session_count == 2
        assert error_of(await cancel(bob, task["requestId"]))["code"] == "REQUEST_UNKNOWN"
        assert structured(await accept(alice, task, SEED_CANDIDATE))["status"] == "complete"
        assert error_of(await accept(bob, task, SEED_CANDIDATE))["code"] == "REQUEST_UNKNOWN"


@pytest.mark.anyio
async def test_connection_end_closes_its_session_and_drops_its_records() -> None:
    adapter = host_adapter()
    server = make_server(adapter)
    async with legacy_client(server) as client:
        await prepare(client)
        done = await prepare(client)
        await accept(client, done, SEED_CANDIDATE)
        assert adapter.session_count == 1
        assert (adapter.ledger.pending_count, adapter.ledger.terminal_count) == (1, 1)
    assert adapter.session_count == 0
    assert (adapter.ledger.pending_count, adapter.ledger.terminal_count) == (0, 0)


@pytest.mark.anyio
async def test_a_closed_session_refuses_handoff_calls() -> None:
    adapter = host_adapter()
    session = adapter.connect(protocol_version="2025-11-25")
    task = structured(await session.call_tool("intent_prepare", {"input": SEED_INPUT}))
    await session.close()
    args = {"requestId": task["requestId"], "submissionToken": task["submissionToken"], "candidateText": "{}"}
    assert error_of(await session.call_tool("intent_accept", args))["code"] == "SESSION_CLOSED"
    assert error_of(await session.call_tool("intent_prepare", {"input": SEED_INPUT}))["code"] == "SESSION_CLOSED"
    assert session.record_count == 0


@pytest.mark.anyio
async def test_the_33rd_terminal_record_evicts_the_oldest() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        tasks = []
        for _ in range(33):
            task = await prepare(client)
            structured(await accept(client, task, SEED_CANDIDATE))
            tasks.append(task)
        assert adapter.ledger.terminal_count == 32
        evicted = error_of(await accept(client, tasks[0], SEED_CANDIDATE))
        assert evicted["code"] == "REQUEST_UNKNOWN"
        assert structured(await accept(client, tasks[1], SEED_CANDIDATE))["status"] == "complete"
        assert error_of(await cancel(client, tasks[0]["requestId"]))["code"] == "REQUEST_UNKNOWN"


@pytest.mark.anyio
async def test_retained_replies_stay_within_8_mib() -> None:
    chars = 1_000_000
    adapter = host_adapter(Limits(max_input_chars=chars))
    text = ("x" * 99 + " ") * (chars // 100)
    empty = candidate()
    async with legacy_client(make_server(adapter)) as client:
        tasks = []
        for _ in range(5):
            task = structured(await client.call_tool("intent_prepare", {"input": text}))
            reply = await accept(client, task, empty)
            assert len(reply.content[0].text) > 2_000_000  # input and normalizedInput
            tasks.append(task)
        assert adapter.ledger.terminal_bytes <= 8 * 1024 * 1024
        assert adapter.ledger.terminal_count < 5
        assert error_of(await accept(client, tasks[0], empty))["code"] == "REQUEST_UNKNOWN"
        assert structured(await accept(client, tasks[-1], empty))["input"] == text


@pytest.mark.anyio
async def test_pending_records_are_bounded() -> None:
    adapter = host_adapter(max_pending_records=3)
    async with legacy_client(make_server(adapter)) as client:
        tasks = [await prepare(client) for _ in range(4)]
        assert adapter.ledger.pending_count == 3
        assert error_of(await accept(client, tasks[0], SEED_CANDIDATE))["code"] == "REQUEST_UNKNOWN"
        assert structured(await accept(client, tasks[3], SEED_CANDIDATE))["status"] == "complete"


@pytest.mark.anyio
async def test_an_explicit_timeout_runs_from_prepare() -> None:
    adapter = host_adapter(Limits(timeout_seconds=0.4))
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        await anyio.sleep(0.45)
        assert error_of(await accept(client, task, SEED_CANDIDATE))["code"] == "TIMEOUT"
        fresh = await prepare(client)
        assert structured(await accept(client, fresh, SEED_CANDIDATE))["status"] == "complete"


@pytest.mark.anyio
async def test_host_handoff_over_a_2026_stream_keeps_one_session() -> None:
    adapter = host_adapter()
    log = WireLog()
    async with Client(recording_transport(make_server(adapter), log), mode="2026-07-28") as client:
        task = await prepare(client)
        assert structured(await accept(client, task, SEED_CANDIDATE)) == seed_reply()["structuredContent"]
        assert adapter.session_count == 1
    assert adapter.session_count == 0  # the stream ended, and with it the session
    prepared, accepted = log.tool_results()
    assert prepared["resultType"] == accepted["resultType"] == "complete"


@pytest.mark.anyio
async def test_host_task_envelope_per_handshake_version() -> None:
    adapter = host_adapter()
    log = WireLog()
    async with Client(recording_transport(make_server(adapter), log, offer_version="2025-06-18"),
                      mode="legacy") as client:
        task = await prepare(client)
        await cancel(client, task["requestId"])
    prepared, cancelled = log.tool_results()
    for wire in (prepared, cancelled):
        assert "resultType" not in wire and wire["isError"] is False
        assert orjson.loads(wire["content"][0]["text"]) == wire["structuredContent"]


@pytest.mark.anyio
async def test_prepare_is_refused_where_no_connection_lasts_between_calls() -> None:
    adapter = host_adapter()
    async with Client(make_server(adapter)) as client:  # in-process 2026: one exchange per call
        assert client.protocol_version == "2026-07-28"
        refused = error_of(await client.call_tool("intent_prepare", {"input": SEED_INPUT}))
    assert (refused["code"], refused["category"]) == ("CONFIG_INVALID", "transport")
    assert adapter.session_count == 0 and adapter.ledger.pending_count == 0


@pytest.mark.anyio
async def test_prefixed_host_tools_and_instance_selection() -> None:
    orders_schema = {"type": "object", "properties": {"orderId": {"type": "string"}}}
    adapter = create_intent_mcp_adapter(
        IntentMcpAdapterConfig(
            mode="host",
            tool_prefix="crm.",
            instances={
                "orders": Intent(IntentConfig(executor=None, schema=orders_schema)),
                "plain": Intent(IntentConfig(executor=None)),
            },
        )
    )
    async with legacy_client(make_server(adapter)) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        assert names == ["crm.intent_prepare", "crm.intent_accept", "crm.intent_cancel"]
        required = error_of(await client.call_tool("crm.intent_prepare", {"input": SEED_INPUT}))
        assert required["code"] == "INSTANCE_REQUIRED"
        unknown = error_of(await client.call_tool("crm.intent_prepare", {"input": SEED_INPUT, "instance": "x"}))
        assert unknown["code"] == "INSTANCE_UNKNOWN"
        orders = structured(await client.call_tool("crm.intent_prepare", {"input": SEED_INPUT, "instance": "orders"}))
        plain = structured(await client.call_tool("crm.intent_prepare", {"input": SEED_INPUT, "instance": "plain"}))
        assert list(orders["input"]["fields"]) == ["orderId"]
        assert plain["input"]["fields"] == {}
        # accept takes no instance: the record remembers the instance that prepared it.
        args = {"requestId": orders["requestId"], "submissionToken": orders["submissionToken"],
                "candidateText": SEED_CANDIDATE}
        result = structured(await client.call_tool("crm.intent_accept", args))
        assert result["status"] in ("complete", "partial")
        refused = error_of(await client.call_tool("crm.intent_accept", {**args, "instance": "plain"}))
        assert (refused["code"], refused["path"]) == ("INPUT_INVALID", "/instance")
        with pytest.raises(MCPError):
            await client.call_tool("intent_prepare", {"input": SEED_INPUT, "instance": "plain"})
