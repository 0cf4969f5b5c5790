"""Issue 39, a person at the table: a refused number leaves the highlight where it was, ? in a list prompt opens
the help and Esc comes back to the same prompt, game over says whether you won, q and Esc leave it and q then
quits, the team message counts and stops on a word boundary, `killer resume` points a person's game to
`killer play --resume`, `killer watch --seat N` shows that seat's view, and the replay's palette offers only
what works there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.moves.decisions import MAX_TEAM_MESSAGE
from engine.record.view import GOD, PUBLIC
from killer.cli import build_parser, main
from tests.tui.conftest import DATA, SIZE, painted, sample, screen_text, ticks
from tui.app import KillerApp
from tui.play import ask_text, choices
from tui.screens.game_over import GameOverScreen, verdict
from tui.screens.help import HelpScreen, explain
from tui.screens.prompts.choice_list import ChoiceList, TargetScreen
from tui.screens.prompts.speech import SpeechScreen
from tui.screens.team_message import TeamMessageScreen, within_limit
from tui.widgets import Feed

VOTE = {"seat": 7, "kind": "vote", "targets": [s for s in range(1, 13) if s != 7]}


async def _prompt(pilot: Any, app: KillerApp, lang: str = "en") -> TargetScreen:
    app.pending_request = VOTE
    screen = TargetScreen(ask_text(lang, VOTE), choices(lang, VOTE, list(VOTE["targets"])), lang)  # type: ignore[call-overload]
    await app.push_screen(screen)
    await pilot.pause()
    return screen


@pytest.mark.parametrize(("lang", "typed", "refused"), [("en", "99", "“99” is none of the choices"), ("zh", "20", "")])
async def test_a_refused_number_leaves_the_highlight_where_it_was(lang: str, typed: str, refused: str) -> None:
    t = sample(lang)
    app = KillerApp(t.header, t.entries[:40], mode="play", lang=lang, view=7, humans=frozenset({7}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _prompt(pilot, app, lang)
        options = screen.query_one(ChoiceList)
        await pilot.press("down", "down")
        before = options.highlighted
        await pilot.press(*typed)
        assert options.highlighted == before  # "9" moved it to seat 9; "99" names no seat: back where it was
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and options.highlighted == before
        assert refused in screen_text(app)


async def test_question_mark_in_a_list_prompt_opens_the_help_and_esc_returns_to_the_same_prompt() -> None:
    t = sample("en")
    app = KillerApp(t.header, t.entries[:40], mode="play", view=7, humans=frozenset({7}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _prompt(pilot, app)
        await pilot.press("down")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        players = int(app.header.get("players") or 0) or None  # the vote's line, from the ruleset's day call claims
        vote_line = explain("en", app.pending_request, str(app.header.get("ruleset")), players)[0]
        assert vote_line[:24] in await painted(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.query_one(ChoiceList).highlighted == 1


def test_game_over_says_whether_you_won() -> None:
    cards = {1: ["killer"], 2: ["civilian"], 7: ["police"]}
    assert verdict("good", cards, frozenset({7}), "en") == "You won"
    assert verdict("killers", cards, frozenset({7}), "en") == "You lost"
    assert verdict("killers", cards, frozenset({1}), "zh") == "你赢了"
    assert verdict("good", cards, frozenset({1, 7}), "en") == "seat 1 lost; seat 7 won"
    assert verdict("good", cards, frozenset(), "en") == ""


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_game_over_says_you_won_with_the_reason_and_q_or_esc_leaves_then_q_quits(key: str) -> None:
    t = sample("en")  # good wins; seat 7 is police
    app = KillerApp(t.header, t.entries, mode="play", view=7, humans=frozenset({7}))
    async with app.run_test(size=SIZE) as pilot:
        app.show_game_over()
        async for _ in ticks(pilot, 0.02):
            if isinstance(app.screen, GameOverScreen):
                break
        text = await painted(pilot, app)
        assert "Game over: You won" in text and "The good side wins when" in " ".join(text.split())
        await pilot.press(key)
        await pilot.pause()
        assert not isinstance(app.screen, GameOverScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


def test_the_team_message_stops_at_the_limit_on_a_word_boundary() -> None:
    words = "then tomorrow I will lead the vote against seat five " * 4
    kept = within_limit(words)
    assert len(kept) <= MAX_TEAM_MESSAGE and words.startswith(kept) and words[len(kept)] == " "
    assert within_limit("short") == "short"
    chinese = "明天我带头投五号" * 20
    assert within_limit(chinese) == chinese[:MAX_TEAM_MESSAGE]  # every ideograph is a boundary


async def test_the_team_message_shows_a_counter() -> None:
    t = sample("en")
    app = KillerApp(t.header, t.entries[:20], mode="play", view=1, humans=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(TeamMessageScreen([4, 9], "en"))
        await pilot.pause()
        await pilot.press(*"go 5")
        await pilot.pause()
        assert f"4/{MAX_TEAM_MESSAGE} characters" in await painted(pilot, app)


def _person_game(tmp_path: Path) -> Path:
    lines = (DATA / "v2-classic-s3-en.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["options"]["humans"] = [7]
    path = tmp_path / "mine.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:30]]) + "\n")
    return path


def test_resume_of_a_game_with_a_person_says_how_to_resume_it(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = _person_game(tmp_path)
    assert main(["resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"killer play --resume {path}" in err and "seat 7 is played by a person" in err
    assert len(err.strip().splitlines()) == 1


def test_watch_seat_shows_that_seats_view_and_refuses_a_seat_not_at_the_table() -> None:
    from killer.tui_commands import build_watch_app

    args = build_parser().parse_args(["watch", str(DATA / "v2-classic-s3-en.jsonl"), "--seat", "4"])
    app = build_watch_app(args)
    assert app.view == 4 and app.view_order() == [4, PUBLIC, GOD]
    bad = build_parser().parse_args(["watch", str(DATA / "v2-classic-s3-en.jsonl"), "--seat", "13"])
    with pytest.raises(Exception, match="no such seat"):
        build_watch_app(bad)


async def test_a_replays_palette_offers_what_works_in_a_replay() -> None:
    t = sample("en")
    app = KillerApp(t.header, t.entries, mode="replay")
    async with app.run_test(size=SIZE) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        await pilot.pause()
    assert "Quit the replay" in titles and "Quit (the game is saved)" not in titles
    assert "Switch the view (public / god)" in titles
    assert not any("your seat" in title for title in titles)


SHORT = (80, 24)
TEAM_TALK = {"en": ("Police: choose whom to check\nTeam talk, round 2 of 3: your proposals differed. In the round "
                    "before, seat 7 (you) proposed seat 1; seat 8 proposed seat 4; seat 12 proposed seat 4. Seat 8 "
                    "told the team: “I think seat three is suspicious because he talked too much yesterday”"),
             "zh": ("警察：选择查验谁\n小组商量第2轮（共3轮）：你们的提议不一致。"
                    "上一轮7号（你）提议1号；8号提议4号；12号提议4号。8号对小组说：“我觉得3号很可疑，他昨天说得太多了，今晚先查4号再说”")}


def _misfit(app: KillerApp, screen: Any) -> str | None:
    """What is wrong with the layout now (None: the feed keeps a third of the 80x24 screen, the prompt's every line
    is on screen, its keys' hint last above the footer, and the panel never covers the feed)."""
    feed = app.screen_stack[0].query_one(Feed)
    prompt = screen.query_one("#prompt")
    last = [c for c in prompt.children if c.display][-1]
    if feed.outer_size.height < SHORT[1] / 3:
        return f"the feed has {feed.outer_size.height} rows"
    if not last.region.bottom <= prompt.region.bottom <= SHORT[1] - 1:
        return f"the panel is cut off: {last.region} in {prompt.region}"
    if feed.region.bottom > prompt.region.y:
        return "the panel covers the feed"
    return None


async def _fits(pilot: Any, app: KillerApp, screen: Any) -> str:
    """The screen once the prompt settled and fits (_misfit). The panel fits itself over a few refreshes
    (DecisionScreen.reserve), so a loaded machine may draw two equal frames before it is done: the test waits by
    the clock for the fitted layout and fails with the last screen if it never comes."""
    text, wrong = "", None
    async for _ in ticks(pilot, 0.05, timeout=30.0):
        text = await painted(pilot, app)
        wrong = _misfit(app, screen)
        if wrong is None:
            return text
    raise AssertionError(f"{wrong}; the screen:\n{text}")


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_feed_keeps_a_third_of_an_80x24_screen_while_a_prompt_is_open(lang: str) -> None:
    """Issue 39 item 7: a vote (after a refusal), a team talk's list under a long quote, a speech and a team message,
    each docked beside the seats at 80x24: the feed keeps at least 8 of the 24 rows; a title cut to fit ends in
    "…" and Esc shows it whole."""
    t = sample(lang)
    app = KillerApp(t.header, t.entries[:40], mode="play", lang=lang, view=7, humans=frozenset({7}))
    async with app.run_test(size=SHORT) as pilot:
        vote = await _prompt(pilot, app, lang)
        await pilot.press("9", "9", "enter")  # refused: the reason takes rows of its own
        await _fits(pilot, app, vote)
        assert vote.query_one("#error").display and vote.query_one("#error").outer_size.height >= 1
        app.pop_screen()
        talk = TargetScreen(TEAM_TALK[lang], choices(lang, VOTE, list(VOTE["targets"])), lang)  # type: ignore[call-overload]
        await app.push_screen(talk)
        text = await _fits(pilot, app, talk)
        assert talk.title_lines is not None and "…" in text, text  # cut, with the mark
        whole = "".join(TEAM_TALK[lang].split())[-12:]  # the quote's last words, spaces aside
        assert whole not in "".join(text.split())  # the quote's end is what was cut
        await pilot.press("escape")  # the list hidden: the whole question
        assert whole in "".join((await painted(pilot, app)).split())
        await pilot.press("escape")
        await pilot.press("4")  # the typed line takes a row too: the list gives it up
        await _fits(pilot, app, talk)
        app.pop_screen()
        for screen in (SpeechScreen(ask_text(lang, {"seat": 7, "kind": "statement"}), lang),
                       TeamMessageScreen([8, 12], lang)):
            await app.push_screen(screen)
            await _fits(pilot, app, screen)
            app.pop_screen()


async def test_the_status_line_cut_at_80_columns_ends_in_an_ellipsis() -> None:
    """Issue 39 item 4: the header's "Game over  The good side wins when every Killer is" was cut without a mark."""
    t = sample("en")
    app = KillerApp(t.header, t.entries, mode="replay", lang="en")
    async with app.run_test(size=SHORT) as pilot:
        app.replay.end()  # type: ignore[union-attr]
        app.redraw()
        line = (await painted(pilot, app)).splitlines()[0].rstrip()
        whole = f"{app.over_text()}"
        assert len(whole) > 40 and whole not in line  # the win condition does not fit in 80 columns…
        assert line.endswith("…") and whole.startswith(line.split("Game over")[1].strip()[:-1])  # …and says so


async def test_the_speech_box_is_several_lines_high_and_keeps_a_long_speech_in_view() -> None:
    """Issue 39 item 7: the speech box was one line about 40 characters wide; a speech of three lines stays whole."""
    t = sample("en")
    app = KillerApp(t.header, t.entries[:40], mode="play", lang="en", view=7, humans=frozenset({7}))
    words = "I checked seat four last night and it is good, seat five claims the police but lies about it"
    async with app.run_test(size=SHORT) as pilot:
        screen = SpeechScreen(ask_text("en", {"seat": 7, "kind": "statement"}), "en")
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press(*words)
        text = " ".join((await painted(pilot, app)).split())
        assert screen.query_one("#speech").outer_size.height >= 3
        assert "I checked seat four" in text and "lies about it" in text  # its start and its end, both in view
