"""Building one HTTP request from a manifest operation and call arguments, without sending it.

Parameters are encoded as the document declares them (``style`` / ``explode`` for OpenAPI 3,
``collectionFormat`` for Swagger 2, kept in the operation's ``params``); without a declaration an
array query value repeats the key and an object anywhere but the body is sent as JSON. This module
imports only the standard library: it is copied verbatim into exported projects.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from .credentials import Credential, apply_credentials, choose_alternative

DEFAULT_ACCEPT = "application/json"
_COLLECTION_SEPARATORS = {"csv": ",", "ssv": " ", "tsv": "\t", "pipes": "|"}
_STYLE_SEPARATORS = {"spaceDelimited": " ", "pipeDelimited": "|"}
# RFC 6265 cookie-octets: everything printable but space, '"', ',', ';' and '\\' goes as it is (tokens keep '=', '/').
_COOKIE_SAFE = "!#$%&'()*+-./:<=>?@[]^_`{|}~"


class RequestProblem(Exception):
    """A request that cannot be built from these arguments; the message says what to change."""


@dataclass
class BuiltRequest:
    """An HTTP request ready to send. ``secrets`` lists the credential values it carries."""

    method: str
    url: str
    headers: dict[str, str]
    content: bytes | None = None
    secrets: list[str] = field(default_factory=list)

    def describe(self) -> dict[str, Any]:
        """The request as hooks and logs may see it: method and URL, credentials replaced."""
        url = self.url
        for secret in self.secrets:
            url = url.replace(quote(secret, safe=""), "[redacted]").replace(secret, "[redacted]")
        return {"method": self.method, "url": url}


def build_request(
    manifest: Mapping[str, Any],
    operation: Mapping[str, Any],
    args: Mapping[str, Any],
    options: Mapping[str, Any] | None = None,
) -> BuiltRequest:
    """The request ``operation`` makes for ``args``.

    ``options``: ``credentials`` (scheme id -> credential), ``base_urls`` (source name -> base URL,
    overriding the manifest's) and ``headers`` (added last; they win over parameters).
    """
    options = options or {}
    credentials: Mapping[str, Credential] = options.get("credentials") or {}
    base_urls: Mapping[str, str] = options.get("base_urls") or {}
    source_name = str(operation.get("source") or "")
    source = (manifest.get("sources") or {}).get(source_name) or {}
    base_url = str(base_urls.get(source_name) or source.get("baseUrl") or "")
    if not base_url.startswith(("http://", "https://")):
        shown = f"'{base_url}'" if base_url else "empty"
        raise RequestProblem(
            f"the base URL of source '{source_name}' is {shown}, not an absolute http(s) URL; "
            "set API_BASE_URL (or --base-url) to where the API is served"
        )

    path = str(operation.get("path") or "")
    query: list[tuple[str, str]] = []
    headers: dict[str, str] = {}
    cookies: dict[str, str] = {}
    content: bytes | None = None
    for param in operation.get("params") or []:
        name = str(param.get("name"))
        location = param.get("in")
        arg = str(param.get("arg") or name)
        present = arg in args and args[arg] is not None
        value = args.get(arg)
        if location == "path":
            if not present:
                raise RequestProblem(f"missing path parameter '{arg}': pass it as an argument")
            path = path.replace("{" + name + "}", _path_value(name, value, param))
        elif not present:
            continue
        elif location == "query":
            query.extend(_query_pairs(name, value, param))
        elif location == "header":
            headers[name] = _simple_text(value, param)
        elif location == "cookie":
            cookies[name] = _simple_text(value, param)
        elif location == "body":
            content_type = str(param.get("contentType") or "application/json")
            content, headers["Content-Type"] = encode_body(value, content_type)

    schemes = source.get("securitySchemes") or {}
    security = operation.get("security") or []
    applied = apply_credentials(choose_alternative(security, credentials), schemes, credentials)
    query.extend(applied.query)
    cookies.update(applied.cookies)
    headers.update(applied.headers)
    for key, value in (options.get("headers") or {}).items():
        headers[str(key)] = str(value)
    for key, value in headers.items():
        if "\r" in value or "\n" in value or "\r" in key or "\n" in key:
            raise RequestProblem(f"header '{key.strip()}' must not contain line breaks")
    if cookies:
        headers["Cookie"] = "; ".join(f"{key}={quote(value, safe=_COOKIE_SAFE)}" for key, value in cookies.items())
    if not any(key.lower() == "accept" for key in headers):
        headers["Accept"] = DEFAULT_ACCEPT

    url = base_url.rstrip("/") + path
    if query:
        url += ("&" if "?" in url else "?") + urlencode(query, quote_via=quote)
    return BuiltRequest(
        method=str(operation.get("method") or "GET").upper(),
        url=url,
        headers=headers,
        content=content,
        secrets=applied.secrets,
    )


def _text(value: Any) -> str:
    """A scalar as text: booleans as ``true``/``false``, objects and arrays as JSON."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(value)


def _declared_style(param: Mapping[str, Any]) -> bool:
    return "style" in param or "explode" in param or "collectionFormat" in param


def _simple_text(value: Any, param: Mapping[str, Any]) -> str:
    """A header or cookie value: arrays comma-joined; objects as JSON unless a style is declared."""
    if isinstance(value, list):
        return ",".join(_text(item) for item in value)
    if isinstance(value, dict) and _declared_style(param):
        if param.get("explode") is True:
            return ",".join(f"{key}={_text(item)}" for key, item in value.items())
        return ",".join(f"{key},{_text(item)}" for key, item in value.items())
    return _text(value)


def _path_value(name: str, value: Any, param: Mapping[str, Any]) -> str:
    """A percent-encoded path segment in the declared style (``simple`` by default, ``label``, ``matrix``)."""
    style = param.get("style", "simple")
    explode = param.get("explode") is True
    if isinstance(value, list):
        parts = [quote(_text(item), safe="") for item in value]
    elif isinstance(value, dict) and _declared_style(param):
        if explode:
            parts = [f"{quote(str(key), safe='')}={quote(_text(item), safe='')}" for key, item in value.items()]
        else:
            parts = [quote(_text(piece), safe="") for pair in value.items() for piece in pair]
    else:
        parts = [quote(_text(value), safe="")]
    if style == "label":
        return "." + ("." if explode else ",").join(parts)
    if style == "matrix":
        if explode and isinstance(value, list):
            return "".join(f";{name}={part}" for part in parts)
        return f";{name}=" + ",".join(parts)
    return ",".join(parts)


def _query_pairs(name: str, value: Any, param: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The ``(key, value)`` pairs of one query parameter."""
    if isinstance(value, list):
        collection = param.get("collectionFormat")
        if isinstance(collection, str) and collection in _COLLECTION_SEPARATORS:
            return [(name, _COLLECTION_SEPARATORS[collection].join(_text(item) for item in value))]
        style = param.get("style", "form")
        if style in _STYLE_SEPARATORS:
            return [(name, _STYLE_SEPARATORS[str(style)].join(_text(item) for item in value))]
        if style == "form" and param.get("explode") is False:
            return [(name, ",".join(_text(item) for item in value))]
        return [(name, _text(item)) for item in value]
    if isinstance(value, dict) and _declared_style(param):
        style = param.get("style", "form")
        if style == "deepObject":
            return [(f"{name}[{key}]", _text(item)) for key, item in value.items()]
        if param.get("explode", True) is False:
            return [(name, ",".join(f"{key},{_text(item)}" for key, item in value.items()))]
        return [(str(key), _text(item)) for key, item in value.items()]
    return [(name, _text(value))]


def encode_body(value: Any, content_type: str) -> tuple[bytes, str]:
    """``(bytes, Content-Type header)`` of a request body in ``content_type``."""
    essence = content_type.split(";", 1)[0].strip().lower()
    if essence == "application/x-www-form-urlencoded":
        return urlencode(_form_pairs(value), quote_via=quote).encode("utf-8"), content_type
    if essence == "multipart/form-data":
        return _multipart(value)
    if essence == "application/json" or essence.endswith("+json") or not isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).encode("utf-8"), content_type
    return value.encode("utf-8"), content_type


def _form_pairs(value: Any) -> list[tuple[str, str]]:
    if not isinstance(value, Mapping):
        raise RequestProblem("a form body must be an object of field values")
    pairs: list[tuple[str, str]] = []
    for key, item in value.items():
        if item is None:
            continue
        if isinstance(item, list):
            pairs.extend((str(key), _text(element)) for element in item)
        else:
            pairs.append((str(key), _text(item)))
    return pairs


def _multipart(value: Any) -> tuple[bytes, str]:
    """A multipart/form-data body; its boundary is derived from the content, so the same body is the same bytes."""
    fields = _form_pairs(value)
    digest = hashlib.sha256(json.dumps(fields).encode("utf-8")).hexdigest()[:32]
    boundary = f"----openapi-mcp-{digest}"
    chunks: list[bytes] = []
    for key, text in fields:
        disposition = key.replace("\\", "\\\\").replace('"', '\\"')
        chunks.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{disposition}"\r\n\r\n'.encode()
            + text.encode("utf-8")
            + b"\r\n"
        )
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"
