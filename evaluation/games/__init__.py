"""What one game shows, read exactly from its transcript: per-seat facts, the public timeline, and the metrics
built on them (behaviour, deception, detection, persuasion)."""
