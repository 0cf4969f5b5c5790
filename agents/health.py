"""Degraded play, defined once: a seat (or a contestant) whose fallbacks are more than 10% of its decisions and
at least 3. `killer run` exits 3 on it, `killer eval` shows the running share; the evaluation reads it here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

DEGRADED_SHARE = 0.10
DEGRADED_MIN = 3


def is_degraded(fallbacks: int, decisions: int) -> bool:
    """More than 10% of the decisions fell back, and at least 3 did."""
    return fallbacks >= DEGRADED_MIN and fallbacks > DEGRADED_SHARE * decisions


def fell_back(annotation: Mapping[str, Any] | None) -> bool:
    """Whether a recorded decision is a fallback (a lost decision of a crashed run is not counted)."""
    return bool(annotation and annotation.get("fallback"))


def voice_fell_back(annotation: Mapping[str, Any] | None) -> bool:
    """Whether a voiced bot's speech is the bot's own sentence, the model's words refused (agents/voice/)."""
    return bool(annotation and annotation.get("voice") and annotation.get("voice_fallback"))


@dataclass
class FallbackTally:
    """Decisions and fallbacks per seat, counted from the annotations as they are recorded; for voiced bots
    (agents/voice/), their voiced speeches and voice fallbacks apart (the decision is the bot's either way, so a
    voice fallback never makes a seat degraded)."""

    decisions: dict[int, int] = field(default_factory=dict)
    fallbacks: dict[int, int] = field(default_factory=dict)
    voiced: dict[int, int] = field(default_factory=dict)  # speeches a model was asked to word
    voice_fallbacks: dict[int, int] = field(default_factory=dict)  # ... of which the bot's own sentence was used

    def add(self, seat: int, annotation: Mapping[str, Any] | None) -> None:
        if not annotation or annotation.get("lost"):
            return
        self.decisions[seat] = self.decisions.get(seat, 0) + 1
        self.fallbacks[seat] = self.fallbacks.get(seat, 0) + fell_back(annotation)
        if annotation.get("voice"):
            self.voiced[seat] = self.voiced.get(seat, 0) + 1
            self.voice_fallbacks[seat] = self.voice_fallbacks.get(seat, 0) + voice_fell_back(annotation)

    def degraded(self) -> list[int]:
        """Seats whose play is degraded, in seat order."""
        return sorted(s for s, n in self.decisions.items() if is_degraded(self.fallbacks.get(s, 0), n))

    def to_dict(self) -> dict[str, Any]:
        """For the transcript's end line: per seat "fallbacks/decisions", and the degraded seats; where voiced bots
        played, per voiced seat its voice fallbacks and voiced speeches."""
        out: dict[str, Any] = {"fallbacks": {str(s): self.fallbacks.get(s, 0) for s in sorted(self.decisions)},
                               "seat_decisions": {str(s): n for s, n in sorted(self.decisions.items())},
                               "degraded": self.degraded()}
        if self.voiced:
            out["voice_fallbacks"] = {str(s): self.voice_fallbacks.get(s, 0) for s in sorted(self.voiced)}
            out["voiced_speeches"] = {str(s): n for s, n in sorted(self.voiced.items())}
        return out
