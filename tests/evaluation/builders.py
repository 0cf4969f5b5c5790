"""Hand-built inputs for evaluation tests: a tiny game written event by event, with known answers, and the
smallest tournament file a test plays for real."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import Event

JUDGE = frozenset()


def decision(kind: str, seat: int, target: Any = None, accusation: int | None = None, speech: str = "",
             visible: frozenset[int] | None = None) -> Event:
    """A decision event as the engine records it (role/action omitted: metrics do not read them)."""
    wire = {"night_choice": "night"}.get(kind, kind)
    data = {"seat": seat, "kind": wire, "target": target, "speech": speech, "accusation": accusation,
            "confess": False, "slot": 1}
    return Event(kind, data, visible)


def note(claimed: str | None = None, suspicions: dict[int, float] | None = None, **more: Any) -> dict[str, Any]:
    """An annotation like orchestrator.decide.annotation_dict writes."""
    out: dict[str, Any] = {"agent": "llm", "model": "m", "prompt_tokens": None, "completion_tokens": None,
                           "cached_tokens": None, "latency_s": 0.0, "retries": 0, "fallback": None, "errors": [],
                           "claimed_role": claimed, "reasoning": "",
                           "suspicions": {str(k): v for k, v in (suspicions or {}).items()}}
    out.update(more)
    return out


# A 5-seat v1-like game: seats 1 and 2 are killers; 3, 4, 5 civilians.
HANDS = [["killer"], ["killer"], ["civilian"], ["civilian"], ["civilian"]]


def tiny_game() -> list[tuple[Event, dict[str, Any] | None]]:
    """Night 1 the killers kill 5; day 1: statements, votes, seat 1 is executed; night 2 they kill 4; killers
    win (2 killers... then one killer and one civilian left). Known counts are asserted in test_metrics."""
    return [
        (Event("deal", {"hands": HANDS, "judge_card": None}, JUDGE), None),
        (Event("game_starts", {"ruleset": "v1", "players": 5}), None),
        (Event("night_falls", {"night": 1}), None),
        (decision("night_choice", 1, target=5, visible=frozenset({1, 2})), note()),
        (Event("death", {"seat": 5, "public_cause": "night"}), None),
        (Event("day_begins", {"day": 1}), None),
        # seat 1 (killer) claims civilian: a lie; accuses 3 (a civilian)
        (decision("statement", 1, accusation=3, speech="I am a civilian."), note("civilian", {2: 1.0, 3: 0.0})),
        # seat 3 (civilian) claims civilian truthfully; accuses 1 (a killer); suspicions 1: 0.8, 2: 0.5, 4: 0.1
        (decision("statement", 3, accusation=1, speech="Seat 1 is lying."),
         note("civilian", {1: 0.8, 2: 0.5, 4: 0.1})),
        # seat 4 (civilian) claims police (a lie by the good side); accuses 2 (a killer)
        (decision("statement", 4, accusation=2, speech="I am police."), note("police", {1: 0.5, 2: 0.5, 3: 0.5})),
        # seat 2 says nothing (no speech: not counted as a speech)
        (decision("statement", 2, accusation=4, speech=""), note()),
        (decision("vote", 1, target=3), note()),
        (decision("vote", 2, target=3), note()),
        (decision("vote", 3, target=1), note(fallback="illegal", retries=2, latency_s=2.0)),
        (decision("vote", 4, target=None), note(prompt_tokens=100, completion_tokens=10, latency_s=4.0)),
        (Event("verdict", {"day": 1, "executed": 3, "how": "vote"}), None),
        (Event("death", {"seat": 3, "public_cause": "executed"}), None),
        (Event("night_falls", {"night": 2}), None),
        (decision("night_choice", 2, target=4, visible=frozenset({1, 2})), note()),
        (Event("death", {"seat": 4, "public_cause": "night"}), None),
        (Event("game_over", {"winner": "killers"}), None),
        (Event("reveal", {"cards": {str(i + 1): h for i, h in enumerate(HANDS)}, "judge_card": None}), None),
    ]


HEADER = {"type": "header", "game_id": "tiny", "ruleset": "v1", "seed": 1, "players": 5,
          "seats": [{"seat": s, "agent": "llm", "model": "m"} for s in range(1, 6)]}
END = {"type": "end", "winner": "killers", "events": 21, "decisions": 10, "nights": 2, "days": 1}


def write_transcript(path: Path, entries: list[tuple[Event, dict[str, Any] | None]] | None = None,
                     end: bool = True) -> Path:
    """Writes the tiny game (or `entries`) as a JSONL transcript."""
    rows: list[dict[str, Any]] = [HEADER]
    for i, (event, ann) in enumerate(entries if entries is not None else tiny_game()):
        row: dict[str, Any] = {"i": i, "event": event.to_dict()}
        if ann is not None:
            row["annotation"] = ann
        rows.append(row)
    if end:
        rows.append(END)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


# A 6-seat game for deception, survival and persuasion: seats 1, 2 killers; 3-6 good. Day 1 is a plurality
# ballot; day 2 a nomination (accused -> yes/no hands). Every expected count is worked out in test_deception.py.
SIX = [["killer"], ["killer"], ["civilian"], ["police"], ["civilian"], ["civilian"]]


def six_game() -> list[tuple[Event, dict[str, Any] | None]]:
    """Night 1 kills 6 (last words at dawn accuse 1); day 1 executes 1; night 2 kills 5; day 2 executes 2."""
    s = note
    return [
        (Event("deal", {"hands": SIX, "judge_card": None}, JUDGE), None),
        (Event("night_falls", {"night": 1}), None),
        (decision("night_choice", 1, target=6, visible=frozenset({1, 2})), None),
        (Event("death", {"seat": 6, "public_cause": "night"}), None),
        (decision("last_words", 6, accusation=1, speech="1!"), s(None, {1: .9, 2: .2, 3: .1, 4: .1, 5: .1})),
        (Event("day_begins", {"day": 1}), None),
        (decision("statement", 1, accusation=3, speech="3!"), s("civilian", {2: 1.0, 3: 0.0, 4: 0.0, 5: 0.0})),
        (decision("statement", 3, accusation=1, speech="1!"), s("civilian", {1: .7, 2: .4, 4: .2, 5: .2})),
        (decision("statement", 4, accusation=5, speech="5!"), s("police", {1: .6, 2: .3, 3: .1, 5: .2})),
        (decision("vote", 1, target=3), s(None, {2: 1.0, 3: 0.0, 4: 0.0, 5: 0.0})),
        (decision("vote", 2, target=3), s(None, {1: 1.0, 3: 0.0, 4: 0.0, 5: 0.0})),
        (decision("vote", 3, target=1), s(None, {1: .8, 2: .4, 4: .2, 5: .2})),
        (decision("vote", 4, target=1), None),
        (decision("vote", 5, target=2), s(None, {1: .3, 2: .6, 3: .1, 4: .1})),
        (Event("verdict", {"day": 1, "executed": 1, "how": "vote"}), None),
        (Event("death", {"seat": 1, "public_cause": "executed"}), None),
        (decision("last_words", 1, accusation=4, speech="4!"), s(None, {2: 1.0, 3: 0.0, 4: 0.0, 5: 0.0})),
        (Event("night_falls", {"night": 2}), None),
        (decision("night_choice", 2, target=5, visible=frozenset({2})), None),
        (Event("death", {"seat": 5, "public_cause": "night"}), None),
        (Event("day_begins", {"day": 2}), None),
        (Event("accusation_round", {"day": 2, "round": 1, "ballot": 1, "final": False, "order": [2, 3, 4]}), None),
        (decision("statement", 2, accusation=3, speech="3!"), s("civilian", {3: 0.0, 4: 0.0})),
        (decision("statement", 3, accusation=2, speech="2!"), s("civilian", {2: .9, 4: .1})),
        (decision("statement", 4, accusation=2, speech="2!"), None),
        (Event("accused", {"day": 2, "round": 1, "ballot": 1, "seat": 2, "counts": {"2": 2, "3": 1}}), None),
        (decision("defense", 2, speech="not me"), s("civilian", {3: 0.0, 4: 0.0})),
        (decision("vote", 3, target=2), s(None, {2: .3, 4: .2})),
        (decision("vote", 4, target=None), s(None, {2: .8, 3: .1})),
        (Event("hands", {"day": 2, "round": 1, "ballot": 2, "defendant": 2, "yes": 1, "no": 1}), None),
        (Event("verdict", {"day": 2, "executed": 2, "how": "vote"}), None),
        (Event("death", {"seat": 2, "public_cause": "executed"}), None),
        (Event("game_over", {"winner": "good"}), None),
    ]


SIX_HEADER = {"type": "header", "game_id": "six", "ruleset": "v3.5-std", "seed": 2, "players": 6,
              "seats": [{"seat": s, "agent": "llm", "model": "m"} for s in range(1, 7)]}
SIX_END = {"type": "end", "winner": "good", "days": 2, "nights": 2}
SIX_ROSTER = {1: "a", 2: "b", 3: "a", 4: "b", 5: "a", 6: "b"}


# A 6-seat game with public claims and police checks: 1, 2 killers (they know each other); 3 police; 4-6 civilians.
# Every expected count is worked out in test_grounded.py.
CLAIMS = [["killer"], ["killer"], ["police"], ["civilian"], ["civilian"], ["civilian"]]


def said(seat: int, accusation: int | None, claim: Any, kind: str = "statement") -> Event:
    """A public speech carrying the agent issue's structured claim (absent key: an older transcript)."""
    event = decision(kind, seat, accusation=accusation, speech="...")
    event.data["claim"] = claim
    return event


def claims_game() -> list[tuple[Event, dict[str, Any] | None]]:
    """Night 1: 6 killed, police 3 checks 1 (killer). Day 1: lies and a bus vote; 1 executed. Night 2: 3 killed.
    Day 2: killer 2 lies again, 4 (good) is executed; killers win."""
    police = {"role": "police", "checks": [{"night": 1, "target": 1, "result": "killer"},
                                           {"night": 1, "target": 1, "result": "not_killer"}]}
    return [
        (Event("deal", {"hands": CLAIMS, "judge_card": None}, JUDGE), None),
        (Event("teammates", {"role": "killer", "seats": [1, 2]}, frozenset({1, 2})), None),
        (Event("teammates", {"role": "police", "seats": [3]}, frozenset({3})), None),
        (Event("night_falls", {"night": 1}), None),
        (decision("night_choice", 1, target=6, visible=frozenset({1, 2})), None),
        (Event("check_result", {"night": 1, "by": "police", "target": 1, "result": "killer"}, frozenset({3})), None),
        (Event("death", {"seat": 6, "public_cause": "night"}), None),
        (Event("day_begins", {"day": 1}), None),
        # killer 1 says police and reports a check it never made; accuses 4 (known good) writing P = 0.9 on it
        (said(1, 4, {"role": "police", "checks": [{"night": 1, "target": 4, "result": "killer"}]}),
         note("police", {4: 0.9, 2: 1.0, 3: 0.2, 5: 0.2})),
        # police 3: true role; one true check and one with the wrong result; rates its checked killer 0.3
        (said(3, 1, police), note("police", {1: 0.3, 2: 0.5, 4: 0.1, 5: 0.1})),
        # civilian 4 says police but labels itself civilian: a public lie the label hides
        (said(4, 2, {"role": "police", "checks": []}), note("civilian", {1: 0.5, 2: 0.5})),
        # 5's speech fell back: its claim is the program's, not counted
        (said(5, 1, {"role": "police", "checks": []}), note("police", fallback="timeout")),
        (said(2, 3, {"role": "civilian", "checks": []}), note("civilian", {1: 1.0, 3: 0.0})),
        (decision("vote", 1, target=4), None),
        (decision("vote", 2, target=1), None),  # a bus
        (decision("vote", 3, target=1), None),
        (decision("vote", 4, target=1), None),
        (decision("vote", 5, target=3), note(fallback="timeout")),
        (Event("verdict", {"day": 1, "executed": 1, "how": "vote"}), None),
        (Event("death", {"seat": 1, "public_cause": "executed"}), None),
        (Event("night_falls", {"night": 2}), None),
        (decision("night_choice", 2, target=3, visible=frozenset({2})), None),
        (Event("death", {"seat": 3, "public_cause": "night"}), None),
        (Event("day_begins", {"day": 2}), None),
        (said(2, 4, {"role": "civilian", "checks": []}), None),
        (said(4, 2, None), None),
        (decision("vote", 2, target=4), None),
        (decision("vote", 4, target=2), None),
        (decision("vote", 5, target=4), None),
        (Event("verdict", {"day": 2, "executed": 4, "how": "vote"}), None),
        (Event("death", {"seat": 4, "public_cause": "executed"}), None),
        (Event("game_over", {"winner": "killers"}), None),
    ]


CLAIMS_HEADER = {"type": "header", "game_id": "claims", "ruleset": "v2", "seed": 3, "players": 6,
                 "seats": [{"seat": s, "agent": "llm", "model": "m"} for s in range(1, 7)]}
CLAIMS_END = {"type": "end", "winner": "killers", "days": 2, "nights": 2}


def accept_hand_built(monkeypatch: Any) -> None:
    """Reports replay each game and leave out one its seed does not play (evaluation/load/played.py
    left_out_reason); the games built here are hand-made, so a test of what a report computes from them lets
    them in."""
    from evaluation.load import played

    monkeypatch.setattr(played, "left_out_reason", lambda t: None)


def hard_vs_easy(name: str) -> str:
    """A tournament file: scripted:hard against scripted:easy, one deal of v2-classic:8 (seed 3), in English: the
    smallest run a test of labels, the judge or the export plays for real."""
    return f"""name = "{name}"
seeds = 1
first_seed = 3
lang = "en"
rulesets = ["v2-classic:8"]

[[contestants]]
name = "hard"
agent = "scripted:hard"

[[contestants]]
name = "easy"
agent = "scripted:easy"
"""
