"""What a voiced bot's speech must say: the bot's intent, read off its Decision (the structured claim it files, the
accusation it makes, what its speech attributes to other seats), and the notes the model words it from.

The intent holds only what the speech says in public: the seat's cards, partners, private checks it keeps back and
private reasoning never enter it, so the voice's prompt can tell the model nothing the table will not hear.
"""

from __future__ import annotations

from dataclasses import dataclass

from agents.base import Attribution, Decision
from agents.llm.prompting import environment
from engine import DecisionKind, Request, Target

MAX_CITES = 1  # other seats' acts the notes cite (one about the accused first): a short speech, one reason


@dataclass(frozen=True)
class Check:
    """A check the speech reports: `target` (a seat, or for v5 a card) was a killer or not, on `night`."""

    target: Target
    killer: bool
    night: int

    @property
    def seat(self) -> int:
        return self.target[0] if isinstance(self.target, tuple) else self.target


@dataclass(frozen=True)
class Intent:
    """One speech as the bot decided it: the seat, the kind of speech, the role it claims, the checks it reports,
    the seat it accuses, and the other seats' acts it cites."""

    seat: int
    kind: DecisionKind
    role: str | None = None
    checks: tuple[Check, ...] = ()
    accusation: int | None = None
    cites: tuple[Attribution, ...] = ()


def intent_of(decision: Decision, request: Request) -> Intent:
    """The intent of a bot's speech decision."""
    action = decision.action
    claim = action.claim
    checks = tuple(Check(c.target, c.result == "killer", c.night) for c in claim.checks) if claim else ()
    accusation = action.accusation if isinstance(action.accusation, int) else None
    return Intent(request.seat, request.kind, claim.role if claim else None, checks, accusation,
                  decision.attributions)


def notes(intent: Intent, lang: str) -> list[str]:
    """The intent as short sentences in the game's language (prompts/<lang>/voice.j2): what the model words (a
    v5 card's check by its seat, as the reader reads it)."""
    t = environment(lang).get_template("voice.j2").module
    lines = [str(t.role(intent.role))] if intent.role else []  # type: ignore[attr-defined]
    lines += [str(t.check(c.seat, c.killer, c.night)) for c in intent.checks]  # type: ignore[attr-defined]
    if intent.kind is DecisionKind.DEFENSE:
        lines.append(str(t.defend()))  # type: ignore[attr-defined]
    if intent.accusation is not None:
        lines.append(str(t.accuse(intent.accusation)))  # type: ignore[attr-defined]
    elif intent.kind is DecisionKind.STATEMENT:
        lines.append(str(t.no_suspect()))  # type: ignore[attr-defined]
    elif intent.kind is DecisionKind.LAST_WORDS:
        lines.append(str(t.last_words()))  # type: ignore[attr-defined]
    return [line.strip() for line in lines] + cited(intent, lang)


def cited(intent: Intent, lang: str) -> list[str]:
    """The other seat's act the notes cite, as a sentence (at most MAX_CITES; one about the accused seat first)."""
    t = environment(lang).get_template("voice.j2").module
    first = sorted(intent.cites, key=lambda a: a.target != intent.accusation)  # a reason for the accusation first
    return [c.strip() for a in first if (c := _cite(t, a))][:MAX_CITES]


def _cite(t: object, a: Attribution) -> str:
    """One act of another seat the speech cites, as a sentence ("" for one it cannot word)."""
    if a.act == "accuses" and a.target is not None:
        return str(t.accuses(a.seat, a.target))  # type: ignore[attr-defined]
    if a.act == "voted" and a.target is not None:
        return str(t.voted(a.seat, a.target))  # type: ignore[attr-defined]
    if a.act == "claimed" and a.role:
        return str(t.claimed(a.seat, a.role))  # type: ignore[attr-defined]
    if a.act == "reported" and a.target is not None and a.result:
        return str(t.reported(a.seat, a.target, a.result == "killer"))  # type: ignore[attr-defined]
    return ""
