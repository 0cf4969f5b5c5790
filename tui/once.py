"""Screens that leave once: a second Enter queued before a screen is gone (a double press, a key sent while it
closes) must not dismiss it again, which would pop the table itself off the stack."""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete


class LeaveOnce:
    """A mixin for Screen subclasses (put first): dismiss() acts the first time, and only while the screen is
    the current one. A plain class, so the screen keeps its own CSS type (ModalScreen's see-through background)."""

    _left = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        screen: Any = self
        if self._left or not screen.is_attached or screen.app.screen is not screen:
            return AwaitComplete()
        self._left = True
        return super().dismiss(result)  # type: ignore[misc]
