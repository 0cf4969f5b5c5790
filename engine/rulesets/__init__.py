"""The registry of every rule system in the seeds, by stable id."""

from __future__ import annotations

from engine.errors import UnknownRulesetError
from engine.ruleset import Ruleset

_REGISTRY: dict[str, Ruleset] = {}


def register(*rulesets: Ruleset) -> None:
    """Adds rulesets to the registry (each family module calls this on import)."""
    for r in rulesets:
        _REGISTRY[r.id] = r


def _load() -> None:
    if _REGISTRY:
        return
    from engine.rulesets import family_v1, family_v2  # noqa: F401

    for name in ("family_v2_std", "family_v2_forum", "family_v3", "family_v4", "family_v5"):
        try:
            __import__(f"engine.rulesets.{name}")
        except ModuleNotFoundError as exc:  # a family still being written
            if exc.name != f"engine.rulesets.{name}":
                raise


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id, or UnknownRulesetError listing the known ones."""
    _load()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownRulesetError(f"unknown ruleset {ruleset_id!r} (known: {known})") from None


def all_rulesets() -> list[Ruleset]:
    """Every ruleset, in the seeds' order."""
    _load()
    order = ["v1", "v2-classic", "v2-forum", "v2-std", "v2.5-std", "v3", "v3.5-std", "v3.8-std",
             "v4-classic", "v4-std", "v5-dual"]
    return sorted(_REGISTRY.values(), key=lambda r: order.index(r.id) if r.id in order else 99)
