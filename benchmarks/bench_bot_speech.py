"""The bots' words on hard-bot tables (issue 38): how varied their sentences are, and whether each speech gives a
reason that the record bears out.

    python benchmarks/bench_bot_speech.py [--ruleset v3.8-std] [--players 13] [--seeds 2-5] [--level hard]
                                          [--team-talk 2] [--examples N]

Plays every seed in English and in Chinese, every seat a scripted bot of `--level` (no model), and prints per game
and in total:
- sentences: the bots' sentences (a speech split after . ! ? 。！？), and the share of them that are distinct in
  their game once seat numbers are masked ("seat 5", "seats 3, 5" -> "seat #"; "5号", "3、5号" -> "#号");
- reasons: the distinct (reason kind, evidence) pairs of the game;
- checkable: the share of speeches whose reason rests on facts of the record (agents/base.py `Reason`: the bot
  records the reason its words give on its Decision; a hunch, or no reason, rests on none; a pile-on, other
  seats' accusations alone, is no reason of the speaker's own and is counted apart);
- true: the share of those whose every fact holds in the engine's events before the speech, private ones
  included (evaluation/games/reasons.py reads the events, not the bot: a check the seat really got, a vote that
  really happened, a claim count against the cards dealt, ...); `false` lists the kinds found untrue.
A Decision without a `reason` (the bots before issue 38) is read by the structured points its words were built
from: what it attributes to other seats (Decision.attributions) and the checks its claim reports, those about the
seat it accuses; a speech that accuses nobody gives no reason.
`--examples N` prints N sentences of the most repeated masked forms; `--digest` a digest of every decision played
(seat, kind, target, accusation, claim, round: everything but the words), to show that two versions of the bots
that word differently decide the same.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
from collections import Counter
from dataclasses import dataclass, field

import engine
from agents.base import Attribution, Decision, Reason
from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView
from engine import SPEECHES, Event
from evaluation.games.reasons import checkable, piled_on, reason_true

SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")
MASKS = (re.compile(r"\b([Ss]eats?) \d+(?:, \d+)*"), re.compile(r"\d+(?:、\d+)*号"))


@dataclass
class Game:
    """One game's speeches: masked sentences, reasons (None: none given) and whether each checkable one holds."""

    sentences: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)  # each decision but its words
    reasons: list[Reason | None] = field(default_factory=list)
    true: list[bool] = field(default_factory=list)
    false_kinds: Counter[str] = field(default_factory=Counter)


def masked(sentence: str) -> str:
    out = MASKS[0].sub(lambda m: f"{m.group(1)} #", sentence)
    return MASKS[1].sub("#号", out)


def sentences(speech: str) -> list[str]:
    return [s.strip() for s in SENTENCE.split(speech) if s.strip()]


def reason_of(decision: Decision) -> Reason | None:
    """The reason a speech gives: the bot's own record of it; else (bots before issue 38) the facts about the seat
    it accuses that it attributes to other seats or reports as its own checks (no accusation: no reason)."""
    if decision.reason is not None:
        return decision.reason
    accused, claim = decision.action.accusation, decision.action.claim
    if accused is None:
        return None
    own = tuple(Attribution(decision.action.seat, "checked", target=accused, result=c.result)
                for c in (claim.checks if claim else ()) if c.target == accused)
    evidence = (*(a for a in decision.attributions if accused in (a.seat, a.target)), *own)
    return Reason("+".join(sorted({a.act for a in evidence})), evidence) if evidence else None


def play(ruleset: str, players: int, seed: int, level: str, lang: str, talk: int) -> Game:
    """One seeded game of bots, its speeches read as they are made."""
    rng = random.Random(seed)
    state, first = engine.new_game(ruleset, rng, players=players, team_talk=talk)
    events: list[Event] = list(first)
    bot = ScriptedAgent(seed, lang, level=level)
    game = Game()
    while not state.is_over():
        batch = []
        for request in engine.current_batch(state):
            view = SeatView(request.seat, ruleset, players, tuple(engine.observation(events, request.seat)), lang)
            batch.append((request, bot.choose(view, request)))
        for request, decision in batch:
            if state.is_over() or request not in state.pending:
                break
            a = decision.action
            game.decisions.append(repr((a.seat, a.kind.value, a.target, a.accusation, a.claim, a.round)))
            action = decision.action if engine.is_legal(state, decision.action) else engine.default_action(request)
            if action is decision.action and request.kind in SPEECHES and action.speech:
                read(game, decision, events)
            state, more = engine.apply(state, action, rng)
            events.extend(more)
    return game


def read(game: Game, decision: Decision, events: list[Event]) -> None:
    game.sentences += [masked(s) for s in sentences(decision.action.speech)]
    reason = reason_of(decision)
    game.reasons.append(reason)
    if reason is not None and checkable(reason):
        ok = reason_true(reason, events, len(events))
        game.true.append(ok)
        if not ok:
            game.false_kinds[reason.kind] += 1


def pairs(game: Game) -> set[tuple[str, frozenset[Attribution]]]:
    return {(r.kind, frozenset(r.evidence)) for r in game.reasons if r is not None and checkable(r)}


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:5.1f} %" if b else "    –  "


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
    parser.add_argument("--examples", type=int, default=0)
    parser.add_argument("--digest", action="store_true")
    args = parser.parse_args()
    print(f"{'seed':>4} {'lang':>4} {'speeches':>8} {'sentences':>9} {'distinct':>14} {'reasons':>7} "
          f"{'checkable':>16} {'true':>14}  false")
    sums = Counter[str]()
    kinds: Counter[str] = Counter()
    false: Counter[str] = Counter()
    worst = 100.0
    common: Counter[str] = Counter()
    digest = hashlib.sha256()
    for seed in args.seeds:
        for lang in ("en", "zh"):
            g = play(args.ruleset, args.players, seed, args.level, lang, args.team_talk)
            n, distinct, speeches = len(g.sentences), len(set(g.sentences)), len(g.reasons)
            sure = sum(1 for r in g.reasons if checkable(r))
            worst = min(worst, 100 * distinct / max(1, n))
            sums.update(sentences=n, distinct=distinct, speeches=speeches, checkable=sure, true=sum(g.true),
                        reasons=len(pairs(g)))
            kinds.update(r.kind for r in g.reasons if r is not None and checkable(r))
            sums.update(piled=sum(1 for r in g.reasons if r is not None and piled_on(r)))
            false += g.false_kinds
            common.update(g.sentences)
            digest.update("\n".join(g.decisions).encode())
            bad = ", ".join(f"{k} {v}" for k, v in sorted(g.false_kinds.items())) or "-"
            print(f"{seed:>4} {lang:>4} {speeches:>8} {n:>9} {distinct:>5} {pct(distinct, n)} {len(pairs(g)):>7} "
                  f"{sure:>5} {pct(sure, speeches)} {sum(g.true):>4} {pct(sum(g.true), sure)}  {bad}")
    s = sums
    print(f"total ({args.ruleset}, {args.players} seats, scripted:{args.level}, seeds {args.seeds[0]}-"
          f"{args.seeds[-1]}, en and zh, team talk {args.team_talk}):")
    print(f"  distinct masked sentences: {s['distinct']} of {s['sentences']} ({pct(s['distinct'], s['sentences'])},"
          f" worst game {worst:.1f} %)")
    print(f"  distinct (reason kind, evidence) pairs: {s['reasons']} ({s['reasons'] / max(1, len(args.seeds) * 2):.1f}"
          f" a game)")
    print(f"  speeches with a checkable reason: {s['checkable']} of {s['speeches']} "
          f"({pct(s['checkable'], s['speeches'])})")
    print(f"  of those, true against the record: {s['true']} of {s['checkable']} ({pct(s['true'], s['checkable'])})"
          f"; untrue by kind: {', '.join(f'{k} {v}' for k, v in sorted(false.items())) or '-'}")
    print(f"  speeches whose reason is only others' accusations (a pile-on): {s['piled']} "
          f"({pct(s['piled'], s['speeches'])})")
    print(f"  reason kinds: {', '.join(f'{k} {v}' for k, v in kinds.most_common())}")
    for text, times in common.most_common(args.examples):
        print(f"  {times:>4} x {text}")
    if args.digest:
        print(f"  decisions (all but the words): sha256 {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
