"""The speech reader on the held-out statements (evaluation/data/statements/heldout-*.jsonl, HELDOUT.md):
precision and recall per field and language, aggregates only — it prints no statement, no label and no miss,
so the pattern author never sees what the reader got wrong there. Scored once per release, never tuned on.

    python benchmarks/bench_reader_heldout.py
    python benchmarks/bench_reader_heldout.py --judge-model M --base-url U [--api-key-env NAME] [--parallel 4]
        [--timeout S] [--lang en]

Both reader models are scored (words.reader.MODELS: the patterns alone, and combined with the learned part of
words/reader/learned/, trained on the corpus only); `default` marks the one cross-validation chose per language.
With --judge-model, the judge model is scored the same way as a third reader (evaluation/statements/
judge_reading.py: the production rubric, no record and no cards; keys by the one key rule of agents/key_rule.py,
as `killer label`), once per statement, 614 requests. The files' SHA-256 must match heldout.sha256 (recorded
before any pattern work); else it stops.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from evaluation.statements import corpus
from evaluation.statements.judge_reading import JudgeReadings
from words.reader import MODELS, Reading, read_statement
from words.reader.learned import default_model

FIELDS = ("said_role", "said_side", "said_checks")


HEADER = "model     lang  field         precision   recall   predicted/labelled  target 0.90 both"


def rows_of(lang: str) -> list[dict[str, Any]] | None:
    """The held-out lines of one language, or None where the file is not the one heldout.sha256 recorded."""
    recorded = {name: digest for digest, name in (line.split() for line in
                                                  (corpus.DATA / "heldout.sha256").read_text().splitlines()
                                                  if line.strip())}
    path = corpus.DATA / f"heldout-{lang}.jsonl"
    if hashlib.sha256(path.read_bytes()).hexdigest() != recorded.get(path.name):
        print(f"{path.name}: its SHA-256 does not match heldout.sha256; not scored")
        return None
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def score_lines(name: str, lang: str, rows: Sequence[dict[str, Any]],
                reader: Callable[[dict[str, Any]], Reading]) -> list[str]:
    """One line a field: precision, recall, items predicted/labelled, and whether both reach 0.90."""
    out = []
    for field in FIELDS:
        s = corpus.score(rows, field, reader)
        p = "   –" if s.precision is None else f"{s.precision:.3f}"
        r = "   –" if s.recall is None else f"{s.recall:.3f}"
        met = s.precision is not None and s.recall is not None and min(s.precision, s.recall) >= 0.9
        out.append(f"{name:9} {lang:4}  {field:12}  {p:>9}   {r:>6}   {s.predicted:4}/{s.labelled:<4}          "
                   f"{'yes' if met else 'NO'}")
    return out


def by_id(readings: dict[int, Reading]) -> Callable[[dict[str, Any]], Reading]:
    """The reading of a line from readings keyed by the line's id()."""
    return lambda row: readings[id(row)]


def judge_readings(args: argparse.Namespace, rows: Sequence[dict[str, Any]]) -> JudgeReadings:
    """The judge's reading of every line, with `killer label`'s endpoint and key handling."""
    from evaluation.statements.judge_reading import read_rows
    from evaluation.statements.setup import JudgeChoice, judge_model
    from killer.game_commands import leave_of_args

    given = {"model": args.judge_model, "base_url": args.base_url, "api_key_env": args.api_key_env,
             "timeout": args.timeout}

    async def go() -> JudgeReadings:
        async with judge_model(JudgeChoice.of(None, given, None), leave=leave_of_args(args)) as judge:
            return await read_rows(judge, rows, args.parallel)

    return asyncio.run(go())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge-model", help="also score this judge model (with --base-url)")
    parser.add_argument("--base-url", help="the judge's OpenAI-compatible endpoint")
    parser.add_argument("--api-key-env", help="the NAME of the variable holding its key (default OPENAI_API_KEY)")
    parser.add_argument("--parallel", type=int, default=4, help="judge requests at once (default 4)")
    parser.add_argument("--timeout", type=float, help="seconds to wait for one judge answer (default 60)")
    parser.add_argument("--lang", choices=corpus.LANGS, action="append",
                        help="score only this language (repeatable; default all)")
    args = parser.parse_args(argv)
    if bool(args.judge_model) != bool(args.base_url):
        parser.error("--judge-model and --base-url go together")
    print(HEADER)
    for lang in args.lang or corpus.LANGS:
        rows = rows_of(lang)
        if rows is None:
            return 1
        for model in MODELS:
            readings = {id(row): read_statement(row["text"], row["lang"], row["players"], row["seat"],
                                                day=row["day"], model=model) for row in rows}
            name = model + ("*" if model == default_model(lang) else "")
            print("\n".join(score_lines(name, lang, rows, by_id(readings))))
        if args.judge_model:
            judged = judge_readings(args, rows)
            print("\n".join(score_lines("judge", lang, rows, judged.of)))
            print(f"judge     {lang:4}  {judged.fallbacks} fell back, {judged.refused} refused (read as no claim) "
                  f"of {len(rows)}")
    print("* the default model of that language (chosen by cross-validation on the corpus, never on this file)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
