"""Dawn for v5.0 (000 "Version 5.0"): every card acts on its own and every target is a card (seat, slot).

Resolution order (ruling R-v5-resolution, docs/rules.md): the butterfly's card is taken away first; taken
cards cannot act; the killer cards' kills (unless taken, vested or saved), then the secret police shots (unless
taken); a dead butterfly drags its taken card with it; the police/undercover cards get their answers.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.moves.decisions import Target
from engine.record.catalog import EventKind
from engine.record.events import JUDGE_ONLY, seats
from engine.ruleset import Choice, Judge, NightChoices
from engine.state import GameState

Card = tuple[int, int]  # (seat, slot), slot 1 or 2

# 000 v5.0 undercover: "Undercover agents are a special kind of killer" -> the judge nods (R-v5-check-007).
KILLER_CARDS = frozenset({"killer", "undercover"})


# -- legal targets (NightStep.targets) -------------------------------------------------------------
def living_cards(state: GameState) -> list[Target]:
    """Every living card at the table, in seat then slot order (cards "stand in front of each player")."""
    return [(s.number, i + 1) for s in state.seats for i, alive in enumerate(s.alive_cards) if alive]


def any_card(state: GameState, seat: int) -> list[Target]:
    """000 v5.0 doctor: "Of course, doctors can save themselves" -- any living card, own cards included."""
    return living_cards(state)


def other_seats_cards(state: GameState, seat: int) -> list[Target]:
    """Living cards of the other seats: the police/undercover check others (R-v5-own-cards), and the butterfly
    "cannot hug themselves" (000 v4.0 A)."""
    return [c for c in living_cards(state) if isinstance(c, tuple) and c[0] != seat]


def not_own_role(role: str) -> Callable[[GameState, int], list[Target]]:
    """Living cards except this seat's own `role` cards: a secret police card does not shoot itself (no seed
    has it fire at its own card)."""

    def targets(state: GameState, seat: int) -> list[Target]:
        own = state.seat(seat).cards
        return [c for c in living_cards(state)
                if isinstance(c, tuple) and not (c[0] == seat and own[c[1] - 1] == role)]

    return targets


def shot_unspent(state: GameState, seat: int, slot: int) -> bool:
    """000 v5.0: the secret police "can kill someone once ... Once used, the privilege disappears"."""
    return ("shot", seat, slot) not in state.spent


# -- resolution -------------------------------------------------------------------------------------
def card_of(state: GameState, card: Card) -> str:
    """The card's identity (judge only)."""
    return state.seat(card[0]).cards[card[1] - 1]


def _card(target: Target | None) -> Card | None:
    return target if isinstance(target, tuple) else None


def _acting(choices: NightChoices, action: str, taken: Card | None) -> list[tuple[Card, Card | None]]:
    """(acting card, target) for `action`, dropping cards the butterfly took away (they cannot act)."""
    return [((c.actor, c.slot), _card(c.target)) for c in choices.get(action, [])
            if (c.actor, c.slot) != taken]


def _taken(choices: NightChoices) -> Card | None:
    """000 v5.0 butterfly: "it can take away one card at a time"."""
    picks: list[Choice] = choices.get("take", [])
    return _card(picks[0].target) if picks else None


def resolve_cards(judge: Judge, choices: NightChoices) -> None:
    """The v5 dawn: see the module docstring for the order; announces dead cards (never what they were)."""
    state = judge.state  # the table at nightfall: answers and vests are read from it
    taken = _taken(choices)
    if taken is not None:
        judge.emit(EventKind.TAKEN, JUDGE_ONLY, night=state.night, card=list(taken))
    _share_kill_orders(judge, choices)
    _answer_checks(judge, choices, taken)
    deaths: dict[Card, str] = {}
    _kills(judge, choices, taken, deaths)
    _shots(judge, choices, taken, deaths)
    butterfly = next((c for c in _card_of_role(state, "butterfly") if c in deaths), None)
    if butterfly is not None and taken is not None and taken not in deaths:
        # 000 v5.0 butterfly rule 2: "If it is killed when it takes away the card, then its card ... and the
        # card it took away will die at the same time" (R-v5-mob: no third card; "two will die in one death").
        deaths[taken] = "butterfly"
    _bury(judge, deaths)


def _card_of_role(state: GameState, role: str) -> list[Card]:
    return [(s.number, i + 1) for s in state.seats for i, c in enumerate(s.cards) if c == role
            and s.alive_cards[i]]


def _share_kill_orders(judge: Judge, choices: NightChoices) -> None:
    """R-v5-killer-eyes: the killers "use their eyes and gestures to jointly decide" and then tell the judge
    "one by one": every killer seat that opened its eyes learns each killer card's pointing."""
    picks = choices.get("kill", [])
    if not picks:
        return
    team = seats(c.actor for c in picks)
    if judge.state.night == 1:  # the undercover opens its eyes with the killers on the first night only
        team = team | seats(s for s, _ in _card_of_role(judge.state, "undercover"))
    orders = [{"card": [c.actor, c.slot], "target": list(t) if (t := _card(c.target)) else None} for c in picks]
    judge.emit(EventKind.KILL_ORDERS, team, night=judge.state.night, orders=orders)


def check_answer(state: GameState, target: Card, taken: Card | None) -> str:
    """000 v4.0 D: the judge nods for a killer, shakes his head otherwise, and gives no answer on the card the
    butterfly holds; 000 v5.0: "Undercover agents are a special kind of killer" (a nod on the 7 of spades)."""
    if target == taken:
        return "no_answer"
    return "killer" if card_of(state, target) in KILLER_CARDS else "not_killer"


def _answer_checks(judge: Judge, choices: NightChoices, taken: Card | None) -> None:
    """000 v5.0 police: "They can only open their eyes separately and then confirm to the judge who is the
    killer": each police (and undercover) card gets its own answer, seen by its seat alone."""
    state = judge.state
    for c in choices.get("check", []):
        target = _card(c.target)
        if target is None:
            continue
        me = (c.actor, c.slot)
        # R-v5-taken-acts: a card the butterfly took away acts in vain; a taken checker gets no answer.
        result = "no_answer" if me == taken else check_answer(state, target, taken)
        judge.emit(EventKind.CHECK_RESULT, seats([c.actor]), night=state.night, by=card_of(state, me), card=list(me),
                   target=list(target), result=result)


def _kills(judge: Judge, choices: NightChoices, taken: Card | None, deaths: dict[Card, str]) -> None:
    """000 v5.0 killers: each killer card kills the card it names, unless the card is taken away (butterfly
    rule 1), a secret police card that has not fired (its vest), or saved by a doctor card."""
    state = judge.state
    saved = {t for _, t in _acting(choices, "save", taken) if t is not None}
    for _, target in _acting(choices, "kill", taken):
        if target is None or target in deaths:
            continue
        if target == taken:  # butterfly rule 1: "it is killed in vain, which means it is not dead"
            judge.emit(EventKind.SPARED, JUDGE_ONLY, card=list(target), why="taken")
        elif card_of(state, target) == "secret_police" and shot_unspent(state, *target):
            # "The killer cannot kill him until he uses this privilege ... he would still be resurrected"
            judge.emit(EventKind.SPARED, JUDGE_ONLY, card=list(target), why="privilege")
        elif target in saved:  # doctor: "If he is the person who happened to be killed ... resurrected"
            judge.emit(EventKind.SPARED, JUDGE_ONLY, card=list(target), why="saved")
        else:
            deaths[target] = "killed"


def _shots(judge: Judge, choices: NightChoices, taken: Card | None, deaths: dict[Card, str]) -> None:
    """000 v5.0 secret police: "can kill someone once" (anyone: "the secret police will kill the policeman");
    the doctor cannot undo it (R-v5-shot, 004 V3.5 other rule 5); a taken card's shot fails and is spent."""
    spent = set(judge.state.spent)
    for c in choices.get("shoot", []):
        target = _card(c.target)
        if target is None:
            continue
        spent.add(("shot", c.actor, c.slot))
        if (c.actor, c.slot) == taken:  # "he was carried away by a butterfly… you are so unlucky"
            judge.emit(EventKind.SPARED, JUDGE_ONLY, card=list(target), why="shooter_taken")
        elif target == taken:
            judge.emit(EventKind.SPARED, JUDGE_ONLY, card=list(target), why="taken")
        else:
            deaths.setdefault(target, "shot")
    judge.update(spent=frozenset(spent))


def _bury(judge: Judge, deaths: dict[Card, str]) -> None:
    """000 v5.0 rule 3: dead cards are laid down for all to see, "But it will not be made public until the
    end. No one knows what card you died from": the dawn names cards (seat, slot), never identities, in seat
    order (so the order does not tell a kill from a shot)."""
    dead_seats: list[int] = []
    for card in sorted(deaths):
        if judge.kill(card[0], deaths[card], slot=card[1]):
            dead_seats.append(card[0])
    for seat in dead_seats:
        judge.emit(EventKind.DEATH, seat=seat, public_cause="night")
    judge.after_night(dead_seats, cards=[list(c) for c in sorted(deaths)])
