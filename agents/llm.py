"""The LLM player: renders the seat's prompt, asks an OpenAI-compatible endpoint for a structured answer,
validates it against the request's legal choices, retries with the error fed back, then falls back to a legal
default. It never raises: every failure ends in a recorded fallback.

Retries: the openai client's own retries are switched off (`with_options(max_retries=0)`) so that exactly one
layer retries — this one — and the attempts recorded in the Annotation are all the calls made. Each call is
bounded by `timeout` twice over: the client's request timeout and an asyncio timeout around the call.

response_format_style:
- "json_object": `{"type": "json_object", "schema": S}` — llama-cpp-python's server (grammar-enforced there);
  it refuses "json_schema" with HTTP 500.
- "json_schema": `{"type": "json_schema", "json_schema": {"name", "schema": S, "strict": true}}` — OpenAI,
  vLLM, Ollama, llama.cpp's C++ server.
- "auto" (default): json_object for loopback base URLs (the embedded model), json_schema otherwise; until one
  call has succeeded, an HTTP 400/422/500 answer makes the next attempt try the other style; the first style
  that gets an answer is kept for the rest of the game.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

import openai

from agents import prompting, secrets
from agents.base import Annotation, Decision, SeatView
from agents.schema import (
    SCHEMA_SPEECH_CHARS,
    AnswerError,
    Choices,
    answer_schema,
    fallback_action,
    grammar_schema,
    parse_answer,
    suspicions_of,
    target_json,
    to_action,
)
from agents.streaming import SpeechFeed
from engine import Request, get_ruleset

Style = Literal["json_object", "json_schema", "auto"]
STYLES: tuple[str, ...] = ("json_object", "json_schema", "auto")
SWITCH_STATUSES = (400, 422, 500)  # a server refusing the response_format style
BACKOFF_CAP_S = 8.0


def resolve_style(style: str, base_url: str) -> str:
    """The concrete style for a client: "auto" means json_object on loopback hosts, json_schema elsewhere."""
    if style not in STYLES:
        raise ValueError(f"response_format must be one of {', '.join(STYLES)}, not {style!r}")
    if style != "auto":
        return style
    return "json_object" if is_loopback(base_url) else "json_schema"


def is_loopback(base_url: str) -> bool:
    """Whether the URL's host is this machine (localhost, 127.0.0.0/8, ::1)."""
    host = urlsplit(str(base_url)).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def redact(text: str) -> str:
    """Masks the keys in use (by value, whatever their shape) and anything shaped like a key or bearer token."""
    return secrets.redact(text)


@dataclass
class _Tally:
    """What the attempts of one decision cost."""

    started: float = field(default_factory=time.perf_counter)
    prompt: int | None = None
    completion: int | None = None
    cached: int | None = None
    errors: list[str] = field(default_factory=list)

    def add_usage(self, usage: Any) -> None:
        if usage is None:
            return
        self.prompt = _plus(self.prompt, getattr(usage, "prompt_tokens", None))
        self.completion = _plus(self.completion, getattr(usage, "completion_tokens", None))
        details = getattr(usage, "prompt_tokens_details", None)
        self.cached = _plus(self.cached, getattr(details, "cached_tokens", None) if details else None)


def _plus(total: int | None, more: Any) -> int | None:
    return total if not isinstance(more, int) else (total or 0) + more


class LLMAgent:
    """An Agent over an injected `openai.AsyncOpenAI` client (tests inject one over a fake transport)."""

    kind = "llm"

    def __init__(self, client: openai.AsyncOpenAI, model: str, lang: str = "en", timeout: float = 60.0,
                 max_retries: int = 2, response_format_style: str = "auto", max_tokens: int = 512,
                 temperature: float | None = 0.7, backoff_s: float = 0.5) -> None:
        self.client = client.with_options(max_retries=0, timeout=timeout)
        self.model = model
        self.lang = lang
        self.timeout = timeout
        self.max_retries = max(0, max_retries)
        self.requested_style = response_format_style
        self.style = resolve_style(response_format_style, str(client.base_url))
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.backoff_s = backoff_s
        self._locked = False  # a style that worked once is kept for the game

    async def decide(self, view: SeatView, request: Request) -> Decision:
        """Always a legal Decision; failures become a recorded fallback."""
        tally = _Tally()
        facts = prompting.seat_facts(view)
        choices = Choices(request, facts.living, get_ruleset(view.ruleset).roles())
        try:
            return await self._attempts(view, choices, tally)
        except Exception as exc:  # never crash the game, whatever went wrong
            tally.errors.append(redact(f"{type(exc).__name__}: {exc}")[:300])
        return self._fallback(choices, facts.friends, tally, "agent error")

    async def _attempts(self, view: SeatView, choices: Choices, tally: _Tally) -> Decision:
        facts = prompting.seat_facts(view)
        schema = answer_schema(choices)
        messages = prompting.messages(view, self._request_text(choices, schema), self.lang)
        feed = SpeechFeed(view.on_speech) if view.on_speech is not None and choices.speaks else None
        for attempt in range(self.max_retries + 1):
            if feed is not None:
                feed.restart()
            text, error, wait = await self._call(messages, schema, tally, feed)
            if error is None:
                text = redact(text or "")  # a key echoed by a model never reaches an event or another prompt
                try:
                    answer = parse_answer(text, choices)
                except AnswerError as exc:
                    error = f"invalid answer: {exc}"
                    messages = [*messages, {"role": "assistant", "content": (text or "")[:2000]},
                                {"role": "user", "content": prompting.retry_text(str(exc), self.lang)}]
                else:
                    return Decision(action=to_action(answer, choices), claimed_role=answer.claimed_role,
                                    reasoning=str(answer.reasoning), suspicions=suspicions_of(answer),
                                    annotation=self._note(tally, attempt))
            tally.errors.append(redact(error)[:300])
            if wait and attempt < self.max_retries:
                await asyncio.sleep(wait)
        return self._fallback(choices, facts.friends, tally, f"no valid answer after {self.max_retries + 1} "
                              "attempt(s)")

    def _request_text(self, choices: Choices, schema: dict[str, Any]) -> str:
        props = schema["properties"]
        return prompting.request_text(
            choices.request, self.lang, fields=list(props),
            targets=[target_json(t) for t in choices.request.targets],
            accusations=list(choices.accusations or ()) if "accusation" in props else [],
            claimable=list(choices.roles) if "claimed_role" in props else [],
            speech_chars=SCHEMA_SPEECH_CHARS)

    async def _call(self, messages: list[dict[str, str]], schema: dict[str, Any], tally: _Tally,
                    feed: SpeechFeed | None = None) -> tuple[str | None, str | None, float]:
        """One completion (streamed when a speech feed listens): (text, error, seconds to wait before the next
        attempt)."""
        try:
            async with asyncio.timeout(self.timeout):
                args: dict[str, Any] = dict(model=self.model, messages=messages, max_tokens=self.max_tokens,
                                            response_format=self._response_format(schema), **self._sampling())
                text, finish = await (self._complete(args, tally) if feed is None
                                      else self._stream(args, tally, feed))
        except (TimeoutError, openai.APITimeoutError):
            return None, f"timeout after {self.timeout:g} s", 0.0
        except openai.APIStatusError as exc:
            return None, self._status_error(exc), self._backoff(exc, len(tally.errors))
        except openai.APIConnectionError as exc:
            return None, f"connection error: {exc}", self._backoff(None, len(tally.errors))
        except openai.APIError as exc:  # an error event inside a stream (other API errors: as before)
            if feed is None:
                raise
            return None, f"stream error: {exc}", self._backoff(None, len(tally.errors))
        if finish is None and text is None:
            return None, "the response has no choices", 0.0
        if finish == "length":
            return None, f"cut off at max_tokens={self.max_tokens} (finish_reason length)", 0.0
        if not text or not text.strip():
            return None, "empty answer", 0.0
        return text, None, 0.0

    async def _complete(self, args: dict[str, Any], tally: _Tally) -> tuple[str | None, str | None]:
        """A plain completion: (content, finish_reason)."""
        create: Any = self.client.chat.completions.create  # messages/format are plain dicts here
        response = await create(**args)
        self._locked = True
        tally.add_usage(response.usage)
        if not response.choices:
            return None, None
        choice = response.choices[0]
        return choice.message.content, choice.finish_reason

    async def _stream(self, args: dict[str, Any], tally: _Tally, feed: SpeechFeed) -> tuple[str | None, str | None]:
        """A streamed completion: the speech so far goes to `feed` as it grows; (content, finish_reason). Usage
        comes on the last chunk where the server sends it (llama-cpp-python's server does not)."""
        create: Any = self.client.chat.completions.create
        stream = await create(**args, stream=True, stream_options={"include_usage": True})
        self._locked = True
        parts: list[str] = []
        finish: str | None = None
        async for chunk in stream:
            tally.add_usage(getattr(chunk, "usage", None))
            if not chunk.choices:
                continue
            choice = chunk.choices[0]
            finish = choice.finish_reason or finish
            if choice.delta is not None and choice.delta.content:
                parts.append(choice.delta.content)
                await feed.update(redact("".join(parts)))
        return ("".join(parts) if parts or finish else None), finish

    def _sampling(self) -> dict[str, Any]:
        return {} if self.temperature is None else {"temperature": self.temperature}

    def _response_format(self, schema: dict[str, Any]) -> dict[str, Any]:
        if self.style == "json_object":
            return {"type": "json_object", "schema": grammar_schema(schema)}
        return {"type": "json_schema", "json_schema": {"name": "decision", "schema": schema, "strict": True}}

    def _status_error(self, exc: openai.APIStatusError) -> str:
        if self.requested_style == "auto" and exc.status_code in SWITCH_STATUSES and not self._locked:
            self.style = "json_schema" if self.style == "json_object" else "json_object"
        return f"HTTP {exc.status_code}: {str(exc.message)[:200]}"

    def _backoff(self, exc: openai.APIStatusError | None, failures: int) -> float:
        """Seconds to wait: the server's Retry-After when it sends one (capped), else exponential."""
        if exc is not None:
            try:
                wait = float(str(exc.response.headers.get("retry-after", "")))
                return min(BACKOFF_CAP_S, wait)
            except ValueError:
                pass
        return min(BACKOFF_CAP_S, self.backoff_s * 2.0 ** failures)

    def _note(self, tally: _Tally, retries: int, fallback: str | None = None) -> Annotation:
        return Annotation(
            agent="llm", model=self.model, prompt_tokens=tally.prompt, completion_tokens=tally.completion,
            cached_tokens=tally.cached, latency_s=round(time.perf_counter() - tally.started, 4),
            retries=retries, fallback=fallback, errors=tuple(tally.errors))

    def _fallback(self, choices: Choices, friends: frozenset[int], tally: _Tally, why: str) -> Decision:
        last = tally.errors[-1] if tally.errors else "unknown"
        note = self._note(tally, max(0, len(tally.errors) - 1), fallback=f"{why}: {last}"[:400])
        return Decision(action=fallback_action(choices, avoid=friends), annotation=note)
