"""Snapshots of the main screens (pytest-textual-snapshot, textual pinned): replay in the public and god views,
English and Chinese (wide characters), play with the ballot docked under the feed, at 80x24, 100x30 and 120x40,
a late-game table (claims, checks, deaths) at each size in both views and languages, the help screen, the
privacy screen, the game-over reveal. Fixed transcripts and seeds, the replay paused, no clock on screen.
Update with `pytest --snapshot-update`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.record.view import GOD, PUBLIC
from tests.tui.conftest import SIZE, play_app, sample, ticks
from tui.app import KillerApp
from tui.i18n import tr
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.privacy import PrivacyScreen
from tui.screens.prompts.choice_list import TargetScreen
from tui.state.outcome import over_line

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
    async for _ in ticks(pilot, 0.005):
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


SIZES = {"80x24": (80, 24), "100x30": (100, 30), "120x40": (120, 40)}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", list(SIZES))
def test_watch_layout(snap_compare: Any, size: str, lang: str) -> None:
    """The replay at day 2 in both sizes: the compact table at 80x24, the feed at least half the width."""
    t = sample(lang)
    app = KillerApp(t.header, t.entries, mode="replay", view=PUBLIC)
    assert snap_compare(app, press=TO_DAY_2, terminal_size=SIZES[size])


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", [PUBLIC, GOD])
@pytest.mark.parametrize("size", list(SIZES))
def test_late_game_table(snap_compare: Any, size: str, view: str, lang: str) -> None:
    """Five events before the end of a 13-seat game against the hard bots: claims, checks and deaths known, every
    seat on one line at every size."""
    t = sample_late(lang)
    app = KillerApp(t.header, t.entries, mode="replay", view=view)

    async def run_before(pilot: Any) -> None:
        pilot.app.replay.position = len(t.entries) - 5
        pilot.app.redraw()
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=SIZES[size])


def sample_late(lang: str) -> Any:
    from orchestrator.store.transcript import read_transcript

    return read_transcript(Path(__file__).parents[2] / "transcripts" / "samples" / f"v3-tui-vs-hard-{lang}-s5.jsonl")


async def _to_first_vote(pilot: Any) -> None:
    """Plays seat 7 (first choices, a short speech) to its first vote: the ballot prompt docked under the feed."""
    from tui.screens.prompts.speech import SpeechScreen

    async for _ in ticks(pilot, 0.005):
        app = pilot.app
        request = getattr(app, "pending_request", None) or {}
        if isinstance(app.screen, TargetScreen) and request.get("kind") == "vote":
            await pilot.pause(0.2)
            return
        if isinstance(app.screen, TargetScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, SpeechScreen):
            await pilot.press(*"I checked seat 1", "enter")
    raise AssertionError("no vote prompt")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", list(SIZES))
def test_play_layout_vote_docked(snap_compare: Any, tmp_path: Path, size: str, lang: str) -> None:
    app = play_app(tmp_path, {7}, lang=lang)
    assert snap_compare(app, run_before=_to_first_vote, terminal_size=SIZES[size])


NIGHT_1 = 20  # the sample's entries before seat 7's first check: the deal, the teams, night 1's killers
POLICE_CHECK = {"seat": 7, "kind": "night", "role": "police", "action": "check", "team": [7, 8, 12],
                "targets": [s for s in range(1, 13) if s != 7]}


def fixed_prompt(lang: str) -> tuple[KillerApp, TargetScreen]:
    """Seat 7 (police) asked whom to check on night 1 of the sample game: a fixed state (entries and request
    given, no game running), the prompt as tui.play builds it."""
    from tui.play import ask_text, choices

    t = sample(lang)
    app = KillerApp(t.header, t.entries[:NIGHT_1], mode="play", lang=lang, view=7, humans=frozenset({7}))
    app.pending_request = POLICE_CHECK
    app.pending_text = tr(lang, "pending", what=ask_text(lang, POLICE_CHECK))
    targets = list(POLICE_CHECK["targets"])  # type: ignore[call-overload]
    return app, TargetScreen(ask_text(lang, POLICE_CHECK), choices(lang, POLICE_CHECK, targets), lang)


@pytest.mark.parametrize(("lang", "size"), [("en", "120x40"), ("zh", "80x24")])
def test_help_screen(snap_compare: Any, lang: str, size: str) -> None:
    """The help over that prompt, opened with ? from the list (a fixed state: no live game, no polling)."""
    app, prompt = fixed_prompt(lang)

    async def run_before(pilot: Any) -> None:
        pilot.app.redraw()
        await pilot.app.push_screen(prompt)
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)

    assert snap_compare(app, run_before=run_before, terminal_size=SIZES[size])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_game_over_80x24(snap_compare: Any, lang: str) -> None:
    t = sample(lang)
    app = KillerApp(t.header, t.entries, mode="replay", view=7)

    async def run_before(pilot: Any) -> None:
        pilot.app.replay.end()
        pilot.app.redraw()
        await pilot.app.push_screen(GameOverScreen("good", t.entries, lang, "transcripts/v2-classic-s3.jsonl",
                                                   you=frozenset({7}),
                                                   title=over_line(t.header, t.entries, lang, "good")))
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=SIZES["80x24"])
