"""Real server processes for the serving tests: an SDK client on a spawned stdio server, a Streamable HTTP
server on loopback, both run from the repository with this interpreter."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters

REPO = Path(__file__).resolve().parent.parent
LISTENING = re.compile(r"listening on (http://\S+)")
START_SECONDS = 30


def _environment(env: Mapping[str, str] | None) -> dict[str, str] | None:
    return None if env is None else {**os.environ, **env}


def stdio_client(args: Sequence[str], *, env: Mapping[str, str] | None = None, mode: str = "legacy") -> Client:
    """A client that spawns ``python ARGS...`` in the repository and speaks to it over stdio.

    ``env`` is added to this process's environment; without it the child gets the SDK's default
    (a few safe variables only), as a host would start it.
    """
    params = StdioServerParameters(command=sys.executable, args=list(args), cwd=str(REPO), env=_environment(env))
    return Client(params, mode=mode)


@contextmanager
def http_process(
    args: Sequence[str], log: Path, *, env: Mapping[str, str] | None = None, start_seconds: float = START_SECONDS
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``python ARGS...`` serving Streamable HTTP, with its URL once its stderr (in ``log``) says it listens.

    ``env`` is added to this process's environment. The process is killed on the way out if it still runs.
    """
    with log.open("wb") as sink:
        process = subprocess.Popen([sys.executable, *args], cwd=REPO, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=sink, env=_environment(env))
    try:
        deadline = time.monotonic() + start_seconds
        while not (found := LISTENING.search(log.read_text(errors="replace"))):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"server did not start: {log.read_text(errors='replace')}")
            time.sleep(0.05)
        yield process, found.group(1)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=start_seconds)


def stop(process: subprocess.Popen[bytes], timeout: float = START_SECONDS) -> int:
    """SIGTERM, as a service manager stops a server; its exit status."""
    process.send_signal(signal.SIGTERM)
    return process.wait(timeout=timeout)
