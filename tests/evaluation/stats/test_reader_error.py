"""Words-based lie rates carrying the reader's error (evaluation/stats/reader_error.py): the Rogan–Gladen
correction worked by hand, the bots' intent as the second reader, the judge's labels as the second reader where
`killer label` ran, and "uncorrected" where there is none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from evaluation.games.lies import verdicts
from evaluation.load.played import facts_of, loose_transcripts
from evaluation.report.summary import _summary, render_markdown
from evaluation.stats import reader_error

GAMES = Path(__file__).resolve().parents[3] / "docs" / "eval-sample" / "games"


def test_the_correction_moves_both_the_lies_and_the_claims_they_are_counted_over() -> None:
    # 100 statements with words, 30 read as lies; Se 3/4, Sp 9/10 -> (30 - 0.1 * 100) / 0.65 true lies.
    # 50 filed claims; 50 unfiled statements, 20 read as claims; Se' 2/2, Sp' 8/10 -> (20 - 0.2 * 50) / 0.8.
    side = {"lies_words": 30, "speeches": 100, "claims_filed": 50, "words_unfiled": 50, "said_unfiled": 20}
    cells = {"second_lie_pos": 4, "second_lie_hit": 3, "second_lie_neg": 10, "second_lie_rej": 9,
             "second_said_pos": 2, "second_said_hit": 2, "second_said_neg": 10, "second_said_rej": 8}
    got = reader_error.corrected({k: np.array(float(v)) for k, v in side.items()},
                                 {k: np.array(float(v)) for k, v in cells.items()})
    assert float(got) == pytest.approx((20 / 0.65) / (50 + 12.5))
    perfect = {**cells, "second_lie_hit": 4, "second_lie_rej": 10, "second_said_rej": 10}
    same = reader_error.corrected({k: np.array(float(v)) for k, v in side.items()},
                                  {k: np.array(float(v)) for k, v in perfect.items()})
    assert float(same) == pytest.approx(30 / 70)  # a perfect reader: the words-based rate itself
    chance = {**cells, "second_lie_hit": 1, "second_lie_rej": 5}  # Se + Sp = 0.75: no better than chance
    assert np.isnan(reader_error.corrected({k: np.array(float(v)) for k, v in side.items()},
                                           {k: np.array(float(v)) for k, v in chance.items()}))


def _summary_of(labels: dict[tuple[str, int], dict[str, Any]] | None = None) -> dict[str, Any]:
    played, missing, _ = loose_transcripts(sorted(GAMES.glob("*.jsonl")))
    games = [facts_of(g) for g in played]
    if labels:
        assert reader_error.add_judge(played, games, labels) == len(labels)
    kinds = {"scripted": ("scripted", None), "smollm2": ("llm", "smollm2-135m")}
    return _summary("t", games, missing, kinds, {n: None for n in kinds})


def test_bots_carry_their_intent_and_a_model_without_a_second_reader_is_uncorrected() -> None:
    cs = _summary_of()["contestants"]
    bot = cs["scripted"]["lies_words_good"]
    assert bot["reader_n"]["lies"] > 0 and bot["reader_n"]["not_lies"] > 0
    assert bot["reader_sensitivity"] == bot["reader_specificity"] == 1.0  # every template is read (the test)
    assert bot["corrected"]["rate"] == bot["rate"] and bot["corrected"]["lo"] <= bot["rate"] <= bot["corrected"]["hi"]
    model = cs["smollm2"]["lies_words_killers"]
    assert model["reader_n"] == {"lies": 0, "not_lies": 0} and model["corrected"] == "uncorrected"
    md = render_markdown(_summary_of())
    assert "| smollm2 | killers | 100.0% (n=4) | – (0) | – (0) | uncorrected |" in md


def _model_statements() -> list[tuple[str, Any, Any]]:
    played, _, _ = loose_transcripts(sorted(GAMES.glob("*.jsonl")))
    out = []
    for p in played:
        g = facts_of(p)
        seats = {s.seat: s for s in g.seats}
        t = p.transcript
        for v in verdicts(t.header, [(e.event, e.annotation) for e in t.entries], seats, True):
            if seats[v.seat].contestant == "smollm2" and v.text.strip():
                out.append((t.game_id, v, seats[v.seat]))
    return out


def test_the_judges_labels_are_the_second_reader_of_a_model() -> None:
    said = _model_statements()
    agree = {(game, v.i): {"said_role": v.reading.said_role, "said_side": v.reading.said_side,
                           "said_checks": [c.to_dict() for c in v.reading.said_checks]} for game, v, _ in said}
    row = _summary_of(agree)["contestants"]["smollm2"]["lies_words_good"]
    lies = sum(v.lie_words for _, v, _ in said)
    assert row["reader_n"] == {"lies": lies, "not_lies": len(said) - lies}
    assert row["reader_sensitivity"] == row["reader_specificity"] == 1.0 and row["corrected"]["rate"] == row["rate"]
    # the judge reads a claim into every statement the reader found empty: the reader now misses claims, so the
    # corrected rate counts the lies over more claims than were read
    missed = {k: ({**lab, "said_role": "police"} if not lab["said_role"] and not lab["said_side"] else lab)
              for k, lab in agree.items()}
    row = _summary_of(missed)["contestants"]["smollm2"]["lies_words_good"]
    assert row["reader_claim_sensitivity"] < 1.0 and row["reader_sensitivity"] < 1.0
    assert row["rate"] < row["corrected"]["rate"] <= 1.0  # more lies found than read, and never above every claim
    assert 0.0 <= row["corrected"]["lo"] <= row["corrected"]["rate"] <= row["corrected"]["hi"] <= 1.0
