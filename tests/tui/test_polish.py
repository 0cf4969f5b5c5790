"""The issue-12 items, one test (or a few) each: what a person tripped over, kept fixed."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandPalette
from textual.widgets import OptionList

from agents.base import Decision
from agents.view import SeatView
from engine import Request
from engine.record.view import GOD, PUBLIC
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from orchestrator.store.transcript import Transcript, read_transcript
from tests.tui.conftest import SIZE, play_app, sample, screen_text, table_text, ticks
from tui.app import KillerApp
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.prompts.choice_list import TargetScreen
from tui.screens.prompts.confirm import ConfirmScreen
from tui.screens.prompts.notice import NoticeScreen
from tui.screens.prompts.speech import SpeechScreen
from tui.state.model import build, new_model
from tui.state.outcome import over_line
from tui.state.wait import SPINNER, WaitLine, waiting_what
from tui.widgets import Feed, YouPanel, votes_text


def scripted_game(tmp_path: Path, ruleset: str, seed: int = 3, lang: str = "en") -> Transcript:
    return asyncio.run(scripted_game_async(tmp_path, ruleset, seed, lang))


async def scripted_game_async(tmp_path: Path, ruleset: str, seed: int = 3, lang: str = "en") -> Transcript:
    config = RunConfig(ruleset=ruleset, seed=seed, agents="scripted", lang=lang, out=tmp_path)
    result = await run_game(config, in_memory=True)
    return read_transcript(result.path)


def test_item3_v4_votes_panel_keeps_the_whole_ballot(tmp_path: Path) -> None:
    """v4-classic: each seat votes right after speaking; the panel holds every vote, as the judge counts them."""
    t = scripted_game(tmp_path, "v4-classic")
    counted = [pos for pos, e in enumerate(t.entries) if e.event.kind == "votes_counted"]
    assert counted
    for pos in counted:
        before = build(t.header, t.entries, PUBLIC, upto=pos)  # every vote cast, the count not yet announced
        tally: dict[str, int] = {}
        for _, target in before.votes:
            if target is not None:
                tally[str(target)] = tally.get(str(target), 0) + 1
        judge = {str(k): int(v) for k, v in t.entries[pos].event.data["counts"].items() if int(v)}
        assert tally == judge
        after = build(t.header, t.entries, PUBLIC, upto=pos + 1)
        assert after.counts == {str(k): int(v) for k, v in t.entries[pos].event.data["counts"].items()}
        shown = votes_text(after).plain
        top = max(judge.items(), key=lambda kv: kv[1])
        assert f"seat {top[0]} " + "■" * top[1] in shown and "Votes counted" in shown


class GatedAgent:
    """A scripted bot that waits at the gate before each public speech, and reports retries or failure."""

    def __init__(self, inner: Any, gate: asyncio.Event, retried: bool = False, broken: bool = False) -> None:
        self.inner, self.gate, self.retried, self.broken = inner, gate, retried, broken

    async def decide(self, view: SeatView, request: Request) -> Decision:
        if request.kind == "statement":
            await self.gate.wait()
            if self.broken:
                raise RuntimeError("the model is down")
        decision = await self.inner.decide(view, request)
        if self.retried and request.kind == "statement":
            decision = replace(decision, annotation=replace(decision.annotation, retries=2))
        return decision


def gated_watch(tmp_path: Path, gate: asyncio.Event, view: Any = PUBLIC) -> KillerApp:
    from agents.factory import build_agents

    config = RunConfig(ruleset="v2-classic", seed=3, agents="scripted", out=tmp_path, game_id="gated")
    agents = {s: GatedAgent(a, gate, retried=s == 2, broken=s == 3)
              for s, a in build_agents(config, list(range(1, 13))).items()}
    header = {"game_id": "gated", "ruleset": "v2-classic", "seed": 3, "players": 12, "seats": [], "lang": "en"}
    return KillerApp(header, mode="live", view=view, runner=lambda hooks: run_game(config, agents=agents,
                                                                                     hooks=hooks))


async def _until_text(pilot: Any, app: KillerApp, words: str) -> str:
    async for _ in ticks(pilot, 0.01):
        shown = app.query_one(WaitLine).text
        if words in shown:
            return shown
    raise AssertionError(f"{words!r} never shown; the wait line: {app.query_one(WaitLine).text!r}")


async def test_item6_show_the_wait_who_is_deciding_with_a_spinner_and_the_time(tmp_path: Path) -> None:
    gate = asyncio.Event()
    app = gated_watch(tmp_path, gate)
    async with app.run_test(size=SIZE) as pilot:
        line = await _until_text(pilot, app, "(statement)")
        first = app.wait.requests[0]["seat"]
        assert f"Waiting for seat {first} (statement)" in line and line[0] in SPINNER and " s" in line
        frame = app._frame
        await pilot.pause(0.6)
        assert app._frame > frame  # the spinner turns while the table waits
        gate.set()
        await _until_text(pilot, app, "was retried (2×)")  # seat 2 needed retries
        await _until_text(pilot, app, "gave no usable answer")  # seat 3 failed: a legal default
        await app.action_quit()


def test_item6_night_waits_name_no_seat_outside_the_god_view() -> None:
    night = [{"seat": 1, "kind": "night"}, {"seat": 7, "kind": "night"}]
    assert waiting_what("en", night, PUBLIC) == "The night roles are choosing"
    assert waiting_what("en", night, 5) == "The night roles are choosing"
    assert waiting_what("en", night, GOD) == "Waiting for seats 1, 7 (night action)"
    assert waiting_what("zh", [{"seat": 4, "kind": "vote"}], PUBLIC) == "等待4号（投票）"


async def advance(pilot: Any, app: KillerApp, stop: Any) -> None:
    """Answers prompts like a person (first choice, a short speech) until stop(app) is true."""
    async for _ in ticks(pilot, 0.005):
        if stop(app):
            await pilot.pause(0.05)
            return
        screen = app.screen
        if isinstance(screen, TargetScreen | NoticeScreen | ConfirmScreen):
            await pilot.press("enter")
        elif isinstance(screen, SpeechScreen):
            await pilot.press(*"words", "enter")
    raise AssertionError("never reached")


def _title(app: KillerApp) -> str:
    return app.screen.shown_title if isinstance(app.screen, TargetScreen) else ""


async def test_item4_the_decision_docks_under_the_feed_and_votes(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        await advance(pilot, app, lambda a: isinstance(a.screen, TargetScreen) and a.pending_request
                      and a.pending_request["kind"] == "vote")
        prompt = app.screen.query_one("#prompt")
        main = app.screen_stack[0].query_one("#main")
        assert main.styles.margin.bottom == prompt.outer_size.height > 0  # the table makes room
        feed = app.screen_stack[0].query_one(Feed)
        async for _ in ticks(pilot, 0.02):  # the feed settles at its end after the layout
            shown = screen_text(app)
            if feed.plain_lines[-1][:30] in shown:
                break
        assert feed.plain_lines[-1][:30] in shown  # the latest speech is readable above the prompt
        assert "Votes" in shown and "Vote: raise your hand" in shown
        assert prompt.region.y >= main.region.bottom  # nothing of the table is covered
        top = feed.scroll_y
        await pilot.press("pageup")
        assert feed.scroll_y < top  # PgUp reads back through the feed from the prompt
        await pilot.press("escape")
        assert not app.screen.query_one(OptionList).display and "Esc shows the choices" in _title(app)
        await pilot.press("escape")
        assert app.screen.query_one(OptionList).display and app.screen.query_one(OptionList).has_focus
        await pilot.press("enter")
        await advance(pilot, app, lambda a: not isinstance(a.screen, TargetScreen | SpeechScreen))
        assert app.screen_stack[0].query_one("#main").styles.margin.bottom == 0
        await app.action_quit()


async def test_item5_80x24_compact_table_feed_half_the_width_and_reflow(tmp_path: Path) -> None:
    t = sample("en")
    app = KillerApp(t.header, t.entries, mode="replay", view=GOD)
    async with app.run_test(size=(80, 24)) as pilot:
        app.replay.end()  # type: ignore[union-attr]
        app.redraw()
        async for _ in ticks(pilot, 0.02):  # until the footer has drawn
            if "quit" in table_text(app).splitlines()[-1]:
                break
        feed = app.query_one(Feed)
        assert feed.outer_size.width >= 40
        text = table_text(app)
        assert "player" not in text.splitlines()[2]  # the compact table has no player column
        assert "✓good" in text or "✓killer" in text  # the known column in short words, not one letter a line
        narrow = len(feed.lines)
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.2)
        assert len(feed.lines) < narrow  # re-wrapped to the new width
        assert "● alive" in table_text(app)  # the wide table says the state in words
        footer = text.splitlines()[-1]
        assert "quit" in footer and "help" in footer  # the footer's keys fit


async def test_item5_v5_god_view_known_column_stays_readable(tmp_path: Path) -> None:
    t = await scripted_game_async(tmp_path, "v5-dual", seed=2)
    app = KillerApp(t.header, t.entries, mode="replay", view=GOD)
    async with app.run_test(size=(80, 24)) as pilot:
        app.replay.end()  # type: ignore[union-attr]
        app.redraw()
        await pilot.pause(0.1)
        lines = table_text(app).splitlines()[2:]
        rows = [line[:40] for line in lines[:[line[:1] for line in lines].index("╰")]]  # the seats panel's rows
        assert len(rows) == 1 + len(app.model().seats)  # the header, then one line a seat
        notes = [row.split("│")[1] for row in rows]
        assert not any(len(n.strip()) == 1 and n.strip().isalpha() for n in notes), "\n".join(rows)


async def test_item8_help_screen_keys_rules_card_and_the_pending_decision(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        await advance(pilot, app, lambda a: isinstance(a.screen, TargetScreen))
        await pilot.press("f1")  # from inside the prompt
        await pilot.pause(0.1)
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Police check a seat" in text  # what the pending decision does
        app.screen.query_one("#help").scroll_end(animate=False)  # the card fitted to the deal runs longer
        await pilot.pause(0.1)
        assert "The killers win when every Police is dead." in screen_text(app)  # the ruleset's rules card
        assert "ctrl+q" in text and "F1" in text and "quit" in text
        await pilot.press("escape")
        assert isinstance(app.screen, TargetScreen)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Show the help and the rules" in titles and "Quit (the game is saved)" in titles
        assert "Switch the view (public / god / your seat)" not in titles  # locked while playing
        await app.action_quit()


async def test_item8_command_palette_and_win_condition_at_game_over(tmp_path: Path) -> None:
    t = sample("zh")
    app = KillerApp(t.header, t.entries, mode="replay")
    async with app.run_test(size=SIZE) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"切换视角（公共／上帝）", "跳到某一夜或某一天", "回放加速", "显示帮助和规则", "退出回放"} <= set(titles)
        await pilot.press("ctrl+p")
        await pilot.pause(0.1)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        app.replay.end()  # type: ignore[union-attr]
        app.redraw()
        await pilot.pause(0.05)
        assert "杀手全部出局，好人胜。" in screen_text(app).splitlines()[0]  # the status line names it
    assert over_line(t.header, t.entries, "en", "good") == "The good side wins when every Killer is dead."


async def test_item9_no_stale_text_and_a_stray_enter_accuses_nobody(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        await advance(pilot, app, lambda a: isinstance(a.screen, SpeechScreen))
        await pilot.press(*"hello", "enter", "enter")  # the second Enter lands on the accusation list
        await advance(pilot, app, lambda a: any(e.event.kind == "statement" and e.event.data["seat"] == 7
                                                 for e in a.entries))
        mine = next(e for e in app.entries if e.event.kind == "statement" and e.event.data["seat"] == 7)
        assert mine.event.data["accusation"] is None
        await advance(pilot, app, lambda a: isinstance(a.screen, TargetScreen) and "accuse" in _title(a))
        you = app.screen_stack[0].query_one(YouPanel)
        assert "accuse" in str(you.render()) and "Your statement" not in str(you.render())
        await advance(pilot, app, lambda a: isinstance(a.screen, GameOverScreen))
        await pilot.press("enter")
        await pilot.pause(0.05)
        assert "Waiting for the other players" not in str(app.query_one(YouPanel).render())
        assert "wins" in str(app.query_one(YouPanel).render())


def test_item9_player_column_the_same_before_and_after_resume_and_reasoning_in_sentences(tmp_path: Path) -> None:
    fresh = new_model({"players": 2, "seats": [{"seat": 1, "agent": "llm", "model": None}]}, PUBLIC)
    resumed = new_model({"players": 2, "seats": [{"seat": 1, "agent": "llm", "model": "SmolLM2-135M"}]}, PUBLIC)
    assert fresh.seats[1].player == resumed.seats[1].player == "llm"
    for lang in ("en", "zh"):
        t = scripted_game(tmp_path / lang, "v2-classic", lang=lang)
        notes = [e.annotation["reasoning"] for e in t.entries if e.annotation and e.annotation.get("reasoning")]
        assert notes and not any("{" in n or "[" in n for n in notes)
        if lang == "zh":
            assert all("seat" not in n and "killer" not in n for n in notes)


async def test_item9_chinese_footer_and_full_width_punctuation(tmp_path: Path) -> None:
    t = sample("zh")
    app = KillerApp(t.header, t.entries, mode="replay")
    async with app.run_test(size=SIZE) as pilot:
        async for _ in ticks(pilot, 0.02):  # until the footer has drawn
            if screen_text(app).splitlines()[-1].strip():
                break
        footer = screen_text(app).splitlines()[-1]
        assert "帮助" in footer and "退出" in footer and "quit" not in footer and "help" not in footer
        await app.push_screen(GameOverScreen("good", t.entries, "zh", "x.jsonl"))
        await pilot.pause(0.05)
        assert "游戏结束：" in screen_text(app) and "游戏结束: " not in screen_text(app)


async def test_item1_a_double_enter_never_pops_the_table(tmp_path: Path) -> None:
    """A second Enter queued while a prompt leaves (seen in tmux as a ScreenStackError traceback)."""
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        await advance(pilot, app, lambda a: isinstance(a.screen, TargetScreen))
        prompt = app.screen
        prompt.dismiss(prompt.choices[0][1])
        prompt.dismiss(prompt.choices[0][1])  # the queued second press
        await pilot.pause(0.1)
        assert len(app.screen_stack) >= 1 and app.is_running and app.error is None
        await app.action_quit()


@pytest.mark.parametrize(("lang", "words"), [("en", "suspects: seat 5 (82 %), seat 3 (60 %), seat 9 (10 %)"),
                                             ("zh", "怀疑：5号（82%）、3号（60%）、9号（10%）")])
def test_the_god_view_says_a_seats_suspicions_in_words(lang: str, words: str) -> None:
    """Issue 20: the god view's top suspicions are seats and percentages in the reader's language, never raw
    numbers; what is not a seat or not a probability is left out."""
    from tui.format import annotation_text

    note = {"agent": "scripted", "suspicions": {"5": 0.82, "3": 0.6, "9": 0.1, "2": 0.05, "x": 0.9, "7": "nan"}}
    text = annotation_text(note, lang)
    assert text is not None and words in text.plain and "0.82" not in text.plain
