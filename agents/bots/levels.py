"""The scripted bots' levels: `scripted:easy` (the honest baseline), `scripted:normal` (the default of
`--agents scripted`) and `scripted:hard` (every strategy at its strongest), and how an agent kind names one."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine import KillerError

# Bump when a level's play changes: the transcript header records it beside the level (1: the honest baseline
# before levels; 2: levels, counter-claims, reveal policies, claim weighing; 3: speeches that attribute only what
# the record shows, more phrasings, hard bots counting role claims against the cards dealt; 4: no act against a
# shown partner, the baseline counting claims at hard and claiming the police with its checks, issue 37; 5: each
# speech says its ground, worded from its facts in varied phrasings and recorded as Decision.reason, no pile-on
# line; the same decisions as 4, issue 38).
STRATEGY_VERSION = 5


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


DEFAULT_LEVEL = Level.NORMAL
BOT_KINDS = ("scripted", *(f"scripted:{lv.value}" for lv in Level))  # what --agents, tables and contestants take
VOICE = "+voice"  # `scripted:hard+voice`: the bot decides, a model words its speeches (agents/voice/)
VOICED_KINDS = tuple(f"{kind}{VOICE}" for kind in BOT_KINDS)


def bot_seed(seed: int, contestant: str | None = None) -> int | str:
    """What a bot's draws are keyed on: the game seed, joined by the contestant's name when the bot plays as a
    tournament contestant, so two contestants playing the same bot on the same deal play different games
    (docs/bots.md). Without a name it is the game seed itself: `killer run`, `play` and `balance` repeat exactly."""
    return f"{seed}@{contestant}" if contestant else seed


class LevelError(KillerError, ValueError):
    """An unknown level in an agent kind: one line for the user."""


@dataclass(frozen=True)
class Style:
    """How boldly a level plays (probabilities are drawn from the game seed, so a game repeats exactly)."""

    counter_claim: float  # a killer team puts up a fake police (when the ruleset has police)
    preempt: float  # ... before any real police has spoken
    bus: float  # a killer votes out a partner the table has already condemned
    hide: float  # a police waits behind a civilian claim until late
    wait: float  # a police waits until it has found a killer (else it claims at once)
    specials_first: bool  # killers hunt the claimed special roles first (000 v3.0)
    counts_claims: bool = False  # role claims counted against the cards dealt: the extra claimants are suspects


STYLES = {
    Level.NORMAL: Style(counter_claim=0.4, preempt=0.2, bus=0.25, hide=0.2, wait=0.5, specials_first=True),
    Level.HARD: Style(counter_claim=0.75, preempt=0.4, bus=0.5, hide=0.2, wait=0.5, specials_first=True,
                      counts_claims=True),
}


def parse_level(kind: str) -> Level:
    """The level an agent kind names: "scripted" is the default level; "scripted:LEVEL" names one (either with
    "+voice": the same bot, its speeches worded by a model)."""
    base, _, level = kind.removesuffix(VOICE).partition(":")
    if base != "scripted":
        raise LevelError(f"{kind!r} is not a scripted bot (scripted or scripted:LEVEL)")
    if not level:
        return DEFAULT_LEVEL
    try:
        return Level(level)
    except ValueError:
        raise LevelError(f"unknown scripted level {level!r} (known: {', '.join(lv.value for lv in Level)})") \
            from None


def is_bot_kind(kind: str) -> bool:
    """Whether `kind` names a scripted bot (any level, known or not: parse_level says which are valid), voiced
    or not."""
    kind = kind.removesuffix(VOICE)
    return kind == "scripted" or kind.startswith("scripted:")


def is_voiced(kind: str) -> bool:
    """Whether `kind` names a voiced bot (`scripted[:LEVEL]+voice`): a bot whose speeches a model words."""
    return kind.endswith(VOICE) and is_bot_kind(kind)


def uses_model(kind: str) -> bool:
    """Whether seats of this kind send requests to a model (an LLM seat, or a voiced bot's speeches)."""
    return kind == "llm" or is_voiced(kind)
