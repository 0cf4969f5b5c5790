"""Whether the reason a speech gives is true against the engine's record (issue 38), read from the events alone,
never from whoever composed the speech: the facts a Reason rests on (agents/base.py `Reason`) are each looked up
in the events recorded before the speech, the private ones included (a check the speaker really got, the cards
the judge dealt).

- `seat` "checked" `target` and got `result`: a check_result event with that target and result that the seat saw.
- "reported" a check of `target` with `result`, "claimed" `role` (its latest role claim), "accuses" `target`:
  the seat's speeches; "led": the first accusation of `target` on the record is the seat's; "voted" for
  `target`: its votes.
- "died": a death event of the seat; "executed": a verdict that executed it (`result`, where given: the side the
  judge announced, "killer" or "good").
- "holds" / "lacks" the card `role`: the deal.
- A reason that rests only on other seats' accusations (a pile-on) is not counted as checkable: it is no reason
  of the speaker's own.
- A reason of kind "count" says more seats claim `role` than the cards dealt: its facts are the claims, and the
  deal must hold fewer cards of that role than there are claimants.
"""

from __future__ import annotations

from collections.abc import Sequence

from agents.base import Attribution, Reason
from engine import SPEECHES, Event, EventKind


def checkable(reason: Reason | None) -> bool:
    """Whether a reason rests on facts of the record, and on more than other seats' accusations (a hunch, no
    reason and a pile-on do not)."""
    return reason is not None and bool(reason.evidence) and not piled_on(reason)


def piled_on(reason: Reason) -> bool:
    """A reason that is only other seats' accusations: "seats 3, 7 accused it; I agree"."""
    return bool(reason.evidence) and all(f.act == "accuses" for f in reason.evidence)


def reason_true(reason: Reason, events: Sequence[Event], upto: int) -> bool:
    """Whether every fact of `reason` holds in events[:upto] (and, for a count, the deal has too few cards)."""
    before = events[:upto]
    if not reason.evidence or not all(holds(fact, before) for fact in reason.evidence):
        return False
    if reason.kind == "count":
        roles = {f.role for f in reason.evidence}
        claimants = {f.seat for f in reason.evidence if f.act == "claimed"}
        if len(roles) != 1 or None in roles:
            return False
        return len(claimants) > dealt(before).count(str(next(iter(roles))))
    return True


def holds(fact: Attribution, events: Sequence[Event]) -> bool:
    """Whether one fact is on the record `events`."""
    act = fact.act
    if act == "checked":
        return any(e.kind == EventKind.CHECK_RESULT and e.visible_to is not None and fact.seat in e.visible_to
                   and _seat(e.data.get("target")) == fact.target and e.data.get("result") == fact.result
                   for e in events)
    if act in ("holds", "lacks"):
        hands = _hands(events)
        if not 1 <= fact.seat <= len(hands):
            return False
        return (fact.role in hands[fact.seat - 1]) == (act == "holds")
    if act == "died":
        return any(e.kind == EventKind.DEATH and e.data.get("seat") == fact.seat for e in events)
    if act == "executed":
        done = any(e.kind == EventKind.VERDICT and e.data.get("executed") == fact.seat for e in events)
        return done and (fact.result is None or _side(events, fact.seat) == fact.result)
    if act == "voted":
        return any(e.kind == EventKind.VOTE and e.data.get("seat") == fact.seat and e.data.get("target") == fact.target
                   for e in events)
    speeches = [e.data for e in events if e.kind in SPEECHES and e.data.get("seat") == fact.seat]
    if act == "accuses":
        return any(d.get("accusation") == fact.target for d in speeches)
    if act == "led":  # the first accusation of `target` on the record is the seat's
        first = next((e.data.get("seat") for e in events if e.kind in SPEECHES
                      and e.data.get("accusation") == fact.target), None)
        return first == fact.seat
    claims = [d["claim"] for d in speeches if isinstance(d.get("claim"), dict)]
    if act == "claimed":
        roles = [c.get("role") for c in claims if c.get("role")]
        return bool(roles) and roles[-1] == fact.role
    if act == "reported":
        return any(_seat(c.get("target")) == fact.target and c.get("result") == fact.result
                   for claim in claims for c in claim.get("checks") or () if isinstance(c, dict))
    return False


def dealt(events: Sequence[Event]) -> list[str]:
    """Every card the judge dealt (each card of a two-card hand)."""
    return [card for hand in _hands(events) for card in hand]


def _hands(events: Sequence[Event]) -> list[list[str]]:
    deal = next((e for e in events if e.kind == EventKind.DEAL), None)
    hands = deal.data.get("hands") if deal is not None else None
    return [[str(c) for c in h] for h in hands] if isinstance(hands, list) else []


def _side(events: Sequence[Event], seat: int) -> str | None:
    sides = [e.data.get("side") for e in events if e.kind == EventKind.EXECUTED_SIDE and e.data.get("seat") == seat]
    if not sides:
        return None
    return "killer" if str(sides[-1]) in ("killer", "killers") else "good"


def _seat(target: object) -> int | None:
    """A check's target seat (a card target [seat, slot] names its seat)."""
    if isinstance(target, list | tuple) and target and isinstance(target[0], int):
        return target[0]
    return target if isinstance(target, int) else None
