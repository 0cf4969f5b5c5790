"""The facts of one game read from its transcript: per seat, counts over its decisions and the acts about it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import Team, team_of


@dataclass
class SeatFacts:
    """One seat of one game: who played it, what it held, how it ended, and counts over its decisions."""

    seat: int
    contestant: str
    cards: tuple[str, ...]
    side: str  # "killers" or "good"
    won: bool = False
    draw: bool = False
    survived: bool = True
    executed: bool = False
    votes: int = 0  # hands raised at someone
    votes_on_killers: int = 0
    abstentions: int = 0  # hands kept down
    accusations: int = 0
    accusations_on_killers: int = 0
    speeches: int = 0
    claims: int = 0  # public role claims in the seat's own speeches (evaluation.games.grounded)
    lies: int = 0  # public claims of a role the seat does not hold
    label_claims: int = 0  # speeches whose private label `claimed_role` names a role (older transcripts)
    label_lies: int = 0  # labels naming a role the seat does not hold
    check_reports: int = 0  # checks reported in public claims
    false_checks: int = 0  # reported checks never made, or with a result the judge did not give
    public_lies: int = 0  # speeches with a role lie or a false check report
    speeches_said: int = 0  # speeches whose words claim a role, a side or a check (evaluation.statements.lies)
    claims_either: int = 0  # speeches whose words or structured claim claim something
    lies_words: int = 0  # ... whose words lie (a role or side not held, a check not received)
    lies_by_claim: int = 0  # ... whose structured claim lies
    lies_either: int = 0  # ... either
    claims_both: int = 0  # speeches whose words and structured claim both claim something
    contradictions: int = 0  # ... where the words contradict the claim
    lies_detected: int = 0  # ... met by a vote on the liar in the next ballot
    lies_ballot_followed: int = 0  # ... followed by a ballot at all
    bluffs_won: int = 0  # ... followed by a good seat's execution, or never voted on by a survivor
    true_checks: int = 0  # a police seat's checks reported truthfully at least once (each check counted once)
    checks_seen: int = 0  # check results a police seat saw (evaluation.games.behaviour)
    checks_on_killers: int = 0  # ... that found a killer
    checks_reportable: int = 0  # ... in games that record public claims
    night_kills: int = 0  # a killer-side seat's own night kill choices naming a seat
    night_kills_special: int = 0  # ... on a good seat holding a card other than civilian
    jump_kills: int = 0  # confessions that killed the seat (跳杀)
    knowing_checked: int = 0  # accusations and votes on a seat whose side the actor knows
    knowing_false: int = 0  # ... naming a seat the actor knows is good
    bus_votes: int = 0  # a killer's votes on a partner it knows
    beliefs_checked: int = 0  # suspicions about seats whose side the seat knows
    beliefs_contradicted: int = 0  # ... under 0.5 on a known killer or over 0.5 on a known good seat
    brier_sum: float = 0.0  # squared error of suspicions (P(killer)) against the truth
    brier_n: int = 0
    brier_on_killers_sum: float = 0.0  # the part of brier_* about killer-side seats
    brier_on_killers_n: int = 0
    misread_sum: float = 0.0  # good seats' squared error about THIS seat (killer side only)
    misread_n: int = 0
    misread_prior_sum: float = 0.0  # the same pairs' error under the uninformed prior K / (N - 1)
    diverged: int = 0  # public accusations of a seat privately believed innocent (evaluation.games.deception)
    divergence_checked: int = 0
    cleared: int = 0  # acts that pass over a seat privately believed guilty
    clearing_checked: int = 0
    verdicts_faced: int = 0  # day verdicts reached while alive
    verdicts_survived: int = 0
    votes_received: int = 0
    days_alive: int = 0
    swing_follows: int = 0  # others' votes on the seat this seat accused, in the next ballot (persuasion)
    swing_votes: int = 0  # others' votes in those ballots
    swing_base: float = 0.0  # expected follows if the target drew votes like an average unaccused seat
    swing_speeches: int = 0
    decisions: int = 0
    fallbacks: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0  # prompt tokens the provider served from its cache (part of prompt_tokens)
    reasoning_tokens: int = 0  # hidden reasoning, already counted in completion_tokens
    token_decisions: int = 0  # decisions whose annotation reported token counts
    latencies: list[float] = field(default_factory=list)

    @property
    def role(self) -> str:
        return "+".join(self.cards)


@dataclass
class GameFacts:
    """One game: its setup, outcome, length, and every seat."""

    game_id: str
    ruleset: str
    players: int
    seed: int | None
    winner: str | None
    days: int
    nights: int
    decisions: int
    killers: int  # killer-side seats at the deal
    seats: list[SeatFacts]
    claims_source: str = "public"  # "public": speeches carry claims; "label": only the private label (older)
    degraded: list[int] = field(default_factory=list)  # seats degraded in this game (agents/health.py)


def side_of(cards: Sequence[str]) -> str:
    """A seat is on the killers' side if any of its cards is (v5 deals two)."""
    return Team.KILLERS.value if any(team_of(c) is Team.KILLERS for c in cards) else Team.GOOD.value
