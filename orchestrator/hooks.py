"""What a caller of a game gives and gets back: the callbacks (every event, the end line, the person behind each
human seat, a speech as it is written) and how a session ended. Plain data, kept apart from the game loop
(orchestrator.run) so that a caller that only reads these (the TUI replaying a file) loads no graph library."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from orchestrator.store.transcript import Entry

OnEntry = Callable[[Entry], Awaitable[None] | None]
OnEnd = Callable[[dict[str, Any]], Awaitable[None] | None]
OnHuman = Callable[[dict[str, Any]], Awaitable[Any]]  # interrupt payload -> the person's answer
OnSpeech = Callable[[int, str, str], Awaitable[None] | None]  # (seat, kind, speech so far)
OnWait = Callable[[list[dict[str, Any]]], Awaitable[None] | None]  # [{"seat", "kind"}]: the agents asked now


@dataclass(frozen=True)
class GameResult:
    """How a session ended: over (winner set) or waiting for a person (no human handler was given)."""

    path: Path
    game_id: str
    winner: str | None
    waiting: dict[str, Any] | None = None
    stats: dict[str, int] | None = None  # steps ("batches") and decisions taken by this process
    end: dict[str, Any] | None = None  # the end line: winner, per-seat fallbacks, degraded seats

    @property
    def degraded(self) -> list[int]:
        """Seats whose play was degraded (agents/health.py)."""
        return list((self.end or {}).get("degraded") or [])


@dataclass
class Hooks:
    """Callbacks: every event as it happens, the end line, the person behind each human seat, and (optional)
    a public speech while a model still writes it — the speech so far, each time it grows; its final event
    follows through on_entry. Only set on_speech to watch: it makes speaking model seats stream."""

    on_entry: OnEntry | None = None
    on_end: OnEnd | None = None
    on_human: OnHuman | None = None
    on_speech: OnSpeech | None = None
    on_wait: OnWait | None = None  # which agent seats are asked now (night requests included: filter to show)
    on_transcript: Callable[[Path], None] | None = None  # the transcript's path, once its header is written
