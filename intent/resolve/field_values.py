"""A turn's field values on an intent: each checked against its evidence and Schema before it lands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
    for index, item in enumerate(items):
        name = item["field"]
        item_path = f"{path}/fields/{index}"
        if name not in request.fields:
            resolution.issue("FIELD_NOT_SELECTED", f"field {name!r} was not selected; it was dropped", item_path)
            continue
        checked = check_field_value(item, fields[name], request, item_path)
        if checked.status == "ungrounded":
            resolution.issue("UNGROUNDED", f"field {name!r}: {checked.reason}; it was dropped", item_path)
            continue
        if checked.status == "invalid":
            resolution.issue("FIELD_INVALID", f"field {name!r}: {checked.reason}", item_path)
            resolution.unplaced[name] = checked
            continue
        if checked.status == "ambiguous":
            resolution.unplaced[name] = checked
            node.inputs.pop(name, None)
            changed.append(name)
            continue
        node.inputs[name] = checked.value
        resolution.checked[(node.id, name)] = checked
        resolution.unplaced.pop(name, None)
        changed.append(name)
        for ref in checked.source_refs:
            if ref.root == "context":
                resolution.facts[ref.pointer] = checked.value
        inference = checked.inference(node.id, request)
        if inference is not None:
            resolution.inferences.append(inference)
    return changed
