"""The sampling executor asks the connected client's own model through ``sampling/createMessage``."""

from __future__ import annotations

import json
from typing import Any

import mcp_types as types
import pytest
from mcp import Client
from mcp.client.context import ClientRequestContext

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, create_server
from adapter.sampling import SamplingExecutor
from intent import Intent, IntentConfig, IntentError
from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT, seed_reply

BAD_CANDIDATE = '{"turnKind": "request"}'


class ClientModel:
    """A client-side sampling callback with scripted answers; it records what the server asked."""

    def __init__(self, *answers: str | types.ErrorData) -> None:
        self.answers = list(answers)
        self.requests: list[types.CreateMessageRequestParams] = []

    async def __call__(
        self, context: ClientRequestContext, params: types.CreateMessageRequestParams
    ) -> types.CreateMessageResult | types.ErrorData:
        self.requests.append(params)
        answer = self.answers.pop(0) if self.answers else types.ErrorData(code=-1, message="no answer left")
        if isinstance(answer, types.ErrorData):
            return answer
        return types.CreateMessageResult(
            role="assistant", content=types.TextContent(type="text", text=answer), model="client-model"
        )

    def user_text(self, index: int) -> str:
        content = self.requests[index].messages[0].content
        assert isinstance(content, types.TextContent)
        return content.text


def server_with(executor: Any) -> Any:
    intent = Intent(IntentConfig(executor=executor))
    return create_server(create_intent_mcp_adapter(IntentMcpAdapterConfig(mode="executor", instances={"main": intent})))


async def call_parse(client: Client, text: str = SEED_INPUT) -> types.CallToolResult:
    return await client.call_tool("intent_parse", {"input": text})


def error_of(result: types.CallToolResult) -> dict[str, Any]:
    assert result.is_error is True
    assert result.structured_content is None
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    return dict(json.loads(block.text)["error"])


@pytest.mark.anyio
async def test_the_clients_model_answers_the_task() -> None:
    model = ClientModel(f"```json\n{SEED_CANDIDATE}\n```")
    async with Client(server_with(SamplingExecutor()), mode="legacy", sampling_callback=model) as client:
        result = await call_parse(client)
    assert result.is_error is False
    assert result.structured_content == seed_reply()["structuredContent"]
    assert len(model.requests) == 1
    params = model.requests[0]
    assert params.include_context == "none"
    assert params.system_prompt is not None and "Recognize what the person asks for" in params.system_prompt
    assert params.max_tokens == 4096
    assert len(params.messages) == 1 and params.messages[0].role == "user"
    assert SEED_INPUT in model.user_text(0)


@pytest.mark.anyio
async def test_one_correction_through_the_client_then_success() -> None:
    model = ClientModel(BAD_CANDIDATE, SEED_CANDIDATE)
    async with Client(server_with(SamplingExecutor()), mode="legacy", sampling_callback=model) as client:
        result = await call_parse(client)
    assert result.is_error is False
    assert len(model.requests) == 2
    assert "Your previous answer did not match the output schema" in model.user_text(1)


@pytest.mark.anyio
async def test_two_bad_candidates_are_candidate_invalid_after_two_requests() -> None:
    model = ClientModel(BAD_CANDIDATE, "still not it", SEED_CANDIDATE)
    async with Client(server_with(SamplingExecutor()), mode="legacy", sampling_callback=model) as client:
        error = error_of(await call_parse(client))
    assert error["code"] == "CANDIDATE_INVALID"
    assert len(model.requests) == 2


@pytest.mark.anyio
async def test_a_client_error_is_executor_failed_and_the_server_stays_healthy() -> None:
    model = ClientModel(types.ErrorData(code=-1, message="the user declined"), SEED_CANDIDATE)
    async with Client(server_with(SamplingExecutor()), mode="legacy", sampling_callback=model) as client:
        error = error_of(await call_parse(client))
        assert error["code"] == "EXECUTOR_FAILED"
        assert "the user declined" in error["message"]
        assert len(model.requests) == 1  # a refusal is not retried
        assert (await call_parse(client)).is_error is False


@pytest.mark.anyio
async def test_without_the_sampling_capability_the_call_suggests_host_mode() -> None:
    async with Client(server_with(SamplingExecutor()), mode="legacy") as client:
        error = error_of(await call_parse(client))
        assert error["code"] == "EXECUTOR_FAILED"
        assert error["retryable"] is False
        assert "sampling capability" in error["message"] and "host" in error["message"]
        # The connection still works.
        tools = await client.list_tools()
        assert [tool.name for tool in tools.tools] == ["intent_parse"]


@pytest.mark.anyio
async def test_a_2026_connection_gets_executor_failed_without_asking_the_client() -> None:
    model = ClientModel(SEED_CANDIDATE)
    async with Client(server_with(SamplingExecutor()), sampling_callback=model) as client:
        assert client.protocol_version == "2026-07-28"
        error = error_of(await call_parse(client))
    assert error["code"] == "EXECUTOR_FAILED"
    assert "2026-07-28" in error["message"] and "host" in error["message"]
    assert model.requests == []


@pytest.mark.anyio
async def test_outside_an_mcp_call_the_executor_fails_clearly() -> None:
    with pytest.raises(IntentError) as caught:
        await Intent(IntentConfig(executor=SamplingExecutor())).parse(SEED_INPUT)
    assert caught.value.code == "EXECUTOR_FAILED"
    assert "host" in caught.value.message


@pytest.mark.anyio
async def test_a_slow_client_model_times_out_and_the_connection_survives() -> None:
    import anyio

    calls = 0

    async def slow_then_fast(
        context: ClientRequestContext, params: types.CreateMessageRequestParams
    ) -> types.CreateMessageResult:
        nonlocal calls
        calls += 1
        if calls == 1:
            await anyio.sleep(10)
        return types.CreateMessageResult(
            role="assistant", content=types.TextContent(type="text", text=SEED_CANDIDATE), model="m"
        )

    executor = SamplingExecutor(timeout_seconds=0.3)
    async with Client(server_with(executor), mode="legacy", sampling_callback=slow_then_fast) as client:
        with anyio.fail_after(5):
            error = error_of(await call_parse(client))
        assert error["code"] == "TIMEOUT"
        assert (await call_parse(client)).is_error is False
