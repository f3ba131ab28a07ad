"""Tool catalogs -> MCP tool definitions: AXAG manifests, OpenAPI documents and Tool nodes."""

from __future__ import annotations

from catalog.documents import load_document, parse_document
from catalog.errors import CATALOG_ERROR_CODE

__all__ = ["CATALOG_ERROR_CODE", "load_document", "parse_document"]
