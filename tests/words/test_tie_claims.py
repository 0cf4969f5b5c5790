"""Issue 42: what the prompt's vote line (words/prompt_card.py VOTES) and the card's day sentence say a tied vote
brings is a claim the judge proves. Each procedure's VOTE_TIES claim is replayed (words/claims/ties.py: the first
day of several deals, every ballot split) at every table size; the line's words name exactly the claim's sequels;
a claim or an engine changed under it fails."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

import pytest

import engine
import engine.day.referendum as referendum
import engine.day.round_vote as round_vote
from engine.day.common import leaders, lot, tally
from engine.rulesets import all_rulesets
from words.claims import Claim
from words.claims.check import problems
from words.claims.ties import tie_claim
from words.prompt_card import VOTE_TIES, VOTES

CASES = [(r.id, n) for r in all_rulesets() for n in range(r.players[0], r.players[1] + 1)]
UNPROVEN = "the words' tie is unproven"

# This test's own reading of a vote line: the words that name each sequel of a tie.
SAYS = {
    "en": {"lot": r"\blot\b", "nobody": r"\bnobody\b", "revote": r"\bvoted again\b", "defend_revote": r"\bdefences?\b"},
    "zh": {"lot": "抽签", "nobody": "无人", "revote": "重投", "defend_revote": "辩护"},
}


def _tie(ruleset: str) -> Claim:
    day = engine.get_ruleset(ruleset).day.key
    return tie_claim(day, VOTE_TIES[day])


@cache
def _problems(ruleset: str, players: int) -> tuple[str, ...]:
    return tuple(problems(_tie(ruleset), ruleset, players))


@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_the_vote_lines_tie_is_what_the_judge_does(ruleset: str, players: int) -> None:
    got = _problems(ruleset, players)
    assert [p for p in got if UNPROVEN not in p] == []
    # Only a show of hands on one defendant can fail to tie: an odd number of voters cannot split in half.
    assert got == () or engine.get_ruleset(ruleset).day.key == "nomination"


def test_every_procedures_tie_is_proven_at_some_size() -> None:
    proven = {r for r, n in CASES if _problems(r, n) == ()}
    assert proven == {r.id for r in all_rulesets()}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_vote_line_names_exactly_its_ties_sequels(lang: str) -> None:
    for day, line in VOTES.items():
        named = {k for k, pattern in SAYS[lang].items() if re.search(pattern, line[lang])}
        assert named == set(VOTE_TIES[day]), (day, line[lang])


def test_a_tie_claim_the_judge_does_not_play_fails() -> None:
    """round_vote's "a tie executes nobody" claimed as a lot, the referendum's revote left out, forum's sequels cut
    short (a complete claim the judge goes on past): each fails."""
    assert any("brings nobody" in p for p in problems(tie_claim("round_vote", ("lot",)), "v4-classic", 13))
    assert any("brings revote" in p for p in problems(tie_claim("referendum", ("lot",)), "v1", 9))
    assert problems(tie_claim("forum_vote", ("revote", "defend_revote")), "v2-forum", 9)
    assert problems(tie_claim("forum_vote", ("revote", "defend_revote"), complete=False), "v2-forum", 9) == []


def test_a_card_day_sentence_whose_tie_the_judge_does_not_play_fails() -> None:
    from words.claims import all_claims

    day = next(c for c in all_claims("v2-forum", 9) if c.act == "day")
    assert day.get("tie") == ("revote",) and problems(day, "v2-forum", 9) == []
    changed = replace(day, extra=tuple((k, ("lot",) if k == "tie" else v) for k, v in day.extra))
    assert any("a tied vote brings" in p for p in problems(changed, "v2-forum", 9))


def test_an_engine_whose_ties_change_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A referendum that draws lots at the first tie (no revote), a round vote whose tie is a lot: both fail."""
    assert problems(_tie("v1"), "v1", 9) == [] and problems(_tie("v4-classic"), "v4-classic", 13) == []

    def straight_to_lot(self: object, judge: engine.judge.Judge, day: object, answers: tuple[object, ...]) -> None:
        top = leaders(tally(judge, answers))  # type: ignore[arg-type]
        judge.execute(top[0] if len(top) == 1 else lot(judge, top or judge.state.living(), "v1_vote_tie"))

    monkeypatch.setattr(referendum.ReferendumDay, "_count", straight_to_lot)
    assert any("brings lot" in p for p in problems(_tie("v1"), "v1", 9))
    original = round_vote.RoundVoteDay._verdict

    def tie_is_a_lot(self: round_vote.RoundVoteDay, judge: engine.judge.Judge,
                     votes: tuple[tuple[int, int], ...]) -> None:
        from collections import Counter

        top = leaders(Counter(t for _, t in votes))
        if len(top) > 1:
            judge.execute(lot(judge, top, "round_vote_tie"))
            return
        original(self, judge, votes)

    monkeypatch.setattr(round_vote.RoundVoteDay, "_verdict", tie_is_a_lot)
    assert any("brings lot" in p for p in problems(_tie("v4-classic"), "v4-classic", 13))
