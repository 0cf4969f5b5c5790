"""Untrusted text made safe: one sanitiser for what reaches a terminal, a page or a prompt, and secrets redacted
by value from everything written. A leaf: imports nothing of the project."""
