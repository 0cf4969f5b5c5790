"""Acts of the bots against the partners they were shown, on hard-bot tables (issue 37).

    python benchmarks/bench_partner_acts.py [--ruleset v3.8-std] [--players 13] [--seeds 2-5] [--level hard]
                                            [--team-talk 2]

Plays every seed in English and in Chinese, every seat a scripted bot of `--level`, with `--team-talk` rounds of
night team talk (the default of `killer run`), and counts each decision that acts against a partner its seat was
shown (agents/bots/partners.py `acts_against`: a harmful night choice or team proposal, a vote, an accusation, a
claimed check reporting one a killer; a choice the request forces is not counted), by kind of act. Prints the
counts per game and the total, and the decisions read, so a change is a ratio of figures from the same command.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import engine
from agents.bots.partners import acts_against
from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView


def play(ruleset: str, players: int, seed: int, level: str, lang: str, talk: int) -> tuple[Counter[str], int]:
    """One seeded game of bots: the acts against shown partners by kind, and the decisions made."""
    rng = random.Random(seed)
    state, events = engine.new_game(ruleset, rng, players=players, team_talk=talk)
    events = list(events)
    bot = ScriptedAgent(seed, lang, level=level)
    acts: Counter[str] = Counter()
    decisions = 0
    while not state.is_over():
        batch = []
        for request in engine.current_batch(state):
            view = SeatView(request.seat, ruleset, players, tuple(engine.observation(events, request.seat)), lang)
            action = bot.choose(view, request).action
            acts.update(acts_against(view, action, request))
            batch.append((request, action))
        for request, action in batch:
            if state.is_over() or request not in state.pending:
                break
            decisions += 1
            if not engine.is_legal(state, action):
                action = engine.default_action(request)
            state, more = engine.apply(state, action, rng)
            events.extend(more)
    return acts, decisions


def seeds(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="v3.8-std")
    parser.add_argument("--players", type=int, default=13)
    parser.add_argument("--seeds", type=seeds, default=seeds("2-5"))
    parser.add_argument("--level", default="hard")
    parser.add_argument("--team-talk", type=int, default=2)
    args = parser.parse_args()
    total: Counter[str] = Counter()
    made = 0
    print(f"{'seed':>4} {'lang':>4} {'decisions':>9} {'acts':>4}  by kind")
    for seed in args.seeds:
        for lang in ("en", "zh"):
            acts, decisions = play(args.ruleset, args.players, seed, args.level, lang, args.team_talk)
            total += acts
            made += decisions
            kinds = ", ".join(f"{k} {n}" for k, n in sorted(acts.items())) or "-"
            print(f"{seed:>4} {lang:>4} {decisions:>9} {sum(acts.values()):>4}  {kinds}")
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(total.items())) or "-"
    print(f"total: {sum(total.values())} acts against shown partners in {made} decisions "
          f"({args.ruleset}, {args.players} seats, scripted:{args.level}, seeds {args.seeds[0]}-{args.seeds[-1]}, "
          f"en and zh, team talk {args.team_talk}); by kind: {kinds}")


if __name__ == "__main__":
    main()
