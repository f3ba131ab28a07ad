"""Writing the stdio wire from the event loop: whole messages, a full pipe waited for, stray output kept off."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.seeds import SEED_INPUT, seed_reply

REPO = Path(__file__).resolve().parent.parent

# Run in a child so that fd 1 is a pipe this test reads (pytest replaces sys.stdout in process).
_WRITER = textwrap.dedent(
    """
    import os, sys
    import anyio
    from intent_mcp.stdio_out import claimed_stdout

    async def main() -> None:
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await anyio.sleep(0.01)
                ticks += 1

        with claimed_stdout() as wire:
            assert wire is not None
            print("stray print", flush=True)  # fd 1 points at stderr meanwhile
            os.write(1, b"stray write\\n")
            async with anyio.create_task_group() as group:
                group.start_soon(tick)
                # Far more than a pipe holds: the writer waits on the loop while the reader sleeps.
                await wire.write("a" * 300_000 + "\\n")
                await wire.write("é" * 5_000 + "\\n")
                await wire.flush()
                group.cancel_scope.cancel()
        print("restored", flush=True)
        print(f"ticks {ticks}", file=sys.stderr)

    anyio.run(main)
    """
)


def test_messages_reach_a_slow_reader_whole_and_stray_output_goes_to_stderr() -> None:
    process = subprocess.Popen([sys.executable, "-c", _WRITER], cwd=REPO, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        time.sleep(1.0)  # the pipe fills and stays full for a while
        stdout, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, stderr.decode()
    assert stdout.decode() == "a" * 300_000 + "\n" + "é" * 5_000 + "\n" + "restored\n"
    errors = stderr.decode()
    assert "stray print" in errors and "stray write" in errors
    # The event loop kept running while the writer waited for the reader.
    assert int(errors.split("ticks ")[1]) > 10


@pytest.mark.parametrize("stdout", ["pipe", "file"])
def test_the_server_answers_requests_read_from_a_file(tmp_path: Path, stdout: str) -> None:
    requests = tmp_path / "requests.jsonl"
    lines = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "file", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
         "params": {"name": "intent_parse", "arguments": {"input": SEED_INPUT}}},
    ]
    requests.write_text("".join(json.dumps(line) + "\n" for line in lines))
    replies_file = tmp_path / "replies.jsonl"
    # stdin a file: read by the thread. stdout a pipe: written on the loop; a file: by the SDK's writer.
    with requests.open("rb") as stdin, replies_file.open("wb") as into_file:
        done = subprocess.run([sys.executable, "-m", "intent_mcp", "--transport", "stdio"], cwd=REPO, stdin=stdin,
                              stdout=subprocess.PIPE if stdout == "pipe" else into_file, stderr=subprocess.PIPE,
                              timeout=60, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert done.returncode == 0, done.stderr.decode()
    written = done.stdout if stdout == "pipe" else replies_file.read_bytes()
    replies = [json.loads(line) for line in written.decode().splitlines()]
    assert [reply["id"] for reply in replies] == [0, 1]
    assert replies[1]["result"]["structuredContent"] == seed_reply()["structuredContent"]
