"""Tool nodes may declare MCP tool annotations; they reach the tool and the recognition's extensions."""

from __future__ import annotations

from typing import Any

import pytest

from catalog import CatalogBinding
from catalog.tool_nodes import project
from intent.errors import IntentError


def node(**extra: Any) -> dict[str, Any]:
    return {"id": "order.cancel", "summary": "Cancel an order",
            "io": {"inputs": [{"name": "orderId", "schema": {"type": "string", "pattern": "^[0-9]{6}$"},
                               "required": True, "arg": {"positional": 0}}]},
            "invoke": {"shell": {"command": ["rm", "--"]}}, **extra}


def test_declared_annotations_are_copied_to_the_tool_and_its_extensions() -> None:
    projection = project([node(annotations={"destructiveHint": True, "idempotentHint": True})])
    (tool,) = projection.tools
    assert tool["annotations"] == {"destructiveHint": True, "idempotentHint": True}
    extensions = CatalogBinding.from_tools(projection.tools).extensions_for("order.cancel")
    assert extensions == {"tool": "order.cancel", "destructiveHint": True, "idempotentHint": True}


def test_a_node_without_annotations_has_none() -> None:
    (tool,) = project([node()]).tools
    assert "annotations" not in tool


@pytest.mark.parametrize(("annotations", "where"), [
    ({"destructiveHint": "yes"}, "/0/annotations/destructiveHint"),
    ({"dangerous": True}, "/0/annotations/dangerous"),
    (["destructiveHint"], "/0/annotations"),
])
def test_a_malformed_annotation_is_refused_where_it_is(annotations: Any, where: str) -> None:
    with pytest.raises(IntentError) as caught:
        project([node(annotations=annotations)])
    assert caught.value.code == "CONFIG_INVALID"
    assert caught.value.path == where
    assert "readOnlyHint" in caught.value.message
