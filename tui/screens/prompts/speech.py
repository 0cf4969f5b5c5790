"""A text box for a statement, a defence or last words: several lines high, Enter says the words."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Label, TextArea

from tui.i18n import tr
from tui.screens.prompts.docked import DecisionScreen, wrapped


class SpeechBox(TextArea):
    """The speech's box: several lines high, the words wrapped as they are typed (the whole speech stays in view);
    Enter says them (a speech is one paragraph), ? opens the help while the box is empty (F1 always does)."""

    MAX_CHARS = 2000

    class Submitted(Message):
        """Enter in the box: the words as typed."""

        def __init__(self, box: SpeechBox, value: str) -> None:
            super().__init__()
            self.box, self.value = box, value

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(soft_wrap=True, show_line_numbers=False, tab_behavior="focus", **kwargs)

    async def _on_key(self, event: events.Key) -> None:
        if event.key in ("enter", "ctrl+m"):
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted(self, self.text))
            return
        if event.character == "?" and not self.text:
            event.stop()
            event.prevent_default()
            self.app.call_later(self.app.run_action, "help")
            return
        if event.is_printable and len(self.text) >= self.MAX_CHARS:
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)


class SpeechScreen(DecisionScreen):
    """A text box for a statement, a defense or last words; Escape keeps silent."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "silent", "stay silent")]

    def __init__(self, title: str, lang: str, error: str | None = None) -> None:
        super().__init__()
        self.title_text, self.lang, self.error = title, lang, error

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(wrapped(self.title_text), classes="title")
            yield self._error_label(self.error)
            yield SpeechBox(id="speech")
            yield Label(wrapped(tr(self.lang, "hint_speech")), classes="hint")

    def on_mount(self) -> None:
        for box in self.query("#speech"):  # none when taken down before its mount was handled (as ListScreen's)
            box.focus()
        super().on_mount()

    @on(SpeechBox.Submitted)
    def _said(self, event: SpeechBox.Submitted) -> None:
        words = " ".join(event.value.split())
        if not words:
            self.show_error(tr(self.lang, "empty_speech"))
            return
        self.dismiss(words)

    def action_silent(self) -> None:
        self.dismiss("")
