"""The engine's entry points: new_game, apply, pending, replay."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.errors import IllegalActionError, SetupError
from engine.judge import Judge, decide_winner
from engine.legality.validate import check_action, find_request
from engine.moves.decisions import Action, DecisionKind, Request
from engine.record.catalog import EventKind
from engine.record.events import JUDGE_ONLY, Event, seats
from engine.rng import ReplayRng, Rng
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset
from engine.state import GameState, Phase, Seat

Hands = tuple[tuple[str, ...], ...]
TEAM_TALK_ROUNDS = 2  # the rounds games are played with (`killer run --team-talk`): two more proposals at most
MAX_TEAM_TALK = 5
# The rules revision new deals are made under, recorded in the deal (`rules_revision`; absent: 1, every game dealt
# before it). Revision 2 (docs/rules.md R-silenced-no-jump, R-v5-verdict-cards): a silenced seat may not jump-kill,
# and v5's verdict names the cards that leave. A game replays under the revision its deal records.
RULES_REVISION = 2
REVISIONS = (1, 2)

DECISION_EVENTS = {
    DecisionKind.NIGHT: EventKind.NIGHT_CHOICE,
    DecisionKind.LAST_WORDS: EventKind.LAST_WORDS,
    DecisionKind.STATEMENT: EventKind.STATEMENT,
    DecisionKind.DEFENSE: EventKind.DEFENSE,
    DecisionKind.VOTE: EventKind.VOTE,
}
EVENT_DECISIONS = {v: k for k, v in DECISION_EVENTS.items()}


def deal(rules: Ruleset, players: int | None, rng: Rng) -> tuple[Hands, str | None]:
    """Shuffles the ruleset's cards for `players` seats (000 v2.0: "the judge handed the shuffled cards")."""
    n = rules.default_players if players is None else players
    low, high = rules.players
    if not low <= n <= high:
        raise SetupError(f"{rules.id} is played by {low} to {high} players, not {n}")
    if rules.dealer is not None:
        return rules.dealer(rules, n, rng)
    cards = list(rules.composition(n))
    rng.shuffle(cards)
    return tuple((c,) for c in cards), None


def new_game(
    ruleset: str, rng: Rng, players: int | None = None, hands: Sequence[Sequence[str]] | None = None,
    judge_card: str | None = None, team_talk: int = 0, card_talk: bool | None = None,
    revision: int = RULES_REVISION,
) -> tuple[GameState, list[Event]]:
    """Deals (or takes the given hands), introduces teammates, and calls the first night. `team_talk`: the
    rounds a night team may talk after its proposals differ (ruling R-team-talk; 0, the default, asks each
    team once, as every game recorded before team talk was played); the deal records it for replay.
    `card_talk`: whether v5's killer cards talk before their orders (R-v5-killer-talk); None, the default: in
    every game played with team talk whose ruleset has such cards; a replay passes what the deal recorded.
    `revision`: the rules revision (RULES_REVISION for a new game; replay passes the one its deal records)."""
    rules = get_ruleset(ruleset)
    if isinstance(revision, bool) or revision not in REVISIONS:
        raise SetupError(f"rules revision is one of {', '.join(map(str, REVISIONS))}, not {revision!r}")
    if isinstance(team_talk, bool) or not isinstance(team_talk, int) or not 0 <= team_talk <= MAX_TEAM_TALK:
        raise SetupError(f"team talk takes 0 to {MAX_TEAM_TALK} more rounds, not {team_talk!r}")
    if card_talk is None:
        card_talk = team_talk > 0 and any(step.talk for step in rules.night_steps)
    if hands is None:
        dealt, judge_card = deal(rules, players, rng)
    else:
        dealt = _check_hands(rules, hands, judge_card)
    table = tuple(Seat(i + 1, h, tuple(True for _ in h)) for i, h in enumerate(dealt))
    state = GameState(ruleset=rules.id, seats=table, needles=tuple(0 for _ in table), judge_card=judge_card,
                      team_talk=team_talk, card_talk=bool(card_talk), revision=revision)
    if decide_winner(state, rules.victory) is not None:
        raise SetupError(f"this table is decided before it starts: {rules.id} needs both sides' roles")
    judge = Judge(state, rules, rng)
    talk: dict[str, object] = {"team_talk": team_talk} if team_talk else {}  # absent: no talk (recorded before)
    if card_talk:
        talk["card_talk"] = True  # absent: v5's killer cards ordered without talk (every deal recorded before it)
    if revision > 1:
        talk["rules_revision"] = revision  # absent: revision 1 (a deal recorded before revisions existed)
    judge.emit(EventKind.DEAL, JUDGE_ONLY, hands=[list(h) for h in dealt], judge_card=judge_card, **talk)
    judge.emit(EventKind.GAME_STARTS, ruleset=rules.id, players=len(table))
    for seat in table:
        judge.emit(EventKind.YOUR_CARDS, seats([seat.number]), seat=seat.number, cards=list(seat.cards))
    if rules.introductions is not None:
        rules.introductions(judge)
    judge.start_night()
    return judge.state, judge.events


def _check_hands(rules: Ruleset, hands: Sequence[Sequence[str]], judge_card: str | None = None) -> Hands:
    allowed = set(rules.roles())
    if judge_card is not None and judge_card not in allowed | {"judge"}:
        raise SetupError(f"judge card {judge_card!r} is not in {rules.id} (roles: {sorted(allowed)})")
    out = []
    for i, hand in enumerate(hands):
        hand = tuple(hand)
        if len(hand) != rules.cards_per_seat:
            raise SetupError(f"seat {i + 1}: {rules.id} deals {rules.cards_per_seat} card(s) a seat")
        for card in hand:
            if card not in allowed:
                raise SetupError(f"seat {i + 1}: role {card!r} is not in {rules.id} (roles: {sorted(allowed)})")
        out.append(hand)
    if not rules.players[0] <= len(out) <= rules.players[1]:
        low, high = rules.players
        raise SetupError(f"{rules.id} is played by {low} to {high} players, not {len(out)}")
    refusal = rules.check_deal(tuple(out), judge_card) if rules.check_deal is not None else None
    if refusal is not None:
        raise SetupError(refusal)
    return tuple(out)


def pending(state: GameState) -> tuple[Request, ...]:
    """The decisions the judge waits for now (several at once means simultaneous)."""
    return state.pending


def apply(state: GameState, action: Action, rng: Rng) -> tuple[GameState, list[Event]]:
    """Takes one seat's answer; when the step is complete, resolves it and moves the game on."""
    request = find_request(state, action)
    check_action(state, request, action)
    judge = Judge(state, get_ruleset(state.ruleset), rng)
    judge.emit(DECISION_EVENTS[action.kind], _decision_visibility(request), role=request.role,
               action=request.action, **action.to_dict())
    judge.update(pending=tuple(r for r in state.pending if r is not request),
                 answers=(*state.answers, action))
    if action.confess:
        _jump_kill(judge, action.seat)
    elif not judge.state.pending:
        _step_complete(judge, judge.state.answers)
    return judge.state, judge.events


def _decision_visibility(request: Request) -> frozenset[int] | None:
    """Night choices are seen by the team that opened its eyes together; day decisions are public."""
    if request.kind is not DecisionKind.NIGHT:
        return None
    return seats(request.team or (request.seat,))


def _step_complete(judge: Judge, answers: tuple[Action, ...]) -> None:
    phase = judge.state.phase
    judge.update(answers=())
    if phase is Phase.NIGHT:
        judge.rules.night.on_answers(judge, answers)
    elif phase is Phase.LAST_WORDS:
        judge.next_last_words()
    else:
        judge.rules.day.on_answers(judge, answers)


def _jump_kill(judge: Judge, seat: int) -> None:
    """004 V2.5 other rule 3: a confessed killer dies at once and night falls; nobody else speaks."""
    judge.update(pending=(), answers=())
    judge.kill(seat, "jump_kill")
    judge.emit(EventKind.DEATH, seat=seat, public_cause="jump_kill")
    if not judge.settle():
        judge.start_night()


def impose_verdict(state: GameState, seat: int | None, rng: Rng) -> tuple[GameState, list[Event]]:
    """A verdict the judge imposes on the day (scenario files' `execute`): ends the day's procedure at once."""
    if state.phase is not Phase.DAY or state.is_over():
        raise IllegalActionError("no_day_now", f"a verdict needs a day in progress (the game is at {state.phase})")
    if seat is not None and (not 1 <= seat <= len(state.seats) or not state.seat(seat).alive):
        raise IllegalActionError("target_dead", f"seat {seat} cannot be executed: not a living seat")
    judge = Judge(state, get_ruleset(state.ruleset), rng)
    judge.update(pending=(), answers=(), day_state=None)
    judge.emit(EventKind.IMPOSED_VERDICT, seat=seat)
    judge.execute(seat, how="imposed")
    return judge.state, judge.events


def recorded_team_talk(events: Sequence[Event]) -> int:
    """The team-talk rounds a recorded game was played with (its deal says; a deal without the field: none)."""
    deal_event = next((e for e in events if e.kind == EventKind.DEAL), None)
    value = deal_event.data.get("team_talk", 0) if deal_event is not None else 0
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalActionError("replay_bad_deal", f"the deal's team_talk is not a number of rounds: {value!r}")
    return value


def recorded_revision(events: Sequence[Event]) -> int:
    """The rules revision a recorded game was dealt under (its deal says; a deal without the field: 1)."""
    deal_event = next((e for e in events if e.kind == EventKind.DEAL), None)
    value = deal_event.data.get("rules_revision", 1) if deal_event is not None else 1
    if isinstance(value, bool) or value not in REVISIONS:
        raise IllegalActionError("replay_bad_deal", f"the deal's rules_revision is not a known revision: {value!r}")
    return int(value)


def recorded_card_talk(events: Sequence[Event]) -> bool:
    """Whether a recorded game's v5 killer cards talked before their orders (R-v5-killer-talk): its deal says
    `card_talk`; a deal without the field (every game recorded before the ruling) played without."""
    deal_event = next((e for e in events if e.kind == EventKind.DEAL), None)
    value = deal_event.data.get("card_talk", False) if deal_event is not None else False
    if not isinstance(value, bool):
        raise IllegalActionError("replay_bad_deal", f"the deal's card_talk is not true or false: {value!r}")
    return value


def decisions(events: Iterable[Event]) -> list[Action]:
    """The seats' actions recorded in an event log, in order."""
    out = []
    for e in events:
        if e.kind in EVENT_DECISIONS:
            data = {k: v for k, v in e.data.items() if k not in ("role", "action")}
            out.append(Action.from_dict(data))
    return out


def replay(ruleset: str, events: Sequence[Event]) -> tuple[GameState, list[Event]]:
    """Rebuilds a game from its event log alone: the deal, the recorded draws and the actions."""
    deals = [e for e in events if e.kind == EventKind.DEAL]
    if not deals:
        raise IllegalActionError("replay_no_deal", "the log has no deal event")
    rng = ReplayRng(events)
    hands = [tuple(h) for h in deals[0].data["hands"]]
    state, produced = new_game(ruleset, rng, hands=hands, judge_card=deals[0].data.get("judge_card"),
                               team_talk=recorded_team_talk(events), card_talk=recorded_card_talk(events),
                               revision=recorded_revision(events))
    for event in events:
        if event.kind in EVENT_DECISIONS:
            state, more = apply(state, decisions([event])[0], rng)
        elif event.kind == EventKind.IMPOSED_VERDICT:
            state, more = impose_verdict(state, event.data["seat"], rng)
        else:
            continue
        produced.extend(more)
    return state, produced
