"""An OpenAPI 3.0/3.1 or Swagger 2.0 document -> an MCP manifest: one tool per operation.

Manifest shape: ``{manifestVersion, server: {name, version, description}, sources: {<name>: {baseUrl,
securitySchemes}}, tools, resources, workflows}``; a tool is ``{name, description, inputSchema,
annotations, operation}`` with ``operation = {source, method, path, params: [{name, in, arg?,
contentType?}], security}``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from typing import Any

from catalog.depth import refuse_deep_documents
from catalog.errors import catalog_error
from catalog.openapi.naming import ToolNamer, derive_tool_name, free_name, sanitize_description, to_snake_case
from catalog.openapi.schema import SchemaConverter, resolve_object
from catalog.openapi.security import api_key_locations, is_runtime_parameter, security_schemes

MANIFEST_VERSION = 1
DEFAULT_SOURCE_NAME = "api"

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
PARAMETER_LOCATIONS = ("path", "query", "header", "cookie")
READ_ONLY_METHODS = frozenset({"GET"})
DESTRUCTIVE_METHODS = frozenset({"PUT", "PATCH", "DELETE"})
IDEMPOTENT_METHODS = frozenset({"GET", "PUT", "DELETE"})
# A GET without required arguments on one of these paths reads reference data: it is also a resource.
REFERENCE_PATH_MARKERS = ("/reference", "/currencies", "/countries", "/tiers", "/categories", "/status", "/schema")
SERIALIZATION_KEYS = ("style", "explode", "collectionFormat")
FORM_CONTENT_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


@refuse_deep_documents
def build_mcp_manifest(
    spec: Mapping[str, Any],
    *,
    server_name: str | None = None,
    source_name: str = DEFAULT_SOURCE_NAME,
    include_internal: bool = False,
    include_deprecated: bool = False,
    arazzo: Mapping[str, Any] | None = None,
    include_operations: bool = True,
    on_problem: Callable[[dict[str, str]], None] | None = None,
    arazzo_sources: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The MCP manifest of an OpenAPI 3.x / Swagger 2.0 document (already parsed).

    With ``arazzo`` (a parsed Arazzo document whose first OpenAPI source is ``spec``), its workflows
    become ``workflows`` and one tool each, after the operations; the source is named after that
    Arazzo source so steps resolve. A workflow the runtime cannot run goes to ``on_problem``
    (``{"workflowId", "path", "message"}``) and is left out. ``include_operations=False`` keeps only
    the workflows' tools. ``arazzo_sources`` gives the Arazzo document's other OpenAPI sources by
    name (parsed documents): their steps resolve and they become ``sources`` entries, without tools.
    """
    if arazzo is not None:
        from catalog.openapi.arazzo import first_openapi_source

        source_name = first_openapi_source(arazzo) or source_name
    if not isinstance(spec, Mapping):
        raise catalog_error("an OpenAPI document must be a JSON object")
    version = _spec_version(spec)
    info = spec.get("info") if isinstance(spec.get("info"), Mapping) else {}
    assert isinstance(info, Mapping)
    paths = spec.get("paths", {})
    if not isinstance(paths, Mapping):
        raise catalog_error("field 'paths' must be an object", "paths")

    schemes = security_schemes(spec)
    builder = _OperationBuilder(spec, version, source_name, api_key_locations(schemes))
    namer = ToolNamer()
    tools: list[dict[str, Any]] = []
    resources: list[dict[str, Any]] = []
    for path, path_item in paths.items():
        path_item = resolve_object(spec, path_item)
        if not isinstance(path_item, Mapping):
            raise catalog_error(f"path item '{path}' must be an object", "paths", path)
        for key, operation in path_item.items():
            method = str(key).lower()
            if method not in HTTP_METHODS:
                continue
            if not isinstance(operation, Mapping):
                raise catalog_error(f"operation {method.upper()} {path} must be an object", "paths", path, key)
            if not include_internal and (_is_hidden(path_item) or _is_hidden(operation)):
                continue
            if not include_deprecated and operation.get("deprecated") is True:
                continue
            tool = builder.tool(str(path), method.upper(), path_item, operation, ("paths", str(path), str(key)))
            operation_id = operation.get("operationId")
            base = to_snake_case(operation_id) if isinstance(operation_id, str) else ""
            tool["name"] = namer.claim(base or derive_tool_name(method, str(path)))
            tools.append(tool)
            resource = _reference_resource(tool, operation, spec, source_name)
            if resource is not None:
                resources.append(resource)

    workflows: dict[str, Any] = {}
    sources: dict[str, Any] = {source_name: {"baseUrl": _base_url(spec), "securitySchemes": schemes}}
    if arazzo is not None:
        from catalog.openapi.arazzo import compile_workflows, operation_index

        if not include_operations:
            tools, resources, namer = [], [], ToolNamer()
        indexes = {source_name: operation_index(spec, source_name)}
        for name, other in (arazzo_sources or {}).items():
            if name == source_name:
                continue
            _spec_version(other)
            indexes[name] = operation_index(other, name)
            sources[name] = {"baseUrl": _base_url(other), "securitySchemes": security_schemes(other)}
        compiled = compile_workflows(arazzo, sources=indexes, on_problem=on_problem, namer=namer)
        tools.extend(compiled["tools"])
        workflows = compiled["workflows"]
    elif not include_operations:
        tools, resources = [], []

    return {
        "manifestVersion": MANIFEST_VERSION,
        "server": {
            "name": server_name or _server_slug(info.get("title")),
            "version": str(info.get("version") or "0.0.0"),
            "description": str(info.get("description") or info.get("title") or ""),
        },
        "sources": sources,
        "tools": tools,
        "resources": resources,
        "workflows": workflows,
    }


def _spec_version(spec: Mapping[str, Any]) -> str:
    """``"2.0"``, ``"3.0"`` or ``"3.1"``; anything else is not a document this reads."""
    openapi = spec.get("openapi")
    if isinstance(openapi, str):
        if openapi.startswith("3.0"):
            return "3.0"
        if openapi.startswith("3."):
            return "3.1"
        raise catalog_error(f"OpenAPI version {openapi} is not supported (3.0, 3.1 or Swagger 2.0)", "openapi")
    if str(spec.get("swagger")) == "2.0":
        return "2.0"
    raise catalog_error("not an OpenAPI document: expected an 'openapi' 3.x or 'swagger' 2.0 field")


def _is_hidden(node: Mapping[str, Any]) -> bool:
    return node.get("x-internal") is True or node.get("x-hidden") is True


def _server_slug(title: Any) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", str(title or "").lower()).strip("-")
    return slug or DEFAULT_SOURCE_NAME


def _base_url(spec: Mapping[str, Any]) -> str:
    """The first server's URL with its variables at their defaults (Swagger: scheme, host and basePath)."""
    if "swagger" in spec:
        host = spec.get("host")
        base_path = str(spec.get("basePath") or "")
        if not isinstance(host, str) or not host:
            return base_path
        schemes = spec.get("schemes")
        scheme = schemes[0] if isinstance(schemes, list) and schemes else "https"
        return f"{scheme}://{host}{base_path}"
    servers = spec.get("servers")
    if not isinstance(servers, list) or not servers or not isinstance(servers[0], Mapping):
        return ""
    server = servers[0]
    url = str(server.get("url") or "")
    variables = server.get("variables")
    if isinstance(variables, Mapping):
        for name, variable in variables.items():
            if isinstance(variable, Mapping) and "default" in variable:
                url = url.replace("{" + str(name) + "}", str(variable["default"]))
    return url


def _annotations(method: str) -> dict[str, bool]:
    return {
        "readOnlyHint": method in READ_ONLY_METHODS,
        "destructiveHint": method in DESTRUCTIVE_METHODS,
        "idempotentHint": method in IDEMPOTENT_METHODS,
    }


def _description(operation: Mapping[str, Any], method: str, path: str) -> str:
    parts = [
        text.strip()
        for text in (operation.get("summary"), operation.get("description"))
        if isinstance(text, str) and text.strip()
    ]
    if len(parts) == 2 and parts[0] == parts[1]:
        parts = parts[:1]
    return sanitize_description("\n\n".join(parts) or f"{method} {path}")


def _reference_resource(
    tool: Mapping[str, Any], operation: Mapping[str, Any], spec: Mapping[str, Any], source_name: str
) -> dict[str, Any] | None:
    op = tool["operation"]
    if op["method"] != "GET" or tool["inputSchema"].get("required"):
        return None
    if not any(marker in op["path"] for marker in REFERENCE_PATH_MARKERS):
        return None
    return {
        "name": tool["name"],
        "description": tool["description"],
        "uri": f"reference://{source_name}{op['path']}",
        "mimeType": _response_media_type(operation, spec),
        "operation": copy.deepcopy(op),
    }


def _response_media_type(operation: Mapping[str, Any], spec: Mapping[str, Any]) -> str:
    """The media type of the first success response, JSON preferred."""
    if "swagger" in spec:
        produces = operation.get("produces", spec.get("produces"))
        types = [str(item) for item in produces] if isinstance(produces, list) else []
    else:
        types = []
        responses = operation.get("responses")
        if isinstance(responses, Mapping):
            for status, response in responses.items():
                if not str(status).startswith("2"):
                    continue
                response = resolve_object(spec, response)
                content = response.get("content") if isinstance(response, Mapping) else None
                if isinstance(content, Mapping):
                    types = [str(item) for item in content]
                    break
    return _pick_media_type(types) or "application/json"


def _is_json(media_type: str) -> bool:
    essence = media_type.split(";", 1)[0].strip().lower()
    return essence == "application/json" or essence.endswith("+json")


def _pick_media_type(types: list[str]) -> str | None:
    """The first JSON type, else form-urlencoded, else multipart, else the first listed."""
    for media_type in types:
        if _is_json(media_type):
            return media_type
    for preferred in FORM_CONTENT_TYPES:
        for media_type in types:
            if media_type.split(";", 1)[0].strip().lower() == preferred:
                return media_type
    return types[0] if types else None


class _OperationBuilder:
    """Builds the arguments, schema and wire description of one operation."""

    def __init__(self, spec: Mapping[str, Any], version: str, source_name: str, api_keys: set[tuple[str, str]]):
        self.spec = spec
        self.version = version
        self.source_name = source_name
        self.api_keys = api_keys
        self.converter = SchemaConverter(spec)

    def tool(
        self,
        path: str,
        method: str,
        path_item: Mapping[str, Any],
        operation: Mapping[str, Any],
        where: tuple[str, ...],
    ) -> dict[str, Any]:
        properties: dict[str, Any] = {}
        required: list[str] = []
        params: list[dict[str, Any]] = []
        form_fields: list[Mapping[str, Any]] = []
        body_parameter: Mapping[str, Any] | None = None

        for parameter in self._parameters(path_item, operation, where):
            location = parameter["in"]
            if location == "formData":
                form_fields.append(parameter)
                continue
            if location == "body":
                body_parameter = parameter
                continue
            name = parameter["name"]
            if is_runtime_parameter(location, name, self.api_keys):
                continue
            arg = free_name(name, location, properties)
            schema = self._parameter_schema(parameter)
            properties[arg] = schema
            if location == "path" or parameter.get("required") is True:
                required.append(arg)
            entry: dict[str, Any] = {"name": name, "in": location}
            if arg != name:
                entry["arg"] = arg
            # How the API serializes the value: the runtime encodes arrays and objects accordingly.
            for key in SERIALIZATION_KEYS:
                if key in parameter and isinstance(parameter[key], (str, bool)):
                    entry[key] = parameter[key]
            params.append(entry)

        body = self._body(operation, body_parameter, form_fields, where)
        if body is not None:
            body_schema, content_type, body_required = body
            arg = free_name("body", "body", properties)
            properties[arg] = body_schema
            if body_required:
                required.append(arg)
            entry = {"name": "body", "in": "body", "contentType": content_type}
            if arg != "body":
                entry["arg"] = arg
            params.append(entry)

        input_schema: dict[str, Any] = {"type": "object", "properties": properties}
        if required:
            input_schema["required"] = required
        security = operation.get("security", self.spec.get("security"))
        return {
            "name": "",
            "description": _description(operation, method, path),
            "inputSchema": input_schema,
            "annotations": _annotations(method),
            "operation": {
                "source": self.source_name,
                "method": method,
                "path": path,
                "params": params,
                "security": copy.deepcopy(security) if isinstance(security, list) else [],
            },
        }

    def _parameters(
        self, path_item: Mapping[str, Any], operation: Mapping[str, Any], where: tuple[str, ...]
    ) -> list[Mapping[str, Any]]:
        """Path-level parameters merged with the operation's; the operation's win on ``(name, in)``."""
        merged: dict[tuple[str, str], Mapping[str, Any]] = {}
        for level, owner in (("path item", path_item), ("operation", operation)):
            raw = owner.get("parameters")
            if raw is None:
                continue
            if not isinstance(raw, list):
                raise catalog_error(f"{level} field 'parameters' must be a list", *where, "parameters")
            for index, value in enumerate(raw):
                parameter = resolve_object(self.spec, value)
                name = parameter.get("name") if isinstance(parameter, Mapping) else None
                location = parameter.get("in") if isinstance(parameter, Mapping) else None
                if not isinstance(name, str) or not isinstance(location, str):
                    raise catalog_error(
                        f"{level} parameter {index} needs string fields 'name' and 'in'",
                        *where,
                        "parameters",
                        index,
                    )
                assert isinstance(parameter, Mapping)
                known = (*PARAMETER_LOCATIONS, "formData", "body") if self.version == "2.0" else PARAMETER_LOCATIONS
                if location not in known:
                    raise catalog_error(
                        f"parameter '{name}' has unknown location '{location}'", *where, "parameters", index, "in"
                    )
                merged[(name, location)] = parameter
        return list(merged.values())

    def _parameter_schema(self, parameter: Mapping[str, Any]) -> dict[str, Any]:
        if self.version == "2.0":
            # Swagger 2 parameters carry their schema keywords inline.
            inline = {
                key: value
                for key, value in parameter.items()
                if key not in ("name", "in", "required", "allowEmptyValue", "collectionFormat")
            }
            schema = self.converter.convert(inline)
        elif "schema" in parameter:
            schema = self.converter.convert(parameter["schema"])
        elif isinstance(parameter.get("content"), Mapping) and parameter["content"]:
            first = next(iter(parameter["content"].values()))
            schema = self.converter.convert(first.get("schema") if isinstance(first, Mapping) else None)
        else:
            schema = {}
        description = parameter.get("description")
        if isinstance(description, str) and description and "description" not in schema:
            schema["description"] = description
        if parameter.get("deprecated") is True:
            schema.setdefault("deprecated", True)
        return schema

    def _body(
        self,
        operation: Mapping[str, Any],
        body_parameter: Mapping[str, Any] | None,
        form_fields: list[Mapping[str, Any]],
        where: tuple[str, ...],
    ) -> tuple[dict[str, Any], str, bool] | None:
        """``(schema, content type, required)`` of the request body, or None without one."""
        if self.version == "2.0":
            consumes = operation.get("consumes", self.spec.get("consumes"))
            types = [str(item) for item in consumes] if isinstance(consumes, list) else []
            if body_parameter is not None:
                schema = self.converter.convert(body_parameter.get("schema"))
                description = body_parameter.get("description")
                if isinstance(description, str) and description and "description" not in schema:
                    schema["description"] = description
                content_type = _pick_media_type(types) or "application/json"
                return schema, content_type, body_parameter.get("required") is True
            if form_fields:
                return self._form_body(form_fields, types)
            return None
        raw = operation.get("requestBody")
        if raw is None:
            return None
        request_body = resolve_object(self.spec, raw)
        if not isinstance(request_body, Mapping):
            raise catalog_error("field 'requestBody' must be an object", *where, "requestBody")
        content = request_body.get("content")
        if not isinstance(content, Mapping) or not content:
            return None
        content_type = _pick_media_type([str(item) for item in content]) or ""
        media = content.get(content_type)
        schema = self.converter.convert(media.get("schema") if isinstance(media, Mapping) else None)
        description = request_body.get("description")
        if isinstance(description, str) and description and "description" not in schema:
            schema["description"] = description
        return schema, content_type, request_body.get("required") is True

    def _form_body(self, fields: list[Mapping[str, Any]], types: list[str]) -> tuple[dict[str, Any], str, bool]:
        """Swagger 2 ``formData`` parameters as one object body."""
        properties = {str(field["name"]): self._parameter_schema(field) for field in fields}
        required = [str(field["name"]) for field in fields if field.get("required") is True]
        schema: dict[str, Any] = {"type": "object", "properties": properties}
        if required:
            schema["required"] = required
        has_file = any(field.get("type") == "file" for field in fields)
        lowered = [item.split(";", 1)[0].strip().lower() for item in types]
        if has_file or ("multipart/form-data" in lowered and "application/x-www-form-urlencoded" not in lowered):
            content_type = "multipart/form-data"
        else:
            content_type = "application/x-www-form-urlencoded"
        return schema, content_type, bool(required)
