"""Who looks at the record: a view is the public (a spectator: public events only), the god view (every event),
or one seat (the public events and its own private ones). `observation(events, view)` is the only way an agent,
the narrator, a render or the TUI learns anything; hidden information is this one function to test."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from engine.record.events import Event

Note = TypeVar("Note")  # a decision's annotation, as the record keeps it (the engine never reads one)

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


def seen(event: Event, note: Note | None, view: View) -> tuple[bool, Note | None]:
    """What `view` sees of one recorded entry (docs/rules.md R-view): whether it sees the event, and the
    annotation it may read. The event: `can_see` (the end-of-game reveal of every card is a public event, so the
    public sees it once the game is over). The annotation (who decided, the private reasoning, the notebook): god
    reads every one, a seat only its own decisions' (the event's `seat`), the public none. The Markdown render,
    the HTML page and the TUI all ask this one function."""
    if not can_see(event, view):
        return False, None
    if view == GOD:
        return True, note
    own = view != PUBLIC and event.data.get("seat") == view
    return True, note if own else None


def observation(events: Iterable[Event], view: View) -> list[Event]:
    """The events `view` may see, in order (for a seat: exactly what it may know)."""
    return [e for e in events if can_see(e, view)]
