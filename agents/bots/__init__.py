"""The players without a model: the scripted bots by level (the honest baseline and the strategic ones), the
random legal player, how bots answer team talk, and what a bot reads off the public record."""
