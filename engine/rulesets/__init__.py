"""The registry of every rule system in the seeds, by stable id: the family modules' rulesets, in the seeds'
order. Explicit: a family that fails to import fails loudly, it never disappears from the list."""

from __future__ import annotations

from engine.errors import UnknownRulesetError
from engine.ruleset import Ruleset
from engine.rulesets import (
    family_v1,
    family_v2,
    family_v2_forum,
    family_v2_std,
    family_v3,
    family_v4,
    family_v5,
)

RULESETS: tuple[Ruleset, ...] = (
    *family_v1.RULESETS,
    *family_v2.RULESETS,
    *family_v2_forum.RULESETS,
    *family_v2_std.RULESETS,
    *family_v3.RULESETS,
    *family_v4.RULESETS,
    *family_v5.RULESETS,
)
_REGISTRY: dict[str, Ruleset] = {r.id: r for r in RULESETS}


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id, or UnknownRulesetError listing the known ones."""
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownRulesetError(f"unknown ruleset {ruleset_id!r} (known: {known})") from None


def all_rulesets() -> list[Ruleset]:
    """Every ruleset, in the seeds' order (the registry's)."""
    return list(_REGISTRY.values())
