"""A game's files: the append-only transcript, the one-writer lock, the checkpoint and how they are named."""
