"""The examples of docs/catalog.md, run against the documents in tests/data/catalog."""

from __future__ import annotations

from pathlib import Path

from catalog import CatalogBinding, generate_tool_registry, load_document
from catalog.tool_nodes import build_invocation, project

DATA = Path(__file__).parent / "data" / "catalog"


def test_shop_registry_example() -> None:
    registry = generate_tool_registry(load_document(DATA / "shop.json"))
    cancel = registry["tools"][1]
    assert cancel["name"] == "order_cancel"
    assert cancel["metadata"]["side_effects"] == ["refund_issued"]
    assert cancel["metadata"]["risk_level"] == "high"


def test_beans_projection_example() -> None:
    projection = project(load_document(DATA / "beans.json"))
    assert [tool["name"] for tool in projection.tools] == ["beans.set-status"]
    assert [(item.id, item.kind) for item in projection.omitted] == [
        ("beans.grep", "unconstrained_argv"), ("beans.sync", "requires_unmet"), ("beans.remote", "mcp_only")
    ]
    node = projection.nodes["beans.set-status"]
    invocation = build_invocation(node, {"id": ["bean-1", "bean-2"], "status": "done", "note": "shipped; $(x)"})
    assert invocation.argv == ["beans", "set-status", "--status", "done", "bean-1", "bean-2"]
    assert invocation.stdin == b"shipped; $(x)"
    with_network = project(load_document(DATA / "beans.json"), available=["network"])
    assert [tool["name"] for tool in with_network.tools] == ["beans.set-status", "beans.sync"]


def test_shop_binding_example() -> None:
    binding = CatalogBinding.from_file(DATA / "shop.json")
    assert binding.domains == ["order_get", "order_cancel"]
    assert binding.classify("Look up", "order 000123") == "order_get"
    assert binding.forbidden_by("Do not cancel the order") == ["order_cancel"]
    assert binding.extensions_for("order_get") == {
        "tool": "order_get", "action_type": "read", "risk_level": "none", "idempotent": True,
        "confirmation_required": False, "approval_required": False,
    }
