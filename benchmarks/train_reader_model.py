"""Trains the speech reader's learned part on the labelled corpus (never the held-out part) and writes
words/reader/learned/models.json.gz; prints the 5-fold cross-validation figures that chose its regularisation, its
thresholds and the reader's default model per language. Deterministic: a rerun writes the same bytes.

    python benchmarks/train_reader_model.py [--check]

--check: train, and compare with the shipped models.json.gz instead of writing it (exit 1 when they differ).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from importlib import resources

from evaluation.statements import corpus, learning


def _cell(value: float | None) -> str:
    return "  –  " if value is None else f"{value:.3f}"


def train(lang: str) -> tuple[dict[str, dict[str, object]], str, list[str]]:
    """(the models of `lang`, the default model, lines of figures)."""
    examples = [learning.example(row) for row in corpus.load(lang)]
    penalty, thresholds, fold_models = learning.choose(examples)
    lines = [f"{lang}: penalty {penalty}, thresholds side {thresholds['side']:.2f}, check {thresholds['check']:.2f}"]
    cv = {how: learning.scores(examples, fold_models, thresholds, how) for how in ("patterns", "combined", "alone")}
    for how, by_field in cv.items():
        for field, s in by_field.items():
            lines.append(f"  {how:9} {field:12} precision {_cell(s.precision)}  recall {_cell(s.recall)}  "
                         f"({s.true_positives}/{s.predicted} read, {s.true_positives}/{s.labelled} labelled)")

    def worst(how: str) -> float:
        return min(min(s.precision or 0.0, s.recall or 0.0) for s in cv[how].values())

    default = "combined" if worst("combined") > worst("patterns") else "patterns"
    lines.append(f"  default: {default} (the higher worst of precision and recall over side and checks, by CV)")
    sets = learning._training_sets(examples)
    models: dict[str, dict[str, object]] = {}
    for part in learning.PARTS:
        m = learning.fit(*sets[part], penalty)
        threshold = thresholds.get(part, learning.RESULT_THRESHOLD)
        models[part] = {"bias": m.bias, "threshold": threshold, "weights": dict(sorted(m.weights.items()))}
    return models, default, lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped models.json.gz, write nothing")
    args = parser.parse_args()
    out: dict[str, object] = {"trained_on": {}, "default": {}, "models": {}}
    for lang in corpus.LANGS:
        models, default, lines = train(lang)
        print("\n".join(lines))
        out["trained_on"][lang] = hashlib.sha256(corpus.corpus_path(lang).read_bytes()).hexdigest()  # type: ignore[index]
        out["default"][lang] = default  # type: ignore[index]
        out["models"][lang] = models  # type: ignore[index]
    text = json.dumps(out, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
    data = gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)
    path = resources.files("words.reader.learned").joinpath("models.json.gz")
    if args.check:
        same = path.is_file() and path.read_bytes() == data
        print("models.json.gz: the same bytes" if same else "models.json.gz: DIFFERS from a fresh training")
        return 0 if same else 1
    with open(str(path), "wb") as f:
        f.write(data)
    print(f"wrote {path} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
