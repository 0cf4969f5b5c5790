"""The table's panels: status line, seats, the judge's feed and speeches, the votes, and the player's own panel.

Each panel draws a TableModel (tui.state.model) and nothing else, so what it shows is what the view may see.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog, Static

from engine.record.view import GOD, PUBLIC, View
from hygiene.sanitize import clean
from orchestrator.output.wrapped import Wrapped
from tui.format import SPEAKER_STYLE, cards_text, counts_text, feed_lines, target_text
from tui.i18n import role, seat_list, tr
from tui.state.model import TableModel

VIEW_STYLES = {PUBLIC: "bold white on dark_blue", GOD: "bold white on dark_red"}
SEAT_VIEW_STYLE = "bold black on green"


def view_label(view: View, lang: str) -> tuple[str, str]:
    """The view's name and its colours: the status line says loudly which view is on."""
    if view == GOD:
        return tr(lang, "view_god"), VIEW_STYLES[GOD]
    if view == PUBLIC:
        return tr(lang, "view_public"), VIEW_STYLES[PUBLIC]
    return tr(lang, "view_seat", n=view), SEAT_VIEW_STYLE


def phase_text(model: TableModel) -> str:
    lang = model.lang
    if model.phase == "over":
        return tr(lang, "phase_over")
    if model.phase == "night":
        return tr(lang, "phase_night", n=model.night)
    if model.phase == "day":
        return tr(lang, "phase_day", n=model.day)
    return tr(lang, "phase_start")


class StatusBar(Static):
    """One line: the view (coloured), ruleset, phase, and the replay position or live state."""

    def show(self, model: TableModel, extra: str = "") -> None:
        label, style = view_label(model.view, model.lang)
        text = Text.assemble((f" {label} ", style), "  ", (model.ruleset, "bold"), "  ",
                             (phase_text(model), "bold yellow"))
        if extra:
            text.append("  " + extra, "dim")
        self.update(text)


def _state(seat: Any, lang: str, compact: bool = False) -> Text:
    if not seat.alive:
        cause = tr(lang, f"short_{seat.cause}") if seat.cause else tr(lang, "dead")
        return Text("✗" if compact else f"✗ {cause}", "red")
    text = Text("●" if compact else "● " + tr(lang, "alive"), "green")
    if seat.silenced:
        text.append(("" if compact else " · ") + tr(lang, "silenced_short" if compact else "silenced"),
                    "bold magenta")
    return text


def _notes(seat: Any, lang: str) -> Text:
    notes: list[tuple[str, str]] = []
    if seat.teammate:
        notes.append((tr(lang, "teammate"), "bold red"))
    if seat.opened_with:
        notes.append((tr(lang, "opened_with"), "cyan"))
    if seat.checked is not None:
        notes.append((tr(lang, "checked_killer" if seat.checked == "killer" else "checked_good"),
                      "bold red" if seat.checked == "killer" else "bold green"))
    if seat.side is not None:
        side = tr(lang, "side_killer") if seat.side in ("killer", "killers") else tr(lang, "side_good")
        notes.append((tr(lang, "executed_side_note", side=side), "yellow"))
    if seat.suspect:
        notes.append((tr(lang, "suspect_note"), "yellow"))
    if seat.accused:
        notes.append((tr(lang, "accused_note"), "yellow"))
    for slot in seat.lost_cards:
        notes.append((tr(lang, "card_lost", slot=slot), "red"))
    text = Text()
    for i, (note, style) in enumerate(notes):
        text.append(((("；" if lang == "zh" else "; ")) if i else "") + note, style)
    return text


def seats_table(model: TableModel, compact: bool = False) -> Table:
    """The seats: number, player, alive/dead/silenced, the roles this view knows, what is known about them.
    Compact (a narrow terminal): no player column, the state as a mark; the notes keep a readable width."""
    lang = model.lang
    table = Table(expand=True, box=None, pad_edge=False, show_edge=False)
    table.add_column(tr(lang, "col_seat"), justify="right", width=2 if compact else 3, no_wrap=True)
    if not compact:
        table.add_column(tr(lang, "col_player"), no_wrap=True, max_width=10, overflow="ellipsis")
    table.add_column("" if compact else tr(lang, "col_state"), no_wrap=True, overflow="ellipsis")
    table.add_column(tr(lang, "col_role"), no_wrap=True, overflow="ellipsis", max_width=12 if compact else 18)
    table.add_column(tr(lang, "col_notes" if model.view == PUBLIC else "col_notes_private"), overflow="fold",
                     min_width=8 if compact else 12, ratio=1)
    for n, seat in model.seats.items():
        number = Text(str(n), "bold reverse" if seat.you else "bold")
        roles = Text("/".join(role(lang, r) for r in seat.roles), "bold") if seat.roles else Text("·", "dim")
        cells: list[Text] = [number]
        if not compact:
            cells.append(Text(tr(lang, "you") if seat.you else clean(seat.player, max_chars=40),
                              "bold green" if seat.you else "dim"))
        cells += [_state(seat, lang, compact), roles, _notes(seat, lang)]
        table.add_row(*cells, style=None if seat.alive else "dim")
    return table


class SeatsPanel(Static):
    """The seats around the table."""

    def show(self, model: TableModel, compact: bool = False) -> None:
        self.border_title = tr(model.lang, "seats_title")
        self.update(seats_table(model, compact))


class Feed(RichLog):
    """The judge's announcements and the speeches; appends when the view only moved forward, and wraps its lines
    again when its width changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20, **kwargs)
        self._shown: list[str] = []
        self._lines: list[Wrapped] = []
        self._key: tuple[Any, ...] = ()
        self._width = self._height = 0

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        if self._width and self.size.width != self._width and self._lines:
            self.clear()
            for line in self._lines:
                self.write(line)
        elif self.size.height != self._height:
            self.scroll_end(animate=False, immediate=False)  # a docked panel came or went: keep the latest lines
        self._width, self._height = self.size.width, self.size.height

    def show(self, model: TableModel) -> None:
        self.border_title = tr(model.lang, "feed_title")
        lines = feed_lines(model.entries, model.lang, god=model.view == GOD)
        plain = [line.text.plain for line in lines]
        key = (model.view, model.lang)
        if key == self._key and plain[: len(self._shown)] == self._shown:
            new = lines[len(self._shown):]
        else:
            self.clear()
            new = lines
        for line in new:
            self.write(line)
        self._shown, self._key, self._lines = plain, key, lines

    @property
    def plain_lines(self) -> list[str]:
        """What the feed holds, as text (tests read it)."""
        return list(self._shown)


class SpeakingLine(Static):
    """Live games only: the speech a model is still writing, under the feed; gone when its event lands."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)
        self.text = ""

    def show(self, lang: str, seat: int | None = None, words: str = "") -> None:
        """`Seat 3 is speaking…: “words so far▍”`, or nothing when seat is None."""
        self.display = seat is not None
        if seat is None:
            self.text = ""
            self.update("")
            return
        line = speaking_text(lang, seat, words)
        self.text = line.plain
        self.update(line)


def speaking_text(lang: str, seat: int, words: str) -> Text:
    """The words as plain text (never markup), like a speech line in the feed."""
    text = Text.assemble((tr(lang, "seat", n=seat), SPEAKER_STYLE), (tr(lang, "speaking"), "italic"))
    text.append(Text(f"“{clean(words)}▍", style="green"))
    return text


def votes_text(model: TableModel) -> Text:
    """The open (or latest) ballot as it falls: the seats voted for, most votes first, with their voters; then
    the judge's count once announced."""
    lang = model.lang
    if not model.votes:
        return Text(tr(lang, "no_votes"), "dim")
    text = Text(tr(lang, "day", n=model.vote_day) + "\n", "bold")
    grouped: dict[str, list[int]] = {}
    for voter, target in model.votes:
        grouped.setdefault(target_text(lang, target) if target is not None else tr(lang, "nobody"), []).append(voter)
    for target, voters in sorted(grouped.items(), key=lambda kv: -len(kv[1])):
        text.append(f"{target} ", "bold cyan")
        text.append("■" * len(voters) + f" {len(voters)}", "yellow")
        text.append(" ← " + seat_list(lang, voters) + "\n", "dim")
    if model.counts:
        text.append(tr(lang, "judge_count", counts=counts_text(lang, model.counts)), "bold yellow")
    return text


class VotesPanel(Static):
    """The votes as they fall."""

    def show(self, model: TableModel) -> None:
        self.border_title = tr(model.lang, "votes_title")
        self.update(votes_text(model))


def you_text(model: TableModel, pending: str = "", idle: str = "") -> Text:
    """The player's own panel: their cards, their team, their checks, what the judge asks of them now."""
    lang = model.lang
    me = model.seats.get(model.view) if isinstance(model.view, int) else None
    if me is None:
        return Text("")
    text = Text(tr(lang, "you_are", n=me.number, cards=cards_text(lang, me.roles) or "?") + "\n", "bold")
    team = [s.number for s in model.seats.values() if s.teammate]
    if team:
        text.append(tr(lang, "your_team", seats=seat_list(lang, team)) + "\n", "red")
    for seat in model.seats.values():
        if seat.checked is not None:
            key = "checked_killer" if seat.checked == "killer" else "checked_good"
            colon = "：" if lang == "zh" else ": "
            text.append(f"{tr(lang, 'seat', n=seat.number)}{colon}{tr(lang, key)}\n", "cyan")
    if not me.alive:
        text.append(tr(lang, "dead") + "\n", "red")
    text.append(pending or idle or tr(lang, "waiting"), "yellow" if pending else "dim")
    return text


class YouPanel(Static):
    """Shown in play mode only: the seat's private panel."""

    def show(self, model: TableModel, pending: str = "", idle: str = "") -> None:
        self.display = isinstance(model.view, int)  # hidden in the public view between hot-seat turns
        self.border_title = tr(model.lang, "you_title")
        self.update(you_text(model, pending, idle))
