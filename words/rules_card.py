"""The rules card of the game dealt (ruleset × card mix × table size, words/table.py), in en and zh, built from
the engine's own data: the cards and who learns whom at the deal, the night's calls in order with what the engine
allows each (together, nobody, oneself), the night's rulings, the day's procedure and its announcements, last
words, jump-kills and the victory table.

One card for everyone who must learn the rules: the TUI's help screen shows it, and the agents' prompts include it
(words/prompt_card.py). A night call's line is its action's own (engine/roles.py's action table) with the
qualifiers the call has. Every sentence is rendered from its rule claim (words/claims, words/claims/render.py;
the phrases are words/card_phrases.py's), and tests/words/test_claims.py plays each claim through the judge.
Team wording appears only for a team of two or more, and nothing is said of a card, power or rule this game does
not have (tests/words/test_fitted_cards.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine import display_name, get_ruleset
from engine.roles import ROLES, Team, action_help
from engine.ruleset import Victory
from words.card_phrases import HEAD, ROLE, say

__all__ = ["RulesCard", "call_line", "card_text", "day_lines", "met_conditions", "night_lines",
           "power_sentence", "role_line", "roles_line", "rules_card", "victory_lines"]
from words.claims import Claim, day_claims, night_claims, roles_claims, victory_claims
from words.claims.render import names, power_sentence, render
from words.table import Call, Table, table


@dataclass(frozen=True)
class RulesCard:
    """The card: a title and sections (heading, sentences)."""

    ruleset: str
    lang: str
    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]


def _names(roles: object, lang: str) -> str:
    return names(roles, lang)  # type: ignore[arg-type]


def _lines(claims: tuple[Claim, ...], lang: str) -> tuple[str, ...]:
    return tuple(render(c, lang) for c in claims)


def roles_line(tab: Table, lang: str) -> tuple[str, ...]:
    """The cards dealt, each side's roles, who learns whom on the first night, the cards per seat."""
    return _lines(roles_claims(tab), lang)


def call_line(call: Call, lang: str) -> str:
    """A night call: its action's line with what the engine allows it (together, nobody, oneself, a partner)."""
    return render(Claim("call", f"{call.role}:{call.action}", (call.role,), effect=call.action, count=call.members,
                        may_pass=call.may_pass, may_target_self=call.self_target, team=call.together,
                        extra=(("not_partners", call.not_partners and call.members > 1),)), lang)


def night_lines(tab: Table, lang: str) -> tuple[str, ...]:
    """The night's calls in the judge's order, then the rulings that change what the powers do."""
    claims = night_claims(tab)
    calls = [c for c in claims if c.act == "call"]
    numbered = [say(HEAD, "step", lang, i=i, line=render(c, lang)) for i, c in enumerate(calls, start=1)]
    return (*numbered, *_lines(tuple(c for c in claims if c.act != "call"), lang))


def day_lines(tab: Table, lang: str) -> tuple[str, ...]:
    """What dawn announces, the day's procedure (and what it announces), last words, jump-kills."""
    return _lines(day_claims(tab), lang)


def victory_lines(victory: Victory, lang: str) -> tuple[str, ...]:
    """Every win condition of the victory table, one sentence each."""
    return _lines(victory_claims(victory), lang)


def role_line(tab: Table, role: str, lang: str) -> str:
    """A card of the game in one line (the prompt's list of cards): what it does at night, as the engine asks it
    in this game, and what it learns at the deal."""
    info = ROLES[role]
    if role == "judge":  # v5's big monster: whoever draws it is the judge (R-v5-judge-card), never a player
        return say(ROLE, "line", lang, name=display_name(role, lang), id=role, side=say(ROLE, "out", lang),
                   n=tab.count(role), what=say(ROLE, "judge", lang))
    parts = []
    # v3.8: the undercover is asked with the police it opens its eyes with (their call is the police's)
    calls = tab.calls_of(role) or tuple(c for c in tab.calls if role in tab.openers and c.role in tab.openers)
    for call in calls:
        partners = say(ROLE, "with_partners", lang, n=call.members) if call.together else ""
        parts.append(say(ROLE, "night", lang, help=action_help(call.action, lang) + partners))
    if tab.knows_partners(role) and not any(c.together for c in calls) and role not in tab.openers:
        parts.append(say(ROLE, "partners", lang))
    if role in tab.openers:
        others = [r for r in tab.openers if r != role]
        parts.append(say(ROLE, "openers", lang, who=_names(set(others), lang)))
    if role in tab.shown:
        parts.append(say(ROLE, "shown", lang))
    if not calls:
        parts.insert(0, say(ROLE, "no_power", lang))
        parts.append(say(ROLE, "plays_for" if info.team is Team.KILLERS else "finds", lang))
    return say(ROLE, "line", lang, name=display_name(role, lang), id=role, side=say(ROLE, f"side_{info.team.value}",
               lang), n=tab.count(role), what=say(ROLE, "sep", lang).join(parts))


def rules_card(ruleset: str, lang: str = "en", players: int | None = None) -> RulesCard:
    """The card of a game of `ruleset` with `players` seats (the ruleset's default when None)."""
    tab = table(ruleset, players)
    rules = tab.rules
    title = rules.name("zh") if lang == "zh" else f"{rules.id} — {rules.title}"
    return RulesCard(ruleset=rules.id, lang=lang, title=title, sections=(
        (say(HEAD, "roles", lang), roles_line(tab, lang)),
        (say(HEAD, "night", lang), night_lines(tab, lang)),
        (say(HEAD, "day", lang), day_lines(tab, lang)),
        (say(HEAD, "victory", lang), victory_lines(rules.victory, lang)),
    ))


def card_text(card: RulesCard) -> str:
    """The card as plain text (for a prompt or a terminal)."""
    colon = "：" if card.lang == "zh" else ":"
    out = [card.title]
    for heading, lines in card.sections:
        out.append(f"{heading}{colon}")
        out += [f"  {line}" for line in lines]
    return "\n".join(out)


def met_conditions(ruleset: str, lang: str, living: Counter[str], killers_alive: int, alive: int,
                   endless: bool = False) -> list[str]:
    """The win conditions the final table meets (the living cards by role, living killer seats, living seats)."""
    victory = get_ruleset(ruleset).victory
    met = []
    if all(living[r] == 0 for r in victory.killer_roles):
        met.append(say(HEAD, "good_wins", lang, roles=_names(victory.killer_roles, lang)))
    met += [say(HEAD, "killers_win", lang, roles=_names(group, lang)) for group in victory.wipe_out
            if all(living[r] == 0 for r in group)]
    if victory.parity and killers_alive >= alive - killers_alive:
        met.append(say(HEAD, "parity", lang))
    if endless and not met:
        met.append(say(HEAD, "endless", lang))
    return met
