"""Statistics over games: intervals, the game-clustered bootstrap and skill ratings."""
