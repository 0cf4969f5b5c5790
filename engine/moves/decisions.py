"""What the judge asks of a seat (a Request) and what the seat answers (an Action)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

# A seat number (from 1), or for card rulesets (v5) a card: (seat, slot) with slot 1 or 2.
Target = int | tuple[int, int]
# What identifies a request among the pending ones and the action that answers it: (seat, kind, slot, round).
DecisionKey = tuple[int, str, int, int]


class DecisionKind(StrEnum):
    """The kinds of decisions a seat can be asked for."""

    NIGHT = "night"  # a night role's choice: kill, check, save, shoot, hug, silence, take
    LAST_WORDS = "last_words"
    STATEMENT = "statement"  # a day speech, with an accusation where the ruleset counts them
    DEFENSE = "defense"  # the accused (or the two suspects) speak for themselves
    VOTE = "vote"  # a show of hands: a target, or None to keep the hand down where allowed


# The decisions that are speeches: words for the table, with a public claim where the seat may speak (the one
# definition: claims, the LLM schema, the bots and the speech stream read it).
SPEAKING: frozenset[DecisionKind] = frozenset({DecisionKind.STATEMENT, DecisionKind.DEFENSE, DecisionKind.LAST_WORDS})


@dataclass(frozen=True, slots=True)
class Request:
    """One decision the judge waits for, with every legal choice spelled out."""

    seat: int
    kind: DecisionKind
    role: str | None = None  # the acting role for night decisions
    action: str | None = None  # kill, check, save, shoot, hug, silence, snipe, take
    slot: int = 1  # the acting card (v5); 1 elsewhere
    targets: tuple[Target | None, ...] = ()  # legal targets (None: no action / no hand raised)
    # Every legal accusation of a speech (statement, defense, last words; None: accuse nobody). Empty for votes
    # and night choices, which name nobody.
    accusations: tuple[int | None, ...] = ()
    counts_accusation: bool = False  # the judge counts this accusation (004: each accusation is a vote)
    may_speak: bool = True  # False when silenced (004 V4.0 rule 6)
    may_confess: bool = False  # jump-kill allowed (004 V2.5 other rule 3)
    simultaneous: bool = False  # decided at the same time as the other pending requests
    weight: int = 1  # votes this hand carries (v5: living cards)
    irreversible: bool = False  # a once-per-game power (secret police shot): ask to confirm
    ballot: int = 0  # which count of the day this accusation/vote belongs to (1, 2, ...; 0: none)
    team: tuple[int, ...] = ()  # night: the seats that opened their eyes together and decide this together
    # Team talk (ruling R-team-talk): the round of the team's proposals this request asks for (1: the first;
    # 2, 3...: asked again after the partners' proposals differed), how many rounds the talk may take, and each
    # member's proposal of the round before, as (seat, target) pairs.
    round: int = 1
    rounds: int = 1
    proposals: tuple[tuple[int, Target | None], ...] = ()
    # Team talk with words (issue 19): what each member told the team with its proposal of the round before, as
    # (seat, message) pairs; only members who wrote one.
    messages: tuple[tuple[int, str], ...] = ()

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats that decide this night choice together (empty: the seat acts alone)."""
        return tuple(s for s in self.team if s != self.seat)

    @property
    def may_message(self) -> bool:
        """Whether the answer may carry a message to the partners (a team night choice of two or more)."""
        return self.kind is DecisionKind.NIGHT and bool(self.partners)

    def key(self) -> DecisionKey:
        """What identifies the request among the pending ones."""
        return (self.seat, self.kind, self.slot, self.round)  # a StrEnum: equal to (and hashed as) its string

    def proposal_of(self, seat: int) -> Target | None:
        """What `seat` proposed in the round before (None: nothing, or not a later round)."""
        return next((t for s, t in self.proposals if s == seat), None)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (tuples become lists)."""
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "role": self.role,
            "action": self.action,
            "slot": self.slot,
            "targets": [_target_json(t) for t in self.targets],
            "accusations": list(self.accusations),
            "counts_accusation": self.counts_accusation,
            "may_speak": self.may_speak,
            "may_confess": self.may_confess,
            "simultaneous": self.simultaneous,
            "weight": self.weight,
            "irreversible": self.irreversible,
            "ballot": self.ballot,
            "team": list(self.team),
            "round": self.round,
            "rounds": self.rounds,
            "proposals": [[s, _target_json(t)] for s, t in self.proposals],
            "messages": [[s, m] for s, m in self.messages],
        }


MAX_TEAM_MESSAGE = 120  # characters of a message to the partners at night (issue 19: "a short message")
CLAIM_RESULTS = ("killer", "not_killer")  # what a claimed check may report (the judge's nod or shake)
MAX_CLAIMED_CHECKS = 8  # checks one claim may report (a claim names at most one a night so far)


@dataclass(frozen=True, slots=True)
class ClaimedCheck:
    """A check result a speaker says it got: on `night`, `target` (a seat, or for v5 a card) was `result`."""

    night: int
    target: Target
    result: str  # one of CLAIM_RESULTS

    def to_dict(self) -> dict[str, Any]:
        return {"night": self.night, "target": _target_json(self.target), "result": self.result}


@dataclass(frozen=True, slots=True)
class Claim:
    """A public claim made with a speech: the role claimed (None: none) and the check results reported. The
    whole table hears it; it may be a lie (what the deception metrics score)."""

    role: str | None = None
    checks: tuple[ClaimedCheck, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, "checks": [c.to_dict() for c in self.checks]}

    @staticmethod
    def from_dict(data: Any) -> Claim | None:
        """Reads to_dict's form; None (no claim) for None."""
        if data is None:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("checks") or [], list):
            raise ValueError("a claim is {\"role\": ..., \"checks\": [...]}")
        checks = tuple(ClaimedCheck(int(c["night"]), _required_target(c["target"]), str(c["result"]))
                       for c in data.get("checks") or ())
        role = data.get("role")
        return Claim(role=None if role is None else str(role), checks=checks)


def _required_target(value: Any) -> Target:
    target = target_from_json(value)
    if target is None:
        raise ValueError("a claimed check names a target")
    return target


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's answer to a Request."""

    seat: int
    kind: DecisionKind
    target: Target | None = None
    speech: str = ""
    accusation: int | None = None
    confess: bool = False
    slot: int = 1
    claim: Claim | None = None  # a speech's public claim (statement, defense, last words)
    round: int = 1  # the team-talk round this night choice answers (Request.round)
    message: str = ""  # a team night choice's words to the partners (at most MAX_TEAM_MESSAGE characters)

    def key(self) -> DecisionKey:
        """The key of the request this action answers."""
        return (self.seat, self.kind, self.slot, self.round)  # a StrEnum: equal to (and hashed as) its string

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form ("claim" only when the speech makes one, "round" only for a later team-talk round,
        "message" only when the team was told something, so older records read the same)."""
        out: dict[str, Any] = {
            "seat": self.seat,
            "kind": self.kind.value,
            "target": _target_json(self.target),
            "speech": self.speech,
            "accusation": self.accusation,
            "confess": self.confess,
            "slot": self.slot,
        }
        if self.claim is not None:
            out["claim"] = self.claim.to_dict()
        if self.round != 1:
            out["round"] = self.round
        if self.message:
            out["message"] = self.message
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Action:
        """Inverse of to_dict."""
        return Action(
            seat=int(data["seat"]),
            kind=DecisionKind(data["kind"]),
            target=target_from_json(data.get("target")),
            speech=str(data.get("speech", "")),
            accusation=data.get("accusation"),
            confess=bool(data.get("confess", False)),
            slot=int(data.get("slot", 1)),
            claim=Claim.from_dict(data.get("claim")),
            round=int(data.get("round", 1)),
            message=str(data.get("message") or ""),
        )


def _target_json(target: Target | None) -> Any:
    return list(target) if isinstance(target, tuple) else target


def target_from_json(value: Any) -> Target | None:
    """Reads a target written by to_dict: an int, a [seat, slot] pair, or null."""
    if value is None:
        return None
    if isinstance(value, list | tuple):
        return (int(value[0]), int(value[1]))
    return int(value)
