"""A message the person acknowledges with Enter."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Label

from tui.i18n import tr
from tui.screens.prompts.docked import DecisionScreen, wrapped


class NoticeScreen(DecisionScreen):
    """A message the person acknowledges with Enter (e.g. silenced: no speech today)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ok", "ok"), Binding("escape", "ok", show=False)]

    def __init__(self, text: str, lang: str = "en") -> None:
        super().__init__()
        self.text, self.lang = text, lang

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(wrapped(self.text), classes="title")
            yield Label(wrapped(tr(self.lang, "hint_notice")), classes="hint")

    def action_ok(self) -> None:
        self.dismiss(True)
