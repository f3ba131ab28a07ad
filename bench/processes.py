"""Child processes for the server benchmarks: loopback ports, readiness, resident memory, shutdown."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import functools
import os
import shutil
import socket
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

LOOPBACK = "127.0.0.1"
PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class ServerCommand:
    """How to start one server under test: its label and the module run with ``python -m``."""

    label: str
    module: str
    extra_args: tuple[str, ...] = ()

    def stdio_argv(self) -> list[str]:
        return [sys.executable, "-m", self.module, *self.extra_args, "--transport", "stdio"]

    def http_argv(self, port: int, path: str) -> list[str]:
        return [
            sys.executable,
            "-m",
            self.module,
            *self.extra_args,
            "--transport",
            "http",
            "--host",
            LOOPBACK,
            "--port",
            str(port),
            "--path",
            path,
        ]


FLOOR_SERVER = ServerCommand("bare SDK echo server", "bench.floor_server")
# The same echo tool served by intent-mcp's stdio transport: the round trip without the recognition.
FLOOR_ON_OUR_TRANSPORT = ServerCommand(
    "echo server on intent-mcp's stdio transport", "bench.floor_server", ("--stdio-transport", "intent-mcp")
)
INTENT_SERVER = ServerCommand("intent-mcp", "intent_mcp")


@functools.cache
def _bytecode_cache() -> str:
    """A bytecode cache of this run's own, removed at exit.

    Every server under test starts from bytecode after its first (unmeasured) start, as an
    installed package does: with ``PYTHONDONTWRITEBYTECODE`` inherited, a checkout's servers
    would compile their sources on every start while the SDK's came precompiled by the
    installer. A cache of its own races no other run and leaves nothing in the checkout.
    """
    path = tempfile.mkdtemp(prefix="intent-mcp-bench-bytecode-")
    atexit.register(shutil.rmtree, path, True)
    return path


def child_environment() -> dict[str, str]:
    """The environment for servers: the project importable, bytecode in this run's own cache."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = _bytecode_cache()
    existing = env.get("PYTHONPATH")
    env["PYTHONPATH"] = str(PROJECT_ROOT) + (os.pathsep + existing if existing else "")
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def free_loopback_port() -> int:
    """A port nobody listens on right now (the kernel's pick on loopback)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


async def wait_for_port(port: int, *, timeout: float, server: ServerProcess) -> None:
    """Return once ``port`` accepts connections; fail if the process dies or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.returncode is not None:
            raise RuntimeError(f"server exited with code {server.process.returncode} before listening")
        try:
            _reader, writer = await asyncio.open_connection(LOOPBACK, port)
        except OSError:
            await asyncio.sleep(0.02)
            continue
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        return
    raise TimeoutError(f"server did not listen on {LOOPBACK}:{port} within {timeout:.0f}s")


def resident_bytes(pid: int) -> int | None:
    """Resident set size of a process in bytes (Linux /proc); None where that is unavailable."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return None


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time a process has used (Linux /proc); None where that is unavailable.

    Unlike wall time, this does not grow while the process waits for a busy machine's CPU.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # Fields after the parenthesised command name; utime and stime are the 14th and 15th overall.
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(slots=True)
class ServerProcess:
    """A started server and the file its stderr goes to (a file, so a chatty server never blocks)."""

    process: asyncio.subprocess.Process
    stderr_file: IO[bytes]

    @property
    def pid(self) -> int:
        return self.process.pid


async def spawn(argv: Sequence[str], *, stdio: bool) -> ServerProcess:
    """Start a server; stdio servers get pipes, HTTP servers read nothing and write only stderr."""
    stderr_file = tempfile.TemporaryFile()
    pipe = asyncio.subprocess.PIPE
    devnull = asyncio.subprocess.DEVNULL
    process = await asyncio.create_subprocess_exec(
        *argv,
        stdin=pipe if stdio else devnull,
        stdout=pipe if stdio else devnull,
        stderr=stderr_file,
        env=child_environment(),
        cwd=str(PROJECT_ROOT),
        limit=64 * 1024 * 1024,
    )
    return ServerProcess(process, stderr_file)


async def stop(server: ServerProcess, *, grace: float = 3.0) -> str:
    """End a server this module started: close stdin, then terminate, then kill. Returns its stderr tail."""
    process = server.process
    has_stdin = process.stdin is not None
    if process.stdin is not None and not process.stdin.is_closing():
        process.stdin.close()
    if process.returncode is None:
        try:
            await asyncio.wait_for(process.wait(), timeout=grace if has_stdin else 0.01)
        except asyncio.TimeoutError:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), timeout=grace)
            except asyncio.TimeoutError:
                process.kill()
                await process.wait()
    with server.stderr_file as stderr_file:
        stderr_file.seek(0, os.SEEK_END)
        size = stderr_file.tell()
        stderr_file.seek(max(0, size - 2000))
        return stderr_file.read().decode("utf-8", "replace")
