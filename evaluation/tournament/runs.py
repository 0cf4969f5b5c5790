"""Runs merged by game identity: a copied game counts once, however many folders hold it.

A game's identity is a hash of its header's roster (the contestant per seat the tournament recorded, else each
seat's agent and model), the schedule, the program version (the prompts' version: prompts ship with the
package), the language, the ruleset, table size and seed, and the deal itself. Two rosters on the same seeds
are different games; the same game copied into two folders (or renamed) is one. Contestant names and prices come from
the headers, so two contestants on one model stay apart when loose transcripts are merged.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine import Event, EventKind


def recorded_tournament(header: Mapping[str, Any]) -> Mapping[str, Any]:
    """The tournament record of a header (options.tournament), or {} for a game played alone."""
    return ((header.get("options") or {}).get("tournament") or {}) if isinstance(header, Mapping) else {}


def roster_of(header: Mapping[str, Any]) -> dict[int, str]:
    """Contestant per seat: the tournament's names, else each seat's model or agent."""
    named = recorded_tournament(header).get("roster") or {}
    if named:
        return {int(s): str(n) for s, n in named.items()}
    return {int(s["seat"]): str(s.get("model") or s.get("agent")) for s in header.get("seats", [])}


def game_identity(header: Mapping[str, Any], events: Sequence[Event]) -> str:
    """The hash that says two transcripts are the same game."""
    deal = next((e.data for e in events if e.kind == EventKind.DEAL), None)
    record = recorded_tournament(header)
    key = {"roster": {str(s): n for s, n in sorted(roster_of(header).items())},
           "schedule": record.get("schedule"), "version": (header.get("versions") or {}).get("killer"),
           "lang": header.get("lang"), "ruleset": header.get("ruleset"), "players": header.get("players"),
           "seed": header.get("seed"), "dealt": deal}
    return hashlib.sha256(json.dumps(key, sort_keys=True, default=str).encode()).hexdigest()[:16]
