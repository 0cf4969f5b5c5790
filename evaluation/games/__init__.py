"""What one game shows, read exactly from its transcript: per-seat facts, the public timeline, lies read from the
words beside the structured claims, and the metrics built on them (behaviour, deception, detection, persuasion)."""
