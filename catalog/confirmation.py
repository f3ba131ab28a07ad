"""When a planned call must wait for the person's confirmation, and the sentence that asks for it.

The risk metadata each catalog already carries decides, never the request's words:

- ``destructive``: MCP ``destructiveHint`` (an OpenAPI PUT, PATCH or DELETE; a tool that says so),
  or an AXAG ``action_type`` of ``delete``;
- ``critical_risk`` / ``high_risk``: AXAG ``risk_level``;
- ``requires_confirmation``: AXAG ``confirmation_required`` or ``approval_required``.

The first that applies, in that order, is the reason.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import orjson

from catalog.plan import ArgumentEvidence, Confirmation, ConfirmationReason
from catalog.tools import CatalogTool

_DESTRUCTIVE_ACTION_TYPES = frozenset({"delete", "destroy", "destructive"})
_WHY: dict[ConfirmationReason, str] = {
    "destructive": "This cannot be undone.",
    "critical_risk": "The catalog marks this operation as critical risk.",
    "high_risk": "The catalog marks this operation as high risk.",
    "requires_confirmation": "The catalog asks for confirmation before this operation runs.",
}
_HOW = "Call intent_execute again with confirm: true to run it."


def confirmation_reason(risk: Mapping[str, Any]) -> ConfirmationReason | None:
    """Why a tool with this risk metadata needs confirmation, or None when it does not."""
    action_type = risk.get("action_type")
    if risk.get("destructiveHint") is True or (
        isinstance(action_type, str) and action_type.lower() in _DESTRUCTIVE_ACTION_TYPES
    ):
        return "destructive"
    level = risk.get("risk_level")
    if level == "critical":
        return "critical_risk"
    if level == "high":
        return "high_risk"
    if risk.get("confirmation_required") is True or risk.get("approval_required") is True:
        return "requires_confirmation"
    return None


def confirmation_for(
    tool: CatalogTool, goal: str, evidence: Sequence[ArgumentEvidence], *, secret: Collection[str] = ()
) -> Confirmation | None:
    """The confirmation a call of ``tool`` needs, its prompt naming the goal, the tool and the arguments.

    "Delete pet 12 (delete_pet, petId=12)? This cannot be undone. Call intent_execute again with
    confirm: true to run it." The values of the fields named in ``secret`` show as ``***``.
    """
    reason = confirmation_reason(tool.risk)
    if reason is None:
        return None
    shown = ", ".join(f"{item.field}={'***' if item.field in secret else _shown(item.value)}" for item in evidence)
    call = f"{tool.name}, {shown}" if shown else tool.name
    asked = goal.strip().rstrip(".?!")
    asked = asked[:1].upper() + asked[1:]
    return Confirmation(reason=reason, prompt=f"{asked} ({call})? {_WHY[reason]} {_HOW}")


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return orjson.dumps(value).decode() if not value.isalnum() or value.isdigit() else value
    return orjson.dumps(value).decode()


__all__ = ["confirmation_for", "confirmation_reason"]
