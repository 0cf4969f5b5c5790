"""`killer render --html`: a transcript as one self-contained replay page, in the public view, one seat's or the
god view (with a toggle back to the public one).

The page is filtered before it is written: a public page holds no private event and no annotation at all (it is
not hidden by CSS: it is not in the file), a seat's page only what that seat saw. Every string from the transcript
passes hygiene.sanitize.clean (through the narrator) and is then HTML-escaped by the template (jinja2,
autoescape on). The stylesheet and the script are package files, inlined and allowed by their hashes in the
page's Content-Security-Policy (default-src 'none'), so the page loads nothing, from anywhere, and runs no other
script, even from file://.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from engine import EventKind
from engine.record.view import GOD, PUBLIC, View, observation
from hygiene.sanitize import clean
from orchestrator.output.html.board import deltas
from orchestrator.output.html.labels import LABELS, label
from orchestrator.output.html.svg import alive_strip, tally_rows, vote_graph
from orchestrator.output.html.timeline import Phase, killer_seats, phases, table_size
from orchestrator.output.render import dealt_hands, game_lang, player_words, role_name, view_name
from orchestrator.store.transcript import Transcript, in_view
from words.narrator import Words, phrase

HTML_LANG = {"en": "en", "zh": "zh-Hans"}


@cache
def asset(name: str) -> str:
    """A package file of the page (its stylesheet, script or template), read once."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    if name.endswith((".css", ".js")) and "</" in text:  # it goes inside <style>/<script> as it is
        raise ValueError(f"{name} holds '</', which would end its element early")
    return text


@cache
def template(name: str) -> jinja2.Template:
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=False)
    return env.from_string(asset(name))


def csp(css: str, js: str | None) -> str:
    """The Content-Security-Policy: nothing from anywhere; only this stylesheet and this script (if any), by hash."""
    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"
    script = digest(js) if js is not None else "'none'"
    return (f"default-src 'none'; style-src {digest(css)}; script-src {script}; img-src 'none'; "
            "base-uri 'none'; form-action 'none'")


@dataclass(frozen=True)
class SeatRow:
    """One line of the players table: every seat of one kind of player (the same player and model)."""

    seats: str  # "seats 1–3, 5–13", in words
    player: str
    model: str
    you: bool = False


def _runs(numbers: list[int]) -> str:
    """'1–3, 5, 7–13' from sorted seat numbers."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def _seat_rows(t: Transcript, view: View, lang: str) -> list[SeatRow]:
    """The players folded to one line per kind of player; seats whose models differ get lines of their own."""
    groups: dict[tuple[str, str], list[int]] = {}
    for seat in t.header.get("seats", []):
        key = (player_words(seat, lang), clean(str(seat.get("model") or ""), max_chars=80))
        groups.setdefault(key, []).append(int(seat["seat"]))
    w = Words(lang)
    rows = []
    for (player, model), seats in groups.items():
        listed = _runs(sorted(seats)).replace(", ", w.p["list_sep"])
        words = w.p["seat"].format(n=listed) if len(seats) == 1 else w.p["seats"].format(list=listed)
        rows.append(SeatRow(words[:1].upper() + words[1:], player, model, isinstance(view, int) and view in seats))
    return rows


def _hands(t: Transcript, view: View, lang: str) -> list[tuple[str, str]]:
    """The cards the page may show first: every seat's in the god view, the seat's own in a seat's view (what its
    observation holds: the judge shows it its cards), none in public."""
    w = Words(lang)
    if view == GOD:
        return [(w.seat(n), "/".join(role_name(c, lang) for c in (h if isinstance(h, list) else [h])))
                for n, h in enumerate(dealt_hands(t), start=1)]
    if view == PUBLIC:
        return []
    own = [e for e in observation(t.events, view) if e.kind == EventKind.YOUR_CARDS and e.data.get("seat") == view]
    cards = own[0].data.get("cards") if own else None
    return [(w.seat(view), "/".join(role_name(c, lang) for c in cards))] if isinstance(cards, list) else []


def _strip_deltas(t: Transcript, view: View, lang: str, laid: list[Phase]) -> tuple[dict[int, str], dict[int, str]]:
    """Each step's changed seats on the strip in `view` (keyed by the step's last event), and, on a god page,
    the same in the public view for its public steps (the toggle shows the strip as the public saw it)."""
    events, indices = t.events, [e.i for e in t.entries]
    steps = [s for p in laid for s in p.steps]
    own = deltas(events, indices, view, table_size(t), lang, (s.end for s in steps))
    public = deltas(events, indices, PUBLIC, table_size(t), lang, (s.end for s in steps if not s.private)) \
        if view == GOD else {}
    return own, public


def _facts(t: Transcript, view: View, lang: str) -> list[tuple[str, str]]:
    h, w = t.header, Words(lang)
    return [(label(lang, "ruleset"), w.ruleset(h.get("ruleset"))), (label(lang, "players"), str(table_size(t))),
            (label(lang, "seed"), clean(str(h.get("seed")), max_chars=40)),
            (label(lang, "language"), phrase(lang, f"lang_{game_lang(t)}")),
            (label(lang, "view"), view_name(view, lang))]


def result_line(t: Transcript, lang: str) -> str:
    """How the game ended, in words ('the killers win after 4 nights and 93 decisions'), or that it did not."""
    if t.end is None:
        return label(lang, "unfinished")
    text = phrase(lang, "narrate_end", winner=Words(lang).winner(t.end.get("winner")),
                  nights=clean(str(t.end.get("nights")), max_chars=12),
                  decisions=clean(str(t.end.get("decisions")), max_chars=12))
    return text[:1].upper() + text[1:]


def for_view(t: Transcript, view: View) -> Transcript:
    """The transcript as `view` may read it (transcript.in_view: its events, each with the annotation it may read):
    all a page in that view needs. `killer render --html` keeps only this while it writes the page, so a public
    page of a large game does not hold every private note in memory (issue 31's memory bound)."""
    return dataclasses.replace(t, entries=in_view(t.entries, view))


def replay_page(t: Transcript, view: View = PUBLIC, lang: str | None = None) -> str:
    """The whole game as one HTML page in `view` (PUBLIC, GOD or a seat number), worded in `lang` (default: the
    transcript's language)."""
    return "".join(replay_chunks(t, view, lang))


def replay_chunks(t: Transcript, view: View = PUBLIC, lang: str | None = None) -> Iterator[str]:
    """replay_page's text in pieces, to be written as it is made (a large game's page is never one string): the
    game is laid out now, the page's text as the pieces are read."""
    lang = game_lang(t, lang)
    laid = phases(t, view, lang)
    players = table_size(t)
    ballots = [s for p in laid for s in p.steps if s.votes]  # a ballot, or the judge's count of v4's hands
    killers = killer_seats(t) if view == GOD else frozenset()
    css, js = asset("page.css"), asset("page.js")
    rows = _seat_rows(t, view, lang)
    cols = [phrase(lang, k) for k in ("render_col_seat", "render_col_agent", "render_col_model")]
    if not any(r.model for r in rows):
        cols = cols[:2]
    own, public = _strip_deltas(t, view, lang, laid)
    w = Words(lang)
    return template("page.html.j2").generate(
        html_lang=HTML_LANG[lang], speech_lang=HTML_LANG[game_lang(t)], csp=csp(css, js),
        css=Markup(css), js=Markup(js),
        title=label(lang, "title", game=clean(t.game_id, max_chars=120), view=view_name(view, lang)),
        view_kind="god" if view == GOD else "public" if view == PUBLIC else "seat", god=view == GOD,
        facts=_facts(t, view, lang), seat_cols=cols, cards_col=phrase(lang, "render_col_cards"), seat_rows=rows,
        hands=_hands(t, view, lang), you=view if isinstance(view, int) else None, phases=laid,
        seats=[(n, w.seat(n)) for n in range(1, players + 1)], killers=killers, deltas=own, public_deltas=public,
        list_sep=w.p["list_sep"], killers_side=w.p["side_killers"],  # the god strip names a killer seat's side
        strips={p.key: alive_strip(p.strip, lang) for p in laid if p.strip},
        tallies={s.i: tally_rows(s.votes, lang) for s in ballots},
        graphs={s.i: vote_graph(s.votes, players, s.out, lang, killers) for s in ballots},
        silent=phrase(lang, "silent").strip(" —.。"), labels=LABELS[lang], result=result_line(t, lang))


def index_page(title: str, intro: str, games: list[dict[str, Any]], lang: str, links: list[tuple[str, str]]) -> str:
    """A run folder's index: each game's page (`href`, `title`, `result`, `seats`, `degraded`) and other links."""
    css = asset("page.css")
    return template("index.html.j2").render(
        html_lang=HTML_LANG["zh" if lang == "zh" else "en"], csp=csp(css, None), css=Markup(css), title=title,
        intro=intro, games=games, links=links, degraded=label(lang, "index_degraded"))
