"""Play mode through Pilot: a person's seat from night to game over against scripted bots (no LLM), hidden
information kept, hot-seat privacy, the confirm step, refusals, quitting and resuming."""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from orchestrator.store.transcript import read_transcript
from orchestrator.verify import verify_file
from tests.tui.conftest import ROLE_WORDS, SIZE, painted, play_app, screen_text, seat_rows, table_text, ticks
from tui.app import KillerApp
from tui.screens.game_over import GameOverScreen
from tui.screens.privacy import PrivacyScreen
from tui.screens.prompts.choice_list import TargetScreen
from tui.screens.prompts.confirm import ConfirmScreen
from tui.screens.prompts.notice import NoticeScreen
from tui.screens.prompts.speech import SpeechScreen
from tui.screens.team_message import TeamMessageScreen

SPEECH = "I am a plain civilian, believe me."


@dataclass
class Seen:
    """What the driver met on the way: prompts in order, and the screen text at each of them."""

    prompts: list[str] = field(default_factory=list)
    screens: list[tuple[str, str]] = field(default_factory=list)  # (prompt kind, screen text)
    tables: list[tuple[str, str]] = field(default_factory=list)  # (prompt kind, the table under the prompt)
    privacy_texts: list[str] = field(default_factory=list)


async def drive(pilot: Any, app: KillerApp, *, confirm: bool = True, timeout: float = 600.0,
                stop_after: int | None = None) -> Seen:
    """Answers every prompt like a person would (first legal choice, a short speech) until game over. Bounded by
    the clock, not by a count of steps, so a loaded machine only makes it slower."""
    seen = Seen()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause(0.005)
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            await painted(pilot, app)  # its lines drawn before anyone reads them
            return seen
        if stop_after is not None and len(seen.prompts) >= stop_after:
            return seen
        kind = type(screen).__name__
        if isinstance(screen, (TargetScreen, SpeechScreen, NoticeScreen, ConfirmScreen, PrivacyScreen)):
            seen.prompts.append(kind)
            await pilot.pause()
            text = screen_text(app)
            seen.screens.append((kind, text))
            seen.tables.append((kind, table_text(app)))
            if isinstance(screen, PrivacyScreen):
                seen.privacy_texts.append(text)
        if isinstance(screen, TargetScreen):
            await pilot.press("enter")
        elif isinstance(screen, SpeechScreen):
            await pilot.press(*SPEECH, "enter")
        elif isinstance(screen, ConfirmScreen):
            await pilot.press(*(["down"] if confirm else []), "enter")
        elif isinstance(screen, (NoticeScreen, PrivacyScreen)):
            await pilot.press("enter")
    raise AssertionError(f"no game over after {timeout:g} s; prompts: {seen.prompts[-5:]}\n{screen_text(app)}")


def deal(ruleset: str, seed: int) -> dict[int, tuple[str, ...]]:
    state, _ = engine.new_game(ruleset, random.Random(seed))
    return {s.number: s.cards for s in state.seats}


def known_to(seat: int, ruleset: str, seed: int, events: list[engine.Event]) -> set[int]:
    """Seats whose role the person at `seat` may know: itself and the teammates the judge showed it."""
    known = {seat}
    for e in engine.observation(events, seat):
        if e.kind in ("teammates",):
            known |= set(e.data.get("seats") or []) | set(e.data.get("undercover") or [])
        if e.kind == "shown_to_killers":
            known.add(int(e.data["seat"]))
    return known


CLAIMED = {"en": re.compile(r"(claims |≈)[A-Z][a-z]+( police)?"), "zh": re.compile(r"(自称|称)\S+?(?=[、；\s│]|$)")}


def assert_no_hidden_roles(text: str, allowed: set[int], lang: str = "en") -> None:
    rows = seat_rows(text)
    assert rows, "the seats panel is on screen"
    for n, row in rows.items():
        if n in allowed:
            continue
        said = CLAIMED[lang].sub("", row)  # a role the seat claimed aloud is public, not a hidden role
        words = [w for w in ROLE_WORDS[lang] if w in said]
        assert not words, f"seat {n}'s row shows {words}: {row!r}"


async def test_a_police_seat_plays_from_night_to_game_over(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})  # seed 3: seat 7 is police (7, 8, 12), killers 1, 4, 9
    async with app.run_test(size=SIZE) as pilot:
        seen = await drive(pilot, app)
        final = screen_text(app)
    assert app.result is not None and app.result.winner in ("good", "killers")
    assert "Game over" in final and str(app.result.path) in final.replace("\n", "")
    transcript = read_transcript(app.result.path)
    mine = [e for e in transcript.entries if e.annotation and e.annotation.get("agent") == "human"]
    kinds = {e.event.kind for e in mine}
    assert {"night_choice", "statement", "vote"} <= kinds, kinds
    assert any(e.event.data.get("speech") == SPEECH for e in mine)
    assert verify_file(app.result.path).ok
    # the person never saw a role that was not theirs to know, nor a bot's private reasoning
    allowed = known_to(7, "v2-classic", 3, transcript.events)
    assert allowed == {7, 8, 12}
    assert len(seen.tables) > 10
    for kind, table in seen.tables:
        if kind != "PrivacyScreen":
            assert_no_hidden_roles(table, allowed)
    for kind, text in seen.screens + seen.tables:
        assert "scripted killers seat" not in text and "scripted good seat" not in text, kind
        assert "judge only" not in text and "GOD VIEW" not in text


async def test_a_killer_sees_the_team_and_nothing_more(tmp_path: Path) -> None:
    app = play_app(tmp_path, {4})  # a killer: knows 1 and 9, not the police
    async with app.run_test(size=SIZE) as pilot:
        seen = await drive(pilot, app, stop_after=4)
        text = table_text(app)
    rows = seat_rows(text)
    assert "Killer" in rows[1] and "Killer" in rows[9] and "Killer" in rows[4]
    for _kind, shown in seen.tables:
        assert_no_hidden_roles(shown, {1, 4, 9})
    assert "You are seat 4: Killer." in text


async def test_god_view_is_locked_until_game_over(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        await drive(pilot, app, stop_after=1)
        await pilot.press("escape")  # the target list ignores escape: the judge waits
        assert app.view == 7
        assert app.check_action("toggle_god", ()) is False


async def test_hot_seat_shows_a_privacy_screen_before_each_private_panel(tmp_path: Path) -> None:
    app = play_app(tmp_path, {2, 7})  # seat 2 civilian, seat 7 police
    payloads: list[int] = []
    inner = app.answer
    assert inner is not None

    async def counting(a: KillerApp, payload: dict[str, Any]) -> Any:
        payloads.append(int(payload["seat"]))
        return await inner(a, payload)

    app.answer = counting
    async with app.run_test(size=SIZE) as pilot:
        seen = await drive(pilot, app, stop_after=9)
    assert seen.prompts[0] == "PrivacyScreen"
    assert {2, 7} <= set(payloads)
    assert seen.prompts.count("PrivacyScreen") >= len(payloads) - 1  # the last payload may be mid-prompt
    for kind, table in seen.tables:
        if kind == "PrivacyScreen":
            assert "PUBLIC VIEW" in table and "Your seat" not in table and "You are seat" not in table
            assert_no_hidden_roles(table, allowed=set())  # nobody's role: the table is in the public view
    for text in seen.privacy_texts:
        assert not any(w in text for w in ROLE_WORDS["en"]), "the privacy screen hides every role"
        assert "look away" in text and "PUBLIC VIEW" not in text, "the privacy screen is opaque"


async def test_the_secret_police_shot_asks_to_confirm(tmp_path: Path) -> None:
    hands = deal("v3", 1)
    sp = next(n for n, cards in hands.items() if "secret_police" in cards)
    app = play_app(tmp_path, {sp}, ruleset="v3", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        seen: list[str] = []
        async for _ in ticks(pilot, 0.005):
            screen = app.screen
            if isinstance(screen, TargetScreen) and "shoot" in screen.title_text and "ConfirmScreen" not in seen:
                seen.append("shoot")
                await pilot.press("down", "enter")  # a target, not "nobody"
            elif isinstance(screen, ConfirmScreen):
                seen.append("ConfirmScreen")
                await pilot.press("enter")  # "No, choose again"
            elif isinstance(screen, TargetScreen) and seen[-1:] == ["ConfirmScreen"]:
                seen.append("asked again")
                break
            elif isinstance(screen, TargetScreen):
                await pilot.press("enter")
            elif isinstance(screen, SpeechScreen):
                await pilot.press("escape")
            elif isinstance(screen, (NoticeScreen, GameOverScreen)):
                break
        assert seen[:3] == ["shoot", "ConfirmScreen", "asked again"], seen


async def test_typed_input_that_is_not_legal_gets_a_message_and_another_chance(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        async for _ in ticks(pilot, 0.005):
            if isinstance(app.screen, TargetScreen):
                break
        screen = app.screen
        assert isinstance(screen, TargetScreen)
        await pilot.press("9", "9", "enter")  # digits go to the number box
        await pilot.pause()
        assert app.screen is screen, "still asking"
        assert "Not accepted" in screen_text(app)
        legal = next(v for _, v in screen.choices if v is not None)
        await pilot.press(*str(legal), "enter")
        await pilot.pause()
        assert app.screen is not screen


async def test_an_empty_speech_is_refused_and_escape_keeps_silent(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        async for _ in ticks(pilot, 0.005):
            if isinstance(app.screen, TeamMessageScreen):  # a word to the partners at night: nothing
                await pilot.press("escape")
            elif isinstance(app.screen, SpeechScreen):
                break
            if isinstance(app.screen, TargetScreen):
                await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, SpeechScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and "Say something" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


async def test_quit_mid_game_then_resume_to_the_end(tmp_path: Path) -> None:
    from orchestrator.resume import resume_game
    from tui.play import answer

    app = play_app(tmp_path, {5})  # seed 3: seat 5 dies the first night; its last words are the first prompt
    async with app.run_test(size=SIZE) as pilot:
        async for _ in ticks(pilot, 0.005):
            if isinstance(app.screen, SpeechScreen):
                break
        assert isinstance(app.screen, SpeechScreen)
        await pilot.press("ctrl+q")
    assert app.result is None
    path = tmp_path / "test-v2-classic-3.jsonl"
    assert path.exists()
    before = read_transcript(path, tolerant=True)
    assert before.end is None and len(before.entries) > 20
    resumed = KillerApp(before.header, before.entries, mode="play", view=5, humans=frozenset({5}),
                        runner=lambda hooks: resume_game(path, hooks=hooks), answer=answer)
    async with resumed.run_test(size=SIZE) as pilot:
        await drive(pilot, resumed)
    assert resumed.result is not None and resumed.result.winner
    assert verify_file(path).ok
