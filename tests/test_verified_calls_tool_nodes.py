"""Verified calls on a Tool-node catalog of real programs (``cat`` and ``rm`` on an order directory).

``intent-mcp serve tool-nodes ORDERS --execute`` runs as a real process over stdio; the client
recognizes requests with intent_parse and runs them with intent_execute. What happened is read
from the files themselves (an order file printed, or removed) and from the one audit file where
both the verified-call lines and the Tool-node process records go. Host-handoff mode, where the
host's model answers, runs in process with the same catalog.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from intent_mcp.cli import main
from intent_mcp.tool_nodes import load_tool_nodes
from intent_mcp.verified_server import VerifiedOptions, create_verified_server
from tests.candidates import candidate, constraint, field, intent
from tests.serving import stdio_client
from tests.verified_calls import audit_lines, execute, parse

STEP_SECONDS = 30
ORDER_TEXT = "order 000123: 2 x pet 7, placed\n"

ORDERS: dict[str, Any] = {
    "schemas": {"OrderId": {"type": "string", "pattern": "^[0-9]{6}$", "description": "The six-digit order number"}},
    "nodes": [
        {"id": "order.lookup", "title": "Look up an order", "summary": "Print the record of one order",
         "annotations": {"readOnlyHint": True},
         "io": {"inputs": [{"name": "orderId", "schema": "OrderId", "required": True, "arg": {"positional": 0}}]},
         "invoke": {"shell": {"command": ["cat", "--"]}}},
        {"id": "order.cancel", "title": "Cancel an order", "summary": "Cancel an order: its record is removed",
         "annotations": {"destructiveHint": True},
         "io": {"inputs": [{"name": "orderId", "schema": "OrderId", "required": True, "arg": {"positional": 0}}]},
         "invoke": {"shell": {"command": ["rm", "--"]}}},
    ],
}


def order_files(tmp_path: Path) -> tuple[Path, Path]:
    """The catalog file and the directory of orders the programs run in (one file per order)."""
    catalog = tmp_path / "orders.json"
    catalog.write_text(json.dumps(ORDERS))
    store = tmp_path / "store"
    store.mkdir()
    (store / "000123").write_text(ORDER_TEXT)
    return catalog, store


@pytest.mark.anyio
async def test_serve_tool_nodes_execute_over_stdio(tmp_path: Path) -> None:
    catalog, store = order_files(tmp_path)
    audit = tmp_path / "audit.jsonl"
    args = ["-m", "intent_mcp", "serve", "tool-nodes", str(catalog), "--execute", "--cwd", str(store),
            "--audit", str(audit)]
    with anyio.fail_after(STEP_SECONDS * 2):
        async with stdio_client(args, env={}) as client:
            assert [tool.name for tool in (await client.list_tools()).tools] == ["intent_parse", "intent_execute"]

            looked_up, lookup_id = await parse(client, "Look up order 000123. Do not cancel the order.")
            shown = await execute(client, lookup_id)

            _, cancel_id = await parse(client, "Cancel order 000123")
            asked = await execute(client, cancel_id)
            still_there = (store / "000123").exists()
            cancelled = await execute(client, cancel_id, confirm=True)

            _, pets_id = await parse(client, "Find pets with status sold. Do not delete any pet.")
            no_tool = await execute(client, pets_id)

    (found,) = looked_up["effective"]["intents"]
    assert (found["extensions"]["tool"], found["extensions"]["forbiddenTools"]) == ("order.lookup", ["order.cancel"])
    assert shown.structured_content["plan"]["arguments"] == {"orderId": "000123"}  # the tool's own string format
    assert shown.structured_content["result"]["content"][0]["text"] == ORDER_TEXT

    assert asked.structured_content["status"] == "confirmation_required"
    assert asked.structured_content["confirmation"]["prompt"] == (
        'Cancel order 000123 (order.cancel, orderId="000123")? This cannot be undone. '
        "Call intent_execute again with confirm: true to run it.")
    assert still_there and not (store / "000123").exists()
    assert cancelled.structured_content["status"] == "executed"

    assert no_tool.is_error is True and no_tool.structured_content["refusal"]["code"] == "NO_TOOL"

    lines = audit_lines(audit)
    calls = [line for line in lines if line.get("event") == "intent_execute"]
    runs = [line for line in lines if "argv" in line]
    assert [(line["requestId"], line["tool"], line["outcome"]) for line in calls] == [
        (lookup_id, "order.lookup", "ok"), (cancel_id, "order.cancel", "confirmation_required"),
        (cancel_id, "order.cancel", "ok"), (pets_id, None, "refused")]
    assert calls[2]["evidence"] == [{"argument": "orderId", "field": "orderId", "spans": [[13, 19]],
                                     "quotes": ["000123"]}]
    # The programs' own records name the recognition they ran for.
    assert [(line["recognitionId"], line["argv"], line["outcome"]) for line in runs] == [
        (lookup_id, ["cat", "--", "000123"], "ok"), (cancel_id, ["rm", "--", "000123"], "ok")]


@asynccontextmanager
async def host_client(catalog: Path, store: Path, audit: Path) -> AsyncIterator[Client]:
    runtime = load_tool_nodes(str(catalog), cwd=str(store))
    server, _ = create_verified_server(runtime, VerifiedOptions(mode="host", audit=audit), name="orders",
                                       on_stop=runtime.aclose)
    async with Client(server, mode="legacy") as client:
        yield client


async def hand_off(client: Client, text: str, model_answer: str) -> str:
    task = await client.call_tool("intent_prepare", {"input": text})
    assert isinstance(task.structured_content, dict)
    handed = task.structured_content
    accepted = await client.call_tool("intent_accept", {
        "requestId": handed["requestId"], "submissionToken": handed["submissionToken"], "candidateText": model_answer})
    assert accepted.is_error is False, accepted.content
    assert accepted.meta is None  # in host mode the request id is the one intent_prepare gave
    return str(task.structured_content["requestId"])


LOOKUP = "Look up order 000123. Do not cancel the order."


@pytest.mark.anyio
async def test_host_mode_runs_the_hosts_recognition_and_stops_a_forbidden_tool(tmp_path: Path) -> None:
    catalog, store = order_files(tmp_path)
    audit = tmp_path / "audit.jsonl"
    lookup = candidate(intents=[intent("i1", "Look up order 000123", "Look up", "order 000123",
                                       domain="order.lookup", fields=[field("orderId", "000123", "000123")])],
                       constraints=[constraint("prohibition", "Do not cancel the order", "i1")])
    # A model that maps the look-up to the tool the person forbade.
    wrong = candidate(intents=[intent("i1", "Look up order 000123", "Look up", "order 000123",
                                      domain="order.cancel", fields=[field("orderId", "000123", "000123")])],
                      constraints=[constraint("prohibition", "Do not cancel the order", "i1")])
    async with host_client(catalog, store, audit) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        shown = await execute(client, await hand_off(client, LOOKUP, lookup))
        refused = await execute(client, await hand_off(client, LOOKUP, wrong), confirm=True)
    assert names == {"intent_prepare", "intent_accept", "intent_cancel", "intent_execute"}
    assert shown.structured_content["result"]["content"][0]["text"] == ORDER_TEXT
    assert refused.is_error is True
    assert (refused.structured_content["refusal"]["code"], refused.structured_content["refusal"]["tool"]) == (
        "TOOL_FORBIDDEN", "order.cancel")
    assert (store / "000123").read_text() == ORDER_TEXT
    first, second = audit_lines(audit)
    assert first["evidence"][0]["spans"] == [[14, 20]]  # spans kept even though the host did not ask for them
    assert (second["outcome"], second["refusal"]["code"]) == ("refused", "TOOL_FORBIDDEN")


@pytest.mark.parametrize(("argv", "message"), [
    (["serve", "tool-nodes", "x.json", "--mode", "host"], "--mode only apply with --execute"),
    (["serve", "tool-nodes", "x.json", "--expose-catalog-tools"], "--expose-catalog-tools only apply with --execute"),
    (["serve", "openapi", "x.yaml", "--audit", "a.jsonl"], "--audit only applies with --execute"),
])
def test_execution_flags_need_execute(argv: list[str], message: str, capsys: Any) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err
