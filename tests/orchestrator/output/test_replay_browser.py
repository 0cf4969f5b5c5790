"""Issue 21: the replay page in a real browser (Debian's chromium, headless, through playwright): it opens from
file://, steps through the timeline with the buttons, the keys and the URL fragment, plays, toggles the god view,
reads at phone width, logs no console error, requests nothing but itself, and a hostile speech runs no script.

Skipped where chromium is missing, except in CI (.ci/run sets KILLER_REQUIRE_BROWSER=1), where that fails."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.record.view import GOD
from orchestrator.output.html.page import replay_page
from orchestrator.store.transcript import read_transcript
from tests.orchestrator.output.browser import BrowserMissing, browser, check
from tests.security.test_replay_page_text import HOSTILE

pytestmark = pytest.mark.browser
SAMPLE = Path(__file__).parents[3] / "transcripts" / "samples" / "v3-tui-vs-hard-en-s5.jsonl"


@pytest.fixture(scope="module")
def context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    try:
        check()
    except BrowserMissing as missing:
        if os.environ.get("KILLER_REQUIRE_BROWSER") == "1":
            raise
        pytest.skip(str(missing))
    with browser(tmp_path_factory.mktemp("profile")) as ctx:
        yield ctx


class Watched:
    """A page with every console error, page error, dialog and request it made recorded."""

    def __init__(self, context: Any, path: Path) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page = context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.url = path.as_uri()

    def open(self, fragment: str = "") -> Any:
        self.page.goto(self.url + fragment)
        return self.page

    def visible(self, selector: str) -> int:
        return int(self.page.eval_on_selector_all(selector, "els => els.filter(e => e.offsetParent !== null).length"))


def _page(tmp_path: Path, name: str = "page.html") -> Path:
    path = tmp_path / name
    path.write_text(replay_page(read_transcript(SAMPLE), GOD), encoding="utf-8")
    return path


def test_step_play_toggle_and_screenshot(context: Any, tmp_path: Path) -> None:
    watched = Watched(context, _page(tmp_path))
    page = watched.open()
    assert page.is_visible("#controls")  # the script ran: the step control shows
    everything = watched.visible(".step")
    assert everything > 100 and watched.visible(".step.private") > 0
    for _ in range(3):
        page.click("[data-go=next]")
    assert page.inner_text("#position").startswith("Event 3 of ")
    third = page.get_attribute(".step.current", "data-i")
    assert page.evaluate("location.hash") == f"#e{third}"
    assert watched.visible(".step") == 3  # what comes later is hidden while stepping
    page.click("[data-go=previous]")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#position").startswith("Event 4 of ")
    page.uncheck("#god-toggle")  # back to what the table saw
    assert watched.visible(".private") == 0 and watched.visible(".step.current") == 1
    public_total = int(page.inner_text("#position").split()[-1])
    page.check("#god-toggle")
    assert int(page.inner_text("#position").split()[-1]) > public_total
    page.click("[data-go=play]")
    for _ in range(100):  # play starts again from the first step and moves on its own (1.5 s a step)
        if page.inner_text("#position").startswith("Event 3 of "):
            break
        page.wait_for_timeout(100)
    assert page.inner_text("#position").startswith("Event 3 of ")
    page.click("[data-go=play]")  # pause
    page.keyboard.press("Escape")
    assert watched.visible(".step") == everything and page.evaluate("location.hash") == ""
    shot = tmp_path / "replay.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    assert watched.errors == [] and watched.dialogs == []
    assert set(watched.requests) == {watched.url}


def test_a_link_to_a_moment_opens_there(context: Any, tmp_path: Path) -> None:
    t = read_transcript(SAMPLE)
    day2 = next(e.i for e in t.entries if e.event.kind == "day_begins" and e.event.data.get("day") == 2)
    vote = next(e.i for e in t.entries if e.event.kind == "vote" and e.i > day2 + 1)
    watched = Watched(context, _page(tmp_path))
    page = watched.open(f"#e{day2}")
    assert page.get_attribute(".step.current", "data-i") == str(day2)
    assert page.is_visible(f"#e{day2}") and not page.is_visible(f"#e{day2 + 1}")
    page = watched.open(f"#e{vote + 1}")  # a vote inside a ballot points at its ballot
    assert int(page.get_attribute(".step.current", "data-i") or 0) <= vote + 1
    assert "kind-ballot" in (page.get_attribute(".step.current", "class") or "").split()
    assert watched.errors == []


def test_a_phone_reads_the_page_without_sideways_scrolling(context: Any, tmp_path: Path) -> None:
    watched = Watched(context, _page(tmp_path))
    page = watched.open("#e60")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "phone.png"))
    assert watched.errors == []


def test_a_hostile_speech_runs_no_script(context: Any, tmp_path: Path) -> None:
    t = read_transcript(SAMPLE)
    t.entries = [replace(e, event=replace(e.event, data={**e.event.data, "speech": HOSTILE}))
                 if e.event.kind == "statement" else e for e in t.entries]
    path = tmp_path / "hostile.html"
    path.write_text(replay_page(t, GOD), encoding="utf-8")
    watched = Watched(context, path)
    page = watched.open()
    page.click("[data-go=next]")
    assert watched.dialogs == [] and watched.errors == []
    assert page.evaluate("document.scripts.length") == 1 and page.evaluate("document.images.length") == 0
    page.keyboard.press("Escape")
    assert "<script>alert(1)</script>" in page.inner_text(".words")  # shown as the words it is
