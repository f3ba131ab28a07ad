"""One logical connection's view of the adapter: tool calls, host records and their lifetime."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import anyio
import mcp_types as types
import orjson

from adapter import envelope
from adapter.arguments import as_arguments, check_keys, select_instance, string_argument
from adapter.context import current_request
from adapter.execution import (
    REQUEST_ID_META_KEY,
    ExecutionReply,
    ExecutionRequest,
    wants_spans,
    with_spans,
    without_offsets,
)
from adapter.handoff import HostHandoff, Reply
from adapter.progress import with_progress
from adapter.schemas import ACCEPT_INPUT_SCHEMA, CANCEL_INPUT_SCHEMA, CANCEL_REASONS, EXECUTE_INPUT_SCHEMA
from adapter.tools import ToolKind
from intent.errors import IntentError

if TYPE_CHECKING:
    from adapter.adapter import IntentMcpAdapter

logger = logging.getLogger(__name__)


class IntentMcpSession:
    """Created by ``IntentMcpAdapter.connect``; one per logical MCP connection, never shared across clients.

    ``call_tool`` answers the adapter's tools with a ``CallToolResult`` shaped for the session's
    protocol version, and ``None`` for any other tool name so a router can pass it on.
    ``close`` ends the session's running recognitions and drops its host records; the caller's
    ``Intent`` objects stay open.
    """

    def __init__(self, adapter: IntentMcpAdapter, protocol_version: str) -> None:
        self._adapter = adapter
        self.protocol_version = protocol_version
        self._closed = False
        self._running: set[anyio.CancelScope] = set()
        self._handoff = HostHandoff(adapter.ledger, lambda: self._closed)
        # False for a session that lives for one call only (see adapter.binding): nothing it kept
        # could be executed later, so intent_parse hands out no request id there.
        self.keeps_recognitions = True

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def tools(self) -> tuple[types.Tool, ...]:
        """The adapter's tools as a client of this session's protocol version sees them."""
        return tuple(envelope.tool_for_version(tool, self.protocol_version) for tool in self._adapter.tools)

    @property
    def record_count(self) -> int:
        """How many host records this session holds (pending and retained)."""
        return self._handoff.record_count

    async def call_tool(
        self, name: str, arguments: Mapping[str, Any] | None = None, *, request_context: Any = None
    ) -> types.CallToolResult | None:
        """Run one of the adapter's tools; ``None`` if ``name`` is not one of them.

        ``request_context`` is the SDK's request context when the call came over MCP; it is made
        available to executors as ``adapter.context.current_request`` and used for progress.
        Cancelling the awaiting task cancels the recognition.
        """
        kind = self._adapter.tool_kind(name)
        if kind is None:
            return None
        version = self.protocol_version
        if self._closed:
            return envelope.failure(self._closed_error(), version)
        token = current_request.set(request_context)
        try:
            with anyio.CancelScope() as scope:
                self._running.add(scope)
                try:
                    reply = await self._run(kind, arguments, request_context)
                finally:
                    self._running.discard(scope)
            if scope.cancelled_caught:
                return envelope.failure(self._closed_error(), version)
            if isinstance(reply, types.CallToolResult):
                return reply
            body, text = reply
            return envelope.success(body, version, text=text)
        except IntentError as error:
            return envelope.failure(error, version)
        except Exception as exc:
            # The message of an unexpected exception may carry anything; only its type is logged.
            logger.error("tool %s failed unexpectedly: %s", kind.value, type(exc).__name__)
            return envelope.failure(IntentError("INTERNAL", "the tool failed unexpectedly"), version)
        finally:
            current_request.reset(token)

    async def close(self) -> None:
        """End running recognitions and drop host records. Idempotent."""
        self.close_now()

    def close_now(self) -> None:
        """Synchronous ``close``, for connection teardown hooks that cannot await."""
        if self._closed:
            return
        self._closed = True
        for scope in list(self._running):
            scope.cancel()
        self._handoff.close()
        self._adapter.forget_session(self)

    @staticmethod
    def _closed_error() -> IntentError:
        return IntentError("SESSION_CLOSED", "the session is closed; connect again (host requests need a new prepare)")

    async def _run(
        self, kind: ToolKind, arguments: Mapping[str, Any] | None, request_context: Any
    ) -> Reply | types.CallToolResult:
        args = as_arguments(arguments)
        if kind is ToolKind.PARSE or kind is ToolKind.PREPARE:
            check_keys(args, self._adapter.request_properties)
            name, intent = select_instance(args, self._adapter.instances)
            if kind is ToolKind.PREPARE:
                keeps = self._adapter.execution is not None and self.keeps_recognitions
                return _json_reply(self._handoff.prepare(intent, args, instance=name, keep_spans=keeps))
            if self._adapter.execution is None or not self.keeps_recognitions:
                return await self._parse(intent, args, request_context)
            asked_spans = wants_spans(args)
            body, text = await self._parse(intent, with_spans(args), request_context)
            request_id = self._handoff.keep(text, instance=name)
            if not asked_spans:
                body = without_offsets(body)
                text = envelope.compact_json(body)
            return envelope.success(body, self.protocol_version, text=text, meta={REQUEST_ID_META_KEY: request_id})
        if kind is ToolKind.EXECUTE:
            return await self._execute(args, request_context)
        if kind is ToolKind.ACCEPT:
            check_keys(args, ACCEPT_INPUT_SCHEMA["properties"], tuple(ACCEPT_INPUT_SCHEMA["required"]))
            request_id = string_argument(args, "requestId")
            token = string_argument(args, "submissionToken")
            candidate = string_argument(args, "candidateText", allow_empty=True)

            async def accept() -> Reply:
                return await self._handoff.accept(request_id, token, candidate)

            return await with_progress(request_context, self._adapter.progress_interval, accept)
        check_keys(args, CANCEL_INPUT_SCHEMA["properties"], tuple(CANCEL_INPUT_SCHEMA["required"]))
        request_id = string_argument(args, "requestId")
        reason = args.get("reason", "cancelled")
        if reason not in CANCEL_REASONS:
            raise IntentError("INPUT_INVALID", f"reason must be one of {', '.join(CANCEL_REASONS)}", path="/reason")
        return _json_reply(self._handoff.cancel(request_id, reason))

    async def _parse(self, intent: Any, request: dict[str, Any], request_context: Any) -> Reply:
        async def work() -> Reply:
            result = await intent.parse(request)
            body = result.to_dict()
            return body, orjson.dumps(body).decode()  # the same bytes as result.to_json(), dumped once

        return await with_progress(request_context, self._adapter.progress_interval, work)


    async def _execute(self, args: dict[str, Any], request_context: Any) -> types.CallToolResult:
        execution = self._adapter.execution
        if execution is None:  # the tool is only listed with an execution; a direct call still gets a code
            raise IntentError("CONFIG_INVALID", "execution is not enabled on this server", category="config")
        check_keys(args, EXECUTE_INPUT_SCHEMA["properties"], tuple(EXECUTE_INPUT_SCHEMA["required"]))
        request_id = string_argument(args, "requestId")
        intent_id = string_argument(args, "intentId")
        confirm = args.get("confirm", False)
        if not isinstance(confirm, bool):
            raise IntentError("INPUT_INVALID", "confirm must be true or false", path="/confirm")
        try:
            result, instance = self._handoff.recognition(request_id)
            ran_intents = self._handoff.claimed(request_id)
            self._handoff.claim(request_id, intent_id)
        except IntentError as error:
            # Turned away before planning (unknown request, a call that already ran, ...): still on record.
            rejected = getattr(execution, "rejected", None)
            if callable(rejected):
                rejected(request_id, intent_id, error)
            raise
        reply: ExecutionReply | None = None
        try:
            reply = await execution.execute(ExecutionRequest(
                request_id=request_id, intent_id=intent_id, confirm=confirm, result=result, instance=instance,
                ran_intents=ran_intents, prompted=self._handoff.prompted(request_id, intent_id),
                request_context=request_context,
            ))
        finally:
            # Kept when the call ran, and when the execution failed or was cancelled: the tool may have run.
            if reply is not None and not reply.ran:
                self._handoff.release(request_id, intent_id)
        if reply.prompted:
            self._handoff.prompted(request_id, intent_id, now=True)
        if reply.is_error:
            return envelope.refusal(reply.body, self.protocol_version)
        return envelope.success(reply.body, self.protocol_version)


def _json_reply(body: Mapping[str, Any]) -> Reply:
    return body, envelope.compact_json(body)
