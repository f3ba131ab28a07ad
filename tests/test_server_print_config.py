"""``intent-mcp print-config``: host snippets that start this very installation."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from intent_mcp.commands.print_config import launch_command, snippet

REPO = Path(__file__).resolve().parent.parent


def print_config(*args: str) -> tuple[int, dict[str, Any] | None, str]:
    done = subprocess.run([sys.executable, "-m", "intent_mcp", "print-config", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL)
    document = json.loads(done.stdout) if done.returncode == 0 else None
    return done.returncode, document, done.stderr


def entry_of(host: str, document: dict[str, Any], name: str = "intent") -> dict[str, Any]:
    servers = document["servers"] if host == "vscode" else document["mcpServers"]
    entry: dict[str, Any] = servers[name]
    return entry


@pytest.mark.parametrize("host", ["claude-desktop", "cursor", "vscode"])
def test_snippet_starts_this_installation_over_stdio(host: str) -> None:
    status, document, stderr = print_config(host)
    assert status == 0 and document is not None
    entry = entry_of(host, document)
    command = [entry["command"], *entry["args"]]
    assert Path(command[0]).is_absolute()
    assert command[-2:] == ["--transport", "stdio"]
    if host == "vscode":
        assert entry["type"] == "stdio"
    assert stderr.startswith("# ")  # where to paste it, kept off stdout


def test_snippet_command_really_serves(tmp_path: Path) -> None:
    status, document, _ = print_config("claude-desktop", "--server-mode", "host", "--name", "acme")
    assert status == 0 and document is not None
    entry = entry_of("claude-desktop", document, "acme")
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
    done = subprocess.run([entry["command"], *entry["args"]], input=line + "\n", capture_output=True, text=True,
                          timeout=20, cwd=tmp_path)
    assert done.returncode == 0
    reply = json.loads(done.stdout.splitlines()[0])
    assert reply["result"]["serverInfo"]["name"] == "intent-mcp"
    assert "intent_prepare" in reply["result"]["instructions"]


def test_server_config_is_written_as_an_absolute_path() -> None:
    status, document, _ = print_config("cursor", "--server-config", "relative/intent-mcp.json")
    assert status == 0 and document is not None
    args = entry_of("cursor", document)["args"]
    written = Path(args[args.index("--config") + 1])
    assert written.is_absolute()
    assert written == (REPO / "relative" / "intent-mcp.json").resolve()


def test_url_snippets_for_remote_servers() -> None:
    command = launch_command()
    assert snippet("vscode", name="i", command=command, args=[], url="http://127.0.0.1:3001/mcp") == {
        "servers": {"i": {"type": "http", "url": "http://127.0.0.1:3001/mcp"}}}
    assert snippet("cursor", name="i", command=command, args=[], url="http://127.0.0.1:3001/mcp") == {
        "mcpServers": {"i": {"url": "http://127.0.0.1:3001/mcp"}}}
    status, document, stderr = print_config("claude-desktop", "--url", "http://127.0.0.1:3001/mcp")
    assert status == 2 and document is None
    assert "Claude Desktop" in stderr


def test_unknown_host_is_a_usage_error() -> None:
    status, _, stderr = print_config("notepad")
    assert status == 2
    assert "claude-desktop" in stderr
