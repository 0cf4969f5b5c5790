"""The game-over screen: the winner, the condition met, and every card revealed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine import EventKind as K
from orchestrator.store.transcript import Entry
from tui.format import cards_text, event_text
from tui.i18n import tr
from tui.once import LeaveOnce

NIGHT_KINDS = frozenset({K.NIGHT_FALLS, K.NIGHT_CHOICE, K.TEAM_TALK, K.CHECK_RESULT, K.SAVED, K.SHOT, K.VEST,
                         K.IMMUNE})


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


