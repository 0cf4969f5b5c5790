"""Screens that leave once: a second Enter queued before a screen is gone (a double press, a key sent while it
closes) must not dismiss it again, which would pop the table itself off the stack."""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete
from textual.screen import Screen


class LeaveOnce(Screen[Any]):
    """dismiss() acts the first time, and only while the screen is the current one."""

    _left = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._left or not self.is_attached or self.app.screen is not self:
            return AwaitComplete()
        self._left = True
        return super().dismiss(result)
