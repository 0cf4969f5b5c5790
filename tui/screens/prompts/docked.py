"""The base of every prompt: a decision panel docked under the table (or beside the seats), not over it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widget import Widget
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


MIN_TITLE_LINES, MIN_LIST_ROWS = 2, 3  # what a prompt fitted beside the seats keeps at least (DecisionScreen.fit)


def feed_keeps(height: int) -> int:
    """The rows the feed keeps at least while a decision panel docks beside the seats on a short terminal: a third
    of the screen (issue 39: the speeches a vote is decided on stay readable without PgUp)."""
    return -(-height // 3)


def wrapped(text: str, lines: int | None = None) -> Group | Clamped:
    """A prompt's words broken at the width they are drawn by the CJK rules (words.wrap: no line starts with
    closing punctuation, "6号" is never split), each line of `text` on a line of its own; `lines`: at most that
    many lines, the last ending in "…" where the text was cut (Clamped)."""
    if lines is not None:
        return Clamped(text, lines)
    return Group(*(Wrapped(Text(line), prefix="", prefix_style="") for line in text.split("\n")))


class Clamped:
    """A prompt's words in at most `lines` lines at the width they are drawn (as `wrapped`); a text cut short ends
    in "…", never silently (issue 39)."""

    def __init__(self, text: str, lines: int) -> None:
        self.text, self.max_lines = text, max(lines, 1)

    def lines(self, width: int) -> list[Text]:
        out = [line for part in self.text.split("\n")
               for line in Wrapped(Text(part), prefix="", prefix_style="").lines(width)]
        if len(out) <= self.max_lines:
            return out
        out = out[:self.max_lines]
        last = out[-1]
        while last.plain and cell_len(last.plain) + 1 > width:
            last = last[:-1]
        out[-1] = Text.assemble(last, "…")
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for line in self.lines(options.max_width):
            line.no_wrap, line.overflow, line.end = True, "crop", "\n"
            yield line


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
    title_text = ""
    title_lines: int | None = None  # the title cut to this many lines to fit beside the seats (None: whole)
    fitted_rows = 0  # the panel's height once fitted (the table is told it before the layout catches up)
    list_rows: int | None = None  # a list shown in this many rows to fit beside the seats (None: its own height)

    def shown_title_text(self) -> str:
        """The title as the screen shows it now (a list hidden by Esc says how to bring it back)."""
        return str(getattr(self, "shown_title", self.title_text))

    def _error_label(self, error: str | None) -> Label:
        return Label(wrapped(tr(self.lang, "refused", why=error)) if error else "", id="error",
                     classes="error" if error else "error -empty")

    def show_error(self, text: str) -> None:
        """A sentence over the prompt (a refusal, a reminder); empty hides it."""
        label = self.query_one("#error", Label)
        label.update(wrapped(text) if text else "")
        label.clear_cached_dimensions()  # Textual keeps a label's height by width alone
        label.set_class(not text, "-empty")
        self.call_after_refresh(self.reserve)

    def on_mount(self) -> None:
        self._dock()

    def on_resize(self) -> None:
        self._dock()

    def _dock(self) -> None:
        seat_rows = getattr(self.app, "seat_rows", 0)
        self.set_class(docks_beside(self.app.size.height, seat_rows), "-beside")
        self._unfit()
        self.call_after_refresh(self.reserve)

    def _unfit(self) -> None:
        """The whole title and the list's own height again (a new size is fitted afresh)."""
        if self.title_lines is not None:
            self.title_lines = None
            for label in self.query("#prompt > .title").results(Label):
                label.update(wrapped(self.shown_title_text()))
                label.clear_cached_dimensions()  # Textual keeps a label's height by width alone
        self.list_rows = None
        for found in self.query("#prompt > OptionList"):
            found.styles.max_height = None

    def fit(self) -> bool:
        """Beside the seats (a short terminal) the panel leaves the feed a third of the screen (feed_keeps): a long
        title is cut to fewer lines, ending in "…" (Esc on a list shows it whole, and the feed holds what it
        quotes), then a list shows fewer items at once (it scrolls with the highlight). True when something
        changed (the layout is redone before the table is told). A cut already made counts at its new height
        even before the layout catches up, so a cut is never made twice."""
        if not self.has_class("-beside") or self.has_class("-hidden"):
            return False
        height = self.app.size.height
        budget = height - 2 - feed_keeps(height)  # the status line and the footer, the feed's third
        prompt = self.query_one("#prompt")
        titles = list(self.query("#prompt > .title").results(Label))[:1]
        lists = list(self.query("#prompt > OptionList"))[:1]

        def rows(child: Widget) -> int:
            now = child.outer_size.height
            cut = self.title_lines if child in titles else self.list_rows if child in lists else None
            return min(now, cut) if cut is not None else now

        over = prompt.styles.gutter.height + sum(rows(c) for c in prompt.children if c.display) - budget
        self.fitted_rows = over + budget
        changed = False
        for label in titles:
            now = rows(label)
            keep = max(MIN_TITLE_LINES, now - over)
            if over > 0 and keep < now:
                self.title_lines = keep
                label.update(wrapped(self.shown_title_text(), keep))
                label.clear_cached_dimensions()  # Textual keeps a label's height by width alone
                over, changed = over - (now - keep), True
                self.fitted_rows -= now - keep
        for found in lists:
            now = rows(found)
            keep = max(MIN_LIST_ROWS, now - over)
            if over > 0 and keep < now:
                self.list_rows = found.styles.max_height = keep
                self.fitted_rows -= now - keep
                changed = True
        return changed

    def reserve(self) -> None:
        """Tells the table how many rows the panel takes (it lays itself out above them), once it fits."""
        if self.is_attached and self.app.screen is self:
            if self.fit():
                self.call_after_refresh(self.reserve)
                return
            panel = self.query_one("#prompt").outer_size.height
            if self.has_class("-beside") and not self.has_class("-hidden") and self.fitted_rows:
                panel = min(panel, self.fitted_rows)  # a cut the layout has not drawn yet
            reserve = getattr(self.app, "reserve_rows", None)
            if reserve is not None:
                reserve(panel, self.has_class("-beside"))

    def on_unmount(self) -> None:
        reserve = getattr(self.app, "reserve_rows", None)
        if reserve is not None:
            reserve(0)

    def action_feed(self, direction: int) -> None:
        feed = getattr(self.app, "feed_scroll", None)
        if feed is not None:
            feed(direction)
