"""A game told to people: Markdown renders (public or god view) and the terminal's narration as it goes."""
