"""Reading catalog documents (JSON, or YAML when ``pyyaml`` is installed) with bounded size."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from catalog.depth import refuse_deep_documents
from catalog.errors import catalog_error

# Catalog documents are specifications, not data dumps; refusing larger ones keeps memory bounded.
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024


@refuse_deep_documents
def parse_document(text: str, *, source: str = "document") -> Any:
    """Parse ``text`` as JSON, or as YAML when it is not JSON.

    YAML needs the optional ``pyyaml`` package; without it a YAML document is a clear error.
    """
    try:
        return _parse(text, source)
    except RecursionError:
        raise catalog_error(f"{source} is nested too deeply") from None


def _parse(text: str, source: str) -> Any:
    if len(text) > MAX_DOCUMENT_BYTES:
        raise catalog_error(f"{source} is larger than {MAX_DOCUMENT_BYTES} bytes")
    stripped = text.lstrip("\ufeff \t\r\n")
    if not stripped:
        raise catalog_error(f"{source} is empty")
    if stripped[0] in "{[":
        try:
            return json.loads(stripped, parse_float=_finite_float, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            # JSON-looking text may still be YAML flow style; only then is YAML worth a try.
            json_error = exc
    else:
        json_error = None
    try:
        import yaml
    except ImportError:
        if json_error is not None:
            where = f"line {json_error.lineno}"
            raise catalog_error(f"{source} is not valid JSON: {json_error.msg} at {where}") from None
        raise catalog_error(
            f"{source} looks like YAML, which needs the optional 'pyyaml' package"
            " (install the 'yaml' extra of intent-mcp)"
        ) from None
    try:
        loaded = yaml.load(stripped, Loader=_plain_loader(yaml))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "malformed"
        raise catalog_error(f"{source} is neither valid JSON nor valid YAML: {problem}{where}") from None
    return _json_compatible(loaded, source, [MAX_YAML_NODES])


# YAML aliases can make a small text expand into a huge tree; this caps the expanded size.
MAX_YAML_NODES = 1_000_000


def _plain_loader(yaml: Any) -> Any:
    """A SafeLoader (plain data only) that keeps dates and times as the strings they were written as."""

    # libyaml's parser when pyyaml was built with it: about ten times faster on large documents,
    # with the same safe constructor and the resolvers set below.
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class PlainLoader(base):  # type: ignore[valid-type,misc]
        pass

    PlainLoader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    return PlainLoader


def _json_compatible(value: Any, source: str, budget: list[int]) -> Any:
    """The JSON data model of a YAML tree: string keys, no non-finite numbers, bounded size."""
    budget[0] -= 1
    if budget[0] < 0:
        raise catalog_error(f"{source} expands to more than {MAX_YAML_NODES} nodes")
    if isinstance(value, dict):
        return {str(key): _json_compatible(item, source, budget) for key, item in value.items()}
    if isinstance(value, list):
        return [_json_compatible(item, source, budget) for item in value]
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        raise catalog_error(f"{source} holds a non-finite number, which JSON cannot represent")
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    # Binary and other tagged scalars have no JSON form.
    raise catalog_error(f"{source} holds a {type(value).__name__} value, which JSON cannot represent")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise catalog_error(f"the number {text[:40]} is too large for JSON")
    return value


def _no_constant(text: str) -> float:
    raise catalog_error(f"{text} is not a JSON number")


@refuse_deep_documents
def load_document(path: str | Path) -> Any:
    """Read and parse the catalog document at ``path``."""
    file_path = Path(path)
    try:
        size = file_path.stat().st_size
        if size > MAX_DOCUMENT_BYTES:
            raise catalog_error(f"{file_path.name} is larger than {MAX_DOCUMENT_BYTES} bytes")
        raw = file_path.read_bytes()
    except OSError as exc:
        raise catalog_error(f"cannot read {file_path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise catalog_error(f"{file_path.name} is not UTF-8 text") from None
    return parse_document(text, source=file_path.name)
