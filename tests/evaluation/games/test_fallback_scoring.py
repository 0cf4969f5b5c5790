"""Fallback-aware scoring: a contestant whose every decision fell back is flagged, scores no play, is unrated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import DECISIONS
from evaluation.report.summary import render_markdown, summarize_transcripts, write_report
from tests.evaluation.builders import SIX_HEADER, accept_hand_built, note, six_game, write_transcript

BROKEN = {1, 3, 5}  # killer 1, civilian 3, civilian 5


@pytest.fixture(autouse=True)
def _hand_built(monkeypatch: pytest.MonkeyPatch) -> None:
    accept_hand_built(monkeypatch)


def _game(game_id: str) -> tuple[dict, list]:
    header = {**SIX_HEADER, "game_id": game_id, "seed": int(game_id[1:]),
              "seats": [{"seat": s, "agent": "llm", "model": "broken" if s in BROKEN else "bot"} for s in range(1, 7)]}
    entries = [(e, note(fallback="timeout") if e.kind in DECISIONS and int(e.data["seat"]) in BROKEN else n)
               for e, n in six_game()]
    return header, entries


def _files(tmp_path: Path) -> list[Path]:
    paths = []
    for gid in ("g1", "g2"):
        header, entries = _game(gid)
        path = tmp_path / f"{gid}.jsonl"
        write_transcript(path, entries, end=False)
        rows = path.read_text(encoding="utf-8").splitlines()
        rows[0] = json.dumps(header)
        rows.append(json.dumps({"type": "end", "winner": "good", "days": 2, "nights": 2}))
        path.write_text("\n".join(rows) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def test_a_contestant_that_always_fell_back_scores_no_play_and_is_unrated(tmp_path: Path) -> None:
    summary = summarize_transcripts(_files(tmp_path))
    broken = summary["contestants"]["broken"]
    # per game seat 1 made 4 decisions (night kill, statement, vote, last words), 3 made 4, 5 made 1: 9, twice
    assert (broken["fallback"]["k"], broken["decisions"]) == (18, 18) and broken["degraded"] is True
    assert broken["vote_accuracy"]["n"] == 0 and broken["accusation_accuracy"]["n"] == 0
    assert broken["divergence_killers"]["n"] == 0 and broken["brier_good"]["n"] == 0
    assert summary["degraded_contestants"] == ["broken"]
    assert summary["degraded_games"] == ["g1", "g2"] and summary["rated_games"] == 0
    assert summary["ratings"]["games"] == 0 and "broken" not in (summary["ratings"].get("skill") or {})
    text = render_markdown(summary)
    assert "**DEGRADED:** broken" in text and "left out of the ratings" in text


def test_include_degraded_rates_them(tmp_path: Path) -> None:
    summary = write_report(tmp_path / "rep", plots=False, transcripts=_files(tmp_path), include_degraded=True)
    # both games seat broken as one of the two killers and two of the four good seats: its killer share equals
    # its good share, so no game tells its skill, and the rating says it is not identified rather than guess
    assert summary["rated_games"] == 2 and summary["ratings"]["games"] == 2 and not summary["ratings"]["identified"]
    assert "kept in the ratings" in (tmp_path / "rep" / "report.md").read_text(encoding="utf-8")
