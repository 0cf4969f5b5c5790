"""004 standard V3.5 (traitor) and V3.8 (undercover): rifle and vest, checks, openers, victory and draws."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.game import apply, new_game
from engine.judge import decide_winner
from engine.moves.decisions import Action, DecisionKind
from engine.record.events import Event
from engine.record.view import observation
from engine.rulesets import get_ruleset
from engine.state import GameState, Phase, Seat, Winner

K1, K2, K3, P1, P2, DOC, SP, ALLY, C1, C2, C3 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11


def table(ally: str) -> list[str]:
    """004 V3.5/V3.8 I: 3杀手、2警察、1医生、1秘警、1匪民(卧底)、5平民, dealt in this order."""
    return ["killer"] * 3 + ["police"] * 2 + ["doctor", "secret_police", ally] + ["civilian"] * 5


def start(rid: str, hands: list[str] | None = None) -> tuple[GameState, list[Event], random.Random]:
    rng = random.Random(0)
    ally = "traitor" if rid == "v3.5-std" else "undercover"
    state, events = new_game(rid, rng, hands=[[h] for h in (hands or table(ally))])
    return state, events, rng


def night(state: GameState, rng: random.Random, seat_targets: dict[int, int] | None = None,
          **by_role: int | None) -> tuple[GameState, list[Event]]:
    """Answers the night: seat_targets first, then by_role[role]; None passes where legal, else the
    highest legal seat."""
    assert state.phase is Phase.NIGHT
    out: list[Event] = []
    for req in list(state.pending):
        target = (seat_targets or {}).get(req.seat, by_role.get(str(req.role)))
        if target is None and None not in req.targets:
            target = max(t for t in req.targets if isinstance(t, int))
        state, ev = apply(state, Action(req.seat, DecisionKind.NIGHT, target=target), rng)
        out += ev
    return state, out


def dawn(events: list[Event]) -> list[int]:
    return [e for e in events if e.kind == "dawn"][-1].data["dead"]  # type: ignore[no-any-return]


def execute_by_day(state: GameState, rng: random.Random, target: int) -> GameState:
    """Drives a NominationDay: everyone accuses `target` and raises a hand against him."""
    while state.phase is Phase.DAY:
        req = state.pending[0]
        tgt: Any = target if target in req.targets else None
        acc = target if target in req.accusations else next((a for a in req.accusations if a), None)
        state, _ = apply(state, Action(req.seat, req.kind, target=tgt, accusation=acc), rng)
    return state


BOTH = ["v3.5-std", "v3.8-std"]

# Night resolution, each row: (nights as (kill, save, shoot, expected dead), seed sentence). Between nights
# the day executes seat 13 then 12 (civilians), so the nights chain.
NIGHT_ROWS: list[tuple[list[tuple[int, int | None, int | None, list[int]]], str]] = [
    ([(C1, C2, None, [C1])], "III.13: 杀手所杀和医生所救的不是同一个人 ... 宣布杀手所杀的人死亡"),
    ([(C1, C1, None, [])], "III.13: 如果杀手所杀和医生所救的是同一个人 ... 没有人死亡"),
    ([(DOC, DOC, None, [])], "II.4: 医生可以救自己"),
    ([(SP, None, None, [])], "II.5: 防弹衣 ... 每局只能挡住一次杀手的子弹; III.13: 杀手杀的人是秘密警察"),
    ([(SP, None, None, []), (SP, None, None, [SP])], "II.5: the vest stops only one attack"),
    ([(SP, SP, None, []), (SP, None, None, [SP])], "rule 6: 医生又救助了秘密警察，则'防弹衣'仍然失效"),
    ([(SP, SP, None, []), (SP, SP, None, [])], "rule 6 + III.13: spent vest, the save works"),
    ([(SP, None, None, []), (SP, None, K1, [SP])], "rule 7: 防弹衣已经失效，则秘密警察打出的子弹即失效"),
    ([(SP, None, None, []), (SP, SP, K1, [K1])], "rule 7 needs 医生没有救护秘警: saved, the bullet works"),
    ([(SP, None, K1, [K1])], "II.5: a fresh vest stops the kill and the bullet flies"),
    ([(C1, None, K1, [C1, K1])], "II.5: 狙击步枪 ... 一发子弹 — two deaths at one dawn"),
    ([(C1, C2, C2, [C1, C2])], "other rule 5: 即使此人经医生抢救"),
    ([(C1, C1, C1, [C1])], "other rule 5: the killers' victim saved by the doctor and shot dies once"),
    ([(C1, None, P1, [C1, P1])], "other rule 5: 秘密警察的子弹能杀死任何身份的人 (a police officer)"),
    ([(C1, None, ALLY, [C1, ALLY])], "other rule 5: any identity (the traitor/undercover)"),
    ([(C1, None, K1, [C1, K1]), (C2, None, None, [C2])], "II.5: 每局只有一发子弹 (not asked again)"),
]


@pytest.mark.parametrize("rid", BOTH)
@pytest.mark.parametrize(("nights", "cites"), NIGHT_ROWS)
def test_std_night(rid: str, nights: list[tuple[int, int | None, int | None, list[int]]], cites: str) -> None:
    state, _, rng = start(rid)
    for i, (kill, save, shoot, dead) in enumerate(nights):
        if i:
            state = execute_by_day(state, rng, 14 - i)
        state, events = night(state, rng, killer=kill, doctor=save, secret_police=shoot)
        assert dawn(events) == dead, cites


@pytest.mark.parametrize("rid", BOTH)
@pytest.mark.parametrize(("shot", "asked_again"), [(None, True), (C1, False), (K1, False)])
def test_std_one_bullet(rid: str, shot: int | None, asked_again: bool) -> None:
    """II.5: "每局只有一发子弹" — spent when fired, hit or not; kept when he holds fire (III.10)."""
    state, _, rng = start(rid)
    req = next(r for r in state.pending if r.role == "secret_police")
    assert req.irreversible and None in req.targets and SP not in req.targets
    state, _ = night(state, rng, killer=C2, secret_police=shot)
    state = execute_by_day(state, rng, 13)
    assert any(r.role == "secret_police" for r in state.pending) is asked_again


@pytest.mark.parametrize("rid", BOTH)
def test_std_no_last_words_and_nomination_day(rid: str) -> None:
    """Other rule 2: "任何人没有遗言"; III.14: the day opens with accusations (ballot 1)."""
    state, _, rng = start(rid)
    state, _ = night(state, rng, killer=C1)
    assert state.phase is Phase.DAY and state.pending[0].kind is DecisionKind.STATEMENT
    assert state.pending[0].ballot == 1 and state.pending[0].seat == C2


@pytest.mark.parametrize("rid", BOTH)
def test_std_jump_kill(rid: str) -> None:
    """Other rule 3: "游戏中只允许杀手和匪民(卧底)'跳杀'"."""
    state, _, rng = start(rid)
    state, _ = night(state, rng, killer=13)
    may = set()
    while state.pending[0].kind is DecisionKind.STATEMENT and state.pending[0].ballot == 1:
        req = state.pending[0]
        if req.may_confess:
            may.add(req.seat)
        state, _ = apply(state, Action(req.seat, req.kind, accusation=req.accusations[0]), rng)
    assert may == {K1, K2, K3, ALLY}


@pytest.mark.parametrize("rid", BOTH)
def test_std_killers_may_target_their_ally_not_each_other(rid: str) -> None:
    """II.1: "杀手不允许自杀"; R-std-kill-ally: the traitor/undercover is a legal victim."""
    state, _, _ = start(rid)
    req = next(r for r in state.pending if r.role == "killer")
    assert ALLY in req.targets and SP in req.targets and not {K1, K2, K3} & set(req.targets)


def test_v35_traitor_shown_to_killers_only() -> None:
    """V3.5 III.5: "法官将匪民的号码告诉杀手"; the police know each other (III.7)."""
    _, events, _ = start("v3.5-std")
    shown = next(e for e in events if e.kind == "shown_to_killers")
    assert shown.visible_to == frozenset({K1, K2, K3}) and shown.data["seat"] == ALLY
    assert shown not in observation(events, ALLY) and shown not in observation(events, P1)
    police = next(e for e in events if e.kind == "teammates" and e.data["role"] == "police")
    assert police.visible_to == frozenset({P1, P2})


@pytest.mark.parametrize(("rid", "target", "result"), [
    ("v3.5-std", K1, "killer"),
    ("v3.5-std", ALLY, "not_killer"),  # V3.5 other rule 4: 验的人如果是匪民，则法官将给出好身份人的手势
    ("v3.5-std", SP, "not_killer"),
    ("v3.8-std", K2, "killer"),
    ("v3.8-std", C1, "not_killer"),
])
def test_std_check(rid: str, target: int, result: str) -> None:
    state, _, rng = start(rid)
    state, events = night(state, rng, killer=C3, police=target)
    check = next(e for e in events if e.kind == "check_result")
    assert (check.data["target"], check.data["result"]) == (target, result)
    team = {P1, P2} if rid == "v3.5-std" else {P1, P2, ALLY}
    assert check.visible_to == frozenset(team)


def test_v38_openers_know_each_other_without_roles() -> None:
    """V3.8 III.7: "抽到2张警察牌的人和卧底一起睁开眼，相互认识自己的同伴"."""
    _, events, _ = start("v3.8-std")
    openers = next(e for e in events if e.kind == "openers")
    assert openers.visible_to == frozenset({P1, P2, ALLY}) and openers.data["seats"] == [P1, P2, ALLY]
    assert "role" not in openers.data
    assert not any(e.kind == "teammates" and e.data.get("role") == "police" for e in events)
    shown = next(e for e in events if e.kind == "shown_to_killers")
    assert shown.visible_to == frozenset({K1, K2, K3}) and shown.data["seat"] == ALLY


def test_v38_openers_check_outside_only() -> None:
    """V3.8 other rule 4: "警察无权在黑夜中内部指认卧底" (R-v38-no-internal-check)."""
    state, _, _ = start("v3.8-std")
    checks = [r for r in state.pending if r.action == "check"]
    assert sorted(r.seat for r in checks) == [P1, P2, ALLY]
    for r in checks:
        assert not {P1, P2, ALLY} & set(r.targets) and K1 in r.targets


@pytest.mark.parametrize(("votes", "checked"), [
    ({P1: K1, P2: K1, ALLY: C1}, K1),  # III.8: the majority of police and undercover
    ({P1: C1, P2: K1, ALLY: K1}, K1),  # the undercover can swing the check
])
def test_v38_majority_check(votes: dict[int, int], checked: int) -> None:
    state, _, rng = start("v3.8-std")
    state, events = night(state, rng, seat_targets=votes, killer=C3)
    assert next(e for e in events if e.kind == "check_result").data["target"] == checked


def test_v38_two_openers_disagree_draw_a_lot() -> None:
    """V3.8 other rule 8: "如只剩两个警察(或一警和卧底)...发生分歧，则可采用划拳方式决定指认对象"."""
    state, _, rng = start("v3.8-std")
    state, _ = night(state, rng, killer=P2)
    state = execute_by_day(state, rng, 13)
    state, events = night(state, rng, seat_targets={P1: K1, ALLY: C1}, killer=C3)
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data["reason"] == "police_team_tie" and draw.visible_to == frozenset({P1, ALLY})
    assert next(e for e in events if e.kind == "check_result").data["target"] == draw.data["result"]


def test_v38_undercover_cannot_check_without_police() -> None:
    """V3.8 other rule 8: "如警察全部死亡，卧底无权在黑夜进行指认"."""
    state, _, rng = start("v3.8-std")
    state, _ = night(state, rng, killer=P1)
    state = execute_by_day(state, rng, P2)
    assert state.phase is Phase.NIGHT and not any(r.action == "check" for r in state.pending)
    state, events = night(state, rng, killer=C1)
    assert not any(e.kind == "check_result" for e in events)


# Victory, 004 V3.5/V3.8 IV
def dead_state(rid: str, dead: set[int]) -> GameState:
    state, _, _ = start(rid)
    seats = tuple(Seat(s.number, s.cards, (s.number not in dead,)) for s in state.seats)
    return GameState(ruleset=rid, seats=seats)


@pytest.mark.parametrize("rid", BOTH)
@pytest.mark.parametrize(("dead", "winner", "cites"), [
    ({K1, K2, K3}, Winner.GOOD, "IV.1 杀手一方全部死亡 (R-std-killer-side: the ally still lives)"),
    ({K1, K2, K3, ALLY}, Winner.GOOD, "IV.1"),
    ({P1, P2, DOC, SP}, Winner.KILLERS, "IV.2 警察、医生和秘密警察一方全部死亡"),
    ({P1, P2, DOC}, None, "IV.2 needs the secret police dead too"),
    ({9, 10, 11, 12, 13}, Winner.KILLERS, "IV.3 平民一方全部死亡"),
    ({K1, K2, K3, 9, 10, 11, 12, 13}, Winner.DRAW, "IV.4 如杀手和平民同时全部死亡，为平局"),
    ({K1, K2, K3, P1, P2, DOC, SP}, Winner.DRAW, "IV.4 如杀手和警察、医生、秘密警察同时全部死亡，为平局"),
    ({K1, K2, ALLY, P1, DOC}, None, "nobody yet"),
])
def test_std_victory_table(rid: str, dead: set[int], winner: Winner | None, cites: str) -> None:
    assert decide_winner(dead_state(rid, dead), get_ruleset(rid).victory) == winner, cites


@pytest.mark.parametrize("rid", BOTH)
def test_std_draw_at_dawn(rid: str) -> None:
    """IV.4 in play: the last civilian killed and the last killer shot at the same dawn."""
    ally = "traitor" if rid == "v3.5-std" else "undercover"
    hands = ["killer", "civilian", "doctor", "secret_police", ally] + ["police"] * 8
    state, _, rng = start(rid, hands)
    state, events = night(state, rng, killer=2, doctor=3, secret_police=1)
    assert dawn(events) == [2, 1] and state.winner is Winner.DRAW


@pytest.mark.parametrize("rid", BOTH)
def test_std_good_wins_by_day_with_ally_alive(rid: str) -> None:
    """IV.1 + IV.6 (R-std-killer-side): the last killer executed wins it for the good side."""
    hands = ["killer", "police", "police", "doctor", "secret_police", "traitor" if rid == "v3.5-std"
             else "undercover"] + ["civilian"] * 7
    state, _, rng = start(rid, hands)
    state, _ = night(state, rng, killer=13)
    state = execute_by_day(state, rng, 1)
    assert state.winner is Winner.GOOD and state.seat(6).alive


@pytest.mark.parametrize("rid", BOTH)
def test_std_table(rid: str) -> None:
    rules = get_ruleset(rid)
    assert rules.players == (13, 13)
    assert sorted(rules.composition(13)) == sorted(table("traitor" if rid == "v3.5-std" else "undercover"))
