"""Tidy tables of a run for pandas and spreadsheets (games, seats, decisions, statements, votes; CSV or parquet),
and the one place this package's files are written."""
