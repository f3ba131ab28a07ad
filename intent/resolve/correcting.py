"""Correcting one intent: the new words a turn gives it, and every part that quoted the old ones.

"Actually, make it order 000456" over "Look up order 000123" sets the order number, and so the
target and the goal that said 000123 must say 000456 too, each rewrite listed as a turn change
with its evidence: the replacing words in the input, and where the replaced ones stood (in the
baseline, or earlier in the same input when a person corrects themselves mid-sentence).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from intent.resolve.rewording import Rewording, find_same_kind, reword, reword_value
from intent.result.models import Change, ChangeTarget, IntentNode, SourceRef

__all__ = ["Correcting", "Said"]


@dataclass(frozen=True, slots=True)
class Said:
    """Where an intent of this turn was asked for: its evidence and target, with their input offsets."""

    evidence: str
    evidence_start: int
    target_start: int | None


@dataclass
class Correcting:
    """Applies one update to ``node`` and collects the changes it makes, part by part.

    ``said`` is set for an intent asked for in this same turn (a self-correction) and None for
    one of the baseline; ``baseline_index`` is the node's place in the baseline, for pointers.
    ``ref`` makes an input source reference from (start, end) offsets.
    """

    node: IntentNode
    said: Said | None
    baseline_index: int | None
    ref: Callable[[int, int], SourceRef]
    changes: list[Change] = field(default_factory=list)
    _old: tuple[str, str | None, str] = ("", None, "")
    _rewordings: list[tuple[Rewording, SourceRef]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._old = (self.node.action, self.node.target, self.node.goal)

    @property
    def verb(self) -> str:
        return "Correct" if self.said is not None else "Update"

    def _add(self, kind: str, ident: str, description: str, refs: list[SourceRef]) -> None:
        self.changes.append(Change(operation="update", target=ChangeTarget(kind=kind, id=ident),  # type: ignore[arg-type]
                                   description=description, sourceRefs=refs, effect="applied"))  # fmt: skip

    def _where(self, part: str, rewording: Rewording) -> SourceRef:
        """Where the replaced words of ``part`` stood: earlier in this input, or in the baseline."""
        if self.said is not None and self.said.target_start is not None and part == "target":
            start = self.said.target_start + rewording.start
            return self.ref(start, start + rewording.end - rewording.start)
        index = self.baseline_index if self.baseline_index is not None else 0
        return SourceRef(root="baseline", pointer=f"/intents/{index}/{part}")

    def set_action(self, words: str, at: SourceRef) -> None:
        before = self.node.action
        if words == before:
            return
        self.node.action = words
        self._add("intent", self.node.id, f"{self.verb} action from '{before}' to '{words}'", [at])

    def set_target(self, words: str, at: SourceRef) -> None:
        """New words for the target: they replace the words of their kind in it, or all of it."""
        before = self.node.target
        rewording = reword(before, words) if before else Rewording("", words, 0, 0, words)
        if rewording is not None:
            self._rewrite_target(rewording, at)
            return
        if self.said is not None:  # "Schedule the call for Tuesday, scratch that, Wednesday"
            found = find_same_kind(self.said.evidence, words, loose=True)
            if found is not None:
                start, end, new = found
                old = self.said.evidence[start:end]
                replaced = self.ref(self.said.evidence_start + start, self.said.evidence_start + end)
                self._add("intent", self.node.id, f"Correct '{old}' to '{new}' in this turn", [replaced, at])

    def field_changed(self, name: str, old: Any, new: Any, evidence: str, at: list[SourceRef],
                      before: list[SourceRef]) -> None:  # fmt: skip
        """A field took a new value: rewrite the target where it quoted the old one."""
        if self.said is not None and old is not None and old != new:
            self._add("intent", self.node.id, f"Correct {name} from {old!r} to {new!r} in this turn", [*before, *at])
        if self.node.target and old is not None:
            rewording = reword_value(self.node.target, old, new, evidence)
            if rewording is not None:
                self._rewrite_target(rewording, at[0] if at else self.ref(0, 0))

    def _rewrite_target(self, rewording: Rewording, at: SourceRef) -> None:
        self.node.target = rewording.after
        self._rewordings.append((rewording, at))
        self._add("intent", self.node.id, f"{self.verb} target from '{rewording.before}' to '{rewording.after}'",
                  [at, self._where("target", rewording)])  # fmt: skip

    def finish(self) -> None:
        """Bring the goal and the intent's constraints in line with the new action and target."""
        action, target, goal = self._old
        node = self.node
        if goal == (f"{action} {target}" if target else action):
            node.goal = f"{node.action} {node.target}" if node.target else node.action
        else:  # a goal in other words: replace what it quoted
            for rewording, _ in self._rewordings:
                old = rewording.before[rewording.start : rewording.end]
                if old and old in node.goal:
                    node.goal = node.goal.replace(old, rewording.words)
        if node.goal != goal:
            last = self._rewordings[-1:]
            refs = [last[0][1]] if last else [c.sourceRefs[0] for c in self.changes[-1:]]
            if self.said is None:  # the goal as the baseline stated it
                refs.append(SourceRef(root="baseline", pointer=f"/intents/{self.baseline_index or 0}/goal"))
            elif last:  # the replaced words earlier in this input
                refs.append(self._where("target", last[0][0]))
            self._add("intent", node.id, f"{self.verb} goal from '{goal}' to '{node.goal}'", refs)
        for constraint in node.constraints:
            text = constraint.text
            for rewording, _ in self._rewordings:
                old = rewording.before[rewording.start : rewording.end]
                if old and old != rewording.words and old in text and rewording.start > 0:
                    text = text.replace(old, rewording.words)
            if text != constraint.text:
                self._add("constraint", constraint.id,
                          f"{self.verb} constraint from '{constraint.text}' to '{text}'", [self._rewordings[-1][1]])
                constraint.text = text
