"""`killer eval`, `report`, `balance`: thin wrappers over evaluation/."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from engine import MALFORMED, KillerError
from hygiene.sanitize import clean
from hygiene.secrets import redact
from killer.errors import CommandError
from killer.exit_codes import ExitCode, combine
from killer.game_commands import allow_key_env_option, leave_of_args
from killer.parsing import add_command, bounded
from killer.study_options import add_spread_options, spread_from

MAX_GAMES = 100_000  # evaluation/tournament/config.py MAX_SCHEDULED
MAX_STUDY_GAMES = 1_000_000  # games per setup of a balance study (each outcome is kept until the end)
DESCRIPTIONS = {
    "eval": "run a tournament from a TOML file (resumable), then write results, summary, report and plots",
    "report": "recompute summary.json, report.md and the plots from transcripts: a tournament folder, or any "
              "transcript files and folders of them",
    "balance": "win rates by side (Wilson intervals) for random and scripted agents, compared with the seeds; "
               "with --suggest, the card mix closest to 50 % for each table size of a ruleset",
}


def register(subparsers: Any) -> None:
    """Adds eval, report and balance."""
    ev = add_command(subparsers, "eval", DESCRIPTIONS["eval"])
    ev.add_argument("config_file", type=Path, nargs="?", metavar="config", help="tournament file (see "
                    "evaluation/examples/); or --config")
    ev.add_argument("--config", type=Path, help="tournament file (the same as the positional argument)")
    ev.add_argument("--games", type=bounded(int, 1, MAX_GAMES, "games"),
                    help="play only the first N games of the schedule (a deal's rotations are adjacent, so a "
                    "multiple of the contestant count keeps the seats balanced)")
    ev.add_argument("--out", type=Path, help="run folder (default: runs/<name>); rerun to resume")
    ev.add_argument("--parallel", type=bounded(int, 1, 64, "games at once"),
                    help="games at once (default: the file's, else 1)")
    ev.add_argument("--workers", type=bounded(int, 1, 1024, "worker processes"),
                    help="processes for the games of bots alone (default: all cores; 1: one process); the games "
                    "are the same for any number")
    ev.add_argument("--seeds", type=bounded(int, 1, MAX_GAMES, "deals per ruleset"),
                    help="deals per ruleset (overrides the file)")
    ev.add_argument("--no-progress", action="store_true", help="no progress bar")
    ev.add_argument("--include-degraded", action="store_true", help="rate degraded contestants and games too")
    ev.add_argument("--plan", action="store_true", help="print the schedule, expected decisions, tokens and cost, "
                    "and games needed for --width; play nothing")
    ev.add_argument("--pilot", type=Path, help="with --plan: a finished run folder to estimate from")
    ev.add_argument("--width", type=bounded(float, 0.001, 0.999, "an interval width, a share"),
                    help="with --plan: the 95 %% interval width wanted (e.g. 0.1)")
    ev.add_argument("--rate", type=bounded(float, 0, 1, "a rate, a share"),
                    help="with --plan: the rate expected (e.g. 0.5), without a pilot")
    ev.add_argument("--chars-per-token", type=bounded(float, 0.1, 100, "characters a token"),
                    help="with --plan and no pilot: characters a token for the token estimate (default: 4 for en, "
                    "1 for zh)")
    ev.add_argument("--metric", default="win", help="with --plan and --pilot: the rate to size for (default: win)")
    _pages_option(ev)
    allow_key_env_option(ev)
    ev.set_defaults(run=cmd_eval)
    rep = add_command(subparsers, "report", DESCRIPTIONS["report"])
    rep.add_argument("paths", type=Path, nargs="+", metavar="DIR_OR_FILES")
    rep.add_argument("--out", type=Path, help="where loose transcripts' report goes (default: ./report)")
    rep.add_argument("--no-plots", action="store_true")
    rep.add_argument("--include-degraded", action="store_true", help="rate degraded contestants and games too")
    _pages_option(rep)
    rep.set_defaults(run=cmd_report)
    bal = add_command(subparsers, "balance", DESCRIPTIONS["balance"])
    bal.add_argument("--ruleset", help="one ruleset over its table sizes (default: the seeds' claims study)")
    bal.add_argument("--players", type=int, help="with --ruleset: only this table size")
    bal.add_argument("--games", type=bounded(int, 1, MAX_STUDY_GAMES, "games"), default=200,
                     help="games per ruleset, table size and agent kind (with --suggest: per candidate mix)")
    bal.add_argument("--agents", nargs="+", metavar="KIND",
                     help="agent kinds: random, scripted, scripted:LEVEL (easy, normal, hard; scripted is normal) "
                     "(default: random and scripted; "
                     "with --suggest: scripted); passed through as given to evaluation/balance/study.py")
    bal.add_argument("--seed", type=int, default=0, help="first seed")
    bal.add_argument("--out", type=Path, default=Path("runs/balance"), help="folder for the files written")
    bal.add_argument("--quick", action="store_true", help="fewer table sizes (for a smoke test)")
    bal.add_argument("--suggest", action="store_true", help="with --ruleset: search the card mixes it allows "
                     "(docs/rules.md R-suggest-ranges) for the one closest to 50 %% per table size")
    bal.add_argument("--budget", type=bounded(float, 0.1, 10_080, "minutes"), default=30.0, metavar="MINUTES",
                     help="with --suggest: refuse a "
                     "search estimated to take longer (default 30)")
    add_spread_options(bal)
    bal.set_defaults(run=cmd_balance)


def _pages_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pages", choices=("public", "god", "none"), default="public",
                        help="index.html beside report.md links a replay page of every game: in the public view "
                        "(default), the god view, or none (no pages, no index)")


def cmd_eval(args: argparse.Namespace) -> int:
    from evaluation.report.summary import write_report
    from evaluation.tournament.config import load_config
    from evaluation.tournament.run import run_tournament

    path = args.config or args.config_file
    if path is None or (args.config and args.config_file):
        raise CommandError("give the tournament file once: `killer eval FILE.toml` or `killer eval --config FILE.toml`")
    cfg = load_config(path, parallel=args.parallel, seeds=args.seeds, games=args.games)
    if args.plan:
        return _plan(cfg, args)
    out = args.out or Path("runs") / cfg.name
    leave = leave_of_args(args)
    done = asyncio.run(run_tournament(cfg, out, progress=not args.no_progress and sys.stderr.isatty(), leave=leave,
                                     workers=args.workers))
    summary = write_report(out, include_degraded=args.include_degraded)
    if args.pages != "none":
        from evaluation.report.index import write_run_index

        write_run_index(out, args.pages)
    print(f"{done.played} played, {done.skipped} already finished, {done.resumed} resumed; "
          f"{summary['games']}/{summary['scheduled']} games in {out / 'report.md'}"
          + (f"; replays: {out / 'index.html'}" if args.pages != "none" else ""))
    if done.over_budget:
        print(f"budget spent: {len(done.over_budget)} games not started (raise budget_usd and rerun to play them)",
              file=sys.stderr)
    for game_id, why in sorted(done.failed.items()):
        print(clean(redact(f"failed: {game_id}: {why}"), max_chars=2000), file=sys.stderr)
    for name, (fell, made) in sorted(done.shares.items()):
        print(f"{name}: {fell} of {made} decisions fell back ({fell / made:.1%})" if made else f"{name}: no decisions")
    if done.degraded:
        print(f"DEGRADED: {', '.join(done.degraded)} fell back on more than 10% of their decisions: these results do "
              "not measure those models (exit 3)", file=sys.stderr)
    return combine([ExitCode.INTERNAL if done.failed else ExitCode.DONE,
                    ExitCode.DEGRADED if done.degraded else ExitCode.DONE])


def _plan(cfg: Any, args: argparse.Namespace) -> int:
    from evaluation.planning.plan import make_plan, render_plan
    from evaluation.tournament.folder import CONFIG_COPY

    if args.pilot is not None and not (args.pilot / CONFIG_COPY).is_file():
        raise CommandError(f"{args.pilot}: not a tournament run folder (no {CONFIG_COPY})")
    plan = make_plan(cfg, args.pilot, args.width, args.rate, args.metric, args.chars_per_token)
    print(render_plan(plan, args.width, args.metric))
    return ExitCode.DONE


def cmd_report(args: argparse.Namespace) -> int:
    from evaluation.report.summary import write_report
    from evaluation.tournament.folder import CONFIG_COPY, transcript_files

    paths: list[Path] = args.paths
    for path in paths:
        if not path.exists():
            raise CommandError(f"{path}: no such file or folder")
    folder = paths[0] if len(paths) == 1 and (paths[0] / CONFIG_COPY).is_file() else None
    # a file named here may be the user's own link (resolved now); one a folder lists is never followed
    files = None if folder else sorted({f for p in paths for f in (transcript_files(p) if p.is_dir() else
                                                                    [p.resolve()])})
    if files == []:
        raise CommandError("no transcripts (*.jsonl) found in " + ", ".join(str(p) for p in paths))
    out = folder or args.out or Path("report")
    try:
        summary = write_report(out, plots=not args.no_plots, transcripts=files,
                               include_degraded=args.include_degraded)
        if args.pages != "none":
            _report_index(out, folder, files or [], args.pages)
    except KillerError:  # a refusal that says what it is (some are ValueErrors too): as it is
        raise
    except MALFORMED as exc:  # events no game of ours has
        raise CommandError(f"a transcript holds data no game makes ({type(exc).__name__}: {exc}); `killer verify` "
                           "each one to find it") from None
    print(f"{summary['games']}/{summary['scheduled']} games: {out / 'report.md'}"
          + (f"; replays: {out / 'index.html'}" if args.pages != "none" else ""))
    return ExitCode.DONE


def _report_index(out: Path, folder: Path | None, files: list[Path], view: str) -> None:
    """index.html and the replay pages: of the tournament folder, or of the loose transcripts given."""
    from evaluation.report.index import loose_games, write_index, write_run_index

    if folder is not None:
        write_run_index(folder, view)
    else:
        write_index(out, "transcripts", loose_games(files), view=view)


def cmd_balance(args: argparse.Namespace) -> int:
    from evaluation.balance.study import run_balance, run_ruleset_balance

    if args.players is not None and args.ruleset is None:
        raise CommandError("--players needs --ruleset")
    if args.suggest:
        return cmd_suggest(args)
    agents = tuple(args.agents or ("random", "scripted"))
    if args.ruleset:
        result = run_ruleset_balance(args.out, args.ruleset, args.players, games=args.games, agents=agents,
                                     seed=args.seed, spread=spread_from(args))
    else:
        result = run_balance(args.out, games=args.games, agents=agents, seed=args.seed, quick=args.quick,
                             spread=spread_from(args))
    print(f"{result['games']} games: {args.out / 'balance.md'}")
    return ExitCode.DONE


def cmd_suggest(args: argparse.Namespace) -> int:
    """`killer balance --suggest --ruleset ID`: states the search and its time, then runs it."""
    import time

    from evaluation.balance.study import ruleset_sizes
    from evaluation.balance.suggest import Search, plan, run_search, write_search

    if args.ruleset is None:
        raise CommandError("--suggest needs --ruleset")
    agents = tuple(args.agents or ("scripted",))
    search = Search(args.ruleset, tuple(ruleset_sizes(args.ruleset, args.players)), agents, args.games,
                    args.seed)
    print(plan(search, spread_from(args), args.budget), flush=True)
    start = time.perf_counter()
    result = run_search(search, spread_from(args))
    files = write_search(args.out, result, suggest_command(args, agents))
    print(f"{sum(len(t['candidates']) for t in result['tables']) * args.games} games in "
          f"{(time.perf_counter() - start) / 60:.1f} min: {files[1]}")
    return ExitCode.DONE


def suggest_command(args: argparse.Namespace, agents: tuple[str, ...]) -> str:
    """The command that reproduces a search's files (where it ran is left out: it does not change them)."""
    players = f" --players {args.players}" if args.players is not None else ""
    return (f"killer balance --suggest --ruleset {args.ruleset}{players} --agents {' '.join(agents)} "
            f"--games {args.games} --seed {args.seed}")
