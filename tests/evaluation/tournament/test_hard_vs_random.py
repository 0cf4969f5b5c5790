"""A clear difference in skill is found under the default schedule, and two copies of one bot play apart.

scripted:hard against random under `rotate` (60 deals x 2 rotations of v2-classic:10, the killer side held by
one contestant per rotation): the deal-paired "win" difference and the side-aware rating difference both exclude
0 (the issue's test tournament; slow). Measured: +17.3 [+10.7, +23.3] points, rating +1.69 [+1.02, +2.54] logits;
with the contestants alternating along the seats (killers_together = false) the same deals give only +4.0
[+0.0, +8.0]. Two contestants playing the same bot on the same deal play different games, since a tournament
keys a bot's draws on its contestant's name (docs/bots.md).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from evaluation.report.summary import summarize
from evaluation.tournament.config import parse_config
from evaluation.tournament.folder import read_results
from evaluation.tournament.run import run_tournament
from orchestrator.store.transcript import read_transcript


def _run(out: Path, seeds: int, contestants: list[dict[str, str]]) -> None:
    cfg = parse_config({"name": "t", "rulesets": ["v2-classic:10"], "seeds": seeds, "first_seed": 1, "parallel": 4,
                        "contestants": contestants})
    done = asyncio.run(run_tournament(cfg, out))
    assert (done.played, done.failed) == (2 * seeds, {})


def test_two_copies_of_one_bot_play_different_games(tmp_path: Path) -> None:
    # under rotate the two rotations of a deal swap a's and b's seats: were the copies keyed on the seed alone,
    # every seat would make the same draws in both games and the two transcripts would tell one game
    _run(tmp_path, 1, [{"name": "a", "agent": "scripted:hard"}, {"name": "b", "agent": "scripted:hard"}])
    games = [read_transcript(tmp_path / r["transcript"]) for r in read_results(tmp_path).values()]
    moves = [[(e.event.kind, e.event.data.get("seat"), e.event.data.get("target")) for e in t.entries]
             for t in games]
    assert len(moves) == 2 and moves[0] != moves[1]


@pytest.mark.slow
def test_hard_is_found_ahead_of_random_under_rotate(tmp_path: Path) -> None:
    _run(tmp_path, 60, [{"name": "hard", "agent": "scripted:hard"}, {"name": "random", "agent": "random"}])
    summary = summarize(tmp_path)
    found = {c["metric"]: c for c in summary["comparisons"] if (c["a"], c["b"]) == ("hard", "random")}
    win, rating = found["win"], found["rating"]
    print(f"hard - random: win {win['diff']:+.1f} [{win['lo']:+.1f}, {win['hi']:+.1f}] points over {win['deals']} "
          f"deals, p {win['p']}; rating {rating['diff']:+.2f} [{rating['lo']:+.2f}, {rating['hi']:+.2f}] logits")
    assert win["deals"] == 60 and win["deals_dropped"] == 0
    assert 0 < win["lo"] < win["diff"] and 0 < rating["lo"] < rating["diff"]
    assert summary["ratings"]["reference"] == "hard" and summary["ratings"]["skill"]["random"]["hi"] < 0
