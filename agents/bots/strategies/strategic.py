"""The strategic bots (`scripted:normal`, `scripted:hard`): one decision from one view, deterministic in (game
seed, seat, view, request). Killers: killers.py; the good side: good.py; words: speech.py (all in this folder).
Card rulesets (v5, two cards a seat) are played by the honest baseline."""

from __future__ import annotations

import random

from agents.base import Annotation, Attribution, Decision, Reason
from agents.bots.levels import Level
from agents.bots.partners import last_resort
from agents.bots.strategies import good, grounds, killers
from agents.bots.strategies.situation import Situation, situation
from agents.bots.strategies.speech import Point, reasoning, speech
from agents.bots.team_talk import plurality_proposal
from agents.view import SeatView
from engine import Action, Claim, DecisionKind, Request, Target, get_ruleset
from engine.roles import Effect, effect_of

Notes = list[tuple[str, dict[str, object]]]


def plays(view: SeatView) -> bool:
    """Whether the strategic bots play this ruleset (one card a seat)."""
    return get_ruleset(view.ruleset).cards_per_seat == 1


def choose(view: SeatView, request: Request, level: Level, seed: int | str, lang: str,
           rng: random.Random) -> Decision:
    """The decision of a strategic bot."""
    sit = situation(view, request, level, seed, lang, rng)
    notes: Notes = []
    if request.kind is DecisionKind.NIGHT:
        # a later team-talk round: go with the team (agents/bots/team_talk.py), never onto a shown partner
        agreed = plurality_proposal(request, sit.facts.shown)
        target = agreed if agreed is not None else _night(sit, notes)
        action = Action(request.seat, request.kind, target=target, slot=request.slot, round=request.round)
        return _decision(sit, action, None, notes)
    if request.kind is DecisionKind.VOTE:
        action = Action(request.seat, request.kind, target=_vote(sit, notes), slot=request.slot)
        return _decision(sit, action, None, notes)
    return _speak(sit, notes)


def _decision(sit: Situation, action: Action, claimed: str | None, notes: Notes,
              said: tuple[Attribution, ...] = (), reason: Reason | None = None) -> Decision:
    return Decision(action=action, claimed_role=claimed, reasoning=reasoning(sit, notes), suspicions=dict(sit.sus),
                    annotation=Annotation("scripted"), attributions=said, reason=reason)


def _night(sit: Situation, notes: Notes) -> Target | None:
    request = sit.request
    options = [t for t in request.targets if isinstance(t, int)]
    if not options:
        return None
    pass_ok = None in request.targets
    if sit.killer:
        if effect_of(request.action) is Effect.PROTECTIVE:
            mates = [t for t in options if t in sit.team]
            return sit.rng.choice(mates or options)
        foes = [t for t in options if t not in sit.team]
        if not foes:  # only partners left to name: pass where the judge allows it (agents/bots/partners.py)
            return None if pass_ok else last_resort(options, sit.me, sit.facts.shown)
        top = max(killers.kill_score(sit, t) for t in foes)
        return sit.rng.choice([t for t in foes if killers.kill_score(sit, t) == top])
    if effect_of(request.action) not in (Effect.HARMFUL, Effect.PROTECTIVE):
        return sit.rng.choice(options)
    return good.night_target(sit, options, pass_ok)


def _vote(sit: Situation, notes: Notes) -> Target | None:
    options = [t for t in sit.request.targets if isinstance(t, int)]
    pass_ok = None in sit.request.targets
    if sit.killer:
        bus = killers.lost_partner(sit)
        if bus is not None and bus in options:
            notes.append(("bus", {"seat": bus}))
            return bus
        foes = [t for t in options if t not in sit.team]
        if not foes:
            return None if pass_ok or not options else last_resort(options, sit.me, sit.facts.shown)
        top = max(killers.vote_score(sit, t) for t in foes)
        return sit.rng.choice([t for t in foes if killers.vote_score(sit, t) == top])
    best = good.suspect(sit, options)
    if best is None and not pass_ok:  # a vote it must cast: never on itself or a seat it knows is on its side
        foes = [t for t in options if t not in sit.team and t not in sit.police_mates] \
            or [t for t in options if t != sit.me] or options
        return max(foes, key=lambda t: (sit.sus.get(t, 0.0), sit.rng.random()))
    return best


def _speak(sit: Situation, notes: Notes) -> Decision:
    request = sit.request
    speaks = request.may_speak
    claim = killers.killer_claim(sit) if sit.killer else good.good_claim(sit)
    if claim is not None and claim.role is not None and claim.role not in get_ruleset(sit.view.ruleset).roles():
        claim = Claim(role=None, checks=claim.checks) if claim.checks else None
    if sit.killer and claim is not None and claim.role == "police":
        notes.append(("fake", {"seat": sit.me}))
    if sit.role == "police" and not sit.killer:
        notes.append(("show_card" if claim is not None and claim.role == "police" else "hide", {}))
    point = _point(sit, claim) if request.kind is not DecisionKind.DEFENSE else Point(None)
    counter = _counter(sit, claim)
    police = claim is not None and claim.role == "police"
    ground = grounds.defending(sit, police) if request.kind is DecisionKind.DEFENSE else \
        point.ground if point.seat is not None else grounds.holding_back(sit)
    said = speech(sit, claim, point, counter, ground) if speaks else None
    claim = claim if speaks else None
    action = Action(request.seat, request.kind, speech=said.text if said else "", accusation=point.seat,
                    slot=request.slot, claim=claim)
    return _decision(sit, action, claim.role if claim is not None else None, notes, said.said if said else (),
                     ground.reason if said else None)


def _point(sit: Situation, claim: Claim | None) -> Point:
    """Whom the speech accuses (a legal accusation) and on what ground (grounds.py)."""
    legal = [s for s in sit.request.accusations if s is not None]
    if not legal:
        return Point(None)
    none_ok = None in sit.request.accusations
    police = claim is not None and claim.role == "police"
    if sit.killer:
        framed = [c.target for c in (claim.checks if claim else ()) if c.result == "killer" and c.target in legal]
        if framed:
            seat = int(framed[-1])
            return Point(seat, grounds.accusing(sit, seat, police, _check_night(claim, seat)))
        foes = [s for s in legal if s not in sit.team]
        if not foes:
            return _at(sit, None if none_ok else legal[0], police)
        best = max(foes, key=lambda s: (killers.vote_score(sit, s), sit.rng.random()))
        return _at(sit, best, police) if sit.public.get(best, 0) >= 0.3 or not none_ok else Point(None)
    found = good.suspect(sit, legal)
    if found is None:
        return Point(None) if none_ok else _at(sit, legal[0], police)
    if sit.facts.checks.get(found) == "killer" and police:
        return Point(found, grounds.accusing(sit, found, police, _check_night(claim, found)))
    return _at(sit, found, police)  # a hidden police does not say how it knows: the record's ground, or a hunch


def _at(sit: Situation, seat: int | None, police: bool) -> Point:
    return Point(seat, grounds.accusing(sit, seat, police)) if seat is not None else Point(None)


def _check_night(claim: Claim | None, seat: Target) -> int | None:
    """The night of the check the claim reports on `seat`."""
    return next((c.night for c in (claim.checks if claim else ()) if c.target == seat), None)


def _counter(sit: Situation, claim: Claim | None) -> int | None:
    """A police that reveals names the false police it knows."""
    if sit.killer or claim is None or claim.role != "police":
        return None
    fakes = [b.seat for b in sit.beliefs.values() if b.trust == 0.0 and b.seat in sit.facts.living]
    return fakes[0] if fakes else None
