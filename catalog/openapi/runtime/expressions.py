"""Arazzo runtime expressions, values and simple conditions, evaluated against a run's context.

The context is a mapping with ``inputs``, ``steps`` (step id -> ``{"outputs": {...}}``), ``outputs``
(the workflow's, once known) and, while a step's response is judged, ``statusCode``, ``url``,
``method``, ``request`` (``{"header", "query", "path", "body"}``) and ``response`` (``{"header",
"body"}``). This module imports only the standard library: it is copied verbatim into exported projects.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_MISSING = object()
# An expression inside text: ``{$inputs.name}``.
_EMBEDDED = re.compile(r"\{(\$[^{}]+)\}")
# Where an expression token ends inside a condition.
_EXPRESSION_END = re.compile(r"[\s()=!<>&|]")


class ExpressionProblem(ValueError):
    """An expression or condition that cannot be read; the message names it."""


def _pointer(value: Any, pointer: str) -> Any:
    """RFC 6901: ``/0/id`` into ``value``; missing parts give ``None``."""
    if pointer in ("", "/"):
        return value if pointer == "" else (value.get("") if isinstance(value, Mapping) else None)
    if not pointer.startswith("/"):
        raise ExpressionProblem(f"'{pointer}' is not a JSON Pointer (it must start with '/')")
    for token in pointer[1:].split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, Mapping):
            value = value.get(token)
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return None
    return value


def _named(container: Any, rest: str) -> Any:
    """``rest`` as a key of ``container``, else a dotted path into it (keys may hold dots themselves)."""
    if isinstance(container, list):
        head, _, tail = rest.partition(".")
        if head.isdigit() and int(head) < len(container):
            return container[int(head)] if not tail else _named(container[int(head)], tail)
        return None
    if not isinstance(container, Mapping):
        return None
    if rest in container:
        return container[rest]
    parts = rest.split(".")
    for cut in range(1, len(parts)):
        head = ".".join(parts[:cut])
        if head in container:
            found = _named(container[head], ".".join(parts[cut:]))
            if found is not None:
                return found
    return None


def _header(headers: Any, name: str) -> Any:
    if not isinstance(headers, Mapping):
        return None
    lowered = name.lower()
    for key, value in headers.items():
        if str(key).lower() == lowered:
            return value
    return None


def evaluate_expression(expression: str, context: Mapping[str, Any]) -> Any:
    """The value of one runtime expression (``$inputs.x``, ``$steps.a.outputs.b``, ``$response.body#/id``...).

    A value that is not there is ``None``; an expression this runtime does not know raises
    ``ExpressionProblem``.
    """
    text = expression.strip()
    pointer: str | None = None
    if "#" in text:
        text, pointer = text.split("#", 1)
    value = _base_value(text, context)
    if pointer is not None:
        value = _pointer(value, pointer)
    return value


def _base_value(text: str, context: Mapping[str, Any]) -> Any:
    if text == "$statusCode":
        return context.get("statusCode")
    if text == "$url":
        return context.get("url")
    if text == "$method":
        return context.get("method")
    if text.startswith("$inputs."):
        return _named(context.get("inputs"), text[len("$inputs.") :])
    if text.startswith("$outputs."):
        return _named(context.get("outputs"), text[len("$outputs.") :])
    if text.startswith("$steps."):
        step_id, _, rest = text[len("$steps.") :].partition(".")
        step = (context.get("steps") or {}).get(step_id)
        if not rest:
            return step
        return _named(step, rest)
    for side in ("request", "response"):
        prefix = f"${side}."
        if text.startswith(prefix):
            part, _, name = text[len(prefix) :].partition(".")
            source = context.get(side) or {}
            if part == "body":
                return source.get("body")
            if part == "header":
                return _header(source.get("header"), name)
            if part in ("query", "path") and side == "request":
                return _named(source.get(part), name)
            raise ExpressionProblem(f"'{text}' is not a runtime expression this runtime reads")
    raise ExpressionProblem(f"'{text}' is not a runtime expression this runtime reads")


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        import json

        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(value)


def is_expression(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("$") and _EXPRESSION_END.search(value.strip()) is None


def resolve_value(value: Any, context: Mapping[str, Any]) -> Any:
    """A step value with its expressions evaluated.

    A string that is one expression keeps the expression's type; ``{$expr}`` inside text is
    replaced by the value as text; objects and arrays are resolved member by member.
    """
    if isinstance(value, str):
        if is_expression(value):
            return evaluate_expression(value, context)
        if "{$" in value:
            return _EMBEDDED.sub(lambda match: _text(evaluate_expression(match.group(1), context)), value)
        return value
    if isinstance(value, list):
        return [resolve_value(item, context) for item in value]
    if isinstance(value, Mapping):
        return {key: resolve_value(item, context) for key, item in value.items()}
    return value


# -- conditions ----------------------------------------------------------------------------------

_OPERATORS = ("==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "(", ")")
_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")


def _tokens(condition: str) -> list[tuple[str, Any]]:
    tokens: list[tuple[str, Any]] = []
    index = 0
    while index < len(condition):
        char = condition[index]
        if char.isspace():
            index += 1
            continue
        operator = next((op for op in _OPERATORS if condition.startswith(op, index)), None)
        if operator is not None:
            tokens.append(("op", operator))
            index += len(operator)
            continue
        if char in "'\"":
            end = condition.find(char, index + 1)
            if end < 0:
                raise ExpressionProblem(f"unterminated string in condition '{condition}'")
            tokens.append(("value", condition[index + 1 : end]))
            index = end + 1
            continue
        if char == "$":
            match = _EXPRESSION_END.search(condition, index)
            end = match.start() if match else len(condition)
            tokens.append(("expr", condition[index:end]))
            index = end
            continue
        number = _NUMBER.match(condition, index)
        if number:
            literal = number.group(0)
            tokens.append(("value", float(literal) if any(c in literal for c in ".eE") else int(literal)))
            index = number.end()
            continue
        word = re.match(r"[A-Za-z_][A-Za-z0-9_]*", condition[index:])
        if word and word.group(0) in ("true", "false", "null"):
            tokens.append(("value", {"true": True, "false": False, "null": None}[word.group(0)]))
            index += len(word.group(0))
            continue
        raise ExpressionProblem(f"cannot read condition '{condition}' at character {index + 1}")
    return tokens


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        return float(value)
    return None


def _equal(left: Any, right: Any) -> bool:
    if left is None or right is None:
        return left is None and right is None
    left_number, right_number = _as_number(left), _as_number(right)
    if left_number is not None and right_number is not None:
        return left_number == right_number
    return _text(left) == _text(right)


def _order(left: Any, right: Any, operator: str) -> bool:
    left_number, right_number = _as_number(left), _as_number(right)
    if left_number is not None and right_number is not None:
        a: Any = left_number
        b: Any = right_number
    elif left is None or right is None:
        return False
    else:
        a, b = _text(left), _text(right)
    verdict: bool = {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[operator]
    return verdict


class _Parser:
    def __init__(self, tokens: list[tuple[str, Any]], context: Mapping[str, Any], condition: str) -> None:
        self.tokens = tokens
        self.position = 0
        self.context = context
        self.condition = condition

    def peek(self) -> tuple[str, Any] | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> tuple[str, Any]:
        token = self.peek()
        if token is None:
            raise ExpressionProblem(f"condition '{self.condition}' ends too early")
        self.position += 1
        return token

    def either(self) -> Any:
        value = self.both()
        while self.peek() == ("op", "||"):
            self.take()
            right = self.both()
            value = bool(value) or bool(right)
        return value

    def both(self) -> Any:
        value = self.negation()
        while self.peek() == ("op", "&&"):
            self.take()
            right = self.negation()
            value = bool(value) and bool(right)
        return value

    def negation(self) -> Any:
        if self.peek() == ("op", "!"):
            self.take()
            return not bool(self.negation())
        return self.comparison()

    def comparison(self) -> Any:
        left = self.primary()
        token = self.peek()
        if token is not None and token[0] == "op" and token[1] in ("==", "!=", "<", ">", "<=", ">="):
            self.take()
            right = self.primary()
            if token[1] == "==":
                return _equal(left, right)
            if token[1] == "!=":
                return not _equal(left, right)
            return _order(left, right, token[1])
        return left

    def primary(self) -> Any:
        kind, value = self.take()
        if kind == "op" and value == "(":
            inner = self.either()
            if self.take() != ("op", ")"):
                raise ExpressionProblem(f"missing ')' in condition '{self.condition}'")
            return inner
        if kind == "expr":
            return evaluate_expression(value, self.context)
        if kind == "value":
            return value
        raise ExpressionProblem(f"unexpected '{value}' in condition '{self.condition}'")


def evaluate_condition(condition: str, context: Mapping[str, Any]) -> bool:
    """Whether a simple Arazzo condition holds (``$statusCode == 200 && $response.body#/ok``)."""
    parser = _Parser(_tokens(condition), context, condition)
    try:
        result = parser.either()
    except RecursionError:
        raise ExpressionProblem(f"condition '{condition[:80]}' is nested too deeply") from None
    if parser.peek() is not None:
        raise ExpressionProblem(f"unexpected '{parser.peek()[1]}' in condition '{condition}'")  # type: ignore[index]
    return bool(result)
