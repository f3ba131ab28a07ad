"""Which Host and Origin a request may carry: the public origin, loopback names, and binding rules.

The public origin is declared, never inferred: forwarded headers (``X-Forwarded-*``, ``Forwarded``)
are ignored, because anyone can send them.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from intent.errors import IntentError

DEFAULT_PORTS = {"http": 80, "https": 443}
WILDCARD_ADDRESSES = frozenset({"0.0.0.0", "::", "[::]", "*", ""})
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOSTNAME = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*\.?$")


@dataclass(frozen=True)
class Authority:
    """A host (lower-case; IPv6 without brackets) and an optional port, as a Host header names them."""

    host: str
    port: int | None

    def with_default_port(self, scheme: str) -> Authority:
        return self if self.port is not None else Authority(self.host, DEFAULT_PORTS.get(scheme))


@dataclass(frozen=True)
class PublicOrigin:
    """The origin clients reach this server at, e.g. ``https://mcp.example.com``."""

    scheme: str
    host: str
    port: int

    @property
    def origin(self) -> str:
        """The serialized origin, as a browser sends it in the ``Origin`` header."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = DEFAULT_PORTS[self.scheme] == self.port
        return f"{self.scheme}://{host}" if default else f"{self.scheme}://{host}:{self.port}"

    def matches_host(self, authority: Authority) -> bool:
        return authority.with_default_port(self.scheme) == Authority(self.host, self.port)

    def matches_origin(self, origin: str) -> bool:
        parsed = parse_origin_header(origin)
        return parsed is not None and parsed == self


def _refuse(message: str) -> IntentError:
    return IntentError("CONFIG_INVALID", f"--public-origin {message}", path="/http/publicOrigin")


def _normalize_host(host: str) -> str | None:
    """A lower-case DNS name or IP literal, or None when ``host`` is neither."""
    host = host.lower()
    if host.startswith("[") and host.endswith("]"):
        try:
            return str(ipaddress.IPv6Address(host[1:-1]))
        except ValueError:
            return None
    try:
        return str(ipaddress.IPv4Address(host))
    except ValueError:
        pass
    return host.rstrip(".") if _HOSTNAME.match(host) else None


def parse_public_origin(text: str) -> PublicOrigin:
    """Validate ``--public-origin``: http(s), a concrete host, an optional port, and nothing else."""
    raw = text.strip()
    try:
        parts = urlsplit(raw)
    except ValueError:
        raise _refuse("is not a valid URL; write it as https://host[:port]") from None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS:
        raise _refuse("must start with http:// or https:// (write it as https://host[:port])")
    if "@" in parts.netloc:
        raise _refuse("must not contain credentials (user:password@)")
    if parts.path not in ("", "/"):
        raise _refuse("must not have a path: the MCP endpoint path is set with --path")
    if parts.query or "?" in raw:
        raise _refuse("must not have a query")
    if parts.fragment or "#" in raw:
        raise _refuse("must not have a fragment")
    netloc = parts.netloc
    if "*" in netloc:
        raise _refuse("must name one concrete host, not a wildcard domain")
    if not netloc:
        raise _refuse("must name a host")
    authority = parse_authority(netloc)
    if authority is None:
        raise _refuse(
            "must name a valid host name or IP address (IPv6 in brackets) and an optional port 1-65535"
        )
    if authority.host in ("0.0.0.0", "::"):
        raise _refuse("must name the host clients connect to, not a wildcard address")
    port = authority.port if authority.port is not None else DEFAULT_PORTS[scheme]
    return PublicOrigin(scheme, authority.host, port)


def parse_authority(value: str) -> Authority | None:
    """Split a Host header into host and port; None when it is malformed."""
    value = value.strip()
    if not value or any(ch in value for ch in "/@?#\\ \t"):
        return None
    port: int | None = None
    host = value
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        host, rest = value[: end + 1], value[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                return None
            port_text = rest[1:]
            if not port_text.isdigit() or not 0 < int(port_text) < 65536:
                return None
            port = int(port_text)
    elif ":" in value:
        host, _, port_text = value.rpartition(":")
        if ":" in host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
            return None
        port = int(port_text)
    normalized = _normalize_host(host)
    return None if normalized is None else Authority(normalized, port)


def parse_origin_header(value: str) -> PublicOrigin | None:
    """Parse an ``Origin`` header (``scheme://host[:port]``); None when it is not such an origin."""
    scheme, sep, rest = value.strip().partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in DEFAULT_PORTS:
        return None
    authority = parse_authority(rest)
    if authority is None:
        return None
    return PublicOrigin(scheme, authority.host, authority.port or DEFAULT_PORTS[scheme])


def is_loopback_host(host: str) -> bool:
    """``localhost`` (and its subdomains) or a loopback IP address (127.0.0.0/8, ::1)."""
    host = host.lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_wildcard_address(host: str) -> bool:
    return host.strip() in WILDCARD_ADDRESSES


def check_binding(bind_host: str, public_origin: PublicOrigin | None) -> None:
    """Refuse to listen beyond loopback unless a public origin says whom the server answers to."""
    if public_origin is not None or is_loopback_host(bind_host):
        return
    if is_wildcard_address(bind_host):
        raise IntentError(
            "CONFIG_INVALID",
            f"binding the wildcard address {bind_host or '(empty)'!r} requires --public-origin "
            "https://host[:port], the origin clients use to reach this server",
            path="/http/host",
        )
    raise IntentError(
        "CONFIG_INVALID",
        f"binding the non-loopback address {bind_host!r} requires --public-origin https://host[:port]: "
        "without it only loopback Host headers are accepted",
        path="/http/host",
    )


__all__ = [
    "Authority",
    "PublicOrigin",
    "check_binding",
    "is_loopback_host",
    "is_wildcard_address",
    "parse_authority",
    "parse_origin_header",
    "parse_public_origin",
]
