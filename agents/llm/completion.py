"""One chat completion, plain or streamed, read into what the agent needs: the answer text (a leading
`<think>…</think>` block taken off), the model's private thoughts (that block, or the `reasoning_content` field
DeepSeek and vLLM's reasoning parsers send), the finish reason, and token usage (reasoning tokens included).

Also the transport policy: which failures are worth another try (timeouts, connection errors, 408/409/429/5xx)
and how long to wait (the server's Retry-After, capped; else exponential backoff).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2
import openai

from agents.llm.streaming import SpeechFeed
from agents.providers.transport import AnswerTooSlow, bound_of
from hygiene import secrets
from hygiene.sanitize import clean

THINK = re.compile(r"^\s*<think>(.*?)</think>\s*", re.DOTALL)
MAX_THOUGHTS = 32000  # characters of private thoughts kept in the annotation
TRANSIENT_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504})
BACKOFF_CAP_S = 8.0  # the longest wait between two tries, whatever Retry-After says
LIVE_TEXT_CHARS = 16_000  # past this much answer text the live speech is no longer looked for


@dataclass
class Tally:
    """What the attempts of one decision cost."""

    started: float = field(default_factory=time.perf_counter)
    prompt: int | None = None
    completion: int | None = None
    cached: int | None = None
    reasoning: int | None = None
    errors: list[str] = field(default_factory=list)
    transport_retries: int = 0

    def add_usage(self, usage: Any) -> None:
        if usage is None:
            return
        self.prompt = _plus(self.prompt, getattr(usage, "prompt_tokens", None))
        self.completion = _plus(self.completion, getattr(usage, "completion_tokens", None))
        details = getattr(usage, "prompt_tokens_details", None)
        self.cached = _plus(self.cached, getattr(details, "cached_tokens", None) if details else None)
        out = getattr(usage, "completion_tokens_details", None)
        self.reasoning = _plus(self.reasoning, getattr(out, "reasoning_tokens", None) if out else None)


def _plus(total: int | None, more: Any) -> int | None:
    return total if not isinstance(more, int) else (total or 0) + more


@dataclass(frozen=True)
class Reply:
    """One completion as read: answer text, private thoughts, finish reason (None: no choices at all)."""

    text: str | None
    thoughts: str = ""
    finish: str | None = None
    error: str | None = None  # an error the endpoint sent in place of choices (with HTTP 200)
    refusal: str | None = None  # the model's own refusal (OpenAI's `message.refusal`), sanitised


def split_think(text: str | None) -> tuple[str | None, str]:
    """(answer, thoughts): a leading <think>…</think> block is taken off the answer (Qwen3 and other local
    reasoning models without a reasoning parser write their thinking there)."""
    if not text:
        return text, ""
    match = THINK.match(text)
    if match is None:
        return text, ""
    return text[match.end():], match.group(1).strip()


def visible_part(text: str) -> str:
    """The part of a streamed answer after its think block (nothing while the block is still open)."""
    stripped = text.lstrip()
    if not stripped.startswith("<think>"):
        return text
    end = stripped.find("</think>")
    return "" if end < 0 else stripped[end + len("</think>"):]


def thoughts_text(*parts: str | None) -> str:
    """Private thoughts as kept in the annotation: sanitised, capped."""
    text = "\n".join(p.strip() for p in parts if p and p.strip())
    return clean(text, max_chars=MAX_THOUGHTS) if text else ""


async def complete(create: Any, args: dict[str, Any], tally: Tally) -> Reply:
    """A plain completion."""
    response = await create(**args)
    tally.add_usage(getattr(response, "usage", None))
    if not response.choices:
        return Reply(None, error=error_text(getattr(response, "error", None)))
    choice = response.choices[0]
    text, think = split_think(choice.message.content)
    return Reply(text, thoughts_text(getattr(choice.message, "reasoning_content", None), think),
                 choice.finish_reason, refusal=refusal_text(getattr(choice.message, "refusal", None)))


def refusal_text(value: Any) -> str | None:
    """The model's refusal (OpenAI's `refusal` field of a message or a stream delta) on one line, or None."""
    if not isinstance(value, str) or not value.strip():
        return None
    return clean(secrets.redact(value), max_chars=300) or None


async def stream(create: Any, args: dict[str, Any], tally: Tally, feed: SpeechFeed, usage: bool) -> Reply:
    """A streamed completion: the speech so far goes to `feed` as it grows. `stream_options` is sent only here
    (OpenAI refuses it without `stream`), and only when the profile asks for usage."""
    extra = {"stream_options": {"include_usage": True}} if usage else {}
    events = await create(**args, stream=True, **extra)
    parts: list[str] = []
    reasoning: list[str] = []
    refused: list[str] = []
    finish: str | None = None
    size = looked = 0
    async for chunk in events:
        tally.add_usage(getattr(chunk, "usage", None))
        if not chunk.choices:
            continue
        choice = chunk.choices[0]
        finish = choice.finish_reason or finish
        delta = choice.delta
        if delta is None:
            continue
        more = getattr(delta, "reasoning_content", None)
        if isinstance(more, str):
            reasoning.append(more)
        said_no = getattr(delta, "refusal", None)
        if isinstance(said_no, str):
            refused.append(said_no)
        if delta.content:
            parts.append(delta.content)
            size += len(delta.content)
            if size - looked >= looked // 64 and size <= LIVE_TEXT_CHARS and feed.wants_more:
                looked = size  # looked at again once it grew by 1/64: linear work, however long the answer
                await feed.update(secrets.redact(visible_part("".join(parts))))
    if not parts and finish is None:
        return Reply(None, refusal=refusal_text("".join(refused)))
    if looked < size <= LIVE_TEXT_CHARS and feed.wants_more:
        await feed.update(secrets.redact(visible_part("".join(parts))))  # the last few characters too
    text, think = split_think("".join(parts))
    return Reply(text, thoughts_text("".join(reasoning), think), finish, refusal=refusal_text("".join(refused)))


def error_text(error: Any) -> str | None:
    """The message of an `error` field an endpoint sent in a 200 answer (an object with `message`, or text)."""
    if error is None:
        return None
    message = error.get("message") if isinstance(error, dict) else getattr(error, "message", error)
    return clean(str(message), max_chars=300) or None


def is_transient(exc: BaseException) -> bool:
    """A failure worth another try on the transport budget (an answer over the byte cap is not: the next one
    would be read the same way)."""
    bound = bound_of(exc)
    if bound is not None:
        return isinstance(bound, AnswerTooSlow)
    if isinstance(exc, TimeoutError | openai.APITimeoutError | openai.APIConnectionError | httpx2.TransportError):
        return True
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code in TRANSIENT_STATUSES
    return isinstance(exc, openai.APIError)  # an error event inside a stream (a server overloaded mid-answer)


def backoff(exc: BaseException | None, failures: int, base_s: float) -> float:
    """Seconds to wait: the server's Retry-After when it sends one (capped), else exponential."""
    if isinstance(exc, openai.APIStatusError):
        try:
            return max(0.0, min(BACKOFF_CAP_S, float(str(exc.response.headers.get("retry-after", "")))))
        except ValueError:
            pass
    return min(BACKOFF_CAP_S, base_s * 2.0 ** max(0, failures - 1))


def provider_message(exc: BaseException) -> str:
    """The provider's own error message (its JSON `error.message` where it sends one), on one line; a bound
    (agents/providers/transport.py) says which."""
    bound = bound_of(exc)
    if bound is not None:
        return clean(str(bound), max_chars=300)
    if isinstance(exc, openai.APIStatusError):
        body = exc.body
        error = body.get("error") if isinstance(body, dict) else None
        message = error.get("message") if isinstance(error, dict) else None
        if message is None and isinstance(body, dict):
            message = body.get("message") or body.get("detail")
        text = str(message) if message else str(exc.message)
        return clean(f"HTTP {exc.status_code}: {text}", max_chars=300)
    if isinstance(exc, TimeoutError | openai.APITimeoutError):
        return "timeout"
    if isinstance(exc, openai.APIConnectionError):
        return clean(f"connection error: {exc}", max_chars=300)
    if isinstance(exc, openai.APIError):
        return clean(f"stream error: {exc}", max_chars=300)
    return clean(f"{type(exc).__name__}: {exc}", max_chars=300)
