"""The claim checker: for each rule claim of a game's card (words/claims), a scenario generated from the claim
(the `killer scenario` format, engine/scenario.py) or the engine's own deals, showing the judge does exactly what
the claim says. `problems(claim, ruleset, players)` lists what the judge did otherwise (empty: proven);
tests/words/test_claims.py runs it for every ruleset × table size × language, and its mutation test shows a
changed claim or a changed engine rule fails it.

What each kind of claim is held to:
- cards: the deal of many seeds (exact counts; v5: the judge's hand gone, each kind the deck's count or one fewer);
- eyes_open: the night-1 `teammates` / `openers` events of many seeds (exactly the seats dealt those cards; a
  one-card table: the claimed count every time, v5: never more than "up to");
- call: the first night's requests of many seeds (nobody offered iff may pass, one's own seat or card offered iff
  allowed, a shared decision iff together); v5's killer cards: two cards ordering two kills, both die;
- jump_kill: a confession in the first day's speeches: the confessor alone dies, night falls, nobody else dies;
  where a silenced seat may not, the judge refuses the confession of a silenced jumper;
- day (v5): a vote kicks out the player with every living card, the verdict names them; a tie kicks out nobody;
- half_hand / two_sided (v5): a hand with one dead card votes with one and is still asked; a two-sided hand's
  good card still acts;
- dawn: the dawn event is public and names the dead (and the silenced) only;
- shown: in every deal the judge shows the killers the seats holding the cards named;
- last_words: a civilian killed on night 1, a killer and a good seat executed on day 1: each leaves last words or
  not, as the policy's sentence says;
- wins: the victory table applied to the cards the claim names dead gives the claimed winner;
- vote / accuse (the day's calls, words/claims/day.py, what the TUI's help says): words/claims/check_day.py.
- day (the other procedures): what the day sentence states (words/card_phrases.py DAY_SAYS) against the day
  call claims words/claims/check_day.py replays, and the executed seat's side where the sentence announces it.
- tie (what a vote line says a tied count brings, words/prompt_card.py VOTE_TIES): words/claims/ties.py splits
  the first day's hands of several deals and holds each tied count's sequel (a revote, a defence and a revote,
  a lot, nobody executed) to the claim, in order.
- statement, accuse_line, hands, check_seen, team (the prompt's answer lines and the TUI's statement help):
  words/claims/lines.py.
- ruling: the ruleset's night names it, and a scenario of one or two nights generated from its sentence plays
  it (words/claims/check_night.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import engine
from engine import DecisionKind, EventKind, Request
from engine.errors import KillerError
from engine.game import apply
from engine.judge import decide_winner
from engine.moves.decisions import Action, Target
from engine.record.events import Event
from engine.roles import team_of
from engine.ruleset import Ruleset
from engine.scenario import play_scenario
from engine.state import GameState, Phase, Winner
from words.claims import Claim
from words.claims.check_day import check_accusation, check_day_sentence, check_vote
from words.claims.check_night import check_ruling
from words.claims.lines import check_accuse_line, check_check_seen, check_hands, check_statement, check_team
from words.claims.scenarios import SEEDS, Hands, base_hands, deals, night_plan, quiet_chooser, scenario, start
from words.claims.ties import check_tie


def _civilians(hands: Hands) -> list[int]:
    return [i for i, h in enumerate(hands, start=1) if all(c == "civilian" for c in h)]


def _holders(hands: Hands, roles: Iterable[str]) -> list[int]:
    wanted = set(roles)
    return [i for i, h in enumerate(hands, start=1) if wanted & set(h)]


# -- the checks ----------------------------------------------------------------------------------------------------
def check_cards(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    deck = Counter(dict(claim.get("counts")))
    out = []
    for state, _ in deals(rules.id, players):
        dealt = Counter(c for s in state.seats for c in s.cards)
        if len(state.seats) != claim.count:
            out.append(f"{len(state.seats)} seats dealt, the card says {claim.count}")
        if not claim.up_to:
            if dealt != deck:
                out.append(f"dealt {dict(dealt)}, the card says {dict(deck)}")
            continue
        short = {r: deck[r] - dealt[r] for r in deck}
        if dealt["judge"] or any(n not in (0, 1) for r, n in short.items() if r != "judge") or \
                sum(n for r, n in short.items() if r != "judge") != 1 or set(dealt) - set(deck):
            out.append(f"dealt {dict(dealt)}: not the deck {dict(deck)} less the judge's hand")
    return out


def _groups(events: list[Event], state: GameState, rule: str) -> list[tuple[str, list[int]]]:
    """The night-1 eyes-open groups the judge made: (the event's role, its seats)."""
    out = []
    for e in events:
        if rule == "teammates" and e.kind == EventKind.TEAMMATES:
            seats = sorted({*(e.data.get("seats") or ()), *(e.data.get("undercover") or ())})
            out.append((str(e.data["role"]), seats))
        elif rule == "openers" and e.kind == EventKind.OPENERS:
            out.append(("openers", sorted(e.data.get("seats") or ())))
    return out


def check_eyes(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    out = []
    for seed, (state, events) in enumerate(deals(rules.id, players)):
        cards = {s.number: set(s.cards) for s in state.seats}
        holders = sorted(n for n, hand in cards.items() if hand & set(claim.subject))
        groups = [seats for _, seats in _groups(events, state, claim.rule)]
        if holders not in groups:
            out.append(f"seed {seed}: the seats holding {'/'.join(claim.subject)} are {holders}; the judge opened "
                       f"{groups}")
            continue
        n = len(holders)
        if (claim.up_to and n > (claim.count or 0)) or (not claim.up_to and n != claim.count):
            out.append(f"seed {seed}: {n} seats open their eyes, the card says {'up to ' if claim.up_to else ''}"
                       f"{claim.count}")
        if not claim.up_to:
            got = Counter(c for s in holders for c in state.seat(s).cards if c in claim.subject)
            if got != Counter(dict(claim.get("counts") or ())):
                out.append(f"seed {seed}: the group holds {dict(got)}, the card says {claim.get('counts')}")
    return out


def _own(req: Request, t: Target | None) -> bool:
    return t == req.seat or (isinstance(t, tuple) and t[0] == req.seat)


def check_call(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    role = claim.subject[0]
    action = claim.rule.split(":")[-1] if ":" in claim.rule else "kill"
    out = []
    asked = offered = 0
    for seed, (state, _) in enumerate(deals(rules.id, players)):
        mine = [r for r in state.pending if r.role == role and r.action == action]
        asked += len(mine)
        for req in mine:
            if (None in req.targets) != bool(claim.may_pass):
                out.append(f"seed {seed}: seat {req.seat} may pass: {None in req.targets}, the card says "
                           f"{claim.may_pass}")
            if claim.may_target_self is False and any(_own(req, t) for t in req.targets):
                out.append(f"seed {seed}: seat {req.seat} is offered itself, the card says not")
            if claim.team is not None and (len(req.team) > 1) != claim.team:
                out.append(f"seed {seed}: seat {req.seat} decides with {list(req.team)}, the card says together: "
                           f"{claim.team}")
        offered += any(_own(r, t) for r in mine for t in r.targets)
    if claim.may_target_self and not offered:  # v5: a hand of two A cannot shoot itself, A + civilian can
        out.append(f"no {role} is offered itself in {SEEDS} deals, the card says it may")
    if not asked:
        out.append(f"the judge never calls the {role} to {action} on night 1")
    if claim.effect == "each_card_orders" and not out:
        out += check_card_orders(claim, rules, players)
    return out


def _civilian_cards(hands: Hands) -> list[tuple[int, int]]:
    """One civilian card per seat that holds no killer-side card, in seat order."""
    out = []
    for n, hand in enumerate(hands, start=1):
        if not {"killer", "undercover"} & set(hand) and "civilian" in hand:
            out.append((n, hand.index("civilian") + 1))
    return out


def check_card_orders(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """R-v5-killer-orders: two killer cards name two civilian cards of two seats; both cards die at dawn."""
    hands, judge_card = base_hands(rules, players, lambda h: sum(c == "killer" for x in h for c in x) >= 2
                                   and len(_civilian_cards(h)) >= 2)
    state = start(rules, hands, judge_card)
    killers = [r for r in state.pending if r.role == "killer"]
    targets = _civilian_cards(hands)[:2]
    orders = iter(targets + [targets[0]] * (len(killers) - 2))
    choose = quiet_chooser(state, spare=[t[0] for t in targets])
    plan = night_plan(state, lambda r: next(orders) if r.role == "killer" else choose(r))
    _, events = play_scenario(scenario(rules, hands, judge_card, [{"night": plan}]))
    dawn = next(e for e in events if e.kind == EventKind.DAWN)
    died = {tuple(c) for c in dawn.data.get("cards") or ()}
    missing = [t for t in targets if t not in died]
    return [f"the killer cards ordered {targets}; the dawn shows {sorted(died)}"] if missing else []


def check_jump(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    hands, judge_card = base_hands(rules, players)
    jumpers = _holders(hands, claim.subject)
    plain = _civilians(hands)
    jumper, victim = jumpers[-1], plain[0]
    state = start(rules, hands, judge_card)
    spare = [jumper, *plain[1:2]]
    plan = night_plan(state, quiet_chooser(state, spare, victim))
    ballot = _ballot(rules, hands, judge_card, plan, jumper)
    spec = scenario(rules, hands, judge_card, [{"night": plan}, {"day": {"jump_kill": jumper, "votes": [ballot]}}])
    try:
        final, events = play_scenario(spec)
    except KillerError as exc:
        return [f"the jump-kill of seat {jumper} is refused: {exc}"]
    out = _one_death_then_night(events, jumper, claim.count or 1, final)
    if claim.get("silenced_may") is False:
        out += _silenced_jump(rules, hands, judge_card, jumper, plain, victim)
    return out


def _ballot(rules: Ruleset, hands: Hands, judge_card: str | None, plan: dict[str, Any], jumper: int
            ) -> dict[str, int]:
    """Every seat living after the night accuses (or votes for) another living seat, never the jumper."""
    after, _ = play_scenario(scenario(rules, hands, judge_card, [{"night": plan}]))
    living = after.living()
    return {str(s): next(t for t in reversed(living) if t not in (s, jumper)) for s in living}


def _one_death_then_night(events: list[Event], jumper: int, deaths: int, final: GameState) -> list[str]:
    at = next((i for i, e in enumerate(events) if e.kind == EventKind.STATEMENT and e.data.get("confess")), None)
    if at is None:
        return [f"seat {jumper}'s confession is not recorded"]
    after: list[Event] = []
    for e in events[at + 1:]:
        if e.kind in (EventKind.NIGHT_FALLS, EventKind.GAME_OVER):
            break
        after.append(e)
    dead = [e.data["seat"] for e in after if e.kind == EventKind.DEATH]
    out = []
    if len(dead) != deaths or jumper not in dead:
        out.append(f"after seat {jumper} jump-kills, {dead} die; the card says the confessor alone ({deaths})")
    if any(e.kind in (EventKind.STATEMENT, EventKind.VOTE, EventKind.DEFENSE) for e in after):
        out.append("the day goes on after the jump-kill; the card says night falls at once")
    if not final.is_over() and final.phase is not Phase.NIGHT:
        out.append(f"after the jump-kill the judge is at {final.phase}, not night")
    return out


def _silenced_jump(rules: Ruleset, hands: Hands, judge_card: str | None, jumper: int, plain: list[int],
                   victim: int) -> list[str]:
    """R-silenced-no-jump: the old man silences the jumper; the judge refuses its confession."""
    state = start(rules, hands, judge_card)
    plan = night_plan(state, quiet_chooser(state, [jumper, *plain[1:2]], victim, {"old_man": jumper}))
    ballot = _ballot(rules, hands, judge_card, plan, jumper)
    spec = scenario(rules, hands, judge_card, [{"night": plan}, {"day": {"jump_kill": jumper, "votes": [ballot]}}])
    try:
        play_scenario(spec)
    except KillerError as exc:
        if "jump_kill_not_allowed" in str(exc):
            return []
        return [f"a silenced jumper's day fails otherwise: {exc}"]
    return [f"silenced seat {jumper} jump-killed; the card says a silenced seat may not"]


VOTE_OUTCOMES = {  # what the vote does to the player voted out, per claimed effect: (seat out, cards that die)
    "player_out_all_cards": (True, 2),
    "one_card": (False, 1),
}


def check_card_vote(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """R-v5-execution, R-v5-verdict-cards, R-v5-tie: nobody dies at night (every doctor card saves the card the
    killers order); everyone votes for one player: it goes with both cards, the verdict names them; then everyone
    votes for himself: a tie, nobody goes."""
    hands, judge_card = base_hands(rules, players, lambda h: bool(_civilian_cards(h)))
    state = start(rules, hands, judge_card)
    card = _civilian_cards(hands)[0]
    target = card[0]
    plan = night_plan(state, quiet_chooser(state, [target], None, {"killer": card, "doctor": card}))
    out = []
    living = range(1, len(hands) + 1)
    for votes in ({str(s): target for s in living}, {str(s): s for s in living}):
        spec = scenario(rules, hands, judge_card, [{"night": plan}, {"day": {"votes": [votes]}}])
        try:
            final, events = play_scenario(spec)
        except KillerError as exc:
            return [f"the vote scenario is refused: {exc}"]
        verdict = next(e for e in events if e.kind == EventKind.VERDICT)
        if len(set(votes.values())) > 1:  # everyone for himself: weights 2 each, a tie
            if verdict.data.get("executed") is not None or not any(e.kind == EventKind.VOTE_TIE for e in events):
                out.append(f"a tie kicked out {verdict.data.get('executed')}; the card says nobody")
            continue
        out_, dying = VOTE_OUTCOMES.get(claim.effect, (None, None))
        died = [i + 1 for i, a in enumerate(final.seat(target).alive_cards) if not a]
        if verdict.data.get("executed") != target or (not final.seat(target).alive) != out_ or len(died) != dying:
            out.append(f"everyone voted seat {target}: the judge's verdict {verdict.data}, its dead cards {died}; "
                       f"the card says {claim.effect}")
        elif out_ and verdict.data.get("cards") != [[target, 1], [target, 2]]:
            out.append(f"the verdict names {verdict.data.get('cards')}, not both of seat {target}'s cards")
    return out


def check_half_hand(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """R-v5-half-hand: one card of a seat dies at night; the seat is asked to speak and votes with one."""
    hands, judge_card = base_hands(rules, players)
    state = start(rules, hands, judge_card)
    target = _civilians(hands)[0]
    plan = night_plan(state, quiet_chooser(state, [target], None, {"killer": (target, 1)}))
    state, _ = play_scenario(scenario(rules, hands, judge_card, [{"night": plan}]))
    rng = random.Random(0)
    asked = False
    while state.pending and state.pending[0].kind is DecisionKind.STATEMENT:
        req = state.pending[0]
        asked = asked or req.seat == target
        state, _ = apply(state, Action(req.seat, req.kind), rng)
    weights = {r.seat: r.weight for r in state.pending if r.kind is DecisionKind.VOTE}
    out = []
    if not state.seat(target).alive or not asked:
        out.append(f"seat {target} with one dead card was not asked to speak")
    if weights.get(target) != 1:
        out.append(f"seat {target} with one dead card votes with {weights.get(target)}")
    return out


def check_two_sided(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """R-v5-two-sided: the good card of a hand with a killer-side card is still called at night."""
    out = []
    for seed, (state, _) in enumerate(deals(rules.id, players)):
        for s in state.seats:
            if any(team_of(c).value == claim.wins for c in s.cards) and len(set(s.cards)) > 1:
                for slot, card in enumerate(s.cards, start=1):
                    acts = any(step.role == card for step in rules.night_steps)
                    called = any(r.seat == s.number and r.slot == slot for r in state.pending)
                    if acts and not called:
                        out.append(f"seed {seed}: seat {s.number}'s {card} card is not called")
    return out


def check_shown(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """In every deal the judge shows the killers the seat of each card the claim names that the deal holds."""
    out = []
    for seed, (state, events) in enumerate(deals(rules.id, players)):
        for role in claim.subject:
            holders = {s.number for s in state.seats if role in s.cards}
            shown = {e.data.get("seat") for e in events if e.kind == EventKind.SHOWN_TO_KILLERS
                     and e.data.get("role") == role}
            if not holders <= shown:
                out.append(f"seed {seed}: the killers are shown {sorted(s for s in shown if s)} of the {role} seats "
                           f"{sorted(holders)}; the words say they know them")
    if not claim.subject:
        out.append("the claim names no card shown to the killers")
    return out


def check_dawn(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    allowed = {"night", "dead", "cards", *(("silenced",) if "silenced" in claim.announced else ())}
    out = []
    for seed, (state, _) in enumerate(deals(rules.id, players, 6)):
        rng = random.Random(seed)
        events: list[Event] = []
        while state.phase is Phase.NIGHT and state.pending:
            req = state.pending[0]
            state, more = apply(state, Action(req.seat, req.kind, target=req.targets[-1], slot=req.slot), rng)
            events += more
        dawn = next(e for e in events if e.kind == EventKind.DAWN)
        said = {k for k, v in dawn.data.items() if v not in (None, [], ())} | {"night"}
        if dawn.visible_to is not None or not said <= allowed:
            out.append(f"seed {seed}: the dawn says {sorted(said)}, the card says only {sorted(allowed)}")
    return out


def check_wins(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    hands, judge_card = base_hands(rules, players)
    state = start(rules, hands, judge_card)
    victory = rules.victory
    if claim.effect == "parity":  # every killer and one seat of each wiped-out group alive: killers >= the rest
        alive = {s.number for s in state.seats if s.role in victory.killer_roles}
        alive |= {next(s.number for s in state.seats if s.role in group) for group in victory.wipe_out}
        dead_cards = {(s.number, i + 1) for s in state.seats if s.number not in alive for i in range(len(s.cards))}
        got = decide_winner(_with_dead(state, dead_cards), victory)
        return [] if got is Winner.KILLERS else [f"the killers as many as the rest alive gives {got}"]
    groups = [victory.killer_roles, victory.wipe_out[0]] if claim.effect == "both" else [claim.subject]
    roles = set().union(*groups)
    dead_cards = {(s.number, i + 1) for s in state.seats for i, c in enumerate(s.cards) if c in roles}
    got = decide_winner(_with_dead(state, dead_cards), victory)
    want = {"good": Winner.GOOD, "killers": Winner.KILLERS, "draw": Winner.DRAW}[claim.wins]
    return [] if got is want else [f"every {'/'.join(sorted(roles))} dead gives {got}, the card says {want}"]


LAST_WORDS = {  # who the card's last-words sentence says speaks: (a seat killed on night 1, an executed killer,
    # an executed good seat on day 1 after a night that killed one); None: the sentence does not say
    "none": (False, False, False),
    "classic": (True, False, True),
    "quota": (True, None, None),
    "first_night": (True, False, False),
    "v4": (True, False, True),
}


def check_last_words(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """The last-words sentence against the judge: a civilian killed on the first night, then on day 1 the judge
    executes a killer (or a good seat): is each asked for last words, as the sentence says?"""
    if claim.rule not in LAST_WORDS:
        return [f"no check for the last-words policy {claim.rule!r}"]
    hands, judge_card = base_hands(rules, players, lambda h: len(_civilians(h)) >= 2)
    state = start(rules, hands, judge_card)
    plain = _civilians(hands)
    killer = next(i for i, h in enumerate(hands, start=1) if "killer" in h)
    plan = night_plan(state, quiet_chooser(state, plain[1:2], plain[0]))
    out = []
    for what, executed, want in zip(("murdered", "an executed killer", "an executed good seat"),
                                    (None, killer, plain[1]), LAST_WORDS[claim.rule], strict=True):
        script: list[dict[str, Any]] = [{"night": plan}] + ([{"day": {"execute": executed}}] if executed else [])
        try:
            _, events = play_scenario(scenario(rules, hands, judge_card, script))
        except KillerError as exc:
            return [f"the last-words scenario is refused: {exc}"]
        seat = executed or plain[0]
        if executed is None and not any(e.kind == EventKind.DEATH and e.data.get("seat") == seat for e in events):
            if rules.cards_per_seat > 1:
                continue  # v5: one kill takes one card of a hand, the seat lives; the executions still tell
            return [f"seat {seat} was not killed on the first night; the scenario proves nothing"]
        spoke = any(e.kind == EventKind.LAST_WORDS and e.data.get("seat") == seat for e in events)
        if want is not None and spoke != want:
            out.append(f"{what} (seat {seat}) leaves last words: {spoke}; the card says {want}")
    return out


def _with_dead(state: GameState, cards: set[tuple[int, int]]) -> GameState:
    seats = tuple(replace(s, alive_cards=tuple(a and (s.number, i + 1) not in cards
                                               for i, a in enumerate(s.alive_cards))) for s in state.seats)
    return replace(state, seats=seats)


CHECKS: dict[str, Callable[[Claim, Ruleset, int], list[str]]] = {
    "cards": check_cards, "eyes_open": check_eyes, "call": check_call, "jump_kill": check_jump,
    "half_hand": check_half_hand, "two_sided": check_two_sided, "dawn": check_dawn, "wins": check_wins,
    "shown": check_shown, "last_words": check_last_words, "vote": check_vote, "accuse": check_accusation,
    "ruling": check_ruling, "tie": check_tie, "statement": check_statement, "accuse_line": check_accuse_line,
    "hands": check_hands, "check_seen": check_check_seen, "team": check_team,
}
UNCHECKED = frozenset({"side", "cards_act", "must_name"})  # named by engine key


def problems(claim: Claim, ruleset: str, players: int) -> list[str]:
    """What the judge does otherwise than `claim` says, in a game of `ruleset` with `players` seats."""
    rules = engine.get_ruleset(ruleset)
    if claim.act == "day":
        return check_card_vote(claim, rules, players) if claim.rule == "card_vote" else check_day_sentence(
            claim, rules, players)
    check = CHECKS.get(claim.act)
    if check is None:
        if claim.act in UNCHECKED:
            return []
        return [f"no check for a claim of act {claim.act!r}"]
    return check(claim, rules, players)
