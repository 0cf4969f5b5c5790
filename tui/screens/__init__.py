"""The TUI's screens and the panels that ask the person: one screen per file (help, claim form, prompts/ (list,
speech, confirm, notice), privacy,
game over, jump list)."""
