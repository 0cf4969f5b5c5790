"""Statistics over games: intervals, the deal bootstrap, deal-paired comparisons, side-aware ratings, power."""
