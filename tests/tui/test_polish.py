"""The issue-12 items, one test (or a few) each: what a person tripped over, kept fixed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from orchestrator.config import RunConfig
from orchestrator.session import run_game
from orchestrator.transcript import Transcript, read_transcript
from tui.model import PUBLIC, build
from tui.widgets import votes_text


def scripted_game(tmp_path: Path, ruleset: str, seed: int = 3, lang: str = "en") -> Transcript:
    config = RunConfig(ruleset=ruleset, seed=seed, agents="scripted", lang=lang, out=tmp_path)
    result = asyncio.run(run_game(config, in_memory=True))
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
