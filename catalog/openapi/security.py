"""Security schemes of an OpenAPI / Swagger document, and the parameters the runtime sends itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from catalog.openapi.schema import resolve_object

# Header parameters that carry credentials: the runtime sets them, a model never supplies them.
AUTH_TRANSPORT_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie"})
# OpenAPI: header parameters named Accept, Content-Type or Authorization "SHALL be ignored".
IGNORED_HEADER_PARAMETERS = frozenset({"accept", "content-type", "authorization"})

KEPT_SCHEME_KEYS = ("type", "description", "in", "name", "scheme", "bearerFormat", "openIdConnectUrl", "flows")
# A scheme some documentation tools inject into the document they display; not part of the API.
INJECTED_SCHEMES = frozenset({"_rapidoc_api_key"})

_SWAGGER_FLOW_NAMES = {
    "implicit": "implicit",
    "password": "password",
    "application": "clientCredentials",
    "accessCode": "authorizationCode",
}


def security_schemes(document: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The document's security schemes with only the keys a runtime needs, in OpenAPI 3 form."""
    if "swagger" in document:
        raw = document.get("securityDefinitions")
    else:
        components = document.get("components")
        raw = components.get("securitySchemes") if isinstance(components, Mapping) else None
    if not isinstance(raw, Mapping):
        return {}
    schemes: dict[str, dict[str, Any]] = {}
    for name, value in raw.items():
        if name in INJECTED_SCHEMES:
            continue
        scheme = resolve_object(document, value)
        if not isinstance(scheme, Mapping):
            continue
        schemes[str(name)] = _swagger_scheme(scheme) if "swagger" in document else _kept(scheme)
    return schemes


def _kept(scheme: Mapping[str, Any]) -> dict[str, Any]:
    return {key: scheme[key] for key in KEPT_SCHEME_KEYS if key in scheme}


def _swagger_scheme(scheme: Mapping[str, Any]) -> dict[str, Any]:
    """A Swagger 2.0 security definition in OpenAPI 3 form (``basic`` -> HTTP basic, ``flow`` -> ``flows``)."""
    kind = scheme.get("type")
    if kind == "basic":
        converted: dict[str, Any] = {"type": "http", "scheme": "basic"}
        if "description" in scheme:
            converted["description"] = scheme["description"]
        return converted
    converted = _kept(scheme)
    if kind == "oauth2" and isinstance(scheme.get("flow"), str):
        flow: dict[str, Any] = {}
        for key in ("authorizationUrl", "tokenUrl"):
            if key in scheme:
                flow[key] = scheme[key]
        flow["scopes"] = dict(scheme.get("scopes") or {})
        converted["flows"] = {_SWAGGER_FLOW_NAMES.get(scheme["flow"], scheme["flow"]): flow}
    return converted


def api_key_locations(schemes: Mapping[str, Mapping[str, Any]]) -> set[tuple[str, str]]:
    """``(in, name)`` of every apiKey scheme; header names compared case-insensitively."""
    locations: set[tuple[str, str]] = set()
    for scheme in schemes.values():
        if scheme.get("type") == "apiKey" and isinstance(scheme.get("in"), str) and isinstance(scheme.get("name"), str):
            location = scheme["in"]
            name = scheme["name"].lower() if location == "header" else scheme["name"]
            locations.add((location, name))
    return locations


def is_runtime_parameter(location: str, name: str, api_keys: set[tuple[str, str]]) -> bool:
    """True for a parameter the runtime sends itself: credentials, and headers OpenAPI ignores."""
    if location == "header":
        lowered = name.lower()
        if lowered in AUTH_TRANSPORT_HEADERS or lowered in IGNORED_HEADER_PARAMETERS:
            return True
        return ("header", lowered) in api_keys
    return (location, name) in api_keys
