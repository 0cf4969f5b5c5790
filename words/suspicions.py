"""A seat's suspicions in words: its likeliest killers as seats and percentages, for the god views."""

from __future__ import annotations

from typing import Any

from words.narrator import Words


def top_suspicions(sus: Any, lang: str, n: int | None = 3) -> str:
    """The seat's likeliest killers in words, most suspected first (the first `n`; None: all): "seat 5 (82 %),
    seat 3 (60 %)" / "5号（82%）、3号（60%）"; what is not a seat with a number and a chance is left out."""
    if not isinstance(sus, dict):
        return ""
    rated = []
    for key, value in sus.items():
        try:
            seat, p = int(str(key)), float(value)
        except (TypeError, ValueError):
            continue
        if 0.0 <= p <= 1.0:
            rated.append((p, seat))
    words = Words(lang)
    top = sorted(rated, key=lambda ps: (-ps[0], ps[1]))[:n]
    if lang == "zh":
        return "、".join(f"{words.seat(seat)}（{round(100 * p)}%）" for p, seat in top)
    return ", ".join(f"{words.seat(seat)} ({round(100 * p)} %)" for p, seat in top)
