"""The strategic bots' play (`scripted:normal`, `scripted:hard`): what a bot knows when it decides, each side's
strategy, and what it says and privately thinks."""
