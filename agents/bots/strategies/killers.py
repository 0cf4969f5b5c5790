"""The killers' side: whom to kill (the special roles first, 000 v3.0: "the killer should target these three
identities first"), when to put up a false police with invented checks, and when to vote out a lost partner."""

from __future__ import annotations

import random

from agents.bots.strategies.situation import Situation
from engine import Claim, ClaimedCheck, Target
from engine.moves.decisions import MAX_CLAIMED_CHECKS
from engine.roles import is_special


def _team_rng(sit: Situation, what: str) -> random.Random:
    """A draw the whole team shares (same seed, same team): partners agree without talking."""
    team = sorted(sit.facts.teammates.get("killer", ()) or sit.team)
    return random.Random(f"{sit.seed}:{what}:{team}")


def fake_police(sit: Situation) -> int | None:
    """The partner the team puts up as a false police this game (None: no false claim)."""
    if not sit.has_police or "killer" not in sit.facts.cards:
        return None
    mates = sorted(sit.facts.teammates.get("killer", ()) or (sit.me,))
    claimed = [s for s in sit.rec.police_claimants if s in mates]
    if claimed:
        return claimed[0]  # one already claims: it keeps claiming
    rng = _team_rng(sit, "fake")
    if rng.random() >= sit.style.counter_claim:
        return None
    chosen = rng.choice(mates)
    preempt = rng.random() < sit.style.preempt
    real = [s for s in sit.rec.police_claimants if s not in mates]
    if chosen not in sit.facts.living or not (real or preempt):
        return None
    return chosen


def invented_checks(sit: Situation) -> tuple[ClaimedCheck, ...]:
    """The false police's checks: those it already told, then one a night since, aimed to help its team: a real
    police that accused a partner is 'found', a partner is 'cleared', else a quiet civilian is 'found'."""
    told = {c.target: c for claim in sit.rec.claims if claim.speaker == sit.me
            for c in _as_checks(claim.checks, claim.nights)}
    nights = [n for n in range(1, sit.facts.night + 1) if n not in {c.night for c in told.values()}]
    partners = sorted(s for s in sit.facts.friends if s in sit.facts.living)
    rng = _team_rng(sit, f"checks:{sit.facts.night}")
    for night in nights:
        target, killer = _next_check(sit, told, partners, rng)
        if target is None:
            break
        told[target] = ClaimedCheck(night, target, "killer" if killer else "not_killer")
    return tuple(sorted(told.values(), key=lambda c: c.night))[:MAX_CLAIMED_CHECKS]


def _as_checks(checks: dict[int, bool], nights: dict[int, int]) -> list[ClaimedCheck]:
    return [ClaimedCheck(nights.get(t, 1), t, "killer" if k else "not_killer") for t, k in checks.items()]


def _next_check(sit: Situation, told: dict[Target, ClaimedCheck], partners: list[int],
                rng: random.Random) -> tuple[int | None, bool]:
    real = [c for c in sit.rec.police_claimants if c not in sit.team and c in sit.facts.living and c not in told]
    hunters = [c for c in real if any(sit.rec.said.get(c, {}).get(p) for p in sit.team)]
    if hunters:
        return hunters[0], True  # accuse the real police that found one of us
    clear = [p for p in partners if p not in told]
    if clear and rng.random() < 0.5:
        return clear[0], False
    quiet = [s for s in sit.living_others if s not in sit.team and s not in told and s not in sit.rec.said]
    if real and not quiet:
        return real[0], True
    if not quiet:
        return None, False
    fewest = min(sit.rec.accused_count(s) for s in quiet)
    return rng.choice([s for s in quiet if sit.rec.accused_count(s) == fewest]), True


def killer_claim(sit: Situation) -> Claim | None:
    """What a killer-side seat claims: the false police with its checks, or a civilian; none where (hard) the
    others already claim every civilian card, so one more would be counted as a lie."""
    if fake_police(sit) == sit.me and not _one_too_many(sit, "police"):
        return Claim(role="police", checks=invented_checks(sit))
    return None if sit.saturated("civilian") else Claim(role="civilian")


def _one_too_many(sit: Situation, role: str) -> bool:
    """Hard: the others already claim `role` more often than the game deals it, and this seat does not claim it
    yet: a new claim of it would only add a counted liar (a counter-claim of a card claimed in full, its bluff,
    stays)."""
    others = sum(1 for s, r in sit.rec.roles.items() if r == role and s != sit.me)
    return sit.style.counts_claims and sit.rec.roles.get(sit.me) != role and others > sit.cards_of(role)


def kill_score(sit: Situation, seat: int) -> float:
    """How much the team wants `seat` dead tonight: claimed police and specials first, then those hunting us;
    never a seat our false police has framed (its death would clear it)."""
    rec, score = sit.rec, 0.0
    if sit.style.specials_first:
        if seat in rec.police_claimants:
            score += 5.0
        elif is_special(rec.roles.get(seat) or "") or is_special(sit.shown.get(seat) or ""):
            score += 4.0
    score += 1.0 * sum(1 for p in sit.team if seat in rec.accusers(p))
    score += 1.0 * sum(1 for p in sit.team if rec.said.get(seat, {}).get(p))
    score += 0.8 * (1 - sit.public.get(seat, 0.5))  # a seat the table trusts is worth more dead
    fake = [c for c in rec.police_claimants if c in sit.team]
    if any(rec.said.get(f, {}).get(seat) for f in fake):
        score -= 6.0
    return score


def lost_partner(sit: Situation) -> int | None:
    """A living partner the table has condemned (a believed check, the most accusations): bus it, sometimes. Only
    a killer partner: a partner the judge showed the seat (the undercover) is never voted against (issue 37)."""
    partners = [p for p in sit.facts.friends if p in sit.facts.living and p not in sit.facts.shown]
    if not partners:
        return None
    worst = max(partners, key=lambda p: (sit.public.get(p, 0.0), p))
    if sit.public.get(worst, 0.0) < 0.8 or sit.rec.accused_count(worst) < 2:
        return None
    return worst if _team_rng(sit, f"bus:{sit.rec.day}").random() < sit.style.bus else None


def vote_score(sit: Situation, seat: int) -> float:
    """A killer's vote: where the table already leans (to blend in), the real police and its believers first."""
    rec = sit.rec
    score = sit.public.get(seat, 0.25)
    if seat in rec.police_claimants and seat not in sit.team:
        score += 0.4
    if any(rec.said.get(c, {}).get(seat) for c in rec.police_claimants if c in sit.team):
        score += 0.3  # our false police's 'found killer'
    return score
