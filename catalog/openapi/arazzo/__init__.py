"""Arazzo 1.0 workflows over OpenAPI sources: read, validate against the published schema, compile for the runtime."""

from __future__ import annotations

from catalog.openapi.arazzo.compile import OnProblem, Problem, Unsupported, compile_workflows
from catalog.openapi.arazzo.document import arazzo_schema, check_arazzo, load_arazzo, parse_arazzo, validate_arazzo
from catalog.openapi.arazzo.operations import OperationIndex, operation_index

__all__ = [
    "OnProblem",
    "OperationIndex",
    "Problem",
    "Unsupported",
    "arazzo_schema",
    "check_arazzo",
    "compile_workflows",
    "first_openapi_source",
    "load_arazzo",
    "operation_index",
    "parse_arazzo",
    "validate_arazzo",
]


def first_openapi_source(arazzo: object) -> str | None:
    """The name of the Arazzo document's first OpenAPI source description."""
    if not isinstance(arazzo, dict):
        return None
    for source in arazzo.get("sourceDescriptions") or []:
        if isinstance(source, dict) and source.get("type", "openapi") == "openapi" and source.get("name"):
            return str(source["name"])
    return None
