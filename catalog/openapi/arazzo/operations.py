"""The operations of an OpenAPI source, found the ways an Arazzo step names them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from catalog.openapi.manifest import HTTP_METHODS, build_mcp_manifest
from catalog.openapi.schema import resolve_object


@dataclass
class OperationIndex:
    """One source's operations in manifest form, by ``operationId`` and by ``(path, method)``."""

    source: str
    by_id: dict[str, dict[str, Any]] = field(default_factory=dict)
    by_path: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)

    def find_path(self, path: str, method: str | None) -> dict[str, Any] | None:
        """The operation at ``path``; without ``method`` only when the path has exactly one."""
        if method is not None:
            return self.by_path.get((path, method.upper()))
        found = [operation for (where, _), operation in self.by_path.items() if where == path]
        return found[0] if len(found) == 1 else None


def operation_index(spec: Mapping[str, Any], source_name: str) -> OperationIndex:
    """Every operation of ``spec`` (internal and deprecated ones included) as the runtime describes it."""
    manifest = build_mcp_manifest(spec, source_name=source_name, include_internal=True, include_deprecated=True)
    index = OperationIndex(source=source_name)
    for tool in manifest["tools"]:
        operation = tool["operation"]
        index.by_path[(operation["path"], operation["method"])] = operation
    for path, path_item in (spec.get("paths") or {}).items():
        path_item = resolve_object(spec, path_item)
        if not isinstance(path_item, Mapping):
            continue
        for method, operation in path_item.items():
            if str(method).lower() not in HTTP_METHODS or not isinstance(operation, Mapping):
                continue
            operation_id = operation.get("operationId")
            found = index.by_path.get((str(path), str(method).upper()))
            if isinstance(operation_id, str) and found is not None:
                index.by_id[operation_id] = found
    return index
