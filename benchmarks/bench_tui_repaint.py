"""How long the TUI takes from a key to the repaint that shows its effect, on the largest sample game.

    python benchmarks/bench_tui_repaint.py [--runs 5] [--size 80x24] [--transcript PATH]

The replay of transcripts/samples' largest game (by its file's size), at its end, in Textual's headless Pilot at
the given size. For `g` (public -> god view, the whole feed and table redrawn) and `ctrl+p` (the command palette
opened, its commands listed), each run times the key press to the first frame that shows the effect (the status
line says GOD VIEW / PUBLIC VIEW again; the palette's commands are drawn), read from the screen's compositor.
Prints each run, the first (the god view's feed is wrapped and rendered for the first time), the median and the
worst of the others (a view drawn before comes back from the feed's kept lines), and the median's ratio to the
budget (issue 39: 0.3 s on 2 cores).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orchestrator.store.transcript import read_transcript  # noqa: E402
from tui.app import KillerApp  # noqa: E402
from tui.i18n import tr  # noqa: E402

BUDGET_S = 0.3


def largest_sample() -> Path:
    return max((ROOT / "transcripts" / "samples").glob("*.jsonl"), key=lambda p: p.stat().st_size)


def drawn(app: Any) -> str:
    """The frame on top, as text (what the terminal would show now)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def until(pilot: Any, shown: str, limit: float = 30.0) -> float:
    """Seconds until a frame shows `shown` (polled each event-loop turn)."""
    start = time.perf_counter()
    while shown not in drawn(pilot.app):
        if time.perf_counter() - start > limit:
            raise AssertionError(f"{shown!r} never drawn in {limit} s")
        await asyncio.sleep(0.001)
    return time.perf_counter() - start


async def measure(path: Path, runs: int, size: tuple[int, int]) -> dict[str, list[float]]:
    t = read_transcript(path)
    app = KillerApp(t.header, t.entries, mode="replay")
    lang = app.lang
    out: dict[str, list[float]] = {"g": [], "ctrl+p": []}
    async with app.run_test(size=size) as pilot:
        app.replay.end()  # type: ignore[union-attr]
        app.redraw()
        await pilot.pause(0.5)
        for _ in range(runs):
            for view in ("view_god", "view_public"):
                start = time.perf_counter()
                await pilot.press("g")
                await until(pilot, tr(lang, view))
                out["g"].append(time.perf_counter() - start)
                await pilot.pause(0.2)
            start = time.perf_counter()
            await pilot.press("ctrl+p")
            await until(pilot, tr(lang, "cmd_rules"))
            out["ctrl+p"].append(time.perf_counter() - start)
            await pilot.press("escape")
            await pilot.pause(0.3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--transcript", type=Path, default=None)
    args = parser.parse_args()
    path = args.transcript or largest_sample()
    width, height = (int(x) for x in args.size.split("x"))
    entries = len(read_transcript(path).entries)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {entries} entries, {width}x{height}")
    for key, times in asyncio.run(measure(path, args.runs, (width, height))).items():
        runs = " ".join(f"{s:.3f}" for s in times)
        again = times[1:] or times
        print(f"{key:7} key to repaint: first {times[0]:.3f} s, then median {statistics.median(again):.3f} s, "
              f"worst {max(again):.3f} s (runs: {runs}); median / budget {BUDGET_S} s = "
              f"{statistics.median(again) / BUDGET_S:.2f}")


if __name__ == "__main__":
    main()
