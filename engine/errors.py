"""Typed errors the judge raises; each names the rule that was broken."""

from __future__ import annotations


class KillerError(Exception):
    """Base class for every error the engine raises on purpose."""


# What the engine's readers (Event.from_dict, decisions, replay) raise on data no game of ours made (a key missing,
# a list where a number goes, a number of thousands of digits): plain Python errors, not refusals. A reader of a
# hostile file catches exactly these and says so in one line as its own KillerError (TranscriptError, ResumeError,
# CommandError); anything else is a bug.
MALFORMED: tuple[type[Exception], ...] = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError)


class UnknownRulesetError(KillerError):
    """The ruleset id is not one the judge knows."""


class SetupError(KillerError):
    """A game cannot be set up as asked (player count, role table)."""


class IllegalActionError(KillerError):
    """An action the rules forbid; `rule` names the rule (a stable id such as `dead_cannot_act`)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [rule: {rule}]")
        self.rule = rule
        self.detail = message
