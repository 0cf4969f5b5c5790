"""The base of every prompt: a decision panel docked under the table (or beside the seats), not over it."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Label

from orchestrator.output.wrapped import Wrapped
from tui.i18n import tr
from tui.once import LeaveOnce

SHORT_HEIGHT = 30  # a terminal this short gets a shorter choice list (the table keeps more rows)


def docks_beside(height: int, seat_rows: int) -> bool:
    """Whether a decision panel docks beside the seats (under the right column only) rather than under the whole
    table: on a short terminal, and wherever the seats panel (`seat_rows` rows, its border included) would not fit
    between the status line and a full-width panel, which takes up to half the height plus its margin over the
    footer, all of which the table gives up (app.reserve_rows). Beside, the seats keep the left column's whole
    height, so an open prompt never hides a seat."""
    panel = (height + 1) // 2 + 1
    return height < SHORT_HEIGHT or 2 + seat_rows + panel > height


def wrapped(text: str) -> Group:
    """A prompt's words broken at the width they are drawn by the CJK rules (words.wrap: no line starts with
    closing punctuation, "6号" is never split), each line of `text` on a line of its own."""
    return Group(*(Wrapped(Text(line), prefix="", prefix_style="") for line in text.split("\n")))


class DecisionScreen(LeaveOnce, ModalScreen[Any]):
    """A decision docked under the table, not over it: the table above shrinks to make room (the feed and the
    votes stay readable); where the seats would not fit above it (docks_beside) it docks under the right column,
    so every seat stays on screen.
    PgUp/PgDn scroll the feed, and the panel leaves when answered."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "feed(-1)", show=False, priority=True),
        Binding("pagedown", "feed(1)", show=False, priority=True),
        # a modal screen hides the app's own bindings but its priority ones (F1): ? is bound here, so it helps
        # from every prompt (a text box takes a typed ? itself; tui/screens/prompts/speech.PromptInput)
        Binding("question_mark", "app.help", show=False),
    ]

    lang = "en"

    def _error_label(self, error: str | None) -> Label:
        return Label(wrapped(tr(self.lang, "refused", why=error)) if error else "", id="error",
                     classes="error" if error else "error -empty")

    def show_error(self, text: str) -> None:
        """A sentence over the prompt (a refusal, a reminder); empty hides it."""
        label = self.query_one("#error", Label)
        label.update(wrapped(text) if text else "")
        label.set_class(not text, "-empty")
        self.call_after_refresh(self.reserve)

    def on_mount(self) -> None:
        self._dock()

    def on_resize(self) -> None:
        self._dock()

    def _dock(self) -> None:
        seat_rows = getattr(self.app, "seat_rows", 0)
        self.set_class(docks_beside(self.app.size.height, seat_rows), "-beside")
        self.call_after_refresh(self.reserve)

    def reserve(self) -> None:
        """Tells the table how many rows the panel takes (it lays itself out above them)."""
        if self.is_attached and self.app.screen is self:
            reserve = getattr(self.app, "reserve_rows", None)
            if reserve is not None:
                reserve(self.query_one("#prompt").outer_size.height, self.has_class("-beside"))

    def on_unmount(self) -> None:
        reserve = getattr(self.app, "reserve_rows", None)
        if reserve is not None:
            reserve(0)

    def action_feed(self, direction: int) -> None:
        feed = getattr(self.app, "feed_scroll", None)
        if feed is not None:
            feed(direction)
