"""The feed drawn anew (`g` to a view not drawn before) paints its latest lines first and the earlier ones just
after that frame (issue 39: `g` on the largest sample repaints within 0.3 s): the frame and the feed it leaves are
the ones a whole render gives."""

from __future__ import annotations

import re
from typing import Any

from engine.record.view import GOD
from tests.tui.conftest import painted, sample, ticks
from tui.app import KillerApp
from tui.widgets import Feed

SIZE = (80, 24)


def feed_text(app: KillerApp) -> list[str]:
    return [strip.text for strip in app.query_one(Feed).lines]


def thumbless(text: str) -> str:
    return re.sub("[▁▂▃▄▅▆▇█]", " ", text)


def frame(app: KillerApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def feed_of(pilot: Any, app: KillerApp, whole: list[str]) -> list[str]:
    """The feed's lines once they are `whole`, waited for by the clock (the earlier lines come after a frame,
    later on a loaded machine); what it holds after 30 s otherwise, for the assertion to show."""
    async for _ in ticks(pilot, 0.05, timeout=30.0):
        if feed_text(app) == whole:
            break
    await painted(pilot, app)
    return feed_text(app)


async def at_the_end(pilot: Any, app: KillerApp) -> None:
    """The replay stepped to its last entry and drawn."""
    app.replay.end()  # type: ignore[union-attr]
    app.redraw()
    await painted(pilot, app)


async def whole_god_feed() -> tuple[list[str], str]:
    """The god view's feed rendered whole (the app started on it), and its frame at the end."""
    t = sample("en")
    app = KillerApp(t.header, t.entries, mode="replay", view=GOD)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_end(pilot, app)
        return feed_text(app), frame(app)


async def test_g_paints_the_latest_lines_first_then_the_whole_feed_as_a_whole_render_does() -> None:
    whole, whole_frame = await whole_god_feed()
    t = sample("en")
    app = KillerApp(t.header, t.entries, mode="replay")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_end(pilot, app)
        frames: list[str] = []
        display = app._display

        def shown(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None:
                frames.append(frame(app))

        app._display = shown  # type: ignore[method-assign]
        app.action_toggle_god()
        first = feed_text(app)
        assert SIZE[1] <= len(first) < len(whole)  # only the latest lines, a screen's worth and more
        assert first == whole[-len(first):]
        assert await feed_of(pilot, app, whole) == whole  # then every line, above the drawn ones
        assert frame(app) == whole_frame
        # the first frame handed to the terminal already shows what a person reads (the scrollbar's thumb aside: it
        # is sized to the lines rendered so far)
        assert frames and thumbless(frames[0]) == thumbless(whole_frame)
        feed = app.query_one(Feed)
        assert feed.scroll_y == feed.max_scroll_y  # still at the latest line
        app.action_toggle_god()  # public again (kept), then god again (kept): the same lines
        app.action_toggle_god()
        assert await feed_of(pilot, app, whole) == whole


async def test_a_page_up_straight_after_g_reads_the_earlier_lines() -> None:
    whole, _ = await whole_god_feed()
    t = sample("en")
    app = KillerApp(t.header, t.entries, mode="replay")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_end(pilot, app)
        app.action_toggle_god()
        assert len(feed_text(app)) < len(whole)
        app.feed_scroll(-1)  # PgUp before the next frame: the lines above are there to read
        assert feed_text(app) == whole
