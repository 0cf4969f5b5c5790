"""The reader's learned part (words/reader/learned/, issue 35): the shipped models load and name a default chosen
by cross-validation; "combined" only adds to the patterns' reading (a side where none was read, checks on seats
with none); the combination obeys the pattern reader's rules (a check makes a police claimant, a check's seat is
accused or cleared); the training regenerates the shipped file byte for byte (slow)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from evaluation.statements import corpus
from words.reader import MODELS, Reading, SaidCheck, read_statement
from words.reader.learned import default_model
from words.reader.learned.combined import combine
from words.reader.learned.model import Model, shipped

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_models_load_with_a_default_per_language() -> None:
    models = shipped()
    assert set(models) == set(corpus.LANGS)
    for lang in corpus.LANGS:
        assert set(models[lang]) == {"side", "check", "result"}
        assert all(0 < m.threshold < 1 and m.weights for m in models[lang].values())
        assert default_model(lang) in MODELS


def test_an_unknown_model_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown reader model"):
        read_statement("I'm the police.", "en", 8, 1, model="oracle")


NEVER = Model(-30.0, {}, 0.5)


def _says(feature: str) -> Model:
    """A model that says yes exactly when `feature` is present."""
    return Model(-30.0, {feature: 10_000.0}, 0.5)


def test_the_side_model_adds_good_only_where_the_patterns_read_no_role_and_no_side() -> None:
    models = {"side": _says("P:role=None"), "check": NEVER, "result": NEVER}
    plain = combine("Honest as the day is long.", "en", 8, 1, 1, Reading(), models)
    assert (plain.said_role, plain.said_side) == (None, "good")
    claimed = Reading(said_role="killer", said_side="killers")
    assert combine("Fine, I'm the killer.", "en", 8, 1, 1, claimed, models) == claimed


def test_the_check_model_adds_checks_with_their_result_night_and_mark() -> None:
    models = {"side": NEVER, "check": _says("R: w"), "result": _says("r: wolf")}
    got = combine("Night 1 I looked: 5 wolf.", "en", 8, 2, 2, Reading(), models)
    assert got.said_checks == (SaidCheck(5, "killer", 1),)
    assert (got.said_role, got.said_side, got.accuses, got.clears) == ("police", "good", (5,), ())
    zh = combine("第一晚6号好人。", "zh", 8, 2, 2, Reading(), {"side": NEVER, "check": _says("R:好"), "result": NEVER})
    assert zh.said_checks == (SaidCheck(6, "not_killer", 1),) and zh.clears == (6,)


def test_the_speaker_and_the_seats_the_patterns_checked_are_never_candidates() -> None:
    models = {"side": NEVER, "check": Model(30.0, {}, 0.5), "result": NEVER}
    base = Reading(said_role="police", said_side="good", said_checks=(SaidCheck(5, "killer", 1),), accuses=(5,))
    got = combine("I am 3. I checked 5 night 1: killer. 7 is quiet.", "en", 8, 3, 2, base, models)
    assert got.said_checks == (SaidCheck(5, "killer", 1), SaidCheck(7, "not_killer", None))


@pytest.mark.parametrize("lang", corpus.LANGS)
def test_combined_keeps_every_pattern_finding_on_the_corpus(lang: str) -> None:
    for row in corpus.load(lang):
        args = (row["text"], lang, row["players"], row["seat"])
        patterns = read_statement(*args, day=row["day"], model="patterns")
        got = read_statement(*args, day=row["day"], model="combined")
        assert got.said_checks[: len(patterns.said_checks)] == patterns.said_checks
        assert patterns.said_role is None or got.said_role == patterns.said_role
        assert patterns.said_side is None or got.said_side == patterns.said_side
        assert set(patterns.accuses) <= set(got.accuses) and set(patterns.clears) <= set(got.clears)


@pytest.mark.slow
def test_the_training_regenerates_the_shipped_models_byte_for_byte() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this tree's code, not an installed copy's
    done = subprocess.run([sys.executable, "benchmarks/train_reader_model.py", "--check"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
