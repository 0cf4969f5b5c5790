"""Balance studies: many engine-only games (random or scripted seats) spread over processes or a Ray cluster, win
rates by side, and the card mix each table size should use."""
