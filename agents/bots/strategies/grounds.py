"""The grounds a bot speech gives (issue 38): for the seat it accuses, for its defence, or for naming nobody, the
facts of the record it goes by, as a Reason (agents/base.py: a kind and the facts, each an Attribution) and the
values its words need. Only what the seat may know goes in: the public record (agents/bots/record.py), its own
checks and cards; a seat's own check is said only where its claim shows the police. Never a pile-on alone: other
seats' accusations are no ground of the bot's own (a hunch is said as one).

The order is the weight the bot's reading of the table gives (situation.py): a check of its own, a police claim it
doubts and why, a check reported by a police it believes, a role claimed by more seats than the cards dealt, a
vote for a good seat, an accusation or a vote against a seat shown good (cleared by a check, or killed at night).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agents.base import Attribution, Reason
from agents.bots.strategies.situation import Situation
from engine import display_name


@dataclass(frozen=True)
class Ground:
    """One reason and how to word it: `intent` names its phrasings (phrases.py), `values` fill them (seats)."""

    intent: str
    reason: Reason
    values: dict[str, object] = field(default_factory=dict)


HUNCH = Ground("hunch", Reason("hunch"))


def _a(seat: int, act: str, target: int | None = None, role: str | None = None,
       result: str | None = None) -> Attribution:
    return Attribution(seat, act, target=target, role=role, result=result)


def accusing(sit: Situation, seat: int, police: bool, check_night: int | None = None) -> Ground:
    """Why the seat accuses `seat`: the strongest ground it may say. `police`: its claim shows the police (what it
    knows as the police may be said); `check_night`: its claim reports a check that found `seat` a killer on that
    night (for a false police, a check it invented: a killer's bluff, which the record does not bear out)."""
    if check_night is not None:
        return Ground("why_check", Reason("check", (_a(sit.me, "checked", seat, result="killer"),)),
                      {"seat": seat, "night": check_night})
    return about(sit, seat, police) or HUNCH


def about(sit: Situation, seat: int, police: bool, defence: bool = False) -> Ground | None:
    """A ground against `seat` from what the seat may say (`defence`: against the seat that accuses it, where
    that accusation itself is no ground)."""
    for find in (doubted, _reported, _counted, _voted, _against_cleared, _against_dead, _against_me,
                 _pointed_by_police, _led):
        if defence and find is _against_me:
            continue
        ground = find(sit, seat, police)
        if ground is not None:
            return ground
    return None


def doubted(sit: Situation, seat: int, police: bool) -> Ground | None:
    """A police claim the seat disbelieves, and why."""
    belief = sit.beliefs.get(seat)
    if belief is None or belief.trust >= 0.3:
        return None
    claimed = _a(seat, "claimed", role="police")
    rec = sit.rec
    if "impostor" in belief.reasons and police and not sit.killer:
        return Ground("why_impostor", Reason("doubt", (claimed, _a(sit.me, "holds", role="police"),
                                                       _a(seat, "lacks", role="police"))), {"seat": seat})
    for other, b in sit.beliefs.items():
        if other != seat and b.trust > 0.5 and rec.said.get(other, {}).get(seat) and other != sit.me:
            return Ground("why_countered", Reason("doubt", (claimed, _a(other, "reported", seat, result="killer"))),
                          {"seat": seat, "by": other})
    for t, killer in rec.said.get(seat, {}).items():
        side = rec.sides.get(t)
        result = "killer" if killer else "not_killer"
        if side is not None and (side == "killer") != killer:
            word = "killer" if side == "killer" else "good"
            return Ground(f"why_contradicted_{word}",
                          Reason("doubt", (claimed, _a(seat, "reported", t, result=result),
                                           _a(t, "executed", result=side))), {"seat": seat, "target": t})
        if killer and t in rec.night_dead and rec.night_dead[t] > rec.claimed_at.get(seat, 0):
            return Ground("why_contradicted_dead",
                          Reason("doubt", (claimed, _a(seat, "reported", t, result=result), _a(t, "died"))),
                          {"seat": seat, "target": t})
    for other, b in sit.beliefs.items():
        theirs = rec.said.get(other, {})
        if other == seat or b.trust <= 0.6:
            continue
        for t, killer in rec.said.get(seat, {}).items():
            if t in theirs and theirs[t] != killer:
                mine = "killer" if killer else "not_killer"
                return Ground(f"why_disagrees_{mine}",
                              Reason("doubt", (claimed, _a(seat, "reported", t, result=mine),
                                               _a(other, "reported", t, result="not_killer" if killer else "killer"))),
                              {"seat": seat, "by": other, "target": t})
    return None


def _reported(sit: Situation, seat: int, police: bool) -> Ground | None:
    """A police claimant the seat believes reported `seat` a killer (and why it believes it, where the record
    says: it died at night after claiming); a killer may cite its own false police's report, which is on the
    record as reported."""
    by = [c for c, b in sit.beliefs.items() if sit.rec.said.get(c, {}).get(seat) and c != sit.me
          and (b.trust >= 0.3 or (sit.killer and c in sit.team))]  # a killer cites its false police's report too
    if not by:
        return None
    best = max(by, key=lambda c: sit.beliefs[c].trust)
    said = _a(best, "reported", seat, result="killer")
    if best in sit.rec.night_dead and "died" in sit.beliefs[best].reasons:
        return Ground("why_reported_dead", Reason("claimed", (said, _a(best, "died"))), {"seat": seat, "by": best})
    return Ground("why_reported", Reason("claimed", (said,)), {"seat": seat, "by": best})


def _counted(sit: Situation, seat: int, police: bool) -> Ground | None:
    """`seat` claims a role more seats claim than the game deals."""
    for role, claimants in sorted(sit.overclaimed.items()):
        if seat in claimants:
            name = display_name(role, sit.lang)
            facts = tuple(_a(c, "claimed", role=role) for c in claimants)
            return Ground("why_count", Reason("count", facts),
                          {"seat": seat, "n": len(claimants), "cards": sit.cards_of(role),
                           "role": name.lower() if sit.lang == "en" else name})
    return None


def _good(sit: Situation, t: int, police: bool) -> tuple[Attribution, ...] | None:
    """Why the seat takes `t` as good, in facts it may say: the judge's announced side, its own check (said only
    as the police), the report of a claimant it believes, a death at night (the killers kill the other side)."""
    rec = sit.rec
    if rec.sides.get(t) == "good":
        return (_a(t, "executed", result="good"),)
    if police and not sit.killer and sit.facts.checks.get(t) == "not_killer":
        return (_a(sit.me, "checked", t, result="not_killer"),)
    by = [c for c, b in sit.beliefs.items() if b.trust >= 0.6 and rec.said.get(c, {}).get(t) is False
          and c != sit.me]
    if by:
        return (_a(by[0], "reported", t, result="not_killer"),)
    if t in sit.beliefs and sit.beliefs[t].trust >= 0.6 and t != sit.me:
        return (_a(t, "claimed", role="police"),)
    if t in rec.night_dead:
        return (_a(t, "died"),)
    return None


def _voted(sit: Situation, seat: int, police: bool) -> Ground | None:
    """`seat` voted to execute a seat the judge then showed good."""
    rec = sit.rec
    for day, voter, t in rec.votes:
        if voter == seat and rec.sides.get(t) == "good" and rec.executed.get(t) == day:
            return Ground("why_voted_good", Reason("vote", (_a(seat, "voted", t), _a(t, "executed", result="good"))),
                          {"seat": seat, "target": t})
    return None


def _against_cleared(sit: Situation, seat: int, police: bool) -> Ground | None:
    """`seat` accused or voted for a seat a check showed good."""
    return _against(sit, seat, police, dead=False)


def _against_dead(sit: Situation, seat: int, police: bool) -> Ground | None:
    """`seat` accused or voted for a seat the killers then killed at night."""
    return _against(sit, seat, police, dead=True)


def _against(sit: Situation, seat: int, police: bool, dead: bool) -> Ground | None:
    rec = sit.rec
    acts = [("accuses", t) for _, a, t in rec.accusations if a == seat] + \
        [("voted", t) for _, v, t in rec.votes if v == seat]
    for act, t in reversed(acts):
        if t == seat or (t in sit.team and sit.killer):
            continue
        why = _good(sit, t, police)
        if why is None or (why[0].act == "died") != dead:
            continue
        values: dict[str, object] = {"seat": seat, "target": t}
        if why[0].act == "reported":
            values["by"] = why[0].seat
        if why[0].act == "checked":
            values["night"] = sit.facts.check_nights.get(t, 1) or 1
        kind = "vote" if act == "voted" else "accusation"
        return Ground(f"why_{'voted' if act == 'voted' else 'accused'}_{why[0].act}",
                      Reason(kind, (_a(seat, act, t), *why)), values)
    return None


def _against_me(sit: Situation, seat: int, police: bool) -> Ground | None:
    """`seat` accused this seat, which knows it is no killer (a good seat only: a killer would be lying)."""
    if sit.killer or not any(a == seat and t == sit.me for _, a, t in sit.rec.accusations):
        return None
    return Ground("why_accused_me", Reason("accusation", (_a(seat, "accuses", sit.me),
                                                          _a(sit.me, "lacks", role="killer"))), {"seat": seat})


def _pointed_by_police(sit: Situation, seat: int, police: bool) -> Ground | None:
    """A police claimant the seat believes accused `seat` (its accusation, not only the table's)."""
    by = [c for c, b in sit.beliefs.items() if b.trust >= 0.6 and c != sit.me and c != seat
          and any(a == c and t == seat for _, a, t in sit.rec.accusations)]
    if not by:
        return None
    best = max(by, key=lambda c: sit.beliefs[c].trust)
    return Ground("why_pointed_police", Reason("accusation", (_a(best, "claimed", role="police"),
                                                              _a(best, "accuses", seat))), {"seat": seat, "by": best})


def _led(sit: Situation, seat: int, police: bool) -> Ground | None:
    """`seat` was the first to accuse a seat (the latest such case; never a partner's case, for a killer)."""
    first: dict[int, int] = {}
    for _, a, t in sit.rec.accusations:
        first.setdefault(t, a)
    led = [t for t, a in first.items() if a == seat and t != sit.me and not (sit.killer and t in sit.team)]
    if not led:
        return None
    return Ground("why_led", Reason("accusation", (_a(seat, "led", led[-1]),)), {"seat": seat, "target": led[-1]})


def defending(sit: Situation, police: bool) -> Ground:
    """A defence: what the record says against a seat that accuses this one (its claim doubted, its votes, ...)."""
    rec = sit.rec
    accusers = [a for d, a, t in reversed(rec.accusations) if t == sit.me and a != sit.me and a in sit.facts.living]
    for a in dict.fromkeys(accusers):
        if a in sit.team and sit.killer:
            continue
        ground = about(sit, a, police, defence=True)
        if ground is not None:
            reason = Reason("defence", (_a(a, "accuses", sit.me), *ground.reason.evidence))
            return Ground(ground.intent, reason, ground.values)  # the ground's "seat" is the accuser
    if accusers and not sit.killer:  # nothing against the accuser: the seat knows its own card
        return Ground("defend_self", Reason("defence", (_a(accusers[0], "accuses", sit.me),
                                                        _a(sit.me, "lacks", role="killer"))), {"seat": accusers[0]})
    return HUNCH


def holding_back(sit: Situation) -> Ground:
    """Naming nobody: the latest thing the record shows that the seat goes by (a death, the verdict)."""
    rec = sit.rec
    dead = tuple(d for d in rec.last_dead if d != sit.me)  # a seat's last words after its own death: not news
    if dead:
        return Ground("quiet_dead", Reason("death", tuple(_a(d, "died") for d in dead)), {"dead": dead})
    if rec.last_verdict is not None and rec.last_verdict != sit.me:
        side = rec.sides.get(rec.last_verdict)
        return Ground("quiet_executed", Reason("verdict", (_a(rec.last_verdict, "executed", result=side),)),
                      {"seat": rec.last_verdict})
    return HUNCH
