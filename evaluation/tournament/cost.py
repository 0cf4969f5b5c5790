"""Cost from recorded token counts and the tournament's price table (USD per 1M prompt / completion tokens)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evaluation.tournament.config import Price


def tokens_usd(prompt: float, cached: float, completion: float, price: Price) -> float:
    """USD for these tokens: cached prompt tokens (part of `prompt`) at the cached price when one is given."""
    cached = min(cached, prompt) if price.cached is not None else 0
    return ((prompt - cached) * price.prompt + cached * (price.cached or 0.0) + completion * price.completion) / 1e6


def cost(row: Mapping[str, Any], price: Price | None) -> dict[str, Any]:
    """A contestant's cost: total USD, per game it sat in, per decision; None where no price is given.
    `tokens_reported` is the share of decisions whose annotation carried token counts (local servers may not
    report them: those decisions cost 0 here, so a share under 1 means the cost is a lower bound).
    Reasoning tokens (a reasoning model's hidden thinking) are billed as completion tokens and are already part
    of completion_tokens: `reasoning_usd` is their share of `usd`, not an addition to it."""
    decisions, games = int(row.get("decisions") or 0), int(row.get("games") or 0)
    reported = round(int(row.get("token_decisions") or 0) / decisions, 4) if decisions else None
    if price is None:
        return {"usd": None, "per_game": None, "per_decision": None, "tokens_reported": reported,
                "reasoning_usd": None}
    usd = tokens_usd(int(row.get("prompt_tokens") or 0), int(row.get("cached_tokens") or 0),
                     int(row.get("completion_tokens") or 0), price)
    reasoning = int(row.get("reasoning_tokens") or 0) * price.completion / 1e6
    return {"usd": round(usd, 6), "per_game": round(usd / games, 6) if games else None,
            "per_decision": round(usd / decisions, 8) if decisions else None, "tokens_reported": reported,
            "reasoning_usd": round(reasoning, 6)}
