"""A run folder's index.html: every game's replay page (pages/GAME.html, public by default) with its result line,
beside report.md. `killer eval` writes it when the run ends and `killer report` rewrites it, pages and all.

File names come from game ids reduced to [A-Za-z0-9._-] (nothing a transcript says picks where a file goes), and
a link is that relative name only."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.record.view import GOD, PUBLIC, View
from evaluation.report.summary import REPORT
from evaluation.tournament.folder import load_run, read_results
from evaluation.tournament.runs import roster_of
from hygiene import walk
from hygiene.sanitize import clean
from orchestrator.output.html.labels import label
from orchestrator.output.html.page import index_page, replay_page, result_line
from orchestrator.output.render import view_name
from orchestrator.store.transcript import Transcript, read_transcript
from words.narrator import Words

INDEX = "index.html"
PAGES = "pages"
VIEWS: dict[str, View] = {"public": PUBLIC, "god": GOD}


@dataclass(frozen=True)
class Game:
    """One game of the index: its transcript and the contestant in each seat."""

    transcript: Transcript
    roster: dict[int, str]


def page_name(game_id: str, taken: set[str]) -> str:
    """A file name for a game's page: the id in safe characters, made unique among `taken`."""
    stem = re.sub(r"[^A-Za-z0-9._-]", "_", game_id).lstrip(".")[:120] or "game"
    name, k = f"{stem}.html", 1
    while name in taken:
        k += 1
        name = f"{stem}-{k}.html"
    taken.add(name)
    return name


def write_run_index(out: Path, view: str = "public") -> Path:
    """The index of a tournament folder, in the tournament's language."""
    cfg = load_run(out)
    return write_index(out, cfg.name, run_games(out), cfg.lang, view)


def run_games(out: Path) -> list[Game]:
    """A tournament folder's finished games, by game id (a deal's rotations side by side)."""
    games = []
    for _, row in sorted(read_results(out).items()):
        path = out / row["transcript"]
        if os.path.lexists(path):  # read through the run folder: a link below it is refused (hygiene/walk.py)
            roster = {int(s): str(n) for s, n in (row.get("roster") or {}).items() if str(s).isdigit()}
            games.append(Game(read_transcript(path, root=out), roster))
    return games


def loose_games(paths: Sequence[Path]) -> list[Game]:
    """Loose transcripts, each seat named as its tournament recorded it, else by its model or agent kind."""
    games = []
    for path in paths:
        t = read_transcript(path, root=path.parent)  # the file itself never through a link
        roster = roster_of(t.header)
        for seat in t.header.get("seats", []):
            roster.setdefault(int(seat["seat"]), str(seat.get("model") or seat.get("agent")))
        games.append(Game(t, roster))
    return games


def _row(game: Game, href: str, lang: str) -> dict[str, Any]:
    t, w = game.transcript, Words(lang)
    h = t.header
    result = label(lang, "index_result", ruleset=w.ruleset(h.get("ruleset"), short=True), players=h.get("players"),
                   seed=clean(str(h.get("seed")), max_chars=40), result=result_line(t, lang))
    seats = w.p["item_sep"].join(f"{w.seat(n)} {clean(name, max_chars=60)}" for n, name in sorted(game.roster.items()))
    return {"href": f"{PAGES}/{href}", "title": clean(t.game_id, max_chars=120), "result": result,
            "seats": label(lang, "index_seats", seats=seats), "degraded": bool((t.end or {}).get("degraded"))}


def write_index(out: Path, name: str, games: Sequence[Game], lang: str | None = None, view: str = "public") -> Path:
    """Writes every game's page under out/pages/ (each in its game's language) and out/index.html linking them (in
    `lang`; default: Chinese when every game is, else English); returns the index's path."""
    if lang is None:
        lang = "zh" if games and all(g.transcript.header.get("lang") == "zh" for g in games) else "en"
    lang = "zh" if lang == "zh" else "en"
    walk.check_folder(out, PAGES)  # no link below the run folder (hygiene/walk.py)
    taken: set[str] = set()
    rows = []
    for game in games:
        href = page_name(game.transcript.game_id, taken)
        walk.write_text(out, f"{PAGES}/{href}", replay_page(game.transcript, VIEWS[view]))  # in its own language
        rows.append(_row(game, href, lang))
    links = [(REPORT, label(lang, "index_report"))] if (out / REPORT).is_file() else []
    intro = label(lang, "index_intro", n=len(rows), view=view_name(VIEWS[view], lang))
    page = index_page(label(lang, "index_title", name=clean(name, max_chars=120)), intro, rows, lang, links)
    path = out / INDEX
    walk.write_text(out, INDEX, page)
    return path
