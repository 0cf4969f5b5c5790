"""`killer export RUN_OR_GAMES_DIR --out DIR`: the five tables of a tournament folder or of a folder of
transcripts, as UTF-8 CSV with a header row (text cells a spreadsheet would run as a formula are escaped; numbers
and booleans are written as they are) or, with pyarrow installed, parquet with the columns' types (DTYPES). A
run's games/ folder is exported as its run. Only the five table files are written, and only inside --out."""

from __future__ import annotations

import csv
import importlib
import importlib.util
import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.errors import KillerError
from evaluation.export.tables import BOOL, COLUMNS, DTYPES, FLOAT, INT, TEXT, Game, Judged, Row, rows
from evaluation.files import WriteError, write_bytes
from evaluation.load.played import facts_of, games_in, run_folder
from evaluation.statements.labels import LABELS, judged_by_statement, spoken
from hygiene.csv_cells import csv_cell

FORMATS = ("csv", "parquet")


class ExportError(KillerError):
    """The input or --out cannot be used: one line for the user."""


def safe_cell(value: Any) -> Any:
    """A cell as CSV writes it: text on one line and never a formula (hygiene/csv_cells.py)."""
    return csv_cell(value)


def csv_bytes(table: str, found: Sequence[Row]) -> bytes:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS[table])
    text = {c for c, dtype in DTYPES[table].items() if dtype == TEXT}  # the formula guard: text columns only
    for row in found:
        writer.writerow(["" if row[c] is None else safe_cell(row[c]) if c in text else row[c]
                         for c in COLUMNS[table]])
    return buffer.getvalue().encode("utf-8")


def parquet_bytes(table: str, found: Sequence[Row]) -> bytes:
    pa = importlib.import_module("pyarrow")
    pq = importlib.import_module("pyarrow.parquet")
    kinds = {TEXT: pa.string(), INT: pa.int64(), BOOL: pa.bool_(), FLOAT: pa.float64()}
    schema = pa.schema([(c, kinds[DTYPES[table][c]]) for c in COLUMNS[table]])
    data = pa.table({c: [row[c] for row in found] for c in COLUMNS[table]}, schema=schema)
    sink = pa.BufferOutputStream()
    pq.write_table(data, sink)
    return bytes(sink.getvalue().to_pybytes())


def check_out(source: Path, out: Path) -> None:
    """--out may not be the input or inside it, and must be a folder this process can write."""
    src, dst = source.resolve(), out.resolve()
    if dst == src or src in dst.parents:
        raise ExportError(f"{out}: --out is inside the input {source}; choose a folder outside it")
    if out.exists() and not out.is_dir():
        raise ExportError(f"{out}: --out is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    if not os.access(out, os.W_OK | os.X_OK):
        raise ExportError(f"{out}: --out is not writable")


def tables(source: Path) -> dict[str, list[Row]]:
    """The rows of every table for a run folder or a folder of transcripts."""
    run, played, price = games_in(source)
    games = [Game(run, g, facts_of(g), price) for g in played]
    labels = run_folder(source) / LABELS
    judged: Judged = judged_by_statement(labels, True, spoken(played)) if labels.is_file() else {}
    return rows(games, judged)


def export(source: Path, out: Path, fmt: str = "csv") -> dict[str, int]:
    """Writes the five tables into `out`; returns the rows per table."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r} (csv or parquet)")
    if fmt == "parquet" and importlib.util.find_spec("pyarrow") is None:
        raise ExportError("--format parquet needs pyarrow: pip install 'killer-game[parquet]'")
    check_out(source, out)
    found = tables(source)
    encode = parquet_bytes if fmt == "parquet" else csv_bytes
    try:
        for table, items in found.items():
            write_bytes(out / f"{table}.{fmt}", encode(table, items))
    except WriteError as exc:
        raise ExportError(str(exc)) from None
    return {table: len(items) for table, items in found.items()}
