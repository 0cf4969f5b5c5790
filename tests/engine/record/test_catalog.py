"""The catalogue tells the truth: every event the engine emits is catalogued, carries only catalogued fields and
is seen by whom its entry says; the engine itself names kinds through EventKind."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import engine
from agents.bots.random_bot import choose
from engine.record.catalog import CATALOGUE, Seen

ENGINE = Path(engine.__file__).parent


def _seen_as(visible_to: frozenset[int] | None) -> set[Seen]:
    if visible_to is None:
        return {Seen.PUBLIC, Seen.DRAWN}
    if not visible_to:
        return {Seen.JUDGE}
    return {Seen.SEAT, Seen.TEAM, Seen.DRAWN} if len(visible_to) == 1 else {Seen.TEAM, Seen.DRAWN}


@pytest.mark.parametrize("ruleset", [r.id for r in engine.all_rulesets()])
def test_emitted_events_match_their_entries(ruleset: str) -> None:
    kinds = set()
    for seed in range(15):
        rng, agents = random.Random(seed), random.Random(seed + 100)
        state, events = engine.new_game(ruleset, rng)
        events = list(events)
        while not state.is_over():
            state, more = engine.apply(state, choose(state.pending[0], agents), rng)
            events += more
        for e in events:
            entry = CATALOGUE[e.kind]
            assert set(e.data) <= set(entry.fields), (e.kind, set(e.data) - set(entry.fields))
            assert entry.seen in _seen_as(e.visible_to), (e.kind, e.visible_to)
            kinds.add(e.kind)
    assert len(kinds) > 15


def test_the_engine_emits_kinds_by_name() -> None:
    """judge.emit(EventKind.X, ...): a literal first argument would bypass the catalogue."""
    literal = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                literal.append(f"{path.name}:{node.lineno}")
    assert literal == []
