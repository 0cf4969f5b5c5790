"""Issue 19 item 1: the rules card, the prompt's list of cards and each role's brief fit the game dealt. Every
ruleset × table size the engine allows, every role dealt, en and zh: what the texts say is checked against what
the engine does in a game of that size (its deal, its first night's requests, the events of random games), never
against the card's own tables. The words below are this test's own vocabulary for spotting what a sentence is
about (a role's name, team wording, advice to pass, a power); the facts they are held to are the engine's.

- no role the game does not deal is named;
- team wording ("together", "know each other", partners) only for a role with a team of two or more at this deal;
- no other ruleset's notes (a version named in the body: "v5: ...");
- advice to hold fire or pass only for a role whose requests offer "nobody"; "yourself" only where the requests
  list the seat itself; jump-kills only where the ruleset allows the role one;
- no power (check, save, shoot, snipe, hug, silence, take away) the game's night never asks for;
- what the day announces is stated: an executed seat's side where the judge announces it (v4.0), dead cards (v5),
  empty needles where the night counts them.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

import pytest

import engine
from agents.bots.random_bot import choose
from agents.llm import prompting
from agents.view import SeatView
from engine import DecisionKind, EventKind, display_name
from engine.roles import ROLES

CASES = [(r.id, n) for r in engine.all_rulesets() for n in range(r.players[0], r.players[1] + 1)]
GAMES = 12  # random games per ruleset for what the day and the night announce

TEAM = {"en": r"\btogether\b|know each other|each other's|\bpartners?\b|\bfellow\b",
        "zh": r"共同|一起睁眼|互相认识|同伴"}
PASS = {"en": r"hold (?:fire|the shot)|choose nobody|do nothing|\bpass(?:es)?\b(?! as)|keep the shot",
        "zh": r"不开枪|可以不选|不出手|放弃"}
SELF = {"en": r"\b(?:save|snipe|silence|hug|check) yourself|themselves allowed",
        "zh": r"救自己|狙自己|禁言自己|可以选自己"}
NOT_SELF = {"en": r"not themselves", "zh": r"不能选自己"}
JUMP = {"en": r"jump-kill", "zh": r"跳杀"}
VERSION = r"(?<![\w.])[vV]\d"
POWERS = {  # a word for a power -> the night actions it may stand for
    "en": {r"\bcheck(?:s|ed|ing)?\b": {"check"}, r"\b(?:sav(?:e|es|ed|ing)|needles?)\b": {"save"},
           r"\b(?:shoot|shot|bullet|fires?|rifle)\b": {"shoot", "snipe"}, r"\bsnip(?:e|es|ed)\b": {"snipe"},
           r"\bhug(?:s|ged)?\b": {"hug"}, r"\bsilenc(?:e|es|ed)\b": {"silence"}, r"\b(?:takes? away|took)\b": {"take"}},
    "zh": {r"验": {"check"}, r"救|扎针|空针": {"save"}, r"开枪|子弹|一枪": {"shoot", "snipe"}, r"狙": {"snipe"},
           r"抱": {"hug"}, r"禁言": {"silence"}, r"拿走": {"take"}},
}
ANNOUNCED = {  # what the engine announces -> how a card says so
    "side": {"en": r"executed seat's side", "zh": r"宣布被处决者是杀手"},
    "cards": {"en": r"which cards died", "zh": r"哪些牌死了"},
    "needles": {"en": r"empty needle", "zh": r"空针"},
}


@dataclass
class Facts:
    """What the engine does in a game of this ruleset and size."""

    dealt: set[str]
    teams: set[str] = field(default_factory=set)  # roles that decide together or learn partners (2 or more)
    passes: set[str] = field(default_factory=set)  # roles whose night requests offer "nobody"
    selfish: set[str] = field(default_factory=set)  # roles whose night requests list the seat itself
    actions: set[str] = field(default_factory=set)  # the night actions asked
    jump: set[str] = field(default_factory=set)


def names(lang: str) -> list[tuple[str, str]]:
    """(pattern, role) for every role's display name, longest first ("Secret police" before "Police")."""
    pairs = sorted(((display_name(r, lang), r) for r in ROLES), key=lambda p: -len(p[0]))
    if lang == "zh":
        return [(re.escape(n), r) for n, r in pairs]
    return [(rf"\b{re.escape(n)}s?\b", r) for n, r in pairs]


def named(text: str, lang: str) -> list[str]:
    """The roles a text names, in the order they first appear."""
    found: list[tuple[int, str]] = []
    for pattern, role in names(lang):
        for m in re.finditer(pattern, text, flags=re.IGNORECASE):
            found.append((m.start(), role))
        text = re.sub(pattern, lambda m: " " * len(m.group()), text, flags=re.IGNORECASE)
    return list(dict.fromkeys(r for _, r in sorted(found)))


@cache
def facts(ruleset: str, players: int) -> Facts:
    rules = engine.get_ruleset(ruleset)
    state, events = engine.new_game(ruleset, random.Random(1), players=players)
    out = Facts(dealt=set(rules.composition(players)), jump=set(rules.jump_kill))
    cards = {s.number: s.cards for s in state.seats}
    for e in events:
        if e.kind in (EventKind.TEAMMATES, EventKind.OPENERS):
            group = {*e.data.get("seats", ()), *(e.data.get("undercover") or ())}
            if len(group) > 1:
                out.teams |= {c for s in group for c in cards[s] if c != "civilian"}
    for r in state.pending:
        role = str(r.role)
        out.actions.add(str(r.action))
        holders = {role} | ({c for c in cards[r.seat]} if rules.cards_per_seat == 1 else set())
        if len(r.team) > 1:
            out.teams |= holders
        if None in r.targets:
            out.passes |= holders
        if any(t == r.seat or (isinstance(t, tuple) and t[0] == r.seat) for t in r.targets):
            out.selfish |= holders
    return out


@cache
def announced(ruleset: str) -> frozenset[str]:
    """What random games of the ruleset (its default size) announce or count."""
    rules = engine.get_ruleset(ruleset)
    seen: set[str] = set()
    for seed in range(GAMES):
        rng, agent_rng = random.Random(seed), random.Random(seed + 1)
        state, events = engine.new_game(ruleset, rng, players=rules.default_players)
        while not state.is_over():
            state, more = engine.apply(state, choose(state.pending[0], agent_rng), rng)
            events += more
        for e in events:
            if e.kind == EventKind.EXECUTED_SIDE:
                seen.add("side")
            elif e.kind == EventKind.DAWN and e.data.get("cards"):
                seen.add("cards")
            elif e.kind == EventKind.NIGHT_EFFECTS and any(e.data.get("empty_needles") or ()):
                seen.add("needles")
    return frozenset(seen)


def shared_lines(ruleset: str, players: int, lang: str) -> list[str]:
    """The prompt's shared front from its list of cards to the end of the rules card (the ruleset's title and
    the answer format left out: neither is about the game dealt)."""
    text = prompting.system_prompt(ruleset, players, lang)
    body = text.split("\n", 2)[2]
    body = body.split("How to read the record" if lang == "en" else "如何阅读记录")[0]
    return [line.strip() for line in body.splitlines() if line.strip()]


def briefs(ruleset: str, players: int, lang: str) -> dict[str, str]:
    """role -> the brief a seat holding it reads in its private notes (a seat of the engine's own deal)."""
    state, events = engine.new_game(ruleset, random.Random(1), players=players)
    out: dict[str, str] = {}
    mark = "Your brief as the" if lang == "en" else "的要点"
    for seat in state.seats:
        view = SeatView(seat.number, ruleset, players, tuple(engine.observation(events, seat.number)), lang)
        for line in prompting.private_notes(view, lang).splitlines():
            if mark in line:
                role = named(line, lang)[0]
                out[role] = line
    return out


def check_line(line: str, lang: str, f: Facts, role: str | None) -> list[str]:
    """What is wrong with one line about `role` (None: about the game at large)."""
    problems = []
    for other in named(line, lang):
        if other not in f.dealt:
            problems.append(f"names {other}, not dealt")
    if re.search(VERSION, line):
        problems.append("carries a version's note")
    if re.search(TEAM[lang], line, re.IGNORECASE) and (f.teams.isdisjoint({role}) if role else not f.teams):
        problems.append(f"team wording for {role or 'the game'}, which has no team of two or more")
    for pattern, actions in POWERS[lang].items():
        if re.search(pattern, line, re.IGNORECASE) and not actions & f.actions:
            problems.append(f"a power the night never asks for: {pattern}")
    if role is None:
        return problems
    if re.search(PASS[lang], line, re.IGNORECASE) and role not in f.passes:
        problems.append(f"advice to pass for {role}, whose requests never offer nobody")
    if re.search(SELF[lang], line, re.IGNORECASE) and role not in f.selfish:
        problems.append(f"{role} told it may name itself, which its requests never list")
    if re.search(NOT_SELF[lang], line) and role in f.selfish:
        problems.append(f"{role} told it may not name itself, which its requests list")
    if re.search(JUMP[lang], line) and role not in f.jump:
        problems.append(f"a jump-kill for {role}, which the ruleset does not allow it")
    return problems


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_the_card_and_the_briefs_fit_the_game_dealt(ruleset: str, players: int, lang: str) -> None:
    f = facts(ruleset, players)
    problems: list[str] = []
    for line in shared_lines(ruleset, players, lang):
        roles = named(line, lang)
        about = roles[0] if roles and re.match(r"^(-|\d+[.、])\s*", line) else None  # a card's or a call's line
        problems += [f"{line!r}: {p}" for p in check_line(line, lang, f, about)]
    held = briefs(ruleset, players, lang)
    for role in f.dealt & set(ROLES):
        if role in held:
            problems += [f"{role}'s brief: {p}" for p in check_line(held[role], lang, f, role)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("ruleset", [r.id for r in engine.all_rulesets()])
def test_the_card_states_what_the_judge_announces(ruleset: str, lang: str) -> None:
    text = "\n".join(shared_lines(ruleset, engine.get_ruleset(ruleset).default_players, lang))
    seen = announced(ruleset)
    for what, said in ANNOUNCED.items():
        assert bool(re.search(said[lang], text)) == (what in seen), (what, sorted(seen))


def test_the_vocabulary_catches_the_cards_issue_19_found() -> None:
    """The capable players' findings, as lines of the old texts: each is caught for the game it was read in."""
    v4 = facts("v4-classic", 12)
    old = [("en", "police", "- Police (police, good side): the police know each other and each night point at one "
                            "seat"),
           ("zh", "police", "- 警察（police，好人阵营）：警察互相认识，每晚指认一人验身份"),
           ("en", "butterfly", "- Butterfly (butterfly, good side): hugs one seat each night (one way only; v5: "
                               "takes a card away for the night)"),
           ("en", "killer", "Your brief as the Killer: kill the seats that hurt you most (a police, a doctor, a "
                            "secret police) first"),
           ("en", "sniper", "Your brief as the Sniper: a good seat sniped is lost to your side, so hold fire when "
                            "unsure"),
           ("zh", "sniper", "狙击手的要点——常见打法：狙错好人就是帮了杀手，没把握就不开枪")]
    for lang, role, line in old:
        assert check_line(line, lang, v4, role), line
    assert Counter(k for k in ("police",) if k in v4.teams) == Counter()  # one police: no team
    assert {"killer"} <= v4.teams and "sniper" not in v4.passes


def test_every_request_kind_of_a_night_is_read() -> None:
    """The facts come from real requests: every night call of every ruleset is seen on some first night."""
    for rules in engine.all_rulesets():
        asked = set().union(*(facts(rules.id, n).actions for n in range(rules.players[0], rules.players[1] + 1)))
        assert asked == {s.action for s in rules.night_steps}, rules.id
        assert all(r.kind is DecisionKind.NIGHT for r in engine.new_game(rules.id, random.Random(1))[0].pending)
