"""The strategic scripted bots (agents/bots/): levels, each strategy seen in seeded games, claims weighed,
speech that varies, reasoning in words."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

import engine
from agents.base import Decision
from agents.bots.levels import STRATEGY_VERSION, Level, LevelError, parse_level
from agents.bots.reports import telling_checks
from agents.bots.scripted import ScriptedAgent
from agents.bots.strategies.phrases import PHRASES, REASONS
from agents.view import SeatView
from engine import ClaimedCheck, DecisionKind, Event, EventKind, Request
from engine.moves.decisions import MAX_CLAIMED_CHECKS
from evaluation.balance.study import play as balance_play
from evaluation.games.metrics import side_of


@dataclass
class Game:
    """A finished seeded game: its events, every decision with its seat, and each seat's side."""

    events: list[Event]
    decisions: list[Decision] = field(default_factory=list)
    killers: set[int] = field(default_factory=set)
    roles: dict[int, str] = field(default_factory=dict)


def play(ruleset: str, seed: int, level: str = "hard", lang: str = "en", good: str | None = None) -> Game:
    """One seeded game; `good` plays the good seats at another level (killers play `level`)."""
    rng = random.Random(seed)
    state, events = engine.new_game(ruleset, rng)
    game = Game(list(events))
    game.killers = {s.number for s in state.seats if side_of(s.cards) == "killers"}
    game.roles = {s.number: s.cards[0] for s in state.seats}
    bots = {lv: ScriptedAgent(seed, lang, level=lv) for lv in {level, good or level}}
    n = len(state.seats)
    while not state.is_over():
        batch = [(r, bots[level if r.seat in game.killers else good or level].choose(
            SeatView(r.seat, ruleset, n, tuple(engine.observation(game.events, r.seat)), lang), r))
            for r in engine.current_batch(state)]
        for request, decision in batch:
            if state.is_over() or request not in state.pending:
                break
            assert engine.is_legal(state, decision.action), decision.action
            game.decisions.append(decision)
            state, more = engine.apply(state, decision.action, rng)
            game.events.extend(more)
    return game


def claims(game: Game) -> list[tuple[int, int, dict]]:
    """(event index, speaker, claim) of every public speech that carries a claim."""
    return [(i, int(e.data["seat"]), e.data["claim"]) for i, e in enumerate(game.events)
            if e.kind in engine.SPEECHES and isinstance(e.data.get("claim"), dict)]


# -- levels ---------------------------------------------------------------------------------------
def test_levels_are_named_by_the_agent_kind() -> None:
    assert parse_level("scripted") is Level.NORMAL
    assert parse_level("scripted:hard") is Level.HARD and parse_level("scripted:easy") is Level.EASY
    with pytest.raises(LevelError, match="unknown scripted level 'expert' \\(known: easy, normal, hard\\)"):
        parse_level("scripted:expert")
    bot = ScriptedAgent(1, level="hard")
    assert bot.describe() == {"level": "hard", "strategy": STRATEGY_VERSION}


def test_easy_is_the_honest_baseline_unchanged() -> None:
    """easy plays the code path of the bot before levels: no claim ever names a role the speaker lacks, except
    killers posing as civilians."""
    for seed in range(4):
        game = play("v2-classic", seed, level="easy")
        for _, speaker, claim in claims(game):
            role = game.roles[speaker]
            assert claim["role"] in (None, "civilian" if speaker in game.killers else role)


# -- each strategy, in seeded games ------------------------------------------------------------------
def test_a_killer_counter_claims_the_police_with_an_invented_check() -> None:
    for seed in range(30):
        game = play("v2-classic", seed)
        for _, speaker, claim in claims(game):
            if speaker in game.killers and claim["role"] == "police" and claim["checks"]:
                told = {(c["target"], c["result"]) for c in claim["checks"]}
                truth = {(t, "killer" if t in game.killers else "not_killer") for t, _ in told}
                assert told != truth, "a fake police that only tells the truth is no fake"
                return
    pytest.fail("no killer counter-claimed the police in 30 hard games")


def test_a_doctor_protects_a_seat_that_claimed_the_police() -> None:
    for seed in range(30):
        game = play("v2.5-std", seed)
        for i, e in enumerate(game.events):
            if e.kind == EventKind.NIGHT_CHOICE and e.data.get("action") == "save":
                claimed = {s for j, s, c in claims(game) if j < i and c["role"] == "police" and s != e.data["seat"]}
                if e.data["target"] in claimed:
                    return
    pytest.fail("no doctor saved a claimed police in 30 hard games")


def test_a_hidden_police_reveals_late() -> None:
    """A police first poses as a civilian, then on a later day claims the police with its real checks."""
    for seed in range(30):
        game = play("v3", seed)
        said: dict[int, list[tuple[int, dict]]] = {}
        day = 0
        for e in game.events:
            day = int(e.data["day"]) if e.kind == EventKind.DAY_BEGINS else day
            if e.kind in engine.SPEECHES and isinstance(e.data.get("claim"), dict):
                said.setdefault(int(e.data["seat"]), []).append((day, e.data["claim"]))
        for seat, history in said.items():
            if game.roles[seat] != "police" or history[0][1]["role"] != "civilian":
                continue
            late = [(d, c) for d, c in history if c["role"] == "police"]
            if late and late[0][0] > history[0][0]:
                assert all(c["result"] in ("killer", "not_killer") for c in late[0][1]["checks"])
                return
    pytest.fail("no hidden police revealed on a later day in 30 hard games")


def test_a_good_seat_sides_with_the_police_claim_the_record_backs() -> None:
    """Seeded: where a killer counter-claims, good seats say which claim they believe and accuse the false one."""
    for seed in range(40):
        game = play("v3", seed)
        for d in game.decisions:
            seat = d.action.seat
            if seat in game.killers or d.action.kind is not DecisionKind.STATEMENT:
                continue
            weighed = any(w in d.action.speech for w in ("both claim the police", "I side with", "I believe seat"))
            if weighed and d.action.accusation in game.killers:
                return
    pytest.fail("no good seat weighed two police claims and accused the false one in 40 hard games")


def _ev(event_kind: EventKind, seen: frozenset[int] | None = None, **data: object) -> Event:
    return Event(event_kind, dict(data), seen)


def test_two_conflicting_police_claims_are_weighed_not_first_believed() -> None:
    """Seat 5 claims the police first and calls seat 7 a killer; seat 7 claims the police and calls seat 5 a
    killer; then seat 7 dies in the night (killers hunt the police). A civilian believes 7 and accuses 5."""
    def claim(seat: int, target: int) -> Event:
        return _ev(EventKind.STATEMENT, seat=seat, kind="statement", speech="", accusation=target,
                   claim={"role": "police", "checks": [{"night": 1, "target": target, "result": "killer"}]})

    events = [_ev(EventKind.YOUR_CARDS, frozenset({3}), seat=3, cards=["civilian"]),
              _ev(EventKind.NIGHT_FALLS, night=1), _ev(EventKind.DEATH, seat=12, public_cause="night"),
              _ev(EventKind.DAWN, night=1, dead=[12]), _ev(EventKind.DAY_BEGINS, day=1),
              claim(5, 7), claim(7, 5),
              _ev(EventKind.NIGHT_FALLS, night=2), _ev(EventKind.DEATH, seat=7, public_cause="night"),
              _ev(EventKind.DAWN, night=2, dead=[7]), _ev(EventKind.DAY_BEGINS, day=2)]
    view = SeatView(3, "v2-classic", 12, tuple(events))
    living = [s for s in range(1, 13) if s not in (7, 12)]
    speak = Request(3, DecisionKind.STATEMENT, accusations=(None, *[s for s in living if s != 3]))
    decision = ScriptedAgent(9, level="hard").choose(view, speak)
    assert decision.action.accusation == 5
    assert decision.suspicions[5] > 0.5 > max(p for s, p in decision.suspicions.items() if s != 5)
    assert "seat 7" in decision.action.speech and "seat 5" in decision.action.speech
    assert "Seat 7 claims the police; I believe it at" in decision.reasoning
    vote = ScriptedAgent(9, level="hard").choose(view, Request(3, DecisionKind.VOTE, targets=tuple(living)))
    assert vote.action.target == 5


# -- words ---------------------------------------------------------------------------------------------
def test_both_languages_have_every_phrase() -> None:
    assert PHRASES["en"].keys() == PHRASES["zh"].keys()
    assert all(len(PHRASES["en"][k]) == len(PHRASES["zh"][k]) for k in PHRASES["en"])
    assert REASONS["en"].keys() == REASONS["zh"].keys()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_seat_says_the_same_thing_twice_in_a_row_and_speech_varies(lang: str, level: str) -> None:
    distinct: set[str] = set()
    for ruleset, seed in (("v2-classic", 1), ("v3", 2), ("v4-classic", 3), ("v2.5-std", 4)):
        game = play(ruleset, seed, level=level, lang=lang)
        last: dict[int, str] = {}
        for e in game.events:
            if e.kind in engine.SPEECHES and e.data.get("speech"):
                seat, text = int(e.data["seat"]), str(e.data["speech"])
                assert last.get(seat) != text, f"seat {seat} repeated itself: {text}"
                last[seat] = text
                distinct.add(text)
                if lang == "zh":
                    assert not re.search("[A-Za-z]", text), text
    assert len(distinct) > 60


BRACES = re.compile(r"[{}\[\]]|\b[a-z]+_[a-z_]+\b|None|True|False")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_private_reasoning_is_sentences_not_a_dict(lang: str) -> None:
    game = play("v4-classic", 5, lang=lang)
    texts = [d.reasoning for d in game.decisions]
    assert texts and all(t for t in texts)
    for text in texts:
        assert not BRACES.search(text), text
        if lang == "zh":
            assert not re.search("[A-Za-z]", text), text
        else:
            assert text.startswith("I am seat") and text.endswith(".")


def test_a_check_is_read_from_the_structured_claim_not_from_the_words() -> None:
    """A speech that only says the old template sentence claims nothing; the same check as a claim counts."""
    def speech(claim: dict | None) -> Event:
        return _ev(EventKind.STATEMENT, seat=5, kind="statement", speech="My check: seat 9 is a killer.",
                   accusation=None, **({"claim": claim} if claim else {}))

    base = [_ev(EventKind.YOUR_CARDS, frozenset({3}), seat=3, cards=["civilian"]),
            _ev(EventKind.NIGHT_FALLS, night=1), _ev(EventKind.DAY_BEGINS, day=1)]
    request = Request(3, DecisionKind.VOTE, targets=tuple(s for s in range(1, 13) if s != 3))
    words = ScriptedAgent(2, level="hard").choose(SeatView(3, "v2-classic", 12, (*base, speech(None))), request)
    claimed = ScriptedAgent(2, level="hard").choose(SeatView(3, "v2-classic", 12, (*base, speech(
        {"role": "police", "checks": [{"night": 1, "target": 9, "result": "killer"}]}))), request)
    assert words.suspicions[9] == words.suspicions[4]
    assert claimed.suspicions[9] > 0.5 and claimed.action.target == 9


def test_the_secret_police_keeps_its_shot_on_the_first_night_and_uses_it_later() -> None:
    """000 v3.0: the privilege "should not be used lightly, at least not in the first round"."""
    shots: list[tuple[int, bool]] = []
    for seed in range(20):
        game = play("v3", seed)
        night = 0
        for e in game.events:
            night = int(e.data["night"]) if e.kind == EventKind.NIGHT_FALLS else night
            if e.kind == EventKind.NIGHT_CHOICE and e.data.get("action") == "shoot" and e.data.get("target"):
                shots.append((night, e.data["target"] in game.killers))
    assert shots and all(n > 1 for n, _ in shots)
    assert sum(hit for _, hit in shots) > len(shots) / 2


def test_a_police_claim_keeps_every_killer_found_and_the_latest_clears() -> None:
    checks = [ClaimedCheck(n, n + 1, "killer" if n == 1 else "not_killer") for n in range(1, 13)]
    told = telling_checks(checks)
    assert len(told) == MAX_CLAIMED_CHECKS
    assert told[0] == checks[0]  # the killer found on night 1 survives the cut
    assert [c.night for c in told[1:]] == list(range(6, 13))  # then the most recent clears, by night


@pytest.mark.parametrize("level", ["easy", "hard"])
@pytest.mark.parametrize("players", [15, 16])
def test_long_v5_games_never_overflow_a_claim(level: str, players: int) -> None:
    """v5 police check every night: by day 9 a revealing police had more checks than a claim holds, and the
    judge refused its speech (about one fallback a game at 15-16 seats before the cut)."""
    # five seeds: since the killers spare their undercover (issue 33) the first three end by day 8 at 15 seats
    outcomes = [balance_play("v5-dual", players, seed, f"scripted:{level}") for seed in range(5)]
    assert max(o.days for o in outcomes) >= 9  # long enough that the checks outnumber the cap
    assert [o.fallbacks for o in outcomes] == [0] * 5
