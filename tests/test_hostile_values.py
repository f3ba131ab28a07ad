"""Values no JSON text can carry, and reference times at the calendar's edge: coded INPUT_INVALID at the boundary."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter
from intent import Intent, IntentConfig, IntentError
from intent.errors import escape_surrogates

SCHEMA = {"type": "object", "properties": {"people": {"type": "integer"}, "day": {"type": "string", "format": "date"}}}
HUGE = 10**5000


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("request_", "path", "words"),
    [
        ("Book a \ud800 table", "/input", "lone UTF-16 surrogate (U+D800) at character 7"),
        ({"input": "Book a table", "\udfff": 1}, "", "a key of this object"),
        ({"input": "Book a table", "context": {"people": "\udc00"}}, "/context/people", "this string"),
        ({"input": "Book a table", "context": {"a": [{"b\ud801": 1}]}}, "/context/a/0", "a key of this object"),
        ({"input": "Book a table", "context": {"people": HUGE}}, "/context/people", "fit in 64 bits"),
        ({"input": "Book a table", "context": {"n": [-(2**70)]}}, "/context/n/0", "fit in 64 bits"),
        ({"input": "Book a table tomorrow", "referenceTime": "9999-12-31T23:00:00Z"}, "/referenceTime", "years"),
        ({"input": "Book a table yesterday", "referenceTime": "0001-01-01T00:00:00+00:00"}, "/referenceTime", "years"),
    ],
)
async def test_the_library_refuses_with_a_pointer(request_: Any, path: str, words: str) -> None:
    instance = Intent(IntentConfig(schema=SCHEMA))
    with pytest.raises(IntentError) as caught:
        await instance.parse(request_)
    error = caught.value
    assert (error.code, error.path, error.retryable) == ("INPUT_INVALID", path, False)
    assert words in error.message
    orjson.dumps(error.to_dict())  # always serializable


@pytest.mark.anyio
async def test_edge_values_within_range_still_work() -> None:
    instance = Intent(IntentConfig(schema=SCHEMA))
    result = await instance.parse({
        "input": "Book a table for 4 people tomorrow", "referenceTime": "9000-12-30T10:00:00Z",
        "context": {"n": 2**64 - 1, "m": -(2**63), "s": "emoji \U0001f600"},
    })
    assert result.status == "complete"
    orjson.loads(result.to_json())


@pytest.mark.anyio
@pytest.mark.parametrize(
    "arguments",
    [
        {"input": "x\ud800"},
        {"input": "Book a table", "\ud800": 1},
        {"input": "Book a table", "context": {"n": HUGE}},
        {"input": "Book it tomorrow", "referenceTime": "9999-12-31T23:59:59Z"},
    ],
)
async def test_the_adapter_answers_a_coded_error_and_never_raises(arguments: dict[str, Any]) -> None:
    config = IntentMcpAdapterConfig(mode="executor", instances={"main": Intent(IntentConfig())})
    session = create_intent_mcp_adapter(config).connect(protocol_version="2025-11-25")
    reply = await session.call_tool("intent_parse", arguments)
    assert reply is not None and reply.is_error is True
    error = orjson.loads(reply.content[0].text)["error"]  # type: ignore[union-attr]
    assert error["code"] == "INPUT_INVALID" and error["retryable"] is False


def test_an_error_quoting_a_surrogate_shows_it_escaped() -> None:
    error = IntentError("INPUT_INVALID", "unknown key '\ud800'", path="/\udc00",
                        feedback=[{"pointer": "/\ud800", "message": "bad \udfff"}])
    assert error.message == "unknown key '\\ud800'" and error.path == "/\\udc00"
    assert error.feedback == [{"pointer": "/\\ud800", "message": "bad \\udfff"}]
    assert orjson.loads(orjson.dumps(error.to_dict()))["message"] == "unknown key '\\ud800'"
    assert escape_surrogates("plain") == "plain"
