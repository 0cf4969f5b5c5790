"""Untrusted text and untrusted folders made safe: one sanitiser for what reaches a terminal, a page or a prompt,
secrets redacted by value from everything written, and files written and read without following what was planted
(links, FIFOs, devices). A leaf: imports nothing of the project."""
