"""``intent-mcp serve tool-nodes`` and ``intent-mcp check tool-nodes`` as real processes and commands."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server import Server

from intent_mcp.cli import main
from intent_mcp.tool_nodes import register_tool_nodes
from tests.serving import http_process, stdio_client, stop

REPO = Path(__file__).resolve().parent.parent
LINUX_TOOLS = REPO / "tests" / "data" / "catalog" / "linux-tools.json"
BEANS = REPO / "tests" / "data" / "catalog" / "beans.json"
STEP_SECONDS = 30


def text_of(result: Any) -> str:
    return "".join(getattr(item, "text", "") for item in result.content)


def nodes_file(tmp_path: Path) -> Path:
    """The Linux tools, plus a program that hangs, one with a secret, and nodes that must be omitted."""
    hang = tmp_path / "hang"
    hang.write_text("#!/bin/sh\nsleep 30\n")
    hang.chmod(hang.stat().st_mode | stat.S_IXUSR)
    document = json.loads(LINUX_TOOLS.read_text())
    document["nodes"] += [
        {"id": "slow", "summary": "hangs", "io": {"inputs": []},
         "invoke": {"shell": {"command": [str(hang)], "timeoutSeconds": 0.5}}},
        {"id": "pin.echo", "summary": "echo a PIN",
         "io": {"inputs": [{"name": "pin", "schema": {"type": "integer"}, "secret": True, "arg": {"positional": 0}}]},
         "invoke": {"shell": {"command": ["echo"]}}},
        {"id": "needs.env", "summary": "x", "io": {"inputs": []}, "requires": ["env:SURELY_UNSET_VARIABLE"],
         "invoke": {"shell": {"command": ["date"]}}},
        {"id": "free.text", "summary": "x",
         "io": {"inputs": [{"name": "q", "schema": {"type": "string", "pattern": "^[a-z]+|x$"},
                            "arg": {"positional": 0}}]},
         "invoke": {"shell": {"command": ["grep"]}}},
        {"id": "shell.again", "summary": "x", "io": {"inputs": []},
         "invoke": {"shell": {"command": ["env", "sh", "-c", "date"]}}},
    ]
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(document))
    return path


EXPECTED_TOOLS = ["clock.date", "text.count", "files.list", "text.match", "slow", "pin.echo"]


async def exercise(client: Client) -> None:
    listed = [tool.name for tool in (await client.list_tools()).tools]
    assert listed == EXPECTED_TOOLS
    counted = await client.call_tool("text.count", {"text": "a b\nc\n"})
    assert text_of(counted).split() == ["2", "3"]
    matched = await client.call_tool("text.match", {"word": ["b", "c"], "text": "a b\nc\nd\n"})
    assert matched.structured_content == {"count": 2}
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    slow = await client.call_tool("slow", {}, progress_callback=on_progress)
    assert slow.is_error and "did not finish" in text_of(slow)
    refused = await client.call_tool("text.match", {"word": ["$(reboot)"], "text": "x"})
    assert refused.is_error and "$(reboot)" not in text_of(refused)
    pinned = await client.call_tool("pin.echo", {"pin": 1e3})
    assert text_of(pinned).strip() == "1000"
    listed_dir = await client.call_tool("files.list", {"directory": "/"})
    assert "etc" in text_of(listed_dir).split()  # still serving after a timeout and a refusal


def check_audit(audit: Path) -> None:
    lines = audit.read_text(encoding="utf-8").splitlines()
    written = [json.loads(line) for line in lines]  # every line is one JSON object
    assert [(record["node"], record["outcome"]) for record in written] == [
        ("text.count", "ok"), ("text.match", "ok"), ("slow", "timeout"), ("text.match", "refused"),
        ("pin.echo", "ok"), ("files.list", "ok")]
    assert written[4]["argv"] == ["echo", "[redacted]"]
    assert "1000" not in audit.read_text()


@pytest.mark.anyio
async def test_serve_tool_nodes_over_stdio(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    args = ["-m", "intent_mcp", "serve", "tool-nodes", str(nodes_file(tmp_path)), "--audit", str(audit)]
    with anyio.fail_after(STEP_SECONDS * 2):
        async with stdio_client(args) as client:
            await exercise(client)
    check_audit(audit)


def test_serve_tool_nodes_over_http_reports_omissions_at_start_up(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    log = tmp_path / "server.log"
    args = ["-m", "intent_mcp", "serve", "tool-nodes", str(nodes_file(tmp_path)),
            "--audit", str(audit), "--transport", "http", "--port", "0"]
    with http_process(args, log) as (process, url):

        async def drive() -> None:
            with anyio.fail_after(STEP_SECONDS * 2):
                async with Client(url, mode="legacy") as client:
                    await exercise(client)

        anyio.run(drive)
        assert stop(process) == 0
    stderr = log.read_text()
    assert "omitted needs.env (requires_unmet): requires env:SURELY_UNSET_VARIABLE" in stderr
    assert "omitted free.text (unconstrained_argv)" in stderr
    assert "omitted shell.again (unsafe_command)" in stderr
    check_audit(audit)


def test_serve_refuses_a_catalog_it_cannot_read_before_serving(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"nodes": [{"id": "x"}]}')
    assert main(["serve", "tool-nodes", str(broken)]) == 2
    assert "Tool node 'x'" in capsys.readouterr().err
    assert main(["serve", "tool-nodes", str(LINUX_TOOLS), "--port", "1"]) == 2
    assert "only apply with --transport http" in capsys.readouterr().err
    assert main(["serve", "tool-nodes", str(LINUX_TOOLS), "--audit", str(tmp_path / "no" / "dir.jsonl")]) == 2
    assert "audit file" in capsys.readouterr().err


@pytest.mark.anyio
async def test_register_tool_nodes_beside_a_servers_own_tools(tmp_path: Path) -> None:
    import mcp_types as types

    async def own_list(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(name="own", input_schema={"type": "object"})])

    server: Server[Any] = Server("mine", on_list_tools=own_list)
    runtime = register_tool_nodes(server, LINUX_TOOLS, audit=tmp_path / "audit.jsonl", tool_names=["own"])
    try:
        async with Client(server, mode="legacy") as client:
            names = [tool.name for tool in (await client.list_tools()).tools]
            counted = await client.call_tool("text.count", {"text": "x y z"})
    finally:
        await runtime.aclose()
    assert names == ["own", "clock.date", "text.count", "files.list", "text.match"]
    assert text_of(counted).split() == ["0", "3"]


# --- check -----------------------------------------------------------------------------------------------


def test_check_fails_on_unsafe_nodes_with_pointers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "tool-nodes", str(nodes_file(tmp_path))]) == 1
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    # Without --host, only declared requirements count: bin:date is a note, never an error.
    assert [line.split(" (")[0] for line in out] == [
        "/nodes/0/requires: note: clock.date", "/nodes/6/requires: note: needs.env",
        "/nodes/7/io/inputs/0/schema: error: free.text", "/nodes/8/invoke/shell/command: error: shell.again"]
    assert "does not match the whole value" in out[2] and "'sh -c'" in out[3]
    assert "2 error(s), 2 note(s)" in captured.err


def test_check_passes_a_safe_file_and_reports_host_omissions(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "tool-nodes", str(LINUX_TOOLS), "--host"]) == 0
    assert capsys.readouterr().out == ""
    assert main(["check", "tool-nodes", str(BEANS), "--json", "--available", "network"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    assert [(item["id"], item["kind"], item["blocking"]) for item in report["findings"]] == [
        ("beans.grep", "unconstrained_argv", True), ("beans.remote", "mcp_only", False)]


def test_check_reports_every_node_that_cannot_be_determined(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    document = {"nodes": [
        {"id": "a"},
        {"id": "b", "summary": "x", "io": {"inputs": [{"name": "v", "schema": "Missing", "arg": {"flag": "--v"}}]},
         "invoke": {"shell": {"command": ["b"]}}},
        {"id": "c", "summary": "x", "io": {"inputs": []}, "invoke": {"shell": {"command": ["c"]}}},
    ]}
    path = tmp_path / "nodes.json"
    path.write_text(json.dumps(document))
    assert main(["check", "tool-nodes", str(path), "--json"]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(item["id"], item["kind"]) for item in findings] == [("a", "could_not_determine"),
                                                                ("b", "could_not_determine")]
    assert findings[1]["pointer"] == "/nodes/1/io/inputs/0/schema"


def test_plain_transport_flags_still_serve_the_recognizer() -> None:
    from intent_mcp.cli import build_parser

    args = build_parser().parse_args(["--transport", "http", "--port", "0"])
    assert getattr(args, "_module", None) is None and args.transport == "http"
    serve_args = build_parser().parse_args(["serve", "tool-nodes", "f.json", "--transport", "http"])
    assert serve_args.kind == "tool-nodes" and serve_args.file == "f.json"
    assert os.path.basename(serve_args.file) == "f.json"
