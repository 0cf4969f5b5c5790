"""How much the judge's labels add to `killer report`: the same run reported without labels.jsonl and with a label
for every statement the judge reads.

    python benchmarks/bench_report_labels.py [--seeds 30] [--workdir DIR]

A tournament of scripted bots (two contestants, every deal played in both rotations, v2-classic with 8 and 12
players) is played into a folder; each statement then gets a synthetic label line, legal values drawn with a
fixed seed (no endpoint: this measures the report, not a model). `write_report` (summary.json and report.md, no
plots) runs on the folder without labels.jsonl, then with it. Prints both times and their ratio, which must be
at most 2 (issue 36): above it the script exits 1.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evaluation.load.played import games_in  # noqa: E402
from evaluation.report.summary import write_report  # noqa: E402
from evaluation.statements import judge as rubric  # noqa: E402
from evaluation.statements.labelling import jobs  # noqa: E402
from evaluation.statements.labels import CATEGORIES, LABELS, append  # noqa: E402
from killer.cli import main as killer  # noqa: E402

ALLOWED_RATIO = 2.0
MODEL = "bench-judge"
TOURNAMENT = """name = "labelled"
seeds = {seeds}
first_seed = 1
lang = "en"
rulesets = ["v2-classic:8", "v2-classic:12"]

[[contestants]]
name = "hard"
agent = "scripted:hard"

[[contestants]]
name = "easy"
agent = "scripted:easy"
"""


def play(folder: Path, seeds: int) -> Path:
    config = folder / "labelled.toml"
    config.write_text(TOURNAMENT.format(seeds=seeds), encoding="utf-8")
    run = folder / "run"
    if killer(["eval", str(config), "--out", str(run), "--no-progress", "--pages", "none"]) != 0:
        raise SystemExit("the tournament did not finish")
    return run


def label_everything(run: Path) -> int:
    """A synthetic label line for every statement the judge reads; returns how many."""
    rng = random.Random(20240601)
    _, played, _ = games_in(run)
    lines = []
    for game in played:
        for job in jobs(game, MODEL):
            checks = [{"target": rng.randint(1, job.players), "result": rng.choice(["killer", "not_killer"]),
                       "night": 1}] if rng.random() < 0.2 else []
            st = job.statement
            lines.append({"key": job.key, "game": st.game, "i": st.i, "seat": st.seat, "kind": st.kind,
                          "model": MODEL, "rubric": rubric.RUBRIC_VERSION, "status": "labelled",
                          "said_role": job.reader.get("said_role"), "said_side": job.reader.get("said_side"),
                          "said_checks": checks, "lie": rng.random() < 0.3, "category": rng.choice(CATEGORIES),
                          "reason": "synthetic", "usd": None, "reader": job.reader})
    append(run / LABELS, lines)
    return len(lines)


def timed(run: Path) -> float:
    start = time.perf_counter()
    write_report(run, plots=False)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30, help="deals per table size (each played twice)")
    parser.add_argument("--workdir", type=Path, help="where the tournament is played (default: a temp folder)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-labels-")) if args.workdir is None else args.workdir
    folder.mkdir(parents=True, exist_ok=True)
    try:
        start = time.perf_counter()
        run = play(folder, args.seeds)
        made = time.perf_counter() - start
        (run / LABELS).unlink(missing_ok=True)  # a --workdir kept from an earlier run
        without = timed(run)
        n = label_everything(run)
        with_labels = timed(run)
        games = len(list((run / "games").glob("*.jsonl")))
    finally:
        if args.workdir is None:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"{games} games, {n} labelled statements (played in {made:.1f} s, "
          "not counted)")
    print(f"report without labels: {without:.2f} s; with labels: {with_labels:.2f} s")
    ratio = with_labels / without
    print(f"ratio with/without: {ratio:.2f} (allowed: {ALLOWED_RATIO:.1f})")
    if ratio > ALLOWED_RATIO:
        print("over the allowed ratio (issue 36)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
