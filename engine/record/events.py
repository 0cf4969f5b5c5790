"""Events: everything that happens, each with who may see it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

PUBLIC = None  # visible_to=None: everyone at the table sees it
JUDGE_ONLY: frozenset[int] = frozenset()  # visible_to=frozenset(): only the judge (god view)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `visible_to` is None for public events, else the seats that see it."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = PUBLIC

    def visible(self, seat: int) -> bool:
        """Whether `seat` may know of this event."""
        return self.visible_to is None or seat in self.visible_to

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: visibility is "public" or a sorted list of seats ([] = judge only)."""
        vis: Any = "public" if self.visible_to is None else sorted(self.visible_to)
        return {"kind": self.kind, "data": self.data, "visible_to": vis}

    @staticmethod
    def from_dict(raw: dict[str, Any]) -> Event:
        """Inverse of to_dict."""
        vis = raw.get("visible_to", "public")
        visible_to = None if vis == "public" else frozenset(int(s) for s in vis)
        return Event(kind=str(raw["kind"]), data=dict(raw.get("data", {})), visible_to=visible_to)


def seats(members: Iterable[int]) -> frozenset[int]:
    """A visibility set for the given seats."""
    return frozenset(members)
