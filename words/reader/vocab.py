"""The reader's vocabulary: role words from the one role table (engine/roles.py, its en and zh names) plus the
synonyms players use, kept here beside the reader; and the words for a check's two results."""

from __future__ import annotations

import re
from functools import cache

from engine.roles import ROLES, Team, team_of

# Roles a player can claim (the judge's card is out of play).
CLAIMABLE: tuple[str, ...] = tuple(r for r in ROLES if r != "judge")

# Common names for each role besides the table's own (lower case); werewolf habits included: a seer is the
# checking role, a wolf a killer. Longer words are tried first, so "secret police" never reads as "police".
SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "civilian": {"en": ("villager", "vanilla townie", "vanilla", "townie", "townsperson", "townsfolk", "townspeople",
                        "citizen", "plain civilian", "ordinary civilian", "civvie", "civvy", "civ"),
                 "zh": ("普通平民", "老百姓", "村民", "白板", "民")},
    "police": {"en": ("policeman", "policewoman", "cop", "detective", "investigator", "seer", "sheriff"),
               "zh": ("警官", "预言家", "警")},
    "killer": {"en": ("mafia", "mafioso", "werewolf", "wolf", "murderer"), "zh": ("狼人", "狼", "匪")},
    "doctor": {"en": ("medic", "nurse"), "zh": ("医",)},
    "secret_police": {"en": ("secret cop",), "zh": ("秘警",)},
    "sniper": {"en": (), "zh": ("狙",)},
    "butterfly": {"en": (), "zh": ("蝴蝶",)},
    "old_man": {"en": ("old man",), "zh": ("老人",)},
    "traitor": {"en": ("bandit-civilian", "bandit civilian"), "zh": ()},
    "undercover": {"en": ("mole",), "zh": ()},
}


@cache
def role_words(lang: str) -> tuple[tuple[str, str], ...]:
    """(word, role id) pairs of `lang`, longest word first: the table's name and every synonym."""
    pairs: list[tuple[str, str]] = []
    for role in (r for r in ROLES if r != "judge"):  # the table as it is now (a role added to it is read)
        name = ROLES[role].zh if lang == "zh" else ROLES[role].en.lower()
        pairs.append((name, role))
        pairs += [(w, role) for w in SYNONYMS.get(role, {}).get(lang, ())]
    return tuple(sorted(set(pairs), key=lambda p: (-len(p[0]), p[0])))


@cache
def role_pattern(lang: str) -> str:
    """A regex alternation of every role word of `lang` (en: plurals too), longest first."""
    words = [re.escape(w) for w, _ in role_words(lang)]
    if lang == "zh":
        return "(?:" + "|".join(words) + ")"
    return r"(?:" + "|".join(words) + r")(?:s|es)?\b"


def role_of(word: str, lang: str) -> str | None:
    """The role id a role word names (en: case and a plural -s ignored)."""
    word = word.strip().lower()
    table = dict(role_words(lang))
    if word in table:
        return table[word]
    for suffix in ("es", "s"):
        if lang == "en" and word.endswith(suffix) and word[: -len(suffix)] in table:
            return table[word[: -len(suffix)]]
    return None


def side_of_role(role: str) -> str:
    """The side a role claim implies."""
    return Team.KILLERS.value if team_of(role) is Team.KILLERS else Team.GOOD.value


def stronger(roles: list[str]) -> str:
    """Of several roles claimed at once (v5's two cards), the one with a power (a civilian card is the weaker)."""
    return next((r for r in roles if r != "civilian"), roles[0])
