"""One turn's working state: the effective state being built and what was said about it.

Every step of the verifier (quotes, merging, catalog hooks, field values, status) reads and
extends this one object; none keeps state of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.config import IntentConfig
from intent.grounding import Span
from intent.request import NormalizedRequest
from intent.resolve.correcting import Said
from intent.resolve.fields import CheckedValue
from intent.resolve.ids import IdAllocator
from intent.result.models import Change, Constraint, EffectiveState, Inference, IntentNode, Issue, SourceRef

ADD_DESCRIPTION = "Add the explicit request from this turn"


class Resolution:
    """The candidate, the request and configuration it answers, and everything this turn decided."""

    def __init__(self, candidate: Mapping[str, Any], request: NormalizedRequest, config: IntentConfig) -> None:
        self.candidate = candidate
        self.request = request
        self.config = config
        baseline = request.baseline
        self.state = (baseline.model_copy(deep=True) if baseline else
                      EffectiveState(coverage="none", scope="current_request", intents=[], constraints=[],
                                     relations=[], unresolved=[]))
        used = [i.id for i in self.state.intents] + [r.id for r in self.state.relations]
        used += [c.id for c in self.all_constraints()]
        self.ids = IdAllocator(used)
        self.keys: dict[str, str] = {}  # candidate key -> intent id
        self.said: dict[str, Said] = {}  # intent id -> where this turn asked for it
        self.dropped_keys: set[str] = set()
        self.changes: list[Change] = []
        self.issues: list[Issue] = []
        self.inferences: list[Inference] = []
        self.facts: dict[str, Any] = {}
        self.turn_intents: list[str] = []
        # (intent id, field) -> how this turn established the value
        self.checked: dict[tuple[str, str], CheckedValue] = {}
        self.unplaced: dict[str, CheckedValue] = {}  # ambiguous / invalid values with no intent value
        # field -> the intent whose catalog tool's own schema an unplaced invalid value broke
        self.invalid_for_tool: dict[str, str] = {}

    def all_constraints(self) -> list[Constraint]:
        return [*self.state.constraints, *(c for i in self.state.intents for c in i.constraints)]

    def intent(self, ident: str) -> IntentNode | None:
        return next((i for i in self.state.intents if i.id == ident), None)

    def ref(self, span: Span | None) -> SourceRef:
        """The input as a source, with offsets when the request asked for spans."""
        if span is not None and self.request.spans:
            return SourceRef(root="input", pointer="", start=span.start, end=span.end)
        return SourceRef(root="input", pointer="")

    def issue(self, code: str, message: str, path: str, severity: str = "warning") -> None:
        self.issues.append(Issue(code=code, severity=severity, message=message, path=path))  # type: ignore[arg-type]

    def resolve_ref(self, ref: str | None) -> str | None:
        """A candidate key or a baseline id -> the intent id it names, or None."""
        if ref is None:
            return None
        if ref in self.keys:
            return self.keys[ref]
        return ref if self.intent(ref) is not None else None
