"""Endpoints: what each kind of OpenAI-compatible provider accepts, how one is recognised, the per-seat table of
models and endpoints, and the embedded model's loopback server."""
