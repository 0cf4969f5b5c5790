"""`killer run`, `verify`, `render`, `resume`: thin wrappers over orchestrator/."""

from __future__ import annotations

import argparse
import asyncio
import errno
import glob
import math
import os
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from agents.llm.prompt_profiles import CHOICES as PROMPT_CHOICES
from agents.providers.profiles import PROVIDERS
from engine import MALFORMED, MAX_TEAM_TALK, TEAM_TALK_ROUNDS
from killer.errors import CommandError
from killer.exit_codes import ExitCode
from killer.parsing import add_command

DESCRIPTIONS = {
    "run": "play a game with AI players, narrate it, and write its transcript",
    "verify": "replay a transcript through the engine; exit 1 on any inconsistency",
    "render": "a transcript as Markdown, or with --html as one self-contained replay page (public view; --god for "
              "everything, --seat N for what seat N saw)",
    "resume": "continue a stopped game (GAME: transcript path or game id)",
}


def register(subparsers: Any) -> None:
    """Adds run, verify, render and resume."""
    run = add_command(subparsers, "run", DESCRIPTIONS["run"])
    run.add_argument("--ruleset", default="v2-classic", help="ruleset id (see `killer variants`)")
    run.add_argument("--players", type=int, help="number of seats (default: the ruleset's)")
    run.add_argument("--seed", type=int, help="seed of the deal and of every draw (default: random)")
    run.add_argument("--agents", type=agent_kind, metavar="KIND",
                     help="llm, scripted (scripted:normal), scripted:easy, scripted:hard or random; a bot with +voice "
                          "(scripted:hard+voice) has a model word its speeches (the embedded one unless "
                          "--model/--base-url name another). Default: llm when --model, --base-url, $OPENAI_BASE_URL "
                          "or --table names an endpoint, else the offline first game's agents, scripted:hard+voice "
                          "on the embedded model (docs/models.md)")
    _llm_options(run)
    run.add_argument("--prompt-profile", choices=PROMPT_CHOICES, default="auto",
                     help="the prompt LLM seats see: full, small (models of at most 1B parameters) or auto "
                          "(default: small for the embedded model and models named <= 1B, else full)")
    run.add_argument("--table", type=Path, help="per-seat agents/models/endpoints (TOML)")
    run.add_argument("--lang", choices=("en", "zh"), default="en")
    run.add_argument("--timeout", type=positive_seconds, default=60.0, help="seconds per model call")
    run.add_argument("--out", type=Path, default=Path("transcripts"), help="folder for the transcript")
    run.add_argument("--team-talk", type=team_talk_rounds, default=TEAM_TALK_ROUNDS, metavar="ROUNDS",
                     help=f"rounds a night team whose proposals differ may talk before the judge takes the majority "
                     f"(0 to {MAX_TEAM_TALK}; default {TEAM_TALK_ROUNDS})")
    run.set_defaults(run=cmd_run)
    verify = add_command(subparsers, "verify", DESCRIPTIONS["verify"])
    verify.add_argument("file", type=Path)
    verify.add_argument("--partial", action="store_true", help="accept a game still in progress (no end line)")
    verify.set_defaults(run=cmd_verify)
    render = add_command(subparsers, "render", DESCRIPTIONS["render"])
    render.add_argument("file", type=Path)
    view = render.add_mutually_exclusive_group()
    view.add_argument("--god", action="store_true", help="show cards, night choices and private reasoning (the page "
                      "gets a toggle back to the public view)")
    view.add_argument("--seat", type=int, metavar="N", help="what seat N saw: the public events and its own")
    render.add_argument("--html", action="store_true", help="one HTML page that opens anywhere, with a step "
                        "control, the vote graphs and who is alive each day (docs/replay.md)")
    render.add_argument("--lang", choices=("en", "zh"), help="the narrator's language (default: the game's)")
    render.add_argument("-o", "--output", type=Path, help="write to a file instead of stdout")
    render.set_defaults(run=cmd_render)
    resume = add_command(subparsers, "resume", DESCRIPTIONS["resume"])
    resume.add_argument("game", help="transcript path or game id")
    resume.add_argument("--out", type=Path, default=Path("transcripts"), help="where to look for a game id")
    _llm_options(resume)
    resume.add_argument("--table", type=Path, help="per-seat agents/models/endpoints (TOML), given again")
    resume.add_argument("--timeout", type=positive_seconds, help="seconds per model call (default: as recorded)")
    resume.add_argument("--from-transcript", action="store_true",
                        help="rebuild a missing or unreadable checkpoint from the transcript's decisions")
    resume.set_defaults(run=cmd_resume)


def _llm_options(parser: argparse.ArgumentParser, model_options: bool = True) -> None:
    if model_options:
        parser.add_argument("--model", help="model name (default: the embedded SmolLM2)")
        parser.add_argument("--base-url", help="OpenAI-compatible endpoint (default: $OPENAI_BASE_URL)")
        parser.add_argument("--provider", choices=PROVIDERS, default="auto",
                            help="what the endpoint accepts (docs/models.md; default: detected)")
    parser.add_argument("--api-key-env", metavar="NAME",
                        help="the environment variable holding the API key (default: OPENAI_API_KEY)")
    parser.add_argument("--api-key", help="API key; visible to every user of this machine (ps): prefer "
                        "OPENAI_API_KEY or --api-key-env NAME. Never written anywhere")
    allow_key_env_option(parser)


def allow_key_env_option(parser: argparse.ArgumentParser) -> None:
    """The one key rule's options (agents/key_rule.py), the same on every command that sends a key:
    --allow-endpoint ORIGIN and --allow-key-env NAME, both repeatable."""
    parser.add_argument("--allow-endpoint", action="append", default=[], metavar="ORIGIN",
                        help="an endpoint (scheme://host:port) a file may send a key to, besides the command "
                        "line's own; repeat for several. A file's base_url alone never gets a key")
    parser.add_argument("--allow-key-env", action="append", default=[], metavar="NAME",
                        help="an environment variable a file may name as api_key_env (its key goes only to an "
                        "allowed endpoint); repeat for several. A file naming any other variable is refused")


def leave_of_args(args: argparse.Namespace) -> Any:
    """The one key rule's leave (agents/key_rule.Leave) from a command line: its --base-url (else
    $OPENAI_BASE_URL, else OpenAI's), its key (--api-key, --api-key-env NAME, else OPENAI_API_KEY), and the
    --allow-endpoint / --allow-key-env values. A bad --allow-endpoint is one line."""
    from agents.key_rule import KeyRefused, Leave

    try:
        return Leave.of(base_url=getattr(args, "base_url", None), key=api_key(args),
                        key_env=getattr(args, "api_key_env", None), endpoints=getattr(args, "allow_endpoint", ()),
                        key_envs=getattr(args, "allow_key_env", ()), env=os.environ)
    except KeyRefused as exc:
        raise CommandError(str(exc)) from None


def agent_kind(text: str, extra: tuple[str, ...] = ()) -> str:
    """An --agents value: llm, random, scripted or scripted:LEVEL, either bot kind with +voice (an unknown level is
    one line, exit 2)."""
    from agents.bots.levels import LevelError, is_bot_kind, parse_level

    if text in ("llm", "random", *extra):
        return text
    if not is_bot_kind(text):
        known = ", ".join(("llm", "scripted", "scripted:LEVEL", "scripted:LEVEL+voice", "random", *extra))
        raise argparse.ArgumentTypeError(f"unknown agent kind {text!r} (known: {known})")
    try:
        parse_level(text)
    except LevelError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def positive_seconds(text: str) -> float:
    """A timeout option: a finite number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive, finite number of seconds")
    return value


def team_talk_rounds(text: str) -> int:
    """--team-talk: a whole number of rounds from 0 (no talk) to engine.MAX_TEAM_TALK."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of rounds") from None
    if not 0 <= value <= MAX_TEAM_TALK:
        raise argparse.ArgumentTypeError(f"{value} rounds of team talk: give 0 to {MAX_TEAM_TALK}")
    return value


def api_key(args: argparse.Namespace) -> str | None:
    """The key from --api-key (with a warning), --api-key-env NAME or OPENAI_API_KEY; remembered for redaction."""
    from hygiene.secrets import remember

    if getattr(args, "api_key", None):
        print("warning: --api-key is visible to other users of this machine (ps); prefer OPENAI_API_KEY or "
              "--api-key-env NAME", file=sys.stderr)
        key: str | None = args.api_key
    elif getattr(args, "api_key_env", None):
        key = os.environ.get(args.api_key_env)
        if not key:
            raise CommandError(f"--api-key-env {args.api_key_env}: that environment variable is not set")
    else:
        key = os.environ.get("OPENAI_API_KEY") or None
    remember(key)
    return key


def cmd_run(args: argparse.Namespace) -> int:
    from orchestrator.config import RunConfig
    from orchestrator.output.narrate import Narrator
    from orchestrator.run import Hooks, run_game

    if args.table is not None and not args.table.is_file():
        raise CommandError(f"{args.table}: no such table file")
    base_url = args.base_url or os.environ.get("OPENAI_BASE_URL") or None
    config = RunConfig(ruleset=args.ruleset, players=args.players, seed=args.seed,
                       agents=args.agents or default_agents(args.model, base_url, args.table),
                       model=args.model, base_url=base_url,
                       api_key=api_key(args), api_key_env=args.api_key_env,
                       allow_key_env=tuple(args.allow_key_env), allow_endpoint=tuple(args.allow_endpoint),
                       provider=args.provider,
                       prompt_profile=args.prompt_profile, table=args.table,
                       lang=args.lang, timeout=args.timeout, out=args.out, talk_rounds=args.team_talk)
    narrator = Narrator(lang=args.lang)
    written: list[Path] = []
    hooks = Hooks(on_entry=narrator.on_entry, on_end=narrator.on_end, on_transcript=written.append)
    try:
        result = asyncio.run(run_game(config, hooks=hooks))
    except OSError as exc:
        raise no_space(exc, written[0]) if written else exc from None
    except KeyboardInterrupt:
        if not written:
            raise  # stopped before the game began: nothing to resume
        return interrupted("run", written[0])
    print(f"transcript: {result.path}")
    return fallback_report(result.end)


def default_agents(model: str | None, base_url: str | None, table: Path | None) -> str:
    """What `killer run` plays without --agents: llm when an endpoint is named (a model, a base URL or a seat
    table), else the offline first game's agents (orchestrator/config.py FIRST_GAME_AGENTS)."""
    from orchestrator.config import FIRST_GAME_AGENTS

    return "llm" if model or base_url or table is not None else FIRST_GAME_AGENTS


def no_space(exc: OSError, path: Path) -> OSError | CommandError:
    """A full disk (or quota) during a game: one line that says where the game so far is and how to continue it
    once there is room; any other OSError as it was (killer/cli.py prints it)."""
    if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
        return exc
    return CommandError(f"{exc.filename or path}: {exc.strerror or 'no space left on the device'}; the game so far "
                        f"is in {path}: free some space, then continue it with: killer resume {shlex.quote(str(path))}")


def interrupted(command: str, path: Path) -> int:
    """Ctrl-C or SIGTERM during a game: where the game so far is and the command that continues it; exit 130."""
    print(f"killer {command}: interrupted; the game so far is in {path}\n"
          f"continue it with: killer resume {shlex.quote(str(path))}", file=sys.stderr)
    return ExitCode.INTERRUPTED


def fallback_report(end: dict[str, Any] | None) -> int:
    """Prints each seat's fallback count (loudly when a seat is degraded); the exit code (3 when degraded)."""
    if not end or "fallbacks" not in end:
        return ExitCode.DONE
    fallbacks, decisions = end.get("fallbacks") or {}, end.get("seat_decisions") or {}
    line = ", ".join(f"seat {s} {n}/{decisions.get(s, 0)}" for s, n in fallbacks.items())
    print(f"fallbacks: {line or 'none asked'}")
    voice_report(end)
    degraded = list(end.get("degraded") or [])
    if not degraded:
        return ExitCode.DONE
    seats = ", ".join(str(s) for s in degraded)
    print(f"DEGRADED: seat{'s' if len(degraded) > 1 else ''} {seats} fell back on more than 10% of their "
          "decisions: this game does not measure those models (see the transcript's errors; exit 3)",
          file=sys.stderr)
    return ExitCode.DEGRADED


def voice_report(end: dict[str, Any]) -> None:
    """Where voiced bots played (agents/voice/): the speeches whose model words the reader refused, per seat and
    in all (the bot's own sentence was said instead)."""
    fell, voiced = end.get("voice_fallbacks") or {}, end.get("voiced_speeches") or {}
    if not voiced:
        return
    total, asked = sum(int(n) for n in fell.values()), sum(int(n) for n in voiced.values())
    line = ", ".join(f"seat {s} {n}/{voiced.get(s, 0)}" for s, n in fell.items())
    print(f"voice fallbacks (the bot's own sentence said): {total}/{asked} speeches ({total / asked:.0%}); {line}")


def cmd_verify(args: argparse.Namespace) -> int:
    from orchestrator.store.transcript import TranscriptError
    from orchestrator.verify import verify_file

    try:
        report = verify_file(args.file, partial=args.partial)
    except TranscriptError as exc:
        raise CommandError(str(exc)) from None
    print(report.summary(), file=sys.stdout if report.ok else sys.stderr)
    return ExitCode.DONE if report.ok else ExitCode.REFUTED


def cmd_render(args: argparse.Namespace) -> int:
    from engine.record.view import GOD, PUBLIC
    from orchestrator.output.html.page import for_view, replay_chunks
    from orchestrator.output.render import render
    from orchestrator.store.transcript import TranscriptError, read_transcript

    try:
        t = read_transcript(args.file)
        seats = {int(s["seat"]) for s in t.header.get("seats", []) if isinstance(s, dict) and "seat" in s}
        if args.seat is not None and args.seat not in seats:
            raise CommandError(f"--seat {args.seat}: {args.file} has no such seat (seats {min(seats, default=0)} "
                               f"to {max(seats, default=0)})")
        if args.html:
            view = GOD if args.god else args.seat if args.seat is not None else PUBLIC
            t = for_view(t, view)  # the rest of the transcript is let go before the page is laid out
            _write_out(args.output, replay_chunks(t, view, args.lang))  # written as it is made
        else:
            _write_out(args.output, [render(t, god=args.god, lang=args.lang, seat=args.seat)])
    except TranscriptError as exc:
        raise CommandError(str(exc)) from None
    except MALFORMED as exc:  # events no game of ours has
        raise CommandError(f"{args.file}: an event holds data no game makes ({type(exc).__name__}: {exc})") from None
    return ExitCode.DONE


def _write_out(output: Path | None, chunks: Iterable[str]) -> None:
    """The render's text to stdout, or as the whole of `output` (never through a link; nothing left on failure)."""
    from hygiene import files

    if output is None:
        for chunk in chunks:
            sys.stdout.write(chunk)
        return
    try:
        files.write_chunks(output, chunks)
    except OSError as exc:
        raise CommandError(f"{output}: cannot write ({exc.strerror or exc})") from None


def find_game(game: str, out: Path) -> Path:
    """A transcript path, or the transcript of a game id under `out` (or under transcripts/)."""
    path = Path(game)
    if path.is_file():
        return path
    plain = bool(game) and path.name == game and game not in (".", "..")  # an id is a name, never a path
    for folder in (out, Path("transcripts")):
        candidate = folder / f"{game}.jsonl"
        if candidate.is_file():
            return candidate
        found = sorted(folder.rglob(f"{glob.escape(game)}*.jsonl")) if folder.is_dir() and plain else []
        if len(found) == 1:
            return found[0]
    raise CommandError(f"{game}: no such transcript or game id (looked in {out})")


def resume_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """What a resumed game connects with: the command line's options only (never the transcript's)."""
    table = getattr(args, "table", None)
    if table is not None and not table.is_file():
        raise CommandError(f"{table}: no such table file")
    base_url = getattr(args, "base_url", None) or os.environ.get("OPENAI_BASE_URL") or None
    return {"api_key": api_key(args), "api_key_env": getattr(args, "api_key_env", None),
            "allow_key_env": tuple(getattr(args, "allow_key_env", None) or ()) or None,
            "allow_endpoint": tuple(getattr(args, "allow_endpoint", None) or ()) or None, "base_url": base_url,
            "model": getattr(args, "model", None), "provider": getattr(args, "provider", None), "table": table,
            "timeout": getattr(args, "timeout", None)}


def person_seats(path: Path, args: argparse.Namespace) -> None:
    """`killer resume` plays the bots only: a game with a person's seat is refused with the command that
    continues it in the terminal, where the person answers (`killer play --resume`)."""
    from orchestrator.store.transcript import TranscriptError, read_transcript

    try:
        header = read_transcript(path, tolerant=True).header
    except TranscriptError as exc:
        raise CommandError(str(exc)) from None
    humans = (header.get("options") or {}).get("humans") or []
    if not humans:
        return
    words = ["killer", "play", "--resume", str(args.game)]
    if Path(args.out) != Path("transcripts"):
        words += ["--out", str(args.out)]
    who = f"seat {humans[0]} is" if len(humans) == 1 else f"seats {', '.join(str(s) for s in humans)} are"
    raise CommandError(f"{path}: {who} played by a person; continue it with `{shlex.join(words)}`")


def cmd_resume(args: argparse.Namespace) -> int:
    from orchestrator.hooks import Hooks
    from orchestrator.output.narrate import Narrator
    from orchestrator.resume import resume_game

    path = find_game(args.game, args.out)
    person_seats(path, args)
    narrator = Narrator()
    try:
        result = asyncio.run(resume_game(path, hooks=Hooks(on_entry=narrator.on_entry, on_end=narrator.on_end),
                                         overrides=resume_overrides(args), from_transcript=args.from_transcript))
    except OSError as exc:
        raise no_space(exc, path) from None
    except KeyboardInterrupt:
        return interrupted("resume", path)
    print(f"transcript: {result.path}")
    return fallback_report(result.end)
