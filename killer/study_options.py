"""The options every engine-only study shares (`killer simulate`, `killer balance`): where its games run."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from evaluation.balance.workers import BACKENDS, Spread
from killer.parsing import bounded


def add_spread_options(parser: Any) -> None:
    """--workers, --backend, --address, --no-progress."""
    parser.add_argument("--workers", type=bounded(int, 1, 1024, "worker processes"),
                        help="worker processes (default: all cores; with --backend ray, "
                        "the local instance's CPUs, unused with --address); the results are the same for any number")
    parser.add_argument("--backend", choices=BACKENDS, default="local", help="local processes, or Ray tasks "
                        "(pip install 'killer-game[cluster]'): a local Ray instance, or --address's cluster")
    parser.add_argument("--address", help="with --backend ray: an existing cluster (e.g. ray://head:10001 or "
                        "auto); default: start a local instance for the run")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(study=True)  # interrupted: nothing is kept, the same command starts over (killer/cli.py)


def spread_from(args: argparse.Namespace) -> Spread:
    """The Spread the options ask for (the bar only on a terminal)."""
    return Spread(workers=args.workers, backend=args.backend, address=args.address,
                  progress=not args.no_progress and sys.stderr.isatty())
