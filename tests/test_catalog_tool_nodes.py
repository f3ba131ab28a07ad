"""Tool nodes -> MCP tools: the three states, argv safety (property-tested) and audit records."""

from __future__ import annotations

import io
import json
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.tool_nodes import Host, build_argv, build_invocation, check_nodes, parse_node, project, record_invocation
from catalog.tool_nodes.node import SchemaRegistry
from intent.errors import IntentError

SCHEMAS = {
    "BeanId": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
    "BeanStatus": {"type": "string", "enum": ["todo", "in-progress", "done"]},
}


def node(node_id: str = "beans.set-status", *, inputs: list[dict[str, Any]] | None = None,
         invoke: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "id": node_id,
        "title": "Set bean status",
        "summary": "Set the status of a bean",
        "io": {"inputs": inputs if inputs is not None else [], "outputs": []},
        "invoke": invoke if invoke is not None else {"shell": {"command": ["beans", "set-status"]}},
        **extra,
    }


BEAN_INPUTS: list[dict[str, Any]] = [
    {"name": "id", "schema": "BeanId", "required": True, "arg": {"positional": 0}},
    {"name": "status", "schema": {"$ref": "#/schemas/BeanStatus"}, "required": True, "arg": {"flag": "--status"}},
    {"name": "tag", "schema": {"type": "string", "pattern": "^[a-z]+$"}, "repeated": True, "arg": {"flag": "--tag"}},
    {"name": "limit", "schema": {"type": "integer", "minimum": 1}, "arg": {"flag": "-n"}},
    {"name": "dry_run", "schema": {"type": "boolean"}, "arg": {"flag": "--dry-run"}},
    {"name": "note", "schema": {"type": "string"}, "arg": "stdin"},
    {"name": "more", "schema": "BeanId", "repeated": True, "arg": {"positional": 1}},
]


@pytest.fixture
def bean() -> Any:
    return parse_node(node(inputs=BEAN_INPUTS), SchemaRegistry(SCHEMAS))


# --- projection ----------------------------------------------------------------------------------


def test_projected_tool_is_a_rename_of_the_node() -> None:
    projection = project({"schemas": SCHEMAS, "nodes": [node(inputs=BEAN_INPUTS)]})
    assert projection.omitted == []
    (tool,) = projection.tools
    assert tool["name"] == "beans.set-status"
    assert tool["title"] == "Set bean status"
    assert tool["description"] == "Set the status of a bean"
    schema = tool["inputSchema"]
    assert schema["required"] == ["id", "status"]
    assert schema["properties"]["id"] == SCHEMAS["BeanId"]
    assert schema["properties"]["status"] == SCHEMAS["BeanStatus"]
    assert schema["properties"]["tag"] == {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}}
    assert schema["additionalProperties"] is False
    assert "outputSchema" not in tool


def test_a_tool_name_is_the_id_in_mcp_name_characters_and_at_most_128_of_them() -> None:
    names = [tool["name"] for tool in project([node("beans/set status"), node("b" * 200)]).tools]
    assert names == ["beans_set_status", "b" * 128]


def test_empty_inputs_project_a_tool_without_arguments() -> None:
    (tool,) = project([node("beans.list", inputs=[])]).tools
    assert tool["inputSchema"]["properties"] == {}
    assert "required" not in tool["inputSchema"]


def test_title_equal_to_name_is_omitted_and_outputs_become_output_schema() -> None:
    raw = node("report", title="report", inputs=[])
    raw["io"]["outputs"] = [
        {"name": "count", "schema": {"type": "integer"}, "required": True},
        {"name": "log"},
    ]
    (tool,) = project([raw]).tools
    assert "title" not in tool
    assert tool["outputSchema"] == {"type": "object", "properties": {"count": {"type": "integer"}},
                                    "required": ["count"]}


def test_in_process_nodes_project_even_with_free_text_inputs() -> None:
    raw = node("notes.add", inputs=[{"name": "text", "schema": {"type": "string"}, "required": True}],
               invoke={"inProcess": {"function": "notes:add"}})
    projection = project([raw])
    assert [tool["name"] for tool in projection.tools] == ["notes.add"]
    assert projection.nodes["notes.add"].arm == "inProcess"


def test_mcp_only_node_is_omitted_with_reason() -> None:
    projection = project([node("remote", invoke={"mcp": {"server": "other", "tool": "x"}})])
    assert projection.tools == []
    assert [(item.id, item.kind) for item in projection.omitted] == [("remote", "mcp_only")]
    assert "MCP" in projection.omitted[0].reason


def test_unmet_requirements_omit_the_node_until_available() -> None:
    raw = node("fetch", requires=["network", "bin:curl"])
    projection = project([raw], available=["network"])
    assert projection.tools == []
    assert projection.omitted[0].kind == "requires_unmet"
    assert "bin:curl" in projection.omitted[0].reason and "network" not in projection.omitted[0].reason
    assert [tool["name"] for tool in project([raw], available=["network", "bin:curl"]).tools] == ["fetch"]


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string"},
        {"type": "string", "pattern": "[a-z]+"},
        {"type": "string", "format": "free-form"},
        {"type": "object"},
        {"type": "array", "items": {"type": "string", "enum": ["a"]}},
        {},
        {"type": ["string", "integer"]},
    ],
)
def test_unconstrained_argv_input_is_omitted(schema: dict[str, Any]) -> None:
    raw = node("grep", inputs=[{"name": "pattern", "schema": schema, "arg": {"positional": 0}}])
    projection = project([raw])
    assert projection.tools == []
    assert projection.omitted[0].kind == "unconstrained_argv"
    assert "'pattern'" in projection.omitted[0].reason


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string", "enum": ["a", "b"]},
        {"const": "x"},
        {"type": "integer"},
        {"type": "number"},
        {"type": ["integer", "null"]},
        {"type": "string", "pattern": "^[a-z]+$"},
        {"type": "string", "format": "date"},
        {"type": "string", "format": "uuid"},
    ],
)
def test_constrained_argv_inputs_project(schema: dict[str, Any]) -> None:
    raw = node("tool", inputs=[{"name": "value", "schema": schema, "arg": {"flag": "--value"}}])
    assert len(project([raw]).tools) == 1


def test_free_text_on_stdin_is_fine() -> None:
    raw = node("mail", inputs=[{"name": "body", "schema": {"type": "string"}, "arg": "stdin"}])
    assert len(project([raw]).tools) == 1


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("not a node", "Tool node 0"),
        ({"summary": "x", "io": {"inputs": []}, "invoke": {"shell": {"command": ["x"]}}}, "'id'"),
        (node("n1", inputs=[{"name": "id", "schema": "Missing", "arg": {"positional": 0}}]), "'Missing'"),
        (node("n2", inputs=[{"name": "id", "schema": {"$ref": "#/schemas/Nope"}, "arg": {"positional": 0}}]),
         "does not resolve"),
        (node("n3", inputs=[{"name": "id", "arg": {"positional": 0}}]), "'schema' is missing"),
        (node("n4", invoke={"shell": {"command": "beans set-status"}}), "list of strings"),
        (node("n5", invoke={"telepathy": {}}), "unknown invoke arm"),
        (node("n6", invoke={}), "invoke"),
        ({"id": "n7", "summary": "x", "invoke": {"shell": {"command": ["x"]}}}, "'io'"),
        (node("n8", inputs=[{"name": "a", "schema": {"type": "integer"}}]), "no 'arg'"),
        (node("n9", inputs=[{"name": "a", "schema": {"type": "integer"}, "arg": {"flag": "x; rm"}}]), "flag"),
        (node("n10", inputs=[{"name": "a", "schema": {"type": "strng"}, "arg": {"flag": "--a"}}]), "JSON Schema"),
        (node("n11", inputs=[
            {"name": "a", "schema": {"type": "integer"}, "repeated": True, "arg": {"positional": 0}},
            {"name": "b", "schema": {"type": "integer"}, "arg": {"positional": 1}}]), "last positional"),
        (node("n12", inputs=[{"name": "a", "schema": {"$ref": "#/schemas/Loop"}, "arg": "stdin"}]), "itself"),
    ],
)
def test_nodes_that_cannot_be_determined_fail_loudly(raw: Any, words: str) -> None:
    with pytest.raises(IntentError) as caught:
        project({"schemas": {**SCHEMAS, "Loop": {"$ref": "#/schemas/Loop"}}, "nodes": [raw]})
    assert caught.value.code == "CONFIG_INVALID"
    assert words in caught.value.message
    if isinstance(raw, dict) and "id" in raw:
        assert raw["id"] in caught.value.message


def bare(**fields: Any) -> dict[str, Any]:
    """A valid node 'x' with ``fields`` replaced (a field set to ``...`` is left out)."""
    raw = {"id": "x", "summary": "s", "io": {"inputs": []}, "invoke": {"shell": {"command": ["run"]}}, **fields}
    return {key: value for key, value in raw.items() if value is not ...}


def integers(*args: Any, **fields: Any) -> list[dict[str, Any]]:
    """Integer inputs named a, b, ... with the given ``arg`` forms (and ``fields`` for every one)."""
    return [{"name": "abcdefgh"[index], "schema": {"type": "integer"}, "arg": arg, **fields}
            for index, arg in enumerate(args)]


HINTS = "readOnlyHint, destructiveHint, idempotentHint, openWorldHint"
BAD_COMMAND = "must be a non-empty list of strings"
BAD_CODES = "must be a non-empty list of exit statuses 0-255"
BAD_FUNCTION = "must name a function as 'module:function'"
PROCESS = {"function": "m:f"}


@pytest.mark.parametrize(
    ("raw", "message", "pointer"),
    [
        ("not a node", "Tool node 0 must be a JSON object", "/0"),
        (bare(id=...), "Tool node 0 needs a non-empty string 'id'", "/0/id"),
        (bare(id=" "), "Tool node 0 needs a non-empty string 'id'", "/0/id"),
        (bare(id=5), "Tool node 0 needs a non-empty string 'id'", "/0/id"),
        (bare(title=5), "'title' must be a string", "/0/title"),
        (bare(summary=...), "'summary' must be a non-empty string", "/0/summary"),
        (bare(summary=" \n"), "'summary' must be a non-empty string", "/0/summary"),
        (bare(io=[]), "'io' must be an object with 'inputs' (and optionally 'outputs')", "/0/io"),
        (bare(io={"inputs": {}}), "'io.inputs' must be a list of at most 256 inputs", "/0/io/inputs"),
        (bare(io={"inputs": [{}] * 257}), "'io.inputs' must be a list of at most 256 inputs", "/0/io/inputs"),
        (bare(io={"inputs": integers({"flag": "--a"}) * 2}),
         "input 'a' is declared twice", "/0/io/inputs"),
        (bare(io={"inputs": integers({"positional": 0}, {"flag": "--b"}, {"positional": 0})}),
         "inputs 'a' and 'c' share a position", "/0"),
        (bare(io={"inputs": integers("stdin", {"flag": "--b"}, "stdin")}),
         "at most one input can be read from stdin", "/0/io/inputs"),
        (bare(io={"inputs": integers("stdin", repeated=True)}), "stdin input 'a' cannot be repeated", "/0/io/inputs"),
        # Declared out of order: 'b' comes first in argv, so its being repeated is what is wrong.
        (bare(io={"inputs": [*integers({"positional": 1}), {**integers({"positional": 0})[0], "name": "b",
                                                            "repeated": True}]}),
         "repeated positional input 'b' must be the last positional", "/0/io/inputs"),
        (bare(io={"inputs": [], "outputs": {}}), "'io.outputs' must be a list", "/0/io/outputs"),
        (bare(io={"inputs": [], "outputs": [{"name": "o"}, 5]}), "an output must be an object with a 'name'",
         "/0/io/outputs/1"),
        (bare(io={"inputs": [], "outputs": [{"name": ""}]}), "an output must be an object with a 'name'",
         "/0/io/outputs/0"),
        (bare(io={"inputs": [], "outputs": [{"name": 5}]}), "an output must be an object with a 'name'",
         "/0/io/outputs/0"),
        (bare(io={"inputs": [], "outputs": [{"schema": {}}]}), "an output must be an object with a 'name'",
         "/0/io/outputs/0"),
        (bare(io={"inputs": [], "outputs": [{"name": "o", "schema": "Nope"}]}),
         "Tool node 'x', output 'o': schema reference 'Nope' does not resolve", "/0/io/outputs/0/schema"),
        (bare(requires="gpu"), "'requires' must be a list of non-empty strings", "/0/requires"),
        (bare(requires=["gpu", ""]), "'requires' must be a list of non-empty strings", "/0/requires"),
        (bare(requires=[5]), "'requires' must be a list of non-empty strings", "/0/requires"),
        (bare(annotations=[]), f"'annotations' must be an object of {HINTS}", "/0/annotations"),
        (bare(annotations={"fastHint": True}), f"annotation 'fastHint' must be one of {HINTS} with a boolean value",
         "/0/annotations/fastHint"),
        (bare(annotations={"readOnlyHint": True, "openWorldHint": 1}),
         f"annotation 'openWorldHint' must be one of {HINTS} with a boolean value", "/0/annotations/openWorldHint"),
        (bare(invoke=...), "'invoke' must name at least one of shell, container, inProcess, mcp", "/0/invoke"),
        (bare(invoke={}), "'invoke' must name at least one of shell, container, inProcess, mcp", "/0/invoke"),
        (bare(invoke=["shell"]), "'invoke' must name at least one of shell, container, inProcess, mcp", "/0/invoke"),
        (bare(invoke={"mcp": {}, "telepathy": {}}),
         "unknown invoke arm 'telepathy' (expected shell, container, inProcess or mcp)", "/0/invoke/telepathy"),
        (bare(invoke={"shell": ["run"]}), "'invoke.shell' must be an object", "/0/invoke/shell"),
        (bare(invoke={"mcp": None}), "'invoke.mcp' must be an object", "/0/invoke/mcp"),
        (bare(invoke={"shell": {}}), f"'invoke.shell.command' {BAD_COMMAND}", "/0/invoke/shell/command"),
        (bare(invoke={"shell": {"command": "run it"}}), f"'invoke.shell.command' {BAD_COMMAND}",
         "/0/invoke/shell/command"),
        (bare(invoke={"shell": {"command": []}}), f"'invoke.shell.command' {BAD_COMMAND}", "/0/invoke/shell/command"),
        (bare(invoke={"shell": {"command": ["run", 5]}}), f"'invoke.shell.command' {BAD_COMMAND}",
         "/0/invoke/shell/command"),
        (bare(invoke={"shell": {"command": ["run", ""]}}), f"'invoke.shell.command' {BAD_COMMAND}",
         "/0/invoke/shell/command"),
        (bare(invoke={"shell": {"command": ["run", "a\x00b"]}}), f"'invoke.shell.command' {BAD_COMMAND}",
         "/0/invoke/shell/command"),
        (bare(invoke={"container": {"image": "i"}}), f"'invoke.container.command' {BAD_COMMAND}",
         "/0/invoke/container/command"),
        (bare(invoke={"container": {"command": ["run"]}}), "'invoke.container.image' must be a non-empty string",
         "/0/invoke/container/image"),
        (bare(invoke={"container": {"command": ["run"], "image": ""}}),
         "'invoke.container.image' must be a non-empty string", "/0/invoke/container/image"),
        (bare(invoke={"container": {"command": ["run"], "image": 5}}),
         "'invoke.container.image' must be a non-empty string", "/0/invoke/container/image"),
        (bare(invoke={"container": {"command": ["run"], "image": "-v"}}),
         "'invoke.container.image' must not start with '-'", "/0/invoke/container/image"),
        (bare(invoke={"shell": {"command": ["run"], "okExitCodes": 0}}), f"'invoke.shell.okExitCodes' {BAD_CODES}",
         "/0/invoke/shell/okExitCodes"),
        (bare(invoke={"shell": {"command": ["run"], "okExitCodes": []}}), f"'invoke.shell.okExitCodes' {BAD_CODES}",
         "/0/invoke/shell/okExitCodes"),
        (bare(invoke={"shell": {"command": ["run"], "okExitCodes": [0, True]}}),
         f"'invoke.shell.okExitCodes' {BAD_CODES}", "/0/invoke/shell/okExitCodes"),
        (bare(invoke={"shell": {"command": ["run"], "okExitCodes": [1.0]}}),
         f"'invoke.shell.okExitCodes' {BAD_CODES}", "/0/invoke/shell/okExitCodes"),
        (bare(invoke={"shell": {"command": ["run"], "okExitCodes": [-1]}}),
         f"'invoke.shell.okExitCodes' {BAD_CODES}", "/0/invoke/shell/okExitCodes"),
        (bare(invoke={"container": {"command": ["run"], "image": "i", "okExitCodes": [256]}}),
         f"'invoke.container.okExitCodes' {BAD_CODES}", "/0/invoke/container/okExitCodes"),
        (bare(invoke={"shell": {"command": ["run"], "timeoutSeconds": True}}),
         "'invoke.shell.timeoutSeconds' must be a positive number", "/0/invoke/shell/timeoutSeconds"),
        (bare(invoke={"shell": {"command": ["run"], "timeoutSeconds": "5"}}),
         "'invoke.shell.timeoutSeconds' must be a positive number", "/0/invoke/shell/timeoutSeconds"),
        (bare(invoke={"shell": {"command": ["run"], "timeoutSeconds": 0}}),
         "'invoke.shell.timeoutSeconds' must be a positive number", "/0/invoke/shell/timeoutSeconds"),
        (bare(invoke={"container": {"command": ["run"], "image": "i", "timeoutSeconds": -0.5}}),
         "'invoke.container.timeoutSeconds' must be a positive number", "/0/invoke/container/timeoutSeconds"),
        (bare(invoke={"inProcess": {**PROCESS, "timeoutSeconds": None}}),
         "'invoke.inProcess.timeoutSeconds' must be a positive number", "/0/invoke/inProcess/timeoutSeconds"),
        (bare(invoke={"inProcess": {}}), f"'invoke.inProcess.function' {BAD_FUNCTION}",
         "/0/invoke/inProcess/function"),
        (bare(invoke={"inProcess": {"function": 5}}), f"'invoke.inProcess.function' {BAD_FUNCTION}",
         "/0/invoke/inProcess/function"),
        (bare(invoke={"inProcess": {"function": "module.function"}}), f"'invoke.inProcess.function' {BAD_FUNCTION}",
         "/0/invoke/inProcess/function"),
        (bare(invoke={"inProcess": {"function": "m:f:g"}}), f"'invoke.inProcess.function' {BAD_FUNCTION}",
         "/0/invoke/inProcess/function"),
        (bare(invoke={"inProcess": {"function": "m:f()"}}), f"'invoke.inProcess.function' {BAD_FUNCTION}",
         "/0/invoke/inProcess/function"),
    ],
)
def test_each_node_problem_is_named_and_pointed_at(raw: Any, message: str, pointer: str) -> None:
    with pytest.raises(IntentError) as caught:
        parse_node(raw, SchemaRegistry())
    expected = message if message.startswith("Tool node ") else f"Tool node 'x': {message}"
    assert (caught.value.code, caught.value.message, caught.value.path) == ("CONFIG_INVALID", expected, pointer)


def test_a_node_parses_to_exactly_what_it_declares() -> None:
    raw = bare(title="T", summary="does s", requires=["gpu", "bin:run"], annotations={"readOnlyHint": False},
               io={"inputs": integers({"positional": 1}, {"positional": 0}, repeated=False),
                   "outputs": [{"name": "n", "schema": {"type": "integer"}, "required": True}, {"name": "text"},
                               {"name": "maybe", "required": "yes"}]},
               invoke={"shell": {"command": ["run"], "okExitCodes": [0, 255], "timeoutSeconds": 0.5},
                       "mcp": {"timeoutSeconds": "not read"}})
    tool = parse_node(raw, SchemaRegistry(), index=3)
    assert (tool.id, tool.title, tool.summary, tool.requires, tool.annotations) == (
        "x", "T", "does s", ("gpu", "bin:run"), {"readOnlyHint": False})
    assert tool.raw is raw and tool.invoke == raw["invoke"]
    assert [(item.name, item.position) for item in tool.inputs] == [("a", 1), ("b", 0)]
    assert tool.outputs == (("n", {"type": "integer"}, True), ("text", None, False), ("maybe", None, False))
    # Everything optional left out: no title, no outputs, no requirements, no annotations.
    tool = parse_node(bare(io={}, invoke={"inProcess": {"function": "pkg.mod:run_it", "timeoutSeconds": 30}}),
                      SchemaRegistry())
    assert (tool.title, tool.inputs, tool.outputs, tool.requires, tool.annotations, tool.arm) == (
        None, (), (), (), {}, "inProcess")
    # The last of 256 inputs may be a repeated positional.
    inputs: list[dict[str, Any]] = [{"name": f"n{index}", "schema": {"type": "integer"}, "arg": {"flag": f"--n{index}"}}
              for index in range(255)]
    inputs.append({"name": "rest", "schema": {"type": "integer"}, "repeated": True, "arg": {"positional": 0}})
    assert len(parse_node(bare(io={"inputs": inputs}), SchemaRegistry()).inputs) == 256


def test_an_output_schema_is_checked_as_json_schema() -> None:
    raw = bare(io={"inputs": [], "outputs": [{"name": "o", "schema": {"type": "strng"}}]})
    with pytest.raises(IntentError) as caught:
        parse_node(raw, SchemaRegistry())
    assert caught.value.message.startswith("Tool node 'x', output 'o': invalid JSON Schema: ")
    assert caught.value.path == "/0/io/outputs/0/schema"


def test_a_schema_registry_starts_from_the_schemas_it_is_given() -> None:
    assert SchemaRegistry({"A": {"type": "integer"}}).lookup("#/schemas/A") == {"type": "integer"}
    assert SchemaRegistry().schemas == {} and SchemaRegistry(None).schemas == {}
    with pytest.raises(KeyError, match="#/schemas/A"):
        SchemaRegistry({"B": {}}).lookup("#/schemas/A")


@pytest.mark.parametrize(
    ("raw_input", "message", "pointer"),
    [
        (5, "Tool node 'x': an input must be a JSON object", "/0/io/inputs/0"),
        ({"name": "1st", "schema": {"type": "integer"}, "arg": {"flag": "--n"}},
         "Tool node 'x': input 'name' must be an identifier", "/0/io/inputs/0/name"),
    ],
)
def test_an_input_that_cannot_be_read_is_named_and_pointed_at(raw_input: Any, message: str, pointer: str) -> None:
    with pytest.raises(IntentError) as caught:
        project([node("x", inputs=[raw_input])])
    assert (caught.value.code, caught.value.message, caught.value.path) == ("CONFIG_INVALID", message, pointer)


INTEGER = {"type": "integer"}
ARG_FORMS = 'must be {"flag": "--x"}, {"positional": N} or "stdin"'


@pytest.mark.parametrize(
    ("raw_input", "problem", "where"),
    [
        ({"name": "n", "arg": {"flag": "--n"}}, "'schema' is missing", "schema"),
        ({"name": "n", "schema": 5, "arg": {"flag": "--n"}}, "'schema' must be a JSON Schema object or a schema name",
         "schema"),
        ({"name": "n", "schema": INTEGER, "required": "yes", "arg": {"flag": "--n"}},
         "'required' must be true or false", "required"),
        ({"name": "n", "schema": INTEGER, "description": 5, "arg": {"flag": "--n"}}, "'description' must be a string",
         "description"),
        ({"name": "n", "schema": INTEGER, "arg": {"flag": "n"}}, "flag must look like '--name' or '-n'", "arg/flag"),
        ({"name": "n", "schema": INTEGER, "arg": {"positional": -1}}, "positional must be a non-negative integer",
         "arg/positional"),
        ({"name": "n", "schema": INTEGER, "arg": {"positional": True}}, "positional must be a non-negative integer",
         "arg/positional"),
        ({"name": "n", "schema": INTEGER, "arg": {"stdin": False}}, f"'arg' {ARG_FORMS}", "arg"),
        ({"name": "n", "schema": INTEGER, "arg": {"flag": "--n", "positional": 0}}, f"'arg' {ARG_FORMS}", "arg"),
        ({"name": "n", "schema": {"anyOf": [{"$ref": "#/schemas/Nope"}]}, "arg": "stdin"},
         "schema reference '#/schemas/Nope' does not resolve", "schema"),
        ({"name": "n", "schema": {"$ref": "#/schemas/Loop"}, "arg": "stdin"},
         "schema reference '#/schemas/Loop' refers to itself", "schema"),
        ({"name": "n", "schema": {"$ref": "#/schemas/List"}, "arg": "stdin"},
         "schema reference '#/schemas/List' is not a schema", "schema"),
    ],
)
def test_each_input_problem_is_named_and_pointed_at(raw_input: dict[str, Any], problem: str, where: str) -> None:
    with pytest.raises(IntentError) as caught:
        project({"schemas": {"Loop": {"$ref": "#/schemas/Loop"}, "List": [1]},
                 "nodes": [node("x", inputs=[raw_input])]})
    assert (caught.value.message, caught.value.path) == (f"Tool node 'x', input 'n': {problem}",
                                                         f"/0/io/inputs/0/{where}")


def test_an_invalid_schema_is_named_by_the_first_200_characters_of_its_problem() -> None:
    with pytest.raises(IntentError) as caught:
        project([node("x", inputs=[{"name": "n", "schema": {"type": "x" * 300}, "arg": "stdin"}])])
    prefix = "Tool node 'x', input 'n': invalid JSON Schema: "
    assert caught.value.message.startswith(prefix) and len(caught.value.message) == len(prefix) + 200


@pytest.mark.parametrize("arg", ["stdin", {"stdin": True}, {"stdin": {}}])
def test_stdin_is_written_three_ways(arg: Any) -> None:
    raw = node("x", inputs=[{"name": "n", "schema": {"type": "string"}, "arg": arg}])
    assert build_invocation(raw, {"n": "text"}).stdin == b"text"


def test_duplicate_ids_and_name_collisions_fail() -> None:
    with pytest.raises(IntentError, match="declared twice"):
        project([node("a"), node("a")])
    with pytest.raises(IntentError, match="both project"):
        project([node("a/b"), node("a:b")])


def test_check_reports_every_finding_with_where_it_is_and_whether_it_blocks() -> None:
    free = [{"name": "v", "schema": {"type": "string"}, "arg": {"flag": "--v"}}]
    document = {"nodes": [{"id": "a"}, node("b.free", inputs=free), node("c.ok"), node("c.ok"),
                          node("d.net", requires=["network"]), 7]}
    assert [finding.to_dict() for finding in check_nodes(document)] == [
        {"id": "a", "kind": "could_not_determine", "reason": "Tool node 'a': 'summary' must be a non-empty string",
         "pointer": "/nodes/0/summary", "blocking": True},
        {"id": "b.free", "kind": "unconstrained_argv", "reason": "argv input 'v' is a free string without enum, "
         "pattern or format; free text belongs on stdin", "pointer": "/nodes/1/io/inputs/0/schema", "blocking": True},
        {"id": "c.ok", "kind": "could_not_determine", "reason": "Tool node 'c.ok' is declared twice or shares its "
         "tool name", "pointer": "/nodes/3/id", "blocking": True},
        {"id": "d.net", "kind": "requires_unmet", "reason": "requires network, not available on this host",
         "pointer": "/nodes/4/requires", "blocking": False},
        {"id": None, "kind": "could_not_determine", "reason": "Tool node 5 must be a JSON object",
         "pointer": "/nodes/5", "blocking": True},
    ]
    # A bare list is pointed into from the root; what is available, or on the host, is no finding.
    assert [(f.id, f.pointer) for f in check_nodes([node("b.free", inputs=free)])] == [
        ("b.free", "/0/io/inputs/0/schema")]
    assert check_nodes([node("d.net", requires=["network"])], ["network"]) == []
    assert [(f.id, f.reason) for f in check_nodes([node("a+b"), node("a_b")])] == [
        ("a_b", "Tool node 'a_b' is declared twice or shares its tool name")]  # both are the tool a_b
    named = [{"name": "s", "schema": "BeanStatus", "arg": {"flag": "--s"}}]
    assert check_nodes([node(inputs=named)], schemas=SCHEMAS) == []
    bare_host = Host.detect(environ={"PATH": "/nonexistent"})
    assert [f.reason for f in check_nodes([node("e.bin")], host=bare_host)] == [
        "requires bin:beans (no program 'beans' on PATH), not available on this host"]
    assert [(f.kind, f.reason, f.pointer) for f in check_nodes({"nodes": 5})] == [
        ("could_not_determine", "field 'nodes' must be a list of Tool nodes", "/nodes")]


def test_each_kind_of_omission_says_exactly_why_and_points_at_its_cause() -> None:
    free = [{"name": "v", "schema": {"type": "string"}, "arg": {"flag": "--v"}}]
    nodes = [
        node("remote", invoke={"mcp": {"server": "other", "tool": "x"}}),
        node("sh", invoke={"shell": {"command": ["sh", "-c", "echo"]}}),
        # A container arm is argv too: its command and its inputs are held to the same rules.
        node("boxed", inputs=free, invoke={"container": {"image": "alpine", "command": ["cat"]}}),
        node("boxed.sh", invoke={"container": {"image": "alpine", "command": ["sh", "-c", "id"]}}),
        node("no.arg", inputs=[{"name": "v", "schema": {"type": "integer"}}]),
    ]
    shell_by_another_name = ("the command runs 'sh -c': an interpreter told to run its arguments is a shell by "
                             "another name")
    assert [(f.id, f.kind, f.reason, f.pointer) for f in check_nodes(nodes)] == [
        ("remote", "mcp_only", "only invoke.mcp: the tool is already reachable over MCP", "/0"),
        ("sh", "unsafe_command", shell_by_another_name, "/1/invoke/shell/command"),
        ("boxed", "unconstrained_argv", "argv input 'v' is a free string without enum, pattern or format; free text "
         "belongs on stdin", "/2/io/inputs/0/schema"),
        ("boxed.sh", "unsafe_command", shell_by_another_name, "/3/invoke/container/command"),
        ("no.arg", "could_not_determine", "Tool node 'no.arg': input 'v' has no 'arg' (flag, positional or stdin)",
         "/4/io/inputs"),
    ]


def test_unmet_requirements_are_all_named_and_pointed_at_where_they_come_from() -> None:
    two = node("f.two", requires=["network", "gpu"])
    assert [(f.reason, f.pointer) for f in check_nodes([two])] == [
        ("requires network, gpu, not available on this host", "/0/requires")]
    # What the arm itself runs on is no 'requires' entry: the pointer names the arm.
    bare_host = Host.detect(environ={"PATH": "/nonexistent"})
    assert [f.pointer for f in check_nodes([node("e.bin")], host=bare_host)] == ["/0/invoke/shell"]


@pytest.mark.parametrize(
    ("document", "reason", "pointer"),
    [
        ({"schemas": {}}, "a Tool node document needs a 'nodes' list", ""),
        ({"nodes": [], "schemas": 5}, "field 'schemas' must be an object of named schemas", "/schemas"),
        ("nodes", "Tool nodes must be a list of JSON objects", ""),
    ],
)
def test_a_document_that_holds_no_list_of_nodes_is_one_finding_saying_why(document: Any, reason: str,
                                                                          pointer: str) -> None:
    assert [(f.id, f.kind, f.reason, f.pointer) for f in check_nodes(document)] == [
        (None, "could_not_determine", reason, pointer)]


def test_an_input_property_is_a_copy_of_its_schema_with_the_inputs_description() -> None:
    described = parse_node(node(inputs=[
        {"name": "status", "schema": "BeanStatus", "description": "the new status", "arg": {"flag": "--status"}},
        {"name": "tag", "schema": {"type": "string", "pattern": "^[a-z]+$", "description": "own words"},
         "description": "tags to add", "repeated": True, "arg": {"flag": "--tag"}},
        {"name": "limit", "schema": {"type": "integer", "minimum": 1, "description": "its own"},
         "description": "not used", "arg": {"flag": "-n"}},
    ]), SchemaRegistry(SCHEMAS))
    status, tag, limit = described.inputs
    assert limit.property_schema() == {"type": "integer", "minimum": 1, "description": "its own"}
    assert status.property_schema() == {"type": "string", "enum": ["todo", "in-progress", "done"],
                                        "description": "the new status"}
    assert tag.property_schema() == {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$",
                                                                "description": "own words"},
                                     "description": "tags to add"}
    status.property_schema()["enum"].append("lost")  # the node's own schema is not touched
    assert status.property_schema()["enum"] == ["todo", "in-progress", "done"]


def test_stdin_carries_json_for_other_values_and_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = node(inputs=[{"name": "doc", "schema": {"type": "object"}, "arg": "stdin"}])
    parsed = parse_node(raw, SchemaRegistry())
    assert build_invocation(parsed, {"doc": {"note": "café"}}).stdin == '{"note": "café"}'.encode()
    monkeypatch.setattr("catalog.tool_nodes.argv.MAX_STDIN_BYTES", 18)
    assert build_invocation(parsed, {"doc": {"note": "cafés"}}).stdin == '{"note": "cafés"}'.encode()  # 18 bytes
    with pytest.raises(IntentError) as caught:
        build_invocation(parsed, {"doc": {"note": "cafés!"}})
    assert (caught.value.code, caught.value.message, caught.value.path) == (
        "INPUT_INVALID", "argument 'doc' is larger than 18 bytes", "/arguments/doc")


def test_a_tool_declares_its_annotations_and_no_empty_required_list() -> None:
    (tool,) = project([node(annotations={"readOnlyHint": True})]).tools
    assert tool["annotations"] == {"readOnlyHint": True}
    assert tool["inputSchema"] == {"type": "object", "properties": {}, "additionalProperties": False}
    optional = node()
    optional["io"]["outputs"] = [{"name": "count", "schema": {"type": "integer"}}]
    (plain,) = project([optional]).tools
    assert "annotations" not in plain
    assert plain["outputSchema"] == {"type": "object", "properties": {"count": {"type": "integer"}}}  # none required


def test_projection_to_dict_lists_tools_and_omissions() -> None:
    data = project([node("ok"), node("remote", invoke={"mcp": {}})]).to_dict()
    assert [tool["name"] for tool in data["tools"]] == ["ok"]
    assert data["omitted"] == [{"id": "remote", "kind": "mcp_only", "reason": data["omitted"][0]["reason"]}]
    json.dumps(data)


# --- argv ----------------------------------------------------------------------------------------


def test_build_argv_orders_flags_then_positionals(bean: Any) -> None:
    argv = build_argv(bean, {"id": "bean-1", "status": "done", "tag": ["a", "b"], "limit": 3, "dry_run": True,
                             "more": ["bean-2", "bean-3"], "note": "free; text $(x)"})
    assert argv == ["beans", "set-status", "--status", "done", "--tag", "a", "--tag", "b", "-n", "3",
                    "--dry-run", "bean-1", "bean-2", "bean-3"]


def test_stdin_stays_out_of_argv(bean: Any) -> None:
    invocation = build_invocation(bean, {"id": "b", "status": "todo", "note": "line 1\n$(rm -rf /); x"})
    assert invocation.stdin == b"line 1\n$(rm -rf /); x"
    assert all("rm" not in word for word in invocation.argv)


def test_false_boolean_flag_and_absent_optionals_emit_nothing(bean: Any) -> None:
    assert build_argv(bean, {"id": "b", "status": "todo", "dry_run": False}) == [
        "beans", "set-status", "--status", "todo", "b"
    ]


def test_build_argv_accepts_raw_nodes_with_schemas() -> None:
    assert build_argv(node(inputs=BEAN_INPUTS), {"id": "x", "status": "done"}, schemas=SCHEMAS)[-1] == "x"


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        ({"status": "done"}, "/arguments/id"),
        ({"id": "b", "status": "done", "extra": 1}, "/arguments/extra"),
        ({"id": "b", "status": "finished"}, "/arguments/status"),
        ({"id": "b", "status": "done", "limit": 0}, "/arguments/limit"),
        ({"id": "b", "status": "done", "limit": "3"}, "/arguments/limit"),
        ({"id": "b", "status": "done", "tag": "a"}, "/arguments/tag"),
        ({"id": "b", "status": "done", "tag": ["a", "B"]}, "/arguments/tag"),
        ({"id": "-rf", "status": "done"}, "/arguments/id"),
        ({"id": "a\n", "status": "done"}, "/arguments/id"),
        ({"id": "b", "status": "done", "more": "bean-2"}, "/arguments/more"),
    ],
)
def test_bad_arguments_are_coded_errors(bean: Any, arguments: dict[str, Any], path: str) -> None:
    with pytest.raises(IntentError) as caught:
        build_argv(bean, arguments)
    assert caught.value.code == "INPUT_INVALID"
    assert caught.value.path == path


def test_arguments_that_are_no_object_or_too_long_for_argv_are_refused_at_arguments(bean: Any) -> None:
    arguments: Any
    for arguments in (["x"], {"id": "a", "status": "todo", "more": ["b" * 4000] * 40}):
        with pytest.raises(IntentError) as refused:
            build_argv(bean, arguments)
        assert (refused.value.code, refused.value.path) == ("INPUT_INVALID", "/arguments")


def test_a_repeated_argument_is_a_list_of_at_most_1024_elements_each_named_when_it_fails(bean: Any) -> None:
    base = {"id": "a", "status": "todo"}
    assert len(build_argv(bean, {**base, "tag": ["a"] * 1024})) == 2 + 2 + 2 * 1024 + 1
    for tag, message in [
        ("ok", "argument 'tag' must be a list"),
        (["a"] * 1025, "argument 'tag' has more than 1024 elements"),
        (["ok", "BAD"], 'element 1 of \'tag\' does not match its declared type: fails pattern "^[a-z]+$"'),
    ]:
        with pytest.raises(IntentError) as refused:
            build_argv(bean, {**base, "tag": tag})
        assert (refused.value.path, refused.value.message) == ("/arguments/tag", message)


def test_error_messages_do_not_echo_the_value(bean: Any) -> None:
    with pytest.raises(IntentError) as caught:
        build_argv(bean, {"id": "hunter2-$(secret)", "status": "done"})
    assert "hunter2" not in str(caught.value)


def test_required_repeated_input_needs_an_element() -> None:
    raw = node("multi", inputs=[{"name": "id", "schema": "BeanId", "repeated": True, "required": True,
                                 "arg": {"positional": 0}}])
    assert build_argv(raw, {"id": ["a", "b"]}, schemas=SCHEMAS) == ["beans", "set-status", "a", "b"]
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {"id": []}, schemas=SCHEMAS)
    assert (refused.value.message, refused.value.path) == ("argument 'id' needs at least one element", "/arguments/id")


def test_each_refused_argument_is_named_in_the_message_and_pointed_at(bean: Any) -> None:
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"status": "done"}, "argument 'id' is required", "/arguments/id"),
        ({"id": "b", "status": "done", "zz": 1, "extra": 2}, "unknown argument(s) for 'beans.set-status': extra, zz",
         "/arguments/extra"),
    ]
    for arguments, message, path in cases:
        with pytest.raises(IntentError) as refused:
            build_argv(bean, arguments)
        assert (refused.value.code, refused.value.message, refused.value.path) == ("INPUT_INVALID", message, path)


def test_no_stdin_input_given_means_no_stdin_at_all(bean: Any) -> None:
    # None, not b"": the process then gets /dev/null instead of an empty pipe.
    assert build_invocation(bean, {"id": "b", "status": "todo"}).stdin is None
    assert build_invocation(bean, {"id": "b", "status": "todo", "note": ""}).stdin == b""


def test_a_repeated_boolean_flag_is_written_once_per_true_element() -> None:
    raw = node("v", inputs=[{"name": "verbose", "schema": {"type": "boolean"}, "repeated": True,
                             "arg": {"flag": "-v"}}])
    assert build_argv(raw, {"verbose": [False, True, False, True]}) == ["beans", "set-status", "-v", "-v"]


def test_an_argv_node_input_without_a_place_is_refused_even_when_not_given() -> None:
    raw = node("nowhere", inputs=[{"name": "x", "schema": {"type": "integer"}}])
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {})
    assert (refused.value.code, refused.value.message, refused.value.path) == (
        "INPUT_INVALID", "input 'x' has no place in argv", "/io/inputs")


def test_argv_is_bounded_at_exactly_128_kib_counting_a_terminating_byte_per_word() -> None:
    raw = node("words", inputs=[{"name": "w", "schema": {"type": "string", "pattern": "^[a-z]+$"},
                                 "repeated": True, "arg": {"positional": 0}}])
    command_bytes = len(b"beans\0set-status\0")
    words = ["a" * 4096] * 31  # 31 x 4097 bytes
    last = 128 * 1024 - command_bytes - 31 * 4097 - 1
    assert len(build_argv(raw, {"w": [*words, "a" * last]})) == 2 + 32
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {"w": [*words, "a" * (last + 1)]})
    assert (refused.value.message, refused.value.path) == (
        "the arguments add up to more than 131072 bytes of argv", "/arguments")


def test_in_process_and_mcp_nodes_have_no_argv() -> None:
    in_process = parse_node(node("f", invoke={"inProcess": {"function": "m:f"}}), SchemaRegistry())
    with pytest.raises(IntentError, match="in-process"):
        build_argv(in_process, {})
    remote = parse_node(node("r", invoke={"mcp": {}}), SchemaRegistry())
    with pytest.raises(IntentError, match="MCP"):
        build_argv(remote, {})
    for tool, kind in ((in_process, "is called in-process"), (remote, "is only reachable over MCP")):
        with pytest.raises(IntentError) as refused:
            build_argv(tool, {})
        assert (refused.value.code, refused.value.message, refused.value.path) == (
            "INPUT_INVALID", f"Tool node '{tool.id}' {kind}: it has no argv", "/invoke")


def test_a_direct_call_of_a_shell_by_another_name_is_refused() -> None:
    # python without a script reads its program from the positional input: refused as the projection omits it.
    raw = node("py", inputs=[{"name": "n", "schema": {"type": "integer"}, "arg": {"positional": 0}}],
               invoke={"shell": {"command": ["python3"]}})
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {"n": 1})
    assert (refused.value.code, refused.value.message, refused.value.path) == (
        "INPUT_INVALID", "Tool node 'py' runs 'python3' without a script, so it would read its program from the "
        "call's inputs", "/invoke")
    with pytest.raises(IntentError) as refused:
        build_argv(node("a"), ["not", "an", "object"])  # type: ignore[arg-type]
    assert refused.value.message == "arguments must be a JSON object"


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object", "properties": {"a": {"$ref": "#/schemas/Nope"}}},
        {"$ref": "#/schemas/Object", "properties": {"a": {"$ref": "#/schemas/Nope"}}},
    ],
    ids=["nested", "beside-a-reference"],
)
def test_a_reference_deep_inside_a_schema_is_resolved_or_named(schema: dict[str, Any]) -> None:
    with pytest.raises(IntentError) as caught:
        project({"schemas": {"Object": {"type": "object"}}, "nodes": [node("x", inputs=[
            {"name": "n", "schema": schema, "arg": "stdin"}])]})
    assert (caught.value.message, caught.value.path) == (
        "Tool node 'x', input 'n': schema reference '#/schemas/Nope' does not resolve", "/0/io/inputs/0/schema")


@pytest.mark.parametrize("arg", [{"positional": 0}, {"flag": "--q"}], ids=["positional", "flag"])
def test_direct_call_on_unconstrained_node_is_refused(arg: dict[str, Any]) -> None:
    raw = node("grep", inputs=[{"name": "q", "schema": {"type": "string"}, "arg": arg}])
    with pytest.raises(IntentError) as refused:
        build_argv(raw, {})  # refused for its type, whether or not a value is given
    assert (refused.value.message, refused.value.path) == (
        "input 'q' is a free string without enum, pattern or format: free text goes on stdin", "/arguments/q")


def test_container_arm_builds_the_command_argv() -> None:
    raw = node("c", inputs=[{"name": "n", "schema": {"type": "integer"}, "arg": {"flag": "--n"}}],
               invoke={"container": {"image": "tools:1", "command": ["run-it"]}})
    assert build_argv(raw, {"n": -4}) == ["run-it", "--n", "-4"]


PAYLOADS = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["; rm -rf /", "$(reboot)", "`id`", "a\nb", "-rf", "--help", "a b", "x|y", "a&&b",
                     "bean-1\n", "${IFS}", "'\"", "\x00", "-", "--"]),
    st.builds(lambda a, b: a + b, st.sampled_from(["", "-", ";", "$(", "\n", "ok-"]), st.text(max_size=10)),
)
ID_PATTERN = re.compile(r"[a-z0-9-]+")


@settings(max_examples=300, deadline=None)
@given(value=PAYLOADS, tags=st.lists(PAYLOADS, max_size=4))
def test_argv_never_carries_a_payload(value: str, tags: list[str]) -> None:
    bean = parse_node(node(inputs=BEAN_INPUTS), SchemaRegistry(SCHEMAS))
    try:
        argv = build_argv(bean, {"id": value, "status": "done", "tag": tags})
    except IntentError as error:
        assert error.code == "INPUT_INVALID"
        assert error.path in ("/arguments/id", "/arguments/tag")
        return
    # Accepted: every value is exactly one word, matches its type, and cannot read as an option.
    assert isinstance(argv, list)
    assert argv[-1] == value
    assert ID_PATTERN.fullmatch(value) and not value.startswith("-")
    assert argv.count("--tag") == len(tags)
    for position, tag in enumerate(tags):
        assert argv[argv.index("--tag") + 2 * position + 1] == tag
        assert re.fullmatch(r"[a-z]+", tag)


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.sampled_from(["todo", "in-progress", "done"]), min_size=0, max_size=6))
def test_repeated_flag_emitted_once_per_element_never_joined(values: list[str]) -> None:
    raw = node("multi", inputs=[{"name": "status", "schema": "BeanStatus", "repeated": True,
                                 "arg": {"flag": "--status"}}])
    argv = build_argv(raw, {"status": values}, schemas=SCHEMAS)
    assert argv[:2] == ["beans", "set-status"]
    assert argv[2:] == [word for value in values for word in ("--status", value)]
    assert not any("," in word for word in argv)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=60))
def test_stdin_takes_any_text_unchanged(text: str) -> None:
    raw = node("mail", inputs=[{"name": "body", "schema": {"type": "string"}, "arg": "stdin"}])
    invocation = build_invocation(raw, {"body": text})
    assert invocation.argv == ["beans", "set-status"]
    assert invocation.stdin == text.encode("utf-8")


# --- audit ---------------------------------------------------------------------------------------


def test_record_invocation_writes_one_json_line(tmp_path: Path) -> None:
    secret_node = parse_node(
        node("login", inputs=[
            {"name": "user", "schema": {"type": "string", "pattern": "^[a-z]+$"}, "arg": {"flag": "--user"}},
            {"name": "token", "schema": {"type": "string", "pattern": "^[A-Za-z0-9]+$"}, "secret": True,
             "arg": {"flag": "--token"}},
        ]),
        SchemaRegistry(),
    )
    arguments = {"user": "alice", "token": "S3cr3tT0ken"}
    argv = build_argv(secret_node, arguments)
    log = tmp_path / "audit.jsonl"
    moment = datetime(2026, 11, 30, 10, 0, tzinfo=timezone.utc)
    record = record_invocation(log, secret_node, argv, outcome="ok", stdin_length=12, exit_code=0,
                               arguments=arguments, now=moment)
    record_invocation(log, secret_node, argv, outcome="error", arguments=arguments)
    lines = log.read_text().splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert first == record
    assert first["node"] == "login"
    assert first["argv"] == ["beans", "set-status", "--user", "alice", "--token", "[redacted]"]
    assert first["stdinLength"] == 12
    assert first["time"] == "2026-11-30T10:00:00.000Z"
    assert first["outcome"] == "ok" and first["exitCode"] == 0
    assert "S3cr3tT0ken" not in log.read_text()
    assert json.loads(lines[1])["outcome"] == "error"


def test_record_invocation_to_a_stream_bounds_long_words() -> None:
    stream = io.StringIO()
    raw = parse_node(node("x"), SchemaRegistry())
    record_invocation(stream, raw, ["x", "y" * 5000], outcome="ok")
    written = json.loads(stream.getvalue())
    assert len(written["argv"][1]) < 600
