"""What the stdio server loads before its first answer: the recognizer, and nothing it does not need yet.

Cold start is measured against the bare SDK server (docs/performance.md, target 2), and almost all
of it is imports. The real process runs under ``-X importtime`` (which lists every module as it is
imported) through the handshake and the first ``tools/list``; modules for other commands,
transports, catalogs, model executors, configuration files or domains must not be among them, so a
stray top-level import cannot silently bring them back into every start.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import pytest
from anyio.abc import ByteReceiveStream

from intent_mcp.commands import COMMANDS

REPO = Path(__file__).resolve().parent.parent
STEP_SECONDS = 30

# Each is needed only by something the default stdio server does not do before its first answer.
NOT_AT_START = (
    "jsonschema",  # a configuration file, a configured Schema, a field value's type or a failing candidate
    "referencing",  # jsonschema's
    "catalog",  # --config with a catalog, or `intent-mcp serve KIND`
    "intent_mcp.http",  # --transport http
    "intent.executors.openai",  # a configured model
    "intent.executors.anthropic",
    "intent.executors.http_model",
    "adapter.sampling",  # the host's model through MCP sampling
    "intent.nlu.scorer",  # an instance with domains
    "intent.nlu.training",  # annotated examples
    "sklearn",
    "pycrfsuite",
    *(f"intent_mcp.commands.{module}" for module, _ in COMMANDS.values() if module != "serve"),
)
# Needed before the first answer, so present: proves the list below is read, and that the time
# grammar compiles at start rather than on the first request (whose latency counts too).
AT_START = ("intent.normalize.temporal.grammar", "intent.normalize.temporal.holidays", "adapter.server", "mcp")


def imported_modules(importtime_report: str) -> set[str]:
    """Module names from ``-X importtime`` lines (``import time: self | cumulative | name``)."""
    names = set()
    for line in importtime_report.splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[0].split(":")[1].strip().isdigit():
            names.add(parts[2].strip())
    return names


def loaded_under(names: set[str], module: str) -> list[str]:
    return sorted(name for name in names if name == module or name.startswith(module + "."))


async def _read_message(stdout: ByteReceiveStream, buffer: bytearray) -> dict[str, Any]:
    with anyio.fail_after(STEP_SECONDS):
        while b"\n" not in buffer:
            buffer += await stdout.receive()
    line, _, rest = bytes(buffer).partition(b"\n")
    buffer[:] = rest
    message: dict[str, Any] = json.loads(line)
    return message


async def modules_up_to_first_tools_list() -> set[str]:
    """Every module the real stdio server imports from spawn to its first ``tools/list`` answer."""
    with tempfile.TemporaryFile() as stderr:
        process = await anyio.open_process(
            [sys.executable, "-X", "importtime", "-m", "intent_mcp", "--transport", "stdio"],
            cwd=str(REPO), stderr=stderr,
        )  # fmt: skip
        try:
            assert process.stdin is not None and process.stdout is not None
            buffer = bytearray()
            initialize = {
                "jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                           "clientInfo": {"name": "start-imports", "version": "1"}},
            }  # fmt: skip
            await process.stdin.send(json.dumps(initialize).encode() + b"\n")
            assert (await _read_message(process.stdout, buffer))["id"] == 1
            await process.stdin.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
            await process.stdin.send(b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n')
            listed = await _read_message(process.stdout, buffer)
            assert listed["id"] == 2 and [tool["name"] for tool in listed["result"]["tools"]] == ["intent_parse"]
            await process.stdin.aclose()
            with anyio.fail_after(STEP_SECONDS):
                assert await process.wait() == 0
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        stderr.seek(0)
        return imported_modules(stderr.read().decode("utf-8", "replace"))


@pytest.mark.anyio
async def test_the_stdio_server_answers_tools_list_without_what_it_does_not_need() -> None:
    names = await modules_up_to_first_tools_list()
    assert [module for module in AT_START if not loaded_under(names, module)] == []
    stray = {module: loaded_under(names, module)[:3] for module in NOT_AT_START if loaded_under(names, module)}
    assert stray == {}, f"imported on the stdio start path (import them where they are used): {stray}"


def test_the_report_reader_finds_nested_imports_and_nothing_else() -> None:
    report = (
        "import time: self [us] | cumulative | imported package\n"
        "import time:       120 |        120 |   jsonschema._format\n"
        "import time:      3000 |       3120 | jsonschema\n"
        "some other line on stderr\n"
    )
    names = imported_modules(report)
    assert names == {"jsonschema._format", "jsonschema"}
    assert loaded_under(names, "jsonschema") == ["jsonschema", "jsonschema._format"]
    assert loaded_under({"jsonschema_rs"}, "jsonschema") == []
