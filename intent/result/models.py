"""The IntentResult model tree: exactly the wire names and key order of the reference reply.

Optional keys (``value``, ``candidates``, span offsets, ``reason``) are left out when unset rather
than sent as null, so the default result has the reference shape and nothing more.
"""

from __future__ import annotations

from typing import Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION: Literal["2.0-draft.6"] = "2.0-draft.6"

Status = Literal["complete", "partial", "ambiguous", "no_intent"]
TurnKind = Literal["request", "correction", "addition", "cancellation", "answer"]
ConstraintKind = Literal["prohibition", "requirement", "preference", "condition"]
RelationKind = Literal["sequence", "dependency"]
FieldStatus = Literal["found", "inferred", "missing", "ambiguous", "invalid"]
SourceRoot = Literal["input", "context", "baseline"]


def _unset(value: Any) -> bool:
    return value is None


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=False)


class SourceRef(_Model):
    """Where a claim comes from: a JSON pointer into the input text, the context or the baseline."""

    root: SourceRoot
    pointer: str
    start: int | None = Field(default=None, exclude_if=_unset, description="UTF-16-agnostic character offset")
    end: int | None = Field(default=None, exclude_if=_unset)


class ChangeTarget(_Model):
    kind: Literal["intent", "constraint", "relation"]
    id: str


class Change(_Model):
    operation: Literal["add", "update", "remove"]
    target: ChangeTarget
    description: str
    sourceRefs: list[SourceRef]
    effect: Literal["applied", "rejected"]
    reason: str | None = Field(default=None, exclude_if=_unset)


class Turn(_Model):
    kind: TurnKind
    normalizedInput: str
    intentIds: list[str]
    changes: list[Change]
    facts: dict[str, Any]


class ConstraintScope(_Model):
    type: Literal["intent", "request"]
    intentId: str | None = Field(default=None, exclude_if=_unset)


class Constraint(_Model):
    id: str
    kind: ConstraintKind
    text: str
    scope: ConstraintScope


class Reference(_Model):
    text: str
    refersTo: str | None


class IntentNode(_Model):
    id: str
    domain: str | None
    action: str
    target: str | None
    goal: str
    understanding: Literal["clear", "ambiguous"]
    constraints: list[Constraint]
    inputs: dict[str, Any]
    references: list[Reference]
    children: list[IntentNode]
    extensions: dict[str, Any]


class Relation(_Model):
    id: str
    kind: RelationKind
    from_: str = Field(alias="from")
    to: str


class Unresolved(_Model):
    id: str
    kind: Literal["missing_field", "ambiguous_field", "ambiguous_intent"]
    intentId: str | None
    field: str | None = Field(default=None, exclude_if=_unset)
    question: str
    candidates: list[Any] | None = Field(default=None, exclude_if=_unset)


class EffectiveState(_Model):
    """The state after this turn; a follow-up turn passes it back as ``baseline``."""

    schemaVersion: Literal["2.0-draft.6"] = SCHEMA_VERSION
    coverage: Literal["complete", "partial", "none"]
    scope: Literal["current_request", "conversation"]
    intents: list[IntentNode]
    constraints: list[Constraint]
    relations: list[Relation]
    unresolved: list[Unresolved]


class FieldResult(_Model):
    field: str
    status: FieldStatus
    value: Any = Field(default=None, exclude_if=_unset)
    candidates: list[Any] | None = Field(default=None, exclude_if=_unset)
    sourceRefs: list[SourceRef]


class Issue(_Model):
    code: str
    severity: Literal["warning", "error"]
    message: str
    path: str


class InferenceTarget(_Model):
    kind: Literal["field"]
    intentId: str
    field: str


class InferenceBasis(_Model):
    root: Literal["referenceTime", "context", "baseline"]
    value: Any


class Inference(_Model):
    target: InferenceTarget
    value: Any
    evidence: str
    basis: InferenceBasis


class IntentResult(_Model):
    """A verified recognition: what was asked, what changed this turn, and the state it leaves."""

    schemaVersion: Literal["2.0-draft.6"] = SCHEMA_VERSION
    input: str
    status: Status
    turn: Turn
    effective: EffectiveState
    fieldResults: list[FieldResult]
    issues: list[Issue]
    inferences: list[Inference]

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready object with wire names, in wire key order."""
        return self.model_dump(mode="json", by_alias=True)

    def to_json(self) -> str:
        """Compact JSON text: what an MCP reply's ``content[0].text`` carries."""
        return orjson.dumps(self.to_dict()).decode()

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of an IntentResult (draft 2020-12), as shipped in ``intent-result.schema.json``."""
        schema = cls.model_json_schema(by_alias=True, mode="serialization")
        return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}
