"""The Textual terminal UI: watch games live or replayed, and play a seat yourself."""
