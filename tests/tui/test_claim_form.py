"""The claim form (Pilot): a person at a speech attaches a public claim (the role claimed, the checks reported,
v5 naming cards); the speech event carries it and every other seat's record shows it; a stray Enter claims
nothing. The form starts from the seat's own checks, asks for checks only when the claimed role has them, marks
the nights already reported, never offers a night twice, and keeps the claim made before with one key."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import engine
from agents.llm import prompting
from agents.view import SeatView
from engine import Claim, ClaimedCheck
from orchestrator.store.transcript import read_transcript
from tests.tui.conftest import SIZE, play_app, screen_text, ticks
from tui.app import KillerApp
from tui.i18n import tr
from tui.screens.claim_form import (
    ADD,
    CONFESS,
    DONE,
    KEEP,
    NO_CLAIM,
    WORDS_ONLY,
    ClaimScope,
    check_options,
    claim_form,
    role_keys,
    role_options,
)
from tui.screens.prompts.choice_list import TargetScreen
from tui.screens.prompts.confirm import ConfirmScreen
from tui.screens.prompts.entry import BACK, match
from tui.screens.prompts.notice import NoticeScreen
from tui.screens.prompts.speech import SpeechScreen


async def pick(pilot: Any, app: KillerApp, value: Any) -> None:
    """Chooses `value` on the open list: Home, arrows down to it, then Enter (as a person would)."""
    screen = app.screen
    assert isinstance(screen, TargetScreen)
    index = [v for _, v in screen.choices].index(value)
    await pilot.press("home", *(["down"] * index), "enter")
    await pilot.pause(0.02)


async def to_claim_form(pilot: Any, app: KillerApp, lang: str = "en") -> None:
    """First choices and a short speech until the claim form opens."""
    async for _ in ticks(pilot, 0.005):
        screen = app.screen
        if isinstance(screen, TargetScreen) and screen.title_text == tr(lang, "ask_claim"):
            return
        if isinstance(screen, ConfirmScreen):
            await pilot.press("down", "enter")  # yes: the shot goes (else the same choice comes back)
        elif isinstance(screen, TargetScreen | NoticeScreen):
            await pilot.press("enter")
        elif isinstance(screen, SpeechScreen):
            await pilot.press(*"I am the police", "enter")
    raise AssertionError("no claim form")


async def until_spoken(pilot: Any, app: KillerApp, seat: int) -> Any:
    async for _ in ticks(pilot, 0.005):
        mine = [e for e in app.entries if e.event.kind in engine.SPEECHES and e.event.data.get("seat") == seat]
        if mine:
            return mine[0].event
        if isinstance(app.screen, TargetScreen | NoticeScreen):
            await pilot.press("enter")
    raise AssertionError("the speech never came")


def others_see(app: KillerApp, event: Any, speaker: int, lang: str = "en") -> None:
    """Every other seat's prompt record holds the speech line with its claim."""
    events = [e.event for e in app.entries]
    players = len({s for e in events if e.kind == "your_cards" for s in [e.data["seat"]]})
    line = prompting.record_line(event, lang)
    for seat in range(1, players + 1):
        if seat != speaker:
            view = SeatView(seat, str(app.header["ruleset"]), players, tuple(engine.observation(events, seat)), lang)
            assert line in prompting.public_record(view, lang), seat


def _own_check(app: KillerApp, seat: int) -> dict[str, Any]:
    (check,) = [e.event.data for e in app.entries if e.event.kind == "check_result" and seat in e.event.visible_to]
    return {"night": 1, "target": check["target"], "result": check["result"]}


async def test_a_police_claim_starts_from_its_own_check_that_everyone_then_sees(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})  # seed 3: police 7, 8, 12; killers 1, 4, 9
    async with app.run_test(size=SIZE) as pilot:
        await to_claim_form(pilot, app)
        assert "No claim" in screen_text(app) and "Claim to be the Police" in screen_text(app)
        await pick(pilot, app, "police")
        screen = app.screen
        own = _own_check(app, 7)
        assert isinstance(screen, TargetScreen) and screen.title_text == tr("en", "ask_check")
        assert [v for _, v in screen.choices] == [DONE, 0]  # the night-1 check, ticked; no second night-1 check
        assert f"☑ night 1: seat {own['target']} is" in screen_text(app)
        await pilot.press("escape")  # back to the role
        async for _ in ticks(pilot, 0.02):
            if getattr(app.screen, "title_text", None) == tr("en", "ask_claim"):
                break
        assert app.screen.title_text == tr("en", "ask_claim")  # type: ignore[attr-defined]
        await pick(pilot, app, "police")
        await pick(pilot, app, DONE)
        event = await until_spoken(pilot, app, 7)
        assert event.data["claim"] == {"role": "police", "checks": [own]}
        line = prompting.record_line(event, "en")
        assert f"claiming to be the Police, reporting checks: seat {own['target']} is" in line
        others_see(app, event, 7)
        async for _ in ticks(pilot, 0.02):  # the next screen drawn (a pushed prompt has no lines at first)
            if "claiming to be the Police" in screen_text(app):
                break
        assert "claiming to be the Police" in screen_text(app)  # the table's feed shows it too
        await pilot.press("ctrl+q")


async def test_a_civilian_claim_asks_for_no_checks(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        await to_claim_form(pilot, app)
        await pick(pilot, app, "civilian")
        event = await until_spoken(pilot, app, 7)
        assert event.data["claim"] == {"role": "civilian", "checks": []}
        await pilot.press("ctrl+q")


class _Asked:
    """The app of a played game at one point, answering the form's screens from a script (no terminal)."""

    def __init__(self, path: Path, upto: int, seat: int, answers: list[Any]) -> None:
        t = read_transcript(path)
        self.app = KillerApp(t.header, t.entries[:upto], mode="play", view=seat, humans=frozenset({seat}))
        self.app.redraw = lambda: None  # type: ignore[method-assign]
        self.app.ask = self._ask  # type: ignore[method-assign]
        self.answers, self.screens = list(answers), []  # type: list[Any], list[TargetScreen]

    async def _ask(self, screen: Any) -> Any:
        self.screens.append(screen)
        return self.answers.pop(0)


SAMPLE = Path(__file__).parents[2] / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"


def test_yesterdays_claim_is_kept_with_one_key_and_tonights_own_check_added() -> None:
    # police 3 claimed its night-1 check on day 1 (entry 29); on day 2 (entry 79) it also has night 2's
    asked = _Asked(SAMPLE, 79, 3, [KEEP])
    claim = asyncio.run(claim_form(asked.app, 3))
    first = asked.screens[0]
    assert first.choices[0][1] == KEEP and first.default == 0  # the first choice, highlighted: Enter keeps it
    assert "Same claim as before: Police" in first.choices[0][0]
    assert claim == Claim("police", (ClaimedCheck(1, 8, "killer"), ClaimedCheck(2, 4, "not_killer")))


def test_the_nights_already_reported_are_marked_and_never_offered_again() -> None:
    asked = _Asked(SAMPLE, 79, 3, ["police", DONE])
    claim = asyncio.run(claim_form(asked.app, 3))
    checks = asked.screens[1]
    labels = [label for label, _ in checks.choices]
    assert "☑ night 1: seat 8 is a killer (reported before)" in labels
    assert "☑ night 2: seat 4 is not a killer" in labels  # tonight's own check, new
    assert ADD not in [v for _, v in checks.choices]  # both nights so far are in the claim: none to add
    assert claim == Claim("police", (ClaimedCheck(1, 8, "killer"), ClaimedCheck(2, 4, "not_killer")))


async def test_a_v5_claim_names_cards_in_chinese(tmp_path: Path) -> None:
    app = play_app(tmp_path, {3}, ruleset="v5-dual", seed=2, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await to_claim_form(pilot, app, "zh")
        await pick(pilot, app, None)  # no role: checks only
        await pick(pilot, app, ADD)  # seat 3 checked nothing itself: a check of its own choosing
        await pick(pilot, app, 1)
        screen = app.screen
        assert isinstance(screen, TargetScreen)
        assert all(isinstance(v, tuple) and v[0] != 3 for _, v in screen.choices)  # cards of the other seats
        await pick(pilot, app, (5, 2))
        await pick(pilot, app, "not_killer")
        await pick(pilot, app, DONE)
        event = await until_spoken(pilot, app, 3)
        assert event.data["claim"] == {"role": None, "checks": [{"night": 1, "target": [5, 2],
                                                                "result": "not_killer"}]}
        assert "报查验：第1夜验5号的第2张牌不是杀手" in prompting.record_line(event, "zh")
        others_see(app, event, 3, "zh")
        await pilot.press("ctrl+q")


async def test_a_stray_enter_claims_nothing(tmp_path: Path) -> None:
    app = play_app(tmp_path, {7})
    async with app.run_test(size=SIZE) as pilot:
        await to_claim_form(pilot, app)
        await pilot.press("enter")
        event = await until_spoken(pilot, app, 7)
        assert event.data.get("claim") is None
        await pilot.press("ctrl+q")


def test_the_form_offers_only_legal_values() -> None:
    scope = ClaimScope(seat=2, players=6, roles=("killer", "police", "civilian"), cards_per_seat=1, night=2)
    assert [v for _, v in role_options("en", scope)] == [NO_CLAIM, "killer", "police", "civilian", None]
    nights, targets, results = check_options("en", scope)
    assert [v for _, v in nights] == [2, 1] and [v for _, v in targets] == [1, 3, 4, 5, 6]
    assert [v for _, v in check_options("en", scope, frozenset({2}))[0]] == [1]  # a night reported is not again
    assert [v for _, v in results] == ["killer", "not_killer"]
    before_night = ClaimScope(seat=2, players=6, roles=("killer",), cards_per_seat=1, night=0)
    assert None not in [v for _, v in role_options("en", before_night)]  # no night yet: nothing to report


JUMPS = Path(__file__).parents[2] / "transcripts" / "samples" / "v3.5-std-scripted-zh-s2.jsonl"  # killers 9, 12, 13


def test_each_role_keeps_its_key_whether_or_not_a_claim_was_made_before() -> None:
    # issue 39: the key that claimed the Police yesterday claims the Police today ("same as before" on its own key)
    scope = ClaimScope(seat=2, players=6, roles=("killer", "police", "civilian"), cards_per_seat=1, night=2)
    kept = Claim("police", ())
    first, later = role_options("en", scope), role_options("en", scope, kept)
    keys = {value: key for (_, value), key in zip(first, role_keys(scope, first), strict=True)}
    again = {value: key for (_, value), key in zip(later, role_keys(scope, later), strict=True)}
    assert keys == {NO_CLAIM: "1", "killer": "2", "police": "3", "civilian": "4", None: "5"}
    assert again == {**keys, KEEP: "0"}
    assert later[match("3", later, role_keys(scope, later))][1] == "police"  # type: ignore[index]
    assert first[match("3", first, role_keys(scope, first))][1] == "police"  # type: ignore[index]


def test_a_killer_claim_asks_for_confirmation_and_no_goes_back_to_the_roles() -> None:
    asked = _Asked(SAMPLE, 29, 5, ["killer", False, "civilian"])  # v2-classic: no jump-kill
    claim = asyncio.run(claim_form(asked.app, 5))
    assert isinstance(asked.screens[1], ConfirmScreen) and "Claim to be the Killer" in asked.screens[1].title_text
    assert isinstance(asked.screens[2], TargetScreen) and asked.screens[2].title_text == tr("en", "ask_claim")
    assert claim == Claim("civilian", ())  # a good-side first claim: not asked


def test_a_change_of_the_role_claimed_before_asks_for_confirmation() -> None:
    asked = _Asked(SAMPLE, 79, 3, ["civilian", True])  # police 3 claimed the Police on day 1
    claim = asyncio.run(claim_form(asked.app, 3))
    assert isinstance(asked.screens[1], ConfirmScreen)
    assert "Change your claim from Police to Civilian" in asked.screens[1].title_text
    assert claim == Claim("civilian", ())


def test_a_killer_claim_where_a_jump_kill_exists_asks_whether_it_means_to_confess() -> None:
    # v3.5-std (004 other rule 3: 杀手、匪民 may jump-kill); killer 12's statement of day 1, in Chinese
    asked = _Asked(JUMPS, 34, 12, ["killer", WORDS_ONLY])
    claim = asyncio.run(claim_form(asked.app, 12, may_confess=True))
    question = asked.screens[1]
    assert "口头声明不是自爆" in question.title_text
    assert [v for _, v in question.choices] == [WORDS_ONLY, CONFESS, BACK]
    assert claim == Claim("killer", ())  # in words only: a claim, not a confession
    meant = _Asked(JUMPS, 34, 12, ["killer", CONFESS])
    assert asyncio.run(claim_form(meant.app, 12, may_confess=True)) == CONFESS
    back = _Asked(JUMPS, 34, 12, ["killer", BACK, NO_CLAIM])
    assert asyncio.run(claim_form(back.app, 12, may_confess=True)) is None
    assert back.screens[2].title_text == tr("zh", "ask_claim")
    cannot = _Asked(JUMPS, 34, 11, ["killer", WORDS_ONLY])  # a civilian: no jump-kill to offer it
    assert asyncio.run(claim_form(cannot.app, 11, may_confess=False)) == Claim("killer", ())
    assert CONFESS not in [v for _, v in cannot.screens[1].choices]
