"""Tool-node arguments -> an argv list (and stdin bytes). There is no code path that builds a command string."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from catalog.tool_nodes.constraints import unconstrained_reason, validation_errors
from catalog.tool_nodes.node import NodeInput, SchemaRegistry, ToolNode, parse_node
from intent.errors import IntentError

MAX_REPEATED_ELEMENTS = 1024
MAX_ARGV_BYTES = 128 * 1024
MAX_STDIN_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class Invocation:
    """What a process is started with: its argv and the bytes written to its stdin (None: nothing)."""

    argv: list[str]
    stdin: bytes | None


def _input_error(message: str, name: str | None = None) -> IntentError:
    path = "/arguments" + (f"/{name}" if name else "")
    return IntentError("INPUT_INVALID", message, path=path)


def build_argv(
    node: ToolNode | Mapping[str, Any], arguments: Mapping[str, Any], *, schemas: Mapping[str, Any] | None = None
) -> list[str]:
    """The argv for calling ``node`` with ``arguments``: always a list, stdin inputs kept out."""
    return build_invocation(node, arguments, schemas=schemas).argv


def build_invocation(
    node: ToolNode | Mapping[str, Any], arguments: Mapping[str, Any], *, schemas: Mapping[str, Any] | None = None
) -> Invocation:
    """argv plus stdin for ``node``; every value is parsed and validated by its declared type first."""
    tool = node if isinstance(node, ToolNode) else parse_node(node, SchemaRegistry(schemas))
    if tool.arm not in ("shell", "container"):
        kind = "is only reachable over MCP" if tool.arm is None else "is called in-process"
        raise IntentError("INPUT_INVALID", f"Tool node '{tool.id}' {kind}: it has no argv", path="/invoke")
    if not isinstance(arguments, Mapping):
        raise _input_error("arguments must be a JSON object")
    declared = {item.name: item for item in tool.inputs}
    unknown = sorted(str(name) for name in arguments if name not in declared)
    if unknown:
        raise _input_error(f"unknown argument(s) for '{tool.id}': {', '.join(unknown)}", unknown[0])

    flags: list[str] = []
    positionals: list[tuple[int, list[str]]] = []
    stdin: bytes | None = None
    for item in tool.inputs:
        if item.arg_kind == "none":
            raise IntentError("INPUT_INVALID", f"input '{item.name}' has no place in argv", path="/io/inputs")
        reason = unconstrained_reason(item.schema) if item.arg_kind in ("flag", "positional") else None
        if reason is not None:
            # The projection omits such a node; refusing here keeps a direct caller just as safe.
            raise _input_error(f"input '{item.name}' {reason}: free text goes on stdin", item.name)
        if item.name not in arguments or arguments[item.name] is None:
            if item.required:
                raise _input_error(f"argument '{item.name}' is required", item.name)
            continue
        values = _parsed_values(item, arguments[item.name])
        if item.required and not values:
            raise _input_error(f"argument '{item.name}' needs at least one element", item.name)
        if item.arg_kind == "stdin":
            stdin = _stdin_bytes(item, values[0])
        elif item.arg_kind == "flag":
            assert item.flag is not None
            for value in values:
                if isinstance(value, bool):
                    if value:
                        flags.append(item.flag)
                    continue
                flags.extend([item.flag, _rendered(item, value, after_flag=True)])
        else:
            assert item.position is not None
            positionals.append((item.position, [_rendered(item, value, after_flag=False) for value in values]))

    argv = list(tool.command) + flags
    for _, words in sorted(positionals, key=lambda entry: entry[0]):
        argv.extend(words)
    if sum(len(part.encode("utf-8")) + 1 for part in argv) > MAX_ARGV_BYTES:
        raise _input_error(f"the arguments add up to more than {MAX_ARGV_BYTES} bytes of argv")
    return Invocation(argv=argv, stdin=stdin)


def _parsed_values(item: NodeInput, raw: Any) -> list[Any]:
    """The argument as a list of elements, each validated against the input's declared schema."""
    if item.repeated:
        if not isinstance(raw, list):
            raise _input_error(f"argument '{item.name}' must be a list", item.name)
        if len(raw) > MAX_REPEATED_ELEMENTS:
            raise _input_error(f"argument '{item.name}' has more than {MAX_REPEATED_ELEMENTS} elements", item.name)
        values = list(raw)
    else:
        values = [raw]
    for position, value in enumerate(values):
        problems = validation_errors(item.schema, value)
        if problems:
            where = f"element {position} of '{item.name}'" if item.repeated else f"argument '{item.name}'"
            # The value itself stays out of the message: it may be a secret.
            raise _input_error(f"{where} does not match its declared type: {problems[0]}", item.name)
    return values


def _rendered(item: NodeInput, value: Any, *, after_flag: bool) -> str:
    """One argv word for one parsed value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _input_error(f"argument '{item.name}' must be a finite number", item.name)
        text = repr(int(value)) if value.is_integer() else repr(value)
    elif isinstance(value, str):
        text = value
    else:
        raise _input_error(f"argument '{item.name}' cannot be passed as an argv word", item.name)
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in text):
        raise _input_error(f"argument '{item.name}' contains control characters", item.name)
    enum = item.schema.get("enum")
    declared = (list(enum) if isinstance(enum, list) else []) + (
        [item.schema["const"]] if "const" in item.schema else []
    )
    # A word starting with '-' would be read as an option; only declared values and numbers after a flag pass.
    if text.startswith("-") and value not in declared and not (after_flag and not isinstance(value, str)):
        raise _input_error(f"argument '{item.name}' must not start with '-'", item.name)
    return text


def _stdin_bytes(item: NodeInput, value: Any) -> bytes:
    data = value.encode("utf-8") if isinstance(value, str) else json.dumps(value, ensure_ascii=False).encode("utf-8")
    if len(data) > MAX_STDIN_BYTES:
        raise _input_error(f"argument '{item.name}' is larger than {MAX_STDIN_BYTES} bytes", item.name)
    return data
