"""The privacy screen between hot-seat players: opaque while the keyboard changes hands."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label

from tui.i18n import tr
from tui.once import LeaveOnce


class PrivacyScreen(LeaveOnce, Screen[bool]):
    """Opaque: nothing of the table or of the last seat's panel shows while the keyboard changes hands."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "ready")]

    def __init__(self, seat: int, lang: str) -> None:
        super().__init__()
        self.seat, self.lang = seat, lang

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy"):
            yield Label(Text(tr(self.lang, "privacy_title"), "bold"))
            yield Label(tr(self.lang, "privacy_body", n=self.seat))

    def action_ready(self) -> None:
        self.dismiss(True)
