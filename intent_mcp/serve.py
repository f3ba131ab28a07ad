"""The standalone server: configured Intents behind the MCP adapter, over stdio or Streamable HTTP.

Everything that can be wrong with the configuration is found before the first byte is served:
instances are built (Schema, executor, limits) and the HTTP binding is checked up front.
"""

from __future__ import annotations

import gc
import logging
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import anyio

from intent.compiled_regex import save_compiled
from intent.errors import IntentError
from intent.executor import close_executor
from intent_mcp import __version__
from intent_mcp.config import InstanceSettings, ServerConfig

if TYPE_CHECKING:  # the heavy layers load only when a server is built
    from mcp.server import Server

    from adapter import IntentMcpAdapter
    from intent import Intent

Transport = Literal["stdio", "http"]
SERVER_NAME = "intent-mcp"

logger = logging.getLogger("intent_mcp")

# Configuration-file limit keys -> intent.Limits fields.
_LIMIT_FIELDS = {
    "maxInputChars": "max_input_chars",
    "maxCandidateBytes": "max_candidate_bytes",
    "maxCandidateDepth": "max_candidate_depth",
    "maxContextBytes": "max_context_bytes",
    "timeoutSeconds": "timeout_seconds",
}


def _within(prefix: str, error: IntentError) -> IntentError:
    """The same error with its path placed inside the configuration file."""
    return error.with_path(prefix + error.path)


def build_intent(settings: InstanceSettings, mode: str) -> Intent:
    """One ``Intent`` from its configuration; host mode has no executor (the host's model answers)."""
    from adapter.executor_kinds import ADAPTER_EXECUTOR_KINDS
    from intent import Intent, Limits
    from intent.config import validate_schema
    from intent.executors.factory import build_executor

    where = f"/instances/{settings.name}"
    if settings.schema is not None:
        # Checked before the executor is built, so a Schema mistake is reported without any start-up cost.
        try:
            validate_schema(settings.schema)
        except IntentError as error:
            raise _within(where, error) from None
    try:
        limits = Limits(**{_LIMIT_FIELDS[key]: value for key, value in settings.limits.items()})
    except IntentError as error:
        field = error.path.rsplit("/", 1)[-1]
        key = next((key for key, name in _LIMIT_FIELDS.items() if name == field), "")
        raise error.with_path(f"{where}/limits/{key}".rstrip("/")) from None
    catalog = None
    if settings.catalog_file is not None:
        from catalog import CatalogBinding

        try:
            catalog = CatalogBinding.from_file(settings.catalog_file, available=settings.catalog_available)
        except IntentError as error:
            raise IntentError("CONFIG_INVALID", f"the catalog cannot be used: {error.message}",
                              path=f"{where}/catalog") from None
    try:
        executor = None if mode == "host" else build_executor(settings.executor, ADAPTER_EXECUTOR_KINDS)
    except IntentError as error:
        raise _within(where, error) from None
    try:
        return Intent(intent_config(settings, catalog=catalog, limits=limits, executor=executor))
    except IntentError as error:
        raise _within(where, error) from None


def intent_config(settings: InstanceSettings, *, catalog: Any = None, limits: Any = None, **executor: Any) -> Any:
    """The ``IntentConfig`` of one configured instance: domains, hints and examples (a Rasa NLU file's too).

    ``executor=`` when given replaces the built-in recognizer (None: host mode).
    """
    from intent import IntentConfig, Limits

    domains = list(settings.domains) if settings.domains is not None else None
    hints = {name: dict(hint) for name, hint in (settings.domain_hints or {}).items()}
    if settings.rasa_file is not None:
        from intent.nlu.rasa import load_rasa_nlu

        for name, examples in load_rasa_nlu(settings.rasa_file, where="/nlu/rasaFile").items():
            domains = domains if domains is not None else []
            if name not in domains:
                domains.append(name)
            hint = hints.setdefault(name, {})
            hint["examples"] = [*hint.get("examples", []), *examples]
    return IntentConfig(
        catalog=catalog,
        schema=dict(settings.schema) if settings.schema is not None else None,
        domains=domains,
        domain_hints=hints or None,
        limits=limits if limits is not None else Limits(),
        trained_state=settings.state_file,
        **executor,
    )


@dataclass
class Runtime:
    """What one server process runs: the SDK server, the adapter behind it and the Intents it owns."""

    server: Server[Any]
    adapter: IntentMcpAdapter
    intents: dict[str, Intent]

    async def close(self) -> None:
        # The adapter does not dispose the Intents it was given; the process created them, so it does.
        with anyio.CancelScope(shield=True):
            await self.adapter.close()
            for intent in self.intents.values():
                await intent.close()
                # The process built these executors from its config, so it releases their connections.
                await close_executor(intent.config.executor)


def build_runtime(config: ServerConfig) -> Runtime:
    """The low-level SDK server and the adapter behind it (one adapter session per MCP connection)."""
    from adapter import IntentMcpAdapterConfig, create_intent_mcp_adapter, create_server

    intents = {name: build_intent(settings, config.mode) for name, settings in config.instances.items()}
    adapter = create_intent_mcp_adapter(
        IntentMcpAdapterConfig(mode=config.mode, instances=intents, tool_prefix=config.tool_prefix)
    )
    return Runtime(create_server(adapter, name=SERVER_NAME, version=__version__), adapter, intents)


async def _serve_stdio(runtime: Runtime) -> None:
    from intent_mcp.stdio import serve_stdio

    try:
        await serve_stdio(runtime.server)
    finally:
        await runtime.close()


def run_stdio(runtime: Runtime, config: ServerConfig) -> int:
    """Serve one MCP connection on stdin/stdout until EOF or a stop signal; 0 on a clean stop."""
    if sys.stdin.isatty():
        # A person started this in a terminal; MCP hosts start it themselves.
        print("intent-mcp: serving MCP on stdio (an MCP host usually starts this; see intent-mcp print-config). "
              "Ctrl+C stops.", file=sys.stderr)
    logger.info("serving MCP on stdio (%s mode, instances: %s)", config.mode, ", ".join(config.instances))
    anyio.run(_serve_stdio, runtime)
    return 0


def check_http(config: ServerConfig) -> Any:
    """The parsed public origin (or None), once the binding rules hold; ``CONFIG_INVALID`` otherwise."""
    from intent_mcp.http.origin import check_binding, parse_public_origin

    settings = config.http
    public_origin = parse_public_origin(settings.public_origin) if settings.public_origin else None
    check_binding(settings.host, public_origin)
    return public_origin


def run_http(runtime: Runtime, config: ServerConfig, public_origin: Any, *, log_level: str) -> int:
    """Serve stateful Streamable HTTP until a stop signal; 0 on a clean stop."""
    from intent_mcp.http.app import build_http_app
    from intent_mcp.http.runner import run_http as serve

    settings = config.http
    app = build_http_app(runtime.server, settings, public_origin)
    logger.info("serving MCP over HTTP (%s mode, instances: %s)", config.mode, ", ".join(config.instances))
    try:
        return serve(app, host=settings.host, port=settings.port, path=settings.path, log_level=log_level,
                     calls_in_flight=lambda: app.posts_in_flight)
    finally:
        anyio.run(runtime.close)


def configure_logging(level: str) -> None:
    """Logs go to stderr only: on stdio, stdout carries nothing but protocol."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())


def serve(config: ServerConfig, transport: Transport, *, log_level: str = "warning") -> int:
    """Run the server; configuration problems raise ``IntentError`` before anything is served.

    Everything is checked and built before logging is set up, so a refused configuration leaves
    the process (or a caller embedding this) untouched.
    """
    public_origin = check_http(config) if transport == "http" else None
    runtime = build_runtime(config)
    # The code of patterns compiled for the first time is stored now, not only at exit: a server
    # ended by a signal still leaves it for the next start (a no-op when nothing is new).
    save_compiled()
    configure_logging(log_level)
    # Everything imported and built so far lives as long as the process: keep the cyclic collector
    # from walking it again on every collection of the per-call garbage.
    gc.freeze()
    if transport == "stdio":
        return run_stdio(runtime, config)
    return run_http(runtime, config, public_origin, log_level=log_level)


__all__ = [
    "Runtime",
    "Transport",
    "build_intent",
    "build_runtime",
    "check_http",
    "configure_logging",
    "serve",
]
