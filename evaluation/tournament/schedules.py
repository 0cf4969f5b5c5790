"""The games of a tournament: which contestant plays which seat of which deal.

- rotate: for deal (ruleset, players, seed) and rotation r, the j-th seat of the seating order is played by
  contestant (j + r) mod M; over the M rotations every contestant holds every card of the deal once. The seating
  order is 1..N, or (shuffle_seats) a permutation drawn from the deal's seed; with killers_together (the
  default) it is then rearranged so that the killer-side seats fall on one contestant's positions, so each game's
  killer team is one contestant, held by each in turn (the contrast the paired comparisons measure).
- side-pure (2 contestants A, B): on each deal, A holds every killer-side seat and B every good seat, then the
  reverse: the same cards, the model alone on its side (teams are never mixed).
- anchored (side-pure with `anchors`): on each deal, for each anchor H, H plays itself (the baseline), then each
  other contestant C holds every killer-side seat against H's good side, and every good seat against H's killer
  side. So C's killer-side figures and H's own killer side face the same good side on the same cards, and a
  deal-paired difference measures the killer side alone (and the good side likewise): per-side skill identified
  by design, relative to the anchor.
- field: for each other contestant X and each seat of the seating order, X plays that seat alone and the field
  contestant every other seat: one model against a fixed field, over every card of the deal.
Outside rotate the seating order is always shuffled per deal from the seed, so no contestant always speaks after
the same one. Deals are the engine's own, from random.Random(seed), as the game itself deals them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import engine
from evaluation.games.facts import side_of
from evaluation.tournament.config import TournamentConfig


@dataclass(frozen=True)
class Scheduled:
    """One game of the schedule."""

    game_id: str
    ruleset: str
    players: int
    seed: int
    rotation: int
    roster: dict[int, str]  # seat -> contestant name


def seating(seed: int, players: int, shuffle: bool) -> list[int]:
    """The deal's seating order: 1..N, or a permutation drawn from the seed (a stream apart from the deal's)."""
    order = list(range(1, players + 1))
    if shuffle:
        random.Random(f"seating-{seed}").shuffle(order)
    return order


def killers_together(order: list[int], bad: set[int], m: int) -> list[int]:
    """The seating order rearranged so that its killer-side seats, then its good seats (each in their order),
    fill the contestants' positions one contestant after another: j ≡ 0 (mod m) first, the first contestant's in
    rotation 0, then j ≡ 1, … So the killer side falls on one contestant (overflowing onto the next should it not
    fit), and rotating the roster hands it to each contestant in turn."""
    positions = [j for c in range(m) for j in range(c, len(order), m)]
    seats = [s for s in order if s in bad] + [s for s in order if s not in bad]
    arranged = [0] * len(order)
    for j, seat in zip(positions, seats, strict=True):
        arranged[j] = seat
    return arranged


def killer_seats(ruleset: str, players: int, seed: int) -> set[int]:
    """The killer-side seats of the deal the game will make from this seed."""
    state, _ = engine.new_game(ruleset, random.Random(seed), players=players)
    return {s.number for s in state.seats if side_of(s.cards) == "killers"}


def pure(bad: set[int], players: int, killers: str, good: str) -> dict[int, str]:
    """The roster where `killers` holds every killer-side seat and `good` every other."""
    return {s: killers if s in bad else good for s in range(1, players + 1)}


def anchored(cfg: TournamentConfig, ruleset: str, players: int, seed: int, base: str) -> list[Scheduled]:
    """One deal of the anchored schedule: per anchor, its self-play, then each contestant on either side of it."""
    bad = killer_seats(ruleset, players, seed)
    focal = [c.name for c in cfg.contestants if c.name not in cfg.anchors]
    out: list[Scheduled] = []
    for h, anchor in enumerate(cfg.anchors):
        games = [(f"a{h}", anchor, anchor)]
        for i, name in enumerate(focal):
            games += [(f"a{h}c{i}k", name, anchor), (f"a{h}c{i}g", anchor, name)]
        for tag, killers, good in games:
            out.append(Scheduled(f"{base}-{tag}", ruleset, players, seed, len(out), pure(bad, players, killers, good)))
    return out


def schedule(cfg: TournamentConfig) -> list[Scheduled]:
    """Every game of the tournament, in a fixed order (ruleset, seed, then the schedule's own order)."""
    names = [c.name for c in cfg.contestants]
    out: list[Scheduled] = []
    for spec in cfg.rulesets:
        n = spec.seats
        for k in range(cfg.seeds):
            seed = cfg.first_seed + k
            base = f"{spec.id}-p{n}-s{seed}"
            if cfg.anchors:
                out += anchored(cfg, spec.id, n, seed, base)
            elif cfg.schedule == "side-pure":
                bad = killer_seats(spec.id, n, seed)
                for r, (a, b) in enumerate((names, names[::-1])):
                    roster = {s: a if s in bad else b for s in range(1, n + 1)}
                    out.append(Scheduled(f"{base}-side{r}", spec.id, n, seed, r, roster))
            elif cfg.schedule == "field":
                order = seating(seed, n, True)
                focal = [x for x in names if x != cfg.field]
                for i, name in enumerate(focal):
                    for j, seat in enumerate(order):
                        roster = {s: name if s == seat else str(cfg.field) for s in range(1, n + 1)}
                        out.append(Scheduled(f"{base}-f{i}s{seat}", spec.id, n, seed, i * n + j, roster))
            else:
                order = seating(seed, n, cfg.shuffle_seats)
                m = len(names)
                if cfg.killers_together:
                    order = killers_together(order, killer_seats(spec.id, n, seed), m)
                for r in (range(m) if cfg.rotate else [k % m]):
                    roster = {seat: names[(j + r) % m] for j, seat in enumerate(order)}
                    out.append(Scheduled(f"{base}-r{r}", spec.id, n, seed, r, dict(sorted(roster.items()))))
    return out[: cfg.games]
