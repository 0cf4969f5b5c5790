"""Rules revision 2 (engine/game.py RULES_REVISION): a silenced seat may not jump-kill (R-silenced-no-jump), v5's
verdict names the cards that leave (R-v5-verdict-cards); a deal recorded without a revision replays under 1."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import RULES_REVISION, recorded_revision
from engine.errors import IllegalActionError, SetupError
from engine.game import apply, new_game, replay
from engine.moves.decisions import Action, DecisionKind
from engine.record.events import Event
from engine.state import GameState, Phase

STD = ["butterfly", "sniper", "doctor", "killer", "killer", "killer", "police", "police", "old_man"] + [
    "civilian"] * 5
K1, OLD = 4, 9
PICKS = {"butterfly": 14, "killer": 10, "police": 13, "doctor": 14, "sniper": 14, "old_man": K1}


def _silence_killer(revision: int) -> tuple[GameState, list[Event], Any]:
    """v4-std: the old man silences killer 4 on night 1; the day runs up to 4's statement."""
    rng = random.Random(0)
    state, events = new_game("v4-std", rng, hands=[[h] for h in STD], revision=revision)
    for req in list(state.pending):
        state, more = apply(state, Action(req.seat, DecisionKind.NIGHT, target=PICKS[str(req.role)]), rng)
        events += more
    assert state.phase is Phase.DAY and K1 in state.silenced
    while state.pending[0].seat != K1:
        req = state.pending[0]
        state, more = apply(state, Action(req.seat, req.kind, accusation=req.accusations[0]), rng)
        events += more
    return state, events, rng


def test_the_deal_records_the_revision() -> None:
    _, events = new_game("v2-classic", random.Random(0))
    assert RULES_REVISION == 2 and events[0].data["rules_revision"] == 2 and recorded_revision(events) == 2
    _, old = new_game("v2-classic", random.Random(0), revision=1)
    assert "rules_revision" not in old[0].data and recorded_revision(old) == 1


@pytest.mark.parametrize("bad", [0, 3, True, "2"])
def test_an_unknown_revision_is_refused(bad: Any) -> None:
    with pytest.raises(SetupError, match="rules revision"):
        new_game("v2-classic", random.Random(0), revision=bad)


def test_a_silenced_killer_may_not_jump_kill() -> None:
    """004 V4.0 other rule 6: "被禁言者，在白天不能发言，也不能有任何其他肢体动作，只能在指认一个号码"; a jump-kill is
    a confession made while speaking (other rule 3)."""
    state, _, rng = _silence_killer(2)
    req = state.pending[0]
    assert not req.may_speak and not req.may_confess and req.accusations
    with pytest.raises(IllegalActionError, match="jump-kill"):
        apply(state, Action(K1, DecisionKind.STATEMENT, confess=True), rng)


def test_an_unsilenced_killer_still_may() -> None:
    state, _, rng = _silence_killer(2)
    req = state.pending[0]
    state, _ = apply(state, Action(K1, req.kind, accusation=req.accusations[0]), rng)
    nxt = state.pending[0]
    assert state.seat(nxt.seat).role == "killer" and nxt.seat not in state.silenced and nxt.may_confess


def test_a_revision_1_game_replays_with_its_silenced_jump_kill() -> None:
    """Transcripts written before revision 2 still verify: their silenced confessions stand."""
    state, events, rng = _silence_killer(1)
    assert state.pending[0].may_confess
    state, more = apply(state, Action(K1, DecisionKind.STATEMENT, confess=True), rng)
    events += more
    assert not state.seat(K1).alive and state.phase is Phase.NIGHT
    again, produced = replay("v4-std", events)
    assert again == state and [e.data for e in produced] == [e.data for e in events]


V5 = [["killer", "civilian"], ["police", "doctor"], ["civilian", "civilian"], ["civilian", "secret_police"],
      ["undercover", "civilian"], ["doctor", "civilian"], ["killer", "butterfly"], ["secret_police", "civilian"]]


def _v5_vote_out(revision: int, seat: int) -> list[Event]:
    rng = random.Random(0)
    state, events = new_game("v5-dual", rng, hands=V5, judge_card="civilian", revision=revision)
    while state.phase is Phase.NIGHT:
        req = state.pending[0]
        target = None if None in req.targets else next(t for t in req.targets if isinstance(t, tuple)
                                                        and t[0] not in (req.seat, seat))
        state, more = apply(state, Action(req.seat, req.kind, target=target, slot=req.slot), rng)
        events += more
    while state.phase is Phase.DAY and state.pending:
        req = state.pending[0]
        target = seat if req.kind is DecisionKind.VOTE else None
        state, more = apply(state, Action(req.seat, req.kind, target=target), rng)
        events += more
    return events


def test_the_v5_verdict_names_both_cards() -> None:
    """R-v5-execution: a vote kicks out the whole player, both cards; revision 2 names them in the verdict."""
    events = _v5_vote_out(2, 3)
    verdict = next(e for e in events if e.kind == "verdict")
    assert verdict.data["executed"] == 3 and verdict.data["cards"] == [[3, 1], [3, 2]]
    assert verdict.visible_to is None  # public: which cards left, never what they were
    old = next(e for e in _v5_vote_out(1, 3) if e.kind == "verdict")
    assert "cards" not in old.data
