"""Rule claims (not R-public-claim's speech claims): what each sentence of the rules card, the briefs' advice
(words/claims/advice.py: the moves and effects each tip relies on), the prompt's vote line and the TUI's confession
help states, as a structured value with its engine rule key. A sentence is rendered from its claim
(words/claims/render.py), en and zh, so the words cannot say more than the claim; tests/words/test_claims.py plays
a scenario generated from every claim, in every ruleset, table size and language, and checks the judge does exactly
that. `python scripts/claims_review.py RULESET [PLAYERS]` prints each sentence beside its claim, one table for a
reviewer.

Claims are derived from the engine's own data (words/table.py: the deal, the first night's requests; the ruleset's
day procedure, last words, jump-kill roles and victory table), never written by hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import engine
from engine import EventKind
from engine.roles import Team, team_of
from engine.ruleset import Victory
from words.card_phrases import DAY_SAYS
from words.table import Table, table


@dataclass(frozen=True)
class Claim:
    """One thing the judge does, as a sentence says it.

    `act` names the kind of claim (the renderer's and the checker's key); `rule` the engine's key for the rule
    (a ruling id of docs/rules.md, a day procedure's or a last-words policy's key, a night step "role:action")."""

    act: str
    rule: str
    subject: tuple[str, ...] = ()  # the roles (cards) the claim is about
    effect: str = ""  # what happens: "confessor_dies_night_falls", "player_out_all_cards", ...
    count: int | None = None  # how many (seats, cards, deaths)
    up_to: bool = False  # `count` is a bound the deal may fall short of (v5: the judge's other card is out)
    may_pass: bool | None = None  # a call may name nobody
    may_target_self: bool | None = None  # a call may name its own seat (v5: its own cards)
    team: bool | None = None  # the holders decide together (R-team-majority)
    announced: tuple[str, ...] = ()  # what the judge announces
    wins: str = ""  # the side the claim says wins: "good", "killers", "draw"
    extra: tuple[tuple[str, object], ...] = ()  # the few facts a sentence needs beyond these (counts, members)

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.extra).get(key, default)


Section = tuple[str, tuple[Claim, ...]]  # a heading key of words/card_phrases.py HEAD and its claims

V5_KILL = "R-v5-killer-orders"


CallKey = tuple[str, str]  # (role, action)
DEALS = 8  # deals read where what a claim states depends on the deal (v5: the judge's other card is out of play)


@cache
def deal_facts(ruleset: str, players: int) -> tuple[dict[str, tuple[str, ...]], dict[CallKey, tuple[bool, ...]]]:
    """What the engine does over DEALS seeded deals of this table: per eyes-open event role, the cards whose every
    holder opens its eyes in it (in every deal that deals them); per night call (role, action), whether any request
    offers nobody, whether any offers its own seat or card, and whether any is decided together."""
    hit: dict[str, set[str]] = {}  # cards held by a member of the group in some deal, each holder inside
    broken: dict[str, set[str]] = {}  # cards with a holder outside the group in some deal
    calls: dict[tuple[str, str], list[bool]] = {}
    for seed in range(DEALS):
        state, events = engine.new_game(ruleset, random.Random(seed), players=players)
        for e in events:
            if e.kind != EventKind.TEAMMATES:
                continue
            group = {*(e.data.get("seats") or ()), *(e.data.get("undercover") or ())}
            role = str(e.data["role"])
            for card in {c for s in state.seats for c in s.cards}:
                holders = {s.number for s in state.seats if card in s.cards}
                (hit if holders <= group else broken).setdefault(role, set()).add(card)
        for r in state.pending:
            key = (str(r.role), str(r.action))
            own = any(t == r.seat or (isinstance(t, tuple) and t[0] == r.seat) for t in r.targets)
            old = calls.get(key, [False, False, False])
            calls[key] = [old[0] or None in r.targets, old[1] or own, old[2] or len(r.team) > 1]
    groups = {role: tuple(sorted(cards - broken.get(role, set()))) for role, cards in hit.items()}
    return groups, {k: tuple(v) for k, v in calls.items()}


def _deck(tab: Table) -> bool:
    """A deal with a judge card (v5): the table holds the deck less the judge's hand."""
    return "judge" in tab.roles()


def roles_claims(tab: Table) -> tuple[Claim, ...]:
    """The cards dealt, each side's roles, who opens their eyes with whom, the cards per seat (v5: the hands)."""
    rules = tab.rules
    deck = _deck(tab)
    out = [Claim("cards", "R-v5-table-counts" if deck else "composition", tuple(tab.roles()), count=tab.players,
                 up_to=deck, extra=(("counts", tab.counts), ("range", rules.players),
                                    ("cards_per_seat", rules.cards_per_seat)))]
    for team in (Team.KILLERS, Team.GOOD):
        members = tuple(r for r in tab.roles() if team_of(r) is team and r != "judge")
        if members:
            out.append(Claim("side", "R-v5-two-sided" if deck else "teams", members, wins=team.value))
    if deck:
        out.append(Claim("two_sided", "R-v5-two-sided", ("killer", "undercover"), wins=Team.KILLERS.value))
        out.append(Claim("half_hand", "R-v5-half-hand", count=rules.cards_per_seat))
    if deck:  # which cards open their eyes together, read off several deals (one deal may lack a card)
        groups, _ = deal_facts(rules.id, tab.players)
        out += [_eyes(tab, cards, "teammates") for cards in groups.values()
                if len(cards) > 1 or tab.count(cards[0]) > 1]
    else:
        out += [_eyes(tab, group, "teammates") for group in tab.known if len(group) > 1]
    if len(tab.openers) > 1:
        out.append(_eyes(tab, tab.openers, "openers"))
    if tab.shown:
        out.append(Claim("shown", "shown_to_killers", tuple(tab.shown)))
    if rules.cards_per_seat > 1:
        out.append(Claim("cards_act", "R-v5-card-targets", count=rules.cards_per_seat))
    return tuple(out)


def _eyes(tab: Table, group: tuple[str, ...], rule: str) -> Claim:
    """The seats that open their eyes together on night 1. One-card tables: the group dealt, exactly. v5: every
    seat holding one of the group's cards, up to as many seats as the deck has such cards (R-v5-table-counts)."""
    roles = tuple(dict.fromkeys(group))
    if _deck(tab):
        return Claim("eyes_open", rule, roles, count=sum(tab.count(r) for r in roles), up_to=True)
    counts = tuple((r, group.count(r)) for r in roles)
    return Claim("eyes_open", rule, roles, count=len(group), extra=(("counts", counts),))


def night_claims(tab: Table) -> tuple[Claim, ...]:
    """The night's calls in the judge's order (what each may do), the must-name rule, the night's rulings."""
    out = []
    _, facts = deal_facts(tab.rules.id, tab.players) if _deck(tab) else ({}, {})
    for call in tab.calls:
        if (call.role, call.action) in facts:  # v5: what any deal offers (seed 0's deal may lack the card)
            may_pass, own, together = facts[(call.role, call.action)]
            call = replace(call, may_pass=may_pass, self_target=own, together=together and call.together)
        v5_kill = _deck(tab) and call.action == "kill" and not call.together
        out.append(Claim("call", V5_KILL if v5_kill else f"{call.role}:{call.action}", (call.role,),
                         effect="each_card_orders" if v5_kill else call.action,
                         count=tab.count(call.role) if v5_kill else call.members, may_pass=call.may_pass,
                         may_target_self=call.self_target, team=call.together,
                         extra=(("not_partners", call.not_partners and call.members > 1),
                                ("target", "card" if _deck(tab) else "seat"))))
    if out:
        out.append(Claim("must_name", "must_name"))
    out += [Claim("ruling", r) for r in tab.rulings]
    return tuple(out)


def day_claims(tab: Table) -> tuple[Claim, ...]:
    """What dawn announces, the day's procedure, last words, jump-kills."""
    rules = tab.rules
    silence = tab.has_action("silence")
    out = [Claim("dawn", "R-dawn-names-only", announced=("dead", "silenced") if silence else ("dead",))]
    if rules.day.key == "card_vote":
        out.append(Claim("day", "card_vote", effect="player_out_all_cards", count=rules.cards_per_seat,
                         announced=("verdict_cards", "dead_cards")))
    else:
        out.append(day_sentence(rules.day.key))
    out.append(last_words(rules.id))
    jumpers = tuple(r for r in sorted(rules.jump_kill) if tab.dealt(r))
    if jumpers:
        out.append(jump_kill(jumpers, silence))
    return tuple(out)


def day_sentence(key: str) -> Claim:
    """What the card's day sentence (words/card_phrases.py DAYS) states of the day's calls: its DAY_SAYS row as a
    claim (may_pass: a hand may stay down; may_target_self: a hand may name its own seat; extra: the vote's shape
    and what an accusation round brings), proven against the engine's day by words/claims/check_day.py."""
    says = DAY_SAYS.get(key, {})
    must = says.get("must_vote")
    self_vote = says.get("self")
    return Claim("day", key, may_pass=None if must is None else not must,
                 may_target_self=None if self_vote is None else bool(self_vote),
                 announced=tuple(str(a) for a in says.get("announced") or ()),  # type: ignore[attr-defined]
                 extra=(("vote", says.get("vote")), ("accuse", says.get("accuse")), ("tie", says.get("tie"))))


def last_words(ruleset: str) -> Claim:
    """Who leaves last words: the ruleset's last-words policy, by its key (engine/ruleset.py LastWords)."""
    return Claim("last_words", engine.get_ruleset(ruleset).last_words.key)


def jump_kill(jumpers: tuple[str, ...], silence: bool = False) -> Claim:
    """004 other rule 3: the confessor alone dies and night falls (R-jump-kill-alone); from rules revision 2 a
    silenced seat may not (R-silenced-no-jump)."""
    return Claim("jump_kill", "R-jump-kill-alone", jumpers, effect="confessor_dies_night_falls", count=1,
                 extra=(("silenced_may", False),) if silence else ())


def victory_claims(victory: Victory) -> tuple[Claim, ...]:
    """Every win condition of the victory table."""
    out = [Claim("wins", "victory", tuple(sorted(victory.killer_roles)), effect="all_dead", wins="good")]
    out += [Claim("wins", "victory", tuple(sorted(group)), effect="all_dead", wins="killers")
            for group in victory.wipe_out]
    if victory.parity:
        out.append(Claim("wins", "victory", effect="parity", wins="killers"))
    out.append(Claim("wins", "R-draw", effect="both", wins="draw"))
    return tuple(out)


def card_claims(ruleset: str, players: int | None = None) -> tuple[Section, ...]:
    """The rules card of a game, as claims: (heading key, claims) per section."""
    tab = table(ruleset, players)
    return (("roles", roles_claims(tab)), ("night", night_claims(tab)), ("day", day_claims(tab)),
            ("victory", victory_claims(tab.rules.victory)))


def all_claims(ruleset: str, players: int | None = None) -> tuple[Claim, ...]:
    """Every claim of the game's card, in the card's order."""
    return tuple(c for _, claims in card_claims(ruleset, players) for c in claims)
