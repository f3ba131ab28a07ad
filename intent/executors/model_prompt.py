"""The prompt a model executor sends, and how its reply becomes candidate text.

The prompt is built from the model task alone (instructions, input, outputSchema) plus, on the
one correction, the explicit problems of the previous candidate. Nothing else leaks in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from intent.errors import FeedbackItem, IntentError

REPLY_RULE = (
    "Reply with exactly one JSON object that matches the output schema: no prose before or after it, "
    "no code fences, no comments."
)
MAX_FEEDBACK_ITEMS = 32
MAX_FEEDBACK_TEXT = 400
MAX_UNWRAP_ATTEMPTS = 16


@dataclass(frozen=True)
class ModelPrompt:
    """A system text and one user message: the shape every chat API accepts."""

    system: str
    user: str
    output_schema: dict[str, Any]


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=None, separators=(",", ":"), sort_keys=False)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def build_model_prompt(task: Mapping[str, Any], feedback: Sequence[FeedbackItem] | None = None) -> ModelPrompt:
    """Build the prompt for ``task``; with ``feedback`` the user message lists each problem to fix."""
    try:
        instructions = task["instructions"]
        task_input = task["input"]
        output_schema = task["outputSchema"]
    except KeyError as exc:
        raise IntentError("INTERNAL", f"the model task has no {exc.args[0]!r}") from None
    if not isinstance(instructions, str) or not isinstance(output_schema, Mapping):
        raise IntentError("INTERNAL", "the model task is malformed")
    schema = dict(output_schema)
    user = f"Task input (JSON):\n{_json(task_input)}\n\nOutput schema (JSON Schema):\n{_json(schema)}"
    if feedback:
        lines = [
            f"- at {_clip(str(item.get('pointer', '')) or '/', 200)}: "
            f"{_clip(str(item.get('message', '')), MAX_FEEDBACK_TEXT)}"
            for item in list(feedback)[:MAX_FEEDBACK_ITEMS]
        ]
        if len(feedback) > MAX_FEEDBACK_ITEMS:
            lines.append(f"- and {len(feedback) - MAX_FEEDBACK_ITEMS} more problems of the same kind")
        user += (
            "\n\nYour previous answer did not match the output schema. Problems:\n"
            + "\n".join(lines)
            + "\nAnswer again with one complete JSON object that fixes every problem."
        )
    return ModelPrompt(system=f"{instructions.rstrip()}\n\n{REPLY_RULE}", user=user, output_schema=schema)


_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\r?\n(.*?)\r?\n?[ \t]*```", re.DOTALL)
_DECODER = json.JSONDecoder()


def unwrap_candidate(reply: str) -> str:
    """The JSON object inside a model reply: a code fence or leading/trailing prose is removed.

    Only wrapping is removed; the JSON text itself is returned as written, so a malformed object
    still fails validation with explicit feedback instead of being repaired by a guess.
    """
    text = reply.strip()
    if text.startswith("{") and text.endswith("}"):
        return text
    for match in _FENCE.finditer(text):
        language = match.group(1).lower()
        if language in ("", "json", "jsonc", "json5"):
            return match.group(2).strip()
    start = text.find("{")
    attempts = 0
    # Bounded: a reply full of braces must not turn unwrapping into quadratic work.
    while start != -1 and attempts < MAX_UNWRAP_ATTEMPTS:
        attempts += 1
        try:
            value, end = _DECODER.raw_decode(text, start)
        except ValueError:
            value, end = None, -1
        if isinstance(value, dict):
            return text[start:end]
        start = text.find("{", start + 1)
    return text
