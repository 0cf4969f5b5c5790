"""Players: the LLM agent (any OpenAI-compatible endpoint), scripted and random baselines, local model launcher."""
