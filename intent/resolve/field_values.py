"""A turn's field values on an intent: each checked against its evidence and Schema before it lands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from intent.resolve.catalog_hooks import tool_field_schemas
from intent.resolve.fields import check_field_value
from intent.resolve.resolution import Resolution
from intent.result.models import IntentNode


def apply_field_values(
    resolution: Resolution, node: IntentNode, items: list[Mapping[str, Any]], path: str
) -> list[str]:
    """Apply candidate field values to ``node``; return the names that changed."""
    changed: list[str] = []
    request = resolution.request
    fields = resolution.config.fields
    # An intent mapped to a catalog tool takes that tool's fields, checked against its own schemas.
    own = tool_field_schemas(resolution.config.catalog, node.domain)
    for index, item in enumerate(items):
        name = item["field"]
        item_path = f"{path}/fields/{index}"
        if name not in request.fields:
            resolution.issue("FIELD_NOT_SELECTED", f"field {name!r} was not selected; it was dropped", item_path)
            continue
        if own is not None and name not in own and name in _catalog_field_names(resolution):
            resolution.issue("FIELD_NOT_SELECTED",
                             f"field {name!r} is not an input of tool {node.domain!r}; it was dropped", item_path)
            continue
        # A field of the configured Schema beside the catalog's keeps that Schema.
        schema = own[name] if own is not None and name in own else fields[name]
        checked = check_field_value(item, schema, request, item_path)
        if checked.status == "ungrounded":
            resolution.issue("UNGROUNDED", f"field {name!r}: {checked.reason}; it was dropped", item_path)
            continue
        if checked.status == "invalid":
            resolution.issue("FIELD_INVALID", f"field {name!r}: {checked.reason}", item_path)
            resolution.unplaced[name] = checked
            if own is not None and name in own:
                resolution.invalid_for_tool[name] = node.id
            continue
        if checked.status == "ambiguous":
            resolution.unplaced[name] = checked
            node.inputs.pop(name, None)
            changed.append(name)
            continue
        node.inputs[name] = checked.value
        resolution.checked[(node.id, name)] = checked
        resolution.unplaced.pop(name, None)
        resolution.invalid_for_tool.pop(name, None)
        changed.append(name)
        for ref in checked.source_refs:
            if ref.root == "context":
                resolution.facts[ref.pointer] = checked.value
        inference = checked.inference(node.id, request)
        if inference is not None:
            resolution.inferences.append(inference)
    return changed


def _catalog_field_names(resolution: Resolution) -> set[str]:
    catalog = resolution.config.catalog
    properties = catalog.fields.get("properties") if catalog is not None else None
    return set(properties) if isinstance(properties, Mapping) else set()
