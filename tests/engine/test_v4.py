"""v4.0 rules: 000/002/003 v4.0 (v4-classic) and 004 V4.0 (v4-std): the butterfly's dawn, needles, silence, the
speak-then-vote day, last words and the victory tables."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.errors import IllegalActionError
from engine.game import apply, new_game, replay
from engine.moves.decisions import Action, DecisionKind
from engine.record.events import Event
from engine.rulesets import get_ruleset
from engine.scenario import run_scenario
from engine.state import GameState, Phase, Winner

CLASSIC = ["butterfly", "sniper", "doctor", "killer", "killer", "killer", "police", "old_man"] + ["civilian"] * 5
STD = ["butterfly", "sniper", "doctor", "killer", "killer", "killer", "police", "police", "old_man"] + [
    "civilian"] * 5
B, S, D, K1, K2, K3 = 1, 2, 3, 4, 5, 6
P, OLD = 7, 8  # classic police and old man; in v4-std 7-8 are the police and 9 the old man
C1, C2, C3, C4, C5 = 9, 10, 11, 12, 13
ROLE_OF = {"hug": "butterfly", "snipe": "sniper", "save": "doctor", "kill": "killer", "check": "police",
           "silence": "old_man"}
SCENARIOS = Path(__file__).parent / "scenarios"


def start(ruleset: str = "v4-classic", hands: list[str] | None = None) -> tuple[GameState, list[Event], Any]:
    rng = random.Random(0)
    table = hands if hands is not None else (CLASSIC if ruleset == "v4-classic" else STD)
    state, events = new_game(ruleset, rng, hands=[[h] for h in table])
    return state, events, rng


def night(state: GameState, rng: Any, picks: dict[str, int]) -> tuple[GameState, list[Event]]:
    """Every night request answered by its role's pick (picks keyed by action: hug, snipe, save, kill, ...)."""
    assert state.phase is Phase.NIGHT
    by_role = {ROLE_OF[a]: t for a, t in picks.items()}
    out: list[Event] = []
    for req in list(state.pending):
        state, ev = apply(state, Action(req.seat, DecisionKind.NIGHT, target=by_role[str(req.role)]), rng)
        out += ev
    return state, out


def last(events: list[Event], kind: str) -> dict[str, Any]:
    return [e for e in events if e.kind == kind][-1].data


def pass_day(state: GameState, rng: Any, vote_for: int | None = None) -> tuple[GameState, list[Event]]:
    """Answers last words and the day: every vote goes to `vote_for` (else each seat votes for itself: a tie)."""
    out: list[Event] = []
    day = state.day
    while not state.is_over() and state.phase is not Phase.NIGHT and state.pending:
        req = state.pending[0]
        target = vote_for if vote_for in req.targets else req.seat if req.kind is DecisionKind.VOTE else None
        acc = next((a for a in req.accusations if a is not None), None) if req.accusations else None
        state, ev = apply(state, Action(req.seat, req.kind, target=target, accusation=acc), rng)
        out += ev
        if state.day != day:
            break
    return state, out


# Night 1 on the classic table (1 butterfly, 2 sniper, 3 doctor, 4-6 killers, 7 police, 8 old man, 9-13 civilians).
# Columns: hug, snipe, save (needle), kill, check, silence -> dead, silenced, check result, seed sentence.
DAWN_ROWS = [
    (9, 10, 11, 12, 4, 13, [10, 12], [13], "killer", "the brief's example: 002 3.B 法官宣布夜里被杀，被狙...的人死掉"),
    (13, 13, 13, 10, 5, 13, [10], [], "killer", "002 2.D: 杀手...杀死一人 (the hugged 13 absorbs the rest)"),
    (13, 10, 13, 13, 9, 13, [10], [], "not_killer", "002 2.B: 狙击手...狙死一个人; 2.E: 其他特殊身份，法官均摇头"),
    (13, S, 13, 13, B, 13, [S], [], "not_killer", "002 2.B: 狙击手一夜只许狙一人，可以狙自己"),
    (13, 13, 13, K1, 9, 13, [K1], [], "not_killer", "002 2.D: 杀手一夜只许杀死一人，可以自杀 (R-v4-killer-self)"),
    (13, 13, 10, 10, 9, 13, [], [], "not_killer", "002 3.A: 如果被狙或者被杀的人被医生扎针，则此人不死 (killed)"),
    (13, 10, 10, 13, 9, 13, [], [], "not_killer", "002 3.A: 如果被狙或者被杀的人被医生扎针，则此人不死 (sniped)"),
    (13, 10, 10, 10, 9, 13, [10], [], "not_killer", "004 V4.0 rule 4: 既被杀又被狙击，则即使被医生救助，此人仍死亡"),
    (13, 10, 11, 10, 9, 13, [10], [], "not_killer", "004 V4.0 rule 4: killed and sniped dies once"),
    (10, 10, 11, 10, 9, 10, [], [], "not_killer", "002 3.A: 花蝴蝶所抱的人所受到的一切被杀，被狙...效果无效"),
    (10, 11, 12, B, 9, 13, [B, 10, 11], [13], "not_killer", "002 3.A: 花蝴蝶如被杀...所抱的人与花蝴蝶受到相同影响"),
    (10, 13, 10, B, 9, 12, [B, 10, 13], [12], "not_killer", "002 3.A: a needle on the hugged is void"),
    (10, B, 12, 11, 9, 13, [B, 10, 11], [13], "not_killer", "002 3.A: 花蝴蝶如...被狙...受到相同影响"),
    (10, 11, B, B, 9, 13, [11], [13], "not_killer", "002 3.A: the butterfly killed and needled lives; so does 10"),
    (10, 10, B, B, 9, 10, [], [], "not_killer", "R-v4-hug-copy: 10's own snipe and silence are void, it copies 1"),
    (10, B, B, B, 9, 13, [B, 10], [13], "not_killer", "004 V4.0 rule 4 + hug: both die with the butterfly"),
    (10, 11, 12, 13, 9, B, [11, 13], [B, 10], "not_killer", "002 3.A: 花蝴蝶如被禁言，所抱的人与花蝴蝶受到相同影响"),
    (K2, 11, 12, 13, K2, OLD, [11, 13], [OLD], "no_answer", "002 2.E: 警察验证的是花蝴蝶所抱之人，法官不给任何提示"),
    (K2, 11, 12, 13, K1, OLD, [11, 13], [OLD], "killer", "002 2.E: 如果是杀手，则法官点头 (a seat not hugged)"),
    (10, 11, D, 13, 9, 12, [11, 13], [12], "not_killer", "002 2.C: 医生一夜只许扎一人，可以扎自己 (an empty needle)"),
]


@pytest.mark.parametrize(("hug", "snipe", "save", "kill", "check", "silence", "dead", "silenced", "result", "cites"),
                         DAWN_ROWS)
def test_classic_dawn(hug: int, snipe: int, save: int, kill: int, check: int, silence: int, dead: list[int],
                      silenced: list[int], result: str, cites: str) -> None:
    state, _, rng = start()
    state, events = night(state, rng, {"hug": hug, "snipe": snipe, "save": save, "kill": kill, "check": check,
                                       "silence": silence})
    assert last(events, "dawn") == {"night": 1, "dead": dead, "silenced": silenced}, cites
    assert last(events, "check_result")["result"] == result, cites
    assert [s for s in range(1, 14) if not state.seat(s).alive] == sorted(dead), cites


# v4-std: the same dawn (004 V4.0 rules 4-5), but the police checking the hugged seat are answered.
def test_std_check_on_hugged_is_answered() -> None:
    """R-v4std-check-hugged: 004 V4.0 III.8 "法官会给出相应的手势"; rule 5's immunity lists 杀/狙/扎针/禁言 only."""
    state, _, rng = start("v4-std")
    state, events = night(state, rng, {"hug": K2, "kill": 10, "check": K2, "save": 11, "snipe": 12, "silence": 13})
    assert last(events, "check_result") == {"night": 1, "by": "police", "target": K2, "result": "killer"}
    assert last(events, "dawn")["dead"] == [10, 12]
    assert [e.visible_to for e in events if e.kind == "check_result"] == [frozenset({7, 8})]


def test_empty_needles_accumulate_and_the_second_kills() -> None:
    """002 3.A: "没有被狙或者被杀，但是被医生扎针，则此人被扎空针，记录下每人累计空针 ... 累计两针空针，则死亡"."""
    state, _, rng = start()
    state, events = night(state, rng, {"hug": 13, "snipe": 13, "save": 10, "kill": 13, "check": 9, "silence": 13})
    assert last(events, "dawn")["dead"] == [] and state.needles[10 - 1] == 1
    state, _ = pass_day(state, rng)
    state, events = night(state, rng, {"hug": 13, "snipe": 13, "save": 10, "kill": 13, "check": 9, "silence": 13})
    assert last(events, "dawn")["dead"] == [10]


def test_a_saving_needle_is_not_empty_and_needles_on_the_hugged_are_void() -> None:
    state, _, rng = start()
    state, _ = night(state, rng, {"hug": 11, "snipe": 13, "save": 13, "kill": 12, "check": 9, "silence": 11})
    assert state.needles[13 - 1] == 0  # 13 was sniped and needled: "此人不死", no empty needle
    state, _ = pass_day(state, rng)
    state, events = night(state, rng, {"hug": 11, "snipe": 10, "save": 11, "kill": 10, "check": 9, "silence": 11})
    assert state.needles[11 - 1] == 0 and last(events, "dawn")["dead"] == [10]  # 10 killed and sniped


def test_the_butterflys_empty_needles_pass_to_the_hugged() -> None:
    """002 3.A: "花蝴蝶如...被扎针，花蝴蝶所抱的人与花蝴蝶受到相同影响": an empty needle each, twice: both die."""
    state, _, rng = start()
    state, _ = night(state, rng, {"hug": 10, "snipe": 12, "save": B, "kill": 12, "check": 9, "silence": 12})
    assert state.needles[B - 1] == 1 and state.needles[10 - 1] == 1
    state, _ = pass_day(state, rng)
    state, events = night(state, rng, {"hug": 10, "snipe": 11, "save": B, "kill": 11, "check": 9, "silence": 11})
    assert last(events, "dawn")["dead"] == [11, 10, B]  # night 2: announced from the highest seat down


@pytest.mark.parametrize(("ruleset", "role", "target", "rule"), [
    ("v4-classic", "butterfly", B, "no_self_target"),  # 002 2.A: "且不能抱自己"
    ("v4-classic", "sniper", None, "must_choose"),  # R-v4-mandatory: "法官必须确定狙击手所狙的人"
    ("v4-classic", "doctor", None, "must_choose"),
    ("v4-classic", "old_man", None, "must_choose"),
    ("v4-classic", "police", P, "no_self_target"),  # R-v4-police-self
    ("v4-std", "killer", K2, "no_teammate_target"),  # 004 V4.0 II.1: "杀手不允许自杀"
    ("v4-std", "butterfly", B, "no_self_target"),  # 004 V4.0 II.6: "不可以抱自己"
    ("v4-std", "police", 8, "no_teammate_target"),
])
def test_illegal_night_choices(ruleset: str, role: str, target: int | None, rule: str) -> None:
    state, _, rng = start(ruleset)
    req = next(r for r in state.pending if r.role == role)
    with pytest.raises(IllegalActionError) as err:
        apply(state, Action(req.seat, DecisionKind.NIGHT, target=target), rng)
    assert err.value.rule == rule


@pytest.mark.parametrize(("ruleset", "role", "self_ok"), [
    ("v4-classic", "sniper", True), ("v4-classic", "doctor", True), ("v4-classic", "old_man", True),
    ("v4-classic", "killer", True), ("v4-std", "sniper", True), ("v4-std", "doctor", True),
    ("v4-std", "old_man", True), ("v4-std", "killer", False),
])
def test_self_targets(ruleset: str, role: str, self_ok: bool) -> None:
    """002 2.B-F: 可以狙自己 / 可以扎自己 / 可以自杀 / 可以禁言自己; 004 V4.0 II: 医生可以救自己, 狙击手也可以自杀,
    森林老人也可以禁言自己, 杀手不允许自杀."""
    state, _, _ = start(ruleset)
    req = next(r for r in state.pending if r.role == role)
    assert (req.seat in req.targets) is self_ok and None not in req.targets


def test_night_choices_and_effects_are_hidden() -> None:
    state, events, rng = start()
    state, events = night(state, rng, {"hug": 9, "snipe": 10, "save": 11, "kill": 12, "check": 4, "silence": 13})
    vis = {(e.kind, e.data.get("role")): e.visible_to for e in events if e.kind == "night_choice"}
    assert vis[("night_choice", "butterfly")] == frozenset({B})
    assert vis[("night_choice", "killer")] == frozenset({K1, K2, K3})
    assert all(e.visible_to == frozenset() for e in events if e.kind in ("night_effects", "cause_of_death"))
    assert all("cause" not in e.data for e in events if e.visible_to is None)


# -- the v4-classic day ----------------------------------------------------------------------------------------
def test_last_words_then_speak_and_vote_in_order() -> None:
    """002 3.B: 死者...从法官位置开始顺序留遗言 (包括杀手);
    3.C: 从最后一个遗言死者同序下一人开始辩护，辩护完的人立即投票."""
    state, _, rng = start()
    state, _ = night(state, rng, {"hug": 13, "snipe": K1, "save": 13, "kill": 10, "check": 9, "silence": 13})
    asked = []
    while state.phase is Phase.LAST_WORDS:
        asked.append(state.pending[0].seat)
        state, _ = apply(state, Action(state.pending[0].seat, DecisionKind.LAST_WORDS, speech="over"), rng)
    assert asked == [K1, 10]
    kinds = []
    for _ in range(4):
        req = state.pending[0]
        kinds.append((req.seat, req.kind.value, req.ballot))
        if req.kind is DecisionKind.VOTE:
            assert req.targets == tuple(state.living()) and not req.simultaneous  # "可以投自己"; no abstaining
        state, _ = apply(state, Action(req.seat, req.kind, target=req.seat if req.targets else None), rng)
    assert kinds == [(11, "statement", 0), (11, "vote", 1), (12, "statement", 0), (12, "vote", 1)]


def test_second_day_runs_backwards() -> None:
    """002 3.B/3.C: 第二轮变为逆序 — the dead speak from the highest seat down, and so does the day."""
    state, _, rng = start()
    state, _ = night(state, rng, {"hug": 13, "snipe": 13, "save": 13, "kill": 13, "check": 9, "silence": 13})
    state, _ = pass_day(state, rng)  # nobody died: seat 1 opens; all vote for themselves: a tie
    state, events = night(state, rng, {"hug": 13, "snipe": 9, "save": 13, "kill": 11, "check": 9, "silence": 13})
    assert last(events, "dawn")["dead"] == [11, 9]
    words = []
    while state.phase is Phase.LAST_WORDS:
        words.append(state.pending[0].seat)
        state, _ = apply(state, Action(state.pending[0].seat, DecisionKind.LAST_WORDS), rng)
    assert words == [11, 9] and state.pending[0].seat == 8


def test_no_dead_first_day_starts_at_seat_one() -> None:
    state, _, rng = start()
    state, _ = night(state, rng, {"hug": 13, "snipe": 13, "save": 13, "kill": 13, "check": 9, "silence": 1})
    assert state.phase is Phase.DAY and state.pending[0].seat == 1 and not state.pending[0].may_speak


def _ballot(low: int, high: int, target: int) -> dict[int, int]:
    return {v: target for v in range(low, high + 1)}


@pytest.mark.parametrize(("votes", "executed", "words"), [
    (_ballot(1, 13, K1), K1, []),  # 002 3.E: 杀手被投死，没有遗言
    ({**_ballot(1, 13, 10), 10: 10, 3: 3}, 10, [10]),  # 002 3.E: 好人被投死，请留遗言 (可以投自己)
    ({**_ballot(1, 6, 8), **_ballot(7, 12, 13), 13: 1}, None, []),  # 3.E: 票数最多的人为2人或2人以上，则本轮白天不死人
])
def test_classic_verdict(votes: dict[int, int], executed: int | None, words: list[int]) -> None:
    state, _, rng = start()
    state, _ = night(state, rng, {"hug": 13, "snipe": 13, "save": 13, "kill": 13, "check": 9, "silence": 13})
    out: list[Event] = []
    while state.phase is Phase.DAY:
        req = state.pending[0]
        state, ev = apply(state, Action(req.seat, req.kind, target=votes[req.seat] if req.targets else None), rng)
        out += ev
    assert last(out, "verdict")["executed"] == executed
    if executed is not None:
        side = "killer" if executed == K1 else "good"
        assert last(out, "executed_side") == {"seat": executed, "side": side}
    assert [r.seat for r in state.pending if r.kind is DecisionKind.LAST_WORDS] == words
    assert state.phase is (Phase.LAST_WORDS if words else Phase.NIGHT)


def test_silenced_dead_keep_silent() -> None:
    """002 3.B: 被禁言的人不允许说话 — a silenced night victim gives no last words."""
    state, _, rng = start()
    state, _ = night(state, rng, {"hug": 13, "snipe": 13, "save": 13, "kill": 10, "check": 9, "silence": 10})
    assert state.phase is Phase.DAY and state.silenced == frozenset({10}) and state.pending[0].seat == 11


# -- victory -------------------------------------------------------------------------------------------------
def test_classic_killers_win_when_the_specials_are_dead() -> None:
    """002 4: 所有特殊身份（包括花蝴蝶、狙击手、医生、警察、森林老人）全部死掉 ... 则杀手获胜."""
    hands = ["butterfly", "sniper", "doctor", "police", "old_man", "killer", "killer", "killer"] + ["civilian"] * 5
    state, _, rng = start(hands=hands)
    state, events = night(state, rng, {"hug": 2, "snipe": 3, "save": 13, "kill": 1, "check": 9, "silence": 13})
    assert last(events, "dawn")["dead"] == [1, 2, 3] and state.winner is None
    state, _ = pass_day(state, rng, vote_for=4)
    state, _ = night(state, rng, {"snipe": 12, "save": 13, "kill": 5, "check": 9, "silence": 13})
    assert state.winner is Winner.KILLERS


def test_classic_parity() -> None:
    """002 4: 杀手人数不少于非杀手人数，则杀手获胜 — even with specials alive."""
    hands = ["butterfly", "sniper", "doctor", "killer", "killer", "killer", "police", "old_man"] + ["civilian"] * 3
    state, _, rng = start(hands=hands)
    state, events = night(state, rng, {"hug": 9, "snipe": 10, "save": 11, "kill": B, "check": 9, "silence": 1})
    assert last(events, "dawn")["dead"] == [B, 9, 10] and state.winner is None
    state, _ = pass_day(state, rng)
    state, _ = night(state, rng, {"snipe": OLD, "save": D, "kill": 11, "check": 4, "silence": 11})
    assert state.living() == [S, D, K1, K2, K3, P] and state.winner is Winner.KILLERS


def test_classic_draw_when_the_last_killer_and_specials_die_together() -> None:
    """002 4: 最后1个或几个杀手与最后1个或几个特殊身份夜里同时死光，则平局 (the doctor dies of two empty needles)."""
    hands = ["butterfly", "sniper", "doctor", "killer", "police", "old_man"] + ["civilian"] * 5
    state, _, rng = start(hands=hands)
    state, _ = night(state, rng, {"hug": 11, "snipe": 6, "save": D, "kill": 5, "check": 7, "silence": 7})
    assert state.winner is None and state.living() == [1, 2, 3, 4, 7, 8, 9, 10, 11]
    state, _ = pass_day(state, rng)
    state, events = night(state, rng, {"hug": S, "snipe": 4, "save": D, "kill": B, "check": 7, "silence": 7})
    assert sorted(last(events, "dawn")["dead"]) == [1, 2, 3, 4] and state.winner is Winner.DRAW


@pytest.mark.parametrize(("hands", "picks", "winner"), [
    # 004 V4.0 IV.1: 杀手一方全部死亡，则警察、医生和狙击手等一方获胜 (the hugged 8 dies with the butterfly too)
    (["butterfly", "sniper", "doctor", "killer", "police", "police", "old_man"] + ["civilian"] * 7,
     {"hug": 8, "kill": B, "check": 8, "save": 13, "snipe": K1, "silence": 13}, Winner.GOOD),
    # IV.4: 如杀手和平民同时全部死亡，为平局
    (["butterfly", "sniper", "doctor", "killer"] + ["police"] * 8 + ["old_man", "civilian"],
     {"hug": 14, "kill": B, "check": K1, "save": 13, "snipe": K1, "silence": 13}, Winner.DRAW),
    # IV.3: 平民一方全部死亡，则杀手一方获胜
    (["butterfly", "sniper", "doctor", "killer"] + ["police"] * 8 + ["old_man", "civilian"],
     {"hug": 14, "kill": B, "check": K1, "save": 13, "snipe": 12, "silence": 13}, Winner.KILLERS),
])
def test_std_victory(hands: list[str], picks: dict[str, int], winner: Winner) -> None:
    state, _, rng = start("v4-std", hands)
    state, _ = night(state, rng, picks)
    assert state.winner is winner


def test_std_no_last_words_silenced_accuse_and_jump_kill() -> None:
    """004 V4.0 other rule 2: 任何人没有遗言; rule 6: 被禁言者...只能在指认一个号码，有投票权利;
    rule 3: 只允许杀手跳杀."""
    state, _, rng = start("v4-std")
    state, _ = night(state, rng, {"hug": 14, "kill": 10, "check": 9, "save": 14, "snipe": 14, "silence": 11})
    assert state.phase is Phase.DAY and state.pending[0].seat == 11  # III.13: 由死者顺位号码的玩家开始
    req = state.pending[0]
    assert not req.may_speak and 12 in req.accusations and req.ballot == 1 and not req.may_confess
    while state.pending[0].seat != K1:
        req = state.pending[0]
        state, _ = apply(state, Action(req.seat, req.kind, accusation=req.accusations[0]), rng)
    assert state.pending[0].may_confess
    state, events = apply(state, Action(K1, DecisionKind.STATEMENT, confess=True), rng)
    assert last(events, "death") == {"seat": K1, "public_cause": "jump_kill"} and state.phase is Phase.NIGHT


# -- rulesets, random play, scenarios ---------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "killers", "civilians"), [(11, 3, 3), (13, 3, 5), (14, 3, 6), (15, 4, 6), (17, 5, 7)])
def test_classic_table(n: int, killers: int, civilians: int) -> None:
    """002 v4.0: 杀手3名，平民3~5名（平民5名之后 杀手与平民可按1：1比例可继续增加）
    例如：杀手4名，平民6名 (R-v4-table)."""
    table = get_ruleset("v4-classic").composition(n)
    assert (len(table), table.count("killer"), table.count("civilian")) == (n, killers, civilians)
    assert all(table.count(r) == 1 for r in ("butterfly", "sniper", "doctor", "police", "old_man"))


@pytest.mark.parametrize("ruleset", ["v4-classic", "v4-std"])
def test_random_games_end_and_replay(ruleset: str) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        state, events = new_game(ruleset, rng)
        while not state.is_over():
            req = state.pending[0]
            acc = rng.choice(req.accusations) if req.accusations else None
            target = rng.choice(req.targets) if req.targets else None
            state, ev = apply(state, Action(req.seat, req.kind, target=target, accusation=acc), rng)
            events += ev
        again, _ = replay(ruleset, events)
        assert again == state


def test_the_briefs_example_is_a_scenario() -> None:
    spec = json.loads((SCENARIOS / "v4_classic_example.json").read_text())
    assert spec["script"][0] == {"night": {"butterfly": 9, "sniper": 10, "doctor": 11, "killer": 12, "police": 4,
                                           "old_man": 13}}
    out = run_scenario(spec)["rulings"][0]
    assert out == {"night": 1, "deaths": [10, 12], "silenced": [13],
                   "checks": [{"by": "police", "target": 4, "result": "killer"}]}
