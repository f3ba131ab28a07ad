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
    key = {"vscode": "servers", "zed": "context_servers"}.get(host, "mcpServers")
    servers = document[key]
    entry: dict[str, Any] = servers[name]
    return entry


@pytest.mark.parametrize("host", ["claude-desktop", "claude-code", "cursor", "vscode", "windsurf", "zed"])
def test_snippet_starts_this_installation_over_stdio(host: str) -> None:
    status, document, stderr = print_config(host)
    assert status == 0 and document is not None
    entry = entry_of(host, document)
    command = [entry["command"], *entry["args"]]
    assert Path(command[0]).is_absolute()
    assert command[-2:] == ["--transport", "stdio"]
    assert entry.get("type") == ("stdio" if host in ("vscode", "claude-code") else None)
    assert "env" not in entry
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


def test_server_config_is_checked_and_written_as_an_absolute_path(tmp_path: Path) -> None:
    config = tmp_path / "intent-mcp.json"
    config.write_text(json.dumps({"instances": {"main": {"executor": {
        "kind": "openai", "model": "m", "baseUrl": "http://127.0.0.1:9/v1", "apiKeyEnv": "ACME_KEY"}}}}))
    relative = Path("..") / config.relative_to(config.anchor)
    status, document, _ = print_config("cursor", "--server-config", str(Path(REPO.anchor) / relative))
    assert status == 0 and document is not None
    entry = entry_of("cursor", document)
    written = Path(entry["args"][entry["args"].index("--config") + 1])
    assert written.is_absolute() and written == config.resolve()
    assert entry["env"] == {"ACME_KEY": "${env:ACME_KEY}"}  # the configured key variable, by reference
    status, document, stderr = print_config("cursor", "--server-config", str(tmp_path / "missing.json"))
    assert status == 2 and document is None
    assert "CONFIG_INVALID" in stderr and "cannot read" in stderr


@pytest.mark.parametrize(("host", "reference"), [
    ("claude-desktop", "<value of OPENAI_API_KEY>"), ("claude-code", "${OPENAI_API_KEY}"),
    ("cursor", "${env:OPENAI_API_KEY}"), ("vscode", "${input:OPENAI_API_KEY}"),
    ("windsurf", "<value of OPENAI_API_KEY>"), ("zed", "<value of OPENAI_API_KEY>")])
def test_env_names_the_key_variable_in_each_hosts_syntax(host: str, reference: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    status, document, stderr = print_config(host, "--env", "OPENAI_API_KEY", "--env", "OPENAI_API_KEY")
    assert status == 0 and document is not None
    assert entry_of(host, document)["env"] == {"OPENAI_API_KEY": reference}
    if host == "vscode":
        assert document["inputs"] == [{"type": "promptString", "id": "OPENAI_API_KEY",
                                       "description": "OPENAI_API_KEY for intent-mcp", "password": True}]
    assert ("replace each" in stderr) == reference.startswith("<")
    status, _, stderr = print_config(host, "--env", "NOT A NAME")
    assert status == 2 and "--env takes a variable name" in stderr


def test_env_values_never_reach_the_snippet() -> None:
    done = subprocess.run([sys.executable, "-m", "intent_mcp", "print-config", "claude-code", "--env", "SECRET_X"],
                          capture_output=True, text=True, timeout=20, env={**__import__("os").environ,
                                                                           "SECRET_X": "sk-do-not-print"})
    assert done.returncode == 0 and "sk-do-not-print" not in done.stdout + done.stderr


def test_url_snippets_for_remote_servers() -> None:
    command = launch_command()
    assert snippet("vscode", name="i", command=command, args=[], url="http://127.0.0.1:3001/mcp") == {
        "servers": {"i": {"type": "http", "url": "http://127.0.0.1:3001/mcp"}}}
    assert snippet("cursor", name="i", command=command, args=[], url="http://127.0.0.1:3001/mcp") == {
        "mcpServers": {"i": {"url": "http://127.0.0.1:3001/mcp"}}}
    for host, entry in (("claude-code", {"type": "http", "url": "https://mcp.example.com/mcp"}),
                        ("windsurf", {"serverUrl": "https://mcp.example.com/mcp"}),
                        ("zed", {"url": "https://mcp.example.com/mcp"})):
        status, document, _ = print_config(host, "--url", "https://mcp.example.com/mcp")
        assert status == 0 and document is not None and entry_of(host, document) == entry
    status, document, stderr = print_config("claude-desktop", "--url", "http://127.0.0.1:3001/mcp")
    assert status == 2 and document is None
    assert "Claude Desktop" in stderr


@pytest.mark.parametrize("url", ["ftp://127.0.0.1/mcp", "127.0.0.1:3001/mcp", "http:///mcp", "http://h:99999/"])
def test_url_must_be_http_or_https_with_a_host(url: str) -> None:
    status, document, stderr = print_config("cursor", "--url", url)
    assert status == 2 and document is None and "--url" in stderr


def test_options_for_a_started_server_do_not_apply_to_a_url() -> None:
    for extra in (("--env", "K"), ("--server-mode", "host"), ("--server-config", "x.json")):
        status, _, stderr = print_config("cursor", "--url", "http://127.0.0.1:3001/mcp", *extra)
        assert status == 2 and ("apply to --url" in stderr or "own environment" in stderr)


def test_unknown_host_is_a_usage_error() -> None:
    status, _, stderr = print_config("notepad")
    assert status == 2
    assert "claude-desktop" in stderr
