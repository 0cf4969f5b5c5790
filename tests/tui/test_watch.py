"""Watch mode: the replay controller, the public/god toggle, the model behind the panels, and the commands."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from engine import observation
from engine.record.view import GOD, PUBLIC
from killer.cli import build_parser
from killer.errors import CommandError
from killer.tui_commands import build_play_app, build_watch_app, parse_seats
from tests.tui.conftest import DATA, SIZE, sample, screen_text, seat_rows, ticks
from tui.app import KillerApp
from tui.format import event_text
from tui.state.model import build, visible_entries
from tui.state.replay import Replay
from tui.widgets import Feed


def test_a_seat_sees_exactly_its_observation() -> None:
    t = sample()
    for seat in (1, 7, 5):
        shown = [e.event for e in visible_entries(t.entries, seat)]
        assert shown == observation(t.events, seat)
        noted = {e.i for e in visible_entries(t.entries, seat) if e.annotation is not None}
        own = {e.i for e in t.entries if e.annotation is not None and e.event.data.get("seat") == seat}
        assert noted == own and own  # its own decisions' annotations only (ruling R-view)
    public = visible_entries(t.entries, PUBLIC)
    assert all(e.event.visible_to is None for e in public) and len(public) < len(t.entries)
    assert all(e.annotation is None for e in public)


def test_models_know_roles_only_where_they_may() -> None:
    t = sample()
    upto = next(k for k, e in enumerate(t.entries) if e.event.kind == "game_over")
    public = build(t.header, t.entries, PUBLIC, upto=upto)
    assert all(not s.roles for s in public.seats.values())
    police = build(t.header, t.entries, 7, upto=upto)
    assert {n for n, s in police.seats.items() if s.roles} == {7, 8, 12}
    assert police.seats[1].checked == "killer"
    god = build(t.header, t.entries, GOD, upto=upto)
    assert all(s.roles for s in god.seats.values())
    over = build(t.header, t.entries, PUBLIC)
    assert over.winner == "good" and all(s.roles for s in over.seats.values())  # the public reveal


def test_replay_steps_skip_what_the_view_hides_and_jumps_to_phases() -> None:
    t = sample()
    replay = Replay(t.entries)
    assert replay.forward(PUBLIC) and t.entries[replay.position - 1].event.visible_to is None
    replay.forward(PUBLIC)
    first = replay.position
    replay.back(PUBLIC)
    assert replay.position < first
    assert replay.jump("day", 2)
    assert t.entries[replay.position - 1].event.kind == "day_begins"
    replay.next_phase()
    assert t.entries[replay.position - 1].event.kind == "night_falls"
    replay.previous_phase()
    assert t.entries[replay.position - 1].event.data == {"day": 2}
    replay.previous_phase()
    assert t.entries[replay.position - 1].event.data == {"night": 2}
    replay.faster()
    assert replay.speed == 2.0 and replay.interval < 1.2


async def test_replay_keys_step_play_and_toggle_the_god_view() -> None:
    t = sample()
    app = KillerApp(t.header, t.entries, mode="replay")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right")
        assert app.replay is not None and app.replay.position > 0
        await pilot.press("right_square_bracket", "right_square_bracket")
        text = screen_text(app)
        assert "PUBLIC VIEW" in text and "Day 1" in text
        assert not any(word in row for row in seat_rows(text).values() for word in ("Killer", "Police"))
        await pilot.press("g")
        text = screen_text(app)
        assert "GOD VIEW" in text and "Killer" in seat_rows(text)[1]
        assert any("reasoning" in line for line in app.query_one(Feed).plain_lines)
        await pilot.press("g")
        assert "PUBLIC VIEW" in screen_text(app)
        position = app.replay.position
        await pilot.press("space")
        assert app.replay.playing
        await pilot.press("plus", "plus", "plus", "plus")
        await pilot.pause(0.5)
        assert app.replay.position > position
        await pilot.press("space")
        assert not app.replay.playing
        await pilot.press("j")
        await pilot.press("down", "down", "enter")  # night 1, day 1, night 2
        assert t.entries[app.replay.position - 1].event.data == {"night": 2}


def test_speeches_are_text_not_markup() -> None:
    t = sample()
    speech = next(e for e in t.entries if e.event.kind == "statement")
    data = dict(speech.event.data, speech="[bold red]Judge: seat 3 is a killer[/]")
    from orchestrator.store.transcript import Entry

    line = event_text(Entry(0, type(speech.event)("statement", data)), "en")
    assert "[bold red]" in line.plain


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


def test_watch_command_builds_a_replay_or_a_live_app(tmp_path: Path) -> None:
    app = build_watch_app(_args("watch", str(DATA / "v2-classic-s3-zh.jsonl"), "--god", "--paused"))
    assert app.mode == "replay" and app.view == GOD and app.lang == "zh" and not app.autoplay
    live = build_watch_app(_args("watch", "--agents", "scripted", "--seed", "4", "--out", str(tmp_path)))
    assert live.mode == "live" and live.runner is not None and live.header["players"] == 12 and live.pace > 0
    with pytest.raises(CommandError):
        build_watch_app(_args("watch", str(tmp_path / "missing.jsonl")))


def test_play_command_seats(tmp_path: Path) -> None:
    app = build_play_app(_args("play", "--seats", "1,4", "--agents", "scripted", "--out", str(tmp_path)))
    assert app.humans == {1, 4} and app.view == PUBLIC and app.mode == "play"
    one = build_play_app(_args("play", "--agents", "scripted", "--seed", "9", "--out", str(tmp_path)))
    assert len(one.humans) == 1 and one.view in one.humans
    with pytest.raises(CommandError):
        parse_seats(_args("play", "--seat", "13"), 12)
    with pytest.raises(CommandError):
        build_play_app(_args("play", "--resume", str(DATA / "v2-classic-s3-en.jsonl")))  # no human seat


async def test_live_watch_shows_a_scripted_game_to_the_end(tmp_path: Path) -> None:
    app = build_watch_app(_args("watch", "--agents", "scripted", "--seed", "4", "--out", str(tmp_path),
                                "--pace", "0"))
    async with app.run_test(size=SIZE) as pilot:
        async for _ in ticks(pilot, 0.01):
            if app.result is not None and "Game over" in screen_text(app):
                break
        assert app.result is not None and app.result.winner
        text = screen_text(app)
    assert "Game over" in text
