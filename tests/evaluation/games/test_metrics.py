"""Every metric on a hand-built game whose answers are counted by hand (see builders.tiny_game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Event
from evaluation.games.detection import count_ranking
from evaluation.games.facts import SeatFacts
from evaluation.games.metrics import RATES, aggregate, by_contestant, by_role, by_setup, game_facts, hands_of, side_of
from evaluation.games.rates import figure
from evaluation.report import cells
from orchestrator.store.transcript import read_transcript
from tests.evaluation.builders import END, HEADER, tiny_game, write_transcript

ROSTER = {1: "a", 2: "b", 3: "a", 4: "b", 5: "a"}


@pytest.fixture
def facts():
    return game_facts(HEADER, tiny_game(), END, ROSTER)


def test_sides_and_outcome(facts) -> None:
    seats = {s.seat: s for s in facts.seats}
    assert [seats[n].side for n in range(1, 6)] == ["killers", "killers", "good", "good", "good"]
    assert facts.winner == "killers" and facts.killers == 2
    assert [seats[n].won for n in range(1, 6)] == [True, True, False, False, False]
    assert [seats[n].survived for n in range(1, 6)] == [True, True, False, False, False]
    assert [seats[n].executed for n in range(1, 6)] == [False, False, True, False, False]
    assert (facts.days, facts.nights, facts.decisions) == (1, 2, 10)


def test_votes_accusations_claims(facts) -> None:
    s = {x.seat: x for x in facts.seats}
    # seat 3's vote fell back: the program's move, not counted as the player's vote
    assert (s[3].votes, s[3].scored_votes, s[4].abstentions, s[4].votes) == (0, 0, 1, 0)
    assert (s[1].votes, s[1].scored_votes) == (1, 0)  # a killer's vote is not scored for accuracy
    # 3 (a) accuses killer 1 (a) and 4 (b) killer 2 (b): each names its own contestant's seat, so neither is scored
    assert (s[3].scored_accusations, s[4].scored_accusations) == (0, 0)
    # an older transcript: no public claims, the private labels counted apart
    assert (s[1].claims, s[3].claims, s[4].claims) == (0, 0, 0)
    assert (s[1].label_claims, s[1].label_lies, s[3].label_claims, s[3].label_lies, s[4].label_lies) == (1, 1, 1, 0, 1)
    assert (s[2].speeches, s[2].label_claims) == (0, 0)  # an empty speech is no speech


def test_self_play_scores_every_other_seat() -> None:
    # every seat "m": the game has one contestant, so 3's accusation of killer 1 is scored; living 1, 2, 3, 4
    # (5 died at night): 3 could name 1, 2 or 4, two of them killers
    s = {x.seat: x for x in game_facts(HEADER, tiny_game(), END).seats}
    assert (s[3].scored_accusations, s[3].scored_accusations_on_killers) == (1, 1)
    assert s[3].scored_accusations_chance == pytest.approx(2 / 3)


def test_brier_and_operations(facts) -> None:
    s = {x.seat: x for x in facts.seats}
    # seat 3 (a) rates the living seats of b, 2 (killer) and 4: (0.5-1)^2 + (0.1-0)^2; it knows nothing, so the
    # prior is 2 killers over the 4 other seats, 0.5: 0.25 + 0.25
    assert s[3].brier_sum == pytest.approx(0.26) and s[3].brier_n == 2 and s[3].brier_prior_sum == pytest.approx(0.5)
    # seat 4 (b) rates 1 and 3 at 0.5 in its statement, and gives no suspicion with its vote: only the rated
    # decision is scored (1 of its 2), so the unrated vote adds no pair at the prior
    assert s[4].brier_sum == pytest.approx(0.5) and (s[4].brier_n, s[4].brier_rated) == (2, 2)
    assert (s[4].suspicion_decisions, s[4].suspicion_decisions_rated) == (2, 1)
    # AUC terms, decision by decision: seat 4 met 1 (killer) and 3 (good) at 0.5 once, a tie; seat 3 ranked 2
    # (killer, 0.5) over 4 (good, 0.1) once
    assert (s[4].auc_pairs, s[4].auc_wins, s[4].auc_chance) == (1, 0.5, 0.5)
    assert (s[3].auc_pairs, s[3].auc_wins) == (1, 1.0)
    assert (s[1].misread_n, s[1].misread_sum, s[2].misread_n) == (1, pytest.approx(0.25), 1)
    assert (s[3].fallbacks, s[3].retries, s[4].prompt_tokens, s[4].completion_tokens) == (1, 2, 100, 10)
    assert s[4].latencies == [0.0, 4.0]


def test_aggregate_by_contestant(facts) -> None:
    out = by_contestant([facts])
    a, b = out["a"], out["b"]
    assert a["roles"] == {"civilian": 2, "killer": 1} and b["roles"] == {"civilian": 1, "killer": 1}
    assert (a["win"]["k"], a["win"]["n"], b["win_as_killers"]["rate"], b["win_as_good"]["rate"]) == (1, 3, 1.0, 0.0)
    assert a["vote_accuracy"]["n"] == 0  # seat 3's only vote fell back
    assert b["vote_accuracy"]["n"] == 0 and b["vote_accuracy"]["rate"] is None  # seat 4 kept its hand down
    assert b["abstention"]["k"] == 1 and b["abstention"]["n"] == 2
    assert a["label_lie_rate_killers"]["rate"] == 1.0 and b["label_lie_rate_good"]["rate"] == 1.0
    assert a["lie_rate_killers"]["n"] == 0 and facts.claims_source == "label"
    assert a["brier_good"]["rate"] == pytest.approx(0.13)  # seat 5 died before it decided anything
    assert b["brier_good"]["rate"] == pytest.approx(0.25) and b["suspicions_rated"]["rate"] == 0.5
    assert a["brier_skill"]["rate"] == pytest.approx(1 - 0.26 / 0.5) and b["brier_skill"]["rate"] == 0.0
    assert a["auc_good"]["rate"] == 1.0 and b["auc_good"]["rate"] == 0.5
    assert a["fallback"]["k"] == 1 and a["retries"] == 2 and b["latency_p95_s"] == pytest.approx(3.2)  # [0, 0, 0, 0, 4]
    assert a["good_executed"]["k"] == 1 and a["killers_executed"]["k"] == 0


def test_by_setup(facts) -> None:
    setup = by_setup([facts, facts])["v1/5"]
    assert setup["games"] == 2 and setup["killers_win"]["rate"] == 1.0 and setup["mean_days"] == 1


def test_read_back_from_a_file(tmp_path: Path) -> None:
    t = read_transcript(write_transcript(tmp_path / "g.jsonl"))
    again = game_facts(t.header, [(e.event, e.annotation) for e in t.entries], t.end, ROSTER)
    assert by_contestant([again]) == by_contestant([game_facts(HEADER, tiny_game(), END, ROSTER)])


def test_roster_defaults_to_header_models() -> None:
    facts = game_facts(HEADER, tiny_game(), END)
    assert {s.contestant for s in facts.seats} == {"m"}


def test_hands_from_reveal_and_two_card_sides() -> None:
    events = [Event("reveal", {"cards": {"1": ["civilian", "undercover"], "2": ["police", "doctor"]}})]
    hands = hands_of(events)
    assert hands == {1: ("civilian", "undercover"), 2: ("police", "doctor")}
    assert side_of(hands[1]) == "killers" and side_of(hands[2]) == "good"
    with pytest.raises(ValueError):
        hands_of([Event("game_starts", {})])


def test_empty_aggregate_has_no_rates() -> None:
    out = aggregate([])
    assert out["seats"] == 0 and out["win"]["rate"] is None and out["brier_good"]["rate"] is None


def test_by_role_win_and_lie_rates(facts) -> None:
    out = by_role([facts])
    assert list(out) == ["a", "b", "all"]
    assert out["a"]["killer"]["win"]["rate"] == 1.0 and out["a"]["civilian"]["win"]["n"] == 2
    assert out["a"]["civilian"]["win"]["rate"] == 0.0 and out["a"]["killer"]["side"] == "killers"
    # seat 1 (killer, a) claimed civilian: a lie; seat 3 (civilian, a) told the truth; 4 (civilian, b) claimed police
    # (private labels: an older transcript)
    assert out["a"]["killer"]["label_lie_rate"]["rate"] == 1.0 and out["a"]["civilian"]["label_lie_rate"]["rate"] == 0.0
    assert out["b"]["civilian"]["label_lie_rate"]["rate"] == 1.0 and out["b"]["killer"]["label_lie_rate"]["n"] == 0
    assert (out["all"]["civilian"]["label_lie_rate"]["k"], out["all"]["civilian"]["label_lie_rate"]["n"]) == (1, 2)
    assert out["all"]["civilian"]["seats"] == 3


def test_games_and_retries_per_decision(facts) -> None:
    out = by_contestant([facts, facts])
    assert out["a"]["games"] == 2 and out["a"]["retries_per_decision"] == pytest.approx(4 / 10)
    assert out["b"]["token_decisions"] == 2  # seat 4's vote reported tokens, in each of the two games


def test_a_lift_is_not_defined_where_every_trial_was_certain() -> None:
    votes = next(r for r in RATES if r.key == "vote_accuracy")
    assert figure(votes, 3, 4, 1.2)["lift"] == pytest.approx(0.45)
    certain = figure(votes, 4, 4, 4.0)  # every vote could only fall on a killer
    assert certain["rate"] == 1 and certain["base"] == 1 and certain["lift"] is None and certain["ratio"] is None
    assert figure(votes, 0, 4, 0.0)["lift"] is None  # ... or never could
    assert cells.lift(certain) == "not defined" and "lift not defined" in cells.figure(certain, "vote_accuracy")
    # a base rate read off other seats decides nothing: no side-mate voted on, yet the liar was
    lies = next(r for r in RATES if r.key == "lies_detected_killers")
    assert figure(lies, 2, 4, 0.0)["lift"] == 0.5


def test_the_auc_is_counted_within_each_decision_so_the_prior_scores_one_half() -> None:
    # two decisions of one rater: the prior alone (one P for every seat) ties every pair, however the P differs
    # between the decisions; pooling the pairs across decisions would have ranked the later, higher P above
    me = SeatFacts(1, "a", ("civilian",), "good")
    count_ranking(me, [(0.25, True), (0.25, False), (0.25, False)])
    count_ranking(me, [(0.5, True), (0.5, False)])
    assert (me.auc_pairs, me.auc_wins, me.auc_chance) == (3, 1.5, 1.5)
    count_ranking(me, [(0.9, True), (0.2, False), (0.95, False)])  # one won, one lost
    assert (me.auc_pairs, me.auc_wins) == (5, 2.5)
    auc = next(r for r in RATES if r.key == "auc_good")
    assert figure(auc, me.auc_wins, me.auc_pairs, me.auc_chance) == {
        "k": 2.5, "n": 5, "rate": 0.5, "base": 0.5, "lift": 0.0, "ratio": 1.0}
