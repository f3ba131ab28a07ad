"""The server's configuration: the JSON file, its published JSON Schema, and command-line overrides.

A file is validated against ``config.schema.json`` before anything is served. Every problem is an
``IntentError`` ``CONFIG_INVALID`` whose ``path`` is a JSON pointer into the file, and whose message
never repeats a value from the file (a misplaced secret must not reach a terminal or a log).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import jsonschema_rs

from intent.errors import IntentError
from intent.pointer import to_pointer

if TYPE_CHECKING:  # jsonschema loads only when a configuration file is checked
    from jsonschema.exceptions import ValidationError

Mode = Literal["executor", "host"]

MAX_CONFIG_FILE_BYTES = 1024 * 1024
MAX_SCHEMA_FILE_BYTES = 4 * 1024 * 1024
DEFAULT_INSTANCE = "main"

# Keys that would hold a secret in place of naming its environment variable.
_SECRET_KEYS = frozenset(
    {"apikey", "api_key", "key", "token", "secret", "password", "authorization", "bearer", "credentials"}
)
# Executor kind -> index of its branch in the schema's executor oneOf.
_EXECUTOR_BRANCH = {"builtin": 0, "openai": 1, "anthropic": 1, "sampling": 2}


@dataclass(frozen=True)
class InstanceSettings:
    """One recognition instance as configured: its Schema, domains, executor spec and limits."""

    name: str
    schema: Mapping[str, Any] | None = None
    domains: tuple[str, ...] | None = None
    executor: Mapping[str, Any] = field(default_factory=lambda: {"kind": "builtin"})
    limits: Mapping[str, Any] = field(default_factory=dict)
    catalog_file: Path | None = None
    catalog_available: tuple[str, ...] = ()
    domain_hints: Mapping[str, Mapping[str, Any]] | None = None
    rasa_file: Path | None = None  # Rasa NLU YAML: its intents become domains with examples
    state_file: Path | None = None  # where `intent-mcp train` saves the trained state


@dataclass(frozen=True)
class HttpSettings:
    """Where and how the Streamable HTTP transport listens, and its bounds."""

    host: str = "127.0.0.1"
    port: int = 3001
    path: str = "/mcp"
    public_origin: str | None = None
    max_body_bytes: int = 1024 * 1024
    max_sessions: int = 100
    session_idle_seconds: float = 30 * 60


@dataclass(frozen=True)
class ServerConfig:
    """Everything the standalone server needs, after the file and the flags are merged."""

    mode: Mode = "executor"
    tool_prefix: str = ""
    instances: Mapping[str, InstanceSettings] = field(
        default_factory=lambda: {DEFAULT_INSTANCE: InstanceSettings(DEFAULT_INSTANCE)}
    )
    http: HttpSettings = field(default_factory=HttpSettings)
    source: Path | None = None


@dataclass(frozen=True)
class ConfigOverrides:
    """Command-line values; ``None`` means the flag was not given and the file (or default) applies."""

    mode: Mode | None = None
    tool_prefix: str | None = None
    host: str | None = None
    port: int | None = None
    path: str | None = None
    public_origin: str | None = None
    max_body_bytes: int | None = None
    max_sessions: int | None = None
    session_idle_seconds: float | None = None


@lru_cache(maxsize=1)
def config_schema() -> dict[str, Any]:
    """The published JSON Schema of the configuration file."""
    text = resources.files("intent_mcp").joinpath("config.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@lru_cache(maxsize=1)
def _compiled_config_check() -> Callable[[Any], bool]:
    is_valid: Callable[[Any], bool] = jsonschema_rs.validator_for(config_schema()).is_valid
    return is_valid


def _invalid(message: str, path: str = "") -> IntentError:
    return IntentError("CONFIG_INVALID", message, path=path)


def _read_json_file(file: Path, *, limit: int, what: str, path: str) -> Any:
    try:
        with file.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise _invalid(f"cannot read the {what} {str(file)!r}: {exc.strerror or 'unreadable'}", path) from None
    if len(data) > limit:
        raise _invalid(f"the {what} {str(file)!r} is larger than {limit} bytes", path)
    try:
        return json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise _invalid(f"the {what} {str(file)!r} is not valid JSON{where}", path) from None


def _refuse_secrets(document: Mapping[str, Any]) -> None:
    instances = document.get("instances")
    if not isinstance(instances, Mapping):
        return
    for name, instance in instances.items():
        executor = instance.get("executor") if isinstance(instance, Mapping) else None
        if not isinstance(executor, Mapping):
            continue
        for key in executor:
            if isinstance(key, str) and key.replace("-", "_").lower() in _SECRET_KEYS:
                raise _invalid(
                    f"a secret is never written in the configuration file: remove {key!r} and name the "
                    "environment variable that holds it with apiKeyEnv",
                    to_pointer(["instances", name, "executor", key]),
                )


def _describe(error: ValidationError) -> tuple[str, str]:
    """A JSON pointer and a message for one schema violation, without quoting the offending value."""
    if "propertyNames" in error.schema_path:
        name = error.instance if isinstance(error.instance, str) else ""
        return (
            to_pointer(error.absolute_path),
            f"invalid instance name {name!r}: use 1-64 characters [A-Za-z0-9_.-], not proto/prototype/constructor",
        )
    if error.validator == "oneOf" and isinstance(error.instance, Mapping):
        branch = _EXECUTOR_BRANCH.get(str(error.instance.get("kind")))
        if branch is None:
            kinds = ", ".join(json.dumps(kind) for kind in _EXECUTOR_BRANCH)
            return to_pointer([*error.absolute_path, "kind"]), f"must be one of {kinds}"
        causes = [
            sub
            for sub in error.context or ()
            if branch is not None and sub.schema_path and sub.schema_path[0] == branch
        ]
        if causes:
            return _describe(causes[0])
    pointer = to_pointer(error.absolute_path)
    validator = error.validator
    value = error.validator_value
    if validator == "required":
        missing = [key for key in value if isinstance(error.instance, Mapping) and key not in error.instance]
        return pointer, f"missing required key {missing[0]!r}" if missing else "missing a required key"
    if validator == "additionalProperties":
        known = set(error.schema.get("properties", {}))
        extra = sorted(key for key in error.instance if key not in known) if isinstance(error.instance, Mapping) else []
        allowed = ", ".join(sorted(known)) or "none"
        return pointer, f"unknown key {extra[0]!r} (allowed: {allowed})" if extra else "unknown key"
    if validator == "not" and isinstance(error.instance, Mapping) and "schemaFile" in error.instance:
        return pointer, "give either schema or schemaFile, not both"
    if validator == "type":
        return pointer, f"must be of type {value}"
    if validator in ("enum", "const"):
        options = value if validator == "enum" else [value]
        return pointer, "must be one of " + ", ".join(json.dumps(option) for option in options)
    if validator == "pattern":
        return pointer, f"does not match the pattern {value}"
    if validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {
            "minimum": "at least",
            "maximum": "at most",
            "exclusiveMinimum": "greater than",
            "exclusiveMaximum": "less than",
        }
        return pointer, f"must be {words[validator]} {value}"
    if validator in ("minLength", "maxLength", "minProperties", "maxProperties", "uniqueItems"):
        return pointer, f"violates {validator} {value}"
    return pointer, f"is not valid ({validator})"


def validate_config_document(document: Any) -> None:
    """Check a parsed configuration document against the published schema (first problem wins)."""
    if not isinstance(document, Mapping):
        raise _invalid("the configuration must be a JSON object")
    _refuse_secrets(document)
    problem = _first_problem(document)
    if problem is not None:
        pointer, message = problem
        raise _invalid(message, pointer)


def _first_problem(document: Any) -> tuple[str, str] | None:
    """The most relevant schema violation of ``document`` as (JSON pointer, message), or None."""
    # The compiled check (jsonschema-rs, which the core loads anyway) passes a valid document; the
    # reference validator is loaded only to find and word a problem, and has the last word.
    if _compiled_config_check()(document):
        return None
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    best = best_match(Draft202012Validator(config_schema()).iter_errors(document))
    return None if best is None else _describe(best)


def _instance_settings(name: str, raw: Mapping[str, Any], base_dir: Path, source: Path | None = None
                       ) -> InstanceSettings:  # fmt: skip
    schema: Mapping[str, Any] | None = raw.get("schema")
    schema_file = raw.get("schemaFile")
    if schema_file is not None:
        path = to_pointer(["instances", name, "schemaFile"])
        loaded = _read_json_file(base_dir / schema_file, limit=MAX_SCHEMA_FILE_BYTES, what="schema file", path=path)
        if not isinstance(loaded, dict):
            raise _invalid("the schema file must hold a JSON object", path)
        schema = loaded
    domains = raw.get("domains")
    nlu: Mapping[str, Any] = raw.get("nlu") or {}
    catalog = raw.get("catalog")
    if isinstance(catalog, str):
        catalog = {"file": catalog}
    return InstanceSettings(
        name=name,
        schema=schema,
        domains=tuple(domains) if domains is not None else None,
        executor=dict(raw.get("executor") or {"kind": "builtin"}),
        limits=dict(raw.get("limits") or {}),
        catalog_file=base_dir / catalog["file"] if catalog else None,
        catalog_available=tuple(catalog.get("available", ())) if catalog else (),
        domain_hints=raw.get("domainHints"),
        rasa_file=base_dir / nlu["rasaFile"] if "rasaFile" in nlu else None,
        state_file=base_dir / nlu["stateFile"] if "stateFile" in nlu else default_state_file(source, name),
    )


def default_state_file(source: Path | None, instance: str) -> Path | None:
    """Where ``intent-mcp train`` saves an instance's trained state unless ``nlu.stateFile`` says: beside the file."""
    return source.with_name(f"{source.name}.{instance}.nlu.json") if source is not None else None


def config_from_document(document: Mapping[str, Any], *, base_dir: Path, source: Path | None = None) -> ServerConfig:
    """Build a ``ServerConfig`` from a configuration document (validated here first)."""
    validate_config_document(document)
    raw_instances: Mapping[str, Any] = document.get("instances") or {DEFAULT_INSTANCE: {}}
    instances = {name: _instance_settings(name, raw, base_dir, source) for name, raw in raw_instances.items()}
    raw_http: Mapping[str, Any] = document.get("http") or {}
    defaults = HttpSettings()
    http = HttpSettings(
        host=raw_http.get("host", defaults.host),
        port=raw_http.get("port", defaults.port),
        path=raw_http.get("path", defaults.path),
        public_origin=raw_http.get("publicOrigin", defaults.public_origin),
        max_body_bytes=raw_http.get("maxBodyBytes", defaults.max_body_bytes),
        max_sessions=raw_http.get("maxSessions", defaults.max_sessions),
        session_idle_seconds=raw_http.get("sessionIdleSeconds", defaults.session_idle_seconds),
    )
    return ServerConfig(
        mode=document.get("mode", "executor"),
        tool_prefix=document.get("toolPrefix", ""),
        instances=instances,
        http=http,
        source=source,
    )


def load_config_file(file: str | Path) -> ServerConfig:
    """Read, validate and resolve a configuration file (``schemaFile`` paths are relative to it)."""
    path = Path(file).expanduser()
    document = _read_json_file(path, limit=MAX_CONFIG_FILE_BYTES, what="configuration file", path="")
    return config_from_document(document, base_dir=path.resolve().parent, source=path.resolve())


def apply_overrides(config: ServerConfig, overrides: ConfigOverrides) -> ServerConfig:
    """Flags win over the file: every override that was given replaces the configured value."""
    http_changes: dict[str, Any] = {
        name: value
        for name, value in (
            ("host", overrides.host),
            ("port", overrides.port),
            ("path", overrides.path),
            ("public_origin", overrides.public_origin),
            ("max_body_bytes", overrides.max_body_bytes),
            ("max_sessions", overrides.max_sessions),
            ("session_idle_seconds", overrides.session_idle_seconds),
        )
        if value is not None
    }
    top = ServerConfig(
        mode=overrides.mode or config.mode,
        tool_prefix=config.tool_prefix if overrides.tool_prefix is None else overrides.tool_prefix,
        instances=config.instances,
        http=replace(config.http, **http_changes),
        source=config.source,
    )
    _check_merged(top)
    return top


def _check_merged(config: ServerConfig) -> None:
    # Flag values bypass the file's schema, so the same rules are checked again after merging.
    schema_http = config_schema()["$defs"]["http"]["properties"]
    document: dict[str, Any] = {"mode": config.mode, "toolPrefix": config.tool_prefix}
    http = config.http
    document["http"] = {
        "host": http.host,
        "port": http.port,
        "path": http.path,
        "maxBodyBytes": http.max_body_bytes,
        "maxSessions": http.max_sessions,
        "sessionIdleSeconds": http.session_idle_seconds,
    }
    assert set(document["http"]) <= set(schema_http)
    problem = _first_problem(document)
    if problem is not None:
        pointer, message = problem
        flag = {
            "/mode": "--mode",
            "/toolPrefix": "--tool-prefix",
            "/http/host": "--host",
            "/http/port": "--port",
            "/http/path": "--path",
            "/http/maxBodyBytes": "--max-body-bytes",
            "/http/maxSessions": "--max-sessions",
            "/http/sessionIdleSeconds": "--session-idle-seconds",
        }.get(pointer, pointer)
        raise _invalid(f"{flag} {message}", pointer)


__all__ = [
    "DEFAULT_INSTANCE",
    "ConfigOverrides",
    "HttpSettings",
    "InstanceSettings",
    "Mode",
    "ServerConfig",
    "apply_overrides",
    "config_from_document",
    "config_schema",
    "load_config_file",
    "validate_config_document",
]
