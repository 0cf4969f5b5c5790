"""Players: what every player is (base), what a seat may know (view), the LLM player (llm/), endpoints
(providers/), the bots (bots/), and building a game's players from the run options (factory, health)."""
