"""Everything a strategic bot knows when it decides: its own facts, the public record read and weighed, its
level's style, and the seeded draws that make it repeat exactly (game seed, seat, view, request)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from agents.bots.levels import STYLES, Level, Style
from agents.bots.record import Belief, PublicActs, Record, public_suspicion, read_record, vouched, weigh_claims
from agents.view import SeatFacts, SeatView, known_partners, seat_facts
from engine import Request, Team, get_ruleset, team_of


@dataclass
class Situation:
    """One decision's inputs."""

    view: SeatView
    request: Request
    facts: SeatFacts
    rec: Record
    level: Level
    style: Style
    seed: int | str  # agents/bots/levels.py bot_seed
    lang: str
    rng: random.Random
    beliefs: dict[int, Belief]
    sus: dict[int, float]  # P(killer) this seat gives every other living seat but the partners known on its side
    public: dict[int, float]  # P(killer) from the public record alone (what the table would think)
    shown: dict[int, str]  # the partners the judge showed this seat, with their card (agents/view.py shown_partners)
    dealt: dict[str, int]  # the cards this table's ruleset deals at its size
    overclaimed: dict[str, tuple[int, ...]]  # hard: roles claimed by more seats than cards dealt -> the claimants

    def cards_of(self, role: str) -> int:
        return self.dealt.get(role, 0)

    def saturated(self, role: str) -> bool:
        """Whether other seats already claim every card of `role` the game deals (hard: a lie would be counted)."""
        return self.style.counts_claims and claims_full(self.rec, self.dealt, role, self.me)

    @property
    def me(self) -> int:
        return self.facts.seat

    @property
    def killer(self) -> bool:
        return any(team_of(c) is Team.KILLERS for c in self.facts.cards)

    @property
    def role(self) -> str:
        return self.facts.cards[0] if self.facts.cards else "civilian"

    @property
    def team(self) -> frozenset[int]:
        """The seat and the partners it knows (dead ones included): its side's core."""
        return self.facts.friends | {self.me}

    @property
    def police_mates(self) -> frozenset[int]:
        """The police a police seat knows (itself included); empty for anyone else."""
        if self.role != "police":
            return frozenset()
        return frozenset(self.facts.teammates.get("police", ())) | {self.me}

    @property
    def living_others(self) -> list[int]:
        return [s for s in self.facts.living if s != self.me]

    @property
    def has_police(self) -> bool:
        return "police" in get_ruleset(self.view.ruleset).roles()

    def found(self) -> list[int]:
        """Living seats this seat's own checks showed to be killers."""
        return [t for t, r in self.facts.checks.items() if r == "killer" and isinstance(t, int)
                and t in self.facts.living]


def situation(view: SeatView, request: Request, level: Level, seed: int | str, lang: str,
              rng: random.Random) -> Situation:
    """Reads the view once for one decision."""
    facts = seat_facts(view)
    rec = read_record(view)
    killer = any(team_of(c) is Team.KILLERS for c in facts.cards)
    police = frozenset(facts.teammates.get("police", ())) | {facts.seat} if "police" in facts.cards else frozenset()
    impostors = frozenset(c for c in rec.police_claimants if c not in police) \
        if police and _knows_police(view, facts) else frozenset()
    if killer:  # the killers know which police claims are their own
        impostors = frozenset(c for c in rec.police_claimants if c in facts.friends | {facts.seat})
    beliefs = weigh_claims(rec, police, impostors)
    prior = _prior(view, facts)
    public_beliefs = weigh_claims(rec)
    public_known, public_tally = vouched(rec, public_beliefs), PublicActs.of(rec, public_beliefs)
    public = {s: public_suspicion(rec, s, public_beliefs, prior, public_known, public_tally) for s in facts.living}
    known, tally = _private_known(facts, rec, beliefs), PublicActs.of(rec, beliefs)
    mates = known_partners(facts, view.ruleset)  # not rated, as the LLM seats are not asked to (agents/view.py)
    sus = {s: _private(facts, rec, s, beliefs, prior, killer, known, tally) for s in facts.living
           if s != facts.seat and s not in mates}
    style, dealt = STYLES[level], dealt_cards(view)
    over = overclaims(rec, dealt) if style.counts_claims else {}
    if over and not killer:
        sus = count_claims(facts, over, dealt, sus)
    return Situation(view, request, facts, rec, level, style, seed, lang, rng, beliefs, sus, public,
                     facts.shown, dealt, over)


def dealt_cards(view: SeatView) -> dict[str, int]:
    """The cards the seed's table deals at this size, every card of a two-card hand counted (the count the hard
    bots hold claims against)."""
    return dict(Counter(get_ruleset(view.ruleset).composition(view.players)))


def claims_full(rec: Record, dealt: dict[str, int], role: str, me: int) -> bool:
    """Whether seats other than `me` already claim every card of `role` the table deals (one more claim of it
    would be counted as a lie); False for a role the table does not deal."""
    if role not in dealt:
        return False
    return sum(1 for s, r in rec.roles.items() if r == role and s != me) >= dealt[role]


def overclaims(rec: Record, dealt: dict[str, int]) -> dict[str, tuple[int, ...]]:
    """The roles more seats claim (each seat's latest claim, the dead's included) than the game has cards for,
    with their claimants: at least the excess of them lie."""
    claimants: dict[str, list[int]] = {}
    for seat, role in rec.roles.items():
        claimants.setdefault(role, []).append(seat)
    return {r: tuple(sorted(c)) for r, c in claimants.items() if r in dealt and len(c) > dealt[r]}


def count_claims(facts: SeatFacts, over: dict[str, tuple[int, ...]], dealt: dict[str, int],
                 sus: dict[int, float]) -> dict[int, float]:
    """More claims of a role than its cards means someone lies: the excess, less the seat's own lie if it told one
    (a claim of a card it does not hold, either card of a two-card hand), is spread over the claimants it cannot
    vouch for (not itself, its partners, nor the seats it checked)."""
    out = dict(sus)
    for role, claimants in over.items():
        excess = len(claimants) - dealt[role] - int(facts.seat in claimants and role not in facts.cards)
        unknown = [c for c in claimants if c in out and c not in facts.friends and c not in facts.checks]
        if excess <= 0 or not unknown:
            continue
        share = min(1.0, excess / len(unknown))
        for seat in unknown:
            p = min(0.97, max(0.02, out[seat]))
            out[seat] = round(1 / (1 + math.exp(-(math.log(p / (1 - p)) + 2.5 * share))), 3)
    return out


def _knows_police(view: SeatView, facts: SeatFacts) -> bool:
    """Whether a police seat knows every police: they opened their eyes together, or it is the only one."""
    if "police" in facts.teammates:
        return True
    try:
        return list(get_ruleset(view.ruleset).composition(view.players)).count("police") == 1
    except Exception:  # no table for this size: it cannot tell
        return False


def _private_known(facts: SeatFacts, rec: Record, beliefs: dict[int, Belief]) -> dict[int, bool]:
    """The seats this seat takes as known (killer?): its own checks and partners, then what it believes."""
    own = {t: r == "killer" for t, r in facts.checks.items() if isinstance(t, int)}
    own.update({f: False for f in facts.friends})
    return vouched(rec, beliefs, own)


def _private(facts: SeatFacts, rec: Record, seat: int, beliefs: dict[int, Belief], prior: float,
             killer: bool, known: dict[int, bool], tally: PublicActs) -> float:
    if killer:
        return 0.0  # a killer knows every non-partner is not a killer; it rates them by threat elsewhere
    if seat in facts.friends:
        return 0.0
    if seat in facts.checks:
        return 0.98 if facts.checks[seat] == "killer" else 0.02
    if seat in known and seat not in rec.claimed_at:
        return 0.9 if known[seat] else 0.05
    return public_suspicion(rec, seat, beliefs, prior, known, tally)


def _prior(view: SeatView, facts: SeatFacts) -> float:
    """The share of killers among the other living seats, from the ruleset's table (a fair first guess)."""
    rules = get_ruleset(view.ruleset)
    try:
        killers = sum(1 for c in rules.composition(view.players) if team_of(c) is Team.KILLERS)
    except Exception:  # a table the dealer cannot name: a quarter
        return 0.25
    others = max(1, view.players - 1)
    return min(0.6, max(0.1, killers / others))

