"""Asking the person: a list of the legal choices (or a typed seat number), a text box, a confirm step.

Every screen offers only what the judge's request allows; anything typed that is not legal gets a clear
message and another chance, and the judge checks the answer again anyway (the orchestrator re-asks on refusal).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from tui.i18n import tr
from tui.once import LeaveOnce

SHORT_HEIGHT = 30  # a terminal this short gets a shorter choice list (the table keeps more rows)


def parse_choice(typed: str, choices: list[tuple[str, Any]]) -> tuple[bool, Any]:
    """A typed answer: a seat number ("5"), a card ("5/2" or "5 2"), or "0"/"-" for nobody where allowed."""
    raw = typed.strip().replace(",", "/").replace(" ", "/")
    values = [v for _, v in choices]
    if raw in ("0", "-", "") and None in values:
        return True, None
    try:
        parts = [int(p) for p in raw.split("/") if p]
    except ValueError:
        return False, None
    value: Any = parts[0] if len(parts) == 1 else tuple(parts[:2]) if len(parts) == 2 else object()
    return (True, value) if value in values else (False, None)


class DecisionScreen(LeaveOnce, ModalScreen[Any]):
    """A decision docked under the table, not over it: the table above shrinks to make room (the feed and the
    votes stay readable), PgUp/PgDn scroll the feed, and the panel leaves when answered."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "feed(-1)", show=False, priority=True),
        Binding("pagedown", "feed(1)", show=False, priority=True),
    ]

    lang = "en"

    def _error_label(self, error: str | None) -> Label:
        return Label(tr(self.lang, "refused", why=error) if error else "", id="error",
                     classes="error" if error else "error -empty")

    def show_error(self, text: str) -> None:
        label = self.query_one("#error", Label)
        label.update(text)
        label.set_class(not text, "-empty")
        self.call_after_refresh(self.reserve)

    def on_mount(self) -> None:
        self.set_class(self.app.size.height < SHORT_HEIGHT, "-short")
        self.call_after_refresh(self.reserve)

    def on_resize(self) -> None:
        self.set_class(self.app.size.height < SHORT_HEIGHT, "-short")
        self.call_after_refresh(self.reserve)

    def reserve(self) -> None:
        """Tells the table how many rows the panel takes (it lays itself out above them)."""
        if self.is_attached and self.app.screen is self:
            reserve = getattr(self.app, "reserve_rows", None)
            if reserve is not None:
                reserve(self.query_one("#prompt").outer_size.height)

    def on_unmount(self) -> None:
        reserve = getattr(self.app, "reserve_rows", None)
        if reserve is not None:
            reserve(0)

    def action_feed(self, direction: int) -> None:
        feed = getattr(self.app, "feed_scroll", None)
        if feed is not None:
            feed(direction)


class TargetScreen(DecisionScreen):
    """Pick one of the legal choices: arrows + Enter, or type its number and Enter; Escape hides the choices
    (to read the table) and shows them again."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "hide", show=False)]

    def __init__(self, title: str, choices: list[tuple[str, Any]], lang: str, error: str | None = None,
                 default: int = 0) -> None:
        super().__init__()
        self.title_text, self.choices, self.lang, self.error, self.default = title, choices, lang, error, default

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(self.title_text, classes="title", id="title")
            yield self._error_label(self.error)
            yield OptionList(*[Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)], id="choices")
            yield Input(placeholder="#", id="typed", select_on_focus=False)
            yield Label(tr(self.lang, "hint_target"), classes="hint")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = self.default
        options.focus()
        super().on_mount()

    def action_hide(self) -> None:
        hidden = not self.has_class("-hidden")
        self.set_class(hidden, "-hidden")
        title = tr(self.lang, "hidden_prompt", title=self.title_text) if hidden else self.title_text
        self.query_one("#title", Label).update(title)
        if not hidden:
            self.query_one(OptionList).focus()
        self.call_after_refresh(self.reserve)

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)][1])

    def on_key(self, event: events.Key) -> None:
        """Typing a digit goes to the number box, wherever the focus is."""
        typed = self.query_one("#typed", Input)
        if event.character and event.character.isdigit() and not typed.has_focus:
            if self.has_class("-hidden"):
                self.action_hide()
            typed.focus()
            typed.value += event.character
            typed.cursor_position = len(typed.value)
            event.stop()
            event.prevent_default()

    @on(Input.Submitted)
    def _typed(self, event: Input.Submitted) -> None:
        ok, value = parse_choice(event.value, self.choices)
        if ok:
            self.dismiss(value)
            return
        legal = ", ".join(label for label, _ in self.choices)
        self.show_error(tr(self.lang, "refused", why=f"{event.value!r} (≠ {legal})"))
        event.input.value = ""


class SpeechScreen(DecisionScreen):
    """A text box for a statement, a defense or last words; Escape keeps silent."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "silent", "stay silent")]

    def __init__(self, title: str, lang: str, error: str | None = None) -> None:
        super().__init__()
        self.title_text, self.lang, self.error = title, lang, error

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(self.title_text, classes="title")
            yield self._error_label(self.error)
            yield Input(id="speech", max_length=2000)
            yield Label(tr(self.lang, "hint_speech"), classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        super().on_mount()

    @on(Input.Submitted)
    def _said(self, event: Input.Submitted) -> None:
        words = event.value.strip()
        if not words:
            self.show_error(tr(self.lang, "empty_speech"))
            return
        self.dismiss(words)

    def action_silent(self) -> None:
        self.dismiss("")


class ConfirmScreen(DecisionScreen):
    """The confirm step of an irreversible choice (a secret police shot, a jump-kill)."""

    def __init__(self, what: str, lang: str) -> None:
        super().__init__()
        self.what, self.lang = what, lang

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(tr(self.lang, "confirm_title"), classes="title")
            yield Label(tr(self.lang, "confirm_body", what=self.what))
            yield OptionList(Option(tr(self.lang, "no"), id="no"), Option(tr(self.lang, "yes"), id="yes"))

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        super().on_mount()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id == "yes")


class NoticeScreen(DecisionScreen):
    """A message the person acknowledges with Enter (e.g. silenced: no speech today)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ok", "ok"), Binding("escape", "ok", show=False)]

    def __init__(self, text: str, lang: str = "en") -> None:
        super().__init__()
        self.text, self.lang = text, lang

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(self.text, classes="title")
            yield Label(tr(self.lang, "hint_notice"), classes="hint")

    def action_ok(self) -> None:
        self.dismiss(True)
