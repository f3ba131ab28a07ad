"""Grounding recognition in a catalog: each tool is a domain, its input properties the domain's fields.

``CatalogBinding`` answers what the recognizer needs: the domains and fields to offer, which tool an
intent maps to (``classify``), what goes into the intent's ``extensions`` (the tool and its risk
metadata), and which tools a prohibition names (``forbidden_by``). Matching is by words of the tool
name (and the AXAG intent/entity or HTTP method) and is conservative: when unsure, nothing.

Each tool has its own fields (``catalog.tool_fields``: a request body flattened, the tool's own
enums and formats kept); ``fields`` is their union, for a request no tool was chosen for. The
verifier checks an intent's values against its tool's own field schemas (``field_schemas_for``)
and the planner maps them back to the tool's arguments (``arguments_for``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from catalog.depth import refuse_deep_documents
from catalog.errors import catalog_error
from catalog.tool_fields import ToolField, arguments_from_fields, tool_fields
from catalog.tools import CatalogTool, tools_from_definitions
from catalog.words import (
    HTTP_METHOD_VERBS,
    NOUN_LIKE_VERBS,
    PHRASAL_VERBS,
    STOPWORDS,
    VERB_GROUPS,
    VERBS,
    content_words,
    split_identifier,
    stem,
    text_words,
    verb_stems,
)
from intent.nlu import DomainScorer, scorer_for

# Cues that open the prohibited part of a constraint ("Do not cancel the order").
_NEGATION = re.compile(
    r"\b(?:do\s+not|don'?t|does\s+not|doesn'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|"
    r"cannot|can'?t|may\s+not|no|not|without|avoid|refrain\s+from|stop)\b",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[.;!?]|\bbut\b|\bexcept\b|\bunless\b", re.IGNORECASE)


@dataclass(frozen=True)
class _ToolWords:
    """The operation (verb) stems and the entity stems of one tool."""

    verbs: frozenset[str]
    entities: frozenset[str]
    # How many verb groups the operation word belongs to: fewer is a more specific operation.
    verb_groups: int = 1
    # The stem of the word naming the operation, when the name has one.
    operation: str | None = None


class CatalogBinding:
    """The recognition view of a set of projected tools."""

    def __init__(self, tools: Iterable[CatalogTool]) -> None:
        self.tools: dict[str, CatalogTool] = {}
        for tool in tools:
            if tool.name in self.tools:
                raise catalog_error(f"tool name '{tool.name}' appears twice in the catalog")
            self.tools[tool.name] = tool
        self._words = {name: _tool_words(tool) for name, tool in self.tools.items()}
        self._tool_fields = {name: tool_fields(tool) for name, tool in self.tools.items()}
        self._fields = _union_fields(self._tool_fields.values())
        self._scorer: DomainScorer | None = None

    # --- construction -------------------------------------------------------------------------

    @classmethod
    @refuse_deep_documents
    def from_tools(cls, tools: Iterable[Mapping[str, Any]]) -> CatalogBinding:
        """From tool definitions of any projection: AXAG registry tools, OpenAPI manifest tools, MCP tools."""
        return cls(tools_from_definitions(tools))

    @classmethod
    @refuse_deep_documents
    def from_document(cls, document: Any, *, available: Iterable[str] = ()) -> CatalogBinding:
        """From a catalog document, whatever it is (see ``catalog_tool_definitions``)."""
        return cls.from_tools(catalog_tool_definitions(document, available=available))

    @classmethod
    @refuse_deep_documents
    def from_file(cls, path: str | Path, *, available: Iterable[str] = ()) -> CatalogBinding:
        from catalog.documents import load_document

        return cls.from_document(load_document(path), available=available)

    # --- what the recognizer offers ----------------------------------------------------------

    @property
    def domains(self) -> list[str]:
        """The tool names, in catalog order: the domains an intent is classified into."""
        return list(self.tools)

    @property
    def fields(self) -> dict[str, Any]:
        """A JSON Schema object whose properties are the union of every tool's fields (a name two tools
        define differently is widened: the per-tool schemas are ``field_schemas_for``)."""
        return copy.deepcopy(self._fields)

    def fields_for(self, domain: str) -> list[str]:
        """The field names of the tool ``domain`` (empty for a name not in the catalog)."""
        return list(self._tool_fields.get(domain, {}))

    def tool_fields(self, domain: str) -> dict[str, ToolField]:
        """The fields of the tool ``domain``: name -> where the value goes and the tool's own schema."""
        return dict(self._tool_fields.get(domain, {}))

    def field_schemas_for(self, domain: str) -> dict[str, Any] | None:
        """Field name -> the tool's own schema for it; None for a name not in the catalog.

        The verifier checks an intent's values against these when its domain is this tool.
        """
        fields = self._tool_fields.get(domain)
        if fields is None:
            return None
        return {name: copy.deepcopy(spec.schema) for name, spec in fields.items()}

    def required_for(self, domain: str) -> list[str]:
        """The field names a call of the tool ``domain`` always needs (empty for a name not in the catalog)."""
        return [name for name, spec in self._tool_fields.get(domain, {}).items() if spec.required]

    def arguments_for(self, domain: str, values: Mapping[str, Any]) -> dict[str, Any]:
        """The call arguments of the tool ``domain`` from field values (a flattened body mapped back)."""
        return arguments_from_fields(self._tool_fields.get(domain, {}), values)

    def extensions_for(self, domain: str) -> dict[str, Any]:
        """What an intent mapped to ``domain`` carries in ``extensions``: the tool and its risk metadata."""
        tool = self.tools.get(domain)
        if tool is None:
            return {}
        return {"tool": tool.name, **copy.deepcopy(tool.risk)}

    def domain_hints(self, domain: str) -> dict[str, Any]:
        """What a recognizer is told about the tool ``domain`` in the model task, as plain words.

        ``verbs`` are every surface verb naming the tool's operation (its synonym group, phrasal
        verbs written out), ``entities`` the words of what it operates on; a recognizer that reads
        only the task can classify an intent with them as ``classify`` would.
        """
        tool = self.tools.get(domain)
        if tool is None:
            return {}
        words = self._words[domain]
        verbs = {verb for group in VERB_GROUPS for verb in group if verb_stems(verb) & words.verbs}
        verbs |= {phrase for phrase, joined in PHRASAL_VERBS.items() if joined in verbs}
        entity_words = {
            word
            for word in [*split_identifier(tool.name), *split_identifier(tool.intent or ""),
                         *split_identifier(tool.entity or "")]
            if stem(word) in words.entities
        }
        hints: dict[str, Any] = {
            "description": tool.description or "", "verbs": sorted(verbs), "entities": sorted(entity_words),
            # The tool's own fields: a recognizer fills only these for an intent it maps to this tool,
            # and reads the tool's own schema where it differs from the union's (an enum, a format).
            "fields": self.fields_for(domain),
        }
        union = self._fields["properties"]
        own = {name: copy.deepcopy(spec.schema) for name, spec in self._tool_fields[domain].items()
               if spec.schema != union.get(name)}
        if own:
            hints["fieldSchemas"] = own
        return hints

    # --- matching ----------------------------------------------------------------------------

    def forbidden_by(self, constraint_text: str) -> list[str]:
        """Tools a prohibition names: ``"Do not cancel the order"`` -> ``["order_cancel"]``.

        A tool is named when a prohibited word is its operation (stems and tight synonyms allowed)
        and either one of its entity words appears too, or the prohibition names no entity at all
        (``"never delete anything"``).
        """
        words = _prohibited_words(constraint_text)
        if not words:
            return []
        stems = {stem(word) for word in words}
        forbidden = []
        for name, tool_words in self._words.items():
            operation_words = [word for word in words if verb_stems(word) & tool_words.verbs]
            if not operation_words:
                continue
            # Noun-like verbs ("order") name an entity when another word is the operation.
            others = {
                stem(word)
                for word in words
                if word not in operation_words and (word not in VERBS or word in NOUN_LIKE_VERBS)
            }
            if not tool_words.entities or tool_words.entities & stems or not others:
                forbidden.append(name)
        return forbidden

    def action_contradicts(self, domain: str, action: str | None) -> bool:
        """True when ``action`` names an operation ("Cancel") that the tool ``domain`` does not perform.

        An action without a known operation verb ("Gimme") contradicts nothing; neither does a
        noun-like verb ("order"). The planner refuses to run a tool its request's verb contradicts.
        """
        words = self._words.get(domain)
        if words is None or not action:
            return False
        verbs = [word for word in text_words(action) if word in VERBS and word not in NOUN_LIKE_VERBS]
        return bool(verbs) and not any(verb_stems(word) & words.verbs for word in verbs)

    def classify(self, action: str | None, target: str | None) -> str | None:
        """The tool an intent (``action`` on ``target``) maps to, or None when no single tool clearly fits.

        The recognizer's own domain scorer (``intent.nlu``) on the tools' hints, so the two always
        agree: the action must name a tool's operation or the target its entity words; among tools
        with equal evidence the one whose own operation word the action uses wins, then the one
        leaving fewer entity words unmatched, then the more specific operation; a tie is None.
        """
        if not (action or "").strip() and not (target or "").strip():
            return None
        if self._scorer is None:
            self._scorer = scorer_for(self.domains, {name: self.domain_hints(name) for name in self.tools})
        return self._scorer.choose(f"{action or ''} {target or ''}", action=action or "")


@refuse_deep_documents
def catalog_tool_definitions(document: Any, *, available: Iterable[str] = ()) -> Sequence[Mapping[str, Any]]:
    """The tool definitions a catalog document projects to.

    Accepts an AXAG manifest (``operations``) or its registry (``source_manifest``), an OpenAPI /
    Swagger document or its MCP manifest (``manifestVersion``), a Tool-node document (``nodes``, or
    a list of nodes) or its projection, and a plain ``{"tools": [...]}`` list of MCP tools.
    """
    if isinstance(document, list):
        from catalog.tool_nodes import project

        return project(document, available=available).tools
    if not isinstance(document, Mapping):
        raise catalog_error("a catalog must be a JSON object or a list of Tool nodes")
    if "operations" in document:
        from catalog.axag import generate_tool_registry

        return list(generate_tool_registry(document)["tools"])
    if "openapi" in document or "swagger" in document:
        from catalog.openapi import build_mcp_manifest

        return list(build_mcp_manifest(document)["tools"])
    if "nodes" in document:
        from catalog.tool_nodes import project

        return project(document, available=available).tools
    tools = document.get("tools")
    if isinstance(tools, list):
        return tools
    raise catalog_error(
        "not a catalog: expected an AXAG manifest, an OpenAPI document, Tool nodes or a 'tools' list"
    )


def _tool_words(tool: CatalogTool) -> _ToolWords:
    """Operation and entity stems of a tool, from its name and (when known) AXAG intent or HTTP method."""
    name_words = split_identifier(tool.name)
    verbs: set[str] = set()
    entity_words: list[str] = []
    operation: str | None = None
    if tool.intent:
        # AXAG: "entity.action" — the last segment's first word is the operation.
        segments = tool.intent.split(".")
        action_words = split_identifier(segments[-1])
        if action_words:
            operation = action_words[0]
            verbs |= verb_stems(operation)
            entity_words += action_words[1:]
        for segment in segments[:-1]:
            entity_words += split_identifier(segment)
        if tool.entity:
            entity_words += split_identifier(tool.entity)
    else:
        operation = _operation_word(name_words)
        if operation is not None:
            verbs |= verb_stems(operation)
            entity_words += [word for word in name_words if word != operation]
        else:
            entity_words += name_words
        if tool.method and tool.method.upper() in HTTP_METHOD_VERBS:
            verbs |= verb_stems(HTTP_METHOD_VERBS[tool.method.upper()])
    entities = frozenset(stem(word) for word in entity_words if word not in STOPWORDS and not word.isdigit())
    groups = sum(1 for group in VERB_GROUPS if operation in group) if operation else 0
    return _ToolWords(
        verbs=frozenset(verbs),
        entities=entities - verbs,
        verb_groups=max(groups, 1),
        operation=stem(operation) if operation else None,
    )


def _operation_word(words: list[str]) -> str | None:
    """The word of a tool name that names its operation: the first verb, a noun-like one only as a last resort."""
    for word in words:
        if word in VERBS and word not in NOUN_LIKE_VERBS:
            return word
    return next((word for word in words if word in VERBS), None)


def _prohibited_words(text: str) -> list[str]:
    """Content words of the prohibited part(s) of a constraint; the whole text when it has no cue."""
    spans = []
    for match in _NEGATION.finditer(text):
        rest = text[match.end():]
        end = _CLAUSE_END.search(rest)
        spans.append(rest[: end.start()] if end else rest)
    source = " ".join(spans) if spans else text
    return content_words(text_words(source))


def _union_fields(tools: Iterable[Mapping[str, ToolField]]) -> dict[str, Any]:
    """Every tool's fields in one object schema; a name with conflicting schemas is widened."""
    properties: dict[str, Any] = {}
    for fields in tools:
        for name, spec in fields.items():
            schema = spec.schema
            properties[name] = _widen(properties[name], schema) if name in properties else copy.deepcopy(schema)
    return {"type": "object", "properties": properties}


def _widen(first: Mapping[str, Any], second: Mapping[str, Any]) -> dict[str, Any]:
    """A schema accepting what either accepts: agreed keywords kept, types and enums united, the rest dropped."""
    if first == second:
        return dict(first)
    widened: dict[str, Any] = {}
    type_a, type_b = first.get("type"), second.get("type")
    if type_a is not None and type_b is not None:
        kinds: list[str] = []
        for kind in (type_a if isinstance(type_a, list) else [type_a]) + (
            type_b if isinstance(type_b, list) else [type_b]
        ):
            if kind not in kinds:
                kinds.append(kind)
        if "number" in kinds and "integer" in kinds:
            kinds.remove("integer")
        widened["type"] = kinds[0] if len(kinds) == 1 else kinds
    enum_a, enum_b = first.get("enum"), second.get("enum")
    if isinstance(enum_a, list) and isinstance(enum_b, list):
        widened["enum"] = enum_a + [item for item in enum_b if item not in enum_a]
    for key, value in first.items():
        if key in ("type", "enum", "description"):
            continue
        if second.get(key) == value:
            widened[key] = copy.deepcopy(value)
    description = first.get("description") or second.get("description")
    if isinstance(description, str) and description:
        widened["description"] = description
    return widened
