"""An executor for any OpenAI-compatible chat-completions endpoint, through the official ``openai`` SDK.

Works with OpenAI itself and with local servers that speak the same API (vLLM, llama.cpp's
server, Ollama, LM Studio). The SDK is imported only when this executor is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from intent.executors.http_model import HttpModelExecutor
from intent.executors.model_call import UpstreamError
from intent.executors.model_prompt import ModelPrompt
from intent.executors.upstream import clean_detail

if TYPE_CHECKING:
    from openai import AsyncOpenAI

SCHEMA_NAME = "IntentCandidate"


def strict_response_format(schema: dict[str, Any]) -> dict[str, Any]:
    """The ``response_format`` that makes the server decode against the candidate schema."""
    body = {key: value for key, value in schema.items() if key != "$schema"}
    return {"type": "json_schema", "json_schema": {"name": SCHEMA_NAME, "schema": body, "strict": True}}


class OpenAIExecutor(HttpModelExecutor["AsyncOpenAI"]):
    """Asks an OpenAI-compatible ``/chat/completions`` endpoint; ``base_url`` includes the ``/v1`` part."""

    label = "openai"
    default_key_env = "OPENAI_API_KEY"
    sdk_module = "openai"
    sdk_client = "AsyncOpenAI"

    async def _request(self, client: AsyncOpenAI, prompt: ModelPrompt, *, strict: bool) -> str:
        # OpenAI's own newer models accept only max_completion_tokens; compatible servers know max_tokens.
        token_key = "max_completion_tokens" if self.base_url is None else "max_tokens"
        options: dict[str, Any] = {token_key: self.settings.max_tokens}
        if self.settings.temperature is not None:
            options["temperature"] = self.settings.temperature
        if strict:
            options["response_format"] = strict_response_format(prompt.output_schema)
        try:
            completion = await client.chat.completions.create(
                model=self.model,
                messages=[
                    {"role": "system", "content": prompt.system},
                    {"role": "user", "content": prompt.user},
                ],
                stream=False,
                **options,
            )
        except Exception as exc:
            raise self._call_failure(exc, strict=strict) from None
        try:
            message = completion.choices[0].message
            refusal, content = getattr(message, "refusal", None), message.content
        except (AttributeError, IndexError, KeyError, TypeError):
            raise self._malformed() from None
        if refusal:
            raise UpstreamError(
                f"the model declined the task: {clean_detail(refusal, self._secret)}", retryable=False
            )
        if content is not None and not isinstance(content, str):
            raise self._malformed()
        return content or ""
