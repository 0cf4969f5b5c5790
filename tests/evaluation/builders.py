"""Hand-built transcripts for metric tests: a tiny game written event by event, with known answers."""

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
