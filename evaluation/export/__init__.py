"""Tidy tables of a run for pandas and spreadsheets (games, seats, decisions, statements, votes; CSV or parquet)."""
