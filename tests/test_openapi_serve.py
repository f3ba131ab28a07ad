"""``intent-mcp serve openapi``: the real process, over stdio and Streamable HTTP, calling the loopback Petstore API."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from tests.fakes.petstore_api import SECRETS, PetstoreApi, running_petstore
from tests.serving import http_process, stdio_client, stop

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data" / "openapi"
SPEC = str(DATA / "petstore_api.yaml")
FLOWS = str(DATA / "petstore_flows.arazzo.yaml")
STEP_SECONDS = 30
CREDENTIAL_ENV = {"BEARER_AUTH": SECRETS["bearer"], "API_KEY_HEADER": SECRETS["api_key_header"]}


@pytest.fixture(scope="module")
def petstore() -> Iterator[PetstoreApi]:
    with running_petstore() as api:
        yield api


def server_args(*extra: str) -> list[str]:
    return ["-m", "intent_mcp", "serve", "openapi", SPEC, "--arazzo", FLOWS, *extra]


async def exercise(client: Any, api: PetstoreApi) -> None:
    tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert {"find_pets", "add_pet", "get_pet_by_id", "adopt_pet", "wait_for_flaky"} <= set(tools)
    assert "count_with_json_path" not in tools
    assert tools["find_pets"].annotations.read_only_hint is True

    added = await client.call_tool("add_pet", {"body": {"name": "Served", "tag": "mcp"}})
    assert added.is_error is False
    assert added.structured_content["name"] == "Served"

    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    adopted = await client.call_tool("adopt_pet", {"name": "Flow", "tag": "x"}, progress_callback=on_progress)
    assert adopted.is_error is False, adopted.content
    assert adopted.structured_content["status"] == "available"
    assert api.pets[str(adopted.structured_content["petId"])]["tag"] == "x-tagged"
    assert [entry[0] for entry in seen] == [1.0, 2.0]
    assert seen[0][2] == "adoptPet: step add (attempt 1)"

    missing = await client.call_tool("get_pet_by_id", {"petId": "424242"})
    assert missing.is_error is True and missing.content[0].text.startswith("HTTP 404")

    echoed = await client.call_tool("who_am_i", {})
    assert SECRETS["bearer"] not in json.dumps(echoed.model_dump(mode="json"))

    resources = (await client.list_resources()).resources
    assert [str(item.uri) for item in resources] == ["reference://petstore/categories"]
    read = await client.read_resource("reference://petstore/categories")
    assert json.loads(read.contents[0].text) == ["dogs", "cats", "birds"]


@pytest.mark.anyio
async def test_serve_openapi_over_stdio(petstore: PetstoreApi) -> None:
    with anyio.fail_after(STEP_SECONDS * 2):
        async with stdio_client(server_args("--base-url", petstore.base_url), env=CREDENTIAL_ENV) as client:
            await exercise(client, petstore)


def test_serve_openapi_over_streamable_http(petstore: PetstoreApi, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    # API_BASE_URL instead of --base-url: the same override from the environment.
    env = {**CREDENTIAL_ENV, "API_BASE_URL": petstore.base_url}
    with http_process(server_args("--transport", "http", "--port", "0"), log, env=env) as (process, url):

        async def drive() -> None:
            with anyio.fail_after(STEP_SECONDS * 2):
                async with Client(url, mode="legacy") as client:
                    await exercise(client, petstore)

        anyio.run(drive)
        assert stop(process) == 0
    logged = log.read_text(errors="replace")
    assert "workflow 'countWithJsonPath' left out at /workflows/4/steps/0/successCriteria/0" in logged
    assert SECRETS["bearer"] not in logged


@pytest.mark.parametrize(("extra", "message"), [
    (["--base-url", "127.0.0.1:4010"], "--base-url must be an absolute http(s) URL"),
    (["--arazzo", SPEC], "is not an Arazzo document"),
    (["--port", "0"], "--port only apply with --transport http"),
])
def test_bad_invocations_exit_2_with_one_line(extra: list[str], message: str, capsys: Any) -> None:
    from intent_mcp.cli import main

    assert main(server_args(*extra)[2:]) == 2
    stderr = capsys.readouterr().err
    assert message in stderr
    assert "Traceback" not in stderr


def test_check_openapi_lists_left_out_workflows_and_what_to_set(capsys: Any) -> None:
    from intent_mcp.cli import main

    assert main(["check", "openapi", SPEC, "--arazzo", FLOWS, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True and report["tools"] == 15 and report["workflows"] == 4
    kinds = {(item["kind"], item["id"]) for item in report["findings"]}
    assert ("workflow_left_out", "countWithJsonPath") in kinds
    assert ("base_url_needed", "petstore") in kinds
    assert any(item["kind"] == "credential" and "BEARER_AUTH" in item["reason"] for item in report["findings"])
    assert main(["check", "openapi", SPEC, "--arazzo", SPEC]) == 1
    assert "is not an Arazzo document" in capsys.readouterr().err
