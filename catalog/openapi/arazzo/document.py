"""Reading an Arazzo document (YAML or JSON) and checking it against the published Arazzo 1.0 JSON Schema."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from catalog.documents import load_document, parse_document
from catalog.errors import CATALOG_ERROR_CODE, catalog_error
from intent.errors import IntentError
from intent.pointer import to_pointer

SCHEMA_FILE = "arazzo-1.0.schema.json"
# The most problems one validation reports: enough to fix a document, bounded for a huge broken one.
MAX_REPORTED_PROBLEMS = 20


@cache
def arazzo_schema() -> dict[str, Any]:
    """The Arazzo 1.0 JSON Schema shipped with this package (see NOTICE.md for its license)."""
    text = resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(arazzo_schema())


def validate_arazzo(document: Any) -> list[dict[str, str]]:
    """Schema problems of ``document`` as ``{"path": <JSON Pointer>, "message"}``, the most specific first."""
    problems: list[dict[str, str]] = []
    errors = sorted(_validator().iter_errors(document), key=lambda error: (-len(error.absolute_path), str(error.path)))
    for error in errors[:MAX_REPORTED_PROBLEMS]:
        error = _deepest(error)
        pointer = to_pointer(error.absolute_path)
        problems.append({"path": pointer, "message": _short(error.message)})
    return problems


def _deepest(error: Any) -> Any:
    """For "not valid under any of the given schemas", the alternative's own reason, which says what to fix."""
    from jsonschema.exceptions import best_match

    while error.context:
        error = best_match(error.context)
    return error


def _short(message: str, limit: int = 300) -> str:
    return message if len(message) <= limit else message[:limit] + "…"


def check_arazzo(document: Any, *, source: str = "Arazzo document") -> dict[str, Any]:
    """``document`` when it is a valid Arazzo 1.0 document; else ``CONFIG_INVALID`` at the first problem."""
    if not isinstance(document, Mapping) or "arazzo" not in document:
        raise catalog_error(f"{source} is not an Arazzo document: it needs an 'arazzo' version field")
    problems = validate_arazzo(document)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise IntentError(
            CATALOG_ERROR_CODE,
            f"{source} does not match the Arazzo 1.0 schema: {first['message']}{more}",
            path=first["path"],
            category="config",
            retryable=False,
        )
    return dict(document)


def parse_arazzo(text: str, *, source: str = "Arazzo document") -> dict[str, Any]:
    return check_arazzo(parse_document(text, source=source), source=source)


def load_arazzo(path: str | Path) -> dict[str, Any]:
    """Read, parse and validate the Arazzo document at ``path``."""
    return check_arazzo(load_document(path), source=Path(path).name)
