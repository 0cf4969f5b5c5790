"""`killer watch` and `killer play`: thin wrappers that build the Textual app (tui/) and run it."""

from __future__ import annotations

import argparse
import os
import random
import shlex
from dataclasses import replace
from pathlib import Path
from typing import Any

from killer.errors import CommandError
from killer.exit_codes import ExitCode
from killer.game_commands import agent_kind, allow_key_env_option, api_key, positive_seconds
from killer.parsing import add_command, bounded
from orchestrator.config import DEFAULT_OUT

PACE = bounded(float, 0, 60, "seconds to linger on each event")
DESCRIPTIONS = {
    "watch": "watch a game in the terminal: replay a transcript, or (no transcript, or --live) run one live",
    "play": "play one or more seats yourself against bots (hot-seat for several people)",
}


def register(subparsers: Any) -> None:
    """Adds watch and play."""
    watch = add_command(subparsers, "watch", DESCRIPTIONS["watch"])
    watch.add_argument("transcript", nargs="?", type=Path, help="a transcript to replay (default: a live game)")
    watch.add_argument("--live", action="store_true", help="run a new game and watch it as it happens")
    views = watch.add_mutually_exclusive_group()
    views.add_argument("--god", action="store_true", help="start in the god view (toggle with g)")
    views.add_argument("--seat", type=int, metavar="N", dest="watch_seat",
                       help="seat N's view: the public events, its own cards, night results and notes")
    watch.add_argument("--paused", action="store_true", help="replay: start paused (space plays)")
    watch.add_argument("--pace", type=PACE, help="live: seconds to linger on each public event "
                       "(default 0.4 for scripted/random bots, 0 for models)")
    _run_options(watch)
    watch.set_defaults(run=cmd_watch)
    play = add_command(subparsers, "play", DESCRIPTIONS["play"])
    seats = play.add_mutually_exclusive_group()
    seats.add_argument("--seat", type=int, help="the seat you play (default: a random seat)")
    seats.add_argument("--seats", help="several seats at one keyboard, e.g. 1,4 (hot-seat)")
    play.add_argument("--resume", metavar="GAME", help="continue a stopped game (transcript path or game id)")
    play.add_argument("--pace", type=PACE, help="seconds to linger on each public event (default 0.15)")
    _run_options(play)
    play.set_defaults(run=cmd_play)


def _run_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="v2-classic", help="ruleset id (see `killer variants`)")
    parser.add_argument("--players", type=int, help="number of seats (default: the ruleset's)")
    parser.add_argument("--seed", type=int, help="seed of the deal and of every draw (default: random)")
    parser.add_argument("--agents", type=lambda text: agent_kind(text, ("auto",)), default="auto", metavar="KIND",
                        help="the bots: auto (the embedded model when installed, else scripted), llm, scripted, "
                        "scripted:easy, scripted:hard, random, or a bot with +voice (scripted:hard+voice: a model "
                        "words its speeches)")
    parser.add_argument("--model", help="model name (default: the embedded SmolLM2)")
    parser.add_argument("--base-url", help="OpenAI-compatible endpoint (default: $OPENAI_BASE_URL)")
    parser.add_argument("--api-key-env", metavar="NAME",
                        help="the environment variable holding the API key (default: OPENAI_API_KEY)")
    parser.add_argument("--api-key", help="API key; visible to every user of this machine (ps): prefer "
                        "OPENAI_API_KEY or --api-key-env NAME. Never written anywhere")
    parser.add_argument("--table", type=Path, help="per-seat agents/models/endpoints (TOML)")
    allow_key_env_option(parser)
    parser.add_argument("--lang", choices=("en", "zh"), help="language of the game and the screen")
    parser.add_argument("--timeout", type=positive_seconds, help="seconds per model call (default 60)")
    parser.add_argument("--out", type=Path, default=Path("transcripts"), help="folder for the transcript")


def embedded_available() -> bool:
    """Whether a fresh install can run the embedded model (the `local` extra is installed)."""
    try:
        from agents.providers.local_server import find_embedded_model

        find_embedded_model()
    except Exception:
        return False
    return True


def resolve_agents(args: argparse.Namespace) -> str:
    if args.agents != "auto":
        return str(args.agents)
    if args.model or args.base_url or args.table:
        return "llm"
    return "llm" if embedded_available() else "scripted"


def players_of(ruleset: str, players: int | None) -> int:
    """The table's size; an unknown ruleset or a size the ruleset is not played at is refused here, before any
    screen opens (one line, exit 2)."""
    check_table(ruleset, players)
    from engine import get_ruleset

    return int(players or get_ruleset(ruleset).default_players)


def check_table(ruleset: str, players: int | None) -> None:
    """Deals a throwaway table exactly as the game will: whatever the engine refuses is refused now."""
    import engine

    try:
        engine.new_game(ruleset, random.Random(0), players=players)
    except engine.KillerError as exc:
        raise CommandError(str(exc)) from None


def make_config(args: argparse.Namespace, humans: frozenset[int] = frozenset()) -> Any:
    """The RunConfig of a new game, with a seed and a game id fixed now (so a quit can name the game)."""
    from orchestrator.config import RunConfig
    from orchestrator.store.files import free_game_id, new_game_id

    if args.table is not None and not args.table.is_file():
        raise CommandError(f"{args.table}: no such table file")
    config = RunConfig(ruleset=args.ruleset, players=args.players, seed=args.seed, agents=resolve_agents(args),
                       model=args.model, base_url=args.base_url or os.environ.get("OPENAI_BASE_URL") or None,
                       api_key=api_key(args), api_key_env=args.api_key_env,
                       allow_key_env=tuple(args.allow_key_env), allow_endpoint=tuple(args.allow_endpoint),
                       table=args.table,
                       lang=args.lang or "en", timeout=60.0 if args.timeout is None else args.timeout, out=args.out,
                       humans=humans).with_seed()
    check_table(config.ruleset, config.players)
    return replace(config, game_id=free_game_id(args.out, new_game_id(config)))


def parse_seats(args: argparse.Namespace, players: int) -> frozenset[int]:
    if args.seats:
        try:
            listed = [int(s) for s in args.seats.split(",") if s.strip()]
        except ValueError:
            raise CommandError(f"--seats {args.seats!r}: give seat numbers like 1,4") from None
        twice = sorted({s for s in listed if listed.count(s) > 1})
        if twice:
            raise CommandError(f"--seats {args.seats!r}: seat {twice[0]} is listed twice")
        seats = frozenset(listed)
    elif args.seat is not None:
        seats = frozenset({args.seat})
    else:
        rng = random.Random(args.seed) if args.seed is not None else random.SystemRandom()
        seats = frozenset({rng.randint(1, players)})
    bad = sorted(s for s in seats if not 1 <= s <= players)
    if bad or not seats:
        raise CommandError(f"no seat {bad[0] if bad else ''} at a table of {players} (seats 1..{players})")
    return seats


def _pace(args: argparse.Namespace, agents: str, default: float) -> float:
    if args.pace is not None:
        return float(args.pace)
    bots = agents == "random" or agents.partition(":")[0] == "scripted"
    return default if bots and not agents.endswith("+voice") else 0.0  # a voiced bot waits on its model, as an LLM


def build_watch_app(args: argparse.Namespace) -> Any:
    """The app for `killer watch` (not yet running). A replay loads no game loop (no LangGraph: docs/tui.md)."""
    from engine.record.view import GOD, PUBLIC
    from orchestrator.store.transcript import TranscriptError, read_transcript
    from tui.app import KillerApp

    view: Any = GOD if args.god else PUBLIC
    if args.transcript is not None and not args.live:
        try:
            transcript = read_transcript(args.transcript, tolerant=True)
        except TranscriptError as exc:
            raise CommandError(str(exc)) from None
        if args.watch_seat is not None:
            view = _seat_of(args.watch_seat, int(transcript.header.get("players") or len(transcript.header.get(
                "seats") or ())))
        return KillerApp(transcript.header, transcript.entries, mode="replay", lang=args.lang, view=view,
                         autoplay=not args.paused)
    from orchestrator.run import run_game
    from orchestrator.seats import planned_header

    config = make_config(args)
    header = planned_header(config, players_of(config.ruleset, config.players))
    if args.watch_seat is not None:
        view = _seat_of(args.watch_seat, players_of(config.ruleset, config.players))
    return KillerApp(header, mode="live", lang=config.lang, view=view,
                     runner=lambda hooks: run_game(config, hooks=hooks), pace=_pace(args, config.agents, 0.4))


def _seat_of(seat: int, players: int) -> int:
    """`--seat N` of a watch: a seat of the table, else one line naming the seats there are."""
    if not 1 <= seat <= players:
        raise CommandError(f"--seat {seat}: no such seat at a table of {players} (seats 1..{players})")
    return seat


def build_play_app(args: argparse.Namespace) -> Any:
    """The app for `killer play` (not yet running)."""
    from orchestrator.run import run_game
    from orchestrator.seats import planned_header
    from tui.app import KillerApp
    from tui.play import answer

    if args.resume:
        return _resume_app(args)
    players = players_of(args.ruleset, args.players)
    humans = parse_seats(args, players)
    config = make_config(args, humans)
    view = min(humans) if len(humans) == 1 else "public"
    return KillerApp(planned_header(config, players), mode="play", lang=config.lang, view=view, humans=humans,
                     runner=lambda hooks: run_game(config, hooks=hooks), answer=answer,
                     pace=_pace(args, config.agents, 0.15))


def _resume_app(args: argparse.Namespace) -> Any:
    import engine
    from killer.game_commands import find_game, resume_overrides
    from orchestrator.resume import resume_config, resume_game
    from orchestrator.store.checkpoint import ResumeError
    from orchestrator.store.files import checkpoint_path
    from orchestrator.store.transcript import TranscriptError, read_transcript
    from tui.app import KillerApp
    from tui.play import answer

    path = find_game(args.resume, args.out)
    try:
        transcript = read_transcript(path, tolerant=True)
    except TranscriptError as exc:
        raise CommandError(str(exc)) from None
    overrides = resume_overrides(args)
    try:
        humans = resume_config(path, transcript.header, overrides, own_agents=False).humans
    except ResumeError as exc:
        raise CommandError(str(exc)) from None
    if not humans:
        raise CommandError(f"{path}: no human seat in this game (use `killer resume` for all-AI games)")
    if transcript.end is not None:
        raise CommandError(f"{path}: the game is over already (watch it with `killer watch {path}`)")
    if not checkpoint_path(path).exists() and engine.decisions(transcript.events):
        raise CommandError(f"{checkpoint_path(path)}: no checkpoint next to the transcript; rebuild it with "
                           f"`killer resume {path} --from-transcript`, or start a new game")
    view = min(humans) if len(humans) == 1 else "public"
    return KillerApp(transcript.header, transcript.entries, mode="play", lang=args.lang, view=view, humans=humans,
                     runner=lambda hooks: resume_game(path, hooks=hooks, overrides=overrides),
                     answer=answer, pace=_pace(args, str(transcript.header.get("options", {}).get("agents")), 0.15))


ENDPOINT_OPTIONS = (("--base-url", "base_url"), ("--model", "model"), ("--provider", "provider"),
                    ("--table", "table"), ("--api-key-env", "api_key_env"), ("--timeout", "timeout"))


def resume_command(args: argparse.Namespace, game: str, play: bool) -> str:
    """The command that continues this game, as it must be typed: the game id, --out where the transcript is,
    and the endpoint options given on this command line (never read from the transcript; never the key)."""
    words = ["killer", "play", "--resume", game] if play else ["killer", "resume", game]
    if Path(args.out) != DEFAULT_OUT:
        words += ["--out", str(args.out)]
    for flag, name in ENDPOINT_OPTIONS:
        value = getattr(args, name, None)
        if value is not None and value != "auto":  # "auto" is --provider's default
            words += [flag, str(value)]
    for name in getattr(args, "allow_key_env", None) or ():
        words += ["--allow-key-env", name]
    for name in getattr(args, "allow_endpoint", None) or ():
        words += ["--allow-endpoint", name]
    if play and args.lang:
        words += ["--lang", args.lang]
    return shlex.join(words)


def _finish(app: Any, args: argparse.Namespace, play: bool) -> int:
    """After the app closes: where the transcript is, or one line saying how to resume (exit 130), or the game's
    error."""
    if app.error:
        raise CommandError(app.error)
    if app.result is not None and app.result.winner:
        print(f"transcript: {app.result.path}")
        return ExitCode.DONE
    game = app.header.get("game_id")
    if not game:
        return ExitCode.INTERRUPTED
    from tui.i18n import tr

    key_note = " --api-key …" if args.api_key else ""
    print(tr(app.lang, "quit_saved", command=resume_command(args, str(game), play) + key_note))
    return ExitCode.INTERRUPTED


def cmd_watch(args: argparse.Namespace) -> int:
    app = build_watch_app(args)
    app.run()
    return _finish(app, args, play=False) if app.mode != "replay" else ExitCode.DONE


def cmd_play(args: argparse.Namespace) -> int:
    app = build_play_app(args)
    app.run()
    return _finish(app, args, play=True)
