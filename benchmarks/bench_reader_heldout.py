"""The speech reader on the held-out statements (evaluation/data/statements/heldout-*.jsonl, HELDOUT.md):
precision and recall per field and language, aggregates only — it prints no statement, no label and no miss,
so the pattern author never sees what the reader got wrong there. Scored once per release, never tuned on.

    python benchmarks/bench_reader_heldout.py

Both reader models are scored (words.reader.MODELS: the patterns alone, and combined with the learned part of
words/reader/learned/, trained on the corpus only); `default` marks the one cross-validation chose per language.
The files' SHA-256 must match heldout.sha256 (recorded before any pattern work); else it stops.
"""

from __future__ import annotations

import hashlib
import json
import sys

from evaluation.statements import corpus
from words.reader import MODELS, read_statement
from words.reader.learned import default_model

FIELDS = ("said_role", "said_side", "said_checks")


def main() -> int:
    recorded = dict(reversed(line.split()) for line in (corpus.DATA / "heldout.sha256").read_text().splitlines()
                    if line.strip())
    print("model     lang  field         precision   recall   predicted/labelled  target 0.90 both")
    for lang in corpus.LANGS:
        path = corpus.DATA / f"heldout-{lang}.jsonl"
        if hashlib.sha256(path.read_bytes()).hexdigest() != recorded.get(path.name):
            print(f"{path.name}: its SHA-256 does not match heldout.sha256; not scored")
            return 1
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for model in MODELS:
            readings = {id(row): read_statement(row["text"], row["lang"], row["players"], row["seat"],
                                                day=row["day"], model=model) for row in rows}
            for field in FIELDS:
                s = corpus.score(rows, field, lambda row, got=readings: got[id(row)])
                p = "   –" if s.precision is None else f"{s.precision:.3f}"
                r = "   –" if s.recall is None else f"{s.recall:.3f}"
                met = s.precision is not None and s.recall is not None and min(s.precision, s.recall) >= 0.9
                name = model + ("*" if model == default_model(lang) else "")
                print(f"{name:9} {lang:4}  {field:12}  {p:>9}   {r:>6}   {s.predicted:4}/{s.labelled:<4}          "
                      f"{'yes' if met else 'NO'}")
    print("* the default model of that language (chosen by cross-validation on the corpus, never on this file)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
