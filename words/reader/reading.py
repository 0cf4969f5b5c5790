"""What a statement's words say: the speaker's own claims (role, side, checks), whom it accuses and clears, and
what it reports other seats to have said (quotes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Target = int | tuple[int, int]  # a seat, or for v5 a card: (seat, card)
Result = Literal["killer", "not_killer"]


@dataclass(frozen=True, slots=True)
class SaidCheck:
    """A check result the words report: `target` was `result`, on `night` (None: the words name no night)."""

    target: Target
    result: Result
    night: int | None = None

    def seat(self) -> int:
        """The checked seat (a card's seat for v5)."""
        return self.target[0] if isinstance(self.target, tuple) else self.target

    def to_dict(self) -> dict[str, Any]:
        target = list(self.target) if isinstance(self.target, tuple) else self.target
        return {"target": target, "result": self.result, "night": self.night}

    @staticmethod
    def of(d: Any) -> SaidCheck | None:
        """A check from its dict form (`to_dict`'s: a seat, or [seat, card]), or None where it is not one."""
        if not isinstance(d, dict) or d.get("result") not in ("killer", "not_killer"):
            return None
        t, night = d.get("target"), d.get("night")
        if isinstance(t, list) and len(t) == 2 and all(type(x) is int for x in t):
            target: Target = (t[0], t[1])
        elif type(t) is int:
            target = t
        else:
            return None
        return SaidCheck(target, d["result"], night if type(night) is int else None)


@dataclass(frozen=True, slots=True)
class Quote:
    """Reported speech: what the statement says another seat said ("seat 2 says he is the police" ->
    Quote(seat=2, said_role="police", said_side="good")). Never a claim of the speaker's own."""

    seat: int
    said_role: str | None = None
    said_side: str | None = None
    accuses: tuple[int, ...] = ()
    clears: tuple[int, ...] = ()
    said_checks: tuple[SaidCheck, ...] = ()


@dataclass(frozen=True, slots=True)
class Reading:
    """The reading of one statement, in the speaker's own voice unless under `quotes`."""

    said_role: str | None = None  # a role id of engine/roles.py
    said_side: str | None = None  # "good" | "killers"; a role claim implies its side
    said_checks: tuple[SaidCheck, ...] = ()
    accuses: tuple[int, ...] = ()  # sorted
    clears: tuple[int, ...] = ()  # sorted
    quotes: tuple[Quote, ...] = field(default=())

    @property
    def claims(self) -> bool:
        """Whether the words claim anything of the speaker: a role, a side or a check."""
        return self.said_role is not None or self.said_side is not None or bool(self.said_checks)
