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
import hashlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from engine.record.view import GOD, PUBLIC, View
from hygiene.sanitize import clean
from orchestrator.output.html.labels import LABELS, label
from orchestrator.output.html.svg import alive_strip, tally_rows, vote_graph
from orchestrator.output.html.timeline import killer_seats, phases, table_size
from orchestrator.output.render import dealt_hands, game_lang, player_words, role_name, view_name
from orchestrator.store.transcript import Transcript
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
    n: int
    player: str
    model: str
    cards: str | None  # god view only
    you: bool = False


def _seat_rows(t: Transcript, view: View, lang: str) -> list[SeatRow]:
    hands = dealt_hands(t) if view == GOD else []
    rows = []
    for seat in t.header.get("seats", []):
        n = int(seat["seat"])
        cards = "/".join(role_name(c, lang) for c in hands[n - 1]) if n <= len(hands) else None
        rows.append(SeatRow(n, player_words(seat, lang), clean(str(seat.get("model") or ""), max_chars=80),
                            cards if view == GOD else None, view == n))
    return rows


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


def replay_page(t: Transcript, view: View = PUBLIC, lang: str | None = None) -> str:
    """The whole game as one HTML page in `view` (PUBLIC, GOD or a seat number), worded in `lang` (default: the
    transcript's language)."""
    lang = game_lang(t, lang)
    laid = phases(t, view, lang)
    players = table_size(t)
    ballots = [s for p in laid for s in p.steps if s.kind == "ballot"]
    killers = killer_seats(t) if view == GOD else frozenset()
    css, js = asset("page.css"), asset("page.js")
    cols = [phrase(lang, k) for k in ("render_col_seat", "render_col_agent", "render_col_model")]
    return template("page.html.j2").render(
        html_lang=HTML_LANG[lang], speech_lang=HTML_LANG[game_lang(t)], csp=csp(css, js),
        css=Markup(css), js=Markup(js), title=f"{clean(t.game_id, max_chars=120)} ({view_name(view, lang)})",
        view_kind="god" if view == GOD else "public" if view == PUBLIC else "seat", god=view == GOD,
        facts=_facts(t, view, lang), seat_cols=[*cols, phrase(lang, "render_col_cards")] if view == GOD else cols,
        cards_col=phrase(lang, "render_col_cards"), seat_rows=_seat_rows(t, view, lang), phases=laid,
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
