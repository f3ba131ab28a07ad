"""One server for the whole path from words to a call: the intent tools, ``intent_execute``, a catalog runtime.

``register_verified_calls(server, runtime)`` adds to a low-level SDK server you already run:

- the intent tools of a mode: ``intent_parse`` (executor mode; its result carries the request id
  in the tool result's ``_meta["intent-mcp/requestId"]``) or ``intent_prepare`` / ``intent_accept`` /
  ``intent_cancel`` (host mode; the request id is the one ``intent_prepare`` gave);
- ``intent_execute {requestId, intentId, confirm?}``: plans the recognized intent's call against
  the catalog and runs it through ``runtime`` only as the person's words allow
  (``intent_mcp.verified_calls``);
- the catalog's own tools only with ``expose_catalog_tools=True``: by default they are hidden, so a
  model cannot call around the verification.

Recognition is grounded in the same catalog (``CatalogBinding``) the calls are planned against.
``create_verified_server`` builds a server offering exactly that; ``serve_catalog(...,
verified=VerifiedOptions(...))`` serves it over stdio or Streamable HTTP.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from mcp.server import Server

from adapter import IntentMcpAdapter, IntentMcpAdapterConfig, create_intent_mcp_adapter, register
from adapter.binding import RunSessions
from catalog.recognition import CatalogBinding
from catalog.runtime import CatalogRuntime
from intent import Intent, IntentConfig
from intent.errors import IntentError
from intent_mcp.call_audit import AuditSink
from intent_mcp.verified_calls import Planner, VerifiedCalls

Mode = Literal["executor", "host"]

INSTRUCTIONS: dict[str, str] = {
    "executor": (
        "Call intent_parse with the person's request; its result's _meta holds the requestId. Then call "
        "intent_execute with that requestId and an intent's id to run the verified call. When it answers "
        "confirmation_required, show the prompt to the person and call again with confirm: true only if they agree."
    ),
    "host": (
        "Call intent_prepare, answer the HostTask with your own model, submit it with intent_accept; then call "
        "intent_execute with the requestId and an intent's id to run the verified call. When it answers "
        "confirmation_required, show the prompt to the person and call again with confirm: true only if they agree."
    ),
}


@dataclass(frozen=True)
class VerifiedOptions:
    """How a catalog is served for verified calls (the ``--execute`` flags)."""

    mode: Mode = "executor"
    expose_catalog_tools: bool = False
    audit: str | Path | AuditSink | None = None
    tool_prefix: str = ""


@dataclass
class VerifiedServing:
    """What ``register_verified_calls`` set up; ``aclose`` ends it (the runtime stays the caller's)."""

    adapter: IntentMcpAdapter
    calls: VerifiedCalls
    intent: Intent
    owns_intent: bool
    owns_audit: bool

    async def aclose(self) -> None:
        await self.adapter.close()
        if self.owns_intent:
            await self.intent.close()
        close = getattr(self.calls.audit, "close", None)
        if self.owns_audit and callable(close):
            close()


def binding_for_runtime(runtime: CatalogRuntime) -> CatalogBinding:
    """The recognition view of the tools ``runtime`` serves.

    An OpenAPI runtime's manifest tools also say each operation's HTTP method, which helps choose a
    tool ("Find pets" is a GET); only the tools the runtime lists are taken.
    """
    listed = runtime.list_tools()
    names = {str(tool.get("name")) for tool in listed}
    manifest = getattr(runtime, "manifest", None)
    manifest_tools = manifest.get("tools") if isinstance(manifest, dict) else None
    if isinstance(manifest_tools, list):
        return CatalogBinding.from_tools([tool for tool in manifest_tools
                                          if isinstance(tool, dict) and tool.get("name") in names])
    return CatalogBinding.from_tools(listed)


def _audit_sink(audit: str | Path | AuditSink | None) -> tuple[AuditSink | None, bool]:
    if audit is None:
        return None, False
    if isinstance(audit, (str, Path)):
        from catalog.tool_nodes import AuditLog

        try:
            return AuditLog(audit), True
        except OSError as error:
            raise IntentError("CONFIG_INVALID", f"cannot open the audit file: {error.strerror}",
                              path="/audit") from None
    return audit, False


def register_verified_calls(
    server: Server[Any],
    runtime: CatalogRuntime,
    *,
    mode: Mode = "executor",
    intent: Intent | None = None,
    binding: CatalogBinding | None = None,
    audit: str | Path | AuditSink | None = None,
    expose_catalog_tools: bool = False,
    tool_prefix: str = "",
    tool_names: Iterable[str] = (),
    planner: Planner | None = None,
) -> VerifiedServing:
    """Offer the intent tools and ``intent_execute`` for ``runtime`` on the low-level ``server``.

    ``intent`` recognizes (default: the built-in recognizer grounded in the runtime's catalog; in
    host mode an Intent without executor); ``binding`` is the catalog calls are planned against
    (default: ``binding_for_runtime(runtime)``); ``audit`` a JSON Lines path or an ``AuditSink``
    (default: the ``intent_mcp.audit`` logger). ``tool_names`` names the server's own tools so a
    clash is refused (``CONFIG_INVALID``). The caller closes the result (``await serving.aclose()``)
    and the runtime.
    """
    if mode not in ("executor", "host"):
        raise IntentError("CONFIG_INVALID", 'mode must be "executor" or "host"', path="/mode")
    binding = binding if binding is not None else binding_for_runtime(runtime)
    owns_intent = intent is None
    if intent is None:
        intent = Intent(IntentConfig(catalog=binding) if mode == "executor" else IntentConfig(catalog=binding,
                                                                                               executor=None))
    sink, owns_audit = _audit_sink(audit)
    calls = VerifiedCalls(runtime, binding, audit=sink, planner=planner)
    try:
        adapter = create_intent_mcp_adapter(IntentMcpAdapterConfig(
            mode=mode, instances={"main": intent}, tool_prefix=tool_prefix, execution=calls,
        ))
        register(server, adapter, tool_names=tool_names)
        if expose_catalog_tools:
            from intent_mcp.catalog_server import register_catalog_runtime

            register_catalog_runtime(server, runtime, tool_names=[*tool_names, *adapter.tool_names])
    except Exception:
        close = getattr(sink, "close", None)
        if owns_audit and callable(close):
            close()
        raise
    return VerifiedServing(adapter=adapter, calls=calls, intent=intent, owns_intent=owns_intent,
                           owns_audit=owns_audit)


def create_verified_server(
    runtime: CatalogRuntime,
    options: VerifiedOptions | None = None,
    *,
    name: str,
    version: str | None = None,
    instructions: str | None = None,
    on_stop: Callable[[], Awaitable[None]] | None = None,
    **register_options: Any,
) -> tuple[Server[Any], VerifiedServing]:
    """A low-level SDK server offering the intent tools and ``intent_execute`` for ``runtime``.

    ``instructions`` are added after the mode's own (how to go from intent_parse to intent_execute).
    ``on_stop`` runs when the server's run ends (the place to close the runtime); the serving is
    closed then too, so the server serves one run (one stdio connection, or one HTTP app).
    ``register_options`` go to ``register_verified_calls`` (``intent=``, ``binding=``, ``planner=``).
    """
    if version is None:
        from intent_mcp import __version__

        version = __version__
    options = options or VerifiedOptions()
    serving: list[VerifiedServing] = []

    @asynccontextmanager
    async def lifespan(_: Server[Any]) -> AsyncIterator[RunSessions]:
        # The adapter's sessions of this run (stdio at 2026-07-28) are found through this object.
        run = RunSessions()
        try:
            yield run
        finally:
            run.close_all()
            if serving:
                await serving[0].aclose()
            if on_stop is not None:
                await on_stop()

    server: Server[Any] = Server(name, version=version, lifespan=lifespan,
                                 instructions=" ".join(filter(None, [INSTRUCTIONS[options.mode], instructions])))
    serving.append(register_verified_calls(
        server, runtime, mode=options.mode, audit=options.audit, expose_catalog_tools=options.expose_catalog_tools,
        tool_prefix=options.tool_prefix, **register_options,
    ))
    return server, serving[0]


__all__ = [
    "INSTRUCTIONS",
    "Mode",
    "VerifiedOptions",
    "VerifiedServing",
    "binding_for_runtime",
    "create_verified_server",
    "register_verified_calls",
]
