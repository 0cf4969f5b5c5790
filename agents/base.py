"""What every player (LLM, scripted, random, human) is: something that answers the judge's requests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from agents.view import NotebookData, SeatView
from engine import Action, KillerError, Request


@dataclass(frozen=True)
class Annotation:
    """How a decision was made: recorded beside the event in the transcript, never shown to other seats."""

    agent: str  # "llm", "scripted", "random", "human"
    model: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cached_tokens: int | None = None
    latency_s: float = 0.0
    retries: int = 0
    fallback: str | None = None  # why a legal default was used, if it was
    errors: tuple[str, ...] = ()
    reasoning_tokens: int | None = None  # hidden reasoning (completion_tokens_details), part of completion_tokens
    transport_retries: int = 0  # tries again after timeouts, 429 and 5xx (their own budget)
    thoughts: str = ""  # private: reasoning_content or a <think> block; never in another seat's prompt
    notebook: NotebookData = ""  # private: the notebook the seat returned (back to it at its next decision)
    # a voiced bot's speech (agents/voice/): who worded it, "model" or "bot" (None: not a voiced speech), and why
    # the bot's own sentence was used where the model's words were not. The decision itself is the bot's either
    # way: a voice fallback is not a `fallback` (the action is no legal default, only the words are the bot's).
    voice: str | None = None
    voice_fallback: str | None = None


@dataclass(frozen=True)
class Attribution:
    """What a speech says another seat did or said, as the speaker means it (issue 19: a bot attributes to a seat
    only what the public record shows it did): `seat` accuses `target` (in a speech), voted for `target`, claimed
    `role`, or reported a check of `target` with `result`."""

    seat: int
    act: str  # "accuses" | "voted" | "claimed" | "reported"
    target: int | None = None
    role: str | None = None
    result: str | None = None  # a reported check: "killer" or "not_killer"


@dataclass(frozen=True)
class Reason:
    """Why a speech accuses, defends or holds back, as the speaker means it (issue 38): a kind ("check", "claimed",
    "doubt", "vote", "count", "death", "verdict", "defence", "accusation", ...) and the facts of the game it rests
    on, each an Attribution: besides the acts above, `seat` "checked" `target` and got `result` (a check of its
    own), "led" the accusations of `target` (the first to accuse it), "died" at night, was "executed" (`result`:
    the side the judge announced, if any), "holds" or "lacks" the card `role`. Only "hunch" rests on nothing;
    evaluation/games/reasons.py checks the facts against the engine's record, apart from whoever worded them."""

    kind: str
    evidence: tuple[Attribution, ...] = ()


@dataclass(frozen=True)
class Decision:
    """A seat's answer: the engine action plus the private fields the evaluation reads."""

    action: Action
    claimed_role: str | None = None  # the role the speaker publicly claims (ground truth for lie metrics)
    reasoning: str = ""  # private
    suspicions: dict[int, float] = field(default_factory=dict)  # private: P(killer) per living seat
    annotation: Annotation = field(default_factory=lambda: Annotation("unknown"))
    # what the speech attributes to other seats, where the agent knows (the bots build their speeches from it)
    attributions: tuple[Attribution, ...] = ()
    reason: Reason | None = None  # a bot speech's reason: what its words say it rests on (issue 38)


class Agent(Protocol):
    """async def decide(view, request) -> Decision; must always return a legal action."""

    async def decide(self, view: SeatView, request: Request) -> Decision: ...


class PreflightRefused(KillerError):
    """The endpoint refused the production request (or its answer cannot be read): the provider's message."""


@runtime_checkable
class ModelSeat(Agent, Protocol):
    """A player behind an endpoint (the LLM agent): what the orchestrator asks of it before the first night,
    without importing the client library (the TUI and the renders never load it)."""

    base_url: str
    model: str
    provider: str

    def endpoint_key(self) -> tuple[str, str, str, str]: ...

    def adopt(self, provider: str) -> None: ...

    async def resolve(self) -> str: ...

    async def preflight(self, view: SeatView, request: Request) -> None: ...
