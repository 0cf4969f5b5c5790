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

PROMPT_CSS = """
ModalScreen { align: center middle; background: $background 60%; }
#prompt { width: 70; height: auto; max-height: 90%; border: thick $accent; background: $panel; padding: 0 1; }
#prompt > Label { width: 100%; }
#prompt .title { text-style: bold; color: $accent; }
#prompt .error { color: $error; text-style: bold; }
#prompt OptionList { height: auto; max-height: 20; }
"""


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


class TargetScreen(ModalScreen[Any]):
    """Pick one of the legal choices: arrows + Enter, or type its number and Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "noop", show=False)]

    def __init__(self, title: str, choices: list[tuple[str, Any]], lang: str, error: str | None = None) -> None:
        super().__init__()
        self.title_text, self.choices, self.lang, self.error = title, choices, lang, error

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(self.title_text, classes="title")
            yield Label(tr(self.lang, "refused", why=self.error) if self.error else "", id="error", classes="error")
            yield OptionList(*[Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)], id="choices")
            yield Input(placeholder="#", id="typed", select_on_focus=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)][1])

    def on_key(self, event: events.Key) -> None:
        """Typing a digit goes to the number box, wherever the focus is."""
        typed = self.query_one("#typed", Input)
        if event.character and event.character.isdigit() and not typed.has_focus:
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
        self.query_one("#error", Label).update(tr(self.lang, "refused", why=f"{event.value!r} (≠ {legal})"))
        event.input.value = ""

    def action_noop(self) -> None:
        """Escape does nothing: the judge waits for an answer (quit with ctrl+q saves the game)."""


class SpeechScreen(ModalScreen[str]):
    """A text box for a statement, a defense or last words; Escape keeps silent."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "silent", "stay silent")]

    def __init__(self, title: str, lang: str, error: str | None = None) -> None:
        super().__init__()
        self.title_text, self.lang, self.error = title, lang, error

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(self.title_text, classes="title")
            yield Label(tr(self.lang, "refused", why=self.error) if self.error else "", id="error", classes="error")
            yield Input(id="speech", max_length=2000)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _said(self, event: Input.Submitted) -> None:
        words = event.value.strip()
        if not words:
            self.query_one("#error", Label).update(tr(self.lang, "empty_speech"))
            return
        self.dismiss(words)

    def action_silent(self) -> None:
        self.dismiss("")


class ConfirmScreen(ModalScreen[bool]):
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

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id == "yes")


class NoticeScreen(ModalScreen[bool]):
    """A message the person acknowledges with Enter (e.g. silenced: no speech today)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ok", "ok"), Binding("escape", "ok", show=False)]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(self.text, classes="title")

    def action_ok(self) -> None:
        self.dismiss(True)
