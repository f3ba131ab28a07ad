"""Tool-node arguments -> an argv list (and stdin bytes). There is no code path that builds a command string.

Every value is parsed by its declared type, checked against its schema (a pattern must match the
whole value), and then, as a word, against the payload corpus itself: a word that holds a control,
format or white-space character, a shell metacharacter, ``$(``, ``${`` or ``..``, starts with ``-``
or is longer than ``MAX_WORD_CHARS`` never reaches argv, whatever the schema said. Only a value the
node itself declares (``enum``/``const``) is taken as written.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from catalog.tool_nodes.constraints import (
    command_problem,
    full_match_problem,
    unconstrained_reason,
    validation_errors,
)
from catalog.tool_nodes.node import NodeInput, SchemaRegistry, ToolNode, parse_node
from catalog.tool_nodes.patterns import is_dangerous_character, payload_corpus
from intent.errors import IntentError

MAX_REPEATED_ELEMENTS = 1024
MAX_ARGV_BYTES = 128 * 1024
MAX_STDIN_BYTES = 8 * 1024 * 1024
# One argv word made from a value: long enough for any identifier, date or address.
MAX_WORD_CHARS = 4096
# Integers in argv: 2**63 and beyond is no count, size or id a program expects (and 5,000 digits
# would stop Python from even writing the number).
MAX_ARGV_INTEGER = 2**63


@dataclass(frozen=True)
class Invocation:
    """What a process is started with: its argv, the bytes written to its stdin (None: nothing), and
    the positions in argv of the words made from secret inputs (masked in audit records)."""

    argv: list[str]
    stdin: bytes | None
    secret_positions: frozenset[int] = frozenset()


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
    unsafe = command_problem(tool.command, code_inputs=tool.has_code_inputs)
    if unsafe is not None:
        # The projection omits such a node; refusing here keeps a direct caller just as safe.
        raise IntentError("INPUT_INVALID", f"Tool node '{tool.id}' {unsafe}", path="/invoke")
    if not isinstance(arguments, Mapping):
        raise _input_error("arguments must be a JSON object")
    declared = {item.name: item for item in tool.inputs}
    unknown = sorted(str(name) for name in arguments if name not in declared)
    if unknown:
        raise _input_error(f"unknown argument(s) for '{tool.id}': {', '.join(unknown)}", unknown[0])

    flags: list[tuple[str, bool]] = []
    positionals: list[tuple[int, list[str], bool]] = []
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
                        flags.append((item.flag, False))
                    continue
                flags.extend([(item.flag, False), (_rendered(item, value, after_flag=True), item.is_secret)])
        else:
            assert item.position is not None
            words = [_rendered(item, value, after_flag=False) for value in values]
            positionals.append((item.position, words, item.is_secret))

    argv = list(tool.command)
    secret: set[int] = set()
    for word, hidden in flags:
        if hidden:
            secret.add(len(argv))
        argv.append(word)
    for _, words, hidden in sorted(positionals, key=lambda entry: entry[0]):
        for word in words:
            if hidden:
                secret.add(len(argv))
            argv.append(word)
    if sum(len(part.encode("utf-8")) + 1 for part in argv) > MAX_ARGV_BYTES:
        raise _input_error(f"the arguments add up to more than {MAX_ARGV_BYTES} bytes of argv")
    return Invocation(argv=argv, stdin=stdin, secret_positions=frozenset(secret))


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
        if not problems and item.arg_kind != "stdin":
            # JSON Schema finds a pattern anywhere in the value; argv wants it to cover the whole value.
            problems = [problem] if (problem := full_match_problem(item.schema, value)) else []
        if problems:
            where = f"element {position} of '{item.name}'" if item.repeated else f"argument '{item.name}'"
            # The value itself stays out of the message: it may be a secret.
            raise _input_error(f"{where} does not match its declared type: {problems[0]}", item.name)
    return values


def _declared_values(item: NodeInput) -> list[Any]:
    enum = item.schema.get("enum")
    return (list(enum) if isinstance(enum, list) else []) + ([item.schema["const"]] if "const" in item.schema else [])


def _rendered(item: NodeInput, value: Any, *, after_flag: bool) -> str:
    """One argv word for one parsed value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) >= MAX_ARGV_INTEGER:
            raise _input_error(f"argument '{item.name}' is an integer beyond ±2^63", item.name)
        text = str(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _input_error(f"argument '{item.name}' must be a finite number", item.name)
        if value.is_integer():
            if abs(value) >= MAX_ARGV_INTEGER:
                raise _input_error(f"argument '{item.name}' is a number beyond ±2^63", item.name)
            text = str(int(value))
        else:
            text = repr(value)
    elif isinstance(value, str):
        text = value
    else:
        raise _input_error(f"argument '{item.name}' cannot be passed as an argv word", item.name)
    if any(value == declared and type(value) is type(declared) for declared in _declared_values(item)):
        return text  # the node's own configuration wrote this word
    problem = word_problem(text, number=not isinstance(value, str), after_flag=after_flag)
    if problem is not None:
        raise _input_error(f"argument '{item.name}' {problem}", item.name)
    return text


def word_problem(text: str, *, number: bool = False, after_flag: bool = False) -> str | None:
    """Why ``text``, made from a call's value, cannot be an argv word; None when it can.

    The last line of defence: whatever a schema allowed, no probe of the payload corpus passes.
    A negative number is the one word that may start with ``-``, and only as a flag's value.
    """
    if len(text) > MAX_WORD_CHARS:
        return f"is longer than {MAX_WORD_CHARS} characters"
    if any(is_dangerous_character(char) for char in text):
        return "contains control, formatting or white-space characters"
    corpus = payload_corpus()
    if any(char in text for char in corpus.characters):
        return "contains a shell metacharacter"
    for probe in corpus.substrings:
        if probe in text:
            return f"contains {probe!r}"
    if text.startswith(corpus.leading) and not (number and after_flag):
        return "must not start with '-'"
    return None


def _stdin_bytes(item: NodeInput, value: Any) -> bytes:
    data = value.encode("utf-8") if isinstance(value, str) else json.dumps(value, ensure_ascii=False).encode("utf-8")
    if len(data) > MAX_STDIN_BYTES:
        raise _input_error(f"argument '{item.name}' is larger than {MAX_STDIN_BYTES} bytes", item.name)
    return data
