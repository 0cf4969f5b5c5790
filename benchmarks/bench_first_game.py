"""The offline first game, measured by the rule fixed in advance (docs/models.md, "The offline first game"): plays
`killer run --agents KIND --players 8 --seed S` for S = 1..10 (v2-classic, English, defaults otherwise), one game
at a time under `nice`, and computes from the transcripts alone

  (a) the share of accusations whose words accuse the seat the accusation names;
  (b) of (police seat, killer seat) pairs where the police saw a check find that killer and spoke afterwards, the
      share in which a later speech of that police accuses the killer;
  (c) of the good seats' speeches, the share whose words contradict the seat's own knowledge (says it is on the
      killers' side, reports a check it never got or with the other result, clears its found killer, accuses a
      seat it knows is good);
  (d) distinct (kind, evidence) reasons per game: reported checks, reported speech of a seat that spoke, cited
      votes of a seat that voted;
  (e) the mean wall-clock seconds of one `killer run` process, with the 1-minute load average before each game;

every speech read once by the speech reader (words.reader.read_statement). Figures, not assertions.

    python benchmarks/bench_first_game.py --agents llm --out /tmp/first/llm --json llm.json
    python benchmarks/bench_first_game.py --from /tmp/first/llm --json llm.json     # games already played
    python benchmarks/bench_first_game.py --verdict llm.json voice.json              # the rule's verdict

Measured figures, the commands and the load: docs/models.md, "The offline first game".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import SPEAKING, Team, team_of  # noqa: E402
from engine.record.events import Event  # noqa: E402
from orchestrator.store.transcript import Transcript, TranscriptError, read_transcript  # noqa: E402
from words.reader import Reading, read_statement  # noqa: E402

SEEDS = range(1, 11)
TIME_LIMIT_S = 180.0  # (e): a candidate's mean game time on 2 cores must be at most this
QUIET_LOAD = 1.0  # (e): a time is quiet when the 1-minute load average before the game was below this (idle) …
QUIET_AFTER = 3.0  # … and after it below this: the game's own two busy cores bring it near 2, more is other work
SETTLE_S = 600  # how long a game waits for the machine to settle under QUIET_LOAD before it starts anyway
UNKNOWN = float("inf")  # a load average that was not recorded
SPEAKING_KINDS = frozenset(k.value for k in SPEAKING)
DEFAULT = "llm"  # what stays when the rule cannot choose (ties, neither eligible)

# (d) `vote` reasons: the words cite a seat's vote (digits only), the voter's seat in group 1.
VOTE_CITES = (
    re.compile(r"\bseat\s+(\d{1,2})\s+(?:\w+\s+){0,2}voted\b", re.IGNORECASE),
    re.compile(r"\bseat\s+(\d{1,2})'s\s+(?:\w+\s+)?(?:vote|votes|hand)\b", re.IGNORECASE),
    re.compile(r"\b(?:votes?|hand)\s+(?:of|from)\s+seat\s+(\d{1,2})\b", re.IGNORECASE),
    re.compile(r"(?<!\d)(\d{1,2})\s*号\s*(?:的)?(?:投票|这票|那票|票|投了|投给|投出|投的|跟票|举手)"),
)


# ----------------------------------------------------------------------------------------------- the record

@dataclass
class Said:
    """One speech as the figures see it: who, when (event index), its decision's accusation, and its reading."""

    index: int
    seat: int
    kind: str
    text: str
    accusation: int | None
    reading: Reading


@dataclass
class Knowledge:
    """What a seat knows of other seats at a point of the game: found killers, found good seats, partners."""

    killers: set[int] = field(default_factory=set)
    good: set[int] = field(default_factory=set)
    checks: dict[int, set[str]] = field(default_factory=dict)  # seat -> results the seat saw for it


@dataclass
class Game:
    """A transcript's facts the figures read."""

    name: str
    players: int
    lang: str
    cards: dict[int, tuple[str, ...]]
    speeches: list[Said]
    events: list[Event]
    end: dict[str, Any] | None

    def good(self, seat: int) -> bool:
        """Whether the seat holds only good-side cards (a killers'-side card makes it a killer)."""
        return not any(team_of(c) is Team.KILLERS for c in self.cards.get(seat, ()))

    def knowledge(self, seat: int, before: int) -> Knowledge:
        """What `seat` knows from the events visible to it before event `before`."""
        k = Knowledge()
        for event in self.events[:before]:
            if not event.visible(seat) or event.visible_to is None:
                continue
            data = event.data
            if event.kind == "check_result":
                target = _seat_of(data.get("target"))
                if target is None:
                    continue
                result = str(data.get("result"))
                k.checks.setdefault(target, set()).add(result)
                (k.killers if result == "killer" else k.good).add(target)
            elif event.kind == "teammates" and self.good(seat):
                k.good |= {s for s in data.get("seats") or () if isinstance(s, int) and s != seat}
        k.good -= k.killers  # a seat found a killer by any check is not "known good"
        return k


def _seat_of(target: Any) -> int | None:
    """A check's target seat: a seat, or (for v5) a card given as [seat, card]."""
    if isinstance(target, int):
        return target
    if isinstance(target, list | tuple) and target and isinstance(target[0], int):
        return int(target[0])
    return None


def read_game(t: Transcript) -> Game:
    """The figures' view of one transcript: every speech read once by the speech reader."""
    header = t.header
    players, lang = int(header["players"]), str(header.get("lang") or "en")
    events = t.events
    cards: dict[int, tuple[str, ...]] = {}
    speeches: list[Said] = []
    day: int | None = None
    for i, event in enumerate(events):
        data = event.data
        if event.kind == "deal":
            cards = {n + 1: tuple(hand) for n, hand in enumerate(data.get("hands") or [])}
        elif event.kind == "night_falls":
            day = int(data.get("night") or 0) or day  # last words at dawn belong to the day that follows
        elif event.kind == "day_begins":
            day = int(data.get("day") or 0) or day
        elif event.kind in SPEAKING_KINDS and isinstance(data.get("seat"), int):
            text = str(data.get("speech") or "")
            seat = int(data["seat"])
            accusation = data.get("accusation") if isinstance(data.get("accusation"), int) else None
            speeches.append(Said(i, seat, event.kind, text, accusation,
                                 read_statement(text, lang, players, seat, day)))
    return Game(t.path.name, players, lang, cards, speeches, events, t.end)


# ----------------------------------------------------------------------------------------------- the figures

def accusation_matches(said: Said) -> bool:
    """(a): the words accuse the seat the decision's accusation names."""
    return said.accusation is not None and said.accusation in said.reading.accuses


def police_findings(game: Game) -> Iterator[tuple[int, int, bool]]:
    """(b): (police seat, killer seat, named) for every pair where a police seat saw a check find that killer and
    made a speech after it; `named`: a later speech of the police accuses the killer."""
    seen: set[tuple[int, int]] = set()
    for i, event in enumerate(game.events):
        if event.kind != "check_result" or event.data.get("result") != "killer" or event.visible_to is None:
            continue
        killer = _seat_of(event.data.get("target"))
        if killer is None:
            continue
        for police in sorted(event.visible_to):
            if (police, killer) in seen or "police" not in game.cards.get(police, ()):
                continue
            later = [s for s in game.speeches if s.seat == police and s.index > i]
            if later:
                seen.add((police, killer))
                yield police, killer, any(killer in s.reading.accuses for s in later)


def contradictions(game: Game, said: Said) -> list[str]:
    """(c): how the words of a good seat's speech contradict what the seat knows (empty: they do not)."""
    k = game.knowledge(said.seat, said.index)
    r = said.reading
    found = []
    if r.said_side == "killers":
        found.append("says it is on the killers' side")
    for check in r.said_checks:
        results = k.checks.get(check.seat())
        if not results:
            found.append(f"reports a check of seat {check.seat()} it never got")
        elif check.result not in results:
            found.append(f"reports seat {check.seat()} {check.result}, its check said otherwise")
    found += [f"clears seat {s}, its found killer" for s in r.clears if s in k.killers]
    found += [f"accuses seat {s}, known good" for s in r.accuses if s in k.good]
    return found


def reasons(game: Game) -> set[tuple[Any, ...]]:
    """(d): the game's distinct (kind, evidence) reasons, each counted only if the record has what it refers to."""
    out: set[tuple[Any, ...]] = set()
    spoke: set[int] = set()
    voted: set[int] = set()
    said = {s.index: s for s in game.speeches}
    for i, event in enumerate(game.events):
        if event.kind == "vote" and isinstance(event.data.get("seat"), int) and event.data.get("target") is not None:
            voted.add(int(event.data["seat"]))
        s = said.get(i)
        if s is None:
            continue
        for check in s.reading.said_checks:
            out.add(("check", check.seat(), check.result))
        for q in s.reading.quotes:
            if q.seat in spoke and q.seat != s.seat:
                out.add(("quote", q.seat, q.said_role, q.said_side, q.accuses, q.clears,
                         tuple((c.seat(), c.result) for c in q.said_checks)))
        for pattern in VOTE_CITES:
            for m in pattern.finditer(s.text):
                seat = int(m.group(1))
                if seat in voted and seat != s.seat:
                    out.add(("vote", seat))
        if s.text.strip():
            spoke.add(s.seat)
    return out


@dataclass
class Figures:
    """The five figures of one candidate, with the counts behind them."""

    agents: str
    games: int = 0
    accusations: int = 0
    matched: int = 0
    pairs: int = 0
    named: int = 0
    good_speeches: int = 0
    contradicting: int = 0
    reasons_per_game: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    loads: list[float] = field(default_factory=list)
    loads_after: list[float] = field(default_factory=list)
    finished: list[bool] = field(default_factory=list)
    fallbacks: int = 0
    decisions: int = 0
    examples: dict[str, list[str]] = field(default_factory=dict)

    @property
    def a(self) -> float | None:
        return self.matched / self.accusations if self.accusations else None

    @property
    def b(self) -> float | None:
        return self.named / self.pairs if self.pairs else None

    @property
    def c(self) -> float | None:
        return self.contradicting / self.good_speeches if self.good_speeches else None

    @property
    def d(self) -> float | None:
        return sum(self.reasons_per_game) / len(self.reasons_per_game) if self.reasons_per_game else None

    @property
    def e(self) -> float | None:
        return sum(self.seconds) / len(self.seconds) if self.seconds else None

    @property
    def quiet(self) -> bool:
        return bool(self.loads) and max(self.loads) < QUIET_LOAD and max(self.loads_after, default=0) < QUIET_AFTER

    def to_dict(self) -> dict[str, Any]:
        counts = {k: v for k, v in self.__dict__.items() if k != "examples"}
        return {**counts, "a": self.a, "b": self.b, "c": self.c, "d": self.d, "e": self.e, "quiet": self.quiet}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Figures:
        keep = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**keep)


def _note(figures: Figures, what: str, line: str) -> None:
    figures.examples.setdefault(what, [])
    if len(figures.examples[what]) < 5:
        figures.examples[what].append(line)


def add_game(figures: Figures, game: Game) -> None:
    """Adds one game's counts to the figures."""
    figures.games += 1
    for s in game.speeches:
        if s.accusation is not None:
            figures.accusations += 1
            if accusation_matches(s):
                figures.matched += 1
            else:
                _note(figures, "(a) accusation not in its words",
                      f"{game.name} seat {s.seat} accuses {s.accusation}: {s.text!r}")
        if game.good(s.seat):
            figures.good_speeches += 1
            found = contradictions(game, s)
            if found:
                figures.contradicting += 1
                _note(figures, "(c) contradicts its knowledge", f"{game.name} seat {s.seat}: {s.text!r} ({found[0]})")
    for police, killer, named in police_findings(game):
        figures.pairs += 1
        figures.named += named
        if not named:
            _note(figures, "(b) police that never named its killer", f"{game.name} police {police}, killer {killer}")
    figures.reasons_per_game.append(len(reasons(game)))
    end = game.end or {}
    figures.fallbacks += sum(int(v) for v in (end.get("fallbacks") or {}).values())
    figures.decisions += sum(int(v) for v in (end.get("seat_decisions") or {}).values())


# ----------------------------------------------------------------------------------------------- playing

def load_average() -> float:
    return os.getloadavg()[0]


def settle() -> float:
    """Waits (at most SETTLE_S) until the 1-minute load average is under QUIET_LOAD, so that one game's own load
    is not the next game's start; returns the load it starts at (the very reading it compared)."""
    waited = 0
    while (load := load_average()) >= QUIET_LOAD and waited < SETTLE_S:
        time.sleep(5)
        waited += 5
    return load


def play(agents: str, out: Path, seeds: Iterable[int], extra: list[str]) -> list[dict[str, Any]]:
    """Plays each seed's game as its own `killer run` process under `nice`, one at a time; returns and writes
    (out/timings.jsonl) each game's seconds, load before it and exit code."""
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for seed in seeds:
        folder = out / f"s{seed}"
        command = ["nice", "-n", "10", sys.executable, "-m", "killer.cli", "run", "--agents", agents,
                   "--players", "8", "--seed", str(seed), "--out", str(folder), *extra]
        load = settle()
        start = time.monotonic()
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, check=False)
        row = {"seed": seed, "seconds": round(time.monotonic() - start, 2), "load": load,  # as read: no rounding
               "load_after": load_average(), "exit": done.returncode}                 # across the threshold
        if done.returncode not in (0, 3):
            row["stderr"] = done.stderr[-400:]
        rows.append(row)
        with (out / "timings.jsonl").open("a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
        print(f"  seed {seed}: {row['seconds']:.1f} s, load {load:.2f} before, exit {done.returncode}", flush=True)
    return rows


def measure(agents: str, folder: Path) -> Figures:
    """The figures of the games under `folder` (one sub-folder per seed, as `play` writes them, or any
    transcripts below it) and the timings `play` recorded there."""
    figures = Figures(agents)
    for path in sorted(folder.rglob("*.jsonl")):
        if path.name == "timings.jsonl":
            continue
        try:
            t = read_transcript(path)
        except TranscriptError as exc:
            print(f"  skipped {path}: {exc}")
            continue
        if t.end is None:
            print(f"  skipped {path}: unfinished (no end line)")
            continue
        add_game(figures, read_game(t))
    timings = folder / "timings.jsonl"
    if timings.exists():
        latest: dict[int, dict[str, Any]] = {}
        for line in timings.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                latest[int(row["seed"])] = row  # a seed played again: its last time counts
        for row in (latest[seed] for seed in sorted(latest)):
            figures.seconds.append(float(row["seconds"]))
            # a load not recorded (a time measured elsewhere) is unknown: never quiet
            figures.loads.append(UNKNOWN if row.get("load") is None else float(row["load"]))
            after = row.get("load_after", row.get("load"))
            figures.loads_after.append(UNKNOWN if after is None else float(after))
            figures.finished.append(int(row["exit"]) in (0, 3))
    return figures


# ----------------------------------------------------------------------------------------------- the verdict

def _pct(x: float | None) -> str:
    return "–" if x is None else f"{round(100 * x)} %"


def _one(x: float | None) -> str:
    return "–" if x is None else f"{x:.1f}"


def eligible(f: Figures, games: int = len(SEEDS), timed: bool = True) -> tuple[bool, str]:
    """Rule step 1: all its games finish and its mean time is at most TIME_LIMIT_S (`timed` False: the time is left
    to a quiet measurement)."""
    if f.games < games or len(f.finished) < games or not all(f.finished):
        return False, f"{f.agents}: {f.games} transcripts, {sum(f.finished)} of {games} games finished"
    if not timed:
        return True, f"{f.agents}: all {games} games finished; its time ({_one(f.e)} s) is not yet measured quietly"
    if f.e is None or f.e > TIME_LIMIT_S:
        return False, f"{f.agents}: mean game time {_one(f.e)} s, over {TIME_LIMIT_S:.0f} s"
    return True, f"{f.agents}: eligible (all {games} games finished, mean {f.e:.1f} s)"


def points(x: Figures, y: Figures) -> tuple[int, int, list[str]]:
    """Rule step 3: a point per figure (a)-(d) to the better candidate, compared as printed."""
    px = py = 0
    lines = []
    compared = (("a", _pct(x.a), _pct(y.a), x.a, y.a, 1), ("b", _pct(x.b), _pct(y.b), x.b, y.b, 1),
                ("c", _pct(x.c), _pct(y.c), x.c, y.c, -1), ("d", _one(x.d), _one(y.d), x.d, y.d, 1))
    for name, sx, sy, vx, vy, better in compared:
        if vx is None or vy is None or sx == sy:
            lines.append(f"({name}) {sx} vs {sy}: no point")
            continue
        rx, ry = (round(100 * vx), round(100 * vy)) if name != "d" else (round(vx, 1), round(vy, 1))
        x_wins = (rx > ry) == (better > 0)
        px, py = px + x_wins, py + (not x_wins)
        lines.append(f"({name}) {sx} vs {sy}: a point to {x.agents if x_wins else y.agents}")
    return px, py, lines


def verdict(x: Figures, y: Figures, games: int = len(SEEDS)) -> tuple[str, list[str]]:
    """The candidate the rule chooses, and why, line by line. While either candidate's times are not quiet, the
    times decide nothing yet: the verdict is provisional (its last line says so), each candidate taken as within
    the time limit, and stands only once both are timed quietly."""
    timed = x.quiet and y.quiet
    ex, why_x = eligible(x, games, timed)
    ey, why_y = eligible(y, games, timed)
    lines = [why_x, why_y]
    lines += [f"{f.agents}: its times are not quiet (load {_load(max(f.loads + f.loads_after, default=0))}): "
              "re-measure them on a quiet machine before this verdict stands" for f in (x, y) if not f.quiet]
    winner, why = _decide(x, y, ex, ey)
    if not timed:
        why.append(f"PROVISIONAL: {winner} if both means are within {TIME_LIMIT_S:.0f} s once timed quietly; a "
                   "candidate over it cannot win")
    return winner, [*lines, *why]


def _decide(x: Figures, y: Figures, ex: bool, ey: bool) -> tuple[str, list[str]]:
    """Rule steps 2 and 3, given each candidate's eligibility."""
    lines: list[str] = []
    if ex != ey:
        return (x if ex else y).agents, [*lines, "only one candidate is eligible"]
    if not ex:
        return DEFAULT, [*lines, f"neither is eligible: {DEFAULT} stays"]
    px, py, compared = points(x, y)
    lines += [*compared, f"points: {x.agents} {px}, {y.agents} {py}"]
    if px != py:
        return (x if px > py else y).agents, lines
    ax, ay = _pct(x.a), _pct(y.a)
    if ax != ay and x.a is not None and y.a is not None:
        return (x if x.a > y.a else y).agents, [*lines, "equal points: the higher (a) wins"]
    return DEFAULT, [*lines, f"equal points and (a): {DEFAULT} stays"]


def _load(x: float) -> str:
    return "unknown" if x == UNKNOWN else f"{x:.2f}"


def report(f: Figures) -> str:
    """The figures as lines to read."""
    load = (f"load before each game {_load(min(f.loads))}-{_load(max(f.loads))}, after "
            f"{_load(min(f.loads_after))}-{_load(max(f.loads_after))}") if f.loads and f.loads_after else "no timings"
    lines = [
        f"{f.agents}: {f.games} games, fallbacks {f.fallbacks}/{f.decisions} decisions",
        f"  (a) accusations matching their words   {_pct(f.a):>6}  ({f.matched}/{f.accusations})",
        f"  (b) police naming their found killer   {_pct(f.b):>6}  ({f.named}/{f.pairs} pairs)",
        f"  (c) good speeches contradicting what the seat knows {_pct(f.c):>6}  ({f.contradicting}/"
        f"{f.good_speeches})",
        f"  (d) distinct reasons per game          {_one(f.d):>6}  ({f.reasons_per_game})",
        f"  (e) mean seconds per game              {_one(f.e):>6}  ({', '.join(f'{s:.0f}' for s in f.seconds)}; "
        f"{load}; {'quiet' if f.quiet else 'NOT quiet: re-measure'})",
    ]
    for what, found in f.examples.items():
        lines.append(f"  {what}, e.g.:")
        lines += [f"    {line[:200]}" for line in found]
    return "\n".join(lines)


def table_row(f: Figures) -> str:
    """The candidate's row of docs/models.md's table (a test holds the docs to the committed games)."""
    seconds = ", ".join(f"{s:.0f}" for s in f.seconds)
    return (f"| `{f.agents}` | {f.games} | {_pct(f.a)} ({f.matched}/{f.accusations}) | {_pct(f.b)} ({f.named}/"
            f"{f.pairs}) | {_pct(f.c)} ({f.contradicting}/{f.good_speeches}) | {_one(f.d)} | {_one(f.e)} ({seconds}) |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="llm", help="the agent kind every seat plays (default llm)")
    parser.add_argument("--out", type=Path, help="where the games go (default /tmp/first-game/KIND)")
    parser.add_argument("--from", dest="source", type=Path, help="score the games already under this folder")
    parser.add_argument("--seeds", type=int, nargs="+", default=list(SEEDS), help="default 1..10 (the rule's)")
    parser.add_argument("--json", type=Path, help="write the figures here, for --verdict")
    parser.add_argument("--verdict", type=Path, nargs=2, metavar="JSON", help="the rule's verdict on two figures")
    parser.add_argument("extra", nargs=argparse.REMAINDER, help="after --: more `killer run` options")
    args = parser.parse_args(argv)
    if args.verdict:
        x, y = (Figures.from_dict(json.loads(p.read_text(encoding="utf-8"))) for p in args.verdict)
        print(report(x), report(y), table_row(x), table_row(y), sep="\n")
        winner, why = verdict(x, y)
        print("verdict:", *(f"  {line}" for line in why), f"  `killer run` with no endpoint plays: {winner}", sep="\n")
        return 0
    folder = args.source
    if folder is None:
        folder = args.out or Path("/tmp/first-game") / args.agents.replace(":", "-").replace("+", "-")
        print(f"playing {len(args.seeds)} games of {args.agents} into {folder}", flush=True)
        play(args.agents, folder, args.seeds, [a for a in args.extra if a != "--"])
    figures = measure(args.agents, folder)
    print(report(figures))
    if args.json:
        args.json.write_text(json.dumps(figures.to_dict(), indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
