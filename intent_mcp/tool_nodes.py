"""Tool nodes on an MCP server: ``register_tool_nodes`` adds them to a server you already run.

Turning the projection on is one call::

    runtime = register_tool_nodes(server, "tools.json", audit="audit.jsonl")
    ...
    await runtime.aclose()   # when the server stops

It builds on ``intent_mcp.catalog_server.register_catalog_runtime``: the nodes are projected for this
host (requirements detected, in-process functions resolved against ``allow_functions``), their
tools join the server's own, and every call runs through ``catalog.tool_nodes`` with an audit record.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from catalog.tool_nodes import Omission, Projection, ToolNodeRuntime

logger = logging.getLogger("intent_mcp.tool_nodes")


def load_tool_nodes(
    source: ToolNodeRuntime | Projection | Any,
    *,
    audit: str | Path | None = None,
    available: Iterable[str] = (),
    allow_functions: Iterable[str] = (),
    **options: Any,
) -> ToolNodeRuntime:
    """A runtime from a runtime (as is), a ``Projection``, a Tool-node document, or the path of one."""
    if isinstance(source, ToolNodeRuntime):
        return source
    if isinstance(source, Projection):
        from catalog.tool_nodes import AuditLog

        return ToolNodeRuntime(source, audit=AuditLog(audit) if audit is not None else None, **options)
    if isinstance(source, (str, Path)):
        from catalog.documents import load_document

        source = load_document(source)
    return ToolNodeRuntime.start(source, available=available, audit_path=audit, allow_functions=allow_functions,
                                 **options)


def report_omissions(omitted: Iterable[Omission], *, prog: str = "intent-mcp", stream: TextIO | None = None) -> None:
    """One line per omitted node on stderr: ``omitted <id> (<kind>): <reason>``."""
    out = stream if stream is not None else sys.stderr
    for item in omitted:
        print(f"{prog}: omitted {item.id} ({item.kind}): {item.reason}", file=out, flush=True)


def register_tool_nodes(server: Any, source: ToolNodeRuntime | Projection | Any, **options: Any) -> ToolNodeRuntime:
    """Add Tool nodes to the low-level SDK ``server`` beside its own tools; return the runtime to close.

    ``source`` and ``options`` as ``load_tool_nodes`` (``audit=``, ``available=``, ``allow_functions=``,
    ``timeout=``, ``cwd=``, ...), plus ``tool_names=`` for the server's own tools (a clash is refused).
    Omitted nodes are logged as warnings.
    """
    from intent_mcp.catalog_server import register_catalog_runtime

    tool_names = options.pop("tool_names", ())
    runtime = load_tool_nodes(source, **options)
    for item in runtime.omitted:
        logger.warning("omitted Tool node %s (%s): %s", item.id, item.kind, item.reason)
    try:
        register_catalog_runtime(server, runtime, tool_names=tool_names)
    except Exception:
        if runtime.audit is not None:
            runtime.audit.close()
        raise
    return runtime


__all__ = ["load_tool_nodes", "register_tool_nodes", "report_omissions"]
