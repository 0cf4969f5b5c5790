"""`killer run`, `verify`, `render`, `resume`: thin wrappers over orchestrator/."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from killer.errors import CommandError

DESCRIPTIONS = {
    "run": "play a game with AI players, narrate it, and write its transcript",
    "verify": "replay a transcript through the engine; exit 1 on any inconsistency",
    "render": "a transcript as Markdown (public view, or --god for everything)",
    "resume": "continue a stopped game (GAME: transcript path or game id)",
}


def register(subparsers: Any) -> None:
    """Adds run, verify, render and resume."""
    run = subparsers.add_parser("run", help=DESCRIPTIONS["run"], description=DESCRIPTIONS["run"])
    run.add_argument("--ruleset", default="v2-classic", help="ruleset id (see `killer variants`)")
    run.add_argument("--players", type=int, help="number of seats (default: the ruleset's)")
    run.add_argument("--seed", type=int, help="seed of the deal and of every draw (default: random)")
    run.add_argument("--agents", choices=("llm", "scripted", "random"), default="llm")
    _llm_options(run)
    run.add_argument("--table", type=Path, help="per-seat agents/models/endpoints (TOML)")
    run.add_argument("--lang", choices=("en", "zh"), default="en")
    run.add_argument("--timeout", type=float, default=60.0, help="seconds per model call")
    run.add_argument("--out", type=Path, default=Path("transcripts"), help="folder for the transcript")
    run.set_defaults(run=cmd_run)
    verify = subparsers.add_parser("verify", help=DESCRIPTIONS["verify"], description=DESCRIPTIONS["verify"])
    verify.add_argument("file", type=Path)
    verify.set_defaults(run=cmd_verify)
    render = subparsers.add_parser("render", help=DESCRIPTIONS["render"], description=DESCRIPTIONS["render"])
    render.add_argument("file", type=Path)
    render.add_argument("--god", action="store_true", help="show cards, night choices and private reasoning")
    render.add_argument("-o", "--output", type=Path, help="write to a file instead of stdout")
    render.set_defaults(run=cmd_render)
    resume = subparsers.add_parser("resume", help=DESCRIPTIONS["resume"], description=DESCRIPTIONS["resume"])
    resume.add_argument("game", help="transcript path or game id")
    resume.add_argument("--out", type=Path, default=Path("transcripts"), help="where to look for a game id")
    _llm_options(resume)
    resume.add_argument("--table", type=Path, help="per-seat agents/models/endpoints (TOML)")
    resume.add_argument("--timeout", type=float, help="seconds per model call (default: as recorded)")
    resume.set_defaults(run=cmd_resume)


def _llm_options(parser: argparse.ArgumentParser, model_options: bool = True) -> None:
    if model_options:
        parser.add_argument("--model", help="model name (default: the embedded SmolLM2)")
        parser.add_argument("--base-url", help="OpenAI-compatible endpoint (default: $OPENAI_BASE_URL)")
    parser.add_argument("--api-key", help="API key (default: $OPENAI_API_KEY; never written anywhere)")


def _errors() -> tuple[type[Exception], ...]:
    from engine import KillerError
    from orchestrator.seats import SeatSetupError
    from orchestrator.session import ResumeError
    from orchestrator.transcript import TranscriptError

    return (KillerError, SeatSetupError, ResumeError, TranscriptError, FileExistsError)


def cmd_run(args: argparse.Namespace) -> int:
    from orchestrator.config import RunConfig
    from orchestrator.narrate import Narrator
    from orchestrator.session import Hooks, run_game

    if args.table is not None and not args.table.is_file():
        raise CommandError(f"{args.table}: no such table file")
    config = RunConfig(ruleset=args.ruleset, players=args.players, seed=args.seed, agents=args.agents,
                       model=args.model, base_url=args.base_url or os.environ.get("OPENAI_BASE_URL") or None,
                       api_key=args.api_key or os.environ.get("OPENAI_API_KEY") or None, table=args.table,
                       lang=args.lang, timeout=args.timeout, out=args.out)
    narrator = Narrator(lang=args.lang)
    try:
        result = asyncio.run(run_game(config, hooks=Hooks(on_entry=narrator.on_entry, on_end=narrator.on_end)))
    except _errors() as exc:
        raise CommandError(str(exc)) from None
    print(f"transcript: {result.path}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from orchestrator.transcript import TranscriptError
    from orchestrator.verify import verify_file

    try:
        report = verify_file(args.file)
    except TranscriptError as exc:
        raise CommandError(str(exc)) from None
    print(report.summary(), file=sys.stdout if report.ok else sys.stderr)
    return 0 if report.ok else 1


def cmd_render(args: argparse.Namespace) -> int:
    from orchestrator.render import render
    from orchestrator.transcript import TranscriptError, read_transcript

    try:
        text = render(read_transcript(args.file), god=args.god)
    except TranscriptError as exc:
        raise CommandError(str(exc)) from None
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return 0


def find_game(game: str, out: Path) -> Path:
    """A transcript path, or the transcript of a game id under `out` (or under transcripts/)."""
    path = Path(game)
    if path.is_file():
        return path
    for folder in (out, Path("transcripts")):
        candidate = folder / f"{game}.jsonl"
        if candidate.is_file():
            return candidate
        found = sorted(folder.rglob(f"{game}*.jsonl")) if folder.is_dir() else []
        if len(found) == 1:
            return found[0]
    raise CommandError(f"{game}: no such transcript or game id (looked in {out})")


def cmd_resume(args: argparse.Namespace) -> int:
    from killer.tui_commands import endpoint_overrides
    from orchestrator.narrate import Narrator
    from orchestrator.session import Hooks, resume_game

    path = find_game(args.game, args.out)
    narrator = Narrator()
    try:
        result = asyncio.run(resume_game(path, hooks=Hooks(on_entry=narrator.on_entry, on_end=narrator.on_end),
                                         overrides=endpoint_overrides(args)))
    except _errors() as exc:
        raise CommandError(str(exc)) from None
    print(f"transcript: {result.path}")
    return 0
