"""One game through the three surfaces (the Markdown render, the HTML page, the TUI feed) in the public view, the
god view and each seat's view: all three show the same events and the same annotations (ruling R-view,
engine.record.view.seen). The rulings themselves are stated here as the test's own expectation: the end-of-game
reveal of every card is public once the game is over; a seat reads its own decisions' annotations, never another's;
god reads everything."""

from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engine import SPEECHES, EventKind
from engine.record.view import GOD, PUBLIC, View
from orchestrator.output.html.page import replay_page
from orchestrator.output.html.timeline import phases
from orchestrator.output.render import render
from orchestrator.store.transcript import Entry, Transcript, read_transcript
from tui.format import feed_lines
from tui.state.model import build
from words.narrator import echoes, heading, sentence

SAMPLE = Path(__file__).parents[3] / "transcripts" / "samples" / "v3-scripted-en-s5.jsonl"
# An annotation's reasoning becomes MARK + its index, a speech's words SAID + its index: words no surface escapes
# or rewords, so finding one names its entry (the surfaces lay speeches out differently: a quote, a bubble).
MARK, SAID = "zqnote", "zqsaid"


def marked(t: Transcript) -> Transcript:
    """The game with every annotation's reasoning and every speech replaced by a marker naming its entry."""
    entries = []
    for e in t.entries:
        event = e.event
        if event.kind in SPEECHES and event.data.get("speech"):
            event = replace(event, data={**event.data, "speech": f"{SAID}{e.i}x"})
        entries.append(Entry(e.i, event, {**e.annotation, "reasoning": f"{MARK}{e.i}x"} if e.annotation else None))
    return replace(t, entries=entries)


Shown = tuple[set[int], set[int]]  # the entries whose event a surface shows, and those whose annotation it shows


def markdown_shows(t: Transcript, view: View) -> Shown:
    text = render(t, god=view == GOD, seat=view if isinstance(view, int) else None)
    return found(html.unescape(re.sub(r"\\(.)", r"\1", text)), t)  # Markdown's escapes undone


def page_shows(t: Transcript, view: View) -> Shown:
    """The page: its steps (each an element with the entry's index) and each ballot's votes (drawn as a graph,
    listed only beside their annotations, so read from the layout the page is written from)."""
    page = replay_page(t, view)
    steps = {int(i) for i in re.findall(r'data-i="(\d+)"', page)}
    votes = {v.i for phase in phases(t, view, "en") for step in phase.steps for v in step.votes}
    _, notes = found(html.unescape(page), t)
    return (steps | votes) & {*told(t), *spoken(t)}, notes


def tui_shows(t: Transcript, view: View) -> Shown:
    model = build(t.header, t.entries, view)
    return found("\n".join(w.text.plain for w in feed_lines(model.entries, model.lang, god=view == GOD)), t)


SURFACES = {"markdown": markdown_shows, "html": page_shows, "tui": tui_shows}


def told(t: Transcript) -> dict[int, str]:
    """Each entry whose sentence is said once in the game (so finding it names the entry), by index; a speech is
    found by its marker instead."""
    said = {e.i: sentence(e.event, "en") for e in t.entries
            if not echoes(e.event) and heading(e.event, "en") is None and e.event.kind not in SPEECHES}
    twice = {s for s, n in Counter(said.values()).items() if n > 1}
    return {i: s for i, s in said.items() if s and s not in twice}


def expected(t: Transcript, view: View) -> tuple[set[int], set[int]]:
    """The events (among `told`) and the annotations `view` should show, by the rulings."""
    def sees(entry: Entry) -> bool:
        vis = entry.event.visible_to
        return view == GOD or vis is None or (isinstance(view, int) and view in vis)
    events = {i for i in {*told(t), *spoken(t)} if sees(t.entries[i])}
    notes = {e.i for e in t.entries if e.annotation and sees(e)
             and (view == GOD or (isinstance(view, int) and e.event.data.get("seat") == view))}
    return events, notes


def spoken(t: Transcript) -> set[int]:
    """The speeches (found by their markers)."""
    return {e.i for e in t.entries if e.event.kind in SPEECHES and e.event.data.get("speech")}


def found(text: str, t: Transcript) -> Shown:
    events = {i for i, said in told(t).items() if said in text} | {int(n) for n in re.findall(SAID + r"(\d+)x", text)}
    notes = {int(n) for n in re.findall(MARK + r"(\d+)x", text)}
    return events, notes


@pytest.fixture(scope="module")
def game() -> Transcript:
    t = marked(read_transcript(SAMPLE))
    assert t.end is not None and t.entries[-1].event.kind == EventKind.REVEAL
    return t


def views(t: Transcript) -> list[View]:
    return [PUBLIC, GOD, *(int(s["seat"]) for s in t.header["seats"])]


def test_the_three_surfaces_show_each_view_the_same(game: Transcript) -> None:
    for view in views(game):
        want = expected(game, view)
        for name, shows in SURFACES.items():
            got = shows(game, view)
            assert got == want, (view, name, want[0] ^ got[0], want[1] ^ got[1])


def test_the_rulings_hold_in_every_view(game: Transcript) -> None:
    reveal = game.entries[-1].i
    for view in views(game):
        events, notes = expected(game, view)
        assert reveal in events, view  # the reveal of every card: public once the game is over
        own = {e.i for e in game.entries if e.annotation and e.event.data.get("seat") == view}
        if view == PUBLIC:
            assert not notes
        elif view == GOD:
            assert notes == {e.i for e in game.entries if e.annotation} and len(notes) > 100
        else:
            assert notes == own and own, view  # its own decisions', every one, and no other seat's
    private = {i for i in told(game) if game.entries[i].event.visible_to is not None}
    assert private and not private & expected(game, PUBLIC)[0]
