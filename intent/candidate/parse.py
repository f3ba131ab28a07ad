"""Candidate text -> a checked candidate object, or the explicit format problems that stop it.

Only format problems live here (JSON, size, depth, the task's outputSchema, dangling keys).
Whether the content is grounded is the resolver's business, and missing information is never a
format problem.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import jsonschema_rs
import orjson

from intent.config import Limits
from intent.errors import FeedbackItem
from intent.pointer import to_pointer

if TYPE_CHECKING:  # the reference validator loads with the first candidate that fails the compiled check
    from jsonschema import Draft202012Validator

_BASELINE_ID = re.compile(r"^intent-\d+$")


class _SchemaCheck:
    """A compiled check for the common case (valid), and the reference validator to explain failures.

    ``max_depth`` is the deepest JSON a valid instance can be (infinite when the schema does not
    bound it): a valid candidate needs measuring only when the depth limit is below it.
    """

    __slots__ = ("_explain", "is_valid", "max_depth", "schema")

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self._explain: Draft202012Validator | None = None
        self.is_valid: Callable[[Any], bool] = jsonschema_rs.validator_for(schema).is_valid
        self.max_depth = _instance_depth(schema)

    @property
    def explain(self) -> Draft202012Validator:
        """The reference validator, built when a failure is first worded (a valid candidate never needs it)."""
        if self._explain is None:
            from jsonschema import Draft202012Validator

            self._explain = Draft202012Validator(self.schema)
        return self._explain


def _instance_depth(schema: object) -> float:
    """How deep a JSON value valid against ``schema`` can nest (a scalar is 1); ``inf`` if unbounded."""
    if not isinstance(schema, dict):
        return math.inf
    branches = schema.get("anyOf") or schema.get("oneOf")
    if branches:
        return max(_instance_depth(branch) for branch in branches)
    types = schema.get("type")
    types = [types] if isinstance(types, str) else types
    if not isinstance(types, list) or "patternProperties" in schema or "$ref" in schema:
        return math.inf
    depth: float = 1
    if "object" in types:
        if schema.get("additionalProperties") is not False:  # absent means any other key
            return math.inf
        properties = schema.get("properties") or {}
        depth = max([depth, *(1 + _instance_depth(child) for child in properties.values())])
    if "array" in types:
        depth = max(depth, 1 + _instance_depth(schema.get("items")))  # absent: items of any depth
    return depth


# Compiled checks kept, one per output schema object (a task's schema is built once and reused).
_MAX_CHECKS = 256
_VALIDATORS: dict[int, _SchemaCheck] = {}
_VALIDATORS_LOCK = threading.Lock()


class CandidateProblems(Exception):
    """The candidate is malformed; ``feedback`` says where and how."""

    def __init__(self, feedback: list[FeedbackItem]) -> None:
        super().__init__("; ".join(f"{f['pointer'] or '/'}: {f['message']}" for f in feedback))
        self.feedback = feedback


def _check_for(schema: dict[str, Any]) -> _SchemaCheck:
    check = _VALIDATORS.get(id(schema))
    if check is None or check.schema is not schema:
        with _VALIDATORS_LOCK:  # large candidates are judged on worker threads
            if len(_VALIDATORS) >= _MAX_CHECKS:
                del _VALIDATORS[next(iter(_VALIDATORS))]  # the oldest
            check = _VALIDATORS[id(schema)] = _SchemaCheck(schema)
    return check


def _depth_exceeds(value: Any, limit: int) -> bool:
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return False


def parse_candidate(text: str, schema: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """Return the candidate object, or raise CandidateProblems with explicit feedback."""
    if not isinstance(text, str):
        raise CandidateProblems([{"pointer": "", "message": "the candidate must be JSON text (a string)"}])
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.max_candidate_bytes:
        raise CandidateProblems([{
            "pointer": "",
            "message": f"the candidate is {size} bytes; the limit is {limits.max_candidate_bytes}",
        }])
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise CandidateProblems([{"pointer": "", "message": f"not valid JSON: {exc}"}]) from None
    check = _check_for(schema)
    # The compiled check answers the common case in microseconds. A candidate that passes it is as
    # shallow as the schema, so it is measured only when the limit is below the schema's depth; one
    # that fails is measured before the reference validator words the feedback.
    valid = check.is_valid(value)
    if (not valid or limits.max_candidate_depth < check.max_depth) and _depth_exceeds(
        value, limits.max_candidate_depth
    ):
        raise CandidateProblems([{
            "pointer": "",
            "message": f"the candidate nests deeper than {limits.max_candidate_depth} levels",
        }])
    if not valid:
        errors = sorted(check.explain.iter_errors(value), key=lambda e: list(map(str, e.absolute_path)))
        if errors:  # none when the two validators disagree; the reference one has the last word
            raise CandidateProblems([
                {"pointer": to_pointer(e.absolute_path), "message": e.message[:300]} for e in errors[:20]
            ])
    candidate: dict[str, Any] = value  # the output schema makes it an object
    problems = list(_dangling_keys(candidate))
    if problems:
        raise CandidateProblems(problems)
    return candidate


def _dangling_keys(candidate: dict[str, Any]) -> Iterator[FeedbackItem]:
    keys: set[str] = set()
    for index, item in enumerate(candidate["intents"]):
        if item["key"] in keys:
            yield {"pointer": f"/intents/{index}/key", "message": f"duplicate intent key {item['key']!r}"}
        keys.add(item["key"])

    def known(ref: str) -> bool:
        return ref in keys or bool(_BASELINE_ID.match(ref))

    for index, item in enumerate(candidate["constraints"]):
        ref = item["appliesTo"]
        if ref is not None and not known(ref):
            yield {"pointer": f"/constraints/{index}/appliesTo",
                   "message": f"{ref!r} is neither an intent key of this candidate nor a baseline intent id"}
    for index, item in enumerate(candidate["relations"]):
        for end in ("from", "to"):
            if not known(item[end]):
                yield {"pointer": f"/relations/{index}/{end}",
                       "message": f"{item[end]!r} is neither an intent key of this candidate nor a baseline intent id"}
