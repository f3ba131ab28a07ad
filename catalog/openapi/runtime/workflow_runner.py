"""Running a compiled Arazzo workflow on top of ``McpRuntime``: steps, criteria, actions, outputs.

A workflow is ``manifest["workflows"][id]`` as ``catalog.openapi.arazzo`` compiles it: steps with the
operation resolved, values kept as runtime expressions. This module imports only the standard
library, ``anyio`` and its siblings: it is copied verbatim into exported projects.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping
from typing import Any

import anyio

from .expressions import ExpressionProblem, evaluate_condition, resolve_value
from .runtime import DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_SECONDS, HttpResponse, McpRuntime, text_result

JsonResult = dict[str, Any]
MAX_STEP_RUNS = 1000
DEFAULT_RETRY_LIMIT = 1
# A document's retryAfter is honoured up to this many seconds, so a typo cannot stall a call for hours.
MAX_RETRY_AFTER_SECONDS = 60.0
MAX_SHOWN_BODY_CHARS = 2000


StepOutcome = tuple[bool, HttpResponse, "str | None", dict[str, Any]]


class WorkflowFailed(Exception):
    """The run stops; the message is the error result's text."""


def _hook(hooks: Any, name: str) -> Any:
    if hooks is None:
        return None
    if isinstance(hooks, Mapping):
        return hooks.get(name)
    return getattr(hooks, name, None)


async def _maybe_await(value: Any) -> Any:
    if inspect.isawaitable(value):
        return await value
    return value


def _criteria_hold(criteria: list[Mapping[str, Any]], context: Mapping[str, Any]) -> str | None:
    """The first criterion that does not hold (its condition), or None when all hold."""
    for criterion in criteria:
        condition = str(criterion.get("condition", ""))
        if not evaluate_condition(condition, context):
            return condition
    return None


def _response_view(response: HttpResponse) -> dict[str, Any]:
    return {"status": response.status, "headers": response.headers, "body": response.body, "error": response.error}


def _shown(response: HttpResponse) -> str:
    if response.status is None:
        return response.error or "no response"
    body = response.text if len(response.text) <= MAX_SHOWN_BODY_CHARS else response.text[:MAX_SHOWN_BODY_CHARS] + "…"
    return f"HTTP {response.status}" + (f"\n{body}" if body else "")


def _set_pointer(document: Any, pointer: str, value: Any) -> Any:
    """``document`` with the JSON Pointer ``pointer`` set to ``value`` (a body ``replacements`` entry)."""
    if pointer in ("", "/") and not pointer:
        return value
    tokens = [token.replace("~1", "/").replace("~0", "~") for token in pointer.lstrip("/").split("/")]
    target = document
    for token in tokens[:-1]:
        if isinstance(target, dict):
            target = target.setdefault(token, {})
        elif isinstance(target, list) and token.isdigit() and int(token) < len(target):
            target = target[int(token)]
        else:
            raise ExpressionProblem(f"replacement target '{pointer}' is not in the payload")
    last = tokens[-1]
    if isinstance(target, dict):
        target[last] = value
    elif isinstance(target, list) and last == "-":
        target.append(value)
    elif isinstance(target, list) and last.isdigit() and int(last) < len(target):
        target[int(last)] = value
    else:
        raise ExpressionProblem(f"replacement target '{pointer}' is not in the payload")
    return document


class _Run:
    def __init__(self, runtime: McpRuntime, workflow: Mapping[str, Any], args: Mapping[str, Any], hooks: Any) -> None:
        self.runtime = runtime
        self.workflow = workflow
        self.workflow_id = str(workflow.get("workflowId"))
        self.steps: list[Mapping[str, Any]] = list(workflow.get("steps") or [])
        self.index = {str(step["stepId"]): position for position, step in enumerate(self.steps)}
        self.context: dict[str, Any] = {"inputs": dict(args), "steps": {}}
        self.hooks = hooks
        self.runs = 0

    async def progress(self, message: str) -> None:
        report = _hook(self.hooks, "progress")
        if report is None or _hook(self.hooks, "on_step_start") is not None:
            return
        total = float(len(self.steps)) if self.runs <= len(self.steps) else None
        await _maybe_await(report(float(self.runs), total, message))

    def arguments(self, step: Mapping[str, Any]) -> dict[str, Any]:
        args: dict[str, Any] = {}
        params = list((step.get("operation") or {}).get("params") or [])
        for position, parameter in enumerate(step.get("parameters") or []):
            declared = params[position] if position < len(params) else {}
            name = str(declared.get("arg") or parameter.get("name"))
            args[name] = resolve_value(parameter.get("value"), self.context)
        body = step.get("requestBody")
        if isinstance(body, Mapping) and "payload" in body:
            payload = resolve_value(body.get("payload"), self.context)
            if isinstance(payload, str):
                try:
                    payload = json.loads(payload)
                except ValueError:
                    pass
            for replacement in body.get("replacements") or []:
                payload = _set_pointer(payload, str(replacement.get("target", "")),
                                       resolve_value(replacement.get("value"), self.context))
            body_param = next((item for item in params if item.get("in") == "body"), {"name": "body"})
            args[str(body_param.get("arg") or body_param.get("name") or "body")] = payload
        return args

    async def step(self, step: Mapping[str, Any], attempt: int) -> StepOutcome:
        step_id = str(step["stepId"])
        base = {"workflowId": self.workflow_id, "stepId": step_id, "attempt": attempt}
        start = _hook(self.hooks, "on_step_start")
        if start is not None:
            await _maybe_await(start(dict(base)))
        await self.progress(f"{self.workflow_id}: step {step_id} (attempt {attempt})")
        args = self.arguments(step)
        headers: dict[str, str] = {}
        request_headers = _hook(self.hooks, "request_headers")
        if request_headers is not None:
            extra = await _maybe_await(request_headers({**base, "operation": step.get("operation")}))
            headers = {str(key): str(value) for key, value in (extra or {}).items()}
        operation = step.get("operation") or {}
        response = await self.runtime.execute(operation, args, headers)
        self.context.update(
            statusCode=response.status,
            method=operation.get("method"),
            url=response.request.get("url"),
            request={"body": args.get("body"), "header": headers, "query": args, "path": args},
            response={"header": response.headers, "body": response.body},
        )
        if response.status is None:
            return False, response, None, {}
        criteria = list(step.get("successCriteria") or [])
        failed = _criteria_hold(criteria, self.context) if criteria else (None if response.ok else "2xx status")
        outputs: dict[str, Any] = {}
        if failed is None:
            outputs = {name: resolve_value(value, self.context) for name, value in (step.get("outputs") or {}).items()}
            self.context["steps"][step_id] = {"outputs": outputs}
        return failed is None, response, failed, outputs

    def chosen_action(self, actions: list[Mapping[str, Any]]) -> Mapping[str, Any] | None:
        for action in actions:
            if _criteria_hold(list(action.get("criteria") or []), self.context) is None:
                return action
        return None

    async def run(self) -> dict[str, Any]:
        position = 0
        attempts: dict[str, int] = {}
        retries: dict[str, int] = {}
        while position < len(self.steps):
            self.runs += 1
            if self.runs > MAX_STEP_RUNS:
                raise WorkflowFailed(
                    f"workflow '{self.workflow_id}' ran more than {MAX_STEP_RUNS} steps; its goto/retry actions loop"
                )
            step = self.steps[position]
            step_id = str(step["stepId"])
            attempts[step_id] = attempts.get(step_id, 0) + 1
            success, response, failed, outputs = await self.step(step, attempts[step_id])
            action = self.chosen_action(list(step.get("onSuccess" if success else "onFailure") or []))
            observer = _hook(self.hooks, "on_step")
            if observer is not None:
                await _maybe_await(observer({
                    "workflowId": self.workflow_id,
                    "stepId": step_id,
                    "attempt": attempts[step_id],
                    "outcome": "success" if success else "failure",
                    "request": response.request,
                    "response": _response_view(response),
                    "outputs": outputs,
                    "failedCriterion": failed,
                    "action": dict(action) if action is not None else None,
                }))
            kind = action.get("type") if action is not None else None
            if success:
                retries.pop(step_id, None)
                if kind == "end":
                    break
                position = self.index[str(action["stepId"])] if kind == "goto" and action is not None else position + 1
                continue
            if kind == "goto" and action is not None:
                position = self.index[str(action["stepId"])]
                continue
            if kind == "retry" and action is not None:
                target = str(action.get("stepId") or step_id)
                limit = int(action.get("retryLimit", DEFAULT_RETRY_LIMIT))
                if retries.get(target, 0) < limit:
                    retries[target] = retries.get(target, 0) + 1
                    await self.sleep(float(action.get("retryAfter") or 0))
                    position = self.index[target]
                    continue
            raise WorkflowFailed(self.failure(step_id, failed, response))
        declared = self.workflow.get("outputs") or {}
        outputs = {name: resolve_value(value, self.context) for name, value in declared.items()}
        return text_result(json.dumps(outputs, indent=2, ensure_ascii=False), structured=outputs)

    async def sleep(self, seconds: float) -> None:
        seconds = max(0.0, min(seconds, MAX_RETRY_AFTER_SECONDS))
        sleeper = _hook(self.hooks, "sleep")
        if sleeper is not None:
            await _maybe_await(sleeper(seconds))
        elif seconds:
            await anyio.sleep(seconds)

    def failure(self, step_id: str, failed: str | None, response: HttpResponse) -> str:
        why = f"criterion '{failed}' did not hold" if failed else "the request failed"
        return f"workflow '{self.workflow_id}' failed at step '{step_id}': {why}\n{_shown(response)}"


def _required_inputs(workflow: Mapping[str, Any]) -> list[str]:
    inputs = workflow.get("inputs")
    required = inputs.get("required") if isinstance(inputs, Mapping) else None
    return [str(name) for name in required] if isinstance(required, list) else []


async def run_workflow(
    runtime: McpRuntime, tool: Mapping[str, Any], args: Mapping[str, Any], hooks: Any = None
) -> dict[str, Any]:
    """Run the workflow of ``tool`` with ``args`` as its inputs; the MCP result (outputs as ``structuredContent``).

    ``hooks`` (an object or a mapping) may carry ``on_step_start(info)``, ``on_step(info)``,
    ``sleep(seconds)``, ``request_headers(info) -> headers`` (sync or async), or an MCP-style
    ``progress(done, total, message)`` that hears of every step.
    """
    workflow_id = str(tool.get("workflow"))
    workflow = (runtime.manifest.get("workflows") or {}).get(workflow_id)
    if not isinstance(workflow, Mapping):
        return text_result(f"the manifest has no workflow '{workflow_id}'", is_error=True)
    missing = [name for name in _required_inputs(workflow) if args.get(name) is None]
    if missing:
        return text_result(
            f"workflow '{workflow_id}' needs the input(s) {', '.join(missing)}: pass them as arguments", is_error=True
        )
    try:
        return await _Run(runtime, workflow, args, hooks).run()
    except WorkflowFailed as failure:
        return text_result(runtime.safe(str(failure)), is_error=True)
    except ExpressionProblem as problem:
        return text_result(runtime.safe(f"workflow '{workflow_id}': {problem}"), is_error=True)
    except (KeyError, TypeError, ValueError) as error:  # a hand-edited manifest the compiler never saw
        return text_result(
            f"workflow '{workflow_id}' is malformed in the manifest ({type(error).__name__}); regenerate it",
            is_error=True,
        )


def create_mcp_workflow_runtime(
    manifest: Mapping[str, Any],
    *,
    transport: Any = None,
    credentials: Mapping[str, Any] | None = None,
    base_urls: Mapping[str, str] | None = None,
    sleep: Any = None,
    timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
) -> McpRuntime:
    """``McpRuntime`` with ``run_workflow`` plugged in; ``sleep`` (seconds -> awaitable) waits between retries."""
    return McpRuntime(
        manifest,
        transport=transport,
        credentials=credentials,
        base_urls=base_urls,
        run_workflow=workflow_runner(sleep),
        timeout_seconds=timeout_seconds,
        max_response_bytes=max_response_bytes,
    )


def workflow_runner(sleep: Any = None) -> Any:
    """``run_workflow`` for ``McpRuntime(run_workflow=...)``, with ``sleep`` as the default wait between retries."""
    if sleep is None:
        return run_workflow

    async def runner(runtime: McpRuntime, tool: Mapping[str, Any], args: Mapping[str, Any], hooks: Any) -> JsonResult:
        if _hook(hooks, "sleep") is None:
            hooks = _WithSleep(hooks, sleep)
        return await run_workflow(runtime, tool, args, hooks)

    return runner


class _WithSleep:
    """Hooks with a default ``sleep`` added."""

    def __init__(self, hooks: Any, sleep: Any) -> None:
        self._hooks = hooks
        self.sleep = sleep

    def __getattr__(self, name: str) -> Any:
        return _hook(self._hooks, name)
