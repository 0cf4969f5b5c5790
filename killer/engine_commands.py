"""`killer variants`, `killer scenario`, `killer simulate`: the judge on its own."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from engine import KillerError, all_rulesets, display_name
from engine.scenario import run_scenario
from evaluation.balance.simulate import simulate
from hygiene import files
from killer.errors import CommandError
from killer.exit_codes import ExitCode
from killer.parsing import add_command, bounded
from killer.study_options import add_spread_options, spread_from

MAX_SCENARIO_CHARS = 1_000_000
MAX_SIMULATED = 1_000_000  # random games of one `killer simulate` (every outcome is kept until the end)


def register(sub: Any) -> None:
    """Adds the engine subcommands."""
    p = add_command(sub, "variants", "list the rule systems the judge knows")
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p.set_defaults(run=run_variants)
    p = add_command(sub, "scenario", "ask the judge: run a scripted scenario file")
    p.add_argument("file", type=Path)
    p.set_defaults(run=run_scenario_file)
    p = add_command(sub, "simulate", "play random legal games through the engine")
    p.add_argument("--ruleset", required=True)
    p.add_argument("--players", type=int)
    p.add_argument("--games", type=bounded(int, 1, MAX_SIMULATED, "games"), default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    add_spread_options(p)
    p.set_defaults(run=run_simulate)


def variant_rows() -> list[dict[str, Any]]:
    """One object per ruleset: id, title, roles, players [min, max], default players, sources."""
    return [
        {
            "id": r.id,
            "title": r.title,
            "roles": list(r.roles()),
            "players": list(r.players),
            "default_players": r.default_players,
            "cards_per_seat": r.cards_per_seat,
            "sources": list(r.sources),
            "summary": r.summary,
        }
        for r in all_rulesets()
    ]


def run_variants(args: argparse.Namespace) -> int:
    rows = variant_rows()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return ExitCode.DONE
    for row in rows:
        roles = ", ".join(f"{display_name(r)} ({r})" for r in row["roles"])
        low, high = row["players"]
        print(f"{row['id']:<11} {low}-{high} players  {row['title']}\n            roles: {roles}")
    return ExitCode.DONE


def run_scenario_file(args: argparse.Namespace) -> int:
    try:
        text = files.read_text(args.file, 4 * MAX_SCENARIO_CHARS)  # UTF-8: at most 4 bytes a character
        if len(text) > MAX_SCENARIO_CHARS:
            raise CommandError(f"{args.file} is larger than a scenario ({MAX_SCENARIO_CHARS} characters at most)")
        spec = json.loads(text, parse_constant=_no_constant)
    except files.FileRefused as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"cannot read {args.file}: {exc.strerror}") from None
    except (ValueError, UnicodeDecodeError) as exc:  # bad JSON, NaN/Infinity, a number of thousands of digits
        raise CommandError(f"{args.file} is not valid JSON: {str(exc)[:200]}") from None
    except RecursionError:
        raise CommandError(f"{args.file} is nested too deeply to be a scenario") from None
    try:
        result = run_scenario(spec)
    except KillerError as exc:
        raise CommandError(str(exc)) from None
    print(json.dumps(result, ensure_ascii=False))
    return ExitCode.DONE


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def run_simulate(args: argparse.Namespace) -> int:
    try:
        result = simulate(args.ruleset, args.players, args.games, args.seed, spread_from(args))
    except KillerError as exc:  # a StudyError among them
        raise CommandError(str(exc)) from None
    data = result.to_dict()
    if args.json:
        print(json.dumps(data))
        return ExitCode.DONE
    wins = data["wins"]
    assert isinstance(wins, dict)
    print(f"{data['ruleset']} with {data['players']} players: {data['games']} games, "
          f"killers {wins['killers']}, good {wins['good']}, draws {wins['draw']}, "
          f"mean {data['mean_days']} days, {data['games_per_second']} games/s")
    return ExitCode.DONE
