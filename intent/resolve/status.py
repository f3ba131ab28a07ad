"""The turn's verdict: status and coverage from what was kept, and the finished ``IntentResult``."""

from __future__ import annotations

from intent.resolve.field_results import judge_fields
from intent.resolve.resolution import Resolution
from intent.result.models import IntentResult, Turn, TurnKind


def finish(resolution: Resolution) -> IntentResult:
    """``no_intent`` without content; ``ambiguous`` with an open choice; ``partial`` with gaps; else ``complete``."""
    request = resolution.request
    state = resolution.state
    field_results, unresolved = judge_fields(resolution)
    state.unresolved = unresolved
    has_content = bool(state.intents or resolution.all_constraints())
    if not has_content:
        status = "no_intent"
    elif any(u.kind != "missing_field" for u in unresolved):
        status = "ambiguous"
    elif unresolved or any(r.status == "invalid" for r in field_results):
        status = "partial"
    else:
        status = "complete"
    dropped = any(i.code == "UNGROUNDED" for i in resolution.issues)
    state.coverage = ("none" if not has_content else
                      "complete" if status == "complete" and not dropped else "partial")
    state.scope = "conversation" if request.baseline is not None else "current_request"
    kind: TurnKind = resolution.candidate["turnKind"] if request.baseline is not None else "request"
    turn = Turn(kind=kind, normalizedInput=" ".join(request.input.split()), intentIds=resolution.turn_intents,
                changes=resolution.changes, facts=resolution.facts)
    return IntentResult(input=request.input, status=status, turn=turn, effective=state,  # type: ignore[arg-type]
                        fieldResults=field_results, issues=resolution.issues, inferences=resolution.inferences)
