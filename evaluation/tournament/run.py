"""Running a tournament: the schedule (every deal played once per rotation of the roster), games in parallel
under a semaphore, one results.jsonl line per finished game, and resuming a stopped run.

The schedules (rotate, side-pure, field) are evaluation/tournament/schedules.py's.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.base import Agent
from agents.bots.levels import uses_model
from agents.key_rule import Leave
from agents.providers.seat_table import Generation, SeatSpec
from evaluation.pool import all_cores, on_pool
from evaluation.tournament.config import ConfigError, Contestant, TournamentConfig
from evaluation.tournament.folder import (
    CONFIG_COPY,
    GAMES,
    RESULTS,
    degraded_contestants,
    fallback_shares,
    game_usd,
    prepare,
    read_results,
    result_line,
    share_text,
)
from evaluation.tournament.limits import Limited, RateLimit
from evaluation.tournament.schedules import Scheduled, schedule
from hygiene import files, walk
from orchestrator.config import RunConfig
from orchestrator.preflight import PreflightError, preflight
from orchestrator.replay_cache import ReplayCache
from orchestrator.resume import resume_game
from orchestrator.run import run_game
from orchestrator.store.checkpoint import ResumeError
from orchestrator.store.files import checkpoint_path
from orchestrator.store.lock import clear_stale, hold
from orchestrator.store.transcript import TranscriptError, read_transcript, safe_line

# Builds the agents of one contestant for some seats of one game: (contestant, seats, seed, lang) -> agents.
AgentBuilder = Callable[[Contestant, list[int], int, str], dict[int, Agent]]


@dataclass
class Options:
    """What agents.factory.build_agents reads (the RunOptions protocol), for one contestant."""

    agents: str
    model: str | None
    base_url: str | None
    api_key: str | None
    lang: str
    timeout: float
    seed: int | None
    response_format: str = "auto"
    table: Path | None = None
    provider: str = "auto"
    seat_defaults: SeatSpec | None = None  # the contestant's generation options, base_url and api_key_env
    contestant: str | None = None  # the contestant's name: a bot's draws are keyed on it (docs/bots.md)
    file_name: str = "the tournament file"  # where a contestant's base_url and api_key_env come from


def default_builder(embedded: tuple[str, str] | None = None, leave: Leave | None = None) -> AgentBuilder:
    """Agents through agents.factory; `embedded` = (base_url, model) of the running embedded model; `leave`:
    where the user allowed keys to go (agents/key_rule.py; default: only the command line's endpoint)."""
    leave = Leave.of(base_url=None, key=None, key_env=None, env=os.environ) if leave is None else leave

    def build(c: Contestant, seats: list[int], seed: int, lang: str) -> dict[int, Agent]:
        from agents.factory import build_agents

        base_url, model = c.base_url, c.model
        if c.embedded:
            if embedded is None:
                raise ConfigError(f"contestant {c.name} needs the embedded model, which is not running")
            base_url, model = embedded
        provider = "llamacpp" if c.embedded else (c.provider or "auto")  # the launcher knows its server
        generation = SeatSpec.model_validate({
            **c.model_dump(include=set(Generation.model_fields) - {"provider"}, exclude_none=True),
            "base_url": base_url, "api_key_env": None if c.embedded else c.api_key_env})
        opts = Options(c.agent, model, None, None, lang, c.timeout, seed, c.response_format, provider=provider,
                       seat_defaults=generation, contestant=c.name)
        return dict(build_agents(opts, seats, leave=leave))

    return build


def tournament_record(cfg: TournamentConfig, game: Scheduled) -> dict[str, Any]:
    """What a game's header keeps of its tournament: name, schedule, contestant per seat, their prices."""
    names = sorted(set(game.roster.values()))
    prices = {n: p.model_dump() for n in names if (p := cfg.price(n)) is not None}
    return {"name": cfg.name, "schedule": cfg.schedule, "roster": {str(s): n for s, n in sorted(game.roster.items())},
            "prices": prices}


def game_agents(cfg: TournamentConfig, game: Scheduled, build: AgentBuilder) -> dict[int, Agent]:
    """Every seat's agent for one game, contestant by contestant."""
    out: dict[int, Agent] = {}
    for c in cfg.contestants:
        seats = [s for s, name in game.roster.items() if name == c.name]
        if seats:
            out.update(build(c, seats, game.seed, cfg.lang))
    return out


def _drop_checkpoint(path: Path) -> None:
    """Removes a game's SQLite checkpoint (and its -wal/-shm files): a finished game needs none."""
    ckpt = checkpoint_path(path)
    for extra in ("", "-wal", "-shm"):
        ckpt.with_name(ckpt.name + extra).unlink(missing_ok=True)


def _finished(path: Path, out: Path) -> bool:
    """Whether the game at `path` (below the run folder `out`, read through it: a planted link is refused)
    ended."""
    try:
        return read_transcript(path, tolerant=True, root=out).end is not None
    except TranscriptError:
        return False


@dataclass
class RunSummary:
    """What `run_tournament` did."""

    scheduled: int
    skipped: int
    played: int
    resumed: int
    failed: dict[str, str]
    degraded: list[str] = field(default_factory=list)  # contestants (agents/health.py)
    shares: dict[str, tuple[int, int]] = field(default_factory=dict)  # (fallbacks, decisions) per contestant
    over_budget: list[str] = field(default_factory=list)  # games not started: the budget was spent


class _Runner:
    """Plays the games not yet finished, `parallel` at a time; appends a results line after each."""

    def __init__(self, cfg: TournamentConfig, out: Path, build: AgentBuilder, parallel: int,
                 on_done: Callable[[Scheduled, dict[str, Any] | None], None]) -> None:
        self.cfg, self.out, self.build = cfg, out, build
        self.sem = asyncio.Semaphore(parallel)
        self.lock = asyncio.Lock()
        self.on_done = on_done
        self.resumed = 0
        self.failed: dict[str, str] = {}
        self.spent = 0.0
        self.over_budget: list[str] = []
        self.limits = {c.name: RateLimit(c.concurrency, c.rpm) for c in cfg.contestants if c.concurrency or c.rpm}

    async def play(self, game: Scheduled) -> None:
        async with self.sem:
            if self.cfg.budget_usd is not None and self.spent >= self.cfg.budget_usd:
                self.over_budget.append(game.game_id)
                return
            try:
                path, resumed = await play_game(self.cfg, self.out, game, lambda: self._agents(game))
                line = {**result_line(game, path, self.out), "usd": game_usd(self.cfg, game, path, self.out)}
            except Exception as exc:  # one broken game never stops the tournament
                self.record(game, None, False, f"{type(exc).__name__}: {exc}")
                return
            async with self.lock:
                self.record(game, line, resumed, None)

    def record(self, game: Scheduled, line: dict[str, Any] | None, resumed: bool, error: str | None) -> None:
        """A game's end, in this process: its results line appended (then its checkpoint dropped), or its error."""
        try:
            if line is not None:
                self.spent += line["usd"]
                with walk.open_append(self.out, RESULTS) as f:
                    f.write(safe_line(line) + "\n")
                _drop_checkpoint(self.out / line["transcript"])
                self.resumed += resumed
            else:
                self.failed[game.game_id] = error or "no result"
        except Exception as exc:  # one broken game never stops the tournament
            self.failed[game.game_id] = f"{type(exc).__name__}: {exc}"
            line = None
        finally:
            self.on_done(game, line)

    def _agents(self, game: Scheduled) -> dict[int, Agent]:
        agents = game_agents(self.cfg, game, self.build)
        return {s: Limited(a, self.limits[game.roster[s]]) if game.roster.get(s) in self.limits else a
                for s, a in agents.items()}

    def play_pooled(self, games: list[Scheduled], workers: int) -> None:
        """Games of bots alone on a pool of `workers` processes (evaluation/pool.py), each played and written there
        exactly as `play` does here (play_game: the same transcript, writer and game lock); this process appends
        their results lines as they end. Ctrl-C or SIGTERM stops the pool (a game cut there resumes from its
        transcript on the next run) and is raised as KeyboardInterrupt."""
        if self.cfg.budget_usd is not None and self.spent >= self.cfg.budget_usd:
            self.over_budget.extend(g.game_id for g in games)
            return
        on_pool(play_bot_game, [(self.cfg, self.out, g) for g in games], workers,
                lambda i, ended: self.record(games[i], *ended))


def bots_only(cfg: TournamentConfig, game: Scheduled) -> bool:
    """Whether every seat of `game` is a bot (no model): the plain loop plays it, and a pool may."""
    return not any(uses_model(cfg.contestant(name).agent) for name in set(game.roster.values()))


async def play_game(cfg: TournamentConfig, out: Path, game: Scheduled,
                    agents_of: Callable[[], dict[int, Agent]]) -> tuple[Path, bool]:
    """Plays one scheduled game to its end in `out`/games/ (or finds it ended, or resumes it): its transcript and
    whether it was resumed."""
    walk.check_folder(out, GAMES)  # a games/ link planted since the start is refused
    path = out / GAMES / f"{game.game_id}.jsonl"
    if os.path.lexists(path) and _finished(path, out):
        return path, False  # finished, but its results line was lost
    agents = agents_of()
    # a game of bots alone is played by the plain loop (orchestrator.run: the graph's transcript, no graph,
    # no checkpoint; LangGraph's scheduling and the SQLite checkpoint were half its CPU time): one stopped
    # half-way continues from its transcript's own decisions, which the bots' seeded play then extends
    bots = bots_only(cfg, game)
    # from its checkpoint, else from the transcript's own decisions (a lost or broken checkpoint)
    for rebuild in ((True,) if bots else (False, True)) if path.exists() else ():
        with contextlib.suppress(ResumeError, TranscriptError):
            result = await resume_game(path, agents=agents, from_transcript=rebuild, plain=bots)
            if result.winner is not None:
                return path, True
            break
    path.unlink(missing_ok=True)
    checkpoint_path(path).unlink(missing_ok=True)
    kinds = {c.agent for c in cfg.contestants if c.name in game.roster.values()}
    config = RunConfig(ruleset=game.ruleset, players=game.players, seed=game.seed,
                       agents=kinds.pop() if len(kinds) == 1 else "mixed",
                       lang=cfg.lang, out=out / GAMES, game_id=game.game_id,
                       tournament=tournament_record(cfg, game))
    result = await run_game(config, agents=agents, plain=bots)
    if result.winner is None:
        raise RuntimeError("the game stopped without a winner")
    return result.path, False


def play_bot_game(cfg: TournamentConfig, out: Path, game: Scheduled) -> tuple[dict[str, Any] | None, bool, str | None]:
    """In a pool's worker: one game of bots alone played by play_game with the default agents (bots read no key
    and no endpoint); its results line (the transcript's SHA-256 included), whether it was resumed, or its error."""
    try:
        path, resumed = asyncio.run(play_game(cfg, out, game, lambda: game_agents(cfg, game, default_builder())))
        return {**result_line(game, path, out), "usd": game_usd(cfg, game, path, out)}, resumed, None
    except Exception as exc:  # one broken game never stops the tournament
        return None, False, f"{type(exc).__name__}: {exc}"


async def run_tournament(cfg: TournamentConfig, out: Path, *, build: AgentBuilder | None = None,
                         progress: bool = False, leave: Leave | None = None, workers: int | None = None) -> RunSummary:
    """Plays every scheduled game not already finished in `out`; writes results.jsonl as games end. One process
    at a time per folder: a second one gets a BusyError naming the first.

    Games of bots alone (no model seat) are played first, on a pool of `workers` processes (default: every core
    this process may use; 1: here, as the others) when `build` is the default one; they use no endpoint, so the
    file's `parallel` (model games at once) does not bound them. The games are the same for any worker count:
    each is seeded by its deal and contestants alone. Model games then play here, `parallel` at a time."""
    made = _to_make(out)
    out.mkdir(parents=True, exist_ok=True)
    started: list[bool] = []
    try:
        with hold(out, "this tournament folder"):
            return await _run_locked(cfg, out, build, progress, leave, started, workers)
    except BaseException:
        if not started:  # refused before any game (a preflight, a key, a file): nothing is left behind
            _remove(made)
        raise


def _to_make(out: Path) -> list[Path]:
    """What a run in `out` creates before its first game: the first missing folder on the way to `out` (with all
    below it), else games/ and tournament.json where they are missing."""
    missing = files.first_missing(out)
    if missing is not None:
        return [missing]
    return [out / name for name in (GAMES, CONFIG_COPY) if not os.path.lexists(out / name)]


def _remove(made: list[Path]) -> None:
    for path in made:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                path.unlink()


async def _run_locked(cfg: TournamentConfig, out: Path, build: AgentBuilder | None, progress: bool,
                      leave: Leave | None, started: list[bool], workers: int | None) -> RunSummary:
    prepare(cfg, out)
    clear_stale(out / GAMES)  # game locks left by a killed run (the kernel released them; their files stayed)
    games = schedule(cfg)
    done = read_results(out)
    todo = [g for g in games if g.game_id not in done or not (out / done[g.game_id]["transcript"]).exists()]
    pooled: list[Scheduled] = []
    workers = all_cores() if workers is None else workers
    if build is None and workers > 1:  # a caller's builder may not cross to another process
        pooled = [g for g in todo if bots_only(cfg, g)]
    async with contextlib.AsyncExitStack() as stack:
        if build is None:
            embedded = None
            if todo and any(c.embedded for c in cfg.contestants):
                from agents.providers.local_server import LocalModelServer

                server = await stack.enter_async_context(LocalModelServer())
                embedded = (server.base_url, server.model)
            build = default_builder(embedded, leave)
            if todo:
                await preflight_contestants(cfg, todo[0], build)
        started.append(True)  # from here on the folder holds games (or is the user's own)
        rows = [done[g.game_id] for g in games if g not in todo and g.game_id in done]
        bar = stack.enter_context(_progress(progress, len(todo), cfg.name))

        def on_done(game: Scheduled, line: dict[str, Any] | None) -> None:
            if line is not None:
                rows.append(line)
            bar(f"{game.game_id}  {share_text(fallback_shares(rows))}")

        runner = _Runner(cfg, out, build, cfg.parallel, on_done)
        runner.spent = sum(float(r.get("usd") or 0.0) for r in rows)
        if len(pooled) > 1:
            runner.play_pooled(pooled, workers)
            ids = {g.game_id for g in pooled}
            todo_here = [g for g in todo if g.game_id not in ids]
        else:
            todo_here = todo
        await asyncio.gather(*(runner.play(g) for g in todo_here))
    played = len(todo) - len(runner.failed) - len(runner.over_budget)
    return RunSummary(len(games), len(games) - len(todo), played, runner.resumed, runner.failed,
                      degraded_contestants(rows), fallback_shares(rows), runner.over_budget)


async def preflight_contestants(cfg: TournamentConfig, game: Scheduled, build: AgentBuilder) -> None:
    """Before the first night of the tournament: each model contestant's endpoint gets one preflight request
    (agents built for seat 1 of the first game to play). A refusal is a PreflightError naming the contestant."""
    start = ReplayCache(game.ruleset, game.seed, game.players).start()
    for c in cfg.contestants:
        if c.agent != "llm":
            continue
        try:
            await preflight(build(c, [1], game.seed, cfg.lang), start)
        except PreflightError as exc:
            raise PreflightError(f"contestant {c.name}: {str(exc).removeprefix('seat 1: ')}") from None


@contextlib.contextmanager
def _progress(enabled: bool, total: int, name: str) -> Any:
    """A rich progress bar (games done of total), or a no-op."""
    if not enabled or total == 0:
        yield lambda game_id: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
               TextColumn("{task.fields[last]}"))
    with Progress(*columns, transient=False) as bar:
        task = bar.add_task(name, total=total, last="")
        yield lambda game_id: bar.update(task, advance=1, last=game_id)
