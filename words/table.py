"""The game dealt (ruleset × card mix × table size), read off the engine once: the cards and how many of each, who
opens their eyes with whom at the deal, and what each night call asks (who decides together, whether it may pass
or name itself). The rules card and the role briefs say only what this says the game has (issue 19: no team
wording for a team of one, no other ruleset's notes, no role, power or tip the game does not have, no advice the
engine does not offer as a legal move).

It is the engine's own first night of a game of that size: `engine.new_game` with a fixed seed, its deal events
and its first requests (the deal's shuffle changes who holds what, never these facts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

import engine
from engine import EventKind, Request
from engine.ruleset import Ruleset

SEED = 0  # any seed gives the same facts; a fixed one keeps the card the same for every seat and every run


@dataclass(frozen=True)
class Call:
    """One night call of the judge as the deal's first night asks it."""

    role: str
    action: str
    members: int  # the cards (v5) or seats that open their eyes for it
    together: bool  # a team of two or more decides it together (R-team-majority, R-team-talk)
    may_pass: bool  # "nobody" is a legal choice
    self_target: bool  # a member may name its own seat (v5: its own cards)
    once: bool  # a once-per-game power (asked to confirm)
    not_partners: bool  # a member may not name a living holder of the same role


@dataclass(frozen=True)
class Table:
    """What a game of this ruleset and size holds."""

    rules: Ruleset
    players: int
    counts: tuple[tuple[str, int], ...]  # the cards dealt, in the ruleset's order (v5: the whole deck)
    calls: tuple[Call, ...]  # the night's calls, in the judge's order
    known: tuple[tuple[str, ...], ...]  # groups that learn each other at the deal: their cards, one per seat
    openers: tuple[str, ...]  # v3.8: the cards that open their eyes together without learning roles
    shown: tuple[str, ...]  # roles whose seats the judge shows the killers
    rulings: tuple[str, ...] = ()  # the night's named resolution rules (engine/night/procedure.py CalledNight)

    def count(self, role: str) -> int:
        return dict(self.counts).get(role, 0)

    def dealt(self, role: str) -> bool:
        return self.count(role) > 0

    def roles(self) -> tuple[str, ...]:
        return tuple(r for r, _ in self.counts)

    def calls_of(self, role: str) -> tuple[Call, ...]:
        return tuple(c for c in self.calls if c.role == role)

    def has_action(self, action: str) -> bool:
        return any(c.action == action for c in self.calls)

    def together(self, role: str) -> bool:
        """Whether the role's holders decide a night call together (two or more of them)."""
        return any(c.together for c in self.calls_of(role))

    def knows_partners(self, role: str) -> bool:
        """Whether a holder of `role` learns partners at the deal (a group of two or more it belongs to)."""
        return any(role in group and len(group) > 1 for group in self.known) or role in self.openers

    def may_pass(self, role: str) -> bool:
        return any(c.may_pass for c in self.calls_of(role))

    def self_target(self, role: str) -> bool:
        return any(c.self_target for c in self.calls_of(role))

    def jump_kill(self, role: str) -> bool:
        return role in self.rules.jump_kill and self.dealt(role)

    @property
    def specials(self) -> tuple[str, ...]:
        """The special identities dealt (the killers' first targets), in the ruleset's order."""
        return tuple(r for r in self.roles() if engine.ROLES[r].special)


@cache
def table(ruleset: str, players: int | None = None) -> Table:
    """The game dealt for `players` seats (the ruleset's default when None)."""
    rules = engine.get_ruleset(ruleset)
    n = rules.default_players if players is None else players
    state, events = engine.new_game(rules.id, random.Random(SEED), players=n)
    cards = {s.number: s.cards for s in state.seats}
    counts: dict[str, int] = {}
    for role in rules.composition(n):
        counts[role] = counts.get(role, 0) + 1
    known: list[tuple[str, ...]] = []
    openers: tuple[str, ...] = ()
    shown: list[str] = []
    for e in events:
        if e.kind == EventKind.TEAMMATES:
            group = [*(e.data.get("seats") or ()), *(e.data.get("undercover") or ())]
            known.append(tuple(sorted(_card(cards[s], str(e.data["role"])) for s in dict.fromkeys(group))))
        elif e.kind == EventKind.OPENERS:
            openers = tuple(sorted(c for s in e.data.get("seats") or () for c in cards[s]))
        elif e.kind == EventKind.SHOWN_TO_KILLERS:
            shown.append(str(e.data["role"]))
    return Table(rules, n, tuple(counts.items()), _calls(rules, set(counts), state.pending), tuple(known), openers,
                 tuple(dict.fromkeys(shown)), tuple(getattr(rules.night, "rulings", ())))


def _card(hand: tuple[str, ...], role: str) -> str:
    """The card of a seat's hand that put it in the group of `role` (v5: the undercover opens its eyes with the
    killers and with the police, 000 v5.0; a seat holds two cards)."""
    for card in (role, "undercover"):
        if card in hand:
            return card
    return next((c for c in hand if c != "civilian"), hand[0])


def _calls(rules: Ruleset, dealt: set[str], asked: tuple[Request, ...]) -> tuple[Call, ...]:
    calls = []
    for step in rules.night_steps:
        mine = [r for r in asked if r.role == step.role and r.action == step.action]
        if not mine and step.role not in dealt:
            continue  # a call for a card this table does not hold
        members = len(mine[0].team) if mine and mine[0].team else len(mine)
        own = any(r.seat == t or (isinstance(t, tuple) and t[0] == r.seat) for r in mine for t in r.targets)
        calls.append(Call(step.role, step.action, members, step.team and members > 1,
                          any(None in r.targets for r in mine) or (not mine and step.may_pass),
                          own if mine else step.self_target, step.irreversible, step.not_teammates))
    return tuple(calls)
