"""The committed protocol fixtures: their coverage, and ``intent-mcp fixtures check`` on this server."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import mcp.client.stdio  # noqa: F401  imported at collection: its default errlog binds the real stderr
import pytest

from intent_mcp.cli import main as cli_main
from intent_mcp.fixtures import (
    CASES,
    HTTP_PROTOCOL_VERSIONS,
    PROTOCOL_VERSIONS,
    CaseSpec,
    build_case,
    load_fixtures,
    load_profiles,
)
from tests.seeds import seed_reply

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "protocol_fixtures"
SERVER_COMMAND = f"{sys.executable} -m intent_mcp --transport stdio"

# What the contract must show, per protocol version (see protocol_fixtures/README.md).
REQUIRED_CASES = {
    "handshake",
    "parse-seed",
    "parse-errors",
    "instances",
    "host-prefixed",
    "handoff-accept-replay",
    "handoff-conflict",
    "handoff-correction",
    "handoff-cancel",
}
# The tool calls the contract must show: (case, tool, a string the reply holds).
REQUIRED_CALLS = [
    ("handshake", "tools/list", '"intent_parse"'),
    ("handoff-accept-replay", "tools/list", '"intent_prepare"'),
    ("host-prefixed", "tools/list", '"crm_intent_accept"'),
    ("instances", "tools/list", '"instance"'),
    ("instances", "intent_parse", '"INSTANCE_REQUIRED"'),
    ("instances", "intent_parse", '"status": "partial"'),
    ("instances", "intent_parse", '"status": "ambiguous"'),
    ("instances", "intent_parse", '"EXECUTOR_FAILED"'),
    ("parse-errors", "intent_parse", '"INPUT_INVALID"'),
    ("parse-errors", "intent_unknown", '"Unknown tool: intent_unknown"'),
    ("handoff-accept-replay", "intent_accept", '"status": "complete"'),
    ("handoff-conflict", "intent_accept", '"SUBMISSION_CONFLICT"'),
    ("handoff-correction", "intent_accept", '"retryable": true'),
    ("handoff-correction", "intent_accept", "the one correction was used"),
    ("handoff-cancel", "intent_cancel", '"status": "cancelled"'),
    ("handoff-cancel", "intent_cancel", '"status": "already_cancelled"'),
    ("handoff-cancel", "intent_cancel", '"status": "already_completed"'),
    ("handoff-cancel", "intent_accept", '"REQUEST_CANCELLED"'),
    ("handoff-cancel", "intent_cancel", '"REQUEST_UNKNOWN"'),
]


@pytest.mark.parametrize("version", PROTOCOL_VERSIONS)
def test_every_version_has_the_required_cases(version: str) -> None:
    fixtures = load_fixtures(FIXTURES, [version])
    names = {fixture.name for fixture in fixtures}
    assert len(names) >= 8
    assert REQUIRED_CASES <= names, sorted(REQUIRED_CASES - names)
    profiles = load_profiles(FIXTURES)
    for fixture in fixtures:
        assert fixture.path.stem == fixture.name
        assert fixture.server in profiles
        first = fixture.exchanges[0].send["method"]
        assert first == ("server/discover" if version == "2026-07-28" else "initialize")
        assert ("http" in fixture.transports) == (version in HTTP_PROTOCOL_VERSIONS)


@pytest.mark.parametrize("version", PROTOCOL_VERSIONS)
@pytest.mark.parametrize(("case", "call", "shows"), REQUIRED_CALLS)
def test_fixtures_show_every_required_exchange(version: str, case: str, call: str, shows: str) -> None:
    (fixture,) = [f for f in load_fixtures(FIXTURES, [version]) if f.name == case]
    replies = [
        json.dumps(exchange.expect)
        for exchange in fixture.exchanges
        if exchange.expect is not None
        and call in (exchange.send.get("method"), exchange.send.get("params", {}).get("name"))
    ]
    assert any(shows in reply for reply in replies), f"{version}/{case}: no {call} reply shows {shows}"


@pytest.mark.parametrize("spec", CASES, ids=[spec.name for spec in CASES])
def test_fixtures_send_what_the_recording_cases_send(spec: CaseSpec) -> None:
    # A fixture edited by hand, or a case changed without re-recording, shows up here.
    for version in PROTOCOL_VERSIONS:
        (fixture,) = [f for f in load_fixtures(FIXTURES, [version]) if f.name == spec.name]
        assert [exchange.send for exchange in fixture.exchanges] == build_case(spec, version)


def test_seed_fixture_holds_the_reference_reply() -> None:
    # The recorded intent_parse reply is the reference document's reply, volatile-free.
    reference = seed_reply()
    for version in PROTOCOL_VERSIONS:
        (fixture,) = [f for f in load_fixtures(FIXTURES, [version]) if f.name == "parse-seed"]
        expect = fixture.exchanges[-1].expect
        assert expect is not None
        result = expect["result"]
        assert result["structuredContent"] == reference["structuredContent"]
        assert result["content"][0]["text"] == {"@json": json.loads(reference["content"][0]["text"])}
        assert result["isError"] is False


def _check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = cli_main(["fixtures", "check", *args])
    return code, capsys.readouterr().out.splitlines()


def test_fixture_check_passes_over_stdio_for_every_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = _check(capsys, "--server-command", SERVER_COMMAND, "--jobs", "2")
    cases = [line for line in lines if line[:4] in ("PASS", "FAIL", "SKIP")]
    assert code == 0, "\n".join(lines)
    assert len(cases) == len(load_fixtures(FIXTURES))
    assert all(line.startswith("PASS") for line in cases)
    for version in PROTOCOL_VERSIONS:
        assert any(f" {version}/" in line for line in cases)


def _free_ports(count: int) -> list[int]:
    # all probes stay bound until every port is chosen: a port probed and let go at once may be
    # handed out again before the first server binds it, and two servers would race for it
    probes = [socket.socket(socket.AF_INET, socket.SOCK_STREAM) for _ in range(count)]
    try:
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [int(probe.getsockname()[1]) for probe in probes]
    finally:
        for probe in probes:
            probe.close()


@pytest.fixture(scope="module")
def http_servers() -> Iterator[dict[str, str]]:
    """One Streamable HTTP server per profile the 2025 fixtures use, on free loopback ports."""
    profiles = load_profiles(FIXTURES)
    used = sorted({f.server for f in load_fixtures(FIXTURES, list(HTTP_PROTOCOL_VERSIONS)) if "http" in f.transports})
    processes: list[subprocess.Popen[bytes]] = []
    urls: dict[str, str] = {}
    try:
        for name, port in zip(used, _free_ports(len(used)), strict=True):
            command = [sys.executable, "-m", "intent_mcp", "--transport", "http", "--host", "127.0.0.1"]
            command += ["--port", str(port), "--path", "/mcp", *profiles[name].args]
            processes.append(subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            urls[name] = f"http://127.0.0.1:{port}/mcp"
        deadline = time.monotonic() + 30
        for process, url in zip(processes, urls.values(), strict=True):
            port = int(url.split(":")[2].split("/")[0])
            while True:
                assert process.poll() is None, f"the HTTP server for {url} exited with {process.returncode}"
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                        break
                except OSError:
                    assert time.monotonic() < deadline, f"no HTTP server listening at {url}"
                    time.sleep(0.1)
        yield urls
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def test_fixture_check_passes_over_streamable_http(
    http_servers: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    args: list[str] = []
    for profile, url in http_servers.items():
        args += ["--url", f"{profile}={url}"]
    code, lines = _check(capsys, *args)
    assert code == 0, "\n".join(lines)
    passed = [line for line in lines if line.startswith("PASS")]
    skipped = [line for line in lines if line.startswith("SKIP")]
    http_cases = [f for f in load_fixtures(FIXTURES) if "http" in f.transports]
    assert len(passed) == len(http_cases)
    assert all("2026-07-28/" in line and "stdio only" in line for line in skipped)


def _tampered_copy(tmp_path: Path, case: str, change: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of the fixtures with one reply of one 2025-06-18 case changed by ``change``."""
    root = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, root)
    path = root / "2025-06-18" / f"{case}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return root


def _cancel_replies(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        exchange["expect"]["result"]
        for exchange in data["exchanges"]
        if exchange["send"].get("params", {}).get("name") == "intent_cancel" and "result" in exchange["expect"]
    ]


def _check_one_case(capsys: pytest.CaptureFixture[str], root: Path, case: str) -> tuple[int, list[str]]:
    return _check(
        capsys, "--fixtures", str(root), "--server-command", SERVER_COMMAND, "--version", "2025-06-18", "--case", case
    )


def test_fixture_check_fails_on_a_changed_reply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def change(data: dict[str, Any]) -> None:
        _cancel_replies(data)[1]["structuredContent"]["status"] = "cancelled"  # the server says already_cancelled

    code, lines = _check_one_case(capsys, _tampered_copy(tmp_path, "handoff-cancel", change), "handoff-cancel")
    assert code == 1
    assert lines[0].startswith("FAIL 2025-06-18/handoff-cancel [stdio]")
    assert '/result/structuredContent/status: expected "cancelled", got "already_cancelled"' in "\n".join(lines)


def test_fixture_check_fails_when_a_token_is_not_the_captured_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The cancel reply must echo the prepared request id, not another captured value.
    def change(data: dict[str, Any]) -> None:
        _cancel_replies(data)[0]["structuredContent"]["requestId"] = {"@ref": "submissionToken"}

    code, lines = _check_one_case(capsys, _tampered_copy(tmp_path, "handoff-cancel", change), "handoff-cancel")
    assert code == 1
    assert "expected the value captured as 'submissionToken'" in "\n".join(lines)


def test_fixture_check_fails_when_the_server_cannot_start(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = _check(
        capsys,
        "--server-command",
        f"{sys.executable} -c 'raise SystemExit(3)'",
        "--version",
        "2025-06-18",
        "--case",
        "handshake",
    )
    assert code == 1
    assert lines[0].startswith("FAIL 2025-06-18/handshake [stdio]")


def test_recording_again_reproduces_the_committed_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Recording is deterministic once volatile values are marked, so a changed file is a changed behaviour.
    root = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, root)
    only = ["--version", "2025-11-25", "--case", "handoff-correction"]
    code = cli_main(["fixtures", "record", "--fixtures", str(root), "--server-command", SERVER_COMMAND, *only])
    assert code == 0
    assert capsys.readouterr().out.splitlines() == ["SAME  2025-11-25/handoff-correction"]
    recorded = root / "2025-11-25" / "handoff-correction.json"
    assert recorded.read_bytes() == (FIXTURES / "2025-11-25" / "handoff-correction.json").read_bytes()


def test_fixtures_list_names_every_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["fixtures", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(load_fixtures(FIXTURES))
    assert "2026-07-28/handoff-cancel  server=host  stdio" in lines


def test_a_check_that_compares_nothing_does_not_pass(capsys: pytest.CaptureFixture[str]) -> None:
    # Over HTTP, 2026-07-28 cases are skipped; a run made only of skips is no evidence of a match.
    code, lines = _check(capsys, "--url", "http://127.0.0.1:9/mcp", "--version", "2026-07-28")
    assert code == 2
    assert lines[-1] == f"fixtures: 0 passed, 0 failed, {len(load_fixtures(FIXTURES, ['2026-07-28']))} skipped"
