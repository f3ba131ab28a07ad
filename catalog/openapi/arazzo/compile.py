"""Arazzo workflows -> ``manifest["workflows"]`` and one MCP tool per workflow the runtime can run.

Runs: steps naming an operation of a known source (``operationId``, ``$sourceDescriptions.<name>.<id>``
or ``operationPath``), parameters in path, query, header or cookie (the workflow's merged in, component
references resolved), a request body with ``payload`` and ``replacements``, simple criteria, actions
``end`` / ``goto`` a step / ``retry``, and ``$inputs`` / ``$steps`` / ``$response`` / ``$request`` /
``$statusCode`` expressions. A workflow using anything else (a step or action that calls another
workflow, ``regex`` / ``jsonpath`` / ``xpath`` criteria, ``$workflows`` expressions, ``dependsOn``) is
reported once through ``on_problem`` and left out.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from typing import Any

from catalog.openapi.arazzo.operations import OperationIndex
from catalog.openapi.naming import ToolNamer, sanitize_description, to_snake_case
from catalog.openapi.schema import SchemaConverter
from intent.pointer import join_pointer, pointer_tokens

Problem = dict[str, str]
OnProblem = Callable[[Problem], None]

PARAMETER_LOCATIONS = ("path", "query", "header", "cookie")
ACTION_TYPES = ("end", "goto", "retry")
READ_ONLY_METHODS = frozenset({"GET"})
DESTRUCTIVE_METHODS = frozenset({"PUT", "PATCH", "DELETE"})
# Expressions the runtime evaluates; anything else starting with "$" in a value is reported.
_KNOWN_EXPRESSIONS = ("$inputs", "$steps", "$statusCode", "$response", "$request", "$url", "$method")
_EXPRESSION = re.compile(r"\$[A-Za-z]+")
_SOURCE_REFERENCE = re.compile(r"^\$sourceDescriptions\.([A-Za-z0-9_\-]+)\.(.+)$")
_OPERATION_PATH = re.compile(r"^\{\$sourceDescriptions\.([A-Za-z0-9_\-]+)\.url\}#(.*)$")


class Unsupported(Exception):
    """A workflow the runtime cannot run: where in the document, and why."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _unpointer(pointer: str) -> list[str]:
    """The tokens of a fragment's JSON Pointer; none when it is not one (the caller says what it wants)."""
    try:
        return pointer_tokens(pointer)
    except ValueError:
        return []


def compile_workflows(
    arazzo: Mapping[str, Any],
    *,
    sources: Mapping[str, OperationIndex],
    on_problem: OnProblem | None = None,
    namer: ToolNamer | None = None,
) -> dict[str, Any]:
    """``{"tools": [...], "workflows": {id: workflow}}`` for the workflows of ``arazzo`` that can run."""
    namer = namer or ToolNamer()
    tools: list[dict[str, Any]] = []
    workflows: dict[str, Any] = {}
    for position, workflow in enumerate(arazzo.get("workflows") or []):
        where = ("workflows", position)
        workflow_id = str(workflow.get("workflowId", "")) if isinstance(workflow, Mapping) else ""
        try:
            if not isinstance(workflow, Mapping) or not workflow_id:
                raise Unsupported(join_pointer(*where), "a workflow needs a 'workflowId'")
            compiled = _WorkflowCompiler(arazzo, sources, workflow, where).compile()
        except Unsupported as problem:
            if on_problem is not None:
                on_problem({"workflowId": workflow_id, "path": problem.path, "message": problem.message})
            continue
        workflows[workflow_id] = compiled
        tools.append(_tool(compiled, namer.claim(to_snake_case(workflow_id) or "workflow")))
    return {"tools": tools, "workflows": workflows}


def _tool(workflow: Mapping[str, Any], name: str) -> dict[str, Any]:
    methods = [step["operation"]["method"] for step in workflow["steps"]]
    parts = [str(text).strip() for text in (workflow.get("summary"), workflow.get("description")) if text]
    if len(parts) == 2 and parts[0] == parts[1]:
        parts = parts[:1]
    return {
        "name": name,
        "description": sanitize_description("\n\n".join(parts) or f"Workflow {workflow['workflowId']}"),
        "inputSchema": copy.deepcopy(workflow["inputs"]),
        "annotations": {
            "readOnlyHint": all(method in READ_ONLY_METHODS for method in methods),
            "destructiveHint": any(method in DESTRUCTIVE_METHODS for method in methods),
            "idempotentHint": False,
        },
        "workflow": workflow["workflowId"],
    }


class _WorkflowCompiler:
    def __init__(
        self,
        arazzo: Mapping[str, Any],
        sources: Mapping[str, OperationIndex],
        workflow: Mapping[str, Any],
        where: tuple[str | int, ...],
    ) -> None:
        self.arazzo = arazzo
        self.sources = sources
        self.workflow = workflow
        self.where = where
        components = arazzo.get("components")
        self.components: Mapping[str, Any] = components if isinstance(components, Mapping) else {}

    def at(self, *tokens: str | int) -> str:
        return join_pointer(*self.where, *tokens)

    def compile(self) -> dict[str, Any]:
        workflow = self.workflow
        if workflow.get("dependsOn"):
            raise Unsupported(self.at("dependsOn"), "workflows that depend on other workflows are not run")
        self.check_expressions(workflow.get("outputs"), ("outputs",))
        workflow_parameters = self.parameters(workflow.get("parameters"), ("parameters",))
        success_defaults = self.actions(workflow.get("successActions"), ("successActions",), "successActions")
        failure_defaults = self.actions(workflow.get("failureActions"), ("failureActions",), "failureActions")
        steps = []
        for position, step in enumerate(workflow.get("steps") or []):
            steps.append(self.step(step, position, workflow_parameters, success_defaults, failure_defaults))
        step_ids = {step["stepId"] for step in steps}
        for position, step in enumerate(steps):
            for kind in ("onSuccess", "onFailure"):
                for index, action in enumerate(step[kind]):
                    target = action.get("stepId")
                    if target is not None and target not in step_ids:
                        raise Unsupported(
                            self.at("steps", position, kind, index),
                            f"action '{action.get('name')}' goes to step '{target}', which the workflow does not have",
                        )
        inputs = workflow.get("inputs")
        schema = SchemaConverter(self.arazzo).convert(inputs) if isinstance(inputs, Mapping) else {}
        schema.setdefault("type", "object")
        schema.setdefault("properties", {})
        return {
            "workflowId": str(workflow["workflowId"]),
            "summary": str(workflow.get("summary") or ""),
            "description": str(workflow.get("description") or ""),
            "inputs": schema,
            "steps": steps,
            "outputs": copy.deepcopy(dict(workflow.get("outputs") or {})),
        }

    # -- references and expressions ---------------------------------------------------------------

    def component(self, reference: str, kind: str, path: str) -> Mapping[str, Any]:
        prefix = f"$components.{kind}."
        if not reference.startswith(prefix):
            raise Unsupported(path, f"reference '{reference}' is not a $components.{kind} reference")
        found = (self.components.get(kind) or {}).get(reference[len(prefix) :])
        if not isinstance(found, Mapping):
            raise Unsupported(path, f"reference '{reference}' names no component")
        return found

    def check_expressions(self, value: Any, tokens: tuple[str | int, ...]) -> None:
        """Report expressions the runtime cannot evaluate (``$workflows``, ``$sourceDescriptions``, ...)."""
        if isinstance(value, str):
            for match in _EXPRESSION.finditer(value):
                if match.group(0) not in _KNOWN_EXPRESSIONS:
                    raise Unsupported(self.at(*tokens), f"the expression '{match.group(0)}...' is not supported")
        elif isinstance(value, Mapping):
            for key, item in value.items():
                self.check_expressions(item, (*tokens, str(key)))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                self.check_expressions(item, (*tokens, index))

    def criteria(self, criteria: Any, tokens: tuple[str | int, ...]) -> list[dict[str, Any]]:
        compiled = []
        for index, criterion in enumerate(criteria or []):
            kind = criterion.get("type", "simple") if isinstance(criterion, Mapping) else None
            if isinstance(kind, Mapping):
                kind = kind.get("type")
            if kind != "simple":
                raise Unsupported(self.at(*tokens, index), f"'{kind}' criteria are not supported (simple ones are)")
            if criterion.get("context") is not None:
                raise Unsupported(self.at(*tokens, index, "context"), "criteria with a 'context' are not supported")
            self.check_expressions(criterion.get("condition"), (*tokens, index, "condition"))
            compiled.append({"condition": str(criterion.get("condition", ""))})
        return compiled

    # -- parameters ---------------------------------------------------------------------------------

    def parameters(self, raw: Any, tokens: tuple[str | int, ...]) -> list[dict[str, Any]]:
        parameters = []
        for index, parameter in enumerate(raw or []):
            if not isinstance(parameter, Mapping):
                continue
            if "reference" in parameter:
                referenced = dict(self.component(str(parameter["reference"]), "parameters", self.at(*tokens, index)))
                if "value" in parameter:
                    referenced["value"] = parameter["value"]
                parameter = referenced
            self.check_expressions(parameter.get("value"), (*tokens, index, "value"))
            parameters.append({key: parameter[key] for key in ("name", "in", "value") if key in parameter})
        return parameters

    def actions(self, raw: Any, tokens: tuple[str | int, ...], kind: str) -> list[dict[str, Any]]:
        actions = []
        for index, action in enumerate(raw or []):
            if not isinstance(action, Mapping):
                continue
            if "reference" in action:
                action = self.component(str(action["reference"]), kind, self.at(*tokens, index))
            action_type = action.get("type")
            if action_type not in ACTION_TYPES or (action_type == "retry" and kind == "successActions"):
                raise Unsupported(self.at(*tokens, index, "type"), f"action type '{action_type}' is not supported here")
            if action.get("workflowId") is not None:
                raise Unsupported(self.at(*tokens, index), "actions that go to another workflow are not supported")
            compiled: dict[str, Any] = {"name": str(action.get("name", "")), "type": action_type}
            for key in ("stepId", "retryAfter", "retryLimit"):
                if key in action:
                    compiled[key] = action[key]
            if action_type == "goto" and "stepId" not in compiled:
                raise Unsupported(self.at(*tokens, index), "a goto action needs a 'stepId'")
            compiled["criteria"] = self.criteria(action.get("criteria"), (*tokens, index, "criteria"))
            actions.append(compiled)
        return actions

    # -- steps --------------------------------------------------------------------------------------

    def operation(self, step: Mapping[str, Any], position: int) -> dict[str, Any]:
        step_id = step.get("stepId")
        if step.get("workflowId") is not None:
            raise Unsupported(self.at("steps", position, "workflowId"),
                              f"step '{step_id}' calls another workflow, which is not supported")
        operation_id = step.get("operationId")
        if isinstance(operation_id, str):
            match = _SOURCE_REFERENCE.match(operation_id)
            if match:
                index = self.source(match.group(1), ("steps", position, "operationId"))
                found = index.by_id.get(match.group(2))
            else:
                candidates = [idx.by_id[operation_id] for idx in self.sources.values() if operation_id in idx.by_id]
                if len(candidates) > 1:
                    raise Unsupported(self.at("steps", position, "operationId"),
                                      f"operation '{operation_id}' is in more than one source; qualify it")
                found = candidates[0] if candidates else None
            if found is None:
                raise Unsupported(self.at("steps", position, "operationId"),
                                  f"step '{step_id}' names operation '{operation_id}', which no available source "
                                  f"({', '.join(sorted(self.sources)) or 'none'}) has")
            return found
        operation_path = step.get("operationPath")
        if isinstance(operation_path, str):
            match = _OPERATION_PATH.match(operation_path)
            tokens = _unpointer(match.group(2)) if match else []
            if not match or len(tokens) not in (2, 3) or tokens[0] != "paths":
                raise Unsupported(self.at("steps", position, "operationPath"),
                                  f"operationPath '{operation_path}' is not {{$sourceDescriptions.NAME.url}}#/paths/…")
            index = self.source(match.group(1), ("steps", position, "operationPath"))
            found = index.find_path(tokens[1], tokens[2] if len(tokens) == 3 else None)
            if found is None:
                raise Unsupported(self.at("steps", position, "operationPath"),
                                  f"operationPath '{operation_path}' names no single operation of its source")
            return found
        raise Unsupported(self.at("steps", position), f"step '{step_id}' names no operation")

    def source(self, name: str, tokens: tuple[str | int, ...]) -> OperationIndex:
        index = self.sources.get(name)
        if index is None:
            known = ", ".join(sorted(self.sources)) or "none"
            raise Unsupported(self.at(*tokens), f"source '{name}' is not available (available: {known})")
        return index

    def step(
        self,
        step: Any,
        position: int,
        workflow_parameters: list[dict[str, Any]],
        success_defaults: list[dict[str, Any]],
        failure_defaults: list[dict[str, Any]],
    ) -> dict[str, Any]:
        if not isinstance(step, Mapping) or not isinstance(step.get("stepId"), str):
            raise Unsupported(self.at("steps", position), "a step needs a 'stepId'")
        found = self.operation(step, position)
        declared = {(param["name"], param["in"]): param for param in found["params"] if param["in"] != "body"}
        own = self.parameters(step.get("parameters"), ("steps", position, "parameters"))
        for parameter in own:
            parameter.setdefault("in", self.location(parameter, declared, position))
        overridden = {(parameter.get("name"), parameter.get("in")) for parameter in own}
        inherited = []
        for parameter in workflow_parameters:
            parameter = dict(parameter)
            parameter.setdefault("in", self.location(parameter, declared, position))
            if (parameter.get("name"), parameter.get("in")) not in overridden:
                inherited.append(parameter)
        parameters = inherited + own

        params: list[dict[str, Any]] = []
        used: set[str] = set()
        for parameter in parameters:
            location = parameter["in"]
            if location not in PARAMETER_LOCATIONS:
                raise Unsupported(self.at("steps", position, "parameters"),
                                  f"parameter '{parameter['name']}' is in '{location}', not path/query/header/cookie")
            entry = dict(declared.get((parameter["name"], location)) or {"name": parameter["name"], "in": location})
            entry.pop("arg", None)
            arg = str(parameter["name"])
            if arg in used:
                arg = f"{arg}_{location}"
                entry["arg"] = arg
            used.add(arg)
            params.append(entry)

        request_body = step.get("requestBody")
        compiled_body = None
        if isinstance(request_body, Mapping):
            self.check_expressions(request_body.get("payload"), ("steps", position, "requestBody", "payload"))
            replacements = []
            for index, replacement in enumerate(request_body.get("replacements") or []):
                target = str(replacement.get("target", ""))
                if not target.startswith("/"):
                    raise Unsupported(self.at("steps", position, "requestBody", "replacements", index, "target"),
                                      "only JSON Pointer replacement targets are supported")
                self.check_expressions(replacement.get("value"),
                                       ("steps", position, "requestBody", "replacements", index, "value"))
                replacements.append({"target": target, "value": replacement.get("value")})
            body_param = next((param for param in found["params"] if param["in"] == "body"), None)
            content_type = str(request_body.get("contentType") or (body_param or {}).get("contentType")
                               or "application/json")
            params.append({"name": "body", "in": "body", "contentType": content_type})
            compiled_body = {"contentType": content_type, "payload": request_body.get("payload"),
                             "replacements": replacements}

        self.check_expressions(step.get("outputs"), ("steps", position, "outputs"))
        own_success = self.actions(step.get("onSuccess"), ("steps", position, "onSuccess"), "successActions")
        own_failure = self.actions(step.get("onFailure"), ("steps", position, "onFailure"), "failureActions")
        return {
            "stepId": step["stepId"],
            "operation": {
                "source": found.get("source"),
                "method": found["method"],
                "path": found["path"],
                "params": params,
                "security": copy.deepcopy(found.get("security") or []),
            },
            "parameters": [{"name": p["name"], "in": p["in"], "value": p.get("value")} for p in parameters],
            "requestBody": compiled_body,
            "successCriteria": self.criteria(step.get("successCriteria"), ("steps", position, "successCriteria")),
            "onSuccess": _merged(own_success, success_defaults),
            "onFailure": _merged(own_failure, failure_defaults),
            "outputs": copy.deepcopy(dict(step.get("outputs") or {})),
        }

    def location(self, parameter: Mapping[str, Any], declared: Mapping[tuple[str, str], Any], position: int) -> str:
        """A parameter without ``in``: where the operation declares it (query when it does not)."""
        places = [location for (name, location) in declared if name == parameter.get("name")]
        if len(places) > 1:
            raise Unsupported(self.at("steps", position, "parameters"),
                              f"parameter '{parameter.get('name')}' needs 'in': the operation has it in {places}")
        return places[0] if places else "query"


def _merged(own: list[dict[str, Any]], defaults: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A step's actions followed by the workflow's it does not override by name."""
    names = {action["name"] for action in own}
    return own + [copy.deepcopy(action) for action in defaults if action["name"] not in names]
