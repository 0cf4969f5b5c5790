"""Who looks at the record: a view is the public (a spectator: public events only), the god view (every event),
or one seat (the public events and its own private ones). `observation(events, view)` is the only way an agent,
the narrator, a render or the TUI learns anything; hidden information is this one function to test."""

from __future__ import annotations

from collections.abc import Iterable

from engine.record.events import Event

PUBLIC = "public"  # a view: what the whole table saw
GOD = "god"  # a view: everything, with who saw it
View = int | str  # a seat number, PUBLIC or GOD


def can_see(event: Event, view: View) -> bool:
    """A seat sees its own private events and the public ones; the public sees public ones; god everything."""
    if view == GOD:
        return True
    if view == PUBLIC:
        return event.visible_to is None
    return event.visible_to is None or view in event.visible_to


def observation(events: Iterable[Event], view: View) -> list[Event]:
    """The events `view` may see, in order (for a seat: exactly what it may know)."""
    return [e for e in events if can_see(e, view)]
