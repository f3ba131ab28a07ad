"""Interoperability: the official TypeScript MCP SDK client drives intent-mcp over stdio and HTTP.

The client (``client.mjs``) is code no one here wrote the protocol side of: it negotiates, lists
tools, calls ``intent_parse`` and validates ``structuredContent`` against the declared
``outputSchema`` with the SDK's own validator. Needs Node.js and npm; without them the tests
are skipped with the reason shown.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SDK_PACKAGE = "@modelcontextprotocol/sdk"
NODE = shutil.which("node")
NPM = shutil.which("npm")

pytestmark = pytest.mark.skipif(
    NODE is None or NPM is None,
    reason="Node.js and npm are needed for the TypeScript SDK interop tests (node: "
    f"{NODE or 'missing'}, npm: {NPM or 'missing'})",
)


def _pinned_version() -> str:
    manifest = json.loads((HERE / "package.json").read_text(encoding="utf-8"))
    version: str = manifest["dependencies"][SDK_PACKAGE]
    return version


@pytest.fixture(scope="module")
def typescript_sdk() -> Path:
    """Install the pinned TypeScript SDK into tests/interop/node_modules (git-ignored), once."""
    installed = HERE / "node_modules" / SDK_PACKAGE / "package.json"
    if not installed.exists() or json.loads(installed.read_text(encoding="utf-8"))["version"] != _pinned_version():
        assert NPM is not None
        completed = subprocess.run(
            [NPM, "install", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"],
            cwd=HERE,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert completed.returncode == 0, f"npm install failed:\n{completed.stdout}\n{completed.stderr}"
    return HERE


def _run_client(args: list[str]) -> dict[str, Any]:
    assert NODE is not None
    completed = subprocess.run(
        [NODE, str(HERE / "client.mjs"), *args],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "INTEROP_SERVER_CWD": str(REPO)},
    )
    lines = [line for line in completed.stdout.splitlines() if line.startswith("{")]
    assert lines, f"the client printed no report (exit {completed.returncode}):\n{completed.stdout}\n{completed.stderr}"
    report: dict[str, Any] = json.loads(lines[-1])
    failed = [check for check in report.get("checks", []) if not check["ok"]]
    assert not failed, f"failed checks: {json.dumps(failed, indent=2)}\nstderr:\n{completed.stderr[-3000:]}"
    assert completed.returncode == 0, completed.stderr
    assert report["ok"] is True
    return report


def _assert_report(report: dict[str, Any]) -> None:
    # The SDK's newest version, which this server speaks over both transports.
    assert report["protocolVersion"] == "2025-11-25"
    assert "intent_parse" in report["tools"]
    assert report["server"]["name"] == "intent-mcp"
    assert report["seed"] == {"status": "complete", "action": "Look up", "target": "order 000123"}
    assert report["badRequest"]["code"] == "INPUT_INVALID"
    names = {check["name"] for check in report["checks"]}
    # The schema check really ran (a missing outputSchema would have failed it, not skipped it).
    assert "structuredContent matches the declared outputSchema" in names


def test_typescript_client_over_stdio(typescript_sdk: Path) -> None:
    report = _run_client(["stdio", sys.executable, "-m", "intent_mcp", "--transport", "stdio"])
    _assert_report(report)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def http_server() -> Iterator[str]:
    """A standalone intent-mcp Streamable HTTP server on a free loopback port."""
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "intent_mcp",
            "--transport",
            "http",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--path",
            "/mcp",
        ],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                output = process.stderr.read() if process.stderr else ""
                pytest.fail(f"the HTTP server exited with {process.returncode}: {output}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("the HTTP server did not listen within 30 s")
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        if process.stderr:
            process.stderr.close()


def test_typescript_client_over_streamable_http(typescript_sdk: Path, http_server: str) -> None:
    report = _run_client(["http", http_server])
    _assert_report(report)


def test_fixtures_replay_with_an_independent_typescript_runner(typescript_sdk: Path) -> None:
    # replay.mjs implements protocol_fixtures/README.md on the TypeScript SDK's stdio transport; the
    # same files passing there shows the format does not depend on the Python runner.
    assert NODE is not None
    version = "2025-11-25"
    fixtures = REPO / "protocol_fixtures"
    server = [sys.executable, "-m", "intent_mcp", "--transport", "stdio"]
    completed = subprocess.run(
        [NODE, str(HERE / "replay.mjs"), str(fixtures), version, *server],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "INTEROP_SERVER_CWD": str(REPO)},
    )
    cases = sorted((fixtures / version).glob("*.json"))
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert completed.stdout.splitlines()[-1] == f"{len(cases)} passed, 0 failed"
    assert all(line.startswith("PASS") for line in completed.stdout.splitlines()[:-1])
