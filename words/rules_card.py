"""A ruleset's rules card, in en and zh, built from the engine's own Ruleset data: the roles and how many of
each, the night's steps in order, the day's procedure, last words, jump-kills and the victory table.

One card for everyone who must learn the rules: the TUI's help screen shows it, and the agents' prompts can
include it (`card_text`). A night step's line is its action's own (the engine's action table); the day
procedure and the last-words policy are keyed by their `key`; tests/words/test_rules_card.py checks every
ruleset has them all.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine import display_name, get_ruleset
from engine.roles import Team, action_card, team_of
from engine.ruleset import Ruleset, Victory

Phrases = dict[str, dict[str, str]]  # name -> lang -> sentence

# A team step (R-team-majority, R-team-talk): the members see each other's differing proposals before the majority.
TOGETHER = {"en": " (together: when their proposals differ they see each other's and may change them, for a few "
                  "rounds; then the judge takes their majority, a tie by lot)",
            "zh": "（共同决定：提议不一时互相看到并可更改，最多几轮；之后法官取多数，平票抽签）"}
MAY_PASS = {"en": "; they may choose nobody", "zh": "；可以不选"}

DAYS: Phrases = {
    "referendum": {"en": "Every living seat speaks in turn and names a suspect; a referendum executes one.",
                      "zh": "活着的玩家依次发言并指认嫌疑人，全体表决处决一人。"},
    "two_suspects": {"en": "Everyone speaks in turn; a show of hands picks the two most suspected, who defend "
                             "themselves; after another vote the seat with the most votes is executed.",
                       "zh": "依次发言；举手选出两名最可疑的人，二人辩护后再投票，得票最多者被处决。"},
    "forum_vote": {"en": "Everyone speaks in turn, from the right of the dead; the suspects defend themselves; "
                           "a show of hands executes the seat with the most votes (ties are voted again).",
                     "zh": "从死者右手边开始依次发言；嫌疑人辩护后举手投票，得票最多者出局（平票重投）。"},
    "nomination": {"en": "Accusation rounds: seats accuse in turn, the most accused defends, then a show of "
                            "hands (more than half) decides; in the last round the most accused is out.",
                      "zh": "指认轮：依次指认，被指认最多的人辩护，再举手表决（过半数出局）；"
                            "最后一轮为生死轮，得票最多者直接出局。"},
    "round_vote": {"en": "Everyone speaks in turn and votes right after speaking (everyone must vote, self "
                           "allowed); the seat with the most votes is executed.",
                     "zh": "依次发言，发言后立即投票（每人必须投一人，可投自己）；得票最多者被处决。"},
    "card_vote": {"en": "Everyone speaks in turn; each living card is a vote (at most two); the most voted "
                          "card is taken.",
                    "zh": "依次发言；每张活着的牌是一票（最多两票），得票最多的牌出局。"},
}
LAST_WORDS: Phrases = {
    "none": {"en": "Nobody leaves last words.", "zh": "任何人没有遗言。"},
    "classic": {"en": "The murdered leave last words; an executed killer does not, an executed good "
                                 "seat does.", "zh": "被杀者留遗言；被处决的杀手没有遗言，被处决的好人有。"},
    "quota": {"en": "The first deaths of the game (a quota by table size) leave last words.",
                         "zh": "最先死亡的几人（按人数定额）留遗言。"},
    "first_night": {"en": "Only the seat killed on the first night leaves last words.",
                          "zh": "只有第一夜被杀的人有遗言。"},
    "v4": {"en": "Every dead seat leaves last words, except an executed killer (a silenced seat stays "
                            "mute).", "zh": "死者均可留遗言，被处决的杀手除外（被禁言者不能说话）。"},
}
HEAD: Phrases = {
    "players": {"en": "{low}–{high} players; at {n}: {roles}.", "zh": "{low}–{high} 人；{n} 人局：{roles}。"},
    "cards": {"en": "Each seat holds {k} cards; a seat is out when all its cards are.",
              "zh": "每人 {k} 张牌；牌全部出局人才出局。"},
    "night": {"en": "Night", "zh": "夜晚"},
    "day": {"en": "Day", "zh": "白天"},
    "victory": {"en": "Victory", "zh": "胜负"},
    "roles": {"en": "Roles", "zh": "角色"},
    "jump_kill": {"en": "{roles} may jump-kill in a day speech: confess and take a seat with them.",
                  "zh": "{roles}可在白天发言时自爆跳杀，带走一人。"},
    "good_wins": {"en": "The good side wins when every {roles} is dead.", "zh": "{roles}全部出局，好人胜。"},
    "killers_win": {"en": "The killers win when every {roles} is dead.", "zh": "{roles}全部出局，杀手胜。"},
    "parity": {"en": "The killers win when they are as many as everyone else alive.",
               "zh": "活着的杀手人数不少于其他活人时，杀手胜。"},
    "both": {"en": "Both at once is a draw.", "zh": "同时满足则平局。"},
    "endless": {"en": "the day limit was reached", "zh": "达到天数上限"},
    "team_killers": {"en": "killers' side", "zh": "杀手方"},
    "team_good": {"en": "good side", "zh": "好人方"},
}


@dataclass(frozen=True)
class RulesCard:
    """The card: a title and sections (heading, sentences)."""

    ruleset: str
    lang: str
    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]


def _say(table: Phrases, key: str, lang: str, **values: object) -> str:
    return table[key][lang if lang in table[key] else "en"].format(**values)


def _names(roles: object, lang: str) -> str:
    sep = "、" if lang == "zh" else ", "
    return sep.join(display_name(str(r), lang) for r in sorted(roles))  # type: ignore[call-overload]


def roles_line(rules: Ruleset, lang: str, players: int | None = None) -> tuple[str, ...]:
    n = players or rules.default_players
    counts = Counter(rules.composition(n))
    listed = ", ".join(f"{display_name(r, lang)} ×{c}" for r, c in counts.items())
    lines = [_say(HEAD, "players", lang, low=rules.players[0], high=rules.players[1], n=n, roles=listed)]
    for team in (Team.KILLERS, Team.GOOD):
        members = [r for r in counts if team_of(r) is team]
        if members:
            lines.append(f"{_say(HEAD, f'team_{team.value}', lang)}: {_names(members, lang)}")
    if rules.cards_per_seat > 1:
        lines.append(_say(HEAD, "cards", lang, k=rules.cards_per_seat))
    return tuple(lines)


def night_lines(rules: Ruleset, lang: str) -> tuple[str, ...]:
    """The night's steps, in the judge's order."""
    lines = []
    for i, step in enumerate(rules.night_steps, start=1):
        line = action_card(step.action, lang).format(who=display_name(step.role, lang))
        if step.team:
            line += TOGETHER[lang]
        if step.may_pass:
            line += MAY_PASS[lang]
        lines.append(f"{i}. {line}." if lang == "en" else f"{i}. {line}。")
    return tuple(lines)


def day_lines(rules: Ruleset, lang: str) -> tuple[str, ...]:
    lines = [_say(DAYS, rules.day.key, lang), _say(LAST_WORDS, rules.last_words.key, lang)]
    if rules.jump_kill:
        lines.append(_say(HEAD, "jump_kill", lang, roles=_names(rules.jump_kill, lang)))
    return tuple(lines)


def victory_lines(victory: Victory, lang: str) -> tuple[str, ...]:
    """Every win condition of the victory table, one sentence each."""
    lines = [_say(HEAD, "good_wins", lang, roles=_names(victory.killer_roles, lang))]
    lines += [_say(HEAD, "killers_win", lang, roles=_names(group, lang)) for group in victory.wipe_out]
    if victory.parity:
        lines.append(_say(HEAD, "parity", lang))
    lines.append(_say(HEAD, "both", lang))
    return tuple(lines)


def rules_card(ruleset: str, lang: str = "en", players: int | None = None) -> RulesCard:
    rules = get_ruleset(ruleset)
    return RulesCard(ruleset=rules.id, lang=lang, title=f"{rules.id} — {rules.title}", sections=(
        (_say(HEAD, "roles", lang), roles_line(rules, lang, players)),
        (_say(HEAD, "night", lang), night_lines(rules, lang)),
        (_say(HEAD, "day", lang), day_lines(rules, lang)),
        (_say(HEAD, "victory", lang), victory_lines(rules.victory, lang)),
    ))


def card_text(card: RulesCard) -> str:
    """The card as plain text (for a prompt or a terminal)."""
    out = [card.title]
    for heading, lines in card.sections:
        out.append(f"{heading}:")
        out += [f"  {line}" for line in lines]
    return "\n".join(out)


def met_conditions(ruleset: str, lang: str, living: Counter[str], killers_alive: int, alive: int,
                   endless: bool = False) -> list[str]:
    """The win conditions the final table meets (the living cards by role, living killer seats, living seats)."""
    victory = get_ruleset(ruleset).victory
    met = []
    if all(living[r] == 0 for r in victory.killer_roles):
        met.append(_say(HEAD, "good_wins", lang, roles=_names(victory.killer_roles, lang)))
    met += [_say(HEAD, "killers_win", lang, roles=_names(group, lang)) for group in victory.wipe_out
            if all(living[r] == 0 for r in group)]
    if victory.parity and killers_alive >= alive - killers_alive:
        met.append(_say(HEAD, "parity", lang))
    if endless and not met:
        met.append(_say(HEAD, "endless", lang))
    return met
