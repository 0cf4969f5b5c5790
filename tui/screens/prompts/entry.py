"""What a typed entry names in a list of choices: a seat's number, a card, an item's number or first letters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BACK = object()  # what a step of a form answers when the person goes back (Esc)
TYPED = frozenset("0123456789/-")
Refuse = Callable[[str], str]  # typed text that matches no choice -> why, in a sentence


def is_seat_list(choices: list[tuple[str, Any]]) -> bool:
    """Every choice is a seat, a card or nobody: typed numbers are seat numbers, not positions."""
    values = [v for _, v in choices if v is not None]
    return bool(values) and all(_is_target(v) for v in values)


def _is_target(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, tuple | list) and len(value) == 2 and all(isinstance(x, int) for x in value)


def choice_keys(choices: list[tuple[str, Any]]) -> list[str]:
    """What typing picks each choice: a seat's number ("5"), a card ("5/2"), "0" for nobody; on any other list,
    the item's number (1, 2, ...), shown before its label."""
    if not is_seat_list(choices):
        return [str(i) for i in range(1, len(choices) + 1)]
    return ["0" if v is None else "/".join(map(str, v)) if isinstance(v, tuple | list) else str(v) for _, v in choices]


def parse_choice(typed: str, choices: list[tuple[str, Any]], keys: list[str] | None = None) -> tuple[bool, Any]:
    """A typed answer: a seat number ("5"), a card ("5/2" or "5 2"), "0"/"-" for nobody where allowed, or (on
    other lists) an item's number (or its fixed key) or the first letters of its label."""
    index = match(typed, choices, keys)
    return (True, choices[index][1]) if index is not None else (False, None)


def match(typed: str, choices: list[tuple[str, Any]], keys: list[str] | None = None) -> int | None:
    """The choice `typed` names, or None. `keys`: a list's own fixed keys (the claim form's), else choice_keys."""
    raw = typed.strip().lower().replace(",", "/").replace(" ", "/")
    if not raw:
        return None
    keys = keys if keys is not None else choice_keys(choices)
    if raw == "-":
        raw = "0"
    if raw in keys:
        return keys.index(raw)
    if raw[0].isdigit():
        return None
    labels = [label.lower() for label, _ in choices]
    starts = [i for i, label in enumerate(labels) if label.startswith(raw)]
    words = [i for i, label in enumerate(labels) if any(w.startswith(raw) for w in label.replace("(", " ").split())]
    found = starts or words
    return found[0] if found else None


def typed_target(typed: str) -> Any:
    """A typed seat ("9") or card ("9/2") whether or not it is a choice; None when it is neither."""
    parts = typed.strip().replace(",", "/").replace(" ", "/").split("/")
    try:
        numbers = [int(p) for p in parts if p]
    except ValueError:
        return None
    return numbers[0] if len(numbers) == 1 else tuple(numbers) if len(numbers) == 2 else None
