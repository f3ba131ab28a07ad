"""Running a manifest's tools over HTTP: MCP tool and resource listings, calls, one request at a time.

``McpRuntime`` answers in MCP JSON (``content``, ``structuredContent``, ``isError``). A tool's failure
(a missing path parameter, a transport error, a non-2xx status) is an error result, never an
exception. Requests go through an ``httpx2.AsyncClient`` built on an injectable transport, with an
explicit timeout and a cap on the response size. Credential values never appear in results, errors
or hook payloads. This module imports only the standard library and ``httpx2``: it is copied
verbatim into exported projects.
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx2

from .credentials import Credential, all_secrets, env_name_for, redact, redact_value
from .request import BuiltRequest, RequestProblem, build_request

logger = logging.getLogger("openapi_mcp.runtime")

DEFAULT_TIMEOUT_SECONDS = 30.0
DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024
# Tool results carry text for a model: an error body is cut to this many characters.
MAX_ERROR_BODY_CHARS = 4000

RunWorkflow = Callable[["McpRuntime", Mapping[str, Any], Mapping[str, Any], Any], Awaitable[dict[str, Any]]]


class ResourceNotFound(LookupError):
    """``read_resource`` for a URI the manifest does not list."""

    code = "RESOURCE_NOT_FOUND"


class ResourceFailed(RuntimeError):
    """``read_resource`` whose request failed; the message is safe to show."""

    code = "RESOURCE_FAILED"


@dataclass
class HttpResponse:
    """One response as workflow runners see it; ``status`` is None after a transport failure."""

    status: int | None
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None
    text: str = ""
    content_type: str = ""
    content: bytes = b""
    error: str | None = None
    request: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.error is None and self.status is not None and 200 <= self.status < 300


def text_result(text: str, *, is_error: bool = False, structured: Any = None) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}], "isError": is_error}
    if structured is not None:
        result["structuredContent"] = structured
    return result


_TEXT_TYPES = ("text/", "application/xml", "application/x-www-form-urlencoded", "application/javascript")


def _is_binary_type(content_type: str) -> bool:
    """A response type that is not text: images, audio, video, octet streams, archives, PDFs."""
    essence = content_type.split(";", 1)[0].strip().lower()
    if not essence or _is_json_type(essence) or essence.endswith("+xml") or essence.startswith(_TEXT_TYPES):
        return False
    return essence.startswith(("image/", "audio/", "video/", "font/")) or essence.startswith("application/")


def _is_json_type(content_type: str) -> bool:
    essence = content_type.split(";", 1)[0].strip().lower()
    return essence == "application/json" or essence.endswith("+json")


class McpRuntime:
    """The tools and resources of one manifest, run over HTTP."""

    def __init__(
        self,
        manifest: Mapping[str, Any],
        *,
        transport: httpx2.AsyncBaseTransport | None = None,
        credentials: Mapping[str, Credential] | None = None,
        base_urls: Mapping[str, str] | None = None,
        run_workflow: RunWorkflow | None = None,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
    ) -> None:
        self.manifest = manifest
        self.credentials: dict[str, Credential] = dict(credentials or {})
        self.base_urls: dict[str, str] = dict(base_urls or {})
        self.run_workflow = run_workflow
        self.timeout_seconds = timeout_seconds
        self.max_response_bytes = max_response_bytes
        self._secrets = all_secrets(self.credentials)
        self._secrets += [quote(secret, safe="") for secret in self._secrets if quote(secret, safe="") != secret]
        self._tools = {str(tool["name"]): tool for tool in manifest.get("tools") or []}
        self._resources = {str(item["uri"]): item for item in manifest.get("resources") or []}
        self._log_filter = _RedactingFilter(self._secrets) if self._secrets else None
        if self._log_filter is not None:
            for name in HTTP_CLIENT_LOGGERS:
                logging.getLogger(name).addFilter(self._log_filter)
        self._client = httpx2.AsyncClient(
            transport=transport,
            timeout=httpx2.Timeout(timeout_seconds),
            follow_redirects=False,
            trust_env=False,
        )

    # -- listings -------------------------------------------------------------------------------

    def list_tools(self) -> list[dict[str, Any]]:
        """MCP tool definitions (the manifest's tools without their wire description)."""
        listed = []
        for tool in self._tools.values():
            entry = {key: tool[key] for key in ("name", "description", "inputSchema", "annotations") if key in tool}
            listed.append(entry)
        return listed

    def list_resources(self) -> list[dict[str, Any]]:
        return [
            {key: item[key] for key in ("uri", "name", "description", "mimeType") if key in item}
            for item in self._resources.values()
        ]

    async def read_resource(self, uri: str) -> dict[str, Any]:
        """``{"contents": [{uri, mimeType, text}]}``; raises ``ResourceNotFound`` / ``ResourceFailed``."""
        resource = self._resources.get(uri)
        if resource is None:
            raise ResourceNotFound(f"no resource '{uri}': resources/list names the ones there are")
        response = await self.execute(resource["operation"], {})
        if not response.ok:
            raise ResourceFailed(self._failure_text(response))
        mime = str(resource.get("mimeType") or response.content_type or "text/plain")
        text = self.safe(json.dumps(response.body, indent=2, ensure_ascii=False)) if _is_json_type(
            response.content_type
        ) and response.body is not None else self.safe(response.text)
        return {"contents": [{"uri": uri, "mimeType": mime, "text": text}]}

    # -- calls ----------------------------------------------------------------------------------

    async def call_tool(self, name: str, args: Mapping[str, Any] | None = None, hooks: Any = None) -> dict[str, Any]:
        """Run one tool; the MCP ``CallToolResult`` JSON. Workflow tools go to ``run_workflow``."""
        tool = self._tools.get(name)
        if tool is None:
            return text_result(f"Unknown tool '{name}': tools/list names the tools there are.", is_error=True)
        if args is None:
            args = {}
        if not isinstance(args, Mapping):
            return text_result(f"The arguments of '{name}' must be a JSON object.", is_error=True)
        if "workflow" in tool:
            if self.run_workflow is None:
                return text_result(
                    f"'{name}' is a workflow tool and this runtime has no workflow runner.", is_error=True
                )
            result = await self.run_workflow(self, tool, args, hooks)
            return self._safe_result(result)
        response = await self.execute(tool["operation"], args)
        return self.tool_result(response)

    def tool_result(self, response: HttpResponse) -> dict[str, Any]:
        """The MCP result of one operation call."""
        if not response.ok:
            return text_result(self._failure_text(response), is_error=True)
        if _is_json_type(response.content_type) and response.body is not None:
            text = json.dumps(response.body, indent=2, ensure_ascii=False)
            structured = response.body if isinstance(response.body, dict) else None
            return self._safe_result(text_result(text, structured=structured))
        if _is_binary_type(response.content_type):
            essence = response.content_type.split(";", 1)[0].strip().lower()
            if essence.startswith("image/"):
                data = base64.b64encode(response.content).decode("ascii")
                return {"content": [{"type": "image", "data": data, "mimeType": essence}], "isError": False}
            size = len(response.content)
            return text_result(f"HTTP {response.status}: {size} bytes of {essence} (binary, not shown)")
        return self._safe_result(text_result(response.text or f"HTTP {response.status}"))

    def _failure_text(self, response: HttpResponse) -> str:
        if response.status is None or response.error is not None:
            return self.safe(response.error or "the request failed")
        body = response.text
        if len(body) > MAX_ERROR_BODY_CHARS:
            body = body[:MAX_ERROR_BODY_CHARS] + "…"
        return self.safe(f"HTTP {response.status}" + (f"\n{body}" if body else ""))

    async def execute(
        self, operation: Mapping[str, Any], args: Mapping[str, Any], headers: Mapping[str, str] | None = None
    ) -> HttpResponse:
        """Send one request for ``operation``; failures are an ``HttpResponse`` with ``error`` set."""
        where = f"{operation.get('method', 'GET')} {operation.get('path', '')}"
        try:
            built = build_request(
                self.manifest,
                operation,
                args,
                {"credentials": self.credentials, "base_urls": self.base_urls, "headers": headers or {}},
            )
        except RequestProblem as problem:
            return HttpResponse(status=None, error=self.safe(f"{where}: {problem}"))
        return await self.send(built, where)

    async def send(self, built: BuiltRequest, where: str) -> HttpResponse:
        described = built.describe()
        try:
            request = self._client.build_request(built.method, built.url, headers=built.headers, content=built.content)
            response = await self._client.send(request, stream=True)
        except httpx2.TimeoutException:
            return HttpResponse(
                status=None,
                error=f"{where}: no response within {self.timeout_seconds:g} s; the API is slow or unreachable",
                request=described,
            )
        except (httpx2.HTTPError, ValueError) as error:
            logger.debug("request failed: %s", type(error).__name__)
            return HttpResponse(
                status=None,
                error=f"{where}: the request failed ({type(error).__name__}); check the base URL and the API",
                request=described,
            )
        try:
            raw = await self._read_capped(response)
        except _TooLarge:
            return HttpResponse(
                status=response.status_code,
                error=f"{where}: the response is larger than {self.max_response_bytes} bytes",
                text=f"(response larger than {self.max_response_bytes} bytes, not read)",
                request=described,
            )
        except httpx2.HTTPError as error:
            return HttpResponse(
                status=None, error=f"{where}: reading the response failed ({type(error).__name__})", request=described
            )
        finally:
            await response.aclose()
        content_type = response.headers.get("content-type", "")
        text = raw.decode(response.encoding or "utf-8", errors="replace")
        body: Any = text if text else None
        if _is_json_type(content_type) and text.strip():
            try:
                body = json.loads(text)
            except ValueError:
                body = text
        return HttpResponse(
            status=response.status_code,
            headers={key.lower(): value for key, value in response.headers.items()},
            body=body,
            text=text,
            content_type=content_type,
            content=raw,
            request=described,
        )

    async def _read_capped(self, response: httpx2.Response) -> bytes:
        declared = response.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_response_bytes:
            raise _TooLarge
        chunks = bytearray()
        async for chunk in response.aiter_bytes():
            chunks.extend(chunk)
            if len(chunks) > self.max_response_bytes:
                raise _TooLarge
        return bytes(chunks)

    # -- secrets --------------------------------------------------------------------------------

    def safe(self, text: str) -> str:
        """``text`` with every credential value replaced."""
        return redact(text, self._secrets)

    def _safe_result(self, result: dict[str, Any]) -> dict[str, Any]:
        return redact_value(result, self._secrets) if self._secrets else result

    async def aclose(self) -> None:
        if self._log_filter is not None:
            for name in HTTP_CLIENT_LOGGERS:
                logging.getLogger(name).removeFilter(self._log_filter)
            self._log_filter = None
        await self._client.aclose()


class _TooLarge(Exception):
    pass


# The HTTP client logs request URLs (query API keys included) at INFO; these loggers get a redacting filter.
HTTP_CLIENT_LOGGERS = ("httpx2", "httpcore2.http11", "httpcore2.http2", "httpcore2.connection", "httpcore2.proxy")


class _RedactingFilter(logging.Filter):
    """Replaces this runtime's credential values in the HTTP client's log records."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self.secrets = secrets

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a record that cannot format is not ours to fix
            return True
        safe = redact(message, self.secrets)
        if safe != message:
            record.msg, record.args = safe, None
        return True


def create_mcp_runtime(
    manifest: Mapping[str, Any],
    *,
    transport: httpx2.AsyncBaseTransport | None = None,
    credentials: Mapping[str, Credential] | None = None,
    base_urls: Mapping[str, str] | None = None,
    run_workflow: RunWorkflow | None = None,
    timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
) -> McpRuntime:
    """A runtime for ``manifest``; without ``run_workflow`` a workflow tool's call is an error result."""
    return McpRuntime(
        manifest,
        transport=transport,
        credentials=credentials,
        base_urls=base_urls,
        run_workflow=run_workflow,
        timeout_seconds=timeout_seconds,
        max_response_bytes=max_response_bytes,
    )


def base_urls_from_env(manifest: Mapping[str, Any], env: Mapping[str, str]) -> dict[str, str]:
    """Base URLs from the environment: ``API_BASE_URL_<SOURCE>`` for one source, else ``API_BASE_URL`` for all."""
    override = env.get("API_BASE_URL")
    found: dict[str, str] = {}
    for name in manifest.get("sources") or {}:
        value = env.get(f"API_BASE_URL_{env_name_for(str(name))}") or override
        if value:
            found[str(name)] = value
    return found
