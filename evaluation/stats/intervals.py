"""Small exact statistics for reports: Wilson score intervals of a proportion (the plain mean and percentile
of counted values are evaluation/games/rates.py's)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95 %


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good for small n and rates near 0 or 1); (0, 1) when n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: float, n: int) -> dict[str, float | int | None]:
    """A proportion with its Wilson 95 % interval, as the report prints it."""
    lo, hi = wilson(successes, n)
    return {"k": successes, "n": n, "rate": round(successes / n, 4) if n else None,
            "lo": round(lo, 4), "hi": round(hi, 4)}
