"""004 standard rules V2.0 (v2-std) and V2.5 (v2.5-std): the nomination day, nights, last words, victory."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.errors import IllegalActionError
from engine.game import apply, new_game
from engine.moves.decisions import Action, DecisionKind, Request
from engine.record.events import Event
from engine.state import Phase, Winner

V2 = ["killer"] * 3 + ["police"] * 3 + ["civilian"] * 6  # 004 V2.0 III.1: 3 杀手、3 警察、6 平民
V25 = ["killer"] * 3 + ["police"] * 2 + ["doctor"] + ["civilian"] * 6  # 004 V2.5 III.1
SCENARIOS = Path(__file__).parent / "scenarios"


class Game:
    """Drives one game with explicit actions and keeps every event."""

    def __init__(self, ruleset: str, table: list[str], seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.state, self.events = new_game(ruleset, self.rng, hands=[[c] for c in table])

    def act(self, action: Action) -> list[Event]:
        self.state, new = apply(self.state, action, self.rng)
        self.events += new
        return new

    def night(self, **by_role: int | None) -> list[Event]:
        assert self.state.phase is Phase.NIGHT
        out: list[Event] = []
        for req in list(self.state.pending):
            out += self.act(Action(req.seat, DecisionKind.NIGHT, target=by_role[str(req.role)]))
        return out

    def words(self) -> None:
        while self.state.phase is Phase.LAST_WORDS:
            self.act(Action(self.state.pending[0].seat, DecisionKind.LAST_WORDS))

    def accuse(self, pick: Callable[[int], int]) -> list[int]:
        """One accusation round: each speaker accuses pick(seat); returns the speaking order."""
        order = []
        ballot = self.state.pending[0].ballot
        while self.state.pending and self.state.pending[0].kind is DecisionKind.STATEMENT:
            req = self.state.pending[0]
            if req.ballot != ballot:
                break
            order.append(req.seat)
            self.act(Action(req.seat, DecisionKind.STATEMENT, accusation=pick(req.seat)))
        return order

    def defend(self) -> int:
        req = self.state.pending[0]
        assert req.kind is DecisionKind.DEFENSE
        self.act(Action(req.seat, DecisionKind.DEFENSE))
        return req.seat

    def hands(self, yes: set[int]) -> list[Request]:
        reqs = list(self.state.pending)
        assert all(r.kind is DecisionKind.VOTE for r in reqs)
        for r in reqs:
            self.act(Action(r.seat, DecisionKind.VOTE, target=r.targets[0] if r.seat in yes else None))
        return reqs

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e.data for e in self.events if e.kind == kind]


def target_or(seat: int, wanted: int, other: int) -> int:
    """Everyone accuses `wanted`; `wanted` himself accuses `other`."""
    return other if seat == wanted else wanted


def day1(ruleset: str = "v2-std", table: list[str] = V2, victim: int = 7) -> Game:
    g = Game(ruleset, table)
    g.night(killer=victim, police=1, doctor=12)
    g.words()
    return g


# -- nights -------------------------------------------------------------------------------------
def test_v2_night_kill_check_and_first_night_words() -> None:
    # 004 V2.0 III.9: "法官宣布这一轮谁被杀死。同时，法官指示死者留下遗言"; other rule 2: only the first night's victim.
    g = Game("v2-std", V2)
    g.night(killer=7, police=1)
    assert g.of("dawn")[-1]["dead"] == [7]
    assert g.of("check_result")[-1] == {"night": 1, "by": "police", "target": 1, "result": "killer"}
    assert g.state.pending[0].kind is DecisionKind.LAST_WORDS and g.state.pending[0].seat == 7


@pytest.mark.parametrize(("ruleset", "table"), [("v2-std", V2), ("v2.5-std", V25)])
@pytest.mark.parametrize(("target", "rule"), [(1, "illegal_target"), (2, "no_teammate_target")])
def test_killers_may_not_kill_killers(ruleset: str, table: list[str], target: int, rule: str) -> None:
    # 004 V2.0/V2.5 II.1: "杀手不允许自杀"
    g = Game(ruleset, table)
    req = next(r for r in g.state.pending if r.seat == 1)
    assert target not in req.targets
    with pytest.raises(IllegalActionError) as err:
        g.act(Action(1, DecisionKind.NIGHT, target=target))
    assert err.value.rule in (rule, "illegal_target", "no_self_target")


def test_v2_no_words_after_the_first_night() -> None:
    # 004 V2.0 other rule 2: "其他死人没有遗言" — neither the executed nor the second night's victim.
    g = day1()
    g.accuse(lambda s: target_or(s, 8, 9))
    g.defend()
    g.hands(set(g.state.living()))
    assert g.of("verdict")[-1]["executed"] == 8
    assert g.state.phase is Phase.NIGHT
    g.night(killer=9, police=2)
    assert g.state.phase is Phase.DAY and g.state.pending[0].kind is DecisionKind.STATEMENT


def test_v25_doctor_saves_and_lowest_seat_speaks() -> None:
    # 004 V2.5 III.10: "如果杀手所杀和医生所救的是同一个人，则法官宣布本轮没有人死亡";
    # III.11: "由编号最小的玩家开始发言"
    g = Game("v2.5-std", V25)
    g.night(killer=6, police=7, doctor=6)
    assert g.of("dawn")[-1]["dead"] == []
    assert g.state.pending[0].seat == 1 and g.state.pending[0].ballot == 1


def test_v25_no_last_words() -> None:
    # 004 V2.5 other rule 2: "V2.5版本任何人没有遗言"
    g = Game("v2.5-std", V25)
    g.night(killer=7, police=8, doctor=6)
    assert g.state.phase is Phase.DAY and g.state.pending[0].seat == 8


# -- the nomination day -------------------------------------------------------------------------
def test_statements_start_after_the_dead_and_wrap() -> None:
    # 004 V2.0 III.10: "法官主持由死者顺位号码的玩家开始指认杀手"
    g = day1(victim=7)
    order = g.accuse(lambda s: target_or(s, 8, 9))
    assert order == [8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6]


def test_accusations_are_required_and_other_living() -> None:
    # 004 V2.0 III.10: "所有玩家每被其他玩家指认一次即得到1票"
    g = day1()
    req = g.state.pending[0]
    assert None not in req.accusations and req.seat not in req.accusations and 7 not in req.accusations
    with pytest.raises(IllegalActionError):
        g.act(Action(req.seat, DecisionKind.STATEMENT, accusation=None))


@pytest.mark.parametrize(
    ("yes", "executed", "sentence"),
    [
        (6, 8, "投票数超过半数，则辩护人出局 (6 of 10)"),
        (10, 8, "all hands up"),
        (4, None, "如果不超过半数 ... 进行第二轮指认投票 (4 of 10)"),
        (0, None, "no hands"),
    ],
)
def test_more_than_half_of_the_voters(yes: int, executed: int | None, sentence: str) -> None:
    g = day1()
    g.accuse(lambda s: target_or(s, 8, 9))
    assert g.defend() == 8
    voters = [s for s in g.state.living() if s != 8]
    reqs = g.hands(set(voters[:yes]))
    assert sorted(r.seat for r in reqs) == voters and all(r.targets == (8, None) and r.ballot == 2 for r in reqs)
    verdicts = g.of("verdict")
    if executed is None:
        assert not verdicts and g.state.pending[0].seat == 8 and g.state.pending[0].ballot == 3, sentence
    else:
        assert verdicts[-1]["executed"] == executed and verdicts[-1]["how"] == "vote", sentence


@pytest.mark.parametrize("seed", range(6))
def test_exactly_half_is_a_lot_between_the_sides(seed: int) -> None:
    # 004 V2.0 other rule 1: "投票人数和没投票人数相同，则由双方各派一名代表出来猜拳，来决定辩护人是否出局"
    g = Game("v2-std", V2, seed)
    g.night(killer=7, police=1)
    g.words()
    g.accuse(lambda s: target_or(s, 8, 9))
    g.defend()
    g.hands(set([s for s in g.state.living() if s != 8][:5]))
    draw = [d for d in g.of("draw") if d["reason"] == "v2_std_half_split"]
    assert len(draw) == 1 and draw[0]["options"] == ["executed", "spared"]
    if draw[0]["result"] == "executed":
        assert g.of("verdict")[-1] == {"day": 1, "executed": 8, "how": "half_split_lot"}
    else:
        assert not g.of("verdict") and g.state.pending[0].seat == 8


def test_accusation_tie_is_a_lot_and_the_loser_defends() -> None:
    # 004 V2.0 other rule 1: "如在指认过程中有2人以上得票数相同，则进行猜拳，输的人进行辩护"
    g = day1()
    picks = {8: 9, 10: 9, 11: 9, 12: 9, 1: 9, 9: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 11}
    g.accuse(picks.__getitem__)
    counts = g.of("accused")[-1]["counts"]
    assert counts == {"9": 5, "10": 5, "11": 1}
    top = [9, 10]
    draw = g.of("draw")[-1]
    assert draw["reason"] == "v2_std_defendant_tie" and draw["options"] == top
    assert g.defend() == draw["result"]


def test_three_rounds_the_third_is_life_and_death() -> None:
    # 004 V2.0 III.11: "第三轮为生死轮，得票数多者直接出局，无须举手表决"
    g = day1()
    for ballot in (1, 3):
        assert g.state.pending[0].ballot == ballot
        g.accuse(lambda s: target_or(s, 8, 9))
        g.defend()
        g.hands(set())
    assert g.state.pending[0].ballot == 5 and g.state.pending[0].seat == 8
    g.accuse(lambda s: target_or(s, 10, 9))
    assert g.of("verdict")[-1] == {"day": 1, "executed": 10, "how": "life_and_death"}
    assert sum(1 for e in g.events if e.kind == "vote") == 20  # two shows of hands, none in round 3
    assert g.state.phase is Phase.NIGHT


def test_v25_second_round_is_life_and_death() -> None:
    # 004 V2.5 III.11: "第二轮为生死轮，得票数多者直接出局"
    g = day1("v2.5-std", V25)
    g.accuse(lambda s: target_or(s, 8, 9))
    g.defend()
    g.hands(set())
    g.accuse(lambda s: target_or(s, 9, 8))
    assert g.of("verdict")[-1]["how"] == "life_and_death" and g.of("verdict")[-1]["executed"] == 9


@pytest.mark.parametrize(("seat", "allowed"), [(1, True), (4, False), (6, False), (8, False)])
def test_v25_jump_kill_killers_only(seat: int, allowed: bool) -> None:
    # 004 V2.5 other rule 3: "如有人承认自己是杀手，法官判此人死亡，且立即宣布进入黑夜 ... 游戏中只允许杀手“跳杀”"
    g = day1("v2.5-std", V25)
    while (speaker := g.state.pending[0].seat) != seat:
        g.act(Action(speaker, DecisionKind.STATEMENT, accusation=9 if speaker != 9 else 10))
    assert g.state.pending[0].may_confess is allowed
    if not allowed:
        with pytest.raises(IllegalActionError):
            g.act(Action(seat, DecisionKind.STATEMENT, confess=True))
        return
    g.act(Action(seat, DecisionKind.STATEMENT, confess=True))
    assert not g.state.seat(seat).alive and g.state.phase is Phase.NIGHT and g.state.night == 2
    assert all(r.kind is DecisionKind.NIGHT for r in g.state.pending)
    g.night(killer=10, police=9, doctor=12)  # the next day starts cleanly
    assert g.state.pending[0].kind is DecisionKind.STATEMENT and g.state.pending[0].ballot == 1


# -- victory ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset", "table", "kills", "winner", "sentence"),
    [
        ("v2-std", V2, [4, 5, 6], Winner.KILLERS, "004 V2.0 IV: 警察一方全部死亡，则杀手一方获胜"),
        ("v2-std", V2, [1, 2, 3], Winner.GOOD, "004 V2.0 IV: 杀手一方全部死亡，则警察一方获胜"),
        ("v2-std", V2, [7, 8, 9, 10, 11, 12], Winner.KILLERS, "004 V2.0 IV: 平民一方全部死亡，则杀手一方获胜"),
        ("v2.5-std", V25, [4, 5, 6], Winner.KILLERS, "004 V2.5 IV: 警察和医生一方全部死亡，则杀手一方获胜"),
        ("v2.5-std", V25, [4, 5], None, "004 V2.5 IV: the doctor still lives"),
        ("v2.5-std", V25, [1, 2, 3], Winner.GOOD, "004 V2.5 IV: 杀手一方全部死亡，则警察和医生一方获胜"),
    ],
)
def test_victory(ruleset: str, table: list[str], kills: list[int], winner: Winner | None, sentence: str) -> None:
    g = Game(ruleset, table)
    remaining = list(kills)
    while remaining and not g.state.is_over():
        if g.state.phase is Phase.NIGHT:
            living = g.state.living()
            victim = remaining[-1] if table[remaining[-1] - 1] != "killer" else max(
                s for s in living if table[s - 1] == "civilian")
            if victim in remaining:
                remaining.remove(victim)
            police = next(s for s in living if table[s - 1] != "police")
            g.night(killer=victim, police=police, doctor=next(s for s in living if s != victim))
            g.words()
        elif g.state.phase is Phase.DAY:
            out = remaining.pop(0)
            g.accuse(lambda s, t=out: target_or(s, t, next(x for x in g.state.living() if x != t)))
            g.defend()
            g.hands(set(g.state.living()))
            g.words()
    assert g.state.winner == winner, sentence
