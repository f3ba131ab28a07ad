"""Running Tool nodes: real programs, failures as clear results, preconditions and audit records."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from catalog.runtime import CatalogRuntime
from catalog.tool_nodes import AuditLog, Host, ToolNodeRuntime, container_argv, parse_node, project, run_invocation
from catalog.tool_nodes.execute import (
    call_in_process,
    node_environment,
    resolve_callable,
    run_process,
    structured_output,
)
from catalog.tool_nodes.node import SchemaRegistry
from catalog.tool_nodes.preconditions import find_container_runtime, has_default_route, has_gpu, unmet_requirements
from intent.errors import IntentError

REPO = Path(__file__).resolve().parent.parent
LINUX_TOOLS = REPO / "tests" / "data" / "catalog" / "linux-tools.json"


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def text_of(result: dict[str, Any]) -> str:
    return "".join(item["text"] for item in result["content"])


def script(directory: Path, name: str, body: str) -> Path:
    path = directory / name
    path.write_text("#!/bin/sh\n" + textwrap.dedent(body))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def shell_node(node_id: str, command: list[str], inputs: list[dict[str, Any]] | None = None,
               **invoke: Any) -> dict[str, Any]:
    return {"id": node_id, "summary": node_id, "io": {"inputs": inputs or []},
            "invoke": {"shell": {"command": command, **invoke}}}


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


async def call(runtime: ToolNodeRuntime, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    with anyio.fail_after(30):
        return await runtime.call_tool(name, arguments)


# --- real programs -------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_real_programs_run_from_their_nodes(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    runtime = ToolNodeRuntime.start(load(LINUX_TOOLS), audit_path=audit)
    assert isinstance(runtime, CatalogRuntime)
    assert [tool["name"] for tool in runtime.list_tools()] == ["clock.date", "text.count", "files.list", "text.match"]
    try:
        day = await call(runtime, "clock.date", {"utc": True, "day": "2026-12-01", "format": "+%A"})
        counted = await call(runtime, "text.count", {"text": "one two three\nfour five\n"})
        listed = await call(runtime, "files.list", {"directory": "/"})
        matched = await call(runtime, "text.match", {"word": ["apple", "pear"], "ignore_case": True,
                                                      "text": "Apple pie\nplum\npear tart\nfig\n"})
        none = await call(runtime, "text.match", {"word": ["kiwi"], "text": "plum\n"})
    finally:
        await runtime.aclose()
    assert (day["isError"], text_of(day).strip()) == (False, "Tuesday")
    assert text_of(counted).split() == ["2", "5"]
    assert {"etc", "usr"} <= set(text_of(listed).split())
    assert matched["structuredContent"] == {"count": 2} and matched["isError"] is False
    assert none["structuredContent"] == {"count": 0}  # grep's "no match" status is declared as fine
    written = records(audit)
    assert [record["node"] for record in written] == ["clock.date", "text.count", "files.list", "text.match",
                                                      "text.match"]
    assert written[3]["argv"] == ["grep", "-c", "-F", "-e", "apple", "-e", "pear", "-i"]
    assert written[3]["stdinLength"] == len(b"Apple pie\nplum\npear tart\nfig\n")
    assert all(record["outcome"] == "ok" for record in written)
    assert written[4]["exitCode"] == 1


@pytest.mark.anyio
async def test_the_environment_is_scrubbed_to_an_allowlist(tmp_path: Path) -> None:
    environ = {"PATH": os.environ["PATH"], "LANG": "C.UTF-8", "API_TOKEN": "hunter2", "OTHER": "x", "NEEDED": "yes"}
    nodes = [shell_node("show.env", ["env"]), {**shell_node("show.needed", ["env"]), "requires": ["env:NEEDED"]}]
    runtime = ToolNodeRuntime.start(nodes, host=Host.detect(environ=environ), env_allow=("OTHER",))
    try:
        plain = text_of(await call(runtime, "show.env", {}))
        needed = text_of(await call(runtime, "show.needed", {}))
    finally:
        await runtime.aclose()
    assert "LANG=C.UTF-8" in plain and "OTHER=x" in plain
    assert "hunter2" not in plain and "NEEDED" not in plain
    assert "NEEDED=yes" in needed


@pytest.mark.anyio
async def test_cwd_is_where_the_program_runs(tmp_path: Path) -> None:
    (tmp_path / "marker.txt").write_text("x")
    runtime = ToolNodeRuntime.start([shell_node("here", ["ls"])], cwd=tmp_path)
    try:
        assert "marker.txt" in text_of(await call(runtime, "here", {}))
    finally:
        await runtime.aclose()


# --- failures: clear results, the server stays up, the audit stays valid ----------------------------------


@pytest.mark.anyio
async def test_killed_hung_huge_and_missing_programs_are_error_results(tmp_path: Path) -> None:
    killed = script(tmp_path, "suicide", "echo partial\nkill -9 $$\n")
    hung = script(tmp_path, "hang", "sleep 30 &\nwait\n")  # a child in the group too
    chatty = script(tmp_path, "chatty", "exec yes flood\n")
    doomed = script(tmp_path, "doomed", "echo fine\n")
    failing = script(tmp_path, "failing", "echo 'cannot open the thing' >&2\nexit 3\n")
    nodes = [
        shell_node("killed", [str(killed)]),
        shell_node("hung", [str(hung)], timeoutSeconds=0.5),
        shell_node("huge", [str(chatty)]),
        shell_node("missing", [str(doomed)]),
        shell_node("failing", [str(failing)]),
        shell_node("fine", ["date", "+%Y"]),
    ]
    audit = tmp_path / "audit.jsonl"
    runtime = ToolNodeRuntime.start(nodes, audit_path=audit, max_output_bytes=64 * 1024)
    assert len(runtime.list_tools()) == 6
    doomed.unlink()  # present at start-up, gone by the call
    try:
        started = time.monotonic()
        hung_result = await call(runtime, "hung", {})
        hung_seconds = time.monotonic() - started
        results = {name: await call(runtime, name, {}) for name in ("killed", "huge", "missing", "failing", "fine")}
    finally:
        await runtime.aclose()
    assert hung_result["isError"] and "did not finish within 0.5 seconds" in text_of(hung_result)
    assert hung_seconds < 10
    assert "killed by SIGKILL" in text_of(results["killed"])
    assert "more than 65536 bytes of output" in text_of(results["huge"])
    assert "was not found" in text_of(results["missing"])
    assert "exited with status 3" in text_of(results["failing"])
    assert "cannot open the thing" in text_of(results["failing"])
    assert all(results[name]["isError"] for name in ("killed", "huge", "missing", "failing"))
    assert results["fine"]["isError"] is False  # the runtime is still fine after all that
    outcomes = {record["node"]: record for record in records(audit)}
    assert outcomes["hung"]["outcome"] == "timeout"
    assert outcomes["killed"]["outcome"] == "error" and outcomes["killed"]["exitCode"] == -9
    assert outcomes["failing"]["exitCode"] == 3
    assert outcomes["fine"]["outcome"] == "ok"
    # The hung script's sleeping child was stopped with it: nothing of the group is left.
    leftover = subprocess.run(["pgrep", "-f", str(hung)], capture_output=True, text=True, check=False)
    assert leftover.stdout.strip() == ""


PIN = [{"name": "pin", "schema": {"type": "integer"}, "secret": True, "arg": {"flag": "--pin"}}]


@pytest.mark.anyio
async def test_every_way_a_shell_call_fails_is_a_result_saying_why_and_a_record_of_it(tmp_path: Path) -> None:
    programs = {name: str(script(tmp_path, name, body)) for name, body in [
        ("gone", "exit 0\n"), ("noexec", "exit 0\n"), ("here", "exit 0\n"), ("slow", "exec sleep 30\n"),
        ("loud", "printf 123456\n"), ("fails", "exit 3\n"), ("zero", "exit 0\n"), ("rt", "kill -35 $$\n"),
        ("shapeless", "echo not json\n"),
    ]}
    Path(programs["gone"]).unlink()
    Path(programs["noexec"]).chmod(0o600)

    def tool(name: str, **invoke: Any) -> Any:
        raw = shell_node(name, [programs[name]], PIN, **invoke)
        if name == "shapeless":
            raw["io"]["outputs"] = [{"name": "count", "schema": {"type": "integer"}}]
        return parse_node(raw, SchemaRegistry())

    calls: list[tuple[str, dict[str, Any]]] = [
        ("gone", {}), ("noexec", {}), ("here", {"cwd": tmp_path / "nowhere"}), ("slow", {"timeout": 0.3}),
        ("loud", {"max_output_bytes": 5}), ("fails", {}), ("zero", {}), ("rt", {}), ("shapeless", {}),
    ]
    with AuditLog(tmp_path / "audit.jsonl") as log:
        results = [await run_invocation(tool(name, **({"okExitCodes": [1]} if name == "zero" else {})), {"pin": 123},
                                        audit=log, **options)
                   for name, options in calls]
    expected = [
        f"'gone' cannot start: the program '{programs['gone']}' was not found (install it or fix PATH)",
        f"'noexec' cannot start: the program '{programs['noexec']}' is not executable",
        "'here' cannot start: its working directory does not exist",
        "'slow' did not finish within 0.3 seconds and was stopped; ask for less work or raise the node's "
        "timeoutSeconds",
        "'loud' wrote more than 5 bytes of output and was stopped; ask for less output",
        "'fails' exited with status 3",
        "'zero' exited with status 0",  # 0 is no signal, even where it is not a success
        "'rt' was killed by signal 35",  # a signal without a name
        "'shapeless' ran, but its output is not JSON holding the declared outputs",
    ]
    assert [text_of(result) for result in results] == expected
    assert all(result == {"content": [{"type": "text", "text": message}], "isError": True}
               for result, message in zip(results, expected, strict=True))
    written = records(tmp_path / "audit.jsonl")
    assert [(record["node"], record["outcome"], record["error"]) for record in written] == [
        (name, "timeout" if name == "slow" else "error", message)
        for (name, _), message in zip(calls, expected, strict=True)]
    assert [record["argv"] for record in written] == [
        [programs[name], "--pin", "[redacted]"] for name, _ in calls]
    assert [record.get("exitCode") for record in written] == [None, None, None, None, None, 3, 0, -35, 0]


def test_structured_output_reads_stdout_as_the_declared_outputs() -> None:
    def outputs(*declared: tuple[str, dict[str, Any], bool]) -> Any:
        raw = shell_node("shaped", ["true"])
        raw["io"]["outputs"] = [{"name": name, "schema": schema, "required": required}
                                for name, schema, required in declared]
        return parse_node(raw, SchemaRegistry())

    point = outputs(("point", {"type": "object"}, True))
    greeting = outputs(("greeting", {"type": "string"}, True))
    count = outputs(("count", {"type": "integer"}, True))
    pair = outputs(("a", {"type": "integer"}, True), ("b", {"type": "integer"}, False))
    # One declared output: stdout is its value, even when that value is an object of other names.
    assert structured_output(point, '{"x": 1}') == ({"point": {"x": 1}}, None)
    assert structured_output(point, '{"point": {"x": 1}}') == ({"point": {"x": 1}}, None)
    assert structured_output(greeting, "hello\n") == ({"greeting": "hello"}, None)
    assert structured_output(count, "12\n") == ({"count": 12}, None)
    assert structured_output(count, "twelve") == (None, "its output is not JSON holding the declared outputs")
    # Several: stdout is an object holding them.
    assert structured_output(pair, '{"a": 1}') == ({"a": 1}, None)
    assert structured_output(pair, '{"z": 1}') == (None, "its output lacks the declared output 'a'")
    assert structured_output(pair, "[1]") == (None, "its output is not JSON holding the declared outputs")
    # An optional output that is missing is skipped, and the ones after it are still checked.
    optional_first = outputs(("b", {"type": "integer"}, False), ("a", {"type": "integer"}, True))
    assert structured_output(optional_first, '{"z": 1}') == (None, "its output lacks the declared output 'a'")


@pytest.mark.anyio
async def test_refused_arguments_are_error_results_and_audited(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    runtime = ToolNodeRuntime.start(load(LINUX_TOOLS), audit_path=audit)
    try:
        refused = await call(runtime, "text.match", {"word": ["a;b"], "text": "x"})
        unknown = await call(runtime, "files.list", {"directory": "/", "extra": 1})
        missing = await call(runtime, "nope", {})
    finally:
        await runtime.aclose()
    assert refused["isError"] and "INPUT_INVALID" in text_of(refused) and "a;b" not in text_of(refused)
    assert unknown["isError"] and "extra" in text_of(unknown)
    assert missing["isError"] and "Unknown tool" in text_of(missing)
    assert [(record["node"], record["outcome"], record["argv"]) for record in records(audit)] == [
        ("text.match", "refused", []), ("files.list", "refused", [])]


# --- audit -----------------------------------------------------------------------------------------------


SECRET_NODE = {
    "id": "pin.echo",
    "summary": "echo a PIN",
    "io": {"inputs": [
        {"name": "pin", "schema": {"type": "integer"}, "secret": True, "arg": {"positional": 0}},
        {"name": "token", "schema": {"type": "string", "pattern": "^[A-Za-z0-9]+$", "writeOnly": True},
         "arg": {"flag": "--token"}},
        {"name": "password", "schema": {"type": "string", "format": "password", "enum": ["Sesame1"]},
         "arg": {"flag": "--password"}},
    ]},
    "invoke": {"shell": {"command": ["echo"]}},
}


@pytest.mark.anyio
@pytest.mark.parametrize("sent", [1234, 1234.0, 1.234e3])
async def test_secrets_are_masked_in_the_form_argv_rendered_them(tmp_path: Path, sent: Any) -> None:
    audit = tmp_path / "audit.jsonl"
    runtime = ToolNodeRuntime.start([SECRET_NODE], audit_path=audit)
    try:
        result = await call(runtime, "pin.echo", {"pin": sent, "token": "T0ken99", "password": "Sesame1"})
    finally:
        await runtime.aclose()
    assert text_of(result).split() == ["--token", "T0ken99", "--password", "Sesame1", "1234"]
    (record,) = records(audit)
    assert record["argv"] == ["echo", "--token", "[redacted]", "--password", "[redacted]", "[redacted]"]
    written = audit.read_text()
    assert "1234" not in written and "T0ken99" not in written and "Sesame1" not in written


def test_audit_file_is_owner_only_json_lines_appended(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_text('{"earlier": true}\n')
    node = parse_node(shell_node("x", ["true"]), SchemaRegistry())
    with AuditLog(path) as log:
        from catalog.tool_nodes import record_invocation

        record_invocation(log, node, ["true"], outcome="ok", exit_code=0, recognition_id="rec-42", duration_ms=1.25)
    lines = records(path)
    assert lines[0] == {"earlier": True}
    assert lines[1]["recognitionId"] == "rec-42" and lines[1]["durationMs"] == 1.2
    fresh = tmp_path / "fresh.jsonl"
    AuditLog(fresh).close()
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    with pytest.raises(ValueError, match=r"^outcome must be one of ok, error, timeout, refused$"):
        record_invocation(path, node, [], outcome="fine")


def test_a_record_survives_the_process_being_killed_right_after_the_call(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    program = textwrap.dedent(f"""
        import os, signal, anyio
        from catalog.tool_nodes import ToolNodeRuntime
        runtime = ToolNodeRuntime.start([{{"id": "now", "summary": "now", "io": {{"inputs": []}},
                                           "invoke": {{"shell": {{"command": ["date"]}}}}}}],
                                         audit_path={str(audit)!r})
        result = anyio.run(runtime.call_tool, "now", {{}})
        assert result["isError"] is False
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    finished = subprocess.run([sys.executable, "-c", program], cwd=REPO, timeout=60, check=False)
    assert finished.returncode == -signal.SIGKILL
    (record,) = records(audit)
    assert record["node"] == "now" and record["outcome"] == "ok"


# --- preconditions ---------------------------------------------------------------------------------------


def test_requirements_are_checked_on_the_host_and_every_omission_has_a_reason(tmp_path: Path) -> None:
    environ = {"PATH": os.environ["PATH"], "SET_VAR": "1"}
    nodes = [
        {**shell_node("has.bin", ["date"]), "requires": ["bin:date", "env:SET_VAR"]},
        {**shell_node("no.bin", ["date"]), "requires": ["bin:surely-not-installed-anywhere"]},
        {**shell_node("no.env", ["date"]), "requires": ["env:UNSET_VAR"]},
        shell_node("no.program", ["surely-not-installed-anywhere"]),
        {**shell_node("custom", ["date"]), "requires": ["licence:acme"]},
        {**shell_node("declared", ["date"]), "requires": ["licence:acme", "gpu"]},
    ]
    host = Host.detect(["gpu", "licence:acme"], environ=environ)
    projection = project(nodes, ["gpu", "licence:acme"], host=host)
    assert [tool["name"] for tool in projection.tools] == ["has.bin", "custom", "declared"]
    reasons = {item.id: (item.kind, item.reason) for item in projection.omitted}
    assert reasons["no.bin"][0] == "requires_unmet" and "no program" in reasons["no.bin"][1]
    assert "UNSET_VAR is not set" in reasons["no.env"][1]
    assert "surely-not-installed-anywhere" in reasons["no.program"][1]
    undeclared = project(nodes, host=Host.detect(environ=environ))
    kinds = {item.id: item.reason for item in undeclared.omitted}
    assert "declare it with --available licence:acme" in kinds["custom"]


def test_network_gpu_and_container_detection(tmp_path: Path) -> None:
    proc = tmp_path / "net"
    proc.mkdir()
    (proc / "route").write_text("Iface\tDestination\tGateway\neth0\t00000000\t0101A8C0\n")
    assert has_default_route(proc)
    (proc / "route").write_text("Iface\tDestination\tGateway\neth0\t0001A8C0\t00000000\n")
    assert not has_default_route(proc)
    # A runtime binary whose daemon does not answer is no container runtime.
    fake = script(tmp_path, "docker", "exit 1\n")
    assert find_container_runtime(str(fake.parent)) is None
    script(tmp_path, "podman", "exit 0\n")
    assert find_container_runtime(str(tmp_path)) == str(tmp_path / "podman")


# One line of /proc/net/ipv6_route: destination, prefix length, source, its length, next hop, metric,
# reference and use counts, flags, device.
IPV6_DEFAULT = ("00000000000000000000000000000000 00 00000000000000000000000000000000 00 "
                "fe800000000000000000000000000001 00000400 00000001 00000000 00000003 {}\n")


@pytest.mark.parametrize(
    ("route", "ipv6_route", "found"),
    [
        ("Iface\tDestination\tGateway\neth0\t00000000\t0101A8C0\n", None, True),  # the first line after the header
        ("Iface\tDestination\neth0\t00000000\n", None, True),  # two fields are enough
        ("Iface\tDestination\tGateway\n", IPV6_DEFAULT.format("eth0"), True),
        (None, IPV6_DEFAULT.format("eth0"), True),
        ("Iface\tDestination\tGateway\n", IPV6_DEFAULT.format("lo"), False),  # a default route through loopback
        (None, IPV6_DEFAULT.format("eth0").replace(" 00 ", " 40 ", 1), False),  # a /64, not a default route
        (None, "fe80" + IPV6_DEFAULT.format("eth0")[4:], False),  # another destination
        (None, " ".join(IPV6_DEFAULT.format("eth0").split()[:9]) + "\n", False),  # a short line is skipped
        ("Iface\tDestination\nx\n", "\n", False),
        (None, None, False),
    ],
)
def test_a_default_route_is_read_from_the_kernels_tables(tmp_path: Path, route: str | None, ipv6_route: str | None,
                                                          found: bool) -> None:
    for name, text in (("route", route), ("ipv6_route", ipv6_route)):
        if text is not None:
            (tmp_path / name).write_text(text)
    assert has_default_route(tmp_path) is found


def test_a_gpu_is_an_nvidia_or_amd_compute_device(tmp_path: Path) -> None:
    assert has_gpu(tmp_path) is False
    (tmp_path / "kfd").touch()
    assert has_gpu(tmp_path) is True
    (tmp_path / "kfd").unlink()
    (tmp_path / "nvidia0").touch()
    assert has_gpu(tmp_path) is True


def test_the_container_probe_asks_info_quietly_and_moves_on_from_a_silent_runtime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    answers = 'echo probe-out; echo probe-err >&2; [ "$*" = "info --format {{.ID}}" ]\n'
    script(tmp_path, "podman", answers)
    assert find_container_runtime(str(tmp_path)) == str(tmp_path / "podman")  # no docker: podman is next
    assert capfd.readouterr() == ("", "")
    monkeypatch.setattr("catalog.tool_nodes.preconditions.CONTAINER_PROBE_SECONDS", 0.2)
    script(tmp_path, "docker", "sleep 3\n")
    assert find_container_runtime(str(tmp_path)) == str(tmp_path / "podman")  # docker did not answer in time


def test_each_unmet_requirement_says_why_and_a_declared_one_is_skipped(tmp_path: Path) -> None:
    program = script(tmp_path, "tool", "exit 0\n")
    host = Host.detect(environ={"PATH": str(tmp_path)}, container_runtime="surely-not-a-runtime")
    host.network, host.gpu = False, False
    assert host.which("tool") == str(program) and host.which(str(program)) == str(program)
    assert host.which("date") is None  # the host's own PATH, not this process's
    assert [host.unmet(item) for item in ("bin:tool", "network", "container", "gpu", "bin:/nowhere:x")] == [
        None,
        "network (no default route on this host)",
        "container (no docker or podman that answers; declare one with --available container)",
        "gpu (no NVIDIA or AMD compute device found)",
        "bin:/nowhere:x (no program '/nowhere:x' on PATH)",
    ]
    host.network, host.gpu = True, True
    assert host.unmet("network") is None and host.unmet("gpu") is None
    # A declared requirement is skipped, and the ones after it still checked.
    assert unmet_requirements(["licence:x", "bin:nope"], host, ["licence:x"]) == [
        "bin:nope (no program 'nope' on PATH)"]
    assert Host.detect(container_runtime="podman").container_runtime_override == "podman"


# --- container arm ----------------------------------------------------------------------------------------


CONTAINER_NODE = {
    "id": "boxed.count",
    "summary": "count words in a box",
    "io": {"inputs": [{"name": "lines", "schema": {"type": "boolean"}, "arg": {"flag": "-l"}},
                      {"name": "text", "schema": {"type": "string"}, "arg": "stdin"}]},
    "invoke": {"container": {"image": "busybox:latest", "command": ["wc"]}},
}


BOXED_PIN = {
    "id": "boxed.pin",
    "summary": "a PIN in a box",
    "io": {"inputs": [{"name": "pin", "schema": {"type": "integer"}, "secret": True, "arg": {"flag": "--pin"}}]},
    "invoke": {"container": {"image": "busybox:latest", "command": ["wc"]}},
}


def test_only_a_container_arms_client_sees_the_container_runtimes_variables() -> None:
    source = {"PATH": "/bin", "DOCKER_HOST": "unix:///run/docker.sock", "API_TOKEN": "hunter2"}
    boxed = parse_node(BOXED_PIN, SchemaRegistry())
    plain = parse_node(shell_node("plain", ["true"]), SchemaRegistry())
    assert node_environment(boxed, source) == {"PATH": "/bin", "DOCKER_HOST": "unix:///run/docker.sock"}
    assert node_environment(plain, source) == {"PATH": "/bin"}


@pytest.mark.anyio
async def test_a_stopped_container_call_removes_its_own_container_and_a_stopped_shell_call_none(
    tmp_path: Path,
) -> None:
    # A stand-in runtime that logs each call (with a variable of the environment it was given), hangs in 'run'
    # and fails 'rm' (the container is gone already): the call ends as a timeout all the same.
    calls = tmp_path / "calls.log"
    fake = script(tmp_path, "fake-runtime", f'echo "$MARK $*" >> {calls}\n[ "$1" = run ] && exec sleep 30\nexit 1\n')
    hang = script(tmp_path, "hang", "exec sleep 30\n")
    environment = {"PATH": os.environ["PATH"], "MARK": "scrubbed"}
    with AuditLog(tmp_path / "audit.jsonl") as log:
        boxed = await run_invocation(parse_node(BOXED_PIN, SchemaRegistry()), {"pin": 123}, audit=log, timeout=0.3,
                                     env=environment, container_runtime=str(fake))
        shell = await run_invocation(parse_node(shell_node("hang", [str(hang)]), SchemaRegistry()), {}, audit=None,
                                     timeout=0.3, env=environment, container_runtime=str(fake))
        unboxed = await run_invocation(parse_node(BOXED_PIN, SchemaRegistry()), {"pin": 123}, audit=log)
    assert boxed["isError"] and shell["isError"] and "did not finish" in text_of(shell)
    stopped, refused = records(tmp_path / "audit.jsonl")
    name = stopped["argv"][6]
    assert re.fullmatch("intent-mcp-[0-9a-f]{16}", name)
    assert stopped["outcome"] == "timeout"
    assert stopped["argv"] == [str(fake), "run", "--rm", "-i", "--network=none", "--name", name, "busybox:latest",
                               "wc", "--pin", "[redacted]"]
    # The one removal is of that container, with the call's environment; the shell call removed nothing.
    assert calls.read_text().splitlines() == [
        f"scrubbed run --rm -i --network=none --name {name} busybox:latest wc --pin 123", f"scrubbed rm -f {name}"]
    message = "'boxed.pin' runs in a container, and no container runtime is available on this host"
    assert text_of(unboxed) == message
    assert (refused["outcome"], refused["error"], refused["argv"]) == ("error", message, ["wc", "--pin", "[redacted]"])


@pytest.mark.anyio
async def test_each_end_of_a_shell_call_is_audited_with_its_error_and_duration(tmp_path: Path) -> None:
    pause = parse_node(shell_node("pause", [str(script(tmp_path, "pause", "sleep 0.2\n"))]), SchemaRegistry())
    pin = [{"name": "pin", "schema": {"type": "integer"}, "secret": True, "arg": {"flag": "--pin"}}]
    leak_program = str(script(tmp_path, "leak", 'echo "$@" >&2\nexit 1\n'))
    leak = parse_node(shell_node("leak", [leak_program], pin), SchemaRegistry())
    with AuditLog(tmp_path / "audit.jsonl") as log:
        refused = await run_invocation(pause, {"extra": 1}, audit=log)
        paused = await run_invocation(pause, {}, audit=log)
        leaked = await run_invocation(leak, {"pin": 123}, audit=log)
    first, second, third = records(tmp_path / "audit.jsonl")
    assert text_of(refused) == "INPUT_INVALID: unknown argument(s) for 'pause': extra (at /arguments/extra)"
    assert (first["outcome"], first["argv"], first["stdinLength"], first["error"]) == (
        "refused", [], 0, text_of(refused))
    assert 0 <= first["durationMs"] < 5000
    assert paused["isError"] is False and second["outcome"] == "ok" and "error" not in second
    assert 200 <= second["durationMs"] < 5000
    # A secret of three characters is masked in what the program wrote too.
    assert text_of(leaked) == "'leak' exited with status 1:\n--pin [redacted]"
    assert (third["argv"], third["error"], third["exitCode"]) == (
        [leak_program, "--pin", "[redacted]"], "'leak' exited with status 1", 1)


def test_container_argv_is_a_list_without_network() -> None:
    assert container_argv("/usr/bin/podman", "img:1", ["wc", "-l"], name="n1") == [
        "/usr/bin/podman", "run", "--rm", "-i", "--network=none", "--name", "n1", "img:1", "wc", "-l"]


@pytest.mark.anyio
async def test_container_arm_runs_its_runtime_with_that_argv(tmp_path: Path) -> None:
    # A stand-in runtime that prints the argv it was given and what arrived on stdin.
    fake = script(tmp_path, "fake-runtime", 'for word in "$@"; do echo "arg:$word"; done\nsed "s/^/in:/"\n')
    node = parse_node(CONTAINER_NODE, SchemaRegistry())
    result = await run_invocation(node, {"lines": True, "text": "a b\n"}, audit=None, container_runtime=str(fake))
    lines = text_of(result).splitlines()
    words = [line[4:] for line in lines if line.startswith("arg:")]
    assert words[:5] == ["run", "--rm", "-i", "--network=none", "--name"]
    assert words[5].startswith("intent-mcp-") and words[6:] == ["busybox:latest", "wc", "-l"]
    assert "in:a b" in lines


@pytest.mark.anyio
async def test_container_node_without_a_runtime_is_omitted_or_refused(tmp_path: Path) -> None:
    host = Host.detect(environ={"PATH": str(tmp_path)})
    assert [item.kind for item in project([CONTAINER_NODE], host=host).omitted] == ["requires_unmet"]
    result = await run_invocation(parse_node(CONTAINER_NODE, SchemaRegistry()), {}, audit=None)
    assert result["isError"] and "no container runtime" in text_of(result)


@pytest.mark.anyio
async def test_container_arm_for_real_where_a_runtime_answers() -> None:
    runtime_program = find_container_runtime()
    if runtime_program is None:
        pytest.skip("no container runtime answers on this machine")
    present = subprocess.run([runtime_program, "image", "inspect", "busybox:latest"], capture_output=True,
                             check=False, timeout=30)
    if present.returncode != 0:
        pytest.skip("the busybox image is not present (images are never pulled by the tests)")
    node = parse_node(CONTAINER_NODE, SchemaRegistry())
    result = await run_invocation(node, {"lines": True, "text": "a\nb\n"}, audit=None,
                                  container_runtime=runtime_program, timeout=60)
    assert result["isError"] is False and text_of(result).strip() == "2"


# --- in-process arm ---------------------------------------------------------------------------------------


IN_PROCESS = [
    {"id": "words.count", "summary": "count words",
     "io": {"inputs": [{"name": "text", "schema": {"type": "string"}, "required": True},
                       {"name": "minimum", "schema": {"type": "integer", "minimum": 0}}],
            "outputs": [{"name": "count", "schema": {"type": "integer"}, "required": True}]},
     "invoke": {"inProcess": {"function": "tests.fakes.in_process:count_words"}}},
    {"id": "words.shout", "summary": "shout", "io": {"inputs": [{"name": "text", "schema": {"type": "string"}}]},
     "invoke": {"inProcess": {"function": "tests.fakes.in_process:shout"}}},
    {"id": "words.explode", "summary": "fail", "io": {"inputs": [{"name": "text", "schema": {"type": "string"}}]},
     "invoke": {"inProcess": {"function": "tests.fakes.in_process:explode"}}},
    {"id": "words.dawdle", "summary": "slow", "io": {"inputs": [{"name": "seconds", "schema": {"type": "number"}}]},
     "invoke": {"inProcess": {"function": "tests.fakes.in_process:dawdle", "timeoutSeconds": 0.3}}},
    {"id": "os.system", "summary": "never", "io": {"inputs": []},
     "invoke": {"inProcess": {"function": "os:system"}}},
]


@pytest.mark.anyio
async def test_in_process_functions_are_allowlisted_and_called_with_keywords(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    runtime = ToolNodeRuntime.start(IN_PROCESS, audit_path=audit, allow_functions=["tests.fakes.in_process:*"])
    assert [item.to_dict() for item in runtime.omitted] == [
        {"id": "os.system", "kind": "not_allowed",
         "reason": "'os:system' is not in the server's allowlist of in-process functions (--allow-function)"}]
    try:
        counted = await call(runtime, "words.count", {"text": "a bb ccc", "minimum": 2})
        shouted = await call(runtime, "words.shout", {"text": "hi"})
        refused = await call(runtime, "words.count", {"text": "x", "minimum": -1})
        exploded = await call(runtime, "words.explode", {"text": "SECRET-VALUE"})
        dawdled = await call(runtime, "words.dawdle", {"seconds": 2})
    finally:
        await runtime.aclose()
    assert counted["structuredContent"] == {"count": 2}
    assert text_of(shouted) == "HI"
    assert refused["isError"] and "minimum" in text_of(refused)
    assert exploded["isError"] and "RuntimeError" in text_of(exploded) and "SECRET" not in text_of(exploded)
    assert dawdled["isError"] and "0.3 seconds" in text_of(dawdled)
    assert [(record["node"], record["outcome"], record["argv"]) for record in records(audit)] == [
        ("words.count", "ok", []), ("words.shout", "ok", []), ("words.count", "refused", []),
        ("words.explode", "error", []), ("words.dawdle", "timeout", [])]


MODULE = "tests.fakes.in_process"


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        (MODULE, f"'{MODULE}' must name a function as 'module:function'"),
        (":count_words", "':count_words' must name a function as 'module:function'"),
        (f"{MODULE}:", f"'{MODULE}:' must name a function as 'module:function'"),
        ("os:system", "'os:system' is not in the server's allowlist of in-process functions (--allow-function)"),
        (f"{MODULE}:missing", f"'{MODULE}:missing' cannot be imported (AttributeError)"),
        (f"{MODULE}:count_words:x", f"'{MODULE}:count_words:x' cannot be imported (AttributeError)"),
        (f"{MODULE}:time", f"'{MODULE}:time' is not callable"),  # a module the functions' module imports
        ("tests.fakes.nowhere:f", "'tests.fakes.nowhere:f' cannot be imported (ModuleNotFoundError)"),
    ],
)
def test_an_in_process_reference_is_refused_saying_what_and_where(reference: str, message: str) -> None:
    with pytest.raises(IntentError) as caught:
        resolve_callable(reference, [f"{MODULE}:*", "tests.fakes.nowhere:f"])
    assert (caught.value.code, caught.value.message, caught.value.path) == (
        "CONFIG_INVALID", message, "/invoke/inProcess/function")


def test_an_in_process_reference_may_name_an_attribute_path_of_an_allowed_module() -> None:
    assert resolve_callable(f"{MODULE}:time.sleep", [f"{MODULE}:*"]) is time.sleep
    assert resolve_callable(f"{MODULE}:shout", [f"{MODULE}:shout"]).__name__ == "shout"


@pytest.mark.anyio
async def test_an_in_process_call_is_audited_with_its_error_duration_and_recognition(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from tests.fakes import in_process

    caplog.set_level("DEBUG", logger="catalog.tool_nodes")
    explode, dawdle = (parse_node(IN_PROCESS[index], SchemaRegistry()) for index in (2, 3))
    text_schema = {"type": "object", "properties": {"text": {"type": "string"}}}
    with AuditLog(tmp_path / "audit.jsonl") as log:
        await call_in_process(explode, in_process.explode, {"text": "x"}, text_schema, audit=log,
                              recognition_id="rec-1")
        await call_in_process(explode, in_process.explode, {"text": 1}, text_schema, audit=log)
        await call_in_process(dawdle, in_process.dawdle, {"seconds": 0.05}, {"type": "object"}, audit=log)
        late = await call_in_process(dawdle, in_process.dawdle, {"seconds": 1}, {"type": "object"}, audit=log,
                                     timeout=0.05)
    failed, refused, slow, timed_out = records(tmp_path / "audit.jsonl")
    assert late["isError"] and timed_out["error"] == text_of(late)
    assert text_of(late) == "'words.dawdle' did not finish within 0.05 seconds"
    (logged,) = [r for r in caplog.records if r.levelname == "DEBUG"]
    assert logged.exc_info is not None and logged.exc_info[0] is RuntimeError  # the traceback, in the debug log only
    assert (failed["error"], failed["recognitionId"]) == ("'words.explode' failed: RuntimeError", "rec-1")
    assert refused["outcome"] == "refused" and "recognitionId" not in refused
    assert refused["error"] == ("INPUT_INVALID: the arguments do not match the tool's input schema: "
                                'text fails type "string"')
    assert slow["outcome"] == "ok" and "error" not in slow and 50 <= slow["durationMs"] < 5000
    assert [r.getMessage() for r in caplog.records if r.levelname == "DEBUG"] == [
        f"in-process tool words.explode ({MODULE}:explode) failed"]


@pytest.mark.anyio
async def test_tool_nodes_offer_no_resources() -> None:
    runtime = ToolNodeRuntime.start(IN_PROCESS[:1], allow_functions=[f"{MODULE}:*"])
    try:
        assert runtime.list_resources() == []
        with pytest.raises(IntentError) as caught:
            await runtime.read_resource("file:///etc/passwd")
    finally:
        await runtime.aclose()
    assert (caught.value.code, caught.value.message, caught.value.path) == (
        "RESOURCE_UNKNOWN", "Tool nodes offer no resources", "/uri")


def test_a_runtime_built_directly_reads_this_process_environment() -> None:
    runtime = ToolNodeRuntime(project([]), container_runtime="/opt/podman")
    assert runtime.environ == dict(os.environ) and runtime.container_runtime == "/opt/podman"


@pytest.mark.anyio
async def test_the_runtime_honours_declarations_resolves_in_process_nodes_and_caps_timeouts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("catalog.tool_nodes.execute._PROGRESS_SECONDS", 0.05)
    podman = script(tmp_path, "podman", "echo boxed\n")
    host = Host.detect(environ={"PATH": f"{tmp_path}:{os.environ['PATH']}"}, container_runtime="podman")
    audit = tmp_path / "audit.jsonl"
    nodes = [
        {**shell_node("licensed", ["date"]), "requires": ["licence:acme"]},
        IN_PROCESS[0],  # an in-process node after a shell node is resolved too
        shell_node("nap", ["sleep", "0.3"]),
        shell_node("stuck", ["sleep", "5"], timeoutSeconds=100),  # asks for more than the server allows
    ]
    runtime = ToolNodeRuntime.start(nodes, available=["licence:acme"], host=host, audit_path=audit,
                                    allow_functions=[f"{MODULE}:*"], timeout=1)
    hooks = RecordingHooks()
    try:
        assert [tool["name"] for tool in runtime.list_tools()] == ["licensed", "words.count", "nap", "stuck"]
        assert runtime.container_runtime is None  # no container node: none is handed on
        counted = await runtime.call_tool("words.count", {"text": "a b"}, recognition_id="rec-9")
        napped = await runtime.call_tool("nap", {}, hooks, recognition_id="rec-7")
        stuck = await runtime.call_tool("stuck", {})
        unknown = await runtime.call_tool("nope", {})
    finally:
        await runtime.aclose()
        await runtime.aclose()  # closing twice is fine
    assert counted["structuredContent"] == {"count": 2} and napped["isError"] is False and hooks.seen
    assert stuck["isError"] and "1 second" in text_of(stuck)
    assert unknown == {"content": [{"type": "text", "text": "Unknown tool: nope"}], "isError": True}
    assert [(r["node"], r["outcome"], r.get("recognitionId")) for r in records(audit)] == [
        ("words.count", "ok", "rec-9"), ("nap", "ok", "rec-7"), ("stuck", "timeout", None)]
    boxed = ToolNodeRuntime.start([{**CONTAINER_NODE, "io": {"inputs": []}}], host=host)
    try:
        assert boxed.container_runtime == str(podman)
        assert text_of(await boxed.call_tool("boxed.count", {})).strip() == "boxed"
    finally:
        await boxed.aclose()


@pytest.mark.anyio
async def test_an_in_process_result_must_be_json_and_match_the_declared_outputs(tmp_path: Path) -> None:
    count = parse_node(IN_PROCESS[0], SchemaRegistry())
    schema = {"type": "object"}
    with AuditLog(tmp_path / "audit.jsonl") as log:
        fine = await call_in_process(count, lambda text: {"count": 1, "word": "café"}, {"text": "x"}, schema,
                                     audit=log)
        opaque = await call_in_process(count, lambda text: object(), {"text": "x"}, schema, audit=log)
        wrong = await call_in_process(count, lambda text: {"count": "many"}, {"text": "x"}, schema, audit=log)
    assert fine["isError"] is False and text_of(fine) == '{"count": 1, "word": "café"}'
    assert opaque["isError"] is True and text_of(opaque) == "'words.count' returned a value that is not JSON"
    assert wrong["isError"] is True and text_of(wrong).startswith("'words.count' ran, but ")
    assert [(r["outcome"], r.get("error")) for r in records(tmp_path / "audit.jsonl")] == [
        ("ok", None), ("error", text_of(opaque)), ("error", text_of(wrong))]


@pytest.mark.anyio
async def test_output_of_exactly_the_cap_is_kept_and_a_program_without_stdin_reads_nothing() -> None:
    exact = await run_invocation(parse_node(shell_node("five", ["printf", "12345"]), SchemaRegistry()), {},
                                 audit=None, timeout=5, max_output_bytes=5)
    assert exact["isError"] is False and text_of(exact) == "12345"
    drained = await run_invocation(parse_node(shell_node("cat", ["cat"]), SchemaRegistry()), {}, audit=None,
                                   timeout=5)
    assert drained["isError"] is False and text_of(drained) == ""


@pytest.mark.anyio
async def test_output_that_is_not_utf8_is_read_with_replacement_characters() -> None:
    raw = parse_node(shell_node("bytes", ["printf", "ok\\377"]), SchemaRegistry())
    result = await run_invocation(raw, {}, audit=None, timeout=5)
    assert result["isError"] is False and text_of(result) == "ok\ufffd"


@pytest.mark.anyio
async def test_a_cancelled_or_timed_out_run_stops_the_process_group_and_its_owner_hears_of_it(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    lingering = script(tmp_path, "lingers", f"sleep 30 &\necho $! > {pid_file}\nwait\n")
    stopped: list[str] = []

    def on_stop(run: str) -> Callable[[], Awaitable[None]]:
        async def stop() -> None:
            await anyio.sleep(0.01)  # a real stop awaits (a container removal): it must not be cancelled
            stopped.append(run)
        return stop

    with anyio.move_on_after(0.5):  # the caller gives up (a client cancelled)
        await run_process([str(lingering)], None, timeout=30, cwd=None, env=os.environ, on_stop=on_stop("cancelled"))
    child = int(pid_file.read_text())
    with anyio.fail_after(5):
        while True:  # the background child was in the group: it is killed too
            try:
                os.kill(child, 0)
            except ProcessLookupError:
                break
            await anyio.sleep(0.05)
    timed_out = await run_process(["sleep", "5"], None, timeout=0.2, cwd=None, env=os.environ,
                                  on_stop=on_stop("timed out"))
    finished = await run_process(["true"], None, timeout=5, cwd=None, env=os.environ, on_stop=on_stop("finished"))
    assert timed_out.timed_out and finished.exit_code == 0
    assert stopped == ["cancelled", "timed out"]  # not for the run that finished


def test_in_process_nodes_need_no_program_on_the_host() -> None:
    projection = project(IN_PROCESS[:1], host=Host.detect(environ={"PATH": "/nonexistent"}))
    assert projection.omitted == [] and [tool["name"] for tool in projection.tools] == ["words.count"]


# --- progress --------------------------------------------------------------------------------------------


class RecordingHooks:
    def __init__(self, fail: bool = False) -> None:
        self.seen: list[tuple[float, float | None, str | None]] = []
        self.fail = fail

    async def progress(self, done: float, total: float | None, message: str | None) -> None:
        self.seen.append((done, total, message))
        if self.fail:
            raise RuntimeError("observer broke")


@pytest.mark.anyio
async def test_a_running_program_reports_progress_and_a_broken_observer_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("DEBUG", logger="catalog.tool_nodes")
    monkeypatch.setattr("catalog.tool_nodes.execute._PROGRESS_SECONDS", 0.05)
    node = parse_node(shell_node("nap", ["sleep", "0.8"]), SchemaRegistry())
    hooks, broken = RecordingHooks(), RecordingHooks(fail=True)
    heard = await run_invocation(node, {}, audit=None, timeout=5, hooks=hooks)
    ignored = await run_invocation(node, {}, audit=None, timeout=5, hooks=broken)
    assert heard["isError"] is False and ignored["isError"] is False
    assert len(hooks.seen) >= 2
    assert [done for done, _, _ in hooks.seen] == sorted(done for done, _, _ in hooks.seen)
    assert all(total == 5 and message == "running" for _, total, message in hooks.seen)
    # Seconds since the start, to a tenth: growing, and never beyond the deadline.
    assert 0 < hooks.seen[0][0] < hooks.seen[-1][0] <= 5
    assert all(done == round(done, 1) for done, _, _ in hooks.seen)
    assert len(broken.seen) == 1  # it raised once and was not asked again
    failures = [r for r in caplog.records if r.getMessage() == "progress hook failed"]
    # With its traceback: exc_info holds the exception (a False flag would leave it False, not None).
    assert len(failures) == 1 and isinstance(failures[0].exc_info, tuple) and failures[0].exc_info[1] is not None


# --- the audit record, exactly -----------------------------------------------------------------------------


def _login_node() -> Any:
    return parse_node({
        "id": "login", "summary": "log in",
        "io": {"inputs": [
            {"name": "user", "schema": {"type": "string", "enum": ["zoë", "bob"]}, "arg": {"flag": "--user"}},
            {"name": "pin", "schema": {"type": "number"}, "secret": True, "arg": {"flag": "--pin"}},
        ]},
        "invoke": {"shell": {"command": ["login"]}},
    }, SchemaRegistry())


def test_an_audit_record_is_one_exact_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import datetime, timedelta, timezone

    from catalog.tool_nodes import record_invocation

    # The local zone must not leak into the record: it is always UTC.
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        path = tmp_path / "audit.jsonl"
        moment = datetime(2026, 12, 1, 12, 30, 5, 250000, tzinfo=timezone(timedelta(hours=2)))
        record_invocation(path, _login_node(), ["login", "--user", "zoë", "--pin", "1000"], outcome="error",
                          arguments={"user": "zoë", "pin": 1e3}, exit_code=2, duration_ms=12.345,
                          recognition_id="r" * 200, error="'login' exited with status 2", now=moment)
        record_invocation(path, _login_node(), ["login"], outcome="ok")
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    first, second = path.read_bytes().decode("utf-8").splitlines(keepends=True)
    assert first == (
        '{"time":"2026-12-01T10:30:05.250Z","node":"login","tool":"login","arm":"shell","outcome":"error",'
        '"argv":["login","--user","zoë","--pin","[redacted]"],"stdinLength":0,"exitCode":2,"durationMs":12.3,'
        '"error":"\'login\' exited with status 2","recognitionId":"' + "r" * 128 + '…"}\n'
    )
    assert json.loads(second)["stdinLength"] == 0 and "exitCode" not in json.loads(second)
    assert set(json.loads(second)) == {"time", "node", "tool", "arm", "outcome", "argv", "stdinLength"}


def test_long_words_are_cut_at_512_characters_and_no_sooner() -> None:
    import io

    from catalog.tool_nodes import record_invocation

    stream = io.StringIO()
    node = parse_node(shell_node("x", ["x"]), SchemaRegistry())
    record = record_invocation(stream, node, ["x", "a" * 512, "b" * 513], outcome="ok")
    assert record["argv"] == ["x", "a" * 512, "b" * 512 + "…"]
    assert stream.getvalue() == json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def test_secrets_are_found_from_the_arguments_when_argv_was_built_elsewhere() -> None:
    import io

    from catalog.tool_nodes import record_invocation

    node = _login_node()
    # argv built from these arguments: masked by position.
    built = record_invocation(io.StringIO(), node, ["login", "--user", "bob", "--pin", "7"], outcome="ok",
                              arguments={"user": "bob", "pin": 7})
    assert built["argv"] == ["login", "--user", "bob", "--pin", "[redacted]"]
    # Another argv (a wrapper's, say): every rendering of the secret value is masked wherever it is.
    for sent, word in ((1e3, "1000"), (1000, "1000"), (2.5, "2.5"), ("x1", "x1"), (float("inf"), "inf"),
                       (True, "true"), (2.0**70, str(2**70)), (-7, "-7")):
        wrapped = record_invocation(io.StringIO(), node, ["sudo", "login", "--pin", word, "1000x"], outcome="ok",
                                    arguments={"pin": sent})
        assert wrapped["argv"] == ["sudo", "login", "--pin", "[redacted]", "1000x"]
    # Each element of a repeated secret is masked; a public value equal to nothing secret is not.
    listed = record_invocation(io.StringIO(), node, ["sudo", "login", "--user", "bob", "7", "8", "9"], outcome="ok",
                               arguments={"user": "bob", "pin": [7, 8]})
    assert listed["argv"] == ["sudo", "login", "--user", "bob", "[redacted]", "[redacted]", "9"]
    # Nothing secret declared, or no arguments: nothing masked.
    plain = parse_node(shell_node("p", ["p"], [{"name": "n", "schema": {"type": "integer"},
                                                  "arg": {"positional": 0}}]), SchemaRegistry())
    assert record_invocation(io.StringIO(), plain, ["p", "7"], outcome="ok", arguments={"n": 7})["argv"] == ["p", "7"]
    assert record_invocation(io.StringIO(), node, ["login", "7"], outcome="ok")["argv"] == ["login", "7"]


def test_a_closed_audit_log_refuses_to_write_and_closing_twice_is_fine(tmp_path: Path) -> None:
    log = AuditLog(tmp_path / "audit.jsonl")
    descriptor = log._fd
    assert descriptor is not None
    log.close()
    with pytest.raises(OSError):
        os.fstat(descriptor)  # the file descriptor itself was closed
    log.close()
    with pytest.raises(ValueError, match=r"^the audit log is closed$"):
        log.write({"a": 1})


def test_secrets_found_from_arguments_are_masked_by_position_not_by_value() -> None:
    import io

    from catalog.tool_nodes import record_invocation

    node = parse_node({
        "id": "twin", "summary": "x",
        "io": {"inputs": [
            {"name": "name", "schema": {"type": "string", "enum": ["x1"]}, "arg": {"flag": "--name"}},
            {"name": "token", "schema": {"type": "string", "pattern": "^[a-z0-9]+$"}, "secret": True,
             "arg": {"flag": "--token"}},
        ]},
        "invoke": {"shell": {"command": ["twin"]}},
    }, SchemaRegistry())
    record = record_invocation(io.StringIO(), node, ["twin", "--name", "x1", "--token", "x1"], outcome="ok",
                               arguments={"name": "x1", "token": "x1"})
    # The public word that happens to equal the secret stays readable.
    assert record["argv"] == ["twin", "--name", "x1", "--token", "[redacted]"]
