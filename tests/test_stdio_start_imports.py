"""What the stdio server loads before its first answer: the recognizer, and nothing it does not need yet.

Cold start is measured against the bare SDK server (docs/performance.md, target 2), and almost all
of it is imports. The real server (``python -m intent_mcp --transport stdio``, run through ``runpy``
as ``-m`` does) answers the handshake and the first ``tools/list``, then stops at end of input and
writes the names in ``sys.modules`` on its way out (``-X importtime`` would miss modules loaded by
``importlib.import_module``). Modules for other commands, transports, catalogs, model executors,
configuration files or domains must not be among them, so a stray top-level import cannot silently
bring them back into every start.
"""

from __future__ import annotations

import json
import sys
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


# The server's own entry point, run as ``-m`` runs it, with the loaded modules written at exit.
_DRIVER = """
import atexit, json, runpy, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv = ["intent-mcp", "--transport", "stdio"]
runpy.run_module("intent_mcp", run_name="__main__", alter_sys=True)
"""


async def modules_up_to_first_tools_list(tmp_path: Path) -> set[str]:
    """Every module the real stdio server has loaded once it has answered its first ``tools/list``."""
    dump = tmp_path / "modules.json"
    process = await anyio.open_process([sys.executable, "-c", _DRIVER, str(dump)], cwd=str(REPO), stderr=None)
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
    names: list[str] = json.loads(dump.read_text())
    return set(names)


@pytest.mark.anyio
async def test_the_stdio_server_answers_tools_list_without_what_it_does_not_need(tmp_path: Path) -> None:
    names = await modules_up_to_first_tools_list(tmp_path)
    assert [module for module in AT_START if not loaded_under(names, module)] == []
    stray = {module: loaded_under(names, module)[:3] for module in NOT_AT_START if loaded_under(names, module)}
    assert stray == {}, f"imported on the stdio start path (import them where they are used): {stray}"


def test_a_module_counts_with_its_submodules_only() -> None:
    names = {"jsonschema", "jsonschema._format", "jsonschema_rs", "intent_mcp.commands.serve"}
    assert loaded_under(names, "jsonschema") == ["jsonschema", "jsonschema._format"]
    assert loaded_under(names, "intent_mcp.commands.parse") == []
    assert loaded_under(names, "intent_mcp.commands") == ["intent_mcp.commands.serve"]
