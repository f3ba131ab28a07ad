"""Tool nodes -> MCP tool declarations, in the three states of the boundary.

Projected: a shell, container or inProcess arm and a complete io block. Deliberately not projected
(listed in ``omitted`` with the reason): only ``invoke.mcp``; a command that is a shell by another
name (``sh -c``, ``python -c``, ...); an argv input whose type does not make a payload
unrepresentable; ``requires`` unmet on this host. Could not determine (a node that does not parse, a
schema reference that does not resolve): a coded error naming the node.

With a ``host`` (a server starting), requirements are checked on it, and each node also needs what
its arm runs on: ``bin:<program>`` for a shell command, ``container`` for a container arm.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from catalog.depth import refuse_deep_documents
from catalog.errors import catalog_error, join_pointer
from catalog.tool_nodes.constraints import command_problem, unconstrained_reason
from catalog.tool_nodes.node import SchemaRegistry, ToolNode, parse_node
from catalog.tool_nodes.preconditions import Host, unmet_requirements
from intent.errors import IntentError

OmissionKind = Literal["mcp_only", "unsafe_command", "unconstrained_argv", "requires_unmet", "not_allowed"]
# Omissions that are a fault of the node itself, whatever host it runs on.
UNSAFE_KINDS = frozenset({"unsafe_command", "unconstrained_argv"})


@dataclass(frozen=True)
class Omission:
    """A node deliberately left out, why, and where in the document (a JSON Pointer)."""

    id: str
    kind: OmissionKind
    reason: str
    pointer: str = field(default="", compare=False)

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "kind": self.kind, "reason": self.reason}


@dataclass(frozen=True)
class Projection:
    """The projected MCP tool declarations, the omissions, and the node behind each tool name."""

    tools: list[dict[str, Any]]
    omitted: list[Omission]
    nodes: dict[str, ToolNode] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"tools": self.tools, "omitted": [item.to_dict() for item in self.omitted]}


@refuse_deep_documents
def project(
    nodes: Iterable[Any] | Mapping[str, Any],
    available: Iterable[str] = (),
    *,
    schemas: Mapping[str, Any] | None = None,
    host: Host | None = None,
) -> Projection:
    """Project Tool nodes to MCP tools.

    ``nodes`` is a list of nodes or a document ``{"nodes": [...], "schemas": {...}}``; ``available``
    names what this host provides (``requires`` entries); ``schemas`` are the named schemas inputs
    and outputs may refer to (merged over the document's own). With ``host``, requirements are
    also detected on it (see ``catalog.tool_nodes.preconditions``).
    """
    raw_nodes, registry = _nodes_and_registry(nodes, schemas)
    base = "/nodes" if isinstance(nodes, Mapping) else ""
    have = set(available)
    tools: list[dict[str, Any]] = []
    omitted: list[Omission] = []
    by_name: dict[str, ToolNode] = {}
    seen_ids: set[str] = set()
    for index, raw in enumerate(raw_nodes):
        node = parse_node(raw, registry, index=index)
        if node.id in seen_ids:
            raise catalog_error(f"Tool node '{node.id}' is declared twice", index, "id")
        seen_ids.add(node.id)
        omission = _omission(node, have, index, host, base)
        if omission is not None:
            omitted.append(omission)
            continue
        name = node.tool_name
        if name in by_name:
            raise catalog_error(
                f"Tool nodes '{by_name[name].id}' and '{node.id}' both project to the tool name '{name}'", index, "id"
            )
        by_name[name] = node
        tools.append(declaration(node))
    return Projection(tools=tools, omitted=omitted, nodes=by_name)


def declaration(node: ToolNode) -> dict[str, Any]:
    """The MCP tool declaration of a projectable node: a rename, not a translation."""
    properties = {item.name: item.property_schema() for item in node.inputs}
    input_schema: dict[str, Any] = {"type": "object", "properties": properties}
    required = [item.name for item in node.inputs if item.required]
    if required:
        input_schema["required"] = required
    # Arguments the tool does not declare have nowhere to go.
    input_schema["additionalProperties"] = False
    tool: dict[str, Any] = {"name": node.tool_name}
    if node.title and node.title != node.tool_name:
        tool["title"] = node.title
    tool["description"] = node.summary
    tool["inputSchema"] = input_schema
    if node.annotations:
        tool["annotations"] = dict(node.annotations)
    structured = [(name, schema, required) for name, schema, required in node.outputs if schema is not None]
    if structured:
        tool["outputSchema"] = {
            "type": "object",
            "properties": {name: schema for name, schema, _ in structured},
            **({"required": names} if (names := [name for name, _, req in structured if req]) else {}),
        }
    return tool


def _omission(node: ToolNode, have: set[str], index: int, host: Host | None, base: str = "") -> Omission | None:
    where = base + join_pointer(index)
    if node.arm is None:
        return Omission(node.id, "mcp_only", "only invoke.mcp: the tool is already reachable over MCP", where)
    if node.arm in ("shell", "container"):
        unsafe = command_problem(node.command, code_inputs=node.has_code_inputs)
        if unsafe is not None:
            return Omission(node.id, "unsafe_command", f"the command {unsafe}",
                            f"{where}/invoke/{node.arm}/command")
        for position, item in enumerate(node.inputs):
            if item.arg_kind == "none":
                raise catalog_error(
                    f"Tool node '{node.id}': input '{item.name}' has no 'arg' (flag, positional or stdin)",
                    index,
                    "io",
                    "inputs",
                )
            if item.arg_kind in ("flag", "positional"):
                reason = unconstrained_reason(item.schema)
                if reason is not None:
                    return Omission(
                        node.id,
                        "unconstrained_argv",
                        f"argv input '{item.name}' {reason}; free text belongs on stdin",
                        f"{where}/io/inputs/{position}/schema",
                    )
    requirements = list(node.requires)
    if host is not None and node.arm == "shell":
        requirements.append(f"bin:{node.command[0]}")
    if host is not None and node.arm == "container":
        requirements.append("container")
    missing = unmet_requirements(dict.fromkeys(requirements), host, have)
    if missing:
        where_requires = f"{where}/requires" if node.requires else f"{where}/invoke/{node.arm}"
        return Omission(node.id, "requires_unmet", f"requires {', '.join(missing)}, not available on this host",
                        where_requires)
    return None


@dataclass(frozen=True)
class Finding:
    """One thing ``check`` reports: an omission, or a node that could not be determined."""

    id: str | None
    kind: str
    reason: str
    pointer: str

    @property
    def blocking(self) -> bool:
        """Unsafe or unreadable: a fault of the document on any host."""
        return self.kind in UNSAFE_KINDS or self.kind == "could_not_determine"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "reason": self.reason, "pointer": self.pointer,
                "blocking": self.blocking}


def check_nodes(
    nodes: Iterable[Any] | Mapping[str, Any],
    available: Iterable[str] = (),
    *,
    schemas: Mapping[str, Any] | None = None,
    host: Host | None = None,
) -> list[Finding]:
    """Every finding of every node, instead of stopping at the first node that cannot be determined."""
    try:
        raw_nodes, registry = _nodes_and_registry(nodes, schemas)
    except IntentError as error:
        return [Finding(None, "could_not_determine", error.message, error.path)]
    base = "/nodes" if isinstance(nodes, Mapping) else ""
    have = set(available)
    findings: list[Finding] = []
    seen: dict[str, str] = {}
    for index, raw in enumerate(raw_nodes):
        node_id = raw.get("id") if isinstance(raw, Mapping) and isinstance(raw.get("id"), str) else None
        try:
            node = parse_node(raw, registry, index=index)
            if node.id in seen or node.tool_name in seen.values():
                raise catalog_error(f"Tool node '{node.id}' is declared twice or shares its tool name", index, "id")
            seen[node.id] = node.tool_name
            omission = _omission(node, have, index, host, base)
        except IntentError as error:
            findings.append(Finding(node_id, "could_not_determine", error.message, base + error.path))
            continue
        if omission is not None:
            findings.append(Finding(omission.id, omission.kind, omission.reason, omission.pointer))
    return findings


def _nodes_and_registry(
    nodes: Iterable[Any] | Mapping[str, Any], schemas: Mapping[str, Any] | None
) -> tuple[list[Any], SchemaRegistry]:
    document_schemas: Mapping[str, Any] = {}
    if isinstance(nodes, Mapping):
        if "nodes" not in nodes:
            raise catalog_error("a Tool node document needs a 'nodes' list")
        document_schemas = nodes.get("schemas") or {}
        if not isinstance(document_schemas, Mapping):
            raise catalog_error("field 'schemas' must be an object of named schemas", "schemas")
        nodes = nodes["nodes"]
        if not isinstance(nodes, list):
            raise catalog_error("field 'nodes' must be a list of Tool nodes", "nodes")
    elif isinstance(nodes, (str, bytes)):
        raise catalog_error("Tool nodes must be a list of JSON objects")
    return list(nodes), SchemaRegistry({**document_schemas, **(schemas or {})})
