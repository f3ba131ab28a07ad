"""What the HTTP model executors share: settings, the API key, the client's life, the strict-format fallback."""

from __future__ import annotations

import asyncio
import importlib
import logging
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from intent.errors import FeedbackItem, IntentError
from intent.executors.model_call import UpstreamError, run_model_call
from intent.executors.model_prompt import ModelPrompt, build_model_prompt, unwrap_candidate
from intent.executors.model_settings import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_MAX_TOKENS,
    DEFAULT_TEMPERATURE,
    DEFAULT_TIMEOUT_SECONDS,
    CallSettings,
    check_base_url,
    check_env_name,
    check_text,
)
from intent.executors.secret import Secret, secret_from_env
from intent.executors.upstream import FORMAT_REJECTION_STATUSES, FormatRejected, clean_detail, status_failure

logger = logging.getLogger("intent.executors")

ClientT = TypeVar("ClientT")
# Sent when no key is configured: the SDKs insist on one, local servers ignore it.
NO_KEY_PLACEHOLDER = "no-key"


class HttpModelExecutor(ABC, Generic[ClientT]):
    """An executor that asks a model over an HTTP API through that API's official SDK.

    The SDK client is created on first use (inside the running event loop) and retries nothing
    itself: retries, backoff and the deadline are this package's, so they are counted and bounded.
    """

    label: ClassVar[str] = "model"
    default_key_env: ClassVar[str] = ""
    # The official SDK: its module (also the name of the optional extra) and its async client class.
    sdk_module: ClassVar[str] = ""
    sdk_client: ClassVar[str] = ""

    def __init__(
        self,
        *,
        model: str,
        base_url: str | None = None,
        api_key_env: str | None = None,
        api_key: str | None = None,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        max_retries: int = DEFAULT_MAX_RETRIES,
        temperature: float | None = DEFAULT_TEMPERATURE,
        strict_schema: bool = True,
        max_tokens: int = DEFAULT_MAX_TOKENS,
    ) -> None:
        self.model = check_text(model, path="/executor/model", max_length=256)
        self.base_url = check_base_url(base_url, path="/executor/baseUrl") if base_url is not None else None
        if not isinstance(strict_schema, bool):
            raise IntentError("CONFIG_INVALID", "strictSchema must be true or false", path="/executor/strictSchema")
        self.settings = CallSettings(
            timeout_seconds=timeout_seconds,
            max_retries=max_retries,
            temperature=temperature,
            max_tokens=max_tokens,
        )
        self.strict_schema = strict_schema
        if api_key is not None and api_key_env is not None:
            raise IntentError("CONFIG_INVALID", "give api_key or api_key_env, not both", path="/executor/apiKeyEnv")
        # A hosted API (no baseUrl) reads its customary variable; a local server needs no key.
        if api_key_env is None and api_key is None and self.base_url is None:
            api_key_env = self.default_key_env
        self.api_key_env = (
            check_env_name(api_key_env, path="/executor/apiKeyEnv") if api_key_env is not None else None
        )
        self._secret: Secret | None
        if api_key is not None:
            self._secret = Secret(check_text(api_key, path="/executor/apiKey", max_length=8192))
        elif self.api_key_env is not None:
            self._secret = secret_from_env(self.api_key_env, path="/executor/apiKeyEnv")
        else:
            self._secret = None
        self._use_strict = strict_schema
        self._client: ClientT | None = None
        self._client_loop: object = None
        self._load_sdk()

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(model={self.model!r}, base_url={self.base_url!r}, "
            f"api_key_env={self.api_key_env!r}, timeout_seconds={self.settings.timeout_seconds:g}, "
            f"max_retries={self.settings.max_retries})"
        )

    @property
    def uses_strict_schema(self) -> bool:
        """Whether the next call sends the strict response format (false after a server refused it)."""
        return self._use_strict

    def _load_sdk(self) -> Any:
        """Import the SDK (at build time, so a missing optional extra is a CONFIG_INVALID then)."""
        try:
            return importlib.import_module(self.sdk_module)
        except ImportError:
            raise missing_sdk(self.sdk_module, self.sdk_module) from None

    def _make_client(self) -> ClientT:
        client_class = getattr(self._load_sdk(), self.sdk_client)
        # The SDK retries nothing itself: retries, backoff and the deadline are counted here.
        client: ClientT = client_class(
            api_key=self._secret.reveal() if self._secret is not None else NO_KEY_PLACEHOLDER,
            base_url=self.base_url,
            timeout=self.settings.timeout_seconds,
            max_retries=0,
        )
        return client

    @abstractmethod
    async def _request(self, client: ClientT, prompt: ModelPrompt, *, strict: bool) -> str:
        """One HTTP request; raises UpstreamError, or FormatRejected when ``strict`` was refused."""

    async def _close_client(self, client: ClientT) -> None:
        await cast(Any, client).close()

    async def complete(
        self, task: Mapping[str, Any], *, feedback: Sequence[FeedbackItem] | None = None
    ) -> str:
        prompt = build_model_prompt(task, feedback)

        async def attempt() -> str:
            return await self._attempt(prompt)

        reply = await run_model_call(attempt, settings=self.settings, task=task, label=self.label)
        candidate = unwrap_candidate(reply)
        # A model or gateway may reflect the key; whatever it wrote reaches feedback, issues and
        # results, so the key goes before anything reads the candidate.
        return self._secret.redact(candidate) if self._secret is not None else candidate

    async def _attempt(self, prompt: ModelPrompt) -> str:
        loop = _running_loop()
        if self._client is None or self._client_loop is not loop:
            # An SDK client's connections belong to the event loop that opened them; a new loop
            # (a second ``anyio.run`` in a script) needs a new client.
            self._client, self._client_loop = self._make_client(), loop
        if self._use_strict:
            try:
                return await self._request(self._client, prompt, strict=True)
            except FormatRejected as exc:
                self._use_strict = False
                logger.warning(
                    "%s server at %s rejected the strict JSON-schema format (%s); using plain JSON instructions",
                    self.label, self.base_url or "the default endpoint", exc,
                )
        return await self._request(self._client, prompt, strict=False)

    async def aclose(self) -> None:
        """Close the SDK's HTTP connections; the executor may be used again afterwards."""
        client, self._client = self._client, None
        # A client opened on an event loop that is gone has nothing left to close here.
        if client is not None and self._client_loop is _running_loop():
            await self._close_client(client)

    def _call_failure(self, exc: Exception, *, strict: bool) -> Exception:
        """What an SDK exception from one request means here. Both SDKs name their errors alike."""
        sdk = self._load_sdk()
        if isinstance(exc, sdk.APITimeoutError):  # before APIConnectionError, its base class
            return UpstreamError("the request timed out", retryable=True)
        if isinstance(exc, sdk.APIConnectionError):
            return UpstreamError("could not connect to the model server", retryable=True)
        if isinstance(exc, sdk.APIStatusError):
            detail = clean_detail(exc.message, self._secret)
            if strict and exc.status_code in FORMAT_REJECTION_STATUSES:
                return FormatRejected(f"HTTP {exc.status_code}: {detail}")
            return status_failure(exc.status_code, detail, headers=exc.response.headers, key_env=self.api_key_env)
        if isinstance(exc, ValueError):  # a 200 whose body is not JSON: a proxy's error page, a truncated reply
            return self._malformed()
        return self._unexpected(exc)  # never the SDK's text: it may quote the request

    def _malformed(self) -> UpstreamError:
        # Often a proxy or an overloaded server in between: worth another try within the budget.
        return UpstreamError(f"the server's reply is not a well-formed {self.label} reply", retryable=True)

    def _unexpected(self, exc: BaseException) -> UpstreamError:
        # The SDK's own text may quote request details; the type name is enough to diagnose.
        return UpstreamError(f"unexpected {type(exc).__name__} from the {self.label} client", retryable=False)


def _running_loop() -> object:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # another async backend: one client for the executor's life
        return None


def missing_sdk(package: str, extra: str) -> IntentError:
    return IntentError(
        "CONFIG_INVALID",
        f"the {package} package is not installed; install the extra: pip install 'intent-mcp[{extra}]'",
        path="/executor/kind",
    )
