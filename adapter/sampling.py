"""An executor that asks the connected MCP client's own model, through ``sampling/createMessage``.

It works inside a tool call whose client declared the sampling capability on a 2025 protocol
version. Sampling is deprecated from 2026-07-28 on; there, and for clients without the
capability, a call fails with EXECUTOR_FAILED that points to host mode (``intent_prepare`` /
``intent_accept``), where the client's model answers the task itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import anyio
import mcp_types as types
from mcp.shared.exceptions import MCPError, NoBackChannelError
from mcp.shared.message import ServerMessageMetadata

from adapter.context import current_request
from adapter.versions import MODERN_DECLARED_VERSIONS
from intent.errors import FeedbackItem, IntentError
from intent.executors.model_call import UpstreamError, run_model_call
from intent.executors.model_prompt import ModelPrompt, build_model_prompt, unwrap_candidate
from intent.executors.model_settings import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_MAX_TOKENS,
    DEFAULT_TEMPERATURE,
    DEFAULT_TIMEOUT_SECONDS,
    CallSettings,
)

HOST_MODE_HINT = (
    "configure mode 'host' so the client's model answers through intent_prepare and intent_accept, "
    "or configure an openai or anthropic executor"
)
# JSON-RPC request timeout as the SDK reports it: the client may simply have been slow.
REQUEST_TIMEOUT_CODE = -32001
MAX_DETAIL_CHARS = 240

_SAMPLING = types.ClientCapabilities(sampling=types.SamplingCapability())


def _failure(message: str) -> IntentError:
    return IntentError("EXECUTOR_FAILED", f"{message}; {HOST_MODE_HINT}", retryable=False)


def _detail(text: object) -> str:
    detail = " ".join(str(text).split())
    return detail if len(detail) <= MAX_DETAIL_CHARS else detail[: MAX_DETAIL_CHARS - 1] + "…"


def _reply_text(result: types.CreateMessageResult) -> str:
    content = result.content
    blocks = content if isinstance(content, list) else [content]
    return "".join(block.text for block in blocks if isinstance(block, types.TextContent))


class SamplingExecutor:
    """Answers a model task with the MCP client's model (``sampling/createMessage``)."""

    label = "sampling"

    def __init__(
        self,
        *,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        max_retries: int = DEFAULT_MAX_RETRIES,
        temperature: float | None = DEFAULT_TEMPERATURE,
        max_tokens: int = DEFAULT_MAX_TOKENS,
    ) -> None:
        self.settings = CallSettings(
            timeout_seconds=timeout_seconds,
            max_retries=max_retries,
            temperature=temperature,
            max_tokens=max_tokens,
        )

    def __repr__(self) -> str:
        return (
            f"SamplingExecutor(timeout_seconds={self.settings.timeout_seconds:g}, "
            f"max_retries={self.settings.max_retries})"
        )

    async def complete(
        self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None
    ) -> str:
        request_context = current_request.get()
        if request_context is None:
            raise _failure("the sampling executor needs an MCP tool call from a connected client")
        session = request_context.session
        version = str(getattr(request_context, "protocol_version", "") or session.protocol_version)
        if version in MODERN_DECLARED_VERSIONS:
            raise _failure(f"sampling is not available on protocol version {version}")
        if not session.check_client_capability(_SAMPLING):
            raise _failure("the connected client did not declare the sampling capability")
        prompt = build_model_prompt(task, feedback)

        async def attempt() -> str:
            return await self._ask(request_context, prompt)

        reply = await run_model_call(attempt, settings=self.settings, task=task, label=self.label)
        return unwrap_candidate(reply)

    async def aclose(self) -> None:
        """Nothing to release: each call borrows the tool call's own connection."""

    async def _ask(self, request_context: Any, prompt: ModelPrompt) -> str:
        request = types.CreateMessageRequest(
            params=types.CreateMessageRequestParams(
                messages=[types.SamplingMessage(role="user", content=types.TextContent(type="text", text=prompt.user))],
                system_prompt=prompt.system,
                # The task is the whole prompt: the client must not mix its conversation in.
                include_context="none",
                temperature=self.settings.temperature,
                max_tokens=self.settings.max_tokens,
            )
        )
        try:
            # ServerSession.create_message wraps this same request; calling send_request directly
            # avoids its deprecation warning, which the version check above already accounts for.
            result = await request_context.session.send_request(
                request,
                types.CreateMessageResult,
                metadata=ServerMessageMetadata(related_request_id=request_context.request_id),
            )
        except NoBackChannelError:
            raise UpstreamError("this connection cannot carry requests to the client", retryable=False) from None
        except MCPError as exc:
            raise UpstreamError(
                f"the client answered sampling/createMessage with error {exc.code}: {_detail(exc.message)}",
                retryable=exc.code == REQUEST_TIMEOUT_CODE,
            ) from None
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream):
            raise UpstreamError("the client connection closed during sampling", retryable=False) from None
        except Exception as exc:  # a malformed client reply must not leak a traceback
            raise UpstreamError(f"the client's sampling reply was unusable ({type(exc).__name__})",
                                retryable=False) from None
        return _reply_text(result)
