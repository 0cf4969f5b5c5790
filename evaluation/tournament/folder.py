"""A tournament's run folder: the kept copy of its file (tournament.json), one results.jsonl line per finished
game, and what those lines say (cost, fallback shares). The runner writes it; the report reads it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from agents.health import is_degraded
from evaluation.tournament.config import ConfigError, TournamentConfig, parse_config
from evaluation.tournament.schedules import Scheduled
from hygiene import files, walk
from hygiene.secrets import redact_url
from orchestrator.store.transcript import read_transcript

RESULTS = "results.jsonl"
CONFIG_COPY = "tournament.json"
GAMES = "games"
MAX_RESULTS_BYTES = 64 * files.MB
MAX_COPY_BYTES = 4 * files.MB
LABELS = "labels.jsonl"  # the judge model's labels (evaluation/statements/labels.py)
NOT_TRANSCRIPTS = frozenset({RESULTS, LABELS})  # the JSONL files a run folder holds beside its games


def transcript_files(folder: Path) -> list[Path]:
    """The transcripts (*.jsonl) directly in a folder, leaving out the run's own JSONL files, listed through the
    folder's descriptor: an entry that is a link is refused in one line (hygiene/walk.py). Read each with
    `read_transcript(path, root=folder)`, so a link swapped in after the listing is refused too."""
    return [folder / name for name in walk.files_in(folder, ".", ".jsonl") if name not in NOT_TRANSCRIPTS]


def read_results(out: Path) -> dict[str, dict[str, Any]]:
    """The results.jsonl lines by game id (a torn last line is ignored; later lines win)."""
    path = out / RESULTS
    rows: dict[str, dict[str, Any]] = {}
    try:
        text = walk.read_text(out, RESULTS, MAX_RESULTS_BYTES)  # never through a link in the run folder
    except FileNotFoundError:
        return rows
    except files.FileRefused as exc:
        raise ConfigError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the results ({exc})") from None
    for line in text.split("\n"):
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):  # a torn line, a number JSON cannot hold
            continue
        if isinstance(row, dict) and isinstance(row.get("game_id"), str) and inside(out, row.get("transcript")):
            rows[row["game_id"]] = row  # one row per game id, whatever a crash or a second process appended
    return rows


def inside(out: Path, relative: Any) -> bool:
    """Whether `relative` names a file inside the folder `out` (no absolute path, no way out through ..), by its
    words alone: a link on the way is refused when the file is read (hygiene/walk.py), never followed."""
    if not isinstance(relative, str) or not relative or Path(relative).is_absolute():
        return False
    parts = [p for p in Path(relative).parts if p not in ("", ".")]
    return bool(parts) and ".." not in parts


def prepare(cfg: TournamentConfig, out: Path) -> None:
    """Creates the run folder and keeps the config there; refuses a folder that holds another tournament.
    Prices do not change the games, --games only cuts the schedule short, and more seeds only add deals (the
    games already played keep their ids): a rerun with new prices, another --games or more seeds is accepted and
    updates the copy (and so the costs, and which games the report expects). The agents are always built from
    the file given, never from the copy. A copy written before newer options existed reads with their defaults."""
    out.mkdir(parents=True, exist_ok=True)
    walk.check_folder(out, GAMES)  # made if missing; a link there is refused (hygiene/walk.py)
    copy = out / CONFIG_COPY
    mine = _recordable(cfg.model_dump(mode="json", exclude={"parallel"}))
    theirs = _read_copy(out)
    if theirs is not None:
        theirs = _recordable(parse_config(theirs, str(copy)).model_dump(mode="json", exclude={"parallel"}))
    if theirs is not None and _games_part(theirs) != _games_part(mine):
        raise ConfigError(f"{out} holds a different tournament ({CONFIG_COPY} differs); use another --out")
    if theirs is None or any(theirs.get(k) != mine[k] for k in ("prices", "games", "seeds", "budget_usd")):
        walk.write_text(out, CONFIG_COPY, json.dumps(mine, indent=2, ensure_ascii=False, allow_nan=False) + "\n")


def _recordable(raw: dict[str, Any]) -> dict[str, Any]:
    """The config as it may be written: base URLs without credentials (keys never are in it)."""
    for c in raw.get("contestants") or []:
        if isinstance(c, dict) and isinstance(c.get("base_url"), str):
            c["base_url"] = redact_url(c["base_url"])
    return raw


def _read_copy(out: Path) -> dict[str, Any] | None:
    """tournament.json as a dict (None when the folder has none), read through the run folder (never through a
    link); a file that is not one is a ConfigError line."""
    copy = out / CONFIG_COPY
    try:
        raw = json.loads(walk.read_text(out, CONFIG_COPY, MAX_COPY_BYTES), parse_constant=_no_constant)
    except FileNotFoundError:
        return None
    except files.FileRefused as exc:
        raise ConfigError(str(exc)) from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ConfigError(f"{copy}: not a tournament copy this program wrote ({type(exc).__name__})") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{copy}: not a tournament copy this program wrote (not a JSON object)")
    # a copy from before killers_together existed was seated with the contestants alternating
    raw.setdefault("killers_together", False)
    return raw


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _games_part(raw: dict[str, Any]) -> dict[str, Any]:
    """What decides the games (not parallelism, prices, or how much of the schedule is played)."""
    return {k: v for k, v in raw.items() if k not in ("parallel", "prices", "games", "seeds", "budget_usd")}


def load_run(out: Path) -> TournamentConfig:
    """The config kept in a run folder."""
    raw = _read_copy(out)
    if raw is None:
        raise ConfigError(f"{out}: not a tournament folder (no {CONFIG_COPY})")
    return parse_config(raw, str(out / CONFIG_COPY))


def result_line(game: Scheduled, transcript: Path, out: Path) -> dict[str, Any]:
    """The results.jsonl line of a finished game (read back from its transcript's end line), with the SHA-256 of
    the transcript as written: `killer export`'s `intact` compares the file with it."""
    end = read_transcript(transcript, root=out).end or {}
    return {"game_id": game.game_id, "transcript": str(transcript.relative_to(out)), "sha256": file_sha256(transcript),
            "ruleset": game.ruleset,
            "players": game.players, "seed": game.seed, "rotation": game.rotation,
            "roster": {str(s): n for s, n in game.roster.items()}, "winner": end.get("winner"),
            "days": end.get("days"), "nights": end.get("nights"), "decisions": end.get("decisions"),
            "wall_s": end.get("wall_s"), "fallbacks": end.get("fallbacks") or {},
            "seat_decisions": end.get("seat_decisions") or {}}


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def game_usd(cfg: TournamentConfig, game: Scheduled, transcript: Path, out: Path) -> float:
    """What one finished game cost at the file's prices (contestants without a price count 0)."""
    from evaluation.tournament.cost import tokens_usd

    if all(cfg.price(name) is None for name in set(game.roster.values())):
        return 0.0  # nobody in this game has a price: no need to read the transcript back
    usd = 0.0
    for entry in read_transcript(transcript, root=out).entries:
        note, seat = entry.annotation or {}, entry.event.data.get("seat")
        price = cfg.price(game.roster[int(seat)]) if isinstance(seat, int) and int(seat) in game.roster else None
        if note and price is not None:
            usd += tokens_usd(int(note.get("prompt_tokens") or 0), int(note.get("cached_tokens") or 0),
                              int(note.get("completion_tokens") or 0), price)
    return round(usd, 6)


def fallback_shares(rows: Iterable[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """(fallbacks, decisions) per contestant over results lines."""
    out: dict[str, tuple[int, int]] = {}
    for row in rows:
        roster = row.get("roster") or {}
        for seat, n in (row.get("seat_decisions") or {}).items():
            name = roster.get(str(seat))
            if name is None:
                continue
            fell, made = out.get(name, (0, 0))
            out[name] = (fell + int((row.get("fallbacks") or {}).get(str(seat)) or 0), made + int(n))
    return out


def degraded_contestants(rows: Iterable[dict[str, Any]]) -> list[str]:
    """Contestants whose fallbacks are more than 10% of their decisions and at least 3 (agents/health.py)."""
    return sorted(name for name, (fell, made) in fallback_shares(rows).items() if is_degraded(fell, made))


def share_text(shares: dict[str, tuple[int, int]]) -> str:
    """The running fallback share per contestant, for the progress display."""
    return " · ".join(f"{name} {fell / made:.0%} fallbacks" for name, (fell, made) in sorted(shares.items())
                      if made)
