"""The scripted baseline (`--agents scripted`): no LLM, deterministic in (game seed, seat, view, request), and in
the contestant's name when it plays in a tournament (agents/bots/levels.py `bot_seed`).

Police share their checks in speech and accuse a checked killer; killers never vote for or accuse a teammate
and kill seats that claimed police (else the seats that accuse them); the good side votes on evidence: checks
claimed in speeches, then accusations. Speech comes from prompts/<lang>/scripted.j2. claimed_role is truthful
for good roles and "civilian" for the killers' side, so deception metrics have a ground truth.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from agents.base import Annotation, Decision
from agents.bots.levels import DEFAULT_LEVEL, STRATEGY_VERSION, STYLES, Level, bot_seed
from agents.bots.partners import last_resort
from agents.bots.record import read_record
from agents.bots.reports import telling_checks
from agents.bots.strategies import strategic
from agents.bots.strategies.situation import claims_full, count_claims, dealt_cards, overclaims
from agents.bots.team_talk import own_order, plurality_proposal, spread_targets
from agents.llm.prompting import environment
from agents.llm.schema import Choices
from agents.view import SeatFacts, SeatView, killers_partners, seat_facts, visible_events
from engine import SPEECHES, Action, Claim, ClaimedCheck, DecisionKind, Request, Target, Team, get_ruleset, team_of
from engine.moves.decisions import CLAIM_RESULTS, target_from_json
from engine.record.catalog import CheckResult
from engine.roles import Effect, effect_of
from words.narrator import Words

CHECK_RE = re.compile(r"My check: seat (\d+) is (a killer|not a killer)|我验了(\d+)号，(是杀手|不是杀手)")
T = TypeVar("T")


@dataclass
class Heard:
    """What the seat reads off its view: its facts, claims made in speeches, accusations counted."""

    facts: SeatFacts
    claimers: list[int] = field(default_factory=list)  # seats that claimed police checks, in order
    claimed: dict[int, bool] = field(default_factory=dict)  # target -> claimed killer?
    accused: Counter[int] = field(default_factory=Counter)  # accusations received in public
    accusers: dict[int, set[int]] = field(default_factory=dict)  # target -> who accused it
    # hard (claims counted against the cards dealt, agents/bots/strategies/situation.py): the roles whose every card
    # other seats already claim, and a good seat's suspicion of the seats whose claims are one too many
    full: frozenset[str] = frozenset()
    counted: dict[int, float] = field(default_factory=dict)


def read_heard(view: SeatView, counts: bool = False) -> Heard:
    """Parses the public speeches and accusations of the view; `counts`: the role claims counted against the
    cards dealt (every card of a two-card hand), as the hard bots count them."""
    heard = _read(view)
    if counts:
        rec, dealt = read_record(view), dealt_cards(view)
        heard.full = frozenset(r for r in dealt if claims_full(rec, dealt, r, view.seat))
        over = overclaims(rec, dealt)
        if over and not is_killer_side(heard.facts.cards):
            base = {s: suspicion(heard, s) for seats in over.values() for s in seats if s != view.seat}
            counted = count_claims(heard.facts, over, dealt, base)
            heard.counted = {s: p for s, p in counted.items() if p > base[s]}
    return heard


def _read(view: SeatView) -> Heard:
    heard = Heard(seat_facts(view))
    for e in visible_events(view):
        if e.kind not in SPEECHES or e.visible_to is not None:
            continue
        speaker, acc = int(e.data["seat"]), e.data.get("accusation")
        if isinstance(acc, int):
            heard.accused[acc] += 1
            heard.accusers.setdefault(acc, set()).add(speaker)
        for m in CHECK_RE.finditer(str(e.data.get("speech", ""))):  # older records carry no structured claim
            target = int(m.group(1) or m.group(3))
            _heard(heard, speaker, target, (m.group(2) or m.group(4)) in ("a killer", "是杀手"))
        claim = e.data.get("claim")
        for check in claim.get("checks") or () if isinstance(claim, dict) else ():
            seat = _claimed_seat(check)
            if seat is not None:
                _heard(heard, speaker, seat, check.get("result") == CheckResult.KILLER)
    return heard


def _heard(heard: Heard, speaker: int, target: int, killer: bool) -> None:
    heard.claimed[target] = killer
    if speaker not in heard.claimers:
        heard.claimers.append(speaker)


def _claimed_seat(check: object) -> int | None:
    """The seat a claimed check names (a card's seat for v5); None for a malformed one."""
    try:
        target = target_from_json(check.get("target")) if isinstance(check, dict) else None
    except (TypeError, ValueError, IndexError):
        return None
    return target[0] if isinstance(target, tuple) else target


def checked_as(facts: SeatFacts, seat: int) -> str | None:
    """What the seat's own checks say of `seat`: "killer" when a check of it (or, in v5, of one of its cards)
    found a killer, "not_killer" when a check of the seat cleared it, else None (a cleared card of a two-card hand
    says nothing of the other card)."""
    results = [r for t, r in facts.checks.items() if (t[0] if isinstance(t, tuple) else t) == seat]
    if "killer" in results:
        return "killer"
    return facts.checks.get(seat) if facts.checks.get(seat) == "not_killer" else None


def mates_of(facts: SeatFacts) -> frozenset[int]:
    """The seats this seat never votes, accuses or aims a harmful power at: every partner it knows, less (for the
    good side) those its own checks found killers (v5's police open their eyes with the undercover, R-v5-police-eyes,
    and a check of the 7 answers killer, R-v5-check-007: the police that finds it acts on its check)."""
    if is_killer_side(facts.cards):
        return facts.friends
    return frozenset(s for s in facts.friends if checked_as(facts, s) != "killer")


def is_killer_side(cards: tuple[str, ...]) -> bool:
    return any(team_of(c) is Team.KILLERS for c in cards)


def suspicion(heard: Heard, seat: int, private: bool = True) -> float:
    """P(killer) the seat gives `seat`: own knowledge first (if `private`), then claims, then accusations."""
    facts = heard.facts
    if private:
        if is_killer_side(facts.cards):
            return 1.0 if seat in facts.friends else 0.0
        checked = checked_as(facts, seat)
        if checked is not None:  # its own check first: v5's openers hide the undercover among the police
            return 1.0 if checked == "killer" else 0.0
        if seat in facts.friends:
            return 0.0
        if seat in heard.counted:
            return heard.counted[seat]
    if seat in heard.claimed:
        return 0.85 if heard.claimed[seat] else 0.15
    base = 0.25 if seat not in heard.claimers else 0.1
    trusted = set(heard.claimers) | {t for t, k in heard.claimed.items() if not k}
    smear = 0.1 if any(seat in heard.accusers.get(t, ()) for t in trusted) else 0.0
    return round(min(0.8, base + smear + 0.05 * heard.accused[seat]), 3)


class ScriptedAgent:
    """A rule-following player; `seed` is the game seed (`contestant`: the tournament contestant it plays as).
    `level` easy is the honest baseline below; normal and hard play the strategies of agents/bots/
    (counter-claims, reveal policies, weighed claims)."""

    kind = "scripted"

    def __init__(self, seed: int, lang: str = "en", level: Level | str = DEFAULT_LEVEL,
                 contestant: str | None = None) -> None:
        self.seed = bot_seed(seed, contestant)
        self.lang = lang
        self.level = Level(level)

    def describe(self) -> dict[str, object]:
        """The transcript header's extra fields for this seat: its level and strategy version."""
        return {"level": self.level.value, "strategy": STRATEGY_VERSION}

    async def decide(self, view: SeatView, request: Request) -> Decision:
        return self.choose(view, request)

    def choose(self, view: SeatView, request: Request) -> Decision:
        """The decision, synchronously (deterministic in seed, seat, view and request)."""
        rng = random.Random(_rng_key(self.seed, view, request))
        if self.level is not Level.EASY and strategic.plays(view):
            return strategic.choose(view, request, self.level, self.seed, self.lang, rng)
        heard = read_heard(view, counts=self.level in STYLES and STYLES[self.level].counts_claims)
        choices = Choices(request, heard.facts.living, get_ruleset(view.ruleset).roles())
        known = killers_partners(heard.facts)  # a killer does not rate the partners it knows
        others = [s for s in heard.facts.living if s != view.seat and s not in known]
        sus = {s: suspicion(heard, s) for s in others}
        if request.kind is DecisionKind.NIGHT and get_ruleset(view.ruleset).orders_alone(request):
            target = self._order(heard, request, rng)  # v5's killer cards: talk, then each its own order
            action = Action(request.seat, request.kind, target=target, slot=request.slot, round=request.round,
                            message=self._order_message(target))
        elif request.kind is DecisionKind.NIGHT:
            # a later team-talk round: go with the team (agents/bots/team_talk.py), never onto a shown partner
            agreed = plurality_proposal(request, heard.facts.shown)
            target = agreed if agreed is not None else self._night(heard, request, rng)
            action = Action(request.seat, request.kind, target=target, slot=request.slot, round=request.round)
        elif request.kind is DecisionKind.VOTE:
            target = self._vote(heard, request, rng)
            action = Action(request.seat, request.kind, target=target, slot=request.slot)
        else:
            return self._speak(heard, choices, rng, sus)
        return Decision(action=action, reasoning=self._why(heard), suspicions=sus,
                        annotation=Annotation("scripted"))

    # -- choices -------------------------------------------------------------------------------
    def _night(self, heard: Heard, request: Request, rng: random.Random) -> Target | None:
        facts = heard.facts
        options = [t for t in request.targets if t is not None]
        pass_ok = None in request.targets
        if not options:
            return None
        seat_of: dict[Any, int] = {t: (t[0] if isinstance(t, tuple) else t) for t in options}
        if is_killer_side(facts.cards):
            team = facts.friends | {facts.seat}
            foes = [t for t in options if seat_of[t] not in team]
            if effect_of(request.action) is Effect.PROTECTIVE:
                mates = [t for t in options if seat_of[t] in facts.friends | {facts.seat}]
                return rng.choice(mates or options)
            if not foes:  # only its own cards and partners left: pass where allowed, never a shown partner
                return None if pass_ok else last_resort(options, facts.seat, facts.shown, own_first=True)
            police = [t for t in foes if seat_of[t] in heard.claimers]
            if police:
                return police[-1]
            return _best(foes, lambda t: sum(seat_of[t] in heard.accusers.get(k, set()) for k in team), rng)
        if effect_of(request.action) is Effect.PROTECTIVE:
            police = [t for t in options if seat_of[t] in heard.claimers and seat_of[t] != facts.seat]
            return police[-1] if police else _best(options, lambda t: -suspicion(heard, seat_of[t]), rng)
        candidates = [t for t in options if seat_of[t] not in mates_of(facts) and seat_of[t] != facts.seat]
        if request.action == "check":
            candidates = [t for t in candidates if t not in facts.checks] or candidates
        candidates = candidates or options
        best = _best(candidates, lambda t: suspicion(heard, seat_of[t]), rng)
        if effect_of(request.action) is Effect.HARMFUL and request.action != "check" and pass_ok \
                and suspicion(heard, seat_of[best]) < 0.8:
            return None  # a shot or a silence only on strong evidence
        if effect_of(request.action) not in (Effect.HARMFUL, Effect.PROTECTIVE):
            return rng.choice(options)
        return best

    def _order(self, heard: Heard, request: Request, rng: random.Random) -> Target | None:
        """A killer card's order in v5's talk (R-v5-killer-talk, agents/bots/team_talk.py): its own pick in the
        first round; later, the same order unless a partner called before it names that card, then another."""
        own, spread = own_order(request), spread_targets(request)
        team = heard.facts.friends | {heard.facts.seat}
        if spread is not None and all(isinstance(t, tuple) and t[0] in team for t in spread):
            spread = None  # no other card of the other side is free: two kills on one beat one on a partner
        if own is not None and spread is None:
            return own[1]
        return self._night(heard, replace(request, targets=spread) if spread else request, rng)

    def _order_message(self, target: Target | None) -> str:
        """What the card tells its partners with its order: the card it takes (the team then spreads its kills)."""
        if target is None:
            return ""
        lines = environment(self.lang).get_template("scripted.j2").module
        return str(lines.order(Words(self.lang).target(target))).strip()  # type: ignore[attr-defined]

    def _vote(self, heard: Heard, request: Request, rng: random.Random) -> Target | None:
        facts = heard.facts
        options = [t for t in request.targets if isinstance(t, int)]
        pass_ok = None in request.targets
        killer = is_killer_side(facts.cards)
        foes = [t for t in options if t not in mates_of(facts) and t != facts.seat]
        if not foes:
            return None if pass_ok or not options else last_resort(options, facts.seat, facts.shown)
        if killer:
            best = _best(foes, lambda t: suspicion(heard, t, private=False), rng)
            return best
        best = _best(foes, lambda t: suspicion(heard, t), rng)
        pressed = [t for t in foes if t in heard.counted]
        if suspicion(heard, best) < 0.35 and pressed:  # hard: a vote on a claim one too many for the cards
            return _best(pressed, lambda t: suspicion(heard, t), rng)
        if pass_ok and suspicion(heard, best) < 0.35:
            return None  # keep the hand down without evidence
        return best

    def _accusation(self, heard: Heard, choices: Choices, rng: random.Random) -> tuple[int | None, str]:
        legal = choices.accusations
        if not legal:
            return None, ""
        facts = heard.facts
        foes = [s for s in legal if s is not None and s not in mates_of(facts) and s != facts.seat]
        if not foes:
            return (None if None in legal else last_resort([s for s in legal if s is not None], facts.seat,
                                                            facts.shown)), ""
        private = not is_killer_side(facts.cards)
        best = _best(foes, lambda s: suspicion(heard, s, private=private), rng)
        score = suspicion(heard, best, private=private)
        pressed = [s for s in foes if s in heard.counted] if private else []
        if pressed and score < 0.35:  # hard: one claim too many is pressed even without other evidence
            best = _best(pressed, lambda s: suspicion(heard, s), rng)
            return best, "counted"
        # "a police check named it" only where a claimed check reported it a killer (issue 37)
        why = "checked" if private and checked_as(facts, best) == "killer" else \
            "claimed" if heard.claimed.get(best) else "counted" if private and best in heard.counted else \
            "pointed" if heard.accused[best] else "hunch"
        if None in legal and private and score < 0.35:
            return None, ""
        return best, why

    # -- speech -------------------------------------------------------------------------------
    def _speak(self, heard: Heard, choices: Choices, rng: random.Random, sus: dict[int, float]) -> Decision:
        request = choices.request
        accusation, why = self._accusation(heard, choices, rng) if request.kind is not DecisionKind.DEFENSE \
            else (None, "")
        claimed = _claim(heard, request)
        if claimed not in choices.roles:
            claimed = None
        speech = self._sentences(heard, request, claimed, accusation, why) if choices.speaks else ""
        claim = _public_claim(heard, request, claimed) if choices.speaks else None
        action = Action(request.seat, request.kind, speech=speech, accusation=accusation, slot=request.slot,
                        claim=claim)
        return Decision(action=action, claimed_role=claimed if choices.speaks else None,
                        reasoning=self._why(heard), suspicions=sus, annotation=Annotation("scripted"))

    def _sentences(self, heard: Heard, request: Request, claimed: str | None, accusation: int | None,
                   why: str) -> str:
        lines = environment(self.lang).get_template("scripted.j2").module
        parts: list[str] = [str(lines.identity(claimed))] if claimed else []  # type: ignore[attr-defined]
        if not is_killer_side(heard.facts.cards) and _reveal_checks(heard, request):
            parts += [str(lines.check(c.target, c.result == "killer"))  # type: ignore[attr-defined]
                      for c in _reported_checks(heard.facts)]
        if request.kind is DecisionKind.DEFENSE:
            parts.append(str(lines.defend()))  # type: ignore[attr-defined]
        elif accusation is not None:
            parts.append(str(lines.accuse(accusation, why)))  # type: ignore[attr-defined]
        else:
            parts.append(str(lines.no_read() if request.kind is DecisionKind.STATEMENT  # type: ignore[attr-defined]
                             else lines.farewell()))  # type: ignore[attr-defined]
        return " ".join(p.strip() for p in parts)

    def _why(self, heard: Heard) -> str:
        """The private reasoning, a sentence in the game's language: side, own checks, claims heard."""
        facts = heard.facts
        lines = environment(self.lang).get_template("scripted.j2").module
        words = Words(self.lang)
        checks = [(words.target(t), r == CheckResult.KILLER) for t, r in facts.checks.items()]
        claimed = [(words.target(t), k) for t, k in sorted(heard.claimed.items())]
        return str(lines.why(is_killer_side(facts.cards), facts.seat, checks, claimed,  # type: ignore[attr-defined]
                             heard.claimers)).strip()


def _rng_key(seed: int | str, view: SeatView, request: Request) -> str:
    """Team night steps share one key (same public record, same choice) so a team agrees; else per seat."""
    if request.kind is DecisionKind.NIGHT:
        public = sum(1 for e in view.events if e.visible_to is None)
        return f"{seed}:team:{request.role}:{request.action}:{public}"
    return f"{seed}:{view.seat}:{len(view.events)}:{request.kind.value}:{request.slot}"


def _claim(heard: Heard, request: Request) -> str | None:
    """Killers pose as civilians (hard: not where other seats already claim every civilian card, unless it holds
    one); civilians say so; other good roles claim (truthfully) when they reveal, a police that reports its checks
    as the police whatever its other card (a two-card hand claims the card its report comes from)."""
    cards = heard.facts.cards
    if not cards or is_killer_side(cards):
        return None if "civilian" in heard.full and "civilian" not in cards else "civilian"
    reveal = _reveal_checks(heard, request)
    if reveal and "police" in cards and _reported_checks(heard.facts):
        return "police"
    role = next((c for c in cards if c != "civilian"), cards[0]) if reveal else cards[0]
    if role == "civilian" or reveal:
        return role
    return None


def _public_claim(heard: Heard, request: Request, claimed: str | None) -> Claim | None:
    """The structured claim that matches the speech: the role it names and the checks it reports (the truth,
    for the good side; killers pose as civilians and report none)."""
    facts = heard.facts
    checks: tuple[ClaimedCheck, ...] = ()
    if not is_killer_side(facts.cards) and _reveal_checks(heard, request):
        checks = _reported_checks(facts)
    if claimed is None and not checks:
        return None
    return Claim(role=claimed, checks=checks)


def _reported_checks(facts: SeatFacts) -> tuple[ClaimedCheck, ...]:
    """The checks a revealing police reports, in speech and claim alike (at most as many as a claim may hold)."""
    return telling_checks(ClaimedCheck(facts.check_nights.get(t, 1) or 1, t, r) for t, r in facts.checks.items()
                          if r in CLAIM_RESULTS)


def _reveal_checks(heard: Heard, request: Request) -> bool:
    """Police share their checks once they have found a killer, or when they may not speak again."""
    found = any(r == "killer" for r in heard.facts.checks.values())
    return found or request.kind in (DecisionKind.DEFENSE, DecisionKind.LAST_WORDS)


def _best(options: list[T], score: Callable[[T], float], rng: random.Random) -> T:
    """The highest-scoring option; ties broken by the seeded rng."""
    scores = {o: score(o) for o in options}
    top = max(scores.values())
    return rng.choice([o for o in options if scores[o] == top])
