"""``Intent``: one configured recognizer and its pipeline, request -> task -> candidate -> result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

import anyio
import anyio.to_thread

from intent.budget import WorkBudget, offload_worthy, spending
from intent.candidate import CandidateProblems, parse_candidate
from intent.config import IntentConfig
from intent.errors import ISSUE_CODES, FeedbackItem, IntentError
from intent.executor import Completer
from intent.request import parse_request
from intent.resolve import resolve
from intent.result.models import IntentResult, Issue
from intent.task import ModelTask, build_task, recognition_of


class Intent:
    """A caller-created recognizer over trusted configuration.

    ``parse`` runs the whole pipeline with the configured executor; ``prepare`` and ``accept``
    split it around a model the caller runs (the host handoff).
    """

    def __init__(self, config: IntentConfig | None = None) -> None:
        self._config = config if config is not None else IntentConfig()
        self._closed = False

    @property
    def config(self) -> IntentConfig:
        return self._config

    @property
    def closed(self) -> bool:
        return self._closed

    def __repr__(self) -> str:
        fields = list(self._config.fields)
        return f"Intent(fields={fields!r}, executor={type(self._config.executor).__name__}, closed={self._closed})"

    def _check_open(self) -> None:
        if self._closed:
            raise IntentError("DISPOSED", "this Intent was closed; create a new one to recognize again")

    def prepare(self, request: str | Mapping[str, Any]) -> ModelTask:
        """Check ``request`` and build the model task. Makes no model call."""
        self._check_open()
        return build_task(parse_request(request, self._config), self._config, self)

    async def accept(self, task: ModelTask, candidate_text: str) -> IntentResult:
        """Validate and resolve a candidate for ``task``.

        The first malformed candidate raises CANDIDATE_INVALID with ``retryable`` and explicit
        feedback; after the one correction a recognition allows, it is final.
        """
        self._check_open()
        if not isinstance(task, ModelTask) or recognition_of(task).owner is not self:
            raise IntentError("INPUT_INVALID", "the task was not prepared by this Intent", path="")
        recognition = recognition_of(task)
        remaining = recognition.remaining()
        if remaining is not None and remaining <= 0:
            raise IntentError("TIMEOUT", "the recognition's deadline passed", retryable=True)
        if isinstance(candidate_text, str) and offload_worthy(len(candidate_text) + len(task.request.input)):
            # Large work runs on a worker thread, so the event loop keeps answering other calls
            # and a deadline around this call is honoured; the work budget stops the thread too.
            return await anyio.to_thread.run_sync(self._judge, task, candidate_text, abandon_on_cancel=True)
        return self._judge(task, candidate_text)

    def _judge(self, task: ModelTask, candidate_text: str) -> IntentResult:
        """Parse, validate and resolve ``candidate_text``, paying the costly passes from a work budget."""
        recognition = recognition_of(task)
        try:
            candidate = parse_candidate(candidate_text, task.output_schema, self._config.limits)
        except CandidateProblems as problems:
            retry = recognition.use_correction()
            message = ("the candidate does not match the output schema; correct it from the feedback"
                       if retry else "the candidate does not match the output schema, and the one correction was used")
            raise IntentError("CANDIDATE_INVALID", message, retryable=retry, feedback=problems.feedback) from None
        try:
            with spending(WorkBudget(deadline=task.deadline)):
                return resolve(candidate, recognition.request, self._config)
        except IntentError:
            raise
        except Exception as exc:  # a resolver bug must not leak a traceback to callers
            raise IntentError("INTERNAL", f"resolution failed ({type(exc).__name__})") from exc

    async def parse(self, request: str | Mapping[str, Any]) -> IntentResult:
        """Recognize ``request`` with the configured executor (one correction at most)."""
        task = self.prepare(request)
        executor = self._config.executor
        if executor is None:
            raise IntentError("EXECUTOR_MISSING", "this instance has no executor; use prepare/accept (host mode)",
                              path="/executor")
        remaining = task.remaining()
        if remaining is None:  # no deadline: no cancel scope to pay for on every call
            return await self._recognize(executor, task)
        try:
            with anyio.fail_after(remaining):
                return await self._recognize(executor, task)
        except TimeoutError:
            raise IntentError("TIMEOUT", f"recognition took longer than {self._config.limits.timeout_seconds} s",
                              retryable=True) from None

    async def _recognize(self, executor: Completer, task: ModelTask) -> IntentResult:
        feedback: Sequence[FeedbackItem] | None = None
        while True:
            text = await self._complete(executor, task, feedback)
            self._check_open()
            try:
                result = await self.accept(task, text)
            except IntentError as error:
                if error.code != "CANDIDATE_INVALID" or not error.retryable:
                    raise
                feedback = error.feedback
                continue
            if result.status == "no_intent":
                self._explain_no_intent(executor, task, result)
            return result

    @staticmethod
    def _explain_no_intent(executor: Any, task: ModelTask, result: IntentResult) -> None:
        # An executor may know why it found nothing (the built-in one: a language it does not read).
        explain = getattr(executor, "explain_no_intent", None)
        reason = explain(task.request.input) if explain is not None else None
        if reason is not None:
            code, message = reason
            result.issues.append(Issue(code=code, severity=ISSUE_CODES[code][0], message=message, path="/input"))

    @staticmethod
    async def _complete(executor: Completer, task: ModelTask, feedback: Sequence[FeedbackItem] | None) -> str:
        try:
            text = await executor.complete(task, feedback=feedback)
        except IntentError:
            raise
        except Exception as exc:
            raise IntentError("EXECUTOR_FAILED", f"the executor failed ({type(exc).__name__})") from exc
        if not isinstance(text, str):
            raise IntentError("EXECUTOR_FAILED", "the executor returned no candidate text")
        return text

    async def close(self) -> None:
        """Dispose: later recognition raises DISPOSED. Closing twice is harmless.

        The executor stays its creator's to close (``await executor.aclose()``): an Intent
        borrows it, and several Intents may share one.
        """
        self._closed = True

    async def __aenter__(self) -> Intent:
        self._check_open()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
