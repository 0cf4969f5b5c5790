"""v3.0 rules (000/002/003 v3.0): doctor, secret police, their order, immunity and the victory table."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.game import apply, new_game
from engine.moves.decisions import Action, DecisionKind
from engine.record.events import Event
from engine.state import GameState, Phase, Winner

TABLE = ["killer"] * 3 + ["police"] * 2 + ["doctor", "secret_police"] + ["civilian"] * 6  # 000 v3.0 example
K1, K2, K3, P1, P2, DOC, SP, C1, C2 = 1, 2, 3, 4, 5, 6, 7, 8, 9


def start(hands: list[str] = TABLE) -> tuple[GameState, list[Event], random.Random]:
    rng = random.Random(0)
    state, events = new_game("v3", rng, hands=[[h] for h in hands])
    return state, events, rng


def night(state: GameState, rng: random.Random, **by_role: int | None) -> tuple[GameState, list[Event]]:
    """Answers every night request: each role's seats choose by_role[role]; None (or no entry) passes
    where passing is legal, else picks the highest legal seat (13, a civilian on the standard table)."""
    assert state.phase is Phase.NIGHT
    out: list[Event] = []
    for req in list(state.pending):
        target = by_role.get(str(req.role))
        if target is None and None not in req.targets:
            target = max(t for t in req.targets if isinstance(t, int))
        state, ev = apply(state, Action(req.seat, DecisionKind.NIGHT, target=target), rng)
        out += ev
    return state, out


def dawn(events: list[Event]) -> list[int]:
    return [e for e in events if e.kind == "dawn"][-1].data["dead"]  # type: ignore[no-any-return]


def finish_day(state: GameState, rng: random.Random, target: int) -> tuple[GameState, list[Event]]:
    """Drives last words and the day so that `target` is executed (everyone accuses and votes for him)."""
    out: list[Event] = []
    while state.phase in (Phase.DAY, Phase.LAST_WORDS):
        req = state.pending[0]
        legal_t = [t for t in req.targets if t is not None]
        tgt: Any = target if target in req.targets else (legal_t[0] if legal_t else None)
        acc = target if target in req.accusations else next((a for a in req.accusations if a), None)
        state, ev = apply(state, Action(req.seat, req.kind, target=tgt, accusation=acc), rng)
        out += ev
    return state, out


def skip_day(state: GameState, rng: random.Random, target: int) -> GameState:
    state, _ = finish_day(state, rng, target)
    return state


# 000/002 v3.0 night resolution, night 1, each row: (kill, save, shoot, dead at dawn, seed sentence)
NIGHT_ROWS = [
    (C1, C2, None, [C1], "002 v3.0: 杀手杀完人 ... the victim dies"),
    (C1, C1, None, [], "002 v3.0: 被指的人如果刚好是被杀的，则此人被医生救活"),
    (DOC, DOC, None, [], "002 v3.0: 医生每一轮可以救一个人，可以救自己"),
    (SP, None, None, [], "002 v3.0: 在秘密警察没有使用特权之前，他是不能被杀手杀死的"),
    (SP, None, K1, [K1], "R-sp-immunity: the night he fires he is still immune"),
    (C1, None, K1, [C1, K1], "002 v3.0: 一个人被杀手杀死，另一个杀手被秘密警察杀死"),
    (C1, C1, K1, [K1], "002 v3.0: 杀手杀的人没死而秘密警察杀了一个杀手"),
    (C1, None, C2, [C1], "002 v3.0: 如果被指的人不是杀手，则没有任何效果"),
    (C1, None, P1, [C1], "002 v3.0: shooting a police officer has no effect"),
    (C1, K1, K1, [C1, K1], "R-v3-shot-save: the doctor only undoes the killers' kill"),
]


@pytest.mark.parametrize(("kill", "save", "shoot", "dead", "cites"), NIGHT_ROWS)
def test_v3_night(kill: int, save: int | None, shoot: int | None, dead: list[int], cites: str) -> None:
    state, _, rng = start()
    state, events = night(state, rng, killer=kill, doctor=save, secret_police=shoot)
    assert dawn(events) == dead, cites
    assert [s for s in range(1, 14) if not state.seat(s).alive] == sorted(dead)


@pytest.mark.parametrize(("first_shot", "kill2", "save2", "dead2"), [
    (C2, SP, None, [SP]),  # 002 v3.0: "但如果秘密警察用过权利后，他就可以被杀" — even after a miss
    (K1, SP, None, [SP]),  # after a hit
    (C2, SP, SP, []),  # 000 v3.0: "once used, the secret policeman is the same as a civilian": savable
])
def test_v3_immunity_ends_after_the_shot(
    first_shot: int, kill2: int, save2: int | None, dead2: list[int]
) -> None:
    state, _, rng = start()
    state, _ = night(state, rng, killer=C1, doctor=None, secret_police=first_shot)
    state = skip_day(state, rng, C2 if first_shot != C2 else 10)
    state, events = night(state, rng, killer=kill2, doctor=save2)
    assert dawn(events) == dead2


def test_v3_holding_fire_keeps_the_shot_and_the_immunity() -> None:
    """002 v3.0: "秘密警察可以选择使用或不使用"; the immunity lasts while the shot is unused."""
    state, _, rng = start()
    state, _ = night(state, rng, killer=C1, secret_police=None)
    state = skip_day(state, rng, C2)
    assert any(r.role == "secret_police" for r in state.pending)
    state, events = night(state, rng, killer=SP, secret_police=None)
    assert dawn(events) == []


def test_v3_shot_is_once_per_game() -> None:
    """002 v3.0: "他的权利在一盘游戏中只有一次，一但使用就不能再用" — whether it hit or not."""
    state, _, rng = start()
    state, _ = night(state, rng, killer=C1, secret_police=C2)
    state = skip_day(state, rng, 10)
    assert not any(r.role == "secret_police" for r in state.pending)
    assert any(r.role == "doctor" for r in state.pending)


def test_v3_secret_police_request() -> None:
    """The shot may be held (None), is irreversible, and never points at himself (R-sp-no-self)."""
    state, _, _ = start()
    req = next(r for r in state.pending if r.role == "secret_police")
    assert req.irreversible and None in req.targets and SP not in req.targets and K1 in req.targets
    doc = next(r for r in state.pending if r.role == "doctor")
    assert DOC in doc.targets and None not in doc.targets  # 002 v3.0: 可以救自己


def test_v3_police_check_and_visibility() -> None:
    """000 v2.0: the judge nods for a killer; only the police see it; the shot is never announced."""
    state, _, rng = start()
    state, events = night(state, rng, killer=C1, police=K2, secret_police=K1)
    check = next(e for e in events if e.kind == "check_result")
    assert check.data["result"] == "killer" and check.visible_to == frozenset({P1, P2})
    for e in events:
        if e.kind in ("shot", "saved", "immune", "power_spent", "cause_of_death"):
            assert e.visible_to == frozenset()
    assert {e.data["public_cause"] for e in events if e.kind == "death"} == {"night"}


def test_v3_night_victim_gets_last_words() -> None:
    """000 v2.0 (v3 keeps v2's day): the murdered leaves last words."""
    state, _, rng = start()
    state, _ = night(state, rng, killer=C1)
    assert state.phase is Phase.LAST_WORDS and state.pending[0].seat == C1


def test_v3_table_and_range() -> None:
    from engine.rulesets import get_ruleset

    rules = get_ruleset("v3")
    assert sorted(rules.composition(13)) == sorted(TABLE)  # 000 v3.0: 13 people example
    for n in range(rules.players[0], rules.players[1] + 1):
        table = rules.composition(n)
        assert len(table) == n and 1 <= table.count("police") < table.count("killer")
        assert table.count("civilian") >= table.count("killer")


# Victory (002 v3.0: 所有杀手死亡，则警察胜；警察、医生、秘密警察全部死亡，杀手胜；所有平民死亡，杀手胜)
def test_v3_good_wins_when_all_killers_die() -> None:
    hands = ["killer", "police", "doctor", "secret_police"] + ["civilian"] * 6
    state, _, rng = start(hands)
    state, _ = night(state, rng, killer=5, secret_police=1)
    assert state.winner is Winner.GOOD


def test_v3_killers_win_when_police_doctor_sp_all_die() -> None:
    hands = ["killer", "killer", "police", "doctor", "secret_police"] + ["civilian"] * 5
    state, _, rng = start(hands)
    state, _ = night(state, rng, killer=3, secret_police=6)
    state = skip_day(state, rng, 4)
    assert state.winner is None
    state, _ = night(state, rng, killer=5)
    assert state.winner is Winner.KILLERS


def test_v3_killers_win_when_civilians_all_die() -> None:
    hands = ["killer", "killer", "civilian"] + ["police"] * 5 + ["doctor", "secret_police"]
    state, _, rng = start(hands)
    state, _ = night(state, rng, killer=3, doctor=4)
    assert state.winner is Winner.KILLERS


def test_v3_simultaneous_wipe_out_is_a_draw() -> None:
    """R-draw: the last civilian killed and the last killer shot at the same dawn."""
    hands = ["killer", "civilian", "doctor", "secret_police"] + ["police"] * 6
    state, events, rng = start(hands)
    state, events = night(state, rng, killer=2, doctor=3, secret_police=1)
    assert dawn(events) == [2, 1] and state.winner is Winner.DRAW
