"""Issue 42: the prompt's "what your answers do" lines (words/prompt_card.py: the team's majority and talk, who sees
a check's answer, the counted accusations, the nomination vote's more / fewer than half) and the TUI's statement
help are claims the judge proves (words/claims/lines.py), at every ruleset × table size where they are said, en
and zh; each line's words name exactly its claim; a claim or an engine rule changed under it fails."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

import pytest

import engine
import engine.day.nomination as nomination
import engine.day.round_vote as round_vote
from engine.day.common import statement, vote
from engine.rulesets import all_rulesets
from tui.screens.help import explain
from words.card_phrases import STATEMENTS
from words.claims.check import problems
from words.claims.lines import accuse_line_claim, check_seen_claim, hands_claim, statement_claim, team_claim
from words.claims.render import statement_help
from words.prompt_card import ACCUSATIONS, ACCUSE_SAYS, ACCUSE_TIES, HANDS_SAYS, LINES, TEAM_SAYS, VOTES, day_lines
from words.table import table

CASES = [(r.id, n) for r in all_rulesets() for n in range(r.players[0], r.players[1] + 1)]
IDS = [f"{r}-{n}" for r, n in CASES]
LANGS = ("en", "zh")

# This test's own reading of the lines: the words that name each part of a claim.
SAYS = {
    "en": {"most_defends_last_out": r"most accused seat.*must defend.*final round the most accused is out at once",
           "each_defends": r"becomes a suspect.*defend themselves before the vote", "lot": r"\(a tie: a lot\)",
           "executed": r"More than half of the hands executes him", "next_round": r"fewer spares him and the next "
                                                                                 r"round of accusations begins",
           "talk": r"asks again.*team talk", "majority": r"takes the majority",
           "lot_team_only": r"draws a tie by lot, seen by that team only",
           "team": r"goes to you and \{whom\} only", "alone": r"goes to you alone"},
    "zh": {"most_defends_last_out": r"被指认最多的人.*要辩护.*生死轮中被指认最多者直接出局",
           "each_defends": r"成为嫌疑人.*投票前嫌疑人为自己辩护", "lot": r"（平票抽签）",
           "executed": r"举手超过半数则出局", "next_round": r"不足一半则免死，进入下一轮指认",
           "talk": r"再问.*同伴商量", "majority": r"取多数", "lot_team_only": r"平票由抽签决定，只有该队看到",
           "team": r"只有你和\{seats\}号看到", "alone": r"只有你自己看到"},
}


def _day(ruleset: str) -> str:
    return str(engine.get_ruleset(ruleset).day.key)


@cache
def _found(claim_key: str, ruleset: str, players: int) -> tuple[str, ...]:
    day = _day(ruleset)
    claim = {"statement": lambda: statement_claim(day),
             "accuse": lambda: accuse_line_claim(day, ACCUSE_SAYS[day], ACCUSE_TIES.get(day, "")),
             "hands": lambda: hands_claim(HANDS_SAYS[day]), "check": check_seen_claim,
             "team": lambda: team_claim(TEAM_SAYS)}[claim_key]()
    return tuple(problems(claim, ruleset, players))


def _named(lang: str, line: str) -> set[str]:
    return {k for k, pattern in SAYS[lang].items() if re.search(pattern, line)}


@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=IDS)
def test_each_line_said_at_this_table_is_what_the_judge_does(ruleset: str, players: int) -> None:
    day, tab = _day(ruleset), table(ruleset, players)
    assert _found("statement", ruleset, players) == ()
    for lang in LANGS:
        lines = day_lines(ruleset, lang, players)
        if LINES["team"][lang] in lines:
            assert any(call.together for call in tab.calls)
            assert _found("team", ruleset, players) == ()
        if day in ACCUSATIONS:
            assert ACCUSATIONS[day][lang] in lines and _found("accuse", ruleset, players) == ()
        if day in HANDS_SAYS:
            assert VOTES[day][lang] in lines and _found("hands", ruleset, players) == ()
    if tab.has_action("check"):  # the check's consequence line (check_team / check_alone) is said
        assert _found("check", ruleset, players) == ()


def test_the_lines_claims_are_proven_somewhere_for_each_kind() -> None:
    """Not vacuous: every claim is replayed (each check fails 'no ... on the first day/night' where nothing ran)."""
    rulesets = {r for r, _ in CASES}
    assert {_day(r) for r in rulesets if _day(r) in ACCUSE_SAYS and _found("accuse", r, _size(r)) == ()} == set(
        ACCUSE_SAYS)
    assert sum(table(r, n).has_action("check") for r, n in CASES) > 50
    assert sum(LINES["team"]["en"] in day_lines(r, "en", n) for r, n in CASES) > 50


def _size(ruleset: str) -> int:
    return int(engine.get_ruleset(ruleset).default_players)


@pytest.mark.parametrize("lang", LANGS)
def test_each_lines_words_name_exactly_its_claim(lang: str) -> None:
    for day, effect in ACCUSE_SAYS.items():
        assert _named(lang, ACCUSATIONS[day][lang]) == {effect} | ({ACCUSE_TIES[day]} if day in ACCUSE_TIES else set())
    assert set(ACCUSE_SAYS) == set(ACCUSATIONS)
    for day, says in HANDS_SAYS.items():
        assert _named(lang, VOTES[day][lang]) == {sequel for _, sequel in says}, day
    assert _named(lang, LINES["team"][lang]) == set(TEAM_SAYS)
    assert _named(lang, LINES["check_team"][lang]) == {"team"} and _named(lang, LINES["check_alone"][lang]) == {
        "alone"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", sorted({r for r, _ in CASES}))
def test_the_tuis_statement_help_is_the_days_statement_claim(ruleset: str, lang: str) -> None:
    request = {"kind": "statement", "seat": 1, "accusations": []}
    line = explain(lang, request, ruleset)[0]
    assert line == statement_help(statement_claim(_day(ruleset)), lang)
    before = {"en": "everyone hears it before the vote", "zh": "所有人投票前都会听到"}[lang]
    assert (before in line) == (STATEMENTS[_day(ruleset)] == "heard_before_vote")
    # An unknown ruleset (a foreign transcript): a sentence true under every procedure.
    assert "vot" not in explain("en", request, "no-such-ruleset")[0] and "投票" not in explain("zh", request, None)[0]


def test_a_line_claim_the_judge_does_not_play_fails() -> None:
    assert problems(statement_claim("round_vote"), "v4-classic", 13) == []
    wrong = statement_claim("round_vote").__class__("statement", "round_vote:statement", effect="heard_before_vote")
    assert problems(wrong, "v4-classic", 13)
    assert problems(accuse_line_claim("nomination", "most_defends"), "v2-std", 12)
    assert problems(accuse_line_claim("forum_vote", "most_defends_last_out"), "v2-forum", 12)
    assert any("a tie for the most accused brings lot" in p
               for p in problems(accuse_line_claim("nomination", "most_defends_last_out", "nobody"), "v2-std", 12))
    assert problems(hands_claim((("fewer", "executed"),)), "v2-std", 12)
    assert problems(check_seen_claim(effect="alone"), "v2-classic", 12)
    assert problems(team_claim(("majority", "lot_team_only")), "v2-classic", 12)  # no talk said: the judge talks


def test_an_engine_whose_line_rules_change_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each rule changed under its line: a round vote whose votes wait for every statement, a show of hands whose
    fewer-than-half executes, a check's answer told to the table, a team's tie drawn in public, a tie for the most
    accused settled without a lot."""
    for key, ruleset, n in (("statement", "v4-classic", 13), ("hands", "v2-std", 12), ("check", "v2-classic", 12),
                            ("team", "v2-classic", 12), ("accuse", "v2-std", 12)):
        assert _found(key, ruleset, n) == ()
    day = "round_vote"

    def statements_first(self: round_vote.RoundVoteDay, judge: engine.judge.Judge, answers: tuple) -> None:
        state: round_vote.RoundVote = judge.state.day_state
        answer = answers[0]
        if answer.kind is engine.DecisionKind.STATEMENT and state.queue:
            judge.update(day_state=round_vote.RoundVote(state.queue[1:], state.votes))
            judge.ask(statement(judge, state.queue[0]))
            return
        if answer.kind is engine.DecisionKind.STATEMENT:
            voters = judge.state.living()
            judge.update(day_state=round_vote.RoundVote(tuple(voters[1:]), state.votes))
            judge.ask(replace(vote(judge, voters[0], voters), ballot=round_vote.BALLOT))
            return
        votes = (*state.votes, (answer.seat, int(answer.target)))
        if state.queue:
            judge.update(day_state=round_vote.RoundVote(state.queue[1:], votes))
            judge.ask(replace(vote(judge, state.queue[0], judge.state.living()),
                                         ballot=round_vote.BALLOT))
            return
        self._verdict(judge, votes)

    with monkeypatch.context() as m:
        m.setattr(round_vote.RoundVoteDay, "on_answers", statements_first)
        assert any("is heard_before_vote" in p for p in problems(statement_claim(day), "v4-classic", 13))
    with monkeypatch.context() as m:
        m.setattr(nomination.NominationDay, "_next_round",
                  lambda self, judge, d: judge.execute(d.defendant, how="vote"))
        assert any("fewer than half the hands up" in p and "brings executed" in p
                   for p in problems(hands_claim(HANDS_SAYS["nomination"]), "v2-std", 12))
    with monkeypatch.context() as m:  # a tie for the most accused: the lowest seat defends, no lot
        m.setattr(nomination, "lot", lambda judge, seats, reason: min(seats))
        claim = accuse_line_claim("nomination", ACCUSE_SAYS["nomination"], ACCUSE_TIES["nomination"])
        assert any("public draws" in p for p in problems(claim, "v2-std", 12))
    with monkeypatch.context() as m:
        emit = engine.judge.Judge.emit

        def public_check(self: engine.judge.Judge, event_kind: str, visible_to: frozenset[int] | None = None, /,
                         **data: object) -> None:
            emit(self, event_kind, None if event_kind == engine.EventKind.CHECK_RESULT else visible_to, **data)

        m.setattr(engine.judge.Judge, "emit", public_check)
        assert any("seen by seats None" in p for p in problems(check_seen_claim(), "v2-classic", 12))
    with monkeypatch.context() as m:
        draw = engine.judge.Judge.draw
        m.setattr(engine.judge.Judge, "draw", lambda self, options, reason, visible_to=None: draw(self, options,
                                                                                                  reason))
        assert any("(a tie) brings talk then lot_seen_by_others" in p
                   for p in problems(team_claim(TEAM_SAYS), "v2-classic", 12))
