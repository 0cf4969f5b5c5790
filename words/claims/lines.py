"""The prompt's "what your answers do" lines (words/prompt_card.py) and the TUI's statement help as rule claims,
each held to the engine's own games (tests/words/test_line_claims.py, every ruleset × table size):

- statement (rule "<day procedure>:statement", words/card_phrases.py STATEMENTS): who hears a day statement
  before voting. "heard_before_vote": no count's votes come both before and after a statement; "vote_after_own":
  the speaker's next request is its own vote, in a count whose other votes come before and after.
- accuse_line (rule "<day procedure>:accuse", words/prompt_card.py ACCUSE_SAYS): what an accusation round brings,
  as the day's accusation claim (words/claims/day.py) says it; replayed by check_day.check_accusation.
- hands (rule "R-nom-majority", words/prompt_card.py HANDS_SAYS): a show of hands on the defendant; with more
  than half the hands up he is executed, with fewer he is spared and the next accusation round begins.
- check_seen (rule "<role>:check", words/prompt_card.py LINES check_team / check_alone): the judge's answer to a
  check goes to exactly the seats of the request's team (the asker alone where it has no partners).
- team (rule "R-team-majority", words/prompt_card.py TEAM_SAYS): a team whose proposals differ is asked again
  with the others' proposals (team talk, seen by the team only) for at most the rounds the game allows; then the
  majority is taken, and a tie is drawn by a lot seen by the team only.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import engine
from engine import DecisionKind, EventKind, Request
from engine.game import TEAM_TALK_ROUNDS, apply
from engine.moves.decisions import Action, Target
from engine.record.events import Event
from engine.ruleset import Ruleset
from engine.state import GameState, Phase
from words.card_phrases import STATEMENTS
from words.claims import Claim
from words.claims.check_day import check_accusation
from words.claims.day import ACCUSE, day_calls, first_day, plain
from words.claims.ties import first_morning

REPLAYS = 8  # deals replayed per claim
Steps = list[tuple[Request, list[Event]]]


def statement_claim(day: str) -> Claim:
    return Claim("statement", f"{day}:statement", effect=STATEMENTS[day])


def accuse_line_claim(day: str, effect: str, tie: str = "") -> Claim:
    """`tie`: what the line says a tie for the most accused brings ("lot": a public lot picks who defends)."""
    return Claim("accuse_line", f"{day}:accuse", effect=effect, extra=(("tie", tie),) if tie else ())


def hands_claim(says: tuple[tuple[str, str], ...]) -> Claim:
    """`says`: (hands up, what follows): ("more", "executed"), ("fewer", "next_round")."""
    return Claim("hands", "R-nom-majority", extra=tuple(says))


def check_seen_claim(role: str = "police", effect: str = "team") -> Claim:
    """`effect`: "team" (the request's team sees the answer), "alone" (the asker alone)."""
    return Claim("check_seen", f"{role}:check", effect=effect)


def team_claim(says: tuple[str, ...]) -> Claim:
    """`says`: the sequels of differing proposals, in turn: "talk" (asked again with the others' proposals, seen by
    the team only), "majority", "lot_team_only"."""
    return Claim("team", "R-team-majority", team=True, extra=(("sequel", says), ("rounds", TEAM_TALK_ROUNDS)))


# -- statement -----------------------------------------------------------------------------------------------------
def _days(rules: Ruleset, players: int) -> list[Steps]:
    out = []
    for seed in range(100, 100 + REPLAYS):
        state, _ = engine.new_game(rules.id, random.Random(seed), players=players)
        out.append(first_day(state, plain(random.Random(seed).choice), seed))
    return out


def statement_order(steps: Steps) -> str:
    """How a day's statements sit among its counts' votes: "vote_after_own" (each speaker's next request is its
    own vote), "heard_before_vote" (no count's votes come both before and after a statement), else "straddled"."""
    said = [i for i, (req, _) in enumerate(steps) if req.kind is DecisionKind.STATEMENT]
    if len(said) > 1 and all(i + 1 < len(steps) and steps[i + 1][0].kind is DecisionKind.VOTE
                             and steps[i + 1][0].seat == steps[i][0].seat for i in said):
        return "vote_after_own"
    for i in said:
        before = {r.ballot for r, _ in steps[:i] if r.kind is DecisionKind.VOTE}
        if before & {r.ballot for r, _ in steps[i + 1:] if r.kind is DecisionKind.VOTE}:
            return "straddled"
    return "heard_before_vote"


def check_statement(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    seen = {statement_order(steps) for steps in _days(rules, players)
            if any(r.kind is DecisionKind.STATEMENT for r, _ in steps)}
    if not seen:
        return [f"no statement is asked on the first day of {REPLAYS} deals"]
    return [f"a statement is {s} on the first day; the words say {claim.effect}" for s in sorted(seen - {claim.effect})]


# -- the accusation line -------------------------------------------------------------------------------------------
def check_accuse_line(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    found = next((c for c in day_calls(rules.id, players) if c.act == ACCUSE), None)
    if found is None:
        return ["the judge counts no accusation on the first day; the words say it does"]
    out = [] if found.effect == claim.effect else [f"an accusation round brings {found.effect}; the words say "
                                                   f"{claim.effect}"]
    out += check_accusation(Claim(ACCUSE, claim.rule, effect=claim.effect, may_pass=found.may_pass), rules, players)
    return out + (check_accusation_tie(claim, rules, players) if claim.get("tie") else [])


def split_accusations(state: GameState) -> Callable[[Request], Action]:
    """The first accusation round split between the two lowest living seats (each accusing the other, the rest in
    turn), one speaker left over accusing a third seat; every other request answered plainly."""
    living = state.living()
    a, b = living[0], living[1]
    rest = [s for s in living if s not in (a, b)]
    plan = {a: b, b: a} | {s: (a, b)[i % 2] for i, s in enumerate(rest)}
    if len(rest) % 2:
        plan[rest[-1]] = rest[0] if rest[-1] != rest[0] else a
    base = plain()

    def answer(req: Request) -> Action:
        want = plan.get(req.seat)
        if req.kind is DecisionKind.STATEMENT and req.accusations and want in req.accusations:
            return Action(req.seat, req.kind, accusation=want, slot=req.slot)
        return base(req)

    return answer


def check_accusation_tie(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """A tie for the most accused: a public lot between the tied, and the seat it draws defends."""
    out, tied = [], 0
    for seed in range(REPLAYS):
        state = first_morning(rules.id, players, seed)
        if state.is_over() or state.phase is Phase.NIGHT:
            continue
        steps = first_day(state, split_accusations(state), seed)
        start = next((i for i, (r, _) in enumerate(steps) if r.kind is DecisionKind.STATEMENT), len(steps))
        end = next((i for i, (r, _) in enumerate(steps) if i > start and r.kind is not DecisionKind.STATEMENT), None)
        accused = [e for _, evs in steps[:end] for e in evs if e.kind == EventKind.ACCUSED]
        if end is None or not accused or len([c for c in accused[0].data["counts"].values()
                                              if c == max(accused[0].data["counts"].values())]) < 2:
            continue
        tied += 1
        draws = [e for _, evs in steps[:end] for e in evs if e.kind == EventKind.DRAW and e.visible_to is None]
        seat = accused[0].data["seat"]
        got = "lot" if draws and steps[end][0].kind is DecisionKind.DEFENSE and steps[end][0].seat == seat else \
            f"{len(draws)} public draws, then {steps[end][0].kind.value} by seat {steps[end][0].seat}"
        if got != claim.get("tie"):
            out.append(f"deal {seed}: a tie for the most accused brings {got}; the words say {claim.get('tie')}")
    if not tied:
        out.append(f"no accusation round ties on the first day of {REPLAYS} deals")
    return out


# -- the show of hands on a defendant ------------------------------------------------------------------------------
def hands_day(state: GameState, seed: int, up: Callable[[int], int]) -> tuple[int | None, list[Event], list[Request]]:
    """The first day until the first show of hands on one defendant is counted, `up(voters)` of its hands raised
    (the lowest seats), every other request answered plainly: the defendant, the events the count brought, the
    requests asked next."""
    rng = random.Random(seed)
    base = plain()
    plan: dict[int, Target | None] = {}
    for _ in range(5000):
        if state.is_over() or not state.pending or state.phase is Phase.NIGHT:
            break
        req = state.pending[0]
        named = [t for t in req.targets if t is not None]
        if req.kind is DecisionKind.VOTE and len(named) == 1 and None in req.targets:
            if not plan:
                voters = sorted(r.seat for r in state.pending if r.kind is DecisionKind.VOTE)
                plan = {v: (named[0] if i < up(len(voters)) else None) for i, v in enumerate(voters)}
            state, more = apply(state, Action(req.seat, req.kind, target=plan[req.seat], round=req.round), rng)
            if not any(r.kind is DecisionKind.VOTE for r in state.pending):
                seat = named[0]
                return (seat[0] if isinstance(seat, tuple) else seat), more, list(state.pending)
            continue
        state, _ = apply(state, base(req), rng)
    return None, [], []


def check_hands(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    ups: dict[str, Callable[[int], int]] = {"more": lambda n: n // 2 + 1, "fewer": lambda n: (n - 1) // 2}
    out, counted = [], 0
    for hands, sequel in claim.extra:
        for seed in range(REPLAYS):
            state = first_morning(rules.id, players, seed)
            defendant, events, nxt = hands_day(state, seed, ups[hands])
            if defendant is None:
                continue
            counted += 1
            executed = [e.data.get("executed") for e in events if e.kind == EventKind.VERDICT]
            accusing = bool(nxt) and nxt[0].kind is DecisionKind.STATEMENT and bool(nxt[0].accusations)
            got = "executed" if executed == [defendant] else "next_round" if not executed and accusing else \
                f"verdict {executed}, next {[r.kind.value for r in nxt[:1]]}"
            if got != sequel:
                out.append(f"deal {seed}: {hands} than half the hands up on seat {defendant} brings {got}; the "
                           f"words say {sequel}")
    if not counted:
        out.append(f"no show of hands on a defendant on the first day of {REPLAYS} deals")
    return out


# -- who sees a check's answer -------------------------------------------------------------------------------------
def first_night(ruleset: str, players: int, seed: int, team_talk: int = 0,
                answer: Callable[[Request], Action] | None = None) -> tuple[list[Request], list[Event]]:
    """The first night of a seeded deal, answered by `answer` (plainly by default): its requests and events."""
    state, events = engine.new_game(ruleset, random.Random(seed), players=players, team_talk=team_talk)
    answer, rng = answer or plain(), random.Random(seed)
    asked: list[Request] = []
    while state.phase is Phase.NIGHT and state.pending and not state.is_over():
        req = state.pending[0]
        asked.append(req)
        state, more = apply(state, answer(req), rng)
        events += more
    return asked, events


def check_check_seen(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    out, answered = [], 0
    for seed in range(REPLAYS):
        asked, events = first_night(rules.id, players, seed)
        checks = [r for r in asked if r.action == "check"]
        for e in (e for e in events if e.kind == EventKind.CHECK_RESULT):
            answered += 1
            askers = [r for r in checks if e.visible_to is not None and r.seat in e.visible_to]
            teams = {frozenset(r.team or (r.seat,)) if claim.effect == "team" else frozenset((r.seat,))
                     for r in askers}
            if e.visible_to is None or teams != {frozenset(e.visible_to)}:
                out.append(f"deal {seed}: a check's answer is seen by seats {e.visible_to}; the words say the "
                           f"asker's team {sorted(map(sorted, teams))}")
    if not answered:
        out.append(f"no check is answered on the first night of {REPLAYS} deals")
    return sorted(set(out))


# -- a team's choice -----------------------------------------------------------------------------------------------
def _team_night(rules: Ruleset, players: int, seed: int, rounds: int, split: bool) -> tuple[
        dict[tuple[str, str], tuple[int, ...]], list[Request], list[Event]]:
    """The first night of a deal played with `rounds` rounds of team talk, every team (two or more members
    deciding together, not v5's cards ordering alone) proposing apart in every round: `split`: each member its own
    seat (a tie at the end); else all but the last member one seat, the last another (a majority)."""
    state, _ = engine.new_game(rules.id, random.Random(seed), players=players, team_talk=rounds)
    teams = {(str(r.role), str(r.action)): r.team for r in state.pending
             if len(r.team) > 1 and not rules.orders_alone(r)}
    base = plain()

    def answer(req: Request) -> Action:
        team = teams.get((str(req.role), str(req.action)))
        if not team:
            return base(req)
        named = [t for t in req.targets if t is not None]
        k = sorted(team).index(req.seat)
        pick = named[k % len(named)] if split else named[-1] if k < len(team) - 1 else named[0]
        return Action(req.seat, req.kind, target=pick, slot=req.slot, round=req.round)

    asked, events = first_night(rules.id, players, seed, rounds, answer)
    return teams, asked, events


def check_team(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    says, rounds = tuple(claim.get("sequel") or ()), int(claim.get("rounds") or 0)
    out: list[str] = []
    seen: set[str] = set()
    for seed in range(REPLAYS):
        for split in (True, False):
            teams, asked, events = _team_night(rules, players, seed, rounds, split)
            for key, team in teams.items():
                if not split and len(team) < 3:
                    continue  # two members apart are a tie: no majority to take
                mine = [r for r in asked if (str(r.role), str(r.action)) == key]
                got = _team_sequel(mine, events, frozenset(team), rounds)
                seen.add(" ".join(got))
                want = tuple(s for s in says if s != ("majority" if split else "lot_team_only"))
                how = "a tie" if split else "a majority"
                if got != want:
                    out.append(f"deal {seed}: a team of {len(team)} proposing apart ({how}) brings "
                               f"{' then '.join(got)}; the words say {' then '.join(want)}")
    if not seen:
        out.append(f"no team decides together on the first night of {REPLAYS} deals")
    return sorted(set(out))


def _team_sequel(mine: list[Request], events: list[Event], team: frozenset[int], rounds: int) -> tuple[str, ...]:
    """What followed a team's differing proposals: "talk" where it was asked again with the earlier round's
    proposals, up to 1 + `rounds` rounds, each talk event seen by the team only; "majority" where it was settled
    without a draw; "lot_team_only" where a draw seen by the team only settled it."""
    got: list[str] = []
    later = [r for r in mine if r.round > 1]
    talk = [e for e in events if e.kind == EventKind.TEAM_TALK and e.data.get("role") == str(mine[0].role)]
    if later:
        proposed = {(r.seat, r.round): p for r in later for p in [dict(r.proposals)]}
        ok = max(r.round for r in mine) == 1 + rounds and all(set(p) == set(team) for p in proposed.values())
        ok = ok and bool(talk) and all(e.visible_to == team for e in talk)
        got.append("talk" if ok else "talk_otherwise")
    draws = [e for e in events if e.kind == EventKind.DRAW and str(e.data.get("reason", "")).startswith(
        f"{mine[0].role}_team")]
    if not draws:
        got.append("majority")
    elif all(e.visible_to == team for e in draws):
        got.append("lot_team_only")
    else:
        got.append("lot_seen_by_others")
    return tuple(got)
