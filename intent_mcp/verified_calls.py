"""From a recognized intent to a call that runs only as the person allowed: ``intent_execute``'s work.

``VerifiedCalls`` is the ``adapter.execution.IntentExecution`` the app plugs into the adapter. For one
``(requestId, intentId)`` it plans the call (``catalog.planner.plan_call``: the tool from the intent,
arguments from grounded values, checked against the tool's ``inputSchema`` and the person's
prohibitions) and then does exactly one of three things:

- **refuse**: the plan is a ``Refusal`` (or a step whose earlier step it depends on has not run
  yet: ``DEPENDENCY_PENDING``); the reply is an error result whose ``error`` is
  ``CALL_REFUSED`` and whose ``refusal`` carries the planner's own code, message and question;
- **ask**: the plan needs a confirmation (a destructive, high- or critical-risk tool, or one marked
  as needing it) and ``confirm`` is not true, or no earlier reply asked the person yet (a model
  cannot confirm on the person's behalf before a prompt was shown); the reply holds the prompt and
  the plan, nothing runs;
- **run**: the plan's call goes through the bound ``CatalogRuntime``; the reply is the tool's result
  with the plan it ran (``isError`` when the tool failed).

Every one of them writes an audit line (``intent_mcp.call_audit``).
"""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from adapter.execution import ExecutionReply, ExecutionRequest
from catalog.plan import PlannedCall, Refusal
from catalog.recognition import CatalogBinding
from catalog.runtime import CatalogRuntime, JsonObject
from intent.errors import IntentError
from intent_mcp.call_audit import AuditSink, CallOutcome, LoggedAudit, call_record, secret_pointers

logger = logging.getLogger("intent_mcp.verified_calls")

Planner = Callable[..., "PlannedCall | Refusal"]
# A refusal of the server's own, beside the planner's codes: a step whose earlier step has not run.
DEPENDENCY_PENDING = "DEPENDENCY_PENDING"


def _default_planner() -> Planner:
    from catalog.planner import plan_call

    return plan_call


class VerifiedCalls:
    """Plans, refuses, asks for confirmation or runs one recognized intent on ``runtime``; audits each."""

    def __init__(
        self,
        runtime: CatalogRuntime,
        binding: CatalogBinding,
        *,
        audit: AuditSink | None = None,
        planner: Planner | None = None,
    ) -> None:
        self.runtime = runtime
        self.binding = binding
        self.audit: AuditSink = audit if audit is not None else LoggedAudit()
        self._plan = planner if planner is not None else _default_planner()
        self._passes_recognition_id = "recognition_id" in inspect.signature(runtime.call_tool).parameters

    async def execute(self, request: ExecutionRequest) -> ExecutionReply:
        plan = self._plan(request.result, self.binding, intent_id=request.intent_id)
        if isinstance(plan, Refusal):
            return self._refuse(request, plan)
        pending = [earlier for earlier in plan.depends_on if earlier not in request.ran_intents]
        if pending:
            return self._refuse(request, Refusal(
                DEPENDENCY_PENDING,  # type: ignore[arg-type]  # the server's own code, beside the planner's
                f"intent {plan.intent_id!r} needs the outcome of {', '.join(map(repr, pending))}, which has not run; "
                "run the earlier step with intent_execute first", intent_id=plan.intent_id, tool=plan.tool))
        # A confirm that comes before the person was ever asked confirms nothing: ask first.
        if plan.confirmation is not None and not (request.confirm and request.prompted):
            self._write(request, plan, "confirmation_required")
            return ExecutionReply({
                "status": "confirmation_required",
                "requestId": request.request_id,
                "intentId": plan.intent_id,
                "confirmation": plan.confirmation.to_dict(),
                "plan": plan.to_dict(),
            }, prompted=True)
        return await self._run(request, plan)

    def rejected(self, request_id: str, intent_id: str, error: IntentError) -> None:
        """An ``intent_execute`` the adapter turned away before planning: one audit line all the same."""
        self._audit(call_record(request_id=request_id, intent_id=intent_id, outcome="rejected",
                                error=f"{error.code}: {error.message}"))

    def _refuse(self, request: ExecutionRequest, refusal: Refusal) -> ExecutionReply:
        error = IntentError("CALL_REFUSED", f"{refusal.code}: {refusal.message}", path="/intentId")
        self._audit(call_record(request_id=request.request_id, intent_id=request.intent_id, outcome="refused",
                                tool=refusal.tool, refusal=refusal.to_dict()))
        return ExecutionReply({
            "error": error.to_dict(),
            "refusal": refusal.to_dict(),
            "requestId": request.request_id,
            "intentId": request.intent_id,
        }, is_error=True)

    async def _run(self, request: ExecutionRequest, plan: PlannedCall) -> ExecutionReply:
        started = time.monotonic()
        error: str | None = None
        try:
            result = await self._call(plan, request)
        except IntentError as failure:
            error = f"{failure.code}: {failure.message}"
            result = _error_result(f"{error}" + (f" (at {failure.path})" if failure.path else ""))
        except Exception as failure:  # the runtime broke its promise; the call may still have reached the tool
            logger.warning("tool %s failed inside the catalog runtime: %s", plan.tool, type(failure).__name__)
            error = f"internal error ({type(failure).__name__})"
            result = _error_result(f"Tool '{plan.tool}' failed on an internal error ({type(failure).__name__}).")
        failed = result.get("isError") is True
        if failed and error is None:
            # Not the result's text: an API may echo what it received, credentials included.
            error = "the tool answered with an error result"
        self._write(request, plan, "error" if failed else "ok", error=error,
                    duration_ms=(time.monotonic() - started) * 1000)
        return ExecutionReply({
            "status": "failed" if failed else "executed",
            "requestId": request.request_id,
            "intentId": plan.intent_id,
            "confirmation": plan.confirmation.to_dict() if plan.confirmation is not None else None,
            "plan": plan.to_dict(),
            "result": result,
        }, is_error=failed, ran=True)

    async def _call(self, plan: PlannedCall, request: ExecutionRequest) -> JsonObject:
        from intent_mcp.catalog_server import RequestProgress

        hooks = RequestProgress(request.request_context) if request.request_context is not None else None
        if self._passes_recognition_id:
            # A runtime that keeps its own audit (Tool nodes) links its record to the recognition.
            return await self.runtime.call_tool(plan.tool, dict(plan.arguments), hooks,  # type: ignore[call-arg]
                                                recognition_id=request.request_id)
        return await self.runtime.call_tool(plan.tool, dict(plan.arguments), hooks)

    def _write(self, request: ExecutionRequest, plan: PlannedCall, outcome: CallOutcome, *,
               error: str | None = None, duration_ms: float | None = None) -> None:
        self._audit(call_record(
            request_id=request.request_id, intent_id=plan.intent_id, outcome=outcome, tool=plan.tool,
            arguments=plan.arguments, evidence=[item.to_dict() for item in plan.evidence],
            secrets=self._secrets(plan.tool),
            # Honoured only on a run, after a prompt: what the person actually agreed to.
            confirmed=outcome in ("ok", "error") and plan.confirmation is not None,
            error=error, duration_ms=duration_ms,
        ))

    def _audit(self, record: Mapping[str, Any]) -> None:
        # An audit that cannot be written must be loud, but the reply already decided stands.
        try:
            self.audit.write(record)
        except Exception as failure:
            logger.error("an audit line could not be written: %s", type(failure).__name__)

    def _secrets(self, tool: str) -> set[str]:
        schema: Mapping[str, Any] = {}
        for definition in self.runtime.list_tools():
            if definition.get("name") == tool and isinstance(definition.get("inputSchema"), Mapping):
                schema = definition["inputSchema"]
        return secret_pointers(schema, _declared_secrets(self.runtime, tool))


def _declared_secrets(runtime: CatalogRuntime, tool: str) -> list[str]:
    """Inputs a Tool node marks ``secret: true`` (its schema need not say so)."""
    from catalog.tool_nodes import ToolNodeRuntime

    if not isinstance(runtime, ToolNodeRuntime):
        return []
    node = runtime.projection.nodes.get(tool)
    return [item.name for item in node.inputs if item.is_secret] if node is not None else []


def _error_result(message: str) -> JsonObject:
    return {"content": [{"type": "text", "text": message}], "isError": True}


__all__ = ["DEPENDENCY_PENDING", "Planner", "VerifiedCalls"]
