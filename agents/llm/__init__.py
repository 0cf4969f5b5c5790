"""The LLM player: its prompt (templates, profiles, the small profile, the notebook), the answer's schema, and
one chat completion read into a decision (plain or streamed)."""
