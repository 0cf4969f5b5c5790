"""Snapshots of the main screens (pytest-textual-snapshot, textual pinned): replay in the public and god views,
English and Chinese (wide characters), a play prompt, the privacy screen, the game-over reveal.
Fixed transcripts and seeds, the replay paused, no clock on screen. Update with `pytest --snapshot-update`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tui.conftest import SIZE, play_app, sample
from tui.app import KillerApp
from tui.model import GOD, PUBLIC
from tui.prompts import TargetScreen
from tui.screens import GameOverScreen, PrivacyScreen

TO_DAY_2 = ["right_square_bracket"] * 4  # night 1, day 1, night 2, day 2


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", [PUBLIC, GOD])
def test_replay_day_2(snap_compare: Any, lang: str, view: str) -> None:
    t = sample(lang)
    app = KillerApp(t.header, t.entries, mode="replay", view=view)
    assert snap_compare(app, press=TO_DAY_2, terminal_size=SIZE)


def test_replay_game_over_public_zh(snap_compare: Any) -> None:
    t = sample("zh")
    app = KillerApp(t.header, t.entries, mode="replay")
    app.replay.end()  # type: ignore[union-attr]
    assert snap_compare(app, terminal_size=SIZE)


async def _until(pilot: Any, kind: type) -> None:
    for _ in range(1000):
        await pilot.pause(0.005)
        if isinstance(pilot.app.screen, kind):
            await pilot.pause()
            return
        if isinstance(pilot.app.screen, TargetScreen) and kind is not TargetScreen:
            await pilot.press("enter")
    raise AssertionError(f"no {kind.__name__}")


def test_play_first_night_prompt(snap_compare: Any, tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})

    async def run_before(pilot: Any) -> None:
        await _until(pilot, TargetScreen)

    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)


def test_play_first_night_prompt_zh(snap_compare: Any, tmp_path: Path) -> None:
    app = play_app(tmp_path, {7}, lang="zh")

    async def run_before(pilot: Any) -> None:
        await _until(pilot, TargetScreen)

    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)


def test_hot_seat_privacy_screen(snap_compare: Any, tmp_path: Path) -> None:
    app = play_app(tmp_path, {2, 7})

    async def run_before(pilot: Any) -> None:
        await _until(pilot, PrivacyScreen)

    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_game_over_reveal(snap_compare: Any, lang: str) -> None:
    t = sample(lang)
    app = KillerApp(t.header, t.entries, mode="replay", view=7)

    async def run_before(pilot: Any) -> None:
        pilot.app.replay.end()
        pilot.app.redraw()
        await pilot.app.push_screen(GameOverScreen("good", t.entries, lang, "transcripts/v2-classic-s3.jsonl",
                                                   you=frozenset({7})))
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)
