"""Game loading: the finished games of a tournament run folder or of loose transcripts, each replayed against its
own seed so that a forged or inconsistent game is left out (with the reason), and their per-game facts."""
