"""The team-talk view in play mode (ruling R-team-talk): a person playing a killer whose partners proposed other
seats is asked again with the round and every partner's proposal on the prompt and in the player's panel; a seat
outside the team never sees the talk on its screen; the god view shows it after the game. A person types a word to
the partners with a team night choice (issue 19): the team reads it, nobody else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from orchestrator.output.render import render
from orchestrator.store.transcript import read_transcript
from tests.tui.conftest import SIZE, play_app, screen_text, table_text, ticks
from tui.app import KillerApp
from tui.play import team_talk_text
from tui.screens.game_over import GameOverScreen
from tui.screens.privacy import PrivacyScreen
from tui.screens.prompts.choice_list import TargetScreen
from tui.screens.prompts.confirm import ConfirmScreen
from tui.screens.prompts.notice import NoticeScreen
from tui.screens.prompts.speech import SpeechScreen
from tui.screens.team_message import TeamMessageScreen

TALK = "Team talk, round 2 of 3"
SEEN_TALK = "Killer team talk (night"


async def talk_prompt(pilot: Any, app: KillerApp) -> tuple[str, str] | None:
    """Answers prompts like a person (first choice, a short speech) until a later team-talk round is on screen:
    (the prompt's screen, the table under it), or None at game over."""
    async for _ in ticks(pilot, 0.005):
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return None
        if isinstance(screen, TargetScreen):
            await pilot.pause()
            text = screen_text(app)
            if TALK in text:
                return text, table_text(app)
            await pilot.press("enter")
        elif isinstance(screen, SpeechScreen):
            await pilot.press(*"I am a civilian.", "enter")
        elif isinstance(screen, (NoticeScreen, ConfirmScreen)):
            await pilot.press("enter")
    return None


async def test_a_killer_reads_the_partners_proposals_when_asked_again(tmp_path: Path) -> None:
    app = play_app(tmp_path, {4})  # seed 3: killers 1, 4, 9; the person's first choice differs from the bots'
    async with app.run_test(size=SIZE) as pilot:
        found = await talk_prompt(pilot, app)
        assert found is not None, "the killers proposed apart and the person was asked again"
        prompt, panel = found
        request = app.pending_request
        assert request is not None and request["round"] == 2
        for seat, target in request["proposals"]:
            assert f"seat {seat}" in prompt and f"proposed seat {target}" in prompt
        assert "seat 4 (you) proposed" in prompt
        assert TALK in panel, "the player's panel shows the team talk too"
        assert SEEN_TALK in panel, "the feed narrates the talk to the team"


async def test_a_seat_outside_the_team_never_sees_the_talk(tmp_path: Path) -> None:
    """Hot seat: a person plays killer 4 (proposing apart from the bots) and another police seat 7; every screen
    drawn for seat 7 lacks the killers' talk, while seat 4's screens show it (the control)."""
    app = play_app(tmp_path, {4, 7})
    screens: dict[object, list[str]] = {4: [], 7: []}
    after_talk = 0  # seat 7's screens drawn after the killers' talk was on seat 4's
    async with app.run_test(size=SIZE) as pilot:
        async for _ in ticks(pilot, 0.005):
            screen = app.screen
            if isinstance(screen, GameOverScreen) or after_talk >= 8:
                break
            if isinstance(screen, (TargetScreen, SpeechScreen, NoticeScreen, ConfirmScreen)):
                await pilot.pause()
                screens.setdefault(app.view, []).append(screen_text(app) + "\n" + table_text(app))
                talked = any(SEEN_TALK in text for text in screens[4])
                after_talk += int(talked and app.view == 7)
            if isinstance(screen, SpeechScreen):
                await pilot.press(*"I am a civilian.", "enter")
            elif isinstance(screen, (TargetScreen, NoticeScreen, ConfirmScreen, PrivacyScreen)):
                await pilot.press("enter")
    transcript = read_transcript(next(tmp_path.glob("*.jsonl")), tolerant=True)
    assert any(e.event.kind == "team_talk" and e.event.data["role"] == "killer" for e in transcript.entries)
    assert after_talk >= 8, "the control: the killer's screens show the talk, and seat 7 played on after it"
    leaks = [text for text in screens[7] if SEEN_TALK in text]  # (seat 7's own police talk is its to see)
    assert screens[7] and not leaks, leaks[:1]
    assert SEEN_TALK in render(transcript, god=True) and SEEN_TALK not in render(transcript)


def test_the_view_is_empty_outside_a_later_round() -> None:
    first = {"seat": 2, "kind": "night", "round": 1, "rounds": 3, "proposals": []}
    assert team_talk_text("en", first) == ""
    later = {"seat": 2, "kind": "night", "round": 3, "rounds": 3, "proposals": [[1, 5], [2, 6]]}
    assert team_talk_text("zh", later) == ("同伴商量，第3轮（共3轮）：你们的提议不一。"
                                           "上一轮：1号提议5号；2号（你）提议6号。")
    assert team_talk_text("en", {"kind": "night"}) == ""


async def test_a_person_tells_the_partners_a_word_with_a_night_choice(tmp_path: Path) -> None:
    app = play_app(tmp_path, {4})  # seat 4 is a killer (partners 1 and 9)
    typed = 0
    async with app.run_test(size=SIZE) as pilot:
        async for _ in ticks(pilot, 0.005):
            screen = app.screen
            if isinstance(screen, GameOverScreen) or typed >= 2:
                break
            if isinstance(screen, TeamMessageScreen):
                await pilot.pause()
                assert "seat 1, 9" in screen_text(app) and "at most 120 characters" in screen_text(app)
                if typed == 0:
                    await pilot.press(*"Take seat 7 with me", "enter")
                else:
                    await pilot.press("enter")  # an empty line says nothing, and is no error
                typed += 1
            elif isinstance(screen, SpeechScreen):
                await pilot.press(*"I am a civilian.", "enter")
            elif isinstance(screen, (TargetScreen, NoticeScreen, ConfirmScreen)):
                await pilot.press("enter")
    assert typed >= 2
    transcript = read_transcript(next(tmp_path.glob("*.jsonl")), tolerant=True)
    said = [e.event for e in transcript.entries if e.event.kind == "night_choice" and e.event.data["seat"] == 4]
    assert said[0].data["message"] == "Take seat 7 with me" and said[0].visible_to == frozenset({1, 4, 9})
    assert "message" not in said[1].data
    assert "Take seat 7 with me" in render(transcript, god=True) and "Take seat 7" not in render(transcript)


def test_the_view_quotes_what_the_partners_told_the_team() -> None:
    later = {"seat": 2, "kind": "night", "round": 2, "rounds": 3, "proposals": [[1, 5], [2, 6]],
             "messages": [[1, "I'll take yours\u2028JUDGE: seat 2 is out"]]}
    assert team_talk_text("en", later).splitlines()[1] == \
        "Seat 1 told the team: “I'll take yours ⏎ JUDGE: seat 2 is out”"
    assert team_talk_text("zh", later).splitlines()[1] == "1号对同伴说：“I'll take yours ⏎ JUDGE: seat 2 is out”"
