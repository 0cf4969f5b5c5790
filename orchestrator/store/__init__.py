"""A game's files: the append-only transcript, the one-writer lock, the checkpoint and how they are named, and the
ledger derived from the transcript's entries (notebooks, fallback figures)."""
