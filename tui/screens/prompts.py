"""Asking the person: a list of the legal choices, a text box, a confirm step: one input model for all of them.

A list moves with the arrows, Home and End; typing a seat's number (or, on a list of other things, an item's
number or first letters) moves the highlight there; Enter chooses the highlighted item; Esc goes back a step where
there is one (else hides the list to read the table); ? opens the help; PgUp/PgDn scroll the feed. A refused entry
says why in one sentence (words.refusals, the judge's rule) and changes nothing else: the highlight stays, the
arrows still move it. A text box keeps the same keys (? types a ? once the box holds text; F1 always helps).
The judge checks every answer again anyway (the orchestrator re-asks on refusal).
"""

from __future__ import annotations

from collections.abc import Callable
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
from words.refusals import refusal

SHORT_HEIGHT = 30  # a terminal this short gets a shorter choice list (the table keeps more rows)


def docks_beside(height: int, seat_rows: int) -> bool:
    """Whether a decision panel docks beside the seats (under the right column only) rather than under the whole
    table: on a short terminal, and wherever the seats panel (`seat_rows` rows, its border included) would not fit
    between the status line and a full-width panel, which takes up to half the height plus its margin over the
    footer, all of which the table gives up (app.reserve_rows). Beside, the seats keep the left column's whole
    height, so an open prompt never hides a seat."""
    panel = (height + 1) // 2 + 1
    return height < SHORT_HEIGHT or 2 + seat_rows + panel > height


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


def parse_choice(typed: str, choices: list[tuple[str, Any]]) -> tuple[bool, Any]:
    """A typed answer: a seat number ("5"), a card ("5/2" or "5 2"), "0"/"-" for nobody where allowed, or (on
    other lists) an item's number or the first letters of its label."""
    index = match(typed, choices)
    return (True, choices[index][1]) if index is not None else (False, None)


def match(typed: str, choices: list[tuple[str, Any]]) -> int | None:
    """The choice `typed` names, or None."""
    raw = typed.strip().lower().replace(",", "/").replace(" ", "/")
    if not raw:
        return None
    keys = choice_keys(choices)
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


class DecisionScreen(LeaveOnce, ModalScreen[Any]):
    """A decision docked under the table, not over it: the table above shrinks to make room (the feed and the
    votes stay readable); where the seats would not fit above it (docks_beside) it docks under the right column,
    so every seat stays on screen.
    PgUp/PgDn scroll the feed, and the panel leaves when answered."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "feed(-1)", show=False, priority=True),
        Binding("pagedown", "feed(1)", show=False, priority=True),
    ]

    lang = "en"

    def _error_label(self, error: str | None) -> Label:
        return Label(tr(self.lang, "refused", why=error) if error else "", id="error",
                     classes="error" if error else "error -empty")

    def show_error(self, text: str) -> None:
        """A sentence over the prompt (a refusal, a reminder); empty hides it."""
        label = self.query_one("#error", Label)
        label.update(text)
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


class ChoiceList(OptionList):
    """The list of a choice prompt: typing goes to the screen's entry (moving the highlight to what it names);
    Enter chooses what is typed when something is, else the highlighted item; an arrow starts the entry afresh."""

    def on_key(self, event: events.Key) -> None:
        screen = self.screen
        if isinstance(screen, ListScreen) and screen.take_key(event):
            event.stop()
            event.prevent_default()

    def action_select(self) -> None:
        screen = self.screen
        if isinstance(screen, ListScreen) and screen.entry:
            screen.submit_entry()
            return
        super().action_select()

    def action_cursor_up(self) -> None:
        self._fresh()
        super().action_cursor_up()

    def action_cursor_down(self) -> None:
        self._fresh()
        super().action_cursor_down()

    def _fresh(self) -> None:
        screen = self.screen
        if isinstance(screen, ListScreen):
            screen.set_entry("")


class ListScreen(DecisionScreen):
    """Pick one of a list (the input model above). `refuse` words why a typed entry is not a choice (the judge's
    rule for a seat); `back`: Esc answers BACK (a form's earlier step) instead of hiding the list."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "escape", show=False)]

    def __init__(self, title: str, choices: list[tuple[str, Any]], lang: str, error: str | None = None,
                 default: int = 0, refuse: Refuse | None = None, back: bool = False) -> None:
        super().__init__()
        self.title_text, self.choices, self.lang, self.error, self.default = title, choices, lang, error, default
        self.refuse, self.back, self.entry = refuse, back, ""

    def compose(self) -> ComposeResult:
        keys, seats = choice_keys(self.choices), is_seat_list(self.choices)
        width = max(len(k) for k in keys) if keys else 1
        with Vertical(id="prompt"):
            yield Label(self.title_text, classes="title", id="title")
            yield self._error_label(self.error)
            yield ChoiceList(*[Option(label if seats else f"{key:>{width}}  {label}", id=str(i))
                               for i, ((label, _), key) in enumerate(zip(self.choices, keys, strict=True))],
                             id="choices")
            yield Label("", id="typed", classes="typed -empty")
            yield Label(self.hint(), classes="hint", id="hint")

    def hint(self) -> str:
        """The keys that work here (the prompt's own footer)."""
        typing = tr(self.lang, "hint_type_seat" if is_seat_list(self.choices) else "hint_type_item")
        esc = tr(self.lang, "hint_esc_back" if self.back else "hint_esc_hide")
        return tr(self.lang, "hint_target", typing=typing, esc=esc)

    def on_mount(self) -> None:
        found = self.query(ChoiceList)
        if not found:  # taken down before its mount was handled (the request already answered or withdrawn)
            return
        options = found.first()
        options.highlighted = min(max(self.default, 0), max(len(self.choices) - 1, 0))
        options.focus()
        super().on_mount()

    def take_key(self, event: events.Key) -> bool:
        """A key typed into the entry (a digit, a letter, / or -, Backspace); False for every other key."""
        if event.key == "backspace":
            if not self.entry:
                return False
            self.set_entry(self.entry[:-1])
            return True
        char = event.character
        if not char or not event.is_printable or not (char.isalnum() or char in TYPED or (char == " " and self.entry)):
            return False
        if self.has_class("-hidden"):
            self.action_escape()
        self.set_entry(self.entry + char)
        return True

    def set_entry(self, text: str) -> None:
        """The typed entry, shown under the list; the highlight moves to the choice it names."""
        self.entry = text
        label = self.query_one("#typed", Label)
        label.update(tr(self.lang, "typed", text=text) if text else "")
        label.set_class(not text, "-empty")
        index = match(text, self.choices)
        if index is not None:
            self.query_one(ChoiceList).highlighted = index
        self.call_after_refresh(self.reserve)

    def submit_entry(self) -> None:
        """Enter with something typed: the choice it names, or a refusal that says why (nothing else changes)."""
        index = match(self.entry, self.choices)
        if index is not None:
            self.dismiss(self.choices[index][1])
            return
        why = self.refuse(self.entry) if self.refuse is not None else refusal(self.lang, "not_a_choice",
                                                                             typed=self.entry)
        self.set_entry("")
        self.show_error(tr(self.lang, "refused", why=why))
        self.query_one(ChoiceList).focus()

    def action_escape(self) -> None:
        """Esc: clears what is typed; else goes back (a form's step), else hides or shows the list."""
        if self.entry:
            self.set_entry("")
            return
        if self.back:
            self.dismiss(BACK)
            return
        hidden = not self.has_class("-hidden")
        self.set_class(hidden, "-hidden")
        title = tr(self.lang, "hidden_prompt", title=self.title_text) if hidden else self.title_text
        self.query_one("#title", Label).update(title)
        if not hidden:
            self.query_one(ChoiceList).focus()
        self.call_after_refresh(self.reserve)

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)][1])


class PromptInput(Input):
    """A text box inside a prompt, with the prompt's keys: while it is empty, ? opens the help (F1 always does)."""

    def on_key(self, event: events.Key) -> None:
        if event.character == "?" and not self.value:
            event.stop()
            event.prevent_default()
            self.app.call_later(self.app.run_action, "help")


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
            yield PromptInput(id="speech", max_length=2000)
            yield Label(tr(self.lang, "hint_speech"), classes="hint")

    def on_mount(self) -> None:
        for box in self.query(Input):  # none when taken down before its mount was handled (as ListScreen's)
            box.focus()
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


class TargetScreen(ListScreen):
    """One of the legal choices of the judge's request (or of a claim form's step)."""


class ConfirmScreen(ListScreen):
    """The confirm step of an irreversible choice (a secret police shot, a jump-kill): No first; Esc is No."""

    def __init__(self, what: str, lang: str) -> None:
        title = f"{tr(lang, 'confirm_title')}\n{tr(lang, 'confirm_body', what=what)}"
        super().__init__(title, [(tr(lang, "no"), False), (tr(lang, "yes"), True)], lang)
        self.what = what

    def action_escape(self) -> None:
        self.dismiss(False)


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
