"""What the TUI shows, as data: the table one view sees, the replay's position, how the game ended, the wait."""
