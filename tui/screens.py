"""Whole screens: the privacy screen between hot-seat players, the game-over reveal, the replay's jump list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine import EventKind as K
from orchestrator.store.transcript import Entry
from tui.format import cards_text, event_text
from tui.i18n import tr
from tui.once import LeaveOnce

SCREENS_CSS = """
PrivacyScreen { align: center middle; background: $background; }
PrivacyScreen #privacy { width: 60; height: auto; border: double $warning; padding: 1 2; }
GameOverScreen { align: center middle; }
GameOverScreen #over { width: 96%; height: 92%; border: thick $success; background: $panel; padding: 0 1; }
GameOverScreen .title { text-style: bold; color: $success; }
"""


NIGHT_KINDS = frozenset({K.NIGHT_FALLS, K.NIGHT_CHOICE, K.TEAM_TALK, K.CHECK_RESULT, K.SAVED, K.SHOT, K.VEST,
                         K.IMMUNE})


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


def reveal_table(cards: dict[int, list[str]], lang: str, you: frozenset[int] = frozenset()) -> Table:
    table = Table(expand=False, box=None)
    table.add_column(tr(lang, "col_seat"), justify="right")
    table.add_column(tr(lang, "col_role"))
    for seat in sorted(cards):
        mark = f"{seat} ({tr(lang, 'you')})" if seat in you else str(seat)
        table.add_row(mark, cards_text(lang, cards[seat]))
    return table


class GameOverScreen(LeaveOnce, ModalScreen[bool]):
    """The reveal: every seat's cards, who did what at night, the winner, and where the transcript is.
    The game is over, so the whole transcript may be shown (night choices included)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "close", "close"), Binding("q", "close", show=False),
                Binding("escape", "close", show=False)]

    def __init__(self, winner: str | None, entries: Sequence[Entry], lang: str, path: str | None = None,
                 you: frozenset[int] = frozenset(), title: str | None = None) -> None:
        super().__init__()
        self.winner, self.entries, self.lang, self.path, self.you = winner, entries, lang, path, you
        self.title_text = title

    def _cards(self) -> dict[int, list[str]]:
        """From the public reveal; failing that (an unfinished game), from the judge's deal."""
        found: dict[int, list[str]] = {}
        for entry in self.entries:
            if entry.event.kind == K.REVEAL:
                return {int(k): list(v) for k, v in (entry.event.data.get("cards") or {}).items()}
            if entry.event.kind == K.DEAL:
                found = {n: list(h) for n, h in enumerate(entry.event.data.get("hands") or [], start=1)}
        return found

    def compose(self) -> ComposeResult:
        lang = self.lang
        winner = self.title_text or (tr(lang, f"winner_{self.winner}") if self.winner else "?")
        night = [event_text(e, lang, god=False) for e in self.entries
                 if e.event.kind in NIGHT_KINDS]
        with VerticalScroll(id="over"):
            colon = "：" if lang == "zh" else ": "
            yield Label(Text(f"{tr(lang, 'game_over_title')}{colon}{winner}", "bold"), classes="title")
            if self.path:
                yield Label(tr(lang, "transcript_at", path=self.path))
            yield Label(Text(tr(lang, "reveal_title"), "bold underline"))
            yield Static(reveal_table(self._cards(), lang, self.you))
            yield Label(Text(tr(lang, "night_actions"), "bold underline"))
            yield Static(Text("\n").join(night) if night else Text("—"))
            yield Label(Text(tr(lang, "close"), "dim"))

    def action_close(self) -> None:
        self.dismiss(True)


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
