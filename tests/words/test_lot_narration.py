"""Issue 20 item 7: a tie of four for the second suspect. The engine draws, one after another, the seats to leave
out (R-v2-suspect-tie; those draws stay as they are); the narration says which seats tied, which one each draw
leaves out and which seat the lot kept, so the suspects line that follows agrees with it: in en and zh, in
`killer run`'s narration, `killer render` and the TUI feed."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from engine import Action, DecisionKind, EventKind, apply, default_action, new_game
from orchestrator.output.narrate import Narrator
from orchestrator.output.render import render
from orchestrator.store.transcript import Entry, Transcript
from tui.format import feed_lines


def _ballot(voters: list[int]) -> dict[int, int]:
    """The first living seat leads with 3 votes; the next four tie with 2 each for the second suspect place."""
    living = sorted(voters)
    hands = [living[0]] * 3 + [s for s in living[1:5] for _ in range(2)]
    hands += [living[-1]] * (len(voters) - len(hands))  # any vote left over goes to a seat out of the race
    shuffler = random.Random(0)
    while True:  # nobody votes for themself
        shuffler.shuffle(hands)
        if all(v != t for v, t in zip(living, hands, strict=True)):
            return dict(zip(living, hands, strict=True))


def _game() -> list[Entry]:
    rng = random.Random(11)
    state, events = new_game("v2-classic", rng, players=12)
    voted = False
    while not voted:
        request = state.pending[0]
        if request.kind is DecisionKind.VOTE:
            voted = True
            for seat, target in _ballot([r.seat for r in state.pending]).items():
                state, new = apply(state, Action(seat, DecisionKind.VOTE, target=target), rng)
                events += new
            continue
        state, new = apply(state, default_action(request), rng)
        events += new
    return [Entry(i, e) for i, e in enumerate(events)]


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    played = _game()
    draws = [e.event for e in played if e.event.kind == EventKind.DRAW]
    assert len(draws) == 3 and len(draws[0].data["options"]) == 4  # the tie of four, three seats left out
    return played


def _kept(entries: list[Entry]) -> int:
    (suspects,) = [e.event.data["seats"] for e in entries if e.event.kind == EventKind.SUSPECTS]
    assert 1 in suspects
    return int(next(s for s in suspects if s != 1))


def _check(lines: list[str], lang: str, entries: list[Entry]) -> None:
    """The tie (all four seats), each seat left out, the seat kept, then the suspects: in that order."""
    draws = [e.event.data for e in entries if e.event.kind == EventKind.DRAW]
    tied, out, kept = draws[0]["options"], [d["result"] for d in draws], _kept(entries)
    text = " ".join(lines)
    tie = (f"among seats {', '.join(map(str, tied))} (a tie for suspect)" if lang == "en"
           else f"在{'、'.join(map(str, tied))}号之间抽签（嫌疑人平票）")
    said = [tie] + [f"seat {s} is left out" if lang == "en" else f"{s}号落选" for s in out]
    said += [f"seat {kept} is kept" if lang == "en" else f"留下{kept}号",
             f"The suspects are seats 1, {kept}" if lang == "en" else f"嫌疑人是1、{kept}号"]
    at = [text.find(s) for s in said]
    assert -1 not in at and at == sorted(at), (said, text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_killer_run_narrates_the_tie_and_the_seat_kept(entries: list[Entry], lang: str) -> None:
    out = io.StringIO()
    narrator = Narrator(Console(file=out, width=200, color_system=None), lang=lang, god=False)
    for entry in entries:
        narrator.on_entry(entry)
    _check(out.getvalue().splitlines(), lang, entries)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_render_narrates_the_tie_and_the_seat_kept(entries: list[Entry], lang: str) -> None:
    header = {"game_id": "lots", "ruleset": "v2-classic", "seed": 11, "players": 12, "lang": lang, "seats": []}
    text = render(Transcript(Path("lots.jsonl"), header, entries))
    _check(text.splitlines(), lang, entries)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tui_feed_narrates_the_tie_and_the_seat_kept(entries: list[Entry], lang: str) -> None:
    public = [e for e in entries if e.event.visible_to is None]
    lines = [line.text.plain for line in feed_lines(public, lang, god=False)]
    _check(lines, lang, entries)
