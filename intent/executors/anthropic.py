"""An executor for the Anthropic Messages API, through the official ``anthropic`` SDK.

The SDK is imported only when this executor is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from intent.executors.http_model import HttpModelExecutor
from intent.executors.model_call import UpstreamError
from intent.executors.model_prompt import ModelPrompt

if TYPE_CHECKING:
    from anthropic import AsyncAnthropic



def strict_output_config(schema: dict[str, Any]) -> dict[str, Any]:
    """The ``output_config`` that makes the API decode against the candidate schema."""
    body = {key: value for key, value in schema.items() if key != "$schema"}
    return {"format": {"type": "json_schema", "schema": body}}


class AnthropicExecutor(HttpModelExecutor["AsyncAnthropic"]):
    """Asks the Messages API (``POST {base_url}/v1/messages``); ``base_url`` has no ``/v1`` part."""

    label = "anthropic"
    default_key_env = "ANTHROPIC_API_KEY"
    sdk_module = "anthropic"
    sdk_client = "AsyncAnthropic"

    async def _request(self, client: AsyncAnthropic, prompt: ModelPrompt, *, strict: bool) -> str:
        options: dict[str, Any] = {}
        if self.settings.temperature is not None:
            # Sent only when configured: the SDK no longer types it, and some models reject it.
            options["extra_body"] = {"temperature": min(self.settings.temperature, 1.0)}  # API range [0, 1]
        if strict:
            options["output_config"] = strict_output_config(prompt.output_schema)
        try:
            message = await client.messages.create(
                model=self.model,
                max_tokens=self.settings.max_tokens,
                system=prompt.system,
                messages=[{"role": "user", "content": prompt.user}],
                stream=False,
                **options,
            )
        except Exception as exc:
            raise self._call_failure(exc, strict=strict) from None
        try:
            stop_reason = message.stop_reason
            texts = [block.text for block in message.content if getattr(block, "type", None) == "text"]
        except (AttributeError, KeyError, TypeError):
            raise self._malformed() from None
        if stop_reason == "refusal":
            raise UpstreamError("the model declined the task", retryable=False)
        if not all(isinstance(text, str) for text in texts):
            raise self._malformed()
        return "".join(texts)
