"""What a configured catalog adds to verification: tool metadata, forbidden tools, required inputs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from intent.catalog_view import CatalogView
from intent.result.models import Constraint, IntentNode


def intent_extensions(catalog: CatalogView | None, domain: str | None, readings: list[str] | None) -> dict[str, Any]:
    """An intent's ``extensions``: its tool's metadata when its domain is a catalog tool, and its readings."""
    extensions: dict[str, Any] = {}
    if domain is not None and catalog is not None and domain in catalog.domains:
        extensions.update(catalog.extensions_for(domain))
    if readings:
        extensions["readings"] = list(readings)
    return extensions


def forbid_tools(catalog: CatalogView, constraint: Constraint, holders: Iterable[IntentNode]) -> None:
    """A prohibition that names a catalog operation marks that tool forbidden on ``holders``."""
    forbidden = catalog.forbidden_by(constraint.text)
    if not forbidden:
        return
    for node in holders:
        tools = node.extensions.setdefault("forbiddenTools", [])
        tools.extend(t for t in forbidden if t not in tools)


def required_by_tools(catalog: CatalogView | None, intents: Iterable[IntentNode]) -> dict[str, str]:
    """Input name -> the first intent whose catalog tool requires it."""
    required_by: dict[str, str] = {}
    if catalog is not None:
        for node in intents:
            if node.domain is not None:
                for name in catalog.required_for(node.domain):
                    required_by.setdefault(name, node.id)
    return required_by
