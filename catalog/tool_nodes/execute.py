"""Running a Tool node: a process started from an argv list (never a shell), or an allowed Python callable.

Shell arm: the process gets a scrubbed environment (an allowlist), its own process group, stdin from
the stdin input, and a deadline; stdout and stderr are read concurrently under a size cap. A
timeout or an oversized output stops the whole process group. Container arm: the same, with argv
``[runtime, "run", "--rm", "-i", "--network=none", "--name", NAME, image, *argv]``; a stopped call
also removes its container. In-process arm: the callable gets the validated arguments as keywords.

Every call ends in an MCP ``CallToolResult`` JSON object and one audit record (written before the
result is returned). A failure of the tool (bad arguments, a missing program, a non-zero exit, a
timeout, an oversized output) is a result with ``isError: true`` saying what happened and how to
fix it; no value of the call is repeated in it.
"""

from __future__ import annotations

import inspect
import json
import logging
import os
import signal
import subprocess
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import anyio
from anyio.abc import ByteReceiveStream, Process

from catalog.runtime import JsonObject, ToolCallHooks
from catalog.tool_nodes.argv import Invocation, build_invocation
from catalog.tool_nodes.audit import AuditLog, Outcome, record_invocation
from catalog.tool_nodes.constraints import validation_errors
from catalog.tool_nodes.node import ToolNode
from intent.errors import IntentError

logger = logging.getLogger("catalog.tool_nodes")

DEFAULT_TIMEOUT_SECONDS = 30.0
MAX_OUTPUT_BYTES = 1024 * 1024
MAX_STDERR_BYTES = 16 * 1024
# What a program may see of the server's environment unless the node requires more (``env:<VAR>``).
DEFAULT_ENV_ALLOWLIST = ("PATH", "HOME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LC_NUMERIC",
                         "LC_TIME", "LC_COLLATE", "TZ", "TMPDIR", "USER", "LOGNAME")
# A container runtime's client needs these to find its daemon; the container itself gets none.
CONTAINER_ENV_ALLOWLIST = ("DOCKER_HOST", "DOCKER_CONTEXT", "DOCKER_CONFIG", "XDG_RUNTIME_DIR", "CONTAINER_HOST")
_PROGRESS_SECONDS = 1.0
_READ_CHUNK = 64 * 1024


def scrubbed_environment(source: Mapping[str, str], allow: tuple[str, ...] | list[str] | set[str]) -> dict[str, str]:
    """Only the allowed variables of ``source``: a secret in the server's environment stays there."""
    return {name: source[name] for name in allow if name in source}


def node_environment(node: ToolNode, source: Mapping[str, str] | None = None,
                     extra: tuple[str, ...] = ()) -> dict[str, str]:
    """The environment a node's process gets: the default allowlist, ``extra``, and its ``env:`` requirements."""
    wanted = [*DEFAULT_ENV_ALLOWLIST, *extra]
    wanted += [item.partition(":")[2] for item in node.requires if item.startswith("env:")]
    if node.arm == "container":
        wanted += CONTAINER_ENV_ALLOWLIST
    return scrubbed_environment(os.environ if source is None else source, set(wanted))


def container_argv(runtime: str, image: str, argv: list[str], *, name: str) -> list[str]:
    """The container runtime's argv: no network, removed afterwards, stdin attached, always a list."""
    return [runtime, "run", "--rm", "-i", "--network=none", "--name", name, image, *argv]


@dataclass
class ProcessOutcome:
    exit_code: int | None
    stdout: bytes
    stderr: bytes
    timed_out: bool = False
    overflowed: bool = False


def _text_result(text: str, *, error: bool, structured: Any = None) -> JsonObject:
    result: JsonObject = {"content": [{"type": "text", "text": text}], "isError": error}
    if structured is not None:
        result["structuredContent"] = structured
    return result


def _kill_group(process: Process) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


async def _read_capped(stream: ByteReceiveStream | None, limit: int, on_overflow: Callable[[], None] | None,
                       sink: bytearray) -> None:
    """Read to the end; keep at most ``limit`` bytes. Past it, ``on_overflow`` or else drain and drop."""
    if stream is None:
        return
    try:
        async for chunk in stream:
            room = limit - len(sink)
            if room > 0:
                sink.extend(chunk[:room])
            if len(chunk) > room:
                if on_overflow is not None:
                    on_overflow()
                    return
    except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
        pass


async def run_process(
    argv: list[str],
    stdin: bytes | None,
    *,
    timeout: float,
    cwd: str | os.PathLike[str] | None,
    env: Mapping[str, str],
    max_output_bytes: int = MAX_OUTPUT_BYTES,
    hooks: ToolCallHooks | None = None,
    on_stop: Callable[[], Awaitable[None]] | None = None,
) -> ProcessOutcome:
    """Run ``argv`` to its end, its deadline or its output cap; the process group never outlives the call.

    ``FileNotFoundError`` / ``PermissionError`` from starting it propagate to the caller.
    """
    process = await anyio.open_process(
        argv, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=cwd, env=dict(env), start_new_session=True,
    )
    stdout = bytearray()
    stderr = bytearray()
    overflowed = False
    started = time.monotonic()

    def overflow() -> None:
        nonlocal overflowed
        overflowed = True
        _kill_group(process)

    async def feed() -> None:
        assert process.stdin is not None
        try:
            if stdin:
                await process.stdin.send(stdin)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            pass  # the program stopped reading: its exit status says what it thought of that
        finally:
            await process.stdin.aclose()

    async def heartbeat() -> None:
        assert hooks is not None
        while True:  # cancelled once the process has ended
            await anyio.sleep(_PROGRESS_SECONDS)
            try:
                await hooks.progress(round(time.monotonic() - started, 1), timeout, "running")
            except Exception:  # an observer's failure must never fail the call
                logger.debug("progress hook failed", exc_info=True)
                return

    timed_out = False
    completed = False
    try:
        with anyio.move_on_after(timeout) as deadline:
            async with anyio.create_task_group() as group:
                if stdin is not None:
                    group.start_soon(feed)
                if hooks is not None:
                    group.start_soon(heartbeat)
                async with anyio.create_task_group() as readers:
                    readers.start_soon(_read_capped, process.stdout, max_output_bytes, overflow, stdout)
                    readers.start_soon(_read_capped, process.stderr, MAX_STDERR_BYTES, None, stderr)
                await process.wait()
                group.cancel_scope.cancel()  # the heartbeat, and a feed the program never read
        timed_out = deadline.cancelled_caught
        completed = not timed_out and not overflowed
    finally:
        with anyio.CancelScope(shield=True):
            if process.returncode is None or timed_out:
                # The whole group: a program's children stop with it.
                _kill_group(process)
            if not completed and on_stop is not None:
                await on_stop()
            await process.wait()
            await process.aclose()
    return ProcessOutcome(process.returncode, bytes(stdout), bytes(stderr), timed_out, overflowed)


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _masked(text: str, argv: list[str], secret: frozenset[int]) -> str:
    for position in secret:
        word = argv[position]
        if len(word) >= 3:
            text = text.replace(word, "[redacted]")
    return text


def structured_output(node: ToolNode, text: str) -> tuple[Any, str | None]:
    """``structuredContent`` for a node declaring outputs with schemas, from its stdout; (None, None) otherwise.

    stdout is a JSON object holding the declared outputs, or, for a single declared output, the
    output's value itself (JSON, or the text when the output is a string).
    """
    declared = [(name, schema, required) for name, schema, required in node.outputs if schema is not None]
    if not declared:
        return None, None
    try:
        parsed: Any = json.loads(text)
        is_json = True
    except ValueError:
        parsed, is_json = text.strip(), False
    names = {name for name, _, _ in declared}
    if isinstance(parsed, dict) and (names & set(parsed) or len(declared) > 1):
        structured = parsed
    elif len(declared) == 1 and (is_json or declared[0][1].get("type") == "string"):
        structured = {declared[0][0]: parsed}
    else:
        return None, "its output is not JSON holding the declared outputs"
    for name, schema, required in declared:
        if name not in structured:
            if required:
                return None, f"its output lacks the declared output '{name}'"
            continue
        problems = validation_errors(schema, structured[name])
        if problems:
            return None, f"its output '{name}' does not match the declared schema: {problems[0]}"
    return structured, None


async def run_invocation(
    node: ToolNode,
    arguments: Mapping[str, Any],
    *,
    audit: AuditLog | None,
    timeout: float = DEFAULT_TIMEOUT_SECONDS,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    container_runtime: str | None = None,
    max_output_bytes: int = MAX_OUTPUT_BYTES,
    hooks: ToolCallHooks | None = None,
    recognition_id: str | None = None,
) -> JsonObject:
    """Call a shell (or container) node with ``arguments``; an MCP ``CallToolResult`` JSON object.

    ``env`` is the process's whole environment (``node_environment(node)`` when None). A container
    node needs ``container_runtime`` (the path of docker or podman).
    """
    started = time.monotonic()
    invocation: Invocation | None = None

    def finish(outcome: Outcome, result: JsonObject, *, exit_code: int | None = None, error: str | None = None,
               argv: list[str] | None = None, secret: frozenset[int] = frozenset()) -> JsonObject:
        if audit is not None:
            record_invocation(
                audit, node, argv if argv is not None else [], outcome=outcome,
                stdin_length=len(invocation.stdin or b"") if invocation is not None else 0, exit_code=exit_code,
                secret=secret, duration_ms=(time.monotonic() - started) * 1000, recognition_id=recognition_id,
                error=error,
            )
        return result

    try:
        invocation = build_invocation(node, arguments)
    except IntentError as refusal:
        message = f"{refusal.code}: {refusal.message}" + (f" (at {refusal.path})" if refusal.path else "")
        return finish("refused", _text_result(message, error=True), error=message)

    argv = list(invocation.argv)
    secret = invocation.secret_positions
    container_name: str | None = None
    if node.arm == "container":
        if container_runtime is None:
            message = f"'{node.id}' runs in a container, and no container runtime is available on this host"
            return finish("error", _text_result(message, error=True), error=message, argv=argv, secret=secret)
        container_name = f"intent-mcp-{uuid.uuid4().hex[:16]}"
        prefix = container_argv(container_runtime, str(node.invoke["container"]["image"]), [], name=container_name)
        argv = prefix + argv
        secret = frozenset(position + len(prefix) for position in secret)
    environment = dict(env) if env is not None else node_environment(node)

    async def remove_container() -> None:
        if container_name is not None and container_runtime is not None:
            with anyio.move_on_after(10):
                await anyio.run_process([container_runtime, "rm", "-f", container_name], check=False,
                                        env=environment)

    try:
        outcome = await run_process(argv, invocation.stdin, timeout=timeout, cwd=cwd, env=environment,
                                    max_output_bytes=max_output_bytes, hooks=hooks, on_stop=remove_container)
    except (FileNotFoundError, PermissionError, NotADirectoryError) as failure:
        program = argv[0]
        if isinstance(failure, FileNotFoundError) and cwd is not None and not os.path.isdir(cwd):
            message = f"'{node.id}' cannot start: its working directory does not exist"
        elif isinstance(failure, FileNotFoundError):
            message = f"'{node.id}' cannot start: the program '{program}' was not found (install it or fix PATH)"
        else:
            message = f"'{node.id}' cannot start: the program '{program}' is not executable"
        return finish("error", _text_result(message, error=True), error=message, argv=argv, secret=secret)

    stderr_text = _masked(_decode(outcome.stderr), argv, secret).strip()
    if outcome.timed_out:
        message = (f"'{node.id}' did not finish within {timeout:g} seconds and was stopped; "
                   "ask for less work or raise the node's timeoutSeconds")
        return finish("timeout", _text_result(message, error=True), error=message, argv=argv, secret=secret)
    if outcome.overflowed:
        message = (f"'{node.id}' wrote more than {max_output_bytes} bytes of output and was stopped; "
                   "ask for less output")
        return finish("error", _text_result(message, error=True), error=message, argv=argv, secret=secret)
    code = outcome.exit_code if outcome.exit_code is not None else -1
    if code not in ok_exit_codes(node):
        if code < 0:
            try:
                what = f"was killed by {signal.Signals(-code).name}"
            except ValueError:
                what = f"was killed by signal {-code}"
        else:
            what = f"exited with status {code}"
        message = f"'{node.id}' {what}" + (f":\n{stderr_text}" if stderr_text else "")
        return finish("error", _text_result(message, error=True), exit_code=code, error=f"'{node.id}' {what}",
                      argv=argv, secret=secret)
    text = _decode(outcome.stdout)
    structured, problem = structured_output(node, text)
    if problem is not None:
        message = f"'{node.id}' ran, but {problem}"
        return finish("error", _text_result(message, error=True), exit_code=code, error=message, argv=argv,
                      secret=secret)
    return finish("ok", _text_result(text, error=False, structured=structured), exit_code=code, argv=argv,
                  secret=secret)


def ok_exit_codes(node: ToolNode) -> frozenset[int]:
    """The exit statuses that mean success: ``invoke.<arm>.okExitCodes`` (``grep``'s 1 is "no match"), else 0."""
    spec = node.invoke.get(node.arm or "", {})
    codes = spec.get("okExitCodes") if isinstance(spec, Mapping) else None
    if isinstance(codes, list) and codes and all(isinstance(code, int) and not isinstance(code, bool)
                                                 for code in codes):
        return frozenset(codes)
    return frozenset({0})


# --- the in-process arm ----------------------------------------------------------------------------


def resolve_callable(reference: str, allowed: tuple[str, ...] | list[str]) -> Callable[..., Any]:
    """The function ``"module:function"`` names, if the server's allowlist admits it.

    An allowlist entry is a reference (``"tools.text:count"``) or a whole module (``"tools.text:*"``).
    Anything else, or a name that does not import, is ``CONFIG_INVALID``.
    """
    module_name, sep, attribute = reference.partition(":")
    if not sep or not module_name or not attribute:
        raise IntentError("CONFIG_INVALID", f"'{reference}' must name a function as 'module:function'",
                          path="/invoke/inProcess/function")
    if reference not in allowed and f"{module_name}:*" not in allowed:
        raise IntentError("CONFIG_INVALID", f"'{reference}' is not in the server's allowlist of in-process functions "
                          "(--allow-function)", path="/invoke/inProcess/function")
    import importlib

    try:
        target: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            target = getattr(target, part)
    except Exception as error:
        raise IntentError("CONFIG_INVALID", f"'{reference}' cannot be imported ({type(error).__name__})",
                          path="/invoke/inProcess/function") from None
    if not callable(target):
        raise IntentError("CONFIG_INVALID", f"'{reference}' is not callable", path="/invoke/inProcess/function")
    return target  # type: ignore[no-any-return]


async def call_in_process(
    node: ToolNode,
    function: Callable[..., Any],
    arguments: Mapping[str, Any],
    input_schema: Mapping[str, Any],
    *,
    audit: AuditLog | None,
    timeout: float = DEFAULT_TIMEOUT_SECONDS,
    recognition_id: str | None = None,
) -> JsonObject:
    """Call an in-process node's function with the validated arguments as keywords; it never gets argv."""
    started = time.monotonic()
    reference = str(node.invoke["inProcess"]["function"])  # parse_node made sure there is one

    def finish(outcome: Outcome, result: JsonObject, error: str | None = None) -> JsonObject:
        if audit is not None:
            record_invocation(audit, node, [], outcome=outcome, duration_ms=(time.monotonic() - started) * 1000,
                              recognition_id=recognition_id, error=error)
        return result

    problems = validation_errors(input_schema, dict(arguments))
    if problems:
        message = f"INPUT_INVALID: the arguments do not match the tool's input schema: {problems[0]}"
        return finish("refused", _text_result(message, error=True), message)
    keywords = dict(arguments)
    try:
        with anyio.fail_after(timeout):
            if inspect.iscoroutinefunction(function):
                value = await function(**keywords)
            else:
                value = await anyio.to_thread.run_sync(partial(function, **keywords), abandon_on_cancel=True)
    except TimeoutError:
        message = f"'{node.id}' did not finish within {timeout:g} seconds"
        return finish("timeout", _text_result(message, error=True), message)
    except Exception as error:
        # The exception's message may carry an argument; it goes to the server's debug log only.
        logger.debug("in-process tool %s (%s) failed", node.id, reference, exc_info=True)
        message = f"'{node.id}' failed: {type(error).__name__}"
        return finish("error", _text_result(message, error=True), message)
    if isinstance(value, str):
        text, candidate = value, value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            message = f"'{node.id}' returned a value that is not JSON"
            return finish("error", _text_result(message, error=True), message)
        candidate = text
    structured, problem = structured_output(node, candidate)
    if problem is not None:
        message = f"'{node.id}' ran, but {problem}"
        return finish("error", _text_result(message, error=True), message)
    return finish("ok", _text_result(text, error=False, structured=structured))


__all__ = [
    "CONTAINER_ENV_ALLOWLIST",
    "DEFAULT_ENV_ALLOWLIST",
    "DEFAULT_TIMEOUT_SECONDS",
    "MAX_OUTPUT_BYTES",
    "ProcessOutcome",
    "call_in_process",
    "container_argv",
    "node_environment",
    "resolve_callable",
    "run_invocation",
    "run_process",
    "scrubbed_environment",
]
