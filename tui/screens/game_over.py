"""The game-over screen: whether you won, the winner and the condition met, and every card revealed; Enter, q or
Esc closes it."""

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
from engine import Winner
from engine.roles import ROLES, Team, team_of
from orchestrator.store.transcript import Entry
from tui.format import cards_text, event_text
from tui.i18n import tr
from tui.once import LeaveOnce

NIGHT_KINDS = frozenset({K.NIGHT_FALLS, K.NIGHT_CHOICE, K.TEAM_TALK, K.CHECK_RESULT, K.SAVED, K.SHOT, K.VEST,
                         K.IMMUNE})


def seat_team(cards: list[str]) -> Team:
    """The side a seat played for: the killers' where any of its cards is theirs (v5 dual cards)."""
    known = [c for c in cards if c in ROLES]
    return Team.KILLERS if any(team_of(c) is Team.KILLERS for c in known) else Team.GOOD


def verdict(winner: str | None, cards: dict[int, list[str]], you: frozenset[int], lang: str) -> str:
    """"You won" / "You lost" for the person's seats (a draw is a draw; hot-seat seats on both sides: each seat's
    own word); empty where nobody at the keyboard played or the winner is unknown."""
    if winner not in tuple(Winner) or not you or not all(s in cards for s in you):
        return ""
    if winner == Winner.DRAW:
        return tr(lang, "you_draw")
    won = {s: seat_team(cards[s]).value == winner for s in sorted(you)}
    if len(set(won.values())) == 1:
        return tr(lang, "you_won" if next(iter(won.values())) else "you_lost")
    sep = "；" if lang == "zh" else "; "
    return sep.join(tr(lang, "seat_won" if w else "seat_lost", n=s) for s, w in won.items())


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
                Binding("escape", "close", show=False), Binding("question_mark", "app.help", show=False)]

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
        cards = self._cards()
        mine = verdict(self.winner, cards, self.you, lang)
        with VerticalScroll(id="over"):
            colon = "：" if lang == "zh" else ": "
            if mine:
                yield Label(Text(f"{tr(lang, 'game_over_title')}{colon}{mine}", "bold"), classes="title",
                            id="verdict")
                yield Label(winner, id="reason")
            else:
                yield Label(Text(f"{tr(lang, 'game_over_title')}{colon}{winner}", "bold"), classes="title",
                            id="reason")
            if self.path:
                yield Label(tr(lang, "transcript_at", path=self.path))
            yield Label(Text(tr(lang, "reveal_title"), "bold underline"))
            yield Static(reveal_table(cards, lang, self.you))
            yield Label(Text(tr(lang, "night_actions"), "bold underline"))
            yield Static(Text("\n").join(night) if night else Text("—"))
            yield Label(Text(tr(lang, "close"), "dim"))

    def action_close(self) -> None:
        self.dismiss(True)


