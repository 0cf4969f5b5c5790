"""The catalogue of events: every kind once, with who may see it, its data fields and what it means.

Every other package names event kinds through `EventKind` and the groups below (SPEECHES, DECISIONS, ...),
never as string literals (tests/test_vocabulary.py scans the packages). A StrEnum equals its string, so
transcripts written before the catalogue read the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class EventKind(StrEnum):
    """Every kind of event the judge records."""

    # the deal and the first night's introductions
    DEAL = "deal"
    GAME_STARTS = "game_starts"
    YOUR_CARDS = "your_cards"
    TEAMMATES = "teammates"
    OPENERS = "openers"
    SHOWN_TO_KILLERS = "shown_to_killers"
    # the night
    NIGHT_FALLS = "night_falls"
    NIGHT_CHOICE = "night_choice"
    TEAM_TALK = "team_talk"
    CHECK_RESULT = "check_result"
    KILL_ORDERS = "kill_orders"
    SAVED = "saved"
    IMMUNE = "immune"
    SHOT = "shot"
    VEST = "vest"
    POWER_SPENT = "power_spent"
    SPARED = "spared"
    TAKEN = "taken"
    NIGHT_EFFECTS = "night_effects"
    CAUSE_OF_DEATH = "cause_of_death"
    DEATH = "death"
    DAWN = "dawn"
    # the day
    DAY_BEGINS = "day_begins"
    LAST_WORDS = "last_words"
    STATEMENT = "statement"
    DEFENSE = "defense"
    VOTE = "vote"
    SPEAKING_ORDER = "speaking_order"
    ACCUSATION_ROUND = "accusation_round"
    ACCUSED = "accused"
    SUSPECTS = "suspects"
    HANDS = "hands"
    TALLY = "tally"
    VOTES_COUNTED = "votes_counted"
    VOTE_TIE = "vote_tie"
    EXECUTED_SIDE = "executed_side"
    IMPOSED_VERDICT = "imposed_verdict"
    VERDICT = "verdict"
    # the judge
    DRAW = "draw"
    RULING = "ruling"
    GAME_OVER = "game_over"
    REVEAL = "reveal"


class Seen(StrEnum):
    """Who may see an event of a kind (the engine sets `visible_to` accordingly)."""

    PUBLIC = "public"  # everyone at the table
    JUDGE = "judge"  # only the judge (god view)
    SEAT = "seat"  # the one seat it concerns
    TEAM = "team"  # the seats that opened their eyes together
    DRAWN = "drawn"  # a lot: public for the day's ties, the team for a night team's tie


@dataclass(frozen=True, slots=True)
class EventSpec:
    """One catalogue entry."""

    kind: str
    seen: Seen
    fields: tuple[str, ...]  # every data key an event of this kind may carry
    meaning: str  # what it means, for people reading docs/engine.md (its sentences are words/phrases.py's)


K = EventKind
# (a night choice in a later team-talk round also carries its "round")
_ACTION_FIELDS = ("seat", "kind", "role", "action", "slot", "target", "speech", "accusation", "confess", "round",
                  "message")
# A speech may carry a public claim: {"role": id or None, "checks": [{"night", "target", "result"}]} (absent: none)
_SPEECH_FIELDS = (*_ACTION_FIELDS, "claim")

_SPECS = (
    EventSpec(K.DEAL, Seen.JUDGE, ("hands", "judge_card", "team_talk", "card_talk", "rules_revision"),
              "The judge deals the cards: every seat's hand (and, when teams talk at night, how many more rounds; "
              "v5: whether the killer cards talk before their orders, ruling R-v5-killer-talk; the rules revision "
              "when it is above 1)."),
    EventSpec(K.GAME_STARTS, Seen.PUBLIC, ("ruleset", "players"), "The game starts with this ruleset and table."),
    EventSpec(K.YOUR_CARDS, Seen.SEAT, ("seat", "cards"), "A seat looks at its own cards."),
    EventSpec(K.TEAMMATES, Seen.TEAM, ("role", "seats", "undercover", "cites"),
              "Holders of a role open their eyes together and learn each other."),
    EventSpec(K.OPENERS, Seen.TEAM, ("seats", "cites"),
              "Seats open their eyes together (v3.8: the police and the undercover)."),
    EventSpec(K.SHOWN_TO_KILLERS, Seen.TEAM, ("role", "seat", "cites"),
              "The judge shows the killers who holds a role (v3.5: the traitor; v3.8: the undercover)."),
    EventSpec(K.NIGHT_FALLS, Seen.PUBLIC, ("night",), "Night falls: everyone closes their eyes."),
    EventSpec(K.NIGHT_CHOICE, Seen.TEAM, _ACTION_FIELDS,
              "A night role chooses its target (a team member may add a message to its partners)."),
    EventSpec(K.TEAM_TALK, Seen.TEAM, ("night", "role", "action", "round", "rounds", "proposals"),
              "A team's proposals differ: the judge shows the team each member's proposal ({\"seat\", "
              "\"target\"}) of this round and asks again (ruling R-team-talk)."),
    EventSpec(K.CHECK_RESULT, Seen.TEAM, ("night", "by", "card", "target", "result"),
              "The judge nods (a killer) or shakes his head (not a killer) at the police's check."),
    EventSpec(K.KILL_ORDERS, Seen.TEAM, ("night", "orders"), "v5: the killer cards' orders, shared with the team."),
    EventSpec(K.SAVED, Seen.JUDGE, ("seat", "by"), "The doctor saved the killers' victim."),
    EventSpec(K.IMMUNE, Seen.JUDGE, ("seat", "rule"), "The killers' victim is immune tonight."),
    EventSpec(K.SHOT, Seen.JUDGE, ("seat", "target", "hit", "rule"), "A shooter fires; it hits or misses."),
    EventSpec(K.VEST, Seen.JUDGE, ("seat",), "A bulletproof vest stops the killers' kill."),
    EventSpec(K.POWER_SPENT, Seen.JUDGE, ("seat", "power", "night"), "A once-per-game power is used up."),
    EventSpec(K.SPARED, Seen.JUDGE, ("card", "why"), "v5: a card is spared a kill or a shot, and why."),
    EventSpec(K.TAKEN, Seen.JUDGE, ("night", "card"), "v5: the old man's target card is taken for the night."),
    EventSpec(K.NIGHT_EFFECTS, Seen.JUDGE, ("night", "hugged", "marks", "empty_needles"),
              "v4: the butterfly's hug, the night's marks and the empty needles."),
    EventSpec(K.CAUSE_OF_DEATH, Seen.JUDGE, ("seat", "slot", "cause"), "How a seat (or card) died."),
    EventSpec(K.DEATH, Seen.PUBLIC, ("seat", "public_cause"), "A seat is dead; the public cause only."),
    EventSpec(K.DAWN, Seen.PUBLIC, ("night", "dead", "silenced", "cards"),
              "Dawn: the night's dead (v5: the dead cards) and who is silenced today."),
    EventSpec(K.DAY_BEGINS, Seen.PUBLIC, ("day",), "The day begins."),
    EventSpec(K.LAST_WORDS, Seen.PUBLIC, _SPEECH_FIELDS, "A dying seat's last words."),
    EventSpec(K.STATEMENT, Seen.PUBLIC, _SPEECH_FIELDS, "A day speech, with its accusation where there is one."),
    EventSpec(K.DEFENSE, Seen.PUBLIC, _SPEECH_FIELDS, "An accused seat speaks in its defence."),
    EventSpec(K.VOTE, Seen.PUBLIC, _ACTION_FIELDS, "A seat raises its hand for a seat, or keeps it down."),
    EventSpec(K.SPEAKING_ORDER, Seen.PUBLIC, ("day", "order"), "The order in which the living speak today."),
    EventSpec(K.ACCUSATION_ROUND, Seen.PUBLIC, ("day", "round", "ballot", "final", "order"),
              "A round of accusations begins, in this speaking order."),
    EventSpec(K.ACCUSED, Seen.PUBLIC, ("day", "round", "ballot", "seat", "counts", "final"),
              "The most accused seat of a round, with the accusation counts."),
    EventSpec(K.SUSPECTS, Seen.PUBLIC, ("day", "seats"), "The day's suspects, who give their final statements."),
    EventSpec(K.HANDS, Seen.PUBLIC, ("day", "round", "ballot", "defendant", "yes", "no"),
              "A show of hands on one defendant: for and against."),
    EventSpec(K.TALLY, Seen.PUBLIC, ("day", "ballot", "counts", "leaders"), "A ballot's votes and its leaders."),
    EventSpec(K.VOTES_COUNTED, Seen.PUBLIC, ("day", "ballot", "counts"), "A ballot's votes per seat."),
    EventSpec(K.VOTE_TIE, Seen.PUBLIC, ("day", "seats"), "A tie: nobody is executed (v5)."),
    EventSpec(K.EXECUTED_SIDE, Seen.PUBLIC, ("seat", "side"), "v4-classic: the judge tells the executed seat's side."),
    EventSpec(K.IMPOSED_VERDICT, Seen.PUBLIC, ("seat",), "The judge imposes the day's verdict (scenario files)."),
    EventSpec(K.VERDICT, Seen.PUBLIC, ("day", "executed", "how", "cards"),
              "The day's verdict: who is executed, and how (v5, rules revision 2: the (seat, slot) cards that leave)."),
    EventSpec(K.DRAW, Seen.DRAWN, ("reason", "options", "result"), "The judge draws lots to break a tie."),
    EventSpec(K.RULING, Seen.PUBLIC, ("rule", "text"), "The judge applies a named ruling."),
    EventSpec(K.GAME_OVER, Seen.PUBLIC, ("winner",), "The game is over: the winning side."),
    EventSpec(K.REVEAL, Seen.PUBLIC, ("cards", "judge_card"), "Everyone's cards are shown at the end."),
)

CATALOGUE: dict[str, EventSpec] = {spec.kind: spec for spec in _SPECS}

# Named groups: import these instead of spelling kinds out.
SPEECHES: frozenset[str] = frozenset({K.STATEMENT, K.DEFENSE, K.LAST_WORDS})  # events with a seat's words
DECISIONS: frozenset[str] = frozenset({K.NIGHT_CHOICE, *SPEECHES, K.VOTE})  # a seat's answer to a request
DEATHS: frozenset[str] = frozenset({K.DEATH})  # a seat is dead (public)
PHASE_STARTS: frozenset[str] = frozenset({K.NIGHT_FALLS, K.DAY_BEGINS})
BALLOTS: frozenset[str] = frozenset({K.ACCUSED, K.HANDS, K.TALLY, K.VOTES_COUNTED, K.VOTE_TIE})
ENDINGS: frozenset[str] = frozenset({K.GAME_OVER, K.REVEAL})
SETUP: frozenset[str] = frozenset({K.DEAL, K.GAME_STARTS, K.YOUR_CARDS, K.TEAMMATES, K.OPENERS,
                                   K.SHOWN_TO_KILLERS})


def closes_ballot(kind: str) -> bool:
    """Whether an event ends the open ballot: a ballot is a run of votes not separated by any event that is not a
    seat's decision (v4 interleaves each seat's statement and vote; the count, a verdict or nightfall closes it).
    The replay page's strip and evaluation's timeline group hands by this rule."""
    return kind not in DECISIONS


def spec(kind: str) -> EventSpec | None:
    """The catalogue entry of `kind` (None for a kind this version does not know)."""
    return CATALOGUE.get(kind)


# The values some events carry, named once (the narrator words them; the engine writes the same strings).
class Cause(StrEnum):
    """`death.public_cause` (night, executed, jump_kill) and `cause_of_death.cause` (all of them)."""

    NIGHT = "night"
    EXECUTED = "executed"
    JUMP_KILL = "jump_kill"
    KILLED = "killed"
    SHOT = "shot"
    SNIPED = "sniped"
    KILLED_AND_SNIPED = "killed_and_sniped"
    TWO_EMPTY_NEEDLES = "two_empty_needles"


class CheckResult(StrEnum):
    """The judge's gesture at a check: a nod, a shake, or no answer (the checker's card was taken or hugged)."""

    KILLER = "killer"
    NOT_KILLER = "not_killer"
    NO_ANSWER = "no_answer"


class VerdictHow(StrEnum):
    """How the day's verdict came about (`verdict.how`)."""

    VOTE = "vote"
    LOT = "lot"
    LIFE_AND_DEATH = "life_and_death"
    HALF_SPLIT_LOT = "half_split_lot"
    TIE = "tie"
    IMPOSED = "imposed"


class SparedWhy(StrEnum):
    """Why a v5 card survived a kill or a shot (`spared.why`)."""

    TAKEN = "taken"
    PRIVILEGE = "privilege"
    SAVED = "saved"
    SHOOTER_TAKEN = "shooter_taken"


class Power(StrEnum):
    """Once-per-game powers (`power_spent.power`)."""

    BULLET = "bullet"
    VEST = "vest"


class TieBreak(StrEnum):
    """What a lot settles: the end of a `draw.reason` (the reason starts with the ruleset's or role's tag)."""

    TEAM_TIE = "team_tie"
    SUSPECT_TIE = "suspect_tie"
    SUSPECT_FILL = "suspect_fill"
    FINAL_TIE = "final_tie"
    DEFENDANT_TIE = "defendant_tie"
    VOTE_TIE = "vote_tie"
    HALF_SPLIT = "half_split"


def tie_break(reason: str) -> TieBreak | None:
    """The kind of lot a draw's reason names (None for a reason this version does not know)."""
    return next((t for t in TieBreak if reason.endswith(t.value)), None)


class LotOutcome(StrEnum):
    """The two options of a half-split lot (004 V2.0 other rule 1: the representatives' rock-paper-scissors)."""

    EXECUTED = "executed"
    SPARED = "spared"
