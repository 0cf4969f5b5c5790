"""003's numbered v2.0 rules (v2-forum): judge card, bandits' self-kill, last-words quota, revotes, victory."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.game import apply, new_game
from engine.moves.decisions import Action, DecisionKind, Request
from engine.rulesets import get_ruleset
from engine.state import GameState, Phase, Winner

TABLE = ["killer"] * 3 + ["police"] * 3 + ["civilian"] * 6  # 003 rule 1: 3张j，3张k，6张普通牌 (+ the judge's 王)
SCENARIOS = Path(__file__).parent / "scenarios"


class Game:
    def __init__(self, table: list[str] = TABLE, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.state, self.events = new_game("v2-forum", self.rng, hands=[[c] for c in table])

    def act(self, action: Action) -> None:
        self.state, new = apply(self.state, action, self.rng)
        self.events += new

    def night(self, killer: int, police: int) -> None:
        for req in list(self.state.pending):
            self.act(Action(req.seat, DecisionKind.NIGHT, target=killer if req.role == "killer" else police))

    def words(self) -> list[int]:
        spoke = []
        while self.state.phase is Phase.LAST_WORDS:
            spoke.append(self.state.pending[0].seat)
            self.act(Action(spoke[-1], DecisionKind.LAST_WORDS))
        return spoke

    def talk(self, named: dict[int, int] | None = None) -> list[int]:
        order = []
        while self.state.pending and self.state.pending[0].kind is DecisionKind.STATEMENT:
            seat = self.state.pending[0].seat
            order.append(seat)
            self.act(Action(seat, DecisionKind.STATEMENT, accusation=(named or {}).get(seat)))
        return order

    def defenses(self) -> list[int]:
        out = []
        while self.state.pending and self.state.pending[0].kind is DecisionKind.DEFENSE:
            out.append(self.state.pending[0].seat)
            self.act(Action(out[-1], DecisionKind.DEFENSE))
        return out

    def vote(self, pick: dict[int, int | None]) -> list[Request]:
        reqs = list(self.state.pending)
        assert all(r.kind is DecisionKind.VOTE for r in reqs)
        for r in reqs:
            self.act(Action(r.seat, DecisionKind.VOTE, target=pick.get(r.seat)))
        return reqs

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e.data for e in self.events if e.kind == kind]


def split(state: GameState, a: int, b: int) -> dict[int, int | None]:
    """Half the living vote a, half b (a and b vote for each other): a tie whenever the count is even."""
    living = [s for s in state.living() if s not in (a, b)]
    out: dict[int, int | None] = {s: (a if i % 2 == 0 else b) for i, s in enumerate(living)}
    out[a], out[b] = b, a
    return out


def test_judge_card_is_out_of_play() -> None:
    # 003 rule 1: "准备13张扑克牌，其中1张王 ... 抽到王的为法官" (R-forum-judge-card)
    state, events = new_game("v2-forum", random.Random(3))
    deal = next(e for e in events if e.kind == "deal")
    assert deal.data["judge_card"] == "judge" and len(state.seats) == 12
    assert sorted(c for h in deal.data["hands"] for c in h) == sorted(TABLE)


@pytest.mark.parametrize(
    ("players", "bandits", "sentence"),
    [(12, 3, "rule 1: 13人 = 1 王 + 3 j + 3 k + 6"), (10, 2, "note 1: 10人左右 ... 2匪2警"), (8, 2, "note 1"),
     (11, 3, "R-forum-table")],
)
def test_table(players: int, bandits: int, sentence: str) -> None:
    cards = get_ruleset("v2-forum").composition(players)
    assert cards.count("killer") == bandits == cards.count("police") and len(cards) == players, sentence


@pytest.mark.parametrize("target", [1, 2, 7])
def test_bandits_may_kill_anyone_by_majority(target: int) -> None:
    # 003 补充1: "匪徒自杀或互杀需要投票，少数服从多数" (R-forum-self-kill)
    g = Game()
    assert all(target in r.targets for r in g.state.pending if r.role == "killer")
    for r in list(g.state.pending):
        other = 12 if r.seat == 3 else target  # seat 3 dissents; the majority holds
        g.act(Action(r.seat, DecisionKind.NIGHT, target=other if r.role == "killer" else 8))
    assert g.of("dawn")[-1]["dead"] == [target]


def test_statements_from_the_victims_right_and_wrap() -> None:
    # 003 note 5: "从被杀之人右手边的人开始，轮流陈述自己的意见" (R-forum-right: the next seat up)
    g = Game()
    g.night(killer=11, police=1)
    g.words()
    assert g.talk() == [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_suspects_defend_then_most_votes_is_killed() -> None:
    # 003 rule 8: "被怀疑者可以为自己辩解。由法官主持大家举手投票，杀掉票数最多的那个人"
    g = Game()
    g.night(killer=7, police=1)
    g.words()
    g.talk({8: 2, 9: 1, 10: 2})
    assert g.defenses() == [2, 1]
    reqs = g.vote({s: 2 for s in g.state.living() if s != 2} | {2: 1})
    assert all(r.ballot == 1 and None in r.targets and r.seat not in r.targets for r in reqs)
    assert g.of("verdict")[-1] == {"day": 1, "executed": 2, "how": "vote"}


TIE = {4: 5, 5: 4, 1: 4, 2: 4, 3: 4, 6: 4, 7: 5, 8: 5, 9: 5, 10: 5, 11: None}  # 4 and 5 get 5 votes each


def day_one() -> Game:
    g = Game()
    g.night(killer=12, police=1)
    g.words()
    g.talk()
    assert g.defenses() == []  # nobody was named, nobody defends
    return g


def test_tie_revote_among_the_tied_resolves() -> None:
    # 003 note 6: "如果有几人得票数相同且为最高，则进行第二轮投票" (R-forum-revote: among the tied)
    g = day_one()
    assert g.vote(TIE)[0].ballot == 1 and not g.of("verdict")
    reqs = g.vote({s: 5 for s in range(1, 12)} | {5: 4})
    assert {r.seat: r.targets for r in reqs}[1] == (4, 5, None) and reqs[0].ballot == 2
    assert g.of("verdict")[-1] == {"day": 1, "executed": 5, "how": "vote"}


def test_tie_chain_defense_then_bounded_lot() -> None:
    # 003 note 6: "如仍有相同的最高票数，则可进行辩护，之后再进行投票，直到推出一个最高票数者杀掉" (R-forum-tie-bound)
    g = day_one()
    g.vote(TIE)
    assert g.vote(TIE)[0].ballot == 2
    for ballot in (3, 4):
        assert g.defenses() == [4, 5]
        assert g.vote(TIE)[0].ballot == ballot
    draw = g.of("draw")[-1]
    assert draw["reason"] == "forum_vote_tie" and draw["options"] == [4, 5]
    assert g.of("verdict")[-1] == {"day": 1, "executed": draw["result"], "how": "lot"}


def test_no_hands_ties_every_candidate() -> None:
    # R-forum-no-hands
    g = day_one()
    g.vote({})
    assert g.of("tally")[-1]["leaders"] == list(range(1, 12))
    assert g.state.pending[0].ballot == 2 and g.state.pending[0].targets == (*range(2, 12), None)


@pytest.mark.parametrize(
    ("table", "quota", "sentence"),
    [
        (TABLE, 3, "003 note 4: 3匪3警时只有前三个被杀的人能留遗言"),
        (["killer"] * 2 + ["police"] * 2 + ["civilian"] * 6, 3, "note 4: 11或12人的2匪2警 ... 也可以有3个遗言"),
        (["killer"] * 2 + ["police"] * 2 + ["civilian"] * 5, 2, "note 4: 2匪2警时只有前两个被杀的人能留遗言"),
    ],
)
def test_last_words_quota(table: list[str], quota: int, sentence: str) -> None:
    g = Game(table)
    spoke: list[int] = []
    deaths = 0
    victims = [s for s in range(len(table), 0, -1) if table[s - 1] == "civilian"]
    while deaths < quota + 1:
        if g.state.phase is Phase.NIGHT:
            g.night(killer=victims.pop(0), police=1)
        else:
            g.talk()
            g.defenses()
            g.vote({s: victims[0] for s in g.state.living()} | {victims[0]: 1})
            victims.pop(0)
        deaths += 1
        spoke += g.words()
    order = g.state.death_order
    assert spoke == list(order[:quota]) and len(order) == quota + 1, sentence


def test_executed_bandit_within_quota_has_words() -> None:
    # 003 rule 8: "杀掉票数最多的那个人。被杀者可以发表遗言" — any of the first k, a bandit too
    g = day_one()
    g.vote({s: 2 for s in range(1, 12)} | {2: 1})
    assert g.of("verdict")[-1]["executed"] == 2 and g.words() == [2]


@pytest.mark.parametrize(
    ("dead", "winner", "sentence"),
    [
        ([4, 5, 6], Winner.KILLERS, "003 note 7: 当且仅当警全被杀时，匪徒获胜"),
        ([1, 2, 3], Winner.GOOD, "003 note 7: 当且仅当匪徒全被杀时，匪徒输"),
        ([7, 8, 9, 10, 11, 12], None, "003 note 7: civilians all dead is no win"),
    ],
)
def test_victory(dead: list[int], winner: Winner | None, sentence: str) -> None:
    g = Game()
    for seat in dead:
        if g.state.is_over():
            break
        if g.state.phase is Phase.NIGHT:
            g.night(killer=seat, police=next(s for s in g.state.living() if s not in (4, 5, 6)))
        else:
            g.talk()
            g.defenses()
            g.vote({s: seat for s in g.state.living()} | {seat: next(x for x in g.state.living() if x != seat)})
        g.words()
    assert [s for s in dead if g.state.seat(s).alive] == [] and g.state.winner == winner, sentence
