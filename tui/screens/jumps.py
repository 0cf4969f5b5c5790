"""The replay's jump list: a night, a day or a death to jump to."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from tui.i18n import tr
from tui.once import LeaveOnce


class JumpScreen(LeaveOnce, ModalScreen[Any]):
    """The replay's list of nights and days; Enter jumps, Escape stays."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, marks: list[tuple[int, str, int]], lang: str) -> None:
        super().__init__()
        self.marks, self.lang = marks, lang

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(tr(self.lang, "jump_title"), classes="title")
            yield OptionList(*[Option(tr(self.lang, kind, n=n), id=f"{kind}:{n}") for _, kind, n in self.marks])

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        kind, n = str(event.option.id).split(":")
        self.dismiss((kind, int(n)))

    def action_cancel(self) -> None:
        self.dismiss(None)
