"""Credentials for a manifest's security schemes: from the environment, chosen per call, applied to a request.

A credential is a string (an API key, a bearer or OAuth 2 access token, or ``user:password`` for HTTP
Basic) or a mapping ``{"username", "password"}`` for HTTP Basic. This module imports only the standard
library: it is copied verbatim into exported projects.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Credential = str | Mapping[str, str]

# Every scheme falls back to this variable, so a one-key API needs one setting.
FALLBACK_ENV_NAME = "API_KEY"
REDACTED = "[redacted]"
# Values shorter than this are not hunted for in response text: too likely to be ordinary words.
_MIN_REDACTED_LENGTH = 4

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NOT_WORD = re.compile(r"[^A-Za-z0-9]+")


def env_name_for(scheme_id: str) -> str:
    """The environment variable of a security scheme: ``petstore_auth`` -> ``PETSTORE_AUTH``."""
    return _NOT_WORD.sub("_", _CAMEL_BOUNDARY.sub("_", scheme_id)).strip("_").upper()


def credentials_from_env(manifest: Mapping[str, Any], env: Mapping[str, str]) -> dict[str, Credential]:
    """The credentials the environment holds for every scheme of every source of ``manifest``.

    ``<NAME>`` (see ``env_name_for``) is the secret; HTTP Basic also reads ``<NAME>_USERNAME`` and
    ``<NAME>_PASSWORD``; ``API_KEY`` stands in for any scheme without its own variable. Empty values
    count as unset.
    """
    found: dict[str, Credential] = {}
    fallback = env.get(FALLBACK_ENV_NAME) or None
    for source in (manifest.get("sources") or {}).values():
        schemes = source.get("securitySchemes") if isinstance(source, Mapping) else None
        for scheme_id, scheme in (schemes or {}).items():
            if scheme_id in found or not isinstance(scheme, Mapping):
                continue
            name = env_name_for(str(scheme_id))
            value = env.get(name) or None
            if value is None and _is_basic(scheme):
                username = env.get(f"{name}_USERNAME") or None
                password = env.get(f"{name}_PASSWORD")
                if username is not None:
                    found[scheme_id] = {"username": username, "password": password or ""}
                    continue
            value = value or fallback
            if value is not None:
                found[scheme_id] = value
    return found


def _is_basic(scheme: Mapping[str, Any]) -> bool:
    return scheme.get("type") == "http" and str(scheme.get("scheme", "")).lower() == "basic"


def choose_alternative(
    security: list[Mapping[str, Any]], credentials: Mapping[str, Credential]
) -> list[str]:
    """The scheme ids to apply for an operation's ``security`` alternatives.

    The first alternative all of whose credentials are known wins; with none, an empty alternative
    (security optional) sends nothing; otherwise the first alternative, as far as credentials go.
    """
    alternatives = [list(item) for item in security if isinstance(item, Mapping)]
    if not alternatives:
        return []
    for alternative in alternatives:
        if alternative and all(scheme_id in credentials for scheme_id in alternative):
            return alternative
    if any(not alternative for alternative in alternatives):
        return []
    return [scheme_id for scheme_id in alternatives[0] if scheme_id in credentials]


@dataclass
class AppliedCredentials:
    """What credentials add to one request, and the values that must never be shown."""

    headers: dict[str, str] = field(default_factory=dict)
    query: list[tuple[str, str]] = field(default_factory=list)
    cookies: dict[str, str] = field(default_factory=dict)
    secrets: list[str] = field(default_factory=list)


def apply_credentials(
    scheme_ids: list[str],
    schemes: Mapping[str, Mapping[str, Any]],
    credentials: Mapping[str, Credential],
) -> AppliedCredentials:
    """Headers, query parameters and cookies carrying the chosen schemes' credentials."""
    applied = AppliedCredentials()
    for scheme_id in scheme_ids:
        scheme = schemes.get(scheme_id)
        credential = credentials.get(scheme_id)
        if not isinstance(scheme, Mapping) or credential is None:
            continue
        kind = scheme.get("type")
        if kind == "apiKey":
            value = _secret_text(credential)
            name = str(scheme.get("name") or "")
            location = scheme.get("in")
            if not name:
                continue
            if location == "query":
                applied.query.append((name, value))
            elif location == "cookie":
                applied.cookies[name] = value
            else:
                applied.headers[name] = value
            applied.secrets.append(value)
        elif kind == "http" and str(scheme.get("scheme", "")).lower() == "basic":
            username, password = _basic_pair(credential)
            token = base64.b64encode(f"{username}:{password}".encode()).decode("ascii")
            applied.headers["Authorization"] = f"Basic {token}"
            applied.secrets.extend([token, password, f"{username}:{password}"])
        elif kind == "http":
            value = _secret_text(credential)
            scheme_name = str(scheme.get("scheme") or "bearer")
            prefix = "Bearer" if scheme_name.lower() == "bearer" else scheme_name
            applied.headers["Authorization"] = f"{prefix} {value}"
            applied.secrets.append(value)
        elif kind in ("oauth2", "openIdConnect"):
            value = _secret_text(credential)
            applied.headers["Authorization"] = f"Bearer {value}"
            applied.secrets.append(value)
        # mutualTLS is a property of the connection, not of the request: nothing to add here.
    applied.secrets = [secret for secret in applied.secrets if len(secret) >= _MIN_REDACTED_LENGTH]
    return applied


def _secret_text(credential: Credential) -> str:
    if isinstance(credential, Mapping):
        return str(credential.get("token") or credential.get("password") or "")
    return str(credential)


def _basic_pair(credential: Credential) -> tuple[str, str]:
    if isinstance(credential, Mapping):
        return str(credential.get("username") or ""), str(credential.get("password") or "")
    username, _, password = str(credential).partition(":")
    return username, password


def all_secrets(credentials: Mapping[str, Credential]) -> list[str]:
    """Every secret value in ``credentials`` (and the Basic tokens made from them), longest first."""
    secrets: set[str] = set()
    for credential in credentials.values():
        if isinstance(credential, Mapping):
            username, password = _basic_pair(credential)
            pairs = [f"{username}:{password}", password, str(credential.get("token") or "")]
        else:
            username, _, password = str(credential).partition(":")
            pairs = [str(credential), password if _ else ""]
        for text in pairs:
            if len(text) >= _MIN_REDACTED_LENGTH:
                secrets.add(text)
        basic_source = f"{username}:{password}" if isinstance(credential, Mapping) else str(credential)
        secrets.add(base64.b64encode(basic_source.encode()).decode("ascii"))
    return sorted((secret for secret in secrets if len(secret) >= _MIN_REDACTED_LENGTH), key=len, reverse=True)


def redact(text: str, secrets: list[str]) -> str:
    """``text`` with every secret replaced by ``[redacted]``."""
    for secret in secrets:
        if secret in text:
            text = text.replace(secret, REDACTED)
    return text


def redact_value(value: Any, secrets: list[str]) -> Any:
    """A JSON value with every secret inside its strings (keys included) replaced."""
    if not secrets:
        return value
    if isinstance(value, str):
        return redact(value, secrets)
    if isinstance(value, list):
        return [redact_value(item, secrets) for item in value]
    if isinstance(value, dict):
        return {redact(str(key), secrets): redact_value(item, secrets) for key, item in value.items()}
    return value
