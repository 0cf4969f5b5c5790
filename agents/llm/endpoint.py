"""One model behind an OpenAI-compatible endpoint, asked the way its provider profile accepts
(agents/providers/profiles.py): the profile resolved on first use ("auto": agents/providers/detect.py), the
request shape (response_format, token budget, sampling), transport retries with backoff that honours Retry-After
(tenacity, their own budget), and the generic profile's adaptations, each once (json_schema refused ->
json_object with the schema; max_tokens refused -> max_completion_tokens, no sampling). The game's LLM seats
(agents/llm/agent.py) and the judge model (evaluation/statements/judge.py) both ask through it; what the answer
must be is theirs to check.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import openai
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, stop_after_attempt

from agents.llm.completion import Reply, Tally, backoff, complete, is_transient, provider_message, stream
from agents.llm.streaming import SpeechFeed
from agents.providers.detect import detect
from agents.providers.profiles import (
    FORMATS,
    PROFILES,
    PROVIDERS,
    GenOptions,
    Profile,
    refuses_chat_parameters,
    request_args,
    response_format,
    token_budget,
    with_schema_note,
)
from hygiene import secrets

STYLES: tuple[str, ...] = ("json_object", "json_schema", "auto")
REFUSALS = (400, 422, 500)  # a server refusing the response_format (llama-cpp-python answers json_schema with 500)
DEFAULT_TRANSPORT_RETRIES = 3
CALL_GRACE_S = 0.5  # the transport ends a call at its timeout, saying why; this net fires only if it did not


class Endpoint:
    """An injected `openai.AsyncOpenAI` client and a model, with the request policy of its provider profile."""

    def __init__(self, client: openai.AsyncOpenAI, model: str, lang: str = "en", timeout: float = 60.0,
                 response_format_style: str = "auto", provider: str = "auto", options: GenOptions | None = None,
                 transport_retries: int = DEFAULT_TRANSPORT_RETRIES, backoff_s: float = 0.5) -> None:
        if provider not in PROVIDERS:
            raise ValueError(f"provider must be one of {', '.join(PROVIDERS)}, not {provider!r}")
        if response_format_style not in STYLES:
            raise ValueError(f"response_format must be one of {', '.join(STYLES)}, not {response_format_style!r}")
        self.client = client.with_options(max_retries=0, timeout=timeout)
        self.base_url = str(client.base_url)
        self.model = model
        self.lang = lang
        self.timeout = timeout
        self.requested_style = response_format_style
        self.options = options or GenOptions()
        self.transport_retries = max(0, transport_retries)
        self.backoff_s = backoff_s
        self.profile: Profile | None = None if provider == "auto" else PROFILES[provider]
        self.format = ""
        self.budget = 0
        self._locked = False  # a format that worked once is kept
        self._adapted = False
        if self.profile is not None:
            self._settle(self.profile)

    @property
    def provider(self) -> str:
        """The resolved profile's name ("auto" until resolved)."""
        return self.profile.name if self.profile else "auto"

    def _settle(self, profile: Profile) -> None:
        self.profile = profile
        self.format = FORMATS.get(self.requested_style, profile.format)
        self.budget = token_budget(profile, self.options)

    async def resolve(self) -> str:
        """Resolves provider "auto" (one GET /models for hosts not known by name); the profile's name."""
        if self.profile is None:
            self._settle(PROFILES[await detect(self.client, self.model, min(self.timeout, 10.0))])
        return self.provider

    def adopt(self, provider: str) -> None:
        """Takes the profile detected for another user of the same endpoint and model."""
        if self.profile is None:
            self._settle(PROFILES[provider])

    def args(self, messages: list[dict[str, str]], schema: dict[str, Any],
             options: GenOptions | None = None) -> dict[str, Any]:
        """The request body: messages (the schema written in when the format needs it), format, tokens, options
        (`options`: this request's, e.g. a voiced bot's seed per speech; default the endpoint's)."""
        assert self.profile is not None
        if self.format == "json_object" or self._adapted:
            messages = with_schema_note(messages, schema, self.lang)
        return {"model": self.model, "messages": messages, "response_format": response_format(self.format, schema),
                **request_args(self.profile, options or self.options, self.budget)}

    async def call(self, messages: list[dict[str, str]], schema: dict[str, Any], tally: Tally,
                   feed: SpeechFeed | None = None, options: GenOptions | None = None) -> Reply:
        """One completion with transport retries on their own budget; raises what outlives them. `options`: this
        request's generation options (default the endpoint's)."""
        create: Any = self.client.chat.completions.create  # messages/format are plain dicts here

        def transient(exc: BaseException) -> bool:
            if isinstance(exc, openai.APIStatusError) and self.adaptation(exc) is not None:
                return False  # a refused format or parameter is answered by the adaptation, not by waiting
            return is_transient(exc)

        def wait(state: RetryCallState) -> float:
            exc = state.outcome.exception() if state.outcome else None
            return backoff(exc, state.attempt_number, self.backoff_s)

        def note(state: RetryCallState) -> None:
            exc = state.outcome.exception() if state.outcome else None
            tally.transport_retries += 1
            tally.errors.append(secrets.redact(provider_message(exc) if exc else "transport failure"))

        retrying = AsyncRetrying(stop=stop_after_attempt(self.transport_retries + 1), wait=wait,
                                 retry=retry_if_exception(transient), before_sleep=note, reraise=True)
        async for attempt in retrying:
            with attempt:
                async with asyncio.timeout(self.timeout + CALL_GRACE_S):  # a net under the transport's deadline
                    args = self.args(messages, schema, options)
                    reply = await (complete(create, args, tally) if feed is None
                                   else stream(create, args, tally, feed, usage=True))
                    self._locked = True
                    return reply
        raise AssertionError("tenacity returns or raises")  # pragma: no cover

    def adaptation(self, exc: openai.APIStatusError) -> str | None:
        """Which of the generic profile's one-time switches answers this refusal (before anything has worked):
        "tokens" for OpenAI's refusal of max_tokens or sampling (a reasoning model behind an endpoint that does not
        say what it is), "format" for a refused json_schema; None when neither applies."""
        profile = self.profile
        if profile is None or not profile.adapts or self._locked or exc.status_code not in REFUSALS:
            return None
        if not profile.reasoning and refuses_chat_parameters(provider_message(exc)):
            return "tokens"
        return "format" if self.requested_style == "auto" and not self._adapted else None

    def adapt(self, exc: openai.APIStatusError) -> bool:
        """The generic profile's adaptations, each once: max_tokens or sampling refused -> the reasoning parameters
        (max_completion_tokens, no temperature/top_p: as openai-reasoning); json_schema refused -> json_object with
        the schema (llama.cpp enforces it, others ignore it) and written in the messages. True if it switched."""
        kind = self.adaptation(exc)
        if kind == "tokens" and self.profile is not None:
            self.profile = replace(self.profile, reasoning=True)
            self.budget = token_budget(self.profile, self.options)
        elif kind == "format":
            self._adapted = True
            self.format = "json_object_schema"
        return kind is not None
