"""The finished games of a run folder or of loose transcripts, as every reader of games takes them.

`run_transcripts(out)` reads a tournament folder in schedule order; `loose_transcripts(paths)` merges loose
transcripts by game identity (evaluation/tournament/runs.py); `games_in(source)` takes either kind of folder (a
run's own games/ folder is read as its run: `run_folder`). A
finished game counts only if its setup is one a ruleset allows and `killer verify`'s replay finds it a legal game
of its own seed (`left_out_reason`); the rest are listed, never counted. `facts_of` reads a game into the
per-game facts of evaluation/games.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine import KillerError, get_ruleset
from evaluation.games.facts import GameFacts
from evaluation.games.metrics import game_facts
from evaluation.tournament.config import Price
from evaluation.tournament.folder import CONFIG_COPY, GAMES, load_run, read_results, transcript_files
from evaluation.tournament.runs import game_identity, recorded_tournament, roster_of
from evaluation.tournament.schedules import schedule
from orchestrator.store.transcript import Transcript, read_transcript
from orchestrator.verify import verify_transcript


class LoadError(KillerError):
    """A folder holds no games to read: one line for the user."""


@dataclass(frozen=True)
class Played:
    """A finished game as the report reads it: its transcript, who sat where, and (in a tournament) its
    rotation."""

    transcript: Transcript
    roster: dict[int, str]
    rotation: int | None = None
    sha256: str | None = None  # the transcript's SHA-256 as the run recorded it in results.jsonl (None: not recorded)


def left_out_reason(t: Transcript) -> str | None:
    """Why a finished game does not count (None: it does): a setup no ruleset allows, or a transcript that is not
    a legal game of its own seed (`killer verify`'s replay finds it inconsistent, e.g. a flipped winner)."""
    ruleset, players = t.header.get("ruleset"), t.header.get("players")
    try:
        low, high = get_ruleset(str(ruleset)).players
    except KillerError:
        return f"setup {ruleset}/{players}: no such ruleset"
    if not isinstance(players, int) or not low <= players <= high:
        return f"setup {ruleset}/{players}: {ruleset} is played by {low} to {high} players"
    report = verify_transcript(t)
    return None if report.ok else f"inconsistent: {report.problems[0]}"


def run_transcripts(out: Path, left_out: list[str] | None = None) -> tuple[list[Played], list[str]]:
    """Every finished game of a tournament folder in schedule order, and the ids of scheduled games not (yet)
    finished; a finished game that does not count is added to `left_out` with the reason (left_out_reason)."""
    cfg = load_run(out)
    results = read_results(out)
    played, missing = [], []
    left = [] if left_out is None else left_out
    for game in schedule(cfg):
        row = results.get(game.game_id)
        path = out / row["transcript"] if row else None
        # through the run folder, never through a link below it (a dangling one is refused, not "missing")
        t = read_transcript(path, root=out) if path is not None and os.path.lexists(path) else None
        if t is None or t.end is None:
            missing.append(game.game_id)
            continue
        why = left_out_reason(t)
        if why is not None:
            left.append(f"{game.game_id}: {why}")
            continue
        roster = {int(s): str(n) for s, n in row["roster"].items()} if row else game.roster
        recorded = row.get("sha256") if row else None
        played.append(Played(t, roster, game.rotation, recorded if isinstance(recorded, str) else None))
    return played, missing


def loose_transcripts(paths: Sequence[Path], left_out: list[str] | None = None
                      ) -> tuple[list[Played], list[str], list[str]]:
    """Finished games of loose transcripts merged by game identity (evaluation/tournament/runs.py), the ids of
    games without an end line, and the copies counted once; a game that does not count goes to `left_out`."""
    played, missing, duplicates = [], [], []
    left = [] if left_out is None else left_out
    seen: dict[str, Path] = {}
    for path in paths:
        t = read_transcript(path, root=path.parent)  # the file itself never through a link (hygiene/walk.py)
        if t.end is None:
            missing.append(t.game_id)
            continue
        why = left_out_reason(t)
        if why is not None:
            left.append(f"{path}: {why}")
            continue
        identity = game_identity(t.header, [e.event for e in t.entries])
        if identity in seen:
            duplicates.append(f"{path} (the same game as {seen[identity]})")
            continue
        seen[identity] = path
        played.append(Played(t, roster_of(t.header)))
    return played, missing, duplicates


def facts_of(game: Played) -> GameFacts:
    t = game.transcript
    return game_facts(t.header, [(e.event, e.annotation) for e in t.entries], t.end, game.roster)


def load_games(out: Path, left_out: list[str] | None = None) -> tuple[list[GameFacts], list[str]]:
    """Facts of every finished game in schedule order, and the ids of scheduled games not (yet) finished."""
    played, missing = run_transcripts(out, left_out)
    return [facts_of(g) for g in played], missing


def run_folder(source: Path) -> Path:
    """The folder read for `source`: a tournament's own games/ folder is read as the tournament (its run name,
    rotations, prices and recorded hashes); any other folder as it is."""
    parent = source.resolve().parent
    if source.resolve().name == GAMES and (parent / CONFIG_COPY).is_file():
        return parent
    return source


def games_in(source: Path) -> tuple[str, list[Played], Callable[[str], Price | None]]:
    """The finished games of a tournament folder (or its games/ folder) or of a folder of transcripts, and the
    price of a contestant."""
    if not source.is_dir():
        raise LoadError(f"{source}: not a folder (give a tournament run folder or a folder of transcripts)")
    source = run_folder(source)
    if (source / CONFIG_COPY).is_file():
        cfg = load_run(source)
        played, _ = run_transcripts(source)
        return source.resolve().name, played, cfg.price
    files = transcript_files(source)
    if not files:
        raise LoadError(f"{source}: no transcripts (*.jsonl) in this folder")
    played, _, _ = loose_transcripts(files)
    prices: dict[str, Price] = {}
    for g in played:
        for name, price in (recorded_tournament(g.transcript.header).get("prices") or {}).items():
            prices.setdefault(str(name), Price.model_validate(price))
    return source.resolve().name, played, prices.get
