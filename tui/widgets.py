"""The table's panels: status line, seats, the judge's feed and speeches, the votes, and the player's own panel.

Each panel draws a TableModel (tui.state.model) and nothing else, so what it shows is what the view may see.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.strip import Strip
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
        text.no_wrap, text.overflow = True, "ellipsis"  # one line: what does not fit ends in "…"
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


def _notes(seat: Any, lang: str, compact: bool = False) -> Text:
    """What the view knows of a seat, on one line: short words on a narrow table (never wrapped letter by
    letter: the column cuts with an ellipsis)."""
    end = "_short" if compact else ""
    notes: list[tuple[str, str]] = []
    if seat.teammate:
        notes.append((tr(lang, "teammate" + end), "bold red"))
    if seat.opened_with:
        notes.append((tr(lang, "opened_with" + end), "cyan"))
    if seat.checked is not None:
        notes.append((tr(lang, ("checked_killer" if seat.checked == "killer" else "checked_good") + end),
                      "bold red" if seat.checked == "killer" else "bold green"))
    if seat.claimed not in (None, "civilian"):  # a civilian claim tells little and is nearly everyone's
        notes.append((tr(lang, "claimed_note" + end, role=role(lang, seat.claimed)), "magenta"))
    if seat.side is not None:
        side = tr(lang, "side_killer") if seat.side in ("killer", "killers") else tr(lang, "side_good")
        notes.append((tr(lang, "executed_side_note" + end, side=side), "yellow"))
    if seat.suspect:
        notes.append((tr(lang, "suspect_note" + end), "yellow"))
    if seat.accused:
        notes.append((tr(lang, "accused_note" + end), "yellow"))
    for slot in seat.lost_cards:
        notes.append((tr(lang, "card_lost" + end, slot=slot), "red"))
    text = Text()
    gap = ("、" if compact else "；") if lang == "zh" else (" " if compact else "; ")
    for i, (note, style) in enumerate(notes):
        text.append((gap if i else "") + note, style)
    return text


def player_names(model: TableModel) -> dict[int, str]:
    """Each other seat's player for the table, the kind every bot shares ("scripted:") dropped (a person stays
    "human"); empty when every seat has the same player (a column that tells no seat apart is left out)."""
    names = {n: clean(seat.player, max_chars=40) for n, seat in model.seats.items() if not seat.you}
    if len(set(names.values())) <= 1:
        return {}
    prefixes = {name.split(":", 1)[0] for name in names.values() if ":" in name}
    if len(prefixes) == 1:
        names = {n: name.split(":", 1)[1] if ":" in name else name for n, name in names.items()}
    return names


NARROW, MEDIUM, WIDE = "narrow", "medium", "wide"  # the table's widths (tui/app.py picks by the terminal's)


def seats_table(model: TableModel, width: str = WIDE, header: bool = True) -> Table:
    """The seats, one line each: number, player, alive/dead/silenced, the roles this view knows, what is known
    about them. By the rule of docs/tui.md: medium (under 120 columns) shows the state as a mark and the notes in
    short words; narrow (under 100) also leaves out the player. No column wraps: what does not fit ends in an
    ellipsis. Without `header` (a terminal a row too short for every seat and the column names) the names go
    and every seat keeps its row."""
    lang, short = model.lang, width != WIDE
    table = Table(expand=True, box=None, pad_edge=False, show_edge=False, show_header=header)
    table.add_column(tr(lang, "col_seat"), justify="right", width=2 if short else 3, no_wrap=True)
    names = player_names(model) if width != NARROW else {}
    if names:
        table.add_column(_player_header(model), no_wrap=True, max_width=8 if short else 10, overflow="ellipsis")
    table.add_column("" if short else tr(lang, "col_state"), no_wrap=True, overflow="ellipsis")
    table.add_column(tr(lang, "col_role"), no_wrap=True, overflow="ellipsis", max_width=12 if short else 18)
    table.add_column(tr(lang, "col_notes" if model.view == PUBLIC else "col_notes_private"), no_wrap=True,
                     overflow="ellipsis", min_width=6 if short else 12, ratio=1)
    for n, seat in model.seats.items():
        number = Text(str(n), "bold reverse" if seat.you else "bold")
        roles = Text("/".join(role(lang, r) for r in seat.roles), "bold") if seat.roles else Text("·", "dim")
        cells: list[Text] = [number]
        if names:
            cells.append(Text(tr(lang, "you") if seat.you else names.get(n, ""), "bold green" if seat.you else "dim"))
        cells += [_state(seat, lang, short), roles, _notes(seat, lang, short)]
        table.add_row(*cells, style=None if seat.alive else "dim")
    return table


def _player_header(model: TableModel) -> str:
    """"player", or the kind every bot shares ("scripted") when the cells show only the level."""
    raw = {clean(seat.player, max_chars=40) for seat in model.seats.values() if not seat.you}
    shared = {name.split(":", 1)[0] for name in raw}
    return shared.pop() if len(shared) == 1 and all(":" in name for name in raw) else tr(model.lang, "col_player")


class SeatsPanel(Static):
    """The seats around the table."""

    def show(self, model: TableModel, width: str = WIDE, rows: int = 0) -> int:
        """Draws the seats in at most `rows` rows where it can (0: no limit): the column names go before a seat
        does. Returns the rows the panel takes, its border included."""
        header = not rows or len(model.seats) + 3 <= rows
        self.border_title = tr(model.lang, "seats_title")
        self.update(seats_table(model, width, header))
        return len(model.seats) + (3 if header else 2)


class Feed(RichLog):
    """The judge's announcements and the speeches; appends when the view only moved forward, and wraps its lines
    again when its width changes. A whole feed drawn anew (another view, another width) renders its latest lines
    first, as many as fill two screens, and the earlier ones just after that frame is on the terminal (issue 39:
    `g` on the largest sample game rendered some 300 lines before it repainted)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20, **kwargs)
        self._shown: list[str] = []
        self._lines: list[Wrapped] = []
        self._key: tuple[Any, ...] = ()
        self._width = self._height = 0
        self._kept: dict[tuple[Any, ...], tuple[int, list[str], list[Wrapped], list[Any], int]] = {}
        self._earlier: list[Wrapped] = []  # lines above the first frame's, rendered once that frame is drawn

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        if self._width and self.size.width != self._width and self._lines:
            self._write_all(self._lines)
        elif self.size.height != self._height:
            self.scroll_end(animate=False, immediate=False)  # a docked panel came or went: keep the latest lines
        self._width, self._height = self.size.width, self.size.height

    def show(self, model: TableModel) -> None:
        self.border_title = tr(model.lang, "feed_title")
        lines = feed_lines(model.entries, model.lang, god=model.view == GOD)
        plain = [line.text.plain for line in lines]
        key = (model.view, model.lang)
        if key != self._key:
            self._keep()
            self._restore(key)
        if key == self._key and plain[: len(self._shown)] == self._shown:
            for line in lines[len(self._shown):]:
                self.write(line)
        else:
            self._write_all(lines)
        self._shown, self._key, self._lines = plain, key, lines

    def _write_all(self, lines: list[Wrapped]) -> None:
        """The feed anew: its latest lines now, as many as fill two screens (so the view and its scrollbar are the
        whole feed's), the earlier ones after the next repaint (write_earlier)."""
        self.clear()
        if not self._size_known:
            for line in lines:
                self.write(line)
            return
        rows, start = 2 * max(self.size.height, 1), len(lines)
        latest: list[list[Strip]] = []
        while start and rows > 0:
            start -= 1
            latest.append(self._rendered(lines[start]))
            rows -= len(latest[-1])
        self._earlier = lines[:start]
        self.lines = [strip for strips in reversed(latest) for strip in strips]
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.scroll_end(animate=False, immediate=False)
        if self._earlier:
            self.call_after_refresh(self.write_earlier)

    def _rendered(self, line: Wrapped) -> list[Strip]:
        """`line`'s rows as RichLog.write renders them (the lines already written set aside)."""
        written, self.lines = self.lines, []
        self.write(line, scroll_end=False)
        rows, self.lines = self.lines, written
        return rows

    def write_earlier(self) -> None:
        """Renders the lines held back by _write_all above the drawn ones; what is on screen stays where it is."""
        earlier, self._earlier = self._earlier, []
        if not earlier:
            return
        at_end = self.scroll_y >= self.max_scroll_y
        latest, self.lines = self.lines, []
        for line in earlier:
            self.write(line, scroll_end=False)
        added = len(self.lines)
        self.lines.extend(latest)
        self._line_cache.clear()
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if at_end:
            self.scroll_end(animate=False, immediate=True)
        else:
            self.scroll_to(y=self.scroll_y + added, animate=False, immediate=True)
        self.refresh()

    def clear(self) -> Feed:
        self._earlier = []
        super().clear()
        return self

    def _keep(self) -> None:
        """Keeps the drawn lines of the view being left (a view switched back to, at the same width, is drawn at
        once instead of rendering its whole feed again: `g` on a long game, issue 39)."""
        self.write_earlier()
        if self._key and self.lines:
            self._kept[self._key] = (self.size.width, self._shown, self._lines, list(self.lines),
                                     self._widest_line_width)

    def _restore(self, key: tuple[Any, ...]) -> None:
        kept = self._kept.pop(key, None)
        if kept is None or kept[0] != self.size.width or self._deferred_renders:
            return
        _, self._shown, self._lines, strips, widest = kept
        self.lines, self._widest_line_width, self._start_line = strips, widest, 0
        self._line_cache.clear()
        self.virtual_size = Size(widest, len(strips))
        self._key = key
        self.refresh()
        self.scroll_end(animate=False, immediate=False)

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


def votes_text(model: TableModel, rows: int = 0) -> Text:
    """The open (or latest) ballot as it falls: the seats voted for, most votes first, with their voters; then
    the judge's count once announced. In `rows` lines (0: as many as it takes) the seats that do not fit are
    summed up on the last line ("+3 more: seat 5 1, seat 8 1"), never cut off."""
    lang = model.lang
    if not model.votes:
        return Text(tr(lang, "no_votes"), "dim")
    grouped: dict[str, list[int]] = {}
    for voter, target in model.votes:
        grouped.setdefault(target_text(lang, target) if target is not None else tr(lang, "nobody"), []).append(voter)
    ranked = sorted(grouped.items(), key=lambda kv: -len(kv[1]))
    room = rows - 1 - (1 if model.counts else 0)  # the day line and the judge's count
    keep = max(room - 1, 0)
    shown, rest = (ranked, []) if rows <= 0 or len(ranked) <= room else (ranked[:keep], ranked[keep:])
    text = Text(tr(lang, "day", n=model.vote_day) + "\n", "bold", no_wrap=True, overflow="ellipsis")
    for target, voters in shown:
        text.append(f"{target} ", "bold cyan")
        text.append("■" * len(voters) + f" {len(voters)}", "yellow")
        text.append(" ← " + seat_list(lang, voters) + "\n", "dim")
    if rest:
        more = ("，" if lang == "zh" else ", ").join(f"{target} {len(voters)}" for target, voters in rest)
        text.append(tr(lang, "votes_more", n=len(rest), more=more) + "\n", "dim")
    if model.counts:
        text.append(tr(lang, "judge_count", counts=counts_text(lang, model.counts)), "bold yellow")
    return text


class VotesPanel(Static):
    """The votes as they fall, summed up to the panel's height."""

    model: TableModel | None = None

    def show(self, model: TableModel) -> None:
        self.model = model
        self.border_title = tr(model.lang, "votes_title")
        self.update(votes_text(model, self.content_region.height))

    def on_resize(self, event: Resize) -> None:
        if self.model is not None:
            self.update(votes_text(self.model, event.size.height))


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
        # hidden in the public view between hot-seat turns (a class: app.reserve_rows may hide it too)
        self.set_class(not isinstance(model.view, int), "-away")
        self.border_title = tr(model.lang, "you_title")
        self.update(you_text(model, pending, idle))
