"""The good side: when a police shows its card (at once, once it has found a killer, or hidden behind a
civilian claim until late) and how it backs a partner's claims; the night powers used with the judgement their
seed paragraphs describe (000 v3.0 secret police: "should not be used lightly, at least not in the first
round"); votes and accusations that follow the weighed record rather than the first claim heard."""

from __future__ import annotations

import random

from agents.bots.reports import telling_checks
from agents.bots.strategies.situation import Situation
from engine import Claim, ClaimedCheck, DecisionKind, EventKind, get_ruleset
from engine.moves.decisions import CLAIM_RESULTS
from engine.roles import Effect, effect_of

EARLY, WAIT, HIDE = "early", "wait", "hide"


def police_policy(sit: Situation) -> str:
    """This police seat's plan for the game, drawn once from the game seed and the seat."""
    rng = random.Random(f"{sit.seed}:policy:{sit.me}")
    draw = rng.random()
    if draw < sit.style.hide:
        return HIDE
    return WAIT if draw < sit.style.hide + sit.style.wait else EARLY


def police_reveals(sit: Situation) -> bool:
    """Whether a police seat shows its card in this speech."""
    kind = sit.request.kind
    if sit.me in sit.rec.police_claimants or kind in (DecisionKind.DEFENSE, DecisionKind.LAST_WORDS):
        return True
    impostor = any(b.trust == 0.0 for b in sit.beliefs.values())
    partner_out = [c for c in sit.rec.police_claimants if c in sit.police_mates and c in sit.facts.living]
    if impostor and not partner_out:
        return True  # a false police is speaking for us: answer it
    policy = police_policy(sit)
    if policy == EARLY:
        return not partner_out  # one police in the open is enough; the other backs it from cover
    if policy == WAIT:
        return bool(sit.found())
    found = sit.found()
    swing = any(d == sit.rec.day and t in found for d, _, t in sit.rec.accusations)
    return bool(found) and (sit.rec.day >= 3 or swing)  # hidden: late, or when its check can swing today's vote


def good_claim(sit: Situation) -> Claim | None:
    """A good seat's claim: police with its true checks when it reveals; a civilian claim for civilians and for
    a hidden police; other roles only in their defence or last words."""
    kind = sit.request.kind
    if sit.role == "police":
        if not police_reveals(sit):  # hidden: behind a civilian claim, or none where (hard) it would be counted
            return None if sit.saturated("civilian") else Claim(role="civilian")
        checks = tuple(ClaimedCheck(sit.facts.check_nights.get(t, 1) or 1, t, r)
                       for t, r in sit.facts.checks.items() if r in CLAIM_RESULTS and isinstance(t, int))
        return Claim(role="police", checks=telling_checks(checks))
    if sit.role == "civilian":
        return Claim(role="civilian")
    if kind in (DecisionKind.DEFENSE, DecisionKind.LAST_WORDS):
        return Claim(role=sit.role)
    return None


def needles(ruleset: str) -> bool:
    """v4's doctor: a needle on a seat nobody attacked is an empty needle, and two kill (004 V4.0 rule 4)."""
    rules = get_ruleset(ruleset)
    return "butterfly" in rules.roles() and rules.cards_per_seat == 1


def trusted_police(sit: Situation) -> list[int]:
    """Living police claimants this seat believes, best first."""
    out = [c for c, b in sit.beliefs.items() if b.trust >= 0.5 and c in sit.facts.living]
    return sorted(out, key=lambda c: (-sit.beliefs[c].trust, -sit.rec.claimed_at[c]))


def my_past_targets(sit: Situation) -> list[int]:
    """Seats this seat chose at earlier nights (its own night choices)."""
    return [int(e.data["target"]) for e in sit.view.events if e.kind == EventKind.NIGHT_CHOICE
            and e.data.get("seat") == sit.me and isinstance(e.data.get("target"), int)]


def night_target(sit: Situation, options: list[int], pass_ok: bool) -> int | None:
    """A good night power's choice among `options` (seats)."""
    action = sit.request.action
    mine = [o for o in options if o != sit.me and o not in sit.facts.friends]
    top = max(mine, key=lambda s: (sit.sus.get(s, 0.0), -s)) if mine else None
    sure = sit.sus.get(top, 0.0) if top is not None else 0.0
    if action == "check":
        fresh = [o for o in mine if o not in sit.facts.checks and o not in sit.police_mates]
        pool = fresh or mine or options
        return max(pool, key=lambda s: (sit.sus.get(s, 0.0), sit.rng.random()))
    if effect_of(action) is Effect.PROTECTIVE:  # by the action's effect: the save, the hug, a new role's protection
        needle = action == "save" and needles(sit.view.ruleset)  # v4's doctor only (004 V4.0 rule 4)
        police = [c for c in trusted_police(sit) if c in options and not (needle and c in my_past_targets(sit))]
        if police:
            return police[0]
        if sit.me in options:  # a protection it may give itself: itself (v4's needle: the least suspected)
            return min(options, key=lambda s: (sit.sus.get(s, 0.0), sit.rng.random())) if needle else sit.me
        return min(mine or options, key=lambda s: (sit.sus.get(s, 0.0), sit.rng.random()))
    if effect_of(action) is Effect.HARMFUL:  # by the action's effect: a shot, a silence, a new role's harm
        bar = harm_bar(action, sit.facts.night)
        return top if top is not None and sure >= bar else (None if pass_ok else sit.rng.choice(options))
    return sit.rng.choice(options)


def harm_bar(action: str | None, night: int) -> float:
    """How sure a good seat must be of its top suspect before a harmful night power of its own falls on it: the
    secret police's shot never on night 1 (000 v3.0: "at least not in the first round"), then at 85 %; the
    sniper's at 80 %; any other harmful power (the forest old man's silence, a new role's) at 50 %."""
    if action == "shoot":
        return 0.85 if night > 1 else 2.0
    return 0.8 if action == "snipe" else 0.5


def suspect(sit: Situation, legal: list[int]) -> int | None:
    """The seat a good seat would accuse or vote for among `legal` (None: no one stands out)."""
    foes = [s for s in legal if s != sit.me and s not in sit.facts.friends and s not in sit.police_mates]
    if not foes:
        return None
    top = max(sit.sus.get(s, 0.0) for s in foes)
    best = sit.rng.choice([s for s in foes if sit.sus.get(s, 0.0) == top])
    return best if top >= 0.35 else None
