"""The speech reader against the labelled corpus: precision and recall per field and language, each with its
95 % Wilson lower bound, the issue's targets, and the reader's speed.

    python benchmarks/bench_speech_reader.py [--by-source] [--misses]

Fields: said_role (statements whose label names a role), said_side (scored on statements whose label claims no
role), said_checks (items: target, result and night must match), accuses and clears (items). Targets: role and
side precision >= 0.95 and recall >= 0.90; checks >= 0.90 both; they are met on the point estimates (the lower
bounds say how far the corpus alone supports them). The corpus was labelled before the reader existed
(evaluation/data/statements/GUIDE.md); `--misses` lists every statement the reader gets wrong.
"""

from __future__ import annotations

import argparse
import time

from evaluation.statements import corpus


def _cell(value: float | None) -> str:
    return "   –" if value is None else f"{value:.3f}"


def table(rows_by_lang: dict[str, list[dict[str, object]]], by_source: bool) -> list[str]:
    lines = ["lang  source    field         precision (lower)   recall (lower)    items  target  met"]
    for lang, rows in rows_by_lang.items():
        groups = [("all", rows)]
        if by_source:
            groups += [(s, [r for r in rows if r["source"] == s]) for s in corpus.SOURCES]
        for source, part in groups:
            for field in corpus.FIELDS:
                s = corpus.score(part, field)  # type: ignore[arg-type]
                lo_p, lo_r = s.lower()
                want = corpus.TARGETS.get(field)
                target = f"{want[0]:.2f}/{want[1]:.2f}" if want else "   –   "
                lines.append(f"{lang:4}  {source:8}  {field:12}  {_cell(s.precision)} ({lo_p:.3f})     "
                             f"{_cell(s.recall)} ({lo_r:.3f})   {s.predicted:3}/{s.labelled:<3}  {target}  "
                             f"{'yes' if s.meets() else 'NO'}")
    return lines


def misses(rows_by_lang: dict[str, list[dict[str, object]]]) -> list[str]:
    out = []
    for rows in rows_by_lang.values():
        for row in rows:
            got = corpus.read(row)  # type: ignore[arg-type]
            for field in corpus.FIELDS:
                predicted, labelled = corpus._items(field, row, got)  # type: ignore[arg-type]
                if sorted(map(str, predicted)) != sorted(map(str, labelled)):
                    out.append(f"{row['id']} {field}: read {predicted}, labelled {labelled} | {row['text']!s:.120}")
    return out


def speed(rows: list[dict[str, object]]) -> float:
    """Statements read per second of CPU time (best of three passes)."""
    best = 0.0
    for _ in range(3):
        start = time.process_time()
        for row in rows:
            corpus.read(row)  # type: ignore[arg-type]
        best = max(best, len(rows) / max(time.process_time() - start, 1e-9))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--by-source", action="store_true", help="also per source (written, hard)")
    parser.add_argument("--misses", action="store_true", help="list every statement read differently")
    args = parser.parse_args()
    rows = {lang: corpus.load(lang) for lang in corpus.LANGS}
    print(f"corpus: {', '.join(f'{lang} {len(r)}' for lang, r in rows.items())} statements")
    print("\n".join(table(rows, args.by_source)))
    everything = [r for part in rows.values() for r in part]
    print(f"speed: {speed(everything):.0f} statements/s (CPU time, one core)")
    if args.misses:
        print("\n".join(misses(rows)) or "no misses")


if __name__ == "__main__":
    main()
