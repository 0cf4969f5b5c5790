"""Which checks a police claim reports when it has more than one claim may hold (a long v5 game gives a police a
check a night, and the judge refuses a claim of more than MAX_CLAIMED_CHECKS): every killer found, then the most
recent clears, in the order of the nights."""

from __future__ import annotations

from collections.abc import Iterable

from engine import ClaimedCheck
from engine.moves.decisions import MAX_CLAIMED_CHECKS


def telling_checks(checks: Iterable[ClaimedCheck]) -> tuple[ClaimedCheck, ...]:
    """At most MAX_CLAIMED_CHECKS of `checks`: the killers found first, then the latest clears; sorted by night."""
    ranked = sorted(checks, key=lambda c: (c.result != "killer", -c.night))
    return tuple(sorted(ranked[:MAX_CLAIMED_CHECKS], key=lambda c: c.night))
