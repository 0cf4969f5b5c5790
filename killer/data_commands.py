"""`killer label` and `killer export`: thin wrappers over evaluation/statements and evaluation/export."""

from __future__ import annotations

import argparse
import asyncio
import math
import sys
from pathlib import Path
from typing import Any

from agents.providers.profiles import PROVIDERS
from engine import MALFORMED, KillerError
from killer.errors import CommandError
from killer.exit_codes import ExitCode
from killer.game_commands import allow_key_env_option, leave_of_args, positive_seconds
from killer.parsing import add_command

DESCRIPTIONS = {
    "label": "label every statement of a run with a judge model (its claims, whether it lies, a deception "
             "category) into RUN/labels.jsonl: cached, resumable, within --budget-usd; the embedded model when no "
             "model or endpoint is named",
    "export": "write a run's tables (games, seats, decisions, statements, votes) as CSV or parquet for pandas: "
              "a tournament folder or a folder of transcripts",
}


def register(subparsers: Any) -> None:
    """Adds label and export."""
    lab = add_command(subparsers, "label", DESCRIPTIONS["label"])
    lab.add_argument("folder", type=Path, metavar="RUN", help="a tournament run folder or a folder of transcripts")
    lab.add_argument("--model", help="the judge's model (default: the embedded SmolLM2)")
    lab.add_argument("--base-url", help="the judge's OpenAI-compatible endpoint")
    lab.add_argument("--api-key-env", help="the NAME of the environment variable holding the key (default: "
                     "OPENAI_API_KEY; none for a loopback server)")
    lab.add_argument("--provider", choices=PROVIDERS, help="the endpoint's provider profile (default: detected)")
    lab.add_argument("--timeout", type=positive_seconds, help="seconds per request (default 60)")
    lab.add_argument("--table", type=Path, help="a judge file: [judge] (model, base_url, api_key_env, options) and "
                     "[price]; options given here override it")
    lab.add_argument("--price-prompt", type=float, metavar="USD", help="USD per million prompt tokens")
    lab.add_argument("--price-completion", type=float, metavar="USD", help="USD per million completion tokens")
    lab.add_argument("--budget-usd", type=float, help="stop labelling before the cost would pass this")
    lab.add_argument("--limit", type=int, help="label at most this many new statements")
    allow_key_env_option(lab)
    lab.set_defaults(run=cmd_label)
    exp = add_command(subparsers, "export", DESCRIPTIONS["export"])
    exp.add_argument("source", type=Path, metavar="RUN_OR_GAMES_DIR")
    exp.add_argument("--out", type=Path, required=True, help="the folder the tables are written into")
    exp.add_argument("--format", choices=("csv", "parquet"), default="csv", help="csv (default) or parquet "
                     "(needs pyarrow: pip install 'killer-game[parquet]')")
    exp.set_defaults(run=cmd_export)


def _price(args: argparse.Namespace) -> Any:
    from evaluation.tournament.config import MAX_PRICE, Price

    if args.price_prompt is None and args.price_completion is None:
        return None
    if args.price_prompt is None or args.price_completion is None:
        raise CommandError("give both --price-prompt and --price-completion")
    for value in (args.price_prompt, args.price_completion):
        if not (math.isfinite(value) and 0 <= value <= MAX_PRICE):
            raise CommandError(f"prices are USD per million tokens, 0 to {MAX_PRICE:g} ({value:g} given)")
    return Price(prompt=args.price_prompt, completion=args.price_completion)


def cmd_label(args: argparse.Namespace) -> int:
    from evaluation.statements.labelling import label_run
    from evaluation.statements.setup import JudgeChoice, judge_model, load_judge_table
    from evaluation.tournament.config import MAX_BUDGET_USD

    if args.budget_usd is not None and not (math.isfinite(args.budget_usd) and 0 <= args.budget_usd <= MAX_BUDGET_USD):
        raise CommandError(f"--budget-usd must be a finite amount from 0 to {MAX_BUDGET_USD:g} ({args.budget_usd:g} "
                           "given)")
    if args.limit is not None and args.limit < 1:
        raise CommandError("--limit must be at least 1")
    if not args.folder.is_dir():
        raise CommandError(f"{args.folder}: not a folder (give a tournament run folder or a folder of transcripts)")
    given = {"model": args.model, "base_url": args.base_url, "api_key_env": args.api_key_env,
             "provider": args.provider, "timeout": args.timeout}
    leave = leave_of_args(args)

    async def go() -> Any:
        table = load_judge_table(args.table) if args.table is not None else None
        choice = JudgeChoice.of(table, given, _price(args))
        if args.budget_usd is not None and choice.price is None and not choice.embedded:
            raise CommandError("--budget-usd needs a price: --price-prompt and --price-completion, or [price] in "
                               "the --table file")
        async with judge_model(choice, leave=leave) as judge:
            return await label_run(args.folder, judge, choice.price, args.budget_usd, args.limit), judge, choice

    from evaluation.load.played import run_folder

    done, judge, choice = asyncio.run(go())
    _print_label(done, judge.endpoint.model, run_folder(args.folder), priced=choice.price is not None)
    return ExitCode.DEGRADED if done.degraded else ExitCode.DONE


def _print_label(done: Any, model: str, run: Path, priced: bool) -> None:
    cost = f"${done.usd:.4f}" if priced else "not counted (no price given)"
    print(f"{done.labelled} statements labelled by {model}, {done.cached} already in {run / 'labels.jsonl'} "
          f"(of {done.statements}); {done.fallbacks} fell back, {done.refused} refused; cost {cost}")
    if done.over_budget:
        print(f"budget spent: {done.over_budget} statements not labelled (raise --budget-usd and rerun)",
              file=sys.stderr)
    a = done.agreement

    def k(name: str) -> str:
        return "–" if a.get(name) is None else f"{a[name]:.2f}"

    print(f"agreement with the speech reader (Cohen's kappa, {a.get('statements', 0)} statements): "
          f"said_role {k('said_role')}, said_side {k('said_side')}, said_checks {k('said_checks')}, lie {k('lie')}")
    if done.degraded:
        print(f"DEGRADED: the judge fell back on {done.fallbacks} and refused {done.refused} of {done.labelled} "
              "statements (more than 10%): "
              "its labels do not measure this run (exit 3)", file=sys.stderr)


def cmd_export(args: argparse.Namespace) -> int:
    from evaluation.export.run import export

    try:
        counts = export(args.source, args.out, args.format)
    except KillerError:  # a refusal that says what it is (some are ValueErrors too): as it is
        raise
    except MALFORMED as exc:  # events no game of ours has
        raise CommandError(f"a transcript holds data no game makes ({type(exc).__name__}: {exc}); `killer verify` "
                           "each one to find it") from None
    print(", ".join(f"{table}.{args.format} {n} rows" for table, n in counts.items()) + f": {args.out}")
    return ExitCode.DONE
