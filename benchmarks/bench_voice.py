"""The voiced bots' figures (issue 38, item 2) from the transcripts of `killer run --agents scripted:hard+voice`:

    for S in 1 2 3 4 5 6 7 8 9 10; do
      nice killer run --agents scripted:hard+voice --players 8 --seed $S --out runs/voice/s$S
    done
    python benchmarks/bench_voice.py runs/voice

Per game: the voiced speeches, the voice fallbacks (the reader refused the model's words, or the model failed, and
the bot's own sentence was said), the decision fallbacks (0: a voice fallback never is one), the game's wall time,
and the share of distinct speeches once seat numbers are masked (digits -> #), beside the same share for the same
seed played by plain hard bots (the bots' own sentences, replayed here through the engine). Then the totals.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from engine import SPEECHES
from orchestrator.store.transcript import read_transcript

DIGITS = re.compile(r"\d+")


def masked(texts: list[str]) -> tuple[int, int]:
    """(distinct masked speeches, speeches)."""
    return len({DIGITS.sub("#", t) for t in texts}), len(texts)


def game(path: Path) -> dict[str, Any] | None:
    """The figures of one transcript of voiced bots (None: no voiced seat)."""
    t = read_transcript(path)
    if not any(s.get("agent") == "scripted+voice" for s in t.header.get("seats", [])):
        return None
    notes = [e.annotation for e in t.entries if e.annotation and e.annotation.get("voice")]
    speeches = [str(e.event.data.get("speech") or "") for e in t.entries if e.event.kind in SPEECHES
                and str(e.event.data.get("speech") or "").strip()]
    end = t.end or {}
    return {"seed": t.header.get("seed"), "lang": t.header.get("lang"), "voiced": len(notes),
            "voice_fallbacks": sum(n["voice"] == "bot" for n in notes),
            "fallbacks": sum(int(n) for n in (end.get("fallbacks") or {}).values()),
            "wall_s": end.get("wall_s"), "distinct": masked(speeches),
            "bots": bot_distinct(str(t.header["ruleset"]), len(t.header["seats"]), int(t.header["seed"]),
                                 str(t.header.get("lang") or "en"))}


def bot_distinct(ruleset: str, players: int, seed: int, lang: str) -> tuple[int, int]:
    """The masked distinct speeches of the same seed played by plain hard bots."""
    import asyncio
    import tempfile

    from orchestrator.config import RunConfig
    from orchestrator.run import run_game

    with tempfile.TemporaryDirectory() as out:
        config = RunConfig(ruleset=ruleset, players=players, seed=seed, agents="scripted:hard", lang=lang,
                           out=Path(out))
        result = asyncio.run(run_game(config))
        t = read_transcript(result.path)
    return masked([str(e.event.data.get("speech") or "") for e in t.entries if e.event.kind in SPEECHES
                   and str(e.event.data.get("speech") or "").strip()])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    args = parser.parse_args()
    rows = [r for folder in args.folders for p in sorted(folder.rglob("*.jsonl")) if (r := game(p))]
    rows.sort(key=lambda r: (str(r["lang"]), int(r["seed"])))
    print("| seed | lang | voiced speeches | voice fallbacks | decision fallbacks | wall s | distinct (masked) | "
          "plain hard bots, distinct (masked) |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        d, b = r["distinct"], r["bots"]
        print(f"| {r['seed']} | {r['lang']} | {r['voiced']} | {r['voice_fallbacks']} | {r['fallbacks']} | "
              f"{r['wall_s']} | {d[0]}/{d[1]} | {b[0]}/{b[1]} |")
    voiced, fell = sum(r["voiced"] for r in rows), sum(r["voice_fallbacks"] for r in rows)
    d0, d1 = sum(r["distinct"][0] for r in rows), sum(r["distinct"][1] for r in rows)
    b0, b1 = sum(r["bots"][0] for r in rows), sum(r["bots"][1] for r in rows)
    walls = [float(r["wall_s"]) for r in rows if r["wall_s"] is not None]
    print(f"\n{len(rows)} games: voice fallbacks {fell}/{voiced} ({fell / max(1, voiced):.1%}); decision fallbacks "
          f"{sum(r['fallbacks'] for r in rows)}; distinct masked speeches {d0}/{d1} ({d0 / max(1, d1):.0%}), plain "
          f"hard bots {b0}/{b1} ({b0 / max(1, b1):.0%}); wall time per game {min(walls, default=0):.0f}-"
          f"{max(walls, default=0):.0f} s")


if __name__ == "__main__":
    main()
