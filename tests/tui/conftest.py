"""Shared pieces of the TUI tests: sample transcripts, a screen-as-text reader, a scripted human player."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engine.roles import ROLES
from orchestrator.config import RunConfig
from orchestrator.run import run_game
from orchestrator.store.transcript import Transcript, read_transcript
from tui.app import KillerApp
from tui.play import answer

DATA = Path(__file__).parent / "data"
SIZE = (120, 40)
ROLE_WORDS = {lang: {getattr(r, lang) for r in ROLES.values()} for lang in ("en", "zh")}
SEAT_ROW = re.compile(r"^│\s+(\d+)\s+(.*)")


WAIT = 300.0  # seconds a Pilot test waits for what it expects before it fails (a loaded machine is only slower)


async def ticks(pilot: Any, step: float, timeout: float = WAIT) -> AsyncIterator[None]:
    """Pauses of `step` seconds, one an iteration, until `timeout` seconds have passed: a wait bounded by the
    clock, never by a count of pauses, so a test fails by timing only when the app is really stuck."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause(step)
        yield


async def painted(pilot: Any, app: Any) -> str:
    """The screen's text once the screen on top has drawn and holds still (two reads in a row agree): a screen
    just pushed has no lines yet."""
    last = ""
    async for _ in ticks(pilot, 0.02):
        text = screen_text(app)
        if text.strip() and text == last:
            return text
        last = text
    raise AssertionError(f"the screen never settled; last drawn:\n{last}")


def sample(lang: str = "en") -> Transcript:
    """A scripted v2-classic game, seed 3 (killers 1, 4, 9; police 7, 8, 12; good wins)."""
    return read_transcript(DATA / f"v2-classic-s3-{lang}.jsonl")


def screen_text(app: Any) -> str:
    """What the terminal shows now, as plain text (one line per row; a modal is drawn over the table)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def table_text(app: Any) -> str:
    """The table screen (under any prompt) as plain text: its panels whole, as drawn for the current view."""
    return "\n".join(strip.text for strip in app.screen_stack[0]._compositor.render_strips())


def seat_rows(text: str, width: int = 56) -> dict[int, str]:
    """The seats panel's rows (left column), by seat number."""
    rows: dict[int, str] = {}
    for line in text.splitlines():
        m = SEAT_ROW.match(line[:width])
        if m and int(m.group(1)) not in rows:
            rows[int(m.group(1))] = m.group(2)
    return rows


def play_app(tmp_path: Path, humans: set[int], ruleset: str = "v2-classic", seed: int = 3,
             lang: str = "en") -> KillerApp:
    """A play-mode app over a real orchestrated game with scripted bots (no LLM), transcript in tmp_path."""
    # the honest bots (scripted:easy): the seeded scenarios of these tests were written against their play
    config = RunConfig(ruleset=ruleset, seed=seed, agents="scripted:easy", lang=lang, out=tmp_path,
                       humans=frozenset(humans), game_id=f"test-{ruleset}-{seed}")
    header = {"game_id": config.game_id, "ruleset": ruleset, "seed": seed, "lang": lang, "seats": []}
    view: Any = min(humans) if len(humans) == 1 else "public"
    return KillerApp(header, mode="play", lang=lang, view=view, humans=frozenset(humans),
                     runner=lambda hooks: run_game(config, hooks=hooks), answer=answer)


@pytest.fixture
def en_sample() -> Transcript:
    return sample("en")
