"""The rules card of the game dealt (ruleset × card mix × table size, words/table.py), in en and zh, built from
the engine's own data: the cards and who learns whom at the deal, the night's calls in order with what the engine
allows each (together, nobody, oneself), the night's rulings, the day's procedure and its announcements, last
words, jump-kills and the victory table.

One card for everyone who must learn the rules: the TUI's help screen shows it, and the agents' prompts include it
(words/prompt_card.py). A night call's line is its action's own (engine/roles.py's action table) with the
qualifiers the call has; the sentences are words/card_phrases.py's. Team wording appears only for a team of two or
more, and nothing is said of a card, power or rule this game does not have (tests/words/test_fitted_cards.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine import display_name, get_ruleset
from engine.roles import ROLES, Team, action_card, action_help, plural_en, team_of
from engine.ruleset import Victory
from words.card_phrases import CALL, DAYS, HEAD, LAST_WORDS, ROLE, RULINGS, say
from words.table import Call, Table, table


@dataclass(frozen=True)
class RulesCard:
    """The card: a title and sections (heading, sentences)."""

    ruleset: str
    lang: str
    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]


def _names(roles: object, lang: str) -> str:
    return say(HEAD, "list", lang).join(display_name(str(r), lang) for r in sorted(roles))  # type: ignore[call-overload]


def _counted(tab: Table, roles: list[str], lang: str) -> str:
    """"Killer ×3 and Undercover ×1" (the cards of a group, with how many the game deals)."""
    counts = Counter(roles)
    items = [say(HEAD, "count", lang, role=display_name(r, lang), n=counts[r]) for r in tab.roles() if r in counts]
    return say(HEAD, "and", lang).join(items)


def roles_line(tab: Table, lang: str) -> tuple[str, ...]:
    """The cards dealt, each side's roles, who learns whom on the first night, the cards per seat."""
    rules = tab.rules
    listed = say(HEAD, "list", lang).join(say(HEAD, "count", lang, role=display_name(r, lang), n=n)
                                          for r, n in tab.counts)
    lines = [say(HEAD, "players", lang, low=rules.players[0], high=rules.players[1], n=tab.players, roles=listed)]
    for team in (Team.KILLERS, Team.GOOD):
        members = [r for r in tab.roles() if team_of(r) is team]
        if members:
            lines.append(say(HEAD, "side_line", lang, side=say(HEAD, f"team_{team.value}", lang),
                             roles=_names(members, lang)))
    lines += [say(HEAD, "known", lang, who=_counted(tab, list(group), lang)) for group in tab.known if len(group) > 1]
    if len(tab.openers) > 1:
        lines.append(say(HEAD, "openers", lang, who=_counted(tab, list(tab.openers), lang)))
    if tab.shown:
        lines.append(say(HEAD, "shown", lang, roles=_names(tab.shown, lang)))
    if rules.cards_per_seat > 1:
        lines.append(say(HEAD, "cards", lang, k=rules.cards_per_seat))
    return tuple(lines)


def power_sentence(role: str, action: str, lang: str, members: int = 1) -> str:
    """A role's night power as one clause, its English subject and verb agreeing with the seats it wakes:
    "Killers choose a seat to kill" for a team of three, "Sniper chooses a seat to snipe" for one seat (the
    cards' lines are written "{who} choose ...")."""
    name = display_name(role, lang) if role in ROLES else str(role)
    if lang != "en":
        return action_card(action, lang).format(who=name)
    head, _, rest = action_card(action, "en").partition("{who} ")
    verb, _, tail = rest.partition(" ")
    if members > 1:
        name = plural_en(role) if role in ROLES else name + "s"  # the role's row (engine/roles.py)
    elif verb != "may":
        verb += "s"
    return f"{head}{name} {verb} {tail}"


def call_line(call: Call, lang: str) -> str:
    """A night call: its action's line with what the engine allows it (together, nobody, oneself, a partner)."""
    line = power_sentence(call.role, call.action, lang, call.members)
    if call.together:
        line += say(CALL, "together", lang)
    if call.not_partners and call.members > 1:
        line += say(CALL, "not_partners", lang)
    if not call.self_target:
        line += say(CALL, "not_self", lang)
    if call.may_pass:
        line += say(CALL, "may_pass", lang)
    return line


def night_lines(tab: Table, lang: str) -> tuple[str, ...]:
    """The night's calls in the judge's order, then the rulings that change what the powers do."""
    lines = [say(HEAD, "step", lang, i=i, line=call_line(call, lang)) for i, call in enumerate(tab.calls, start=1)]
    if lines:
        lines.append(say(HEAD, "must_name", lang))
    return (*lines, *(say(RULINGS, r, lang) for r in tab.rulings))


def day_lines(tab: Table, lang: str) -> tuple[str, ...]:
    """What dawn announces, the day's procedure (and what it announces), last words, jump-kills."""
    rules = tab.rules
    lines = [say(HEAD, "dawn_silenced" if tab.has_action("silence") else "dawn", lang),
             say(DAYS, rules.day.key, lang), say(LAST_WORDS, rules.last_words.key, lang)]
    jumpers = [r for r in sorted(rules.jump_kill) if tab.dealt(r)]
    if jumpers:
        lines.append(say(HEAD, "jump_kill", lang, roles=_names(jumpers, lang)))
    return tuple(lines)


def victory_lines(victory: Victory, lang: str) -> tuple[str, ...]:
    """Every win condition of the victory table, one sentence each."""
    lines = [say(HEAD, "good_wins", lang, roles=_names(victory.killer_roles, lang))]
    lines += [say(HEAD, "killers_win", lang, roles=_names(group, lang)) for group in victory.wipe_out]
    if victory.parity:
        lines.append(say(HEAD, "parity", lang))
    lines.append(say(HEAD, "both", lang))
    return tuple(lines)


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
