"""Tool nodes: parsing and checking one node, and resolving its schema references."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from catalog.errors import catalog_error
from intent.pointer import unescape_token

ArgKind = Literal["flag", "positional", "stdin", "none"]
ARMS = ("shell", "container", "inProcess", "mcp")
# Arms preferred when a node has several: calling in-process needs no process at all.
PROJECTABLE_ARMS = ("inProcess", "shell", "container")

# MCP tool names: letters, digits, `_`, `-` and `.`, at most 128 characters.
_TOOL_NAME_CHARACTER = re.compile(r"[^A-Za-z0-9_.-]")
_FLAG = re.compile(r"^--?[A-Za-z0-9][A-Za-z0-9_.-]*$")
_INPUT_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
MAX_INPUTS = 256
# The MCP tool annotations a node may declare (all booleans).
ANNOTATION_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
_DOTTED = r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*"
_FUNCTION = re.compile(f"{_DOTTED}:{_DOTTED}")


@dataclass(frozen=True)
class NodeInput:
    """One declared input: its JSON Schema (the element schema when repeated) and where it goes."""

    name: str
    schema: dict[str, Any]
    required: bool
    repeated: bool
    arg_kind: ArgKind
    flag: str | None = None
    position: int | None = None
    description: str | None = None
    secret: bool = False

    @property
    def is_secret(self) -> bool:
        """Marked ``secret``, or a ``writeOnly`` / ``format: password`` schema: kept out of audit records."""
        return self.secret or self.schema.get("writeOnly") is True or self.schema.get("format") == "password"

    def property_schema(self) -> dict[str, Any]:
        """The input's property in the tool's input schema (an array of elements when repeated)."""
        schema = copy.deepcopy(self.schema)
        if self.repeated:
            schema = {"type": "array", "items": schema}
        if self.description and "description" not in schema:
            schema["description"] = self.description
        return schema


@dataclass(frozen=True)
class ToolNode:
    """A parsed Tool node."""

    id: str
    title: str | None
    summary: str
    inputs: tuple[NodeInput, ...]
    outputs: tuple[tuple[str, dict[str, Any] | None, bool], ...]
    invoke: Mapping[str, Mapping[str, Any]]
    requires: tuple[str, ...]
    raw: Mapping[str, Any] = field(repr=False, compare=False, default_factory=dict)
    # MCP tool annotations the node declares (readOnlyHint, destructiveHint, ...): what planning reads
    # to ask for a confirmation before a destructive call.
    annotations: Mapping[str, bool] = field(default_factory=dict)

    @property
    def tool_name(self) -> str:
        return tool_name_for(self.id)

    @property
    def arm(self) -> str | None:
        """The arm a server uses for this node, or None for an MCP-only node."""
        return next((arm for arm in PROJECTABLE_ARMS if arm in self.invoke), None)

    @property
    def has_code_inputs(self) -> bool:
        """Whether some input is a positional or stdin: where an interpreter without a script reads code."""
        return any(item.arg_kind in ("positional", "stdin") for item in self.inputs)

    @property
    def command(self) -> tuple[str, ...]:
        """The fixed argv prefix of the shell (or container) arm."""
        for arm in ("shell", "container"):
            if arm in self.invoke:
                return tuple(self.invoke[arm]["command"])
        return ()


def tool_name_for(node_id: str) -> str:
    return _TOOL_NAME_CHARACTER.sub("_", node_id)[:128]


class SchemaRegistry:
    """Named schemas a node may refer to: ``"BeanId"``, ``{"$ref": "#/schemas/BeanId"}`` or ``#/$defs/...``."""

    PREFIXES = ("#/schemas/", "#/$defs/", "#/definitions/", "#/components/schemas/")

    def __init__(self, schemas: Mapping[str, Any] | None = None) -> None:
        self.schemas = dict(schemas or {})

    def lookup(self, ref: str) -> Any:
        if ref in self.schemas:
            return self.schemas[ref]
        for prefix in self.PREFIXES:
            if ref.startswith(prefix):
                name = unescape_token(ref[len(prefix):])
                if name in self.schemas:
                    return self.schemas[name]
        raise KeyError(ref)

    def resolve(self, schema: Any, where: str, path: tuple[str | int, ...]) -> dict[str, Any]:
        """``schema`` with every reference replaced by its target; an unresolvable one is an error."""
        if isinstance(schema, str):
            schema = {"$ref": schema}
        if not isinstance(schema, Mapping):
            raise catalog_error(f"{where}: 'schema' must be a JSON Schema object or a schema name", *path)
        resolved = self._resolve(schema, where, path, ())
        assert isinstance(resolved, dict)
        return resolved

    def _resolve(self, value: Any, where: str, path: tuple[str | int, ...], chain: tuple[str, ...]) -> Any:
        if isinstance(value, list):
            return [self._resolve(item, where, path, chain) for item in value]
        if not isinstance(value, Mapping):
            return value
        ref = value.get("$ref")
        if isinstance(ref, str):
            if ref in chain:
                raise catalog_error(f"{where}: schema reference '{ref}' refers to itself", *path)
            try:
                target = self.lookup(ref)
            except KeyError:
                raise catalog_error(f"{where}: schema reference '{ref}' does not resolve", *path) from None
            inlined = self._resolve(target, where, path, (*chain, ref))
            if not isinstance(inlined, dict):
                raise catalog_error(f"{where}: schema reference '{ref}' is not a schema", *path)
            siblings = {key: self._resolve(item, where, path, chain) for key, item in value.items() if key != "$ref"}
            return {**inlined, **siblings}
        return {str(key): self._resolve(item, where, path, chain) for key, item in value.items()}


def check_schema(schema: Mapping[str, Any], where: str, path: tuple[str | int, ...]) -> None:
    """Refuse a schema that is not valid JSON Schema (an unknown type name, a malformed keyword)."""
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise catalog_error(f"{where}: invalid JSON Schema: {exc.message[:200]}", *path) from None


def parse_node(raw: Any, registry: SchemaRegistry, *, index: int = 0) -> ToolNode:
    """A checked ``ToolNode``; a node that does not parse is an error naming it."""
    if not isinstance(raw, Mapping):
        raise catalog_error(f"Tool node {index} must be a JSON object", index)
    node_id = raw.get("id")
    if not isinstance(node_id, str) or not node_id.strip():
        raise catalog_error(f"Tool node {index} needs a non-empty string 'id'", index, "id")
    label = f"Tool node '{node_id}'"

    def fail(problem: str, *where: str | int) -> Exception:
        return catalog_error(f"{label}: {problem}", index, *where)

    title = raw.get("title")
    if title is not None and not isinstance(title, str):
        raise fail("'title' must be a string", "title")
    summary = raw.get("summary")
    if not isinstance(summary, str) or not summary.strip():
        raise fail("'summary' must be a non-empty string", "summary")
    io = raw.get("io")
    if not isinstance(io, Mapping):
        raise fail("'io' must be an object with 'inputs' (and optionally 'outputs')", "io")
    raw_inputs = io.get("inputs", [])
    if not isinstance(raw_inputs, list) or len(raw_inputs) > MAX_INPUTS:
        raise fail(f"'io.inputs' must be a list of at most {MAX_INPUTS} inputs", "io", "inputs")
    inputs = tuple(
        _parse_input(item, registry, label, (index, "io", "inputs", position))
        for position, item in enumerate(raw_inputs)
    )
    _check_inputs(inputs, fail)
    outputs = _parse_outputs(io.get("outputs"), registry, label, index)
    invoke = _parse_invoke(raw.get("invoke"), fail)
    requires = raw.get("requires", [])
    if not isinstance(requires, list) or not all(isinstance(item, str) and item for item in requires):
        raise fail("'requires' must be a list of non-empty strings", "requires")
    annotations = raw.get("annotations", {})
    if not isinstance(annotations, Mapping):
        raise fail(f"'annotations' must be an object of {', '.join(ANNOTATION_HINTS)}", "annotations")
    for key, value in annotations.items():
        if key not in ANNOTATION_HINTS or not isinstance(value, bool):
            raise fail(f"annotation '{key}' must be one of {', '.join(ANNOTATION_HINTS)} with a boolean value",
                       "annotations", str(key))
    return ToolNode(
        id=node_id,
        title=title,
        summary=summary,
        inputs=inputs,
        outputs=outputs,
        invoke=invoke,
        requires=tuple(requires),
        raw=raw,
        annotations=dict(annotations),
    )


def _parse_input(raw: Any, registry: SchemaRegistry, label: str, path: tuple[str | int, ...]) -> NodeInput:
    if not isinstance(raw, Mapping):
        raise catalog_error(f"{label}: an input must be a JSON object", *path)
    name = raw.get("name")
    if not isinstance(name, str) or not _INPUT_NAME.match(name):
        raise catalog_error(f"{label}: input 'name' must be an identifier", *path, "name")
    where = f"{label}, input '{name}'"
    if "schema" not in raw:
        # Never invent a schema: an input without one cannot be projected.
        raise catalog_error(f"{where}: 'schema' is missing", *path, "schema")
    schema = registry.resolve(raw["schema"], where, (*path, "schema"))
    check_schema(schema, where, (*path, "schema"))
    flags = {}
    for key in ("required", "repeated", "secret"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise catalog_error(f"{where}: '{key}' must be true or false", *path, key)
        flags[key] = value
    description = raw.get("description")
    if description is not None and not isinstance(description, str):
        raise catalog_error(f"{where}: 'description' must be a string", *path, "description")
    arg = raw.get("arg")
    kind: ArgKind
    flag = position = None
    if arg is None:
        kind = "none"
    elif arg == "stdin" or (isinstance(arg, Mapping) and set(arg) == {"stdin"} and arg["stdin"] in (True, {})):
        kind = "stdin"
    elif isinstance(arg, Mapping) and set(arg) == {"flag"}:
        flag = arg["flag"]
        if not isinstance(flag, str) or not _FLAG.match(flag):
            raise catalog_error(f"{where}: flag must look like '--name' or '-n'", *path, "arg", "flag")
        kind = "flag"
    elif isinstance(arg, Mapping) and set(arg) == {"positional"}:
        position = arg["positional"]
        if isinstance(position, bool) or not isinstance(position, int) or position < 0:
            raise catalog_error(f"{where}: positional must be a non-negative integer", *path, "arg", "positional")
        kind = "positional"
    else:
        raise catalog_error(
            f"{where}: 'arg' must be {{\"flag\": \"--x\"}}, {{\"positional\": N}} or \"stdin\"", *path, "arg"
        )
    return NodeInput(
        name=name,
        schema=schema,
        required=flags["required"],
        repeated=flags["repeated"],
        arg_kind=kind,
        flag=flag,
        position=position,
        description=description,
        secret=flags["secret"],
    )


def _check_inputs(inputs: tuple[NodeInput, ...], fail: Any) -> None:
    names: set[str] = set()
    positions: dict[int, NodeInput] = {}
    stdin = [item for item in inputs if item.arg_kind == "stdin"]
    for item in inputs:
        if item.name in names:
            raise fail(f"input '{item.name}' is declared twice", "io", "inputs")
        names.add(item.name)
        if item.position is not None:
            if item.position in positions:
                raise fail(f"inputs '{positions[item.position].name}' and '{item.name}' share a position")
            positions[item.position] = item
    if len(stdin) > 1:
        raise fail("at most one input can be read from stdin", "io", "inputs")
    if stdin and stdin[0].repeated:
        raise fail(f"stdin input '{stdin[0].name}' cannot be repeated", "io", "inputs")
    ordered = [positions[key] for key in sorted(positions)]
    for item in ordered[:-1]:
        if item.repeated:
            raise fail(f"repeated positional input '{item.name}' must be the last positional", "io", "inputs")


def _parse_outputs(
    raw: Any, registry: SchemaRegistry, label: str, index: int
) -> tuple[tuple[str, dict[str, Any] | None, bool], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise catalog_error(f"{label}: 'io.outputs' must be a list", index, "io", "outputs")
    outputs = []
    for position, item in enumerate(raw):
        path = (index, "io", "outputs", position)
        if not isinstance(item, Mapping) or not isinstance(item.get("name"), str) or not item["name"]:
            raise catalog_error(f"{label}: an output must be an object with a 'name'", *path)
        where = f"{label}, output '{item['name']}'"
        # An output without a schema is unstructured text: it has no place in an output schema.
        schema = registry.resolve(item["schema"], where, (*path, "schema")) if "schema" in item else None
        if schema is not None:
            check_schema(schema, where, (*path, "schema"))
        outputs.append((item["name"], schema, item.get("required") is True))
    return tuple(outputs)


def _parse_invoke(raw: Any, fail: Any) -> dict[str, Mapping[str, Any]]:
    if not isinstance(raw, Mapping) or not raw:
        raise fail("'invoke' must name at least one of shell, container, inProcess, mcp", "invoke")
    invoke: dict[str, Mapping[str, Any]] = {}
    for arm, spec in raw.items():
        if arm not in ARMS:
            raise fail(f"unknown invoke arm '{arm}' (expected shell, container, inProcess or mcp)", "invoke", arm)
        if not isinstance(spec, Mapping):
            raise fail(f"'invoke.{arm}' must be an object", "invoke", arm)
        if arm in ("shell", "container"):
            command = spec.get("command")
            # A command string would need a shell to split it; only an argv list is accepted.
            if not isinstance(command, list) or not command or not all(
                isinstance(part, str) and part and "\x00" not in part for part in command
            ):
                raise fail(f"'invoke.{arm}.command' must be a non-empty list of strings", "invoke", arm, "command")
        if arm == "container" and not (isinstance(spec.get("image"), str) and spec["image"]):
            raise fail("'invoke.container.image' must be a non-empty string", "invoke", arm, "image")
        if arm == "container" and str(spec["image"]).startswith("-"):
            raise fail("'invoke.container.image' must not start with '-'", "invoke", arm, "image")
        if arm in ("shell", "container"):
            codes = spec.get("okExitCodes", [0])
            if not isinstance(codes, list) or not codes or not all(
                isinstance(code, int) and not isinstance(code, bool) and 0 <= code <= 255 for code in codes
            ):
                raise fail(f"'invoke.{arm}.okExitCodes' must be a non-empty list of exit statuses 0-255",
                           "invoke", arm, "okExitCodes")
        if arm in ("shell", "container", "inProcess") and "timeoutSeconds" in spec:
            seconds = spec["timeoutSeconds"]
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
                raise fail(f"'invoke.{arm}.timeoutSeconds' must be a positive number", "invoke", arm,
                           "timeoutSeconds")
        if arm == "inProcess":
            function = spec.get("function")
            if not isinstance(function, str) or not _FUNCTION.fullmatch(function):
                raise fail("'invoke.inProcess.function' must name a function as 'module:function'", "invoke", arm,
                           "function")
        invoke[str(arm)] = spec
    return invoke
