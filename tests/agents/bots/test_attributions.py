"""Bots worth listening to (issue 19 item 5): a bot's speech attributes to another seat only what the public record
shows that seat did (an accusation is "seat 5 accused seat 12", never "seat 5 says 12 is a killer"; a claimed check
is what its claimant reported), checked on the bots' own structured speech points (Decision.attributions) and on
the words themselves as the speech reader reads them (words/reader: what each speech reports other seats to have
said), over hard-bot games in both languages; and the hard bots count role claims against the cards dealt."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from agents.base import Attribution, Decision
from agents.bots.scripted import ScriptedAgent
from agents.view import SeatView
from engine import DecisionKind, Event, EventKind, Request
from words.reader import read_statement
from words.reader.reading import Quote

RULESETS = ("v2-classic", "v2.5-std", "v3", "v4-classic")  # the rulesets the bots' tournaments play


def backed(said: Attribution, public: list[Event]) -> bool:
    """Whether the public record so far shows `said.seat` doing what the speech says it did."""
    speeches = [e.data for e in public if e.kind in engine.SPEECHES and e.data.get("seat") == said.seat]
    if said.act == "accuses":
        return any(d.get("accusation") == said.target for d in speeches)
    if said.act == "voted":
        return any(e.kind == EventKind.VOTE and e.data.get("seat") == said.seat and e.data.get("target") == said.target
                   for e in public)
    claims = [d["claim"] for d in speeches if isinstance(d.get("claim"), dict)]
    if said.act == "claimed":  # what it claims now: its latest claim of a role
        roles = [c.get("role") for c in claims if c.get("role")]
        return bool(roles) and roles[-1] == said.role
    if said.act == "reported":
        return any(c.get("target") == said.target and c.get("result") == said.result
                   for claim in claims for c in claim.get("checks") or ())
    return False


def quote_backed(quote: Quote, public: list[Event]) -> bool:
    """Whether everything a quote has `quote.seat` say is on the public record: a role it claimed, whom it accused
    (an accusation, or a check it reported finding a killer) and the checks it reported. A quoted side or clearing
    is not checked: the reader infers those from the role and the checks."""
    reported = [Attribution(quote.seat, "reported", target=c.target, result=c.result) for c in quote.said_checks]
    accused = [any(backed(Attribution(quote.seat, act, target=t, result=result), public)
                   for act, result in (("accuses", None), ("reported", "killer"))) for t in quote.accuses]
    roles = [c.get("role") for e in public if e.kind in engine.SPEECHES and e.data.get("seat") == quote.seat
             for c in [e.data.get("claim")] if isinstance(c, dict) and c.get("role")]
    role_ok = quote.said_role is None or quote.said_role in roles
    return role_ok and all(accused) and all(backed(a, public) for a in reported)


def misquotes(words: str, view: SeatView, public: list[Event]) -> list[str]:
    """The quotes the speech reader finds in `words` that the public record does not back."""
    reading = read_statement(words, view.lang, view.players, view.seat)
    return [f"seat {view.seat}'s words quote seat {q.seat} beyond the record ({q}): {words}"
            for q in reading.quotes if not quote_backed(q, public)]


def play_checked(ruleset: str, seed: int, lang: str) -> tuple[int, list[str]]:
    """One hard-bot game: (the attributions made, the problems found: unbacked ones, attributed seats the words
    do not name)."""
    rng = random.Random(seed)
    state, events = engine.new_game(ruleset, rng)
    events = list(events)
    bot, n = ScriptedAgent(seed, lang, level="hard"), len(state.seats)
    made, problems = 0, []
    while not state.is_over():
        for request in engine.current_batch(state):
            if state.is_over() or request not in state.pending:
                break
            view = SeatView(request.seat, ruleset, n, tuple(engine.observation(events, request.seat)), lang)
            decision = bot.choose(view, request)
            problems += check(decision, [e for e in events if e.visible_to is None], view)
            made += len(decision.attributions)
            state, more = engine.apply(state, decision.action, rng)
            events += more
    return made, problems


def check(decision: Decision, public: list[Event], view: SeatView) -> list[str]:
    out = []
    words = decision.action.speech
    for said in decision.attributions:
        if not backed(said, public):
            out.append(f"seat {view.seat} says seat {said.seat} {said.act} {said.target or said.role}: {words}")
        if said.act != "claimed" and f"{said.seat}" not in words:
            out.append(f"seat {view.seat} attributes to seat {said.seat} without naming it: {words}")
    if decision.attributions and not words:
        out.append(f"seat {view.seat} attributes something in silence")
    return out + misquotes(words, view, public) if words else out


def sweep(lang: str, games: int) -> int:
    """The attributions made over `games` hard-bot games (rulesets in turn), failing on the first problem."""
    made = 0
    for seed in range(games):
        n, problems = play_checked(RULESETS[seed % len(RULESETS)], seed, lang)
        assert not problems, problems[:3]
        made += n
    return made


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_bot_speech_quotes_a_seat_saying_what_it_did_not_say(lang: str) -> None:
    made = sweep(lang, 16)
    assert made > 50  # the bots do attribute: the check is not vacuous


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_misquote_in_200_hard_bot_games(lang: str) -> None:
    made = sweep(lang, 200)
    assert made > 1000


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("ruleset", sorted(r.id for r in engine.all_rulesets()))
def test_no_misquote_in_any_ruleset(ruleset: str, lang: str) -> None:
    """Every ruleset, not only the tournaments' four (issue 37): the words quote no seat beyond the record. v5's
    bots (the baseline) make no structured attribution; their words are still read, "a police check named it"
    included (tests/agents/bots/test_partners_and_claims.py holds that phrase to a claimed check)."""
    made = 0
    for seed in (1, 2):
        n, problems = play_checked(ruleset, seed, lang)
        assert not problems, problems[:3]
        made += n
    assert made > 0 or ruleset == "v5-dual"


def test_the_check_catches_a_misquote() -> None:
    """The oracle is not vacuous: an accusation read as a claim, a vote never cast and a check never reported
    are all refused."""
    accusation = Event(EventKind.STATEMENT, {"seat": 5, "kind": "statement", "speech": "12 is odd", "accusation": 12})
    public = [accusation]
    assert backed(Attribution(5, "accuses", target=12), public)
    assert not backed(Attribution(5, "reported", target=12, result="killer"), public)
    assert not backed(Attribution(5, "claimed", role="police"), public)
    assert not backed(Attribution(5, "voted", target=12), public)


def _ev(event: str, visible: frozenset[int] | None = None, **data: object) -> Event:
    return Event(event, data, visible)


def civilian_claims(seats: list[int]) -> list[Event]:
    return [_ev(EventKind.STATEMENT, seat=s, kind="statement", speech="I am a civilian.", accusation=None,
                claim={"role": "civilian", "checks": []}) for s in seats]


def test_a_hard_seat_counts_the_civilian_claims_against_the_cards_and_suspects_the_extra() -> None:
    """v2-classic with 8 players deals 4 civilians (R-v2-table): six civilian claims mean two liars at least."""
    dealt = Counter(engine.get_ruleset("v2-classic").composition(8))["civilian"]
    claimants = [2, 3, 4, 5, 6, 7]
    assert len(claimants) > dealt
    base = [_ev(EventKind.YOUR_CARDS, frozenset({1}), seat=1, cards=["civilian"]),
            _ev(EventKind.NIGHT_FALLS, night=1), _ev(EventKind.DAY_BEGINS, day=1)]
    view = SeatView(1, "v2-classic", 8, (*base, *civilian_claims(claimants)))
    vote = Request(1, DecisionKind.VOTE, targets=tuple(range(2, 9)))
    hard = ScriptedAgent(3, level="hard").choose(view, vote)
    normal = ScriptedAgent(3, level="normal").choose(view, vote)
    assert all(hard.suspicions[s] > normal.suspicions[s] for s in claimants)
    assert hard.suspicions[8] < min(hard.suspicions[s] for s in claimants)  # the one who claimed nothing
    said = []
    for seed in range(12):  # the statement says so, in its opening or as the ground of its accusation (issue 38)
        speak = Request(1, DecisionKind.STATEMENT, accusations=(None, *range(2, 9)))
        decision = ScriptedAgent(seed, level="hard").choose(view, speak)
        if any(a.role == "civilian" for a in decision.attributions):
            said.append(decision)
    assert len(said) == 12  # every one: the count is this seat's strongest ground
    assert all({a.seat for a in d.attributions if a.role == "civilian"} == set(claimants) for d in said)
    assert all(str(len(claimants)) in d.action.speech and "civilian" in d.action.speech for d in said)
    grounded = [d for d in said if d.reason is not None and d.reason.kind == "count"]
    assert grounded and all(d.action.accusation in claimants for d in grounded)


def test_a_hard_killer_does_not_add_a_civilian_claim_the_cards_cannot_hold() -> None:
    dealt = Counter(engine.get_ruleset("v2-classic").composition(8))["civilian"]
    base = [_ev(EventKind.YOUR_CARDS, frozenset({1}), seat=1, cards=["killer"]),
            _ev(EventKind.TEAMMATES, frozenset({1, 8}), role="killer", seats=[1, 8]),
            _ev(EventKind.NIGHT_FALLS, night=1), _ev(EventKind.DAY_BEGINS, day=1)]
    speak = Request(1, DecisionKind.STATEMENT, accusations=(None, *range(2, 9)))
    full = SeatView(1, "v2-classic", 8, (*base, *civilian_claims(list(range(2, 2 + dealt)))))
    room = SeatView(1, "v2-classic", 8, (*base, *civilian_claims(list(range(2, 1 + dealt)))))
    claims = {ScriptedAgent(seed, level="hard").choose(full, speak).action.claim for seed in range(10)}
    assert all(c is None or c.role != "civilian" for c in claims)
    assert any(c is not None and c.role == "civilian"
               for c in (ScriptedAgent(seed, level="hard").choose(room, speak).action.claim for seed in range(10)))


@pytest.mark.parametrize(("lang", "words"), [("en", "Seat 5 says it is the police and found seat 12 a killer."),
                                             ("zh", "5号说他是警察，验了12号是杀手。")])
def test_the_reader_check_catches_words_that_misquote(lang: str, words: str) -> None:
    """The reader-based check is not vacuous: words that have seat 5 claim the police and report a check it never
    reported are refused; once the record holds that claim and check they pass."""
    view = SeatView(1, "v2-classic", 12, (), lang)
    accusation = _ev(EventKind.STATEMENT, seat=5, kind="statement", speech="12 is odd", accusation=12)
    assert misquotes(words, view, [accusation])
    claimed = _ev(EventKind.STATEMENT, seat=5, kind="statement", speech="police", accusation=12,
                  claim={"role": "police", "checks": [{"target": 12, "result": "killer"}]})
    assert not misquotes(words, view, [claimed])
