"""Two replicas behind HAProxy with examples/haproxy/haproxy.cfg: every MCP session stays on its replica.

Skipped when no ``haproxy`` binary is installed (``apt-get install haproxy``; .ci/run installs it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import anyio
import httpx2
import pytest
from mcp import Client

from tests.candidates import SEED_CANDIDATE
from tests.seeds import SEED_INPUT, seed_reply
from tests.test_server_http import START_SECONDS, http_server

REPO = Path(__file__).resolve().parent.parent
CONFIG = REPO / "examples" / "haproxy" / "haproxy.cfg"
HAPROXY = shutil.which("haproxy") or next((p for p in ("/usr/sbin/haproxy",) if os.path.exists(p)), None)

pytestmark = pytest.mark.skipif(HAPROXY is None, reason="haproxy is not installed (apt-get install haproxy)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def haproxy(replicas: list[str], tmp_path: Path) -> Iterator[str]:
    assert HAPROXY is not None
    listen = f"127.0.0.1:{free_port()}"
    env = {**os.environ, "LISTEN": listen, "REPLICA_A": replicas[0], "REPLICA_B": replicas[1]}
    checked = subprocess.run([HAPROXY, "-c", "-f", str(CONFIG)], env=env, capture_output=True, text=True, timeout=20)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    log = (tmp_path / "haproxy.log").open("wb")
    process = subprocess.Popen([HAPROXY, "-db", "-f", str(CONFIG)], env=env, stdout=log, stderr=log,
                               stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if httpx2.get(f"http://{listen}/healthz", timeout=2).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            assert process.poll() is None and time.monotonic() < deadline, "haproxy did not start"
            time.sleep(0.1)
        yield f"http://{listen}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=START_SECONDS)
        log.close()


def test_sessions_stay_pinned_to_their_replica_through_haproxy(tmp_path: Path) -> None:
    with ExitStack() as stack:
        servers = [stack.enter_context(http_server(tmp_path, "--mode", "host")) for _ in range(2)]
        url = stack.enter_context(haproxy([server.authority for server in servers], tmp_path))

        async def one_session() -> None:
            # prepare and accept are separate HTTP requests: the handoff record lives in one replica.
            async with Client(url) as client:
                task = (await client.call_tool("intent_prepare", {"input": SEED_INPUT})).structured_content
                assert task is not None
                accepted = await client.call_tool("intent_accept", {
                    "requestId": task["requestId"], "submissionToken": task["submissionToken"],
                    "candidateText": SEED_CANDIDATE})
                assert accepted.is_error is False
                assert accepted.structured_content == seed_reply()["structuredContent"]

        async def sessions() -> None:
            with anyio.fail_after(4 * START_SECONDS):
                for _ in range(4):  # round robin spreads the sessions over both replicas
                    await one_session()

        anyio.run(sessions)
    logs = [server.stderr() for server in servers]
    assert all("Traceback" not in log for log in logs)
