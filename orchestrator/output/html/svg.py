"""The page's pictures as inline SVG, drawn here: a strip of who is alive, and each ballot's vote graph (the seats
round a table, an arrow from each raised hand to its seat).

Only numbers and escaped text go in; styling is by class (the page's stylesheet), so the page needs no style
attribute, no url() and nothing outside itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from markupsafe import Markup, escape

from orchestrator.output.html.labels import label
from orchestrator.output.html.timeline import SeatMark, Vote
from words.narrator import Words

STRIP_COLUMNS = 16  # seats a row in an alive strip
GRAPH_MAX_SEATS = 40  # a bigger table gets its tally as text only
NODE = 11.0  # a seat's radius


def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _seat_node(x: float, y: float, n: int, classes: str, title: str, out: bool) -> str:
    """A seat as a numbered circle with a tooltip; a seat out of the game is crossed."""
    cross = f'<path class="cross" d="M{_n(x - 7)} {_n(y - 7)}L{_n(x + 7)} {_n(y + 7)}"/>' if out else ""
    return (f'<g class="seat {classes}"><title>{escape(title)}</title>'
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(NODE)}"/>'
            f'<text x="{_n(x)}" y="{_n(y + 4)}">{n}</text>{cross}</g>')


def _mark_words(mark: SeatMark, lang: str) -> tuple[str, str]:
    """(classes, title) of a seat in a strip."""
    states = [("alive", "alive") if mark.alive else ("dead", "dead")]
    if mark.just_dead:  # "out since the last day" says "out" already
        states[0] = ("dead just-dead", "just_dead")
    if mark.silenced:
        states.append(("silenced", "silenced"))
    if mark.wounded:
        states.append(("wounded", "wounded"))
    classes = " ".join(c for c, _ in states) + (" killers" if mark.killers else "") + (" you" if mark.you else "")
    words = [label(lang, key) for _, key in states]
    if mark.killers:
        words.append(Words(lang)("side_killers"))
    return classes, label(lang, "hand", seat=Words(lang).seat(mark.n), cards=Words(lang).p["list_sep"].join(words))


def alive_strip(marks: Sequence[SeatMark], lang: str) -> Markup:
    """A row (or rows) of seats: alive, out (crossed), out since the last day, silenced, wounded."""
    if not marks:
        return Markup("")
    columns = min(len(marks), STRIP_COLUMNS)
    rows = math.ceil(len(marks) / columns)
    width, height = columns * 28 + 4, rows * 28 + 4
    nodes = []
    for k, mark in enumerate(marks):
        classes, title = _mark_words(mark, lang)
        x, y = 16 + (k % columns) * 28, 16 + (k // columns) * 28
        nodes.append(_seat_node(x, y, mark.n, classes, title, not mark.alive))
    alive = sum(m.alive for m in marks)
    caption = label(lang, "alive_count", title=label(lang, "alive_title"), alive=alive, total=len(marks))
    return Markup(f'<svg class="strip" role="img" viewBox="0 0 {width} {height}" width="{width}" height="{height}">'
                  f'<title>{escape(caption)}</title>{"".join(nodes)}</svg>')


def tally_rows(votes: Sequence[Vote], lang: str) -> tuple[list[str], str | None]:
    """'seat 7 ← seats 1, 2, 4 (3)' per seat voted for (most hands first), and who kept the hand down."""
    w = Words(lang)
    by: dict[int, list[int]] = {}
    down: list[int] = []
    for v in votes:
        if v.target is None:
            down.append(v.seat)
        else:
            by.setdefault(v.target, []).append(v.seat)
    ordered = sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    rows = [_capital(label(lang, "vote_row", target=w.seat(t), voters=w.seats(sorted(s)), n=len(s)))
            for t, s in ordered]
    return rows, label(lang, "kept_down", voters=w.seats(down)) if down else None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _position(k: int, count: int, radius: float, centre: float) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * k / count  # seat 1 at the top, clockwise
    return centre + radius * math.cos(angle), centre + radius * math.sin(angle)


def _arrow(start: tuple[float, float], end: tuple[float, float]) -> str:
    """A curved arrow between two seats, stopping at their rims (a mutual pair curves apart)."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    cx, cy = (x1 + x2) / 2 - uy * length * 0.12, (y1 + y2) / 2 + ux * length * 0.12
    sx, sy = _towards((x1, y1), (cx, cy), NODE + 1)
    ex, ey = _towards((x2, y2), (cx, cy), NODE + 2)
    dx, dy = ex - cx, ey - cy
    d = math.hypot(dx, dy) or 1.0
    dx, dy = dx / d, dy / d
    bx, by = ex - dx * 7, ey - dy * 7
    head = f"{_n(ex)},{_n(ey)} {_n(bx - dy * 3.5)},{_n(by + dx * 3.5)} {_n(bx + dy * 3.5)},{_n(by - dx * 3.5)}"
    return (f'<path class="arrow" d="M{_n(sx)} {_n(sy)}Q{_n(cx)} {_n(cy)} {_n(ex)} {_n(ey)}"/>'
            f'<polygon class="head" points="{head}"/>')


def _towards(point: tuple[float, float], to: tuple[float, float], by: float) -> tuple[float, float]:
    length = math.hypot(to[0] - point[0], to[1] - point[1]) or 1.0
    return point[0] + (to[0] - point[0]) * by / length, point[1] + (to[1] - point[1]) * by / length


def vote_graph(votes: Sequence[Vote], players: int, out: frozenset[int], lang: str,
               killers: frozenset[int] = frozenset()) -> Markup:
    """The ballot as a picture: seats round the table (those out greyed), an arrow per raised hand, each seat's
    hands received beside it; a hand kept down is a dashed ring; `killers` (god view) are ringed in red."""
    if not votes or not 1 <= players <= GRAPH_MAX_SEATS:
        return Markup("")
    size, radius = 260.0, 100.0
    centre = size / 2
    at = {n: _position(n - 1, players, radius, centre) for n in range(1, players + 1)}
    received: dict[int, int] = {}
    arrows = []
    for v in votes:
        if v.target is not None and v.target in at and v.seat in at and v.target != v.seat:
            arrows.append(_arrow(at[v.seat], at[v.target]))
            received[v.target] = received.get(v.target, 0) + 1
    down = {v.seat for v in votes if v.target is None}
    w = Words(lang)
    nodes = []
    for n, (x, y) in at.items():
        classes = ("dead" if n in out else "alive") + (" down" if n in down else "") + \
            (" voted" if n in received else "") + (" killers" if n in killers else "")
        nodes.append(_seat_node(x, y, n, classes, w.seat(n), n in out))
        if n in received:
            lx, ly = _position(n - 1, players, radius + 22, centre)
            nodes.append(f'<text class="count" x="{_n(lx)}" y="{_n(ly + 4)}">{received[n]}</text>')
    rows, kept = tally_rows(votes, lang)
    caption = label(lang, "vote_graph", tally=w.p["item_sep"].join(rows + ([kept] if kept else [])))
    return Markup(f'<svg class="vote-graph" role="img" viewBox="0 0 {_n(size)} {_n(size)}" width="{_n(size)}" '
                  f'height="{_n(size)}"><title>{escape(caption)}</title>{"".join(arrows)}{"".join(nodes)}</svg>')
