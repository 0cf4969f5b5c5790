"""v5.0 dual (000 "Version 5.0"): two cards a seat, card targets, the deal, the dawn, the day and the wins."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import MutableSequence
from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalActionError
from engine.game import apply, new_game, replay
from engine.judge import decide_winner
from engine.moves.decisions import Action, DecisionKind, Target
from engine.record.events import JUDGE_ONLY, Event
from engine.rulesets import get_ruleset
from engine.rulesets.family_v5 import deal_v5, police_count, v5_deck
from engine.state import GameState, Phase, Winner

Card = tuple[int, int]
HANDS = [
    ["killer", "civilian"],  # 1
    ["killer", "doctor"],  # 2: the "evil doctor"
    ["police", "civilian"],  # 3
    ["police", "secret_police"],  # 4
    ["doctor", "civilian"],  # 5
    ["secret_police", "civilian"],  # 6
    ["undercover", "civilian"],  # 7
    ["butterfly", "civilian"],  # 8
]
J1, C1, J2, Q2, K3, C3, K4, A4 = (1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2)
Q5, C5, A6, C6, U7, C7, B8, C8 = (5, 1), (5, 2), (6, 1), (6, 2), (7, 1), (7, 2), (8, 1), (8, 2)
RULES = get_ruleset("v5-dual")


def start(hands: list[list[str]] = HANDS, judge_card: str = "civilian") -> tuple[GameState, list[Event], Any]:
    rng = random.Random(0)
    state, events = new_game("v5-dual", rng, hands=hands, judge_card=judge_card)
    return state, events, rng


def night(state: GameState, rng: Any, picks: dict[Card, Card | None]) -> tuple[GameState, list[Event]]:
    """Each card in `picks` points at its target; the others pass, or (checks, saves) point at the first
    card nobody in `picks` points at. Killer cards must be given."""
    assert state.phase is Phase.NIGHT
    out: list[Event] = []
    for req in list(state.pending):
        card = (req.seat, req.slot)
        if card in picks:
            target: Target | None = picks[card]
        elif None in req.targets:
            target = None
        else:
            assert req.role != "killer", f"killer card {card} needs a target"
            target = next(t for t in req.targets if t not in picks.values())
        state, ev = apply(state, Action(req.seat, DecisionKind.NIGHT, target=target, slot=req.slot), rng)
        out += ev
    return state, out


def dawn(events: list[Event]) -> Event:
    return [e for e in events if e.kind == "dawn"][-1]


def day(state: GameState, rng: Any, votes: dict[int, int], default: int | None = None) -> tuple[GameState, list[Event]]:
    """Statements (empty), then the vote: `votes[seat]`, else `default`, else the voter himself."""
    out: list[Event] = []
    while state.phase is Phase.DAY and state.pending:
        req = state.pending[0]
        target = votes.get(req.seat, default or req.seat) if req.kind is DecisionKind.VOTE else None
        state, ev = apply(state, Action(req.seat, req.kind, target=target), rng)
        out += ev
    return state, out


# 000 v5.0, night 1 on HANDS: (card -> target, the cards that die at dawn, seed sentence)
NIGHT_ROWS: list[tuple[dict[Card, Card | None], list[Card], str]] = [
    ({J1: C3, J2: C3}, [C3], "killers: if they are all on the 1st card, then only one person will die"),
    ({J1: C3, J2: C5}, [C3, C5], "killers: jointly decide who to kill, one card, two cards, or three cards"),
    ({J1: C1, J2: C5}, [C1, C5], "killer: When necessary, kill the other one in your hand"),
    ({J1: J2, J2: C5}, [J2, C5], "R-v5-kill-targets: a killer card may name a partner's card"),
    ({J1: C3, J2: C3, Q5: C3}, [], "doctor: If he is the person who happened to be killed ... resurrected"),
    ({J1: Q2, J2: C5, Q2: Q2}, [C5], "doctor: Of course, doctors can save themselves"),
    ({J1: C3, J2: C3, Q5: C3, Q2: C8, B8: Q5}, [C3], ("doctor: If the doctor card is taken away by the "
     "butterfly, he will not be able to save anyone")),
    ({J1: C3, J2: C3, B8: C3}, [], "butterfly 1: it is killed in vain, which means it is not dead"),
    ({J1: C3, J2: C5, B8: J1}, [C5], ("butterfly 4: If it happens to take away the killer card, then the "
     "killer's killing is invalid")),
    ({J1: B8, J2: C5, B8: C3}, [C3, C5, B8], ("butterfly 2: its card ... and the card it took away will die "
     "at the same time (R-v5-mob: if the butterfly happens to be killed, two will die in one death)")),
    ({J1: B8, J2: B8, B8: C3, Q5: B8}, [], "doctor saves the butterfly card: the taken card is safe"),
    ({J1: A6, J2: A4}, [], "secret police: The killer cannot kill him until he uses this privilege"),
    ({J1: A6, J2: C5, A6: C8}, [C5, C8], "R-v5-sp-same-night: the night he fires he is still protected"),
    ({J1: C5, J2: C5, A6: K3}, [K3, C5], ("secret police: it is possible that the secret police will kill "
     "the policeman")),
    ({J1: C5, J2: C5, A6: K3, Q5: K3}, [K3, C5], ("R-v5-shot: the doctor only undoes the killers' kills "
     "(004 V3.5 other rule 5: 秘密警察的子弹能杀死任何身份的人，即使此人经医生抢救)")),
    ({J1: C5, J2: C5, A6: K3, B8: A6}, [C5], ("secret police: on the night when he was about to use his "
     "privileges, he was carried away by a butterfly")),
    ({J1: C5, J2: C5, A6: K3, B8: K3}, [C5], "butterfly 1: a shot card it took away is not dead"),
]


@pytest.mark.parametrize(("picks", "dead", "cites"), NIGHT_ROWS)
def test_v5_night(picks: dict[Card, Card | None], dead: list[Card], cites: str) -> None:
    state, _, rng = start()
    state, events = night(state, rng, picks)
    assert dawn(events).data["cards"] == [list(c) for c in dead], cites
    for seat, slot in dead:
        assert not state.seat(seat).alive_cards[slot - 1], cites
    assert dawn(events).data["dead"] == [], "one card lost: the seat lives on (000 v5.0 rule 2)"


def test_seat_dies_with_both_cards() -> None:
    """000 v5.0 rule 2: "if both of your cards die, you will die"."""
    state, _, rng = start()
    state, events = night(state, rng, {J1: K3, J2: C3})
    assert dawn(events).data["dead"] == [3]
    assert not state.seat(3).alive
    assert [e.data["seat"] for e in events if e.kind == "death"] == [3]


def test_secret_police_fires_once_then_loses_privilege() -> None:
    """000 v5.0: "Once used, the privilege disappears" -- no second shot, and the killers can kill him."""
    state, _, rng = start()
    state, _ = night(state, rng, {J1: C5, J2: C5, A6: C8})
    assert ("shot", 6, 1) in state.spent
    state, _ = day(state, rng, {}, default=None)  # everyone votes for himself: a tie, nobody goes
    assert not any(r.role == "secret_police" and r.seat == 6 for r in state.pending)
    assert any(r.role == "secret_police" and r.seat == 4 for r in state.pending)
    state, events = night(state, rng, {J1: A6, J2: C3})
    assert dawn(events).data["cards"] == [[3, 2], [6, 1]]


def test_taken_secret_police_loses_the_shot() -> None:
    """R-v5-sp-taken: "he was carried away by a butterfly… you are so unlucky": the shot is spent."""
    state, _, rng = start()
    state, _ = night(state, rng, {J1: C5, J2: C5, A6: K3, B8: A6})
    assert ("shot", 6, 1) in state.spent


# card-level check answers (000 v5.0 police; R-v5-check-007; 000 v4.0 D for the taken card)
CHECK_ROWS: list[tuple[dict[Card, Card | None], Card, Card, str, str]] = [
    ({K3: J1}, K3, J1, "killer", "police: confirm to the judge who is the killer"),
    ({K3: C1}, K3, C1, "not_killer", "R-v5-check-card: the answer is about the card pointed at"),
    ({K3: U7}, K3, U7, "killer", "Undercover agents are a special kind of killer (R-v5-check-007)"),
    ({K3: A6}, K3, A6, "not_killer", "000 v4.0 D: For anyone other than the killer ... shake his head"),
    ({K3: C5, B8: C5}, K3, C5, "no_answer", "000 v4.0 D: verifying the person Hua Butterfly is hugging"),
    ({K3: J1, B8: K3}, K3, J1, "no_answer", "R-v5-taken-acts: a taken police card gets no answer"),
    ({U7: J2}, U7, J2, "killer", "R-v5-undercover-answer: the undercover is answered like the police"),
    ({K4: U7}, K4, U7, "killer", "you can also point to your partner"),
]


@pytest.mark.parametrize(("picks", "by", "target", "result", "cites"), CHECK_ROWS)
def test_v5_checks(picks: dict[Card, Card | None], by: Card, target: Card, result: str, cites: str) -> None:
    state, _, rng = start()
    _, events = night(state, rng, {J1: C8, J2: C8, **picks})
    [check] = [e for e in events if e.kind == "check_result" and e.data["card"] == list(by)]
    assert check.data["target"] == list(target), cites
    assert check.data["result"] == result, cites
    assert check.visible_to == frozenset({by[0]}), "police open their eyes separately"


ILLEGAL_ROWS: list[tuple[Card, Card, str]] = [
    (B8, C8, "000 v4.0 A: they cannot hug themselves"),
    (K3, C3, "R-v5-own-cards: the police check other seats' cards"),
    (A6, A6, "R-v5-own-cards: a secret police card does not shoot itself"),
    (U7, C7, "R-v5-own-cards: the undercover points at other seats' cards"),
]


@pytest.mark.parametrize(("card", "target", "cites"), ILLEGAL_ROWS)
def test_v5_illegal_targets(card: Card, target: Card, cites: str) -> None:
    state, _, rng = start()
    with pytest.raises(IllegalActionError):
        apply(state, Action(card[0], DecisionKind.NIGHT, target=target, slot=card[1]), rng)


def test_a_killer_card_may_kill_itself() -> None:
    """R-v5-kill-targets, from the v5 lineage: 000 v4.0 "he can commit suicide" (not 004 V2.0's "杀手不允许自杀")."""
    state, _, rng = start()
    state, events = night(state, rng, {J1: J1, J2: C8})
    dead = [tuple(c) for e in events if e.kind == "dawn" for c in e.data.get("cards", [])]
    assert J1 in dead and not state.seat(1).alive_cards[0]


def test_dead_card_is_no_target() -> None:
    state, _, rng = start()
    state, _ = night(state, rng, {J1: C3, J2: C3})
    state, _ = day(state, rng, {})
    assert all(C3 not in r.targets for r in state.pending)
    assert any(K3 in r.targets for r in state.pending if r.role == "killer")


def test_each_card_is_asked_separately() -> None:
    """000 v5.0: "the killer tells the judge one by one"; police "open their eyes separately"."""
    state, _, _ = start()
    asked = Counter(r.role for r in state.pending)
    assert asked == Counter(killer=2, police=2, doctor=2, secret_police=2, undercover=1, butterfly=1)
    assert {(r.seat, r.slot) for r in state.pending if r.role == "doctor"} == {Q2, Q5}
    assert all(isinstance(t, tuple) for r in state.pending for t in r.targets if t is not None)


def test_night_visibility() -> None:
    """Night choices and answers only for those who opened their eyes; causes only for the judge."""
    state, events, rng = start()
    teams = {e.data["role"]: e for e in events if e.kind == "teammates"}
    assert teams["killer"].visible_to == frozenset({1, 2, 7}), "the undercover opens eyes with the killers"
    assert teams["killer"].data["undercover"] == [7]
    assert teams["police"].visible_to == frozenset({3, 4, 7}), "four people open their eyes (R-v5-police-eyes)"
    state, events = night(state, rng, {J1: C3, J2: C5, A6: C8})
    [orders] = [e for e in events if e.kind == "kill_orders"]
    assert orders.visible_to == frozenset({1, 2, 7}), "R-v5-killer-eyes, night 1 with the undercover"
    assert all(e.visible_to == JUDGE_ONLY for e in events if e.kind in ("cause_of_death", "spared", "taken"))
    assert all(e.visible_to == frozenset({e.data["seat"]}) for e in events if e.kind == "night_choice")
    public = {e.kind for e in events if e.visible_to is None}
    assert public <= {"dawn", "death", "day_begins"}, "No one knows what card you died from"
    state, _ = day(state, rng, {})
    state, events = night(state, rng, {J1: C6, J2: C6})
    [orders] = [e for e in events if e.kind == "kill_orders"]
    assert orders.visible_to == frozenset({1, 2}), "after night 1 the undercover cannot open eyes with them"


def test_day_order_weights_and_tie() -> None:
    """000 v5.0 rule 2: "the living cards are your voting rights"; R-v5-order; R-v5-tie (000 v4.0)."""
    state, _, rng = start()
    state, _ = night(state, rng, {J1: C3, J2: C5})  # seats 3 and 5 keep one vote each
    assert state.pending[0].seat == 4, "R-v5-order: the seat after the first dead card speaks first"
    votes = {1: 8, 2: 8, 3: 6, 4: 6, 5: 6, 6: 6, 7: 1, 8: 1}  # 6: 1+2+1+2 = 6 against 8: 4 and 1: 4
    after, events = day(state, rng, votes)
    assert [e.data["executed"] for e in events if e.kind == "verdict"] == [6]
    assert not any(after.seat(6).alive_cards), "R-v5-execution: the whole seat is kicked out"
    tied = {**votes, 7: 8}  # 8: 2+2+2 = 6 against 6: 6
    after, events = day(state, rng, tied)
    assert [e.data["executed"] for e in events if e.kind == "verdict"] == [None], "R-v5-tie: no one dies"
    assert [e.data["seats"] for e in events if e.kind == "vote_tie"] == [[6, 8]]
    assert after.phase is Phase.NIGHT and all(s.alive for s in after.seats)


def test_nobody_dead_seat_one_speaks_first() -> None:
    """R-v5-order, 004 V2.5 III.11: "如果没人死亡，则法官主持由编号最小的玩家开始发言"."""
    state, _, rng = start()
    state, events = night(state, rng, {J1: C3, J2: C3, Q5: C3})
    assert dawn(events).data["cards"] == [] and state.pending[0].seat == 1


def test_vote_requests_carry_weight_and_ballot() -> None:
    state, _, rng = start()
    state, _ = night(state, rng, {J1: C3, J2: C3})
    while state.pending[0].kind is DecisionKind.STATEMENT:
        req = state.pending[0]
        state, _ = apply(state, Action(req.seat, req.kind), rng)
    weights = {r.seat: r.weight for r in state.pending}
    assert weights == {1: 2, 2: 2, 3: 1, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2}
    assert {r.ballot for r in state.pending} == {1}
    assert 3 in state.pending[2].targets, "000 v4.0: they can vote for themselves"


def _with(state: GameState, dead: list[Card]) -> GameState:
    seats = list(state.seats)
    for seat, slot in dead:
        s = seats[seat - 1]
        seats[seat - 1] = replace(s, alive_cards=tuple(a and i + 1 != slot for i, a in enumerate(s.alive_cards)))
    return replace(state, seats=tuple(seats))


VICTORY_ROWS: list[tuple[list[Card], Winner | None, str]] = [
    ([J1, J2, U7], Winner.GOOD, "rule 4: both the killer and the undercover died, and the police won"),
    ([K3, K4, A4, A6], Winner.KILLERS, "rule 4: The police and secret police are all dead, the killer wins"),
    ([J1, J2, U7, K3, K4, A4, A6], Winner.DRAW, "R-draw: both at once"),
    ([J1, J2], None, "undercover: If only the undercover survives in the end (the killers have not lost)"),
    ([K3, K4, A4], None, "one secret police card lives: the killers have not won"),
    ([C1, Q2, C3, C5, C6, C7, B8, C8], None, "civilians, doctors, butterfly do not decide the game"),
]


@pytest.mark.parametrize(("dead", "winner", "cites"), VICTORY_ROWS)
def test_v5_victory(dead: list[Card], winner: Winner | None, cites: str) -> None:
    state, _, _ = start()
    assert decide_winner(_with(state, dead), RULES.victory) is winner, cites


def test_judge_card_is_out_of_play() -> None:
    """000 v5.0: "if the other card drawn by the judge is a killer, it means that there is one less killer"."""
    hands = [h if h != ["killer", "doctor"] else ["civilian", "doctor"] for h in HANDS]
    state, _, rng = start(hands, judge_card="killer")
    assert [r.seat for r in state.pending if r.role == "killer"] == [1]
    state, events = night(state, rng, {J1: C8, A6: J1})
    assert dawn(events).data["cards"] == [[1, 1], [8, 2]]
    assert state.winner is None, "the killer card is dead, but the undercover still lives"


def test_dawn_win_and_reveal() -> None:
    """000 v5.0 rule 4 at dawn: the secret police shoots the last J (the 7 is the judge's card)."""
    hands = [["killer", "civilian"], ["civilian", "doctor"], *HANDS[2:6], ["civilian"] * 2, HANDS[7]]
    state, _, rng = start(hands, judge_card="undercover")
    state, events = night(state, rng, {J1: C3, A6: J1})
    assert state.winner is Winner.GOOD and state.phase is Phase.OVER
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.visible_to is None and reveal.data["judge_card"] == "undercover"
    assert reveal.data["cards"][1] == ["killer", "civilian"]


def test_killers_win_once_the_privilege_is_spent() -> None:
    """000 v5.0: the secret police can be killed once he has fired; with the police gone the killers win."""
    hands = [["killer", "civilian"], ["civilian", "doctor"], ["police", "civilian"], ["civilian"] * 2,
             ["doctor", "civilian"], ["secret_police", "civilian"], ["civilian"] * 2, HANDS[7]]
    state, _, rng = start(hands, judge_card="undercover")
    state, _ = night(state, rng, {J1: K3, A6: C8})
    assert state.winner is None
    state, _ = day(state, rng, {})
    state, _ = night(state, rng, {J1: A6})
    assert state.winner is Winner.KILLERS


def test_day_draw_when_both_sides_fall_together() -> None:
    """A seat holding the last J and the last A is kicked out: both sides are wiped out at once (R-draw)."""
    hands = [["killer", "secret_police"], ["police", "civilian"], ["doctor", "civilian"], ["civilian"] * 2,
             ["civilian"] * 2, ["civilian"] * 2, ["civilian"] * 2, ["butterfly", "civilian"]]
    state, _, rng = start(hands, judge_card="undercover")
    state, _ = night(state, rng, {J1: (2, 1)})
    assert state.winner is None
    state, _ = day(state, rng, {}, default=1)
    assert state.winner is Winner.DRAW


class _ForcedRng(random.Random):
    """Counts shuffles; the first one puts J and K in the same hand."""

    shuffles = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        super().shuffle(x)
        self.shuffles += 1
        if self.shuffles == 1:
            i, j = list(x).index("killer"), list(x).index("police")
            x[0], x[i] = x[i], x[0]
            j = list(x).index("police", 1)
            x[1], x[j] = x[j], x[1]


def test_deal() -> None:
    """000 v5.0: 18 cards for 8 players; "If a person touches J and K at the same time, then the deal is
    invalid"; the big monster's holder is the judge and his other card is out of play."""
    seed_deck = ["judge", "butterfly"] + ["killer", "police", "doctor", "secret_police"] * 2 + ["undercover"]
    assert Counter(v5_deck(8)) == Counter(seed_deck + ["civilian"] * 7)
    assert {n: police_count(n) for n in (8, 9, 10, 13, 16)} == {8: 2, 9: 2, 10: 3, 13: 4, 16: 5}
    for n in range(8, 17):
        deck = v5_deck(n)
        assert len(deck) == 2 * (n + 1) and deck.count("secret_police") == 2
        for seed in range(30):
            hands, judge_card = deal_v5(RULES, n, random.Random(seed))
            assert len(hands) == n and all(len(h) == 2 for h in hands)
            assert not any("killer" in h and "police" in h for h in hands)
            assert judge_card is not None
            assert Counter([c for h in hands for c in h] + ["judge", judge_card]) == Counter(deck)
    forced = _ForcedRng(1)
    deal_v5(RULES, 8, forced)
    assert forced.shuffles == 2, "a J+K hand forces a redeal"


def test_random_deal_and_replay() -> None:
    rng = random.Random(5)
    state, events = new_game("v5-dual", rng, players=13)
    [deal] = [e for e in events if e.kind == "deal"]
    assert deal.visible_to == JUDGE_ONLY and deal.data["judge_card"] == state.judge_card
    while not state.is_over():
        req = state.pending[0]
        target = rng.choice(req.targets) if req.targets else None
        state, more = apply(state, Action(req.seat, req.kind, target=target, slot=req.slot), rng)
        events += more
    assert replay("v5-dual", events)[0] == state
