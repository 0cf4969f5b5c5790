"""The LLM player: renders the seat's prompt, asks an OpenAI-compatible endpoint for a structured answer in the
shape its provider profile accepts (agents/providers/profiles.py), validates it against the request's legal choices,
retries with the error fed back, then falls back to a legal default. It never raises: every failure ends in a
recorded fallback.

Two retry budgets, one per kind of failure:
- transport (timeouts, connection errors, 429, 5xx): `transport_retries` more tries with backoff that honours
  Retry-After up to a cap (tenacity), the same request each time;
- answers (junk, illegal choices, empty, cut off): `max_retries` more tries, the error fed back to the model.
A decision falls back when the budget of the failure at hand is spent. The openai client's own retries are off
(`max_retries=0`), so the attempts recorded in the Annotation are all the calls made. Each call is bounded by
`timeout` twice over: the bounded transport (agents/providers/transport.py: the whole answer, stream included,
within `timeout`, and at most 8 MB) and an asyncio timeout a little longer around the call. A preflight, its
tries included, takes at most `timeout`.

Provider "auto" is resolved on the first call (or by `resolve()` before the game): agents/providers/detect.py. The
request shape, the transport retries and the one format adaptation live in agents/llm/endpoint.py.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

import openai

from agents.base import Annotation, Decision, PreflightRefused
from agents.key_rule import is_loopback
from agents.llm import answer_json, prompt_profiles, prompting
from agents.llm.completion import Reply, Tally, is_transient, provider_message
from agents.llm.endpoint import DEFAULT_TRANSPORT_RETRIES, STYLES, Endpoint
from agents.llm.schema import (
    AnswerError,
    Choices,
    fallback_action,
    notebook_of,
    parse_answer,
    suspicions_of,
    to_action,
)
from agents.llm.streaming import SpeechFeed
from agents.providers.profiles import GenOptions, Profile
from agents.view import SeatView, seat_facts
from engine import Request
from hygiene import secrets

__all__ = ["DEFAULT_TRANSPORT_RETRIES", "STYLES", "LLMAgent", "is_loopback", "redact"]


def redact(text: str) -> str:
    """Masks the keys in use (by value, whatever their shape) and anything shaped like a key or bearer token."""
    return secrets.redact(text)


class LLMAgent:
    """An Agent over an injected `openai.AsyncOpenAI` client (tests inject one over a fake transport)."""

    kind = "llm"

    def __init__(self, client: openai.AsyncOpenAI, model: str, lang: str = "en", timeout: float = 60.0,
                 max_retries: int = 2, response_format_style: str = "auto", max_tokens: int | None = None,
                 temperature: float | None = None, backoff_s: float = 0.5, provider: str = "auto",
                 options: GenOptions | None = None, transport_retries: int = DEFAULT_TRANSPORT_RETRIES,
                 prompt_profile: str | None = None) -> None:
        options = options or GenOptions()
        if max_tokens is not None or temperature is not None:  # the older keyword form
            options = GenOptions(**{**options.__dict__, **{k: v for k, v in (("max_tokens", max_tokens),
                                                                             ("temperature", temperature))
                                                          if v is not None}})
        self.endpoint = Endpoint(client, model, lang=lang, timeout=timeout,
                                 response_format_style=response_format_style, provider=provider, options=options,
                                 transport_retries=transport_retries, backoff_s=backoff_s)
        self.client = self.endpoint.client
        self.base_url = self.endpoint.base_url
        self.model = model
        self.lang = lang
        self.prompt_profile = prompt_profiles.resolve(prompt_profile, model)  # raises ValueError on a bad name
        self.timeout = timeout
        self.max_retries = max(0, max_retries)
        self.options = options

    @property
    def provider(self) -> str:
        """The resolved profile's name ("auto" until resolved)."""
        return self.endpoint.provider

    @property
    def profile(self) -> Profile | None:
        return self.endpoint.profile

    @property
    def format(self) -> str:
        return self.endpoint.format

    @property
    def requested_style(self) -> str:
        return self.endpoint.requested_style

    async def resolve(self) -> str:
        """Resolves provider "auto" (one GET /models for hosts not known by name); the profile's name."""
        return await self.endpoint.resolve()

    def adopt(self, provider: str) -> None:
        """Takes the profile detected for another seat on the same endpoint and model."""
        self.endpoint.adopt(provider)

    def describe(self) -> dict[str, Any]:
        """What the transcript header records of this seat: provider profile and generation options (no key)."""
        return {"provider": self.provider, "options": self.options.to_dict(),
                "prompt_version": prompting.PROMPT_VERSION, "prompt_profile": self.prompt_profile}

    def endpoint_key(self) -> tuple[str, str, str, str]:
        """Seats with the same key send the same kind of request (preflight asks once per key)."""
        return (self.base_url, self.model, self.provider, self.options.key())

    async def decide(self, view: SeatView, request: Request) -> Decision:
        """Always a legal Decision; failures become a recorded fallback."""
        tally = Tally()
        facts = seat_facts(view)
        choices = prompting.choices_for(view, request, facts)
        try:
            return await self._attempts(view, choices, tally)
        except Exception as exc:  # never crash the game, whatever went wrong
            tally.errors.append(redact(f"{type(exc).__name__}: {exc}")[:300])
        return self._fallback(choices, facts.friends, tally, "agent error")

    async def preflight(self, view: SeatView, request: Request) -> None:
        """One request in the production shape; raises PreflightRefused with the provider's message unless it is
        accepted and ends with a parseable JSON object (a `length` finish is a failure)."""
        await self.resolve()
        facts = seat_facts(view)
        choices = prompting.choices_for(view, request, facts)
        schema, messages = self._prompt(view, choices)
        messages = prompting.check_messages(messages, self.lang)  # says it is a check, asks a minimal answer
        try:
            async with asyncio.timeout(self.timeout):  # one call's time, its transport retries included
                reply = await self._probe(messages, schema)
        except TimeoutError:
            raise PreflightRefused(f"no answer within {self.timeout:g} s (--timeout)") from None
        if reply.error:
            raise PreflightRefused(redact(f"the endpoint answered with an error: {reply.error}"))
        if reply.finish == "length":
            raise PreflightRefused(f"the answer was cut off at {self.endpoint.budget} completion tokens "
                                   "(finish_reason length); raise max_tokens")
        try:
            data = answer_json.loads(reply.text)
        except answer_json.AnswerJSONError:
            data = None
        if not isinstance(data, dict):
            raise PreflightRefused("the answer is not a JSON object: "
                                   + redact(str(reply.text or "(empty)"))[:120])

    async def _probe(self, messages: list[dict[str, str]], schema: dict[str, Any]) -> Reply:
        """The preflight's request (after the profile's one adaptation, if refused); PreflightRefused if not."""
        tally = Tally()
        while True:
            try:
                return await self._call(messages, schema, tally, None)
            except openai.APIStatusError as exc:
                if not self.endpoint.adapt(exc):
                    raise PreflightRefused(redact(provider_message(exc))) from None
            except Exception as exc:
                raise PreflightRefused(redact(provider_message(exc))) from None

    async def _attempts(self, view: SeatView, choices: Choices, tally: Tally) -> Decision:
        await self.resolve()
        facts = seat_facts(view)
        schema, messages = self._prompt(view, choices)
        feed = SpeechFeed(view.on_speech) if view.on_speech is not None and choices.speaks else None
        answers, doubled = 0, False
        while True:
            if feed is not None:
                feed.restart()
            try:
                reply = await self._call(messages, schema, tally, feed)
            except openai.APIStatusError as exc:
                tally.errors.append(redact(provider_message(exc)))
                if self.endpoint.adapt(exc):
                    continue  # an adaptation: free, it is the request's shape that was refused
                why = "transport failed after " if is_transient(exc) else "refused by the endpoint after "
                return self._fallback(choices, facts.friends, tally, f"{why}{tally.transport_retries + 1} tries",
                                      retries=answers)
            except Exception as exc:  # transient failures that outlived the transport budget
                tally.errors.append(redact(provider_message(exc)))
                return self._fallback(choices, facts.friends, tally,
                                      f"transport failed after {tally.transport_retries + 1} tries", retries=answers)
            error, text = self._read(reply, choices)
            if error is None and text is not None:
                return self._decision(text, choices, tally, reply.thoughts, answers)
            tally.errors.append(redact(error or "no answer")[:300])
            if reply.finish == "length" and self.profile is not None and self.profile.reasoning and not doubled:
                doubled = True
                self.endpoint.budget *= 2  # hidden reasoning ate the budget: once, double it
                continue
            answers += 1
            if answers > self.max_retries:
                return self._fallback(choices, facts.friends, tally, f"no valid answer after {answers} "
                                      "attempt(s)", retries=answers - 1)
            if text is None and reply.text:  # invalid answer: feed the error back
                messages = [*messages, {"role": "assistant", "content": reply.text[:2000]},
                            {"role": "user", "content": prompting.retry_text(error or "", self.lang)}]

    def _read(self, reply: Reply, choices: Choices) -> tuple[str | None, str | None]:
        """(error, valid answer text)."""
        if reply.error:
            return f"the endpoint answered with an error: {reply.error}", None
        if reply.finish is None and reply.text is None:
            return "the response has no choices", None
        if reply.finish == "length":
            return f"cut off at {self.endpoint.budget} completion tokens (finish_reason length)", None
        if not reply.text or not reply.text.strip():
            return "empty answer", None
        try:
            parse_answer(reply.text, choices)
        except AnswerError as exc:
            return f"invalid answer: {exc}", None
        return None, reply.text

    def _decision(self, text: str, choices: Choices, tally: Tally, thoughts: str, retries: int) -> Decision:
        answer = parse_answer(redact(text), choices)  # a key echoed by a model never reaches an event or a prompt
        note = replace(self._note(tally, retries, thoughts=thoughts), notebook=notebook_of(answer))
        return Decision(action=to_action(answer, choices), claimed_role=answer.claimed_role,
                        reasoning=str(answer.reasoning), suspicions=suspicions_of(answer), annotation=note)

    def _prompt(self, view: SeatView, choices: Choices) -> tuple[dict[str, Any], list[dict[str, str]]]:
        """The answer schema and the messages of this seat's prompt profile."""
        schema = prompt_profiles.schema_for(self.prompt_profile, choices, self.lang)
        return schema, prompt_profiles.messages_for(self.prompt_profile, view, choices, schema, self.lang)

    async def _call(self, messages: list[dict[str, str]], schema: dict[str, Any], tally: Tally,
                    feed: SpeechFeed | None) -> Reply:
        return await self.endpoint.call(messages, schema, tally, feed)

    def _note(self, tally: Tally, retries: int, fallback: str | None = None, thoughts: str = "") -> Annotation:
        return Annotation(
            agent="llm", model=self.model, prompt_tokens=tally.prompt, completion_tokens=tally.completion,
            cached_tokens=tally.cached, latency_s=round(time.perf_counter() - tally.started, 4),
            retries=retries, fallback=fallback, errors=tuple(tally.errors), reasoning_tokens=tally.reasoning,
            transport_retries=tally.transport_retries, thoughts=thoughts)

    def _fallback(self, choices: Choices, friends: frozenset[int], tally: Tally, why: str,
                  retries: int | None = None) -> Decision:
        last = tally.errors[-1] if tally.errors else "unknown"
        retries = max(0, len(tally.errors) - 1) if retries is None else retries
        note = self._note(tally, retries, fallback=f"{why}: {last}"[:400])
        return Decision(action=fallback_action(choices, avoid=friends), annotation=note)
