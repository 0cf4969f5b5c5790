"""v5.0 "dual": two cards per player, every card acts on its own (000 "Version 5.0"; docs/rules.md)."""

from __future__ import annotations

from engine.day.card_vote import CardVoteDay
from engine.errors import SetupError
from engine.night.cards import (
    any_card,
    not_own_role,
    other_seats_cards,
    resolve_cards,
    shot_unspent,
)
from engine.night.procedure import CalledNight
from engine.record.catalog import EventKind
from engine.record.events import seats
from engine.rng import Rng
from engine.ruleset import Judge, NightStep, Ruleset, Victory
from engine.rulesets.common import SEED_000, SEED_004

Hand = tuple[str, ...]
MAX_REDEALS = 10_000  # a J+K hand is redealt; far more attempts than any table of 8-16 needs


def police_count(n: int) -> int:
    """R-v5-deck: police = killers = doctors = k ("The ratio is 1:1:1"), k chosen so civilians : suit cards
    (J, Q, K, A, 7) is nearest "4:5" (ties: fewer killers). 8 players -> k=2, the seed's example."""
    best, best_k = 10**9, 1
    for k in range(1, n):
        suit = 3 * k + 3
        civilians = 2 * n - suit
        if civilians < 0:
            break
        gap = abs(5 * civilians - 4 * suit)
        if gap < best:
            best, best_k = gap, k
    return best_k


def v5_deck(n: int) -> tuple[str, ...]:
    """The deck for n players: 2(n+1) cards, nine hands for eight players (000 v5.0 example: "Big monster,
    small monster, J, J, K, K, Q, Q, A, A, 7, 2, 2, 2, 2, 3, 3, 3"; "a total of 16 cards" is a slip for 18)."""
    k = police_count(n)
    civilians = 2 * n - (3 * k + 3)
    return (("judge", "butterfly") + ("killer",) * k + ("police",) * k + ("doctor",) * k
            + ("secret_police",) * 2 + ("undercover",) + ("civilian",) * civilians)


def _valid(hands: list[tuple[str, str]]) -> bool:
    """000 v5.0: "If a person touches J and K at the same time, then the deal is invalid"."""
    return not any("killer" in h and "police" in h for h in hands)


def check_deal_v5(hands: tuple[Hand, ...], judge_card: str | None) -> str | None:
    """A given or replayed v5 deal: no seat holds J and K (R-v5-redeal), the big monster is not at the table and
    the judge's other card is not a second one (R-v5-judge-card)."""
    for seat, hand in enumerate(hands, start=1):
        if "killer" in hand and "police" in hand:
            return (f"seat {seat} holds J and K (killer and police): 000 v5.0 \"If a person touches J and K at the "
                    "same time, then the deal is invalid and the hand starts over\"")
        if "judge" in hand:
            return (f"seat {seat} holds the big monster: 000 v5.0 \"someone with a big monster reveals the big "
                    "monster, and this person is the judge\" (the judge does not play; R-v5-judge-card)")
    if judge_card == "judge":
        return "the judge's other card cannot be a second big monster (R-v5-judge-card)"
    return None


def deal_v5(rules: Ruleset, n: int, rng: Rng) -> tuple[tuple[Hand, ...], str | None]:
    """000 v5.0: "Shuffle. Divide the cards, give each person two cards" (n + 1 hands); redeal while a hand
    holds J and K; "someone with a big monster reveals the big monster, and this person is the judge": his
    hand leaves the table and his other card is out of play (R-v5-judge-card)."""
    deck = list(v5_deck(n))
    for _ in range(MAX_REDEALS):
        rng.shuffle(deck)
        hands = [(deck[i], deck[i + 1]) for i in range(0, len(deck), 2)]
        if _valid(hands):
            break
    else:
        raise SetupError("no valid v5 deal (every deal gave someone J and K)")
    judge_at = next(i for i, h in enumerate(hands) if "judge" in h)
    judge_hand = hands.pop(judge_at)
    other = judge_hand[1] if judge_hand[0] == "judge" else judge_hand[0]
    return tuple(hands), other


def _holders(judge: Judge, role: str) -> list[int]:
    return [s.number for s in judge.state.seats if role in s.cards]


def introduce_v5(judge: Judge) -> None:
    """Night 1: the undercover opens its eyes with the killers and they learn each other (000 v5.0: "after
    the second round, when the killer opens his eyes, it cannot open them at the same time"); the police
    cards and the undercover open their eyes at the police call (R-v5-police-eyes: "four people open their
    eyes during the game. Everyone knows that one person is an undercover")."""
    killers, undercover = _holders(judge, "killer"), _holders(judge, "undercover")
    team = sorted(set(killers) | set(undercover))
    if team:
        judge.emit(EventKind.TEAMMATES, seats(team), role="killer", seats=killers, undercover=undercover,
                   cites="000 v5.0: you must find ways to ensure the safety of your undercover agent")
    call = sorted(set(_holders(judge, "police")) | set(undercover))
    if call:
        judge.emit(EventKind.TEAMMATES, seats(call), role="police", seats=call,
                   cites="000 v5.0: four people open their eyes ... one person is an undercover")


V5_STEPS = (
    NightStep("butterfly", "take", "000 v5.0: it can take away one card at a time; It does not need to hold "
              "cards", may_pass=True, targets=other_seats_cards),
    NightStep("killer", "kill", "000 v5.0: the killer tells the judge one by one who he wants to kill ... "
              "kill the other one in your hand; 000 v4.0: he can commit suicide (R-v5-kill-targets); they can use "
              "their eyes and gestures to jointly decide who to kill (R-v5-killer-talk)",
              targets=any_card, talk=True),
    NightStep("police", "check", "000 v5.0: They can only open their eyes separately and then confirm to the "
              "judge who is the killer", targets=other_seats_cards),
    NightStep("undercover", "check", "000 v5.0: when you confirm to the judge whether he is the killer, you "
              "can also point to your partner (the undercover opens its eyes with the police)",
              targets=other_seats_cards),
    NightStep("doctor", "save", "000 v5.0: The doctor will save one person each round ... doctors can save "
              "themselves", targets=any_card),
    NightStep("secret_police", "shoot", "000 v5.0: the person who has the secret police card who can kill "
              "someone once", may_pass=True, irreversible=True, targets=not_own_role("secret_police"),
              active=shot_unspent),
)


V5_DUAL = Ruleset(
    id="v5-dual",
    title="v5.0 dual — two cards per player",
    sources=(SEED_000, SEED_004),
    players=(8, 16),
    default_players=8,
    composition=v5_deck,
    night=CalledNight(steps=V5_STEPS,
    resolve=resolve_cards, rulings=("take_card", "sp_card_immune", "rifle_any_card", "checks_alone",
                                    "undercover_nods")),
    day=CardVoteDay(),
    victory=Victory(
        cites="000 v5.0 rule 4: both the killer and the undercover died, and the police won. The police and "
        "secret police are all dead, and the killer wins",
        killer_roles=frozenset({"killer", "undercover"}),
        wipe_out=(frozenset({"police", "secret_police"}),),
    ),
    introductions=introduce_v5,
    cards_per_seat=2,
    dealer=deal_v5,
    check_deal=check_deal_v5,
    summary="two cards each; every card acts (butterfly, J kill, K check, 7 undercover, Q save, A shoots once); "
    "dead cards shown, never named; one vote per living card",
    title_zh="v5.0 双牌版：每人两张牌",
    summary_zh="每人两张牌，每张牌各自行动（花蝴蝶、J杀人、K验人、7卧底、Q救人、A开一枪）；天亮公布死去的牌、不公布身份；每张活牌一票",
)

RULESETS = (V5_DUAL,)
