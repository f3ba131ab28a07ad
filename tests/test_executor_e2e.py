"""The real ``intent-mcp`` process, configured with an HTTP model executor, against a loopback model API.

Each test spawns the server over stdio with a configuration file pointing at a fake server that
speaks the OpenAI chat-completions or the Anthropic Messages wire format, then drives it with the
SDK's stdio client through success, a correction, bad candidates, upstream failures and a timeout.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.candidates import SEED_CANDIDATE
from tests.fakes.model_server import Dialect, FakeModelServer, Reply, running_fake
from tests.seeds import SEED_INPUT, seed_reply

REPO = Path(__file__).resolve().parent.parent
KEY_ENV = "INTENT_E2E_MODEL_KEY"
KEY = "sk-e2e-5d8e2f71c0aa"
MODEL = "e2e-model-7b"
TIMEOUT_SECONDS = 1.0
BAD_CANDIDATE = '{"turnKind": "request", "intents": 3}'
# Upstream errors tell the client to retry at once, so the retry path is exercised without waiting.
RETRY_NOW = (("retry-after", "0"),)


def write_config(directory: Path, fake: FakeModelServer) -> Path:
    executor = {
        "kind": fake.dialect,
        "model": MODEL,
        "baseUrl": fake.base_url,
        "apiKeyEnv": KEY_ENV,
        "timeoutSeconds": TIMEOUT_SECONDS,
        "maxRetries": 2,
    }
    path = directory / "intent-mcp.json"
    path.write_text(json.dumps({"instances": {"main": {"executor": executor}}}), encoding="utf-8")
    return path


def server_process(config: Path, errlog: Any) -> Any:
    flags = ["--transport", "stdio", "--config", str(config), "--log-level", "debug"]
    # The installed console script when there is one, else the same entry point through -m.
    script = Path(sys.executable).with_name("intent-mcp")
    command, args = (str(script), flags) if script.is_file() else (sys.executable, ["-m", "intent_mcp", *flags])
    params = StdioServerParameters(
        command=command,
        args=args,
        env={KEY_ENV: KEY, "PYTHONPATH": str(REPO)},
        cwd=str(REPO),
    )
    return stdio_client(params, errlog=errlog)


def payload(result: types.CallToolResult) -> dict[str, Any]:
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    return dict(json.loads(block.text))


def failure(result: types.CallToolResult) -> dict[str, Any]:
    assert result.is_error is True
    assert result.structured_content is None
    return dict(payload(result)["error"])


def sent_key(headers: dict[str, str]) -> str | None:
    if "x-api-key" in headers:
        return headers["x-api-key"]
    return headers.get("authorization", "").removeprefix("Bearer ") or None


@pytest.mark.anyio
@pytest.mark.parametrize("dialect", ["openai", "anthropic"])
async def test_the_server_process_with_a_model_executor(dialect: Dialect, tmp_path: Path) -> None:
    with running_fake(dialect) as fake, (tmp_path / "server.log").open("w+") as errlog:
        config = write_config(tmp_path, fake)
        with anyio.fail_after(60):
            async with Client(server_process(config, errlog), mode="legacy") as client:
                await run_scenarios(client, fake)
        errlog.seek(0)
        log = errlog.read()
    # The key reaches the model server and nowhere else: not the results, not the process's log.
    assert "model call failed" in log  # the log did record the upstream trouble...
    assert KEY not in log  # ...without the key


async def run_scenarios(client: Client, fake: FakeModelServer) -> None:
    async def parse() -> types.CallToolResult:
        return await client.call_tool("intent_parse", {"input": SEED_INPUT})

    # Success: the seed's reply exactly, the key from the environment, the model name passed through.
    fake.script(Reply(text=SEED_CANDIDATE))
    result = await parse()
    assert result.is_error is False
    assert result.structured_content == seed_reply()["structuredContent"]
    assert payload(result) == seed_reply()["structuredContent"]
    assert len(fake.requests) == 1
    assert sent_key(fake.requests[0].headers) == KEY
    assert fake.requests[0].body["model"] == MODEL

    # One correction with explicit feedback, then success.
    fake.reset()
    fake.script(Reply(text=BAD_CANDIDATE), Reply(text=f"Here it is:\n```json\n{SEED_CANDIDATE}\n```"))
    result = await parse()
    assert result.is_error is False
    assert len(fake.requests) == 2
    assert "did not match the output schema" in json.dumps(fake.requests[1].body)

    # Two bad candidates: CANDIDATE_INVALID after exactly two model calls.
    fake.reset()
    fake.script(Reply(text=BAD_CANDIDATE), Reply(text="not json"), Reply(text=SEED_CANDIDATE))
    error = failure(await parse())
    assert error["code"] == "CANDIDATE_INVALID"
    assert error["retryable"] is False
    assert len(fake.requests) == 2
    fake.reset()  # the unused third reply stays queued otherwise

    # Repeated 500s: EXECUTOR_FAILED after maxRetries + 1 calls.
    fake.script(*[Reply(status=500, text="model crashed", headers=RETRY_NOW)] * 3)
    error = failure(await parse())
    assert error["code"] == "EXECUTOR_FAILED"
    assert error["category"] == "executor" and error["retryable"] is True
    assert len(fake.requests) == 3

    # A slow reply: TIMEOUT within the configured time.
    fake.reset()
    fake.script(Reply(text=SEED_CANDIDATE, delay=30))
    started = time.monotonic()
    error = failure(await parse())
    elapsed = time.monotonic() - started
    assert error["code"] == "TIMEOUT"
    assert elapsed < TIMEOUT_SECONDS + 1.5

    # The server is healthy afterwards.
    fake.reset()
    fake.script(Reply(text=SEED_CANDIDATE))
    result = await parse()
    assert result.is_error is False
    assert result.structured_content == seed_reply()["structuredContent"]
    assert KEY not in json.dumps(result.model_dump(mode="json"))
