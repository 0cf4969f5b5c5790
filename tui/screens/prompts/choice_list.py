"""Pick one of a list: the arrows, a typed entry, Enter, Esc (the input model of tui.screens.prompts)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from tui.i18n import tr
from tui.screens.prompts.docked import DecisionScreen, wrapped
from tui.screens.prompts.entry import BACK, TYPED, Refuse, choice_keys, is_seat_list, match
from words.refusals import refusal


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
                 default: int = 0, refuse: Refuse | None = None, back: bool = False,
                 keys: list[str] | None = None) -> None:
        super().__init__()
        self.title_text, self.choices, self.lang, self.error, self.default = title, choices, lang, error, default
        self.refuse, self.back, self.entry = refuse, back, ""
        self.keys = keys if keys is not None else choice_keys(choices)  # fixed keys: the same item every time
        self.before = default  # the highlight before the entry was typed: a refused entry puts it back
        self.shown_title = title  # the title as drawn now (Esc hiding the list says how to bring it back)

    def compose(self) -> ComposeResult:
        keys, seats = self.keys, is_seat_list(self.choices)
        width = max(len(k) for k in keys) if keys else 1
        with Vertical(id="prompt"):
            yield Label(wrapped(self.title_text), classes="title", id="title")
            yield self._error_label(self.error)
            yield ChoiceList(*[Option(label if seats else f"{key:>{width}}  {label}", id=str(i))
                               for i, ((label, _), key) in enumerate(zip(self.choices, keys, strict=True))],
                             id="choices")
            yield Label("", id="typed", classes="typed -empty")
            yield Label(wrapped(self.hint()), classes="hint", id="hint")

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

    def set_entry(self, text: str, restore: bool = False) -> None:
        """The typed entry, shown under the list; the highlight moves to the choice it names, and back to where
        it was before the typing while the entry names none (or when `restore`: a refusal, Esc)."""
        options = self.query_one(ChoiceList)
        if text and not self.entry:
            self.before = options.highlighted if options.highlighted is not None else self.default
        self.entry = text
        label = self.query_one("#typed", Label)
        label.update(tr(self.lang, "typed", text=text) if text else "")
        label.set_class(not text, "-empty")
        index = match(text, self.choices, self.keys)
        if index is not None:
            options.highlighted = index
        elif text or restore:
            options.highlighted = self.before
        self.call_after_refresh(self.reserve)

    def submit_entry(self) -> None:
        """Enter with something typed: the choice it names, or a refusal that says why (nothing else changes:
        the highlight is back where it was before the typing)."""
        index = match(self.entry, self.choices, self.keys)
        if index is not None:
            self.dismiss(self.choices[index][1])
            return
        why = self.refuse(self.entry) if self.refuse is not None else refusal(self.lang, "not_a_choice",
                                                                             typed=self.entry)
        self.set_entry("", restore=True)
        self.show_error(tr(self.lang, "refused", why=why))
        self.query_one(ChoiceList).focus()

    def action_escape(self) -> None:
        """Esc: clears what is typed; else goes back (a form's step), else hides or shows the list."""
        if self.entry:
            self.set_entry("", restore=True)
            return
        if self.back:
            self.dismiss(BACK)
            return
        hidden = not self.has_class("-hidden")
        self.set_class(hidden, "-hidden")
        title = tr(self.lang, "hidden_prompt", title=self.title_text) if hidden else self.title_text
        self.shown_title = title
        label = self.query_one("#title", Label)
        label.update(wrapped(title, None if hidden else self.title_lines))
        label.clear_cached_dimensions()  # Textual keeps a label's height by width alone
        if not hidden:
            self.query_one(ChoiceList).focus()
        self.call_after_refresh(self.reserve)

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)][1])


class TargetScreen(ListScreen):
    """One of the legal choices of the judge's request (or of a claim form's step)."""
