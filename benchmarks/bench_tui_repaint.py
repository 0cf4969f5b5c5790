"""How long the TUI takes from a key to the repaint that shows its effect, on the largest sample game.

    python benchmarks/bench_tui_repaint.py [--runs 5] [--size 80x24] [--transcript PATH]

The replay of transcripts/samples' largest games at their end, in Textual's headless Pilot at the given size: the
largest by events (the transcript's entries) and, where another file is larger, the largest by its text (the most
to wrap and render). For `g` (public -> god view, the whole feed and table redrawn) and `ctrl+p` (the command
palette opened, its commands listed), each run sends the key as the terminal driver does and times it to the first
frame handed to the terminal (the app's display call) that shows the effect (the status line says GOD VIEW /
PUBLIC VIEW again; the palette's commands are drawn). Pilot's press is not used: it also waits for the app to go
idle, which is not what a person sees. Prints each run, the first (the god view's feed is wrapped and rendered for
the first time), the median and the worst of the others (a view drawn before comes back from the feed's kept
lines), and the median's and the first's ratio to the budget (issue 39: 0.3 s on 2 cores).
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from textual import events

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orchestrator.store.transcript import read_transcript  # noqa: E402
from tui.app import KillerApp  # noqa: E402
from tui.i18n import tr  # noqa: E402

BUDGET_S = 0.3


def largest_samples() -> list[Path]:
    """The sample game with the most events, and the one with the most text where that is another file."""
    samples = sorted((ROOT / "transcripts" / "samples").glob("*.jsonl"))
    by_events = max(samples, key=lambda p: len(read_transcript(p).entries))
    by_text = max(samples, key=lambda p: p.stat().st_size)
    return [by_events] if by_text == by_events else [by_events, by_text]


def drawn(app: Any) -> str:
    """The frame on top, as text (what the terminal would show now)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class Frames:
    """Watches the frames the app hands to the terminal: the time of the first that shows what is awaited."""

    def __init__(self, app: Any) -> None:
        self.app, self.awaited, self.at = app, "", 0.0
        display = app._display

        def shown(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if self.awaited and renderable is not None and self.awaited in drawn(app):
                self.at, self.awaited = time.perf_counter(), ""

        app._display = shown

    async def key(self, key: str, shown: str, limit: float = 30.0) -> float:
        """Seconds from `key` sent (as the terminal driver sends it) to the first frame showing `shown`."""
        self.awaited = shown
        start = time.perf_counter()
        self.app._driver.send_message(events.Key(key, key if len(key) == 1 else None))
        while self.awaited:
            if time.perf_counter() - start > limit:
                raise AssertionError(f"{shown!r} never drawn in {limit} s")
            await asyncio.sleep(0.001)
        return self.at - start


async def measure(path: Path, runs: int, size: tuple[int, int]) -> dict[str, list[float]]:
    t = read_transcript(path)
    app = KillerApp(t.header, t.entries, mode="replay")
    lang = app.lang
    out: dict[str, list[float]] = {"g": [], "ctrl+p": []}
    async with app.run_test(size=size) as pilot:
        app.replay.end()  # type: ignore[union-attr]
        app.redraw()
        await pilot.pause(0.5)
        frames = Frames(app)
        for _ in range(runs):
            for view in ("view_god", "view_public"):
                out["g"].append(await frames.key("g", tr(lang, view)))
                await pilot.pause(0.3)
            out["ctrl+p"].append(await frames.key("ctrl+p", tr(lang, "cmd_rules")))
            await pilot.pause(0.3)
            await pilot.press("escape")
            await pilot.pause(0.3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--transcript", type=Path, default=None)
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    for path in [args.transcript] if args.transcript else largest_samples():
        entries = len(read_transcript(path).entries)
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"{name}: {entries} entries, {path.stat().st_size} bytes, {width}x{height}")
        for key, times in asyncio.run(measure(path, args.runs, (width, height))).items():
            runs = " ".join(f"{s:.3f}" for s in times)
            again = times[1:] or times
            print(f"  {key:7} key to repaint: first {times[0]:.3f} s, then median {statistics.median(again):.3f} s, "
                  f"worst {max(again):.3f} s (runs: {runs}); first / budget {BUDGET_S} s = "
                  f"{times[0] / BUDGET_S:.2f}, median / budget = {statistics.median(again) / BUDGET_S:.2f}")


if __name__ == "__main__":
    main()
