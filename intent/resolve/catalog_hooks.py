"""What a configured catalog adds to verification: tool metadata, forbidden tools, required inputs,
and each tool's own field schemas."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from intent.catalog_view import CatalogView
from intent.result.models import Constraint, IntentNode


def intent_extensions(catalog: CatalogView | None, domain: str | None, readings: list[str] | None) -> dict[str, Any]:
    """An intent's ``extensions``: its tool's metadata when its domain is a catalog tool, and its readings."""
    extensions: dict[str, Any] = {}
    if domain is not None and catalog is not None and domain in catalog.domains:
        extensions.update(catalog.extensions_for(domain))
        if tool_field_schemas(catalog, domain) is not None:
            # Says whose schema the intent's field values were checked against (see apply_field_values).
            extensions["fieldsCheckedAgainst"] = domain
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


def tool_field_schemas(catalog: CatalogView | None, domain: str | None) -> Mapping[str, Any] | None:
    """Field name -> schema of the catalog tool ``domain`` when the catalog gives each tool its own fields.

    Optional beyond ``CatalogView``: a catalog without ``field_schemas_for`` has one field set for
    every tool (None here), and values are checked against the configured Schema as without a catalog.
    """
    if catalog is None or domain is None or domain not in catalog.domains:
        return None
    own = getattr(catalog, "field_schemas_for", None)
    schemas = own(domain) if callable(own) else None
    return schemas if isinstance(schemas, Mapping) else None
