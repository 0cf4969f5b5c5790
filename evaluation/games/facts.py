"""The facts of one game read from its transcript: per seat, counts over its decisions and the acts about it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
    abstentions: int = 0  # hands kept down
    # Cross-scored acts (evaluation/games/accuracy.py): a good seat's own votes and accusations, leaving out the
    # seats of its own contestant in a game that seats another; `*_chance` sums each act's chance of naming a
    # killer (the killers' share of the seats it could name at that moment).
    scored_votes: int = 0
    scored_votes_on_killers: int = 0
    scored_votes_chance: float = 0.0
    scored_accusations: int = 0
    scored_accusations_on_killers: int = 0
    scored_accusations_chance: float = 0.0
    survival_chance: float = 0.0  # the share of this seat's side that survived this game (its survival baseline)
    speeches: int = 0  # the seat's own speeches with words
    speech_turns: int = 0  # the seat's own speeches, with words or not (a claim can be filed without words)
    claims: int = 0  # public role claims in the seat's own speeches, with words or not (evaluation.games.grounded)
    lies: int = 0  # public claims of a role the seat does not hold
    label_claims: int = 0  # speeches whose private label `claimed_role` names a role (older transcripts)
    label_lies: int = 0  # labels naming a role the seat does not hold
    check_reports: int = 0  # checks reported in public claims
    false_checks: int = 0  # reported checks never made, or with a result the judge did not give
    public_lies: int = 0  # speeches with a role lie or a false check report
    speeches_said: int = 0  # speeches whose words claim a role, a side or a check (evaluation.games.lies)
    claims_either: int = 0  # speeches whose words or structured claim claim something
    lies_words: int = 0  # ... whose words lie (a role or side not held, a check not received)
    lies_by_claim: int = 0  # ... whose structured claim lies
    lies_either: int = 0  # ... either
    claims_both: int = 0  # speeches whose words and structured claim both claim something
    claims_filed: int = 0  # speeches filing a structured claim, words or not (claims_either = these + said_unfiled)
    words_unfiled: int = 0  # speeches with words and no structured claim
    said_unfiled: int = 0  # ... whose words the reader reads as claiming something
    # The second reader (evaluation/stats/reader_error.py): the speeches with words it labelled, as 2 x 2 cells of
    # the reader against it, for "the words lie" and for "the words claim something"
    second_lie_pos: int = 0  # the second reader says the words lie
    second_lie_hit: int = 0  # ... and so does the reader (sensitivity = hit / pos)
    second_lie_neg: int = 0  # the second reader says they do not
    second_lie_rej: int = 0  # ... nor does the reader (specificity = rej / neg)
    second_said_pos: int = 0
    second_said_hit: int = 0
    second_said_neg: int = 0
    second_said_rej: int = 0
    contradictions: int = 0  # ... where the words contradict the claim
    lies_ballot_followed: int = 0  # ... followed by a ballot with another living seat of the liar's side
    lies_detected: int = 0  # ... of those, met by a vote on the liar (from a seat of another contestant)
    lies_detected_chance: float = 0.0  # ... the share of the liar's living side-mates voted on in that ballot
    bluffs_verdict_followed: int = 0  # a killer-side seat's lies followed by a verdict, in a game with another one
    bluffs_won: int = 0  # ... whose verdict executed a good seat (of another contestant)
    bluffs_chance: float = 0.0  # ... the share of the game's other verdicts that did
    true_checks: int = 0  # a police seat's checks reported truthfully at least once (each check counted once)
    checks_seen: int = 0  # check results a police seat saw (evaluation.games.behaviour)
    checks_on_killers: int = 0  # ... that found a killer
    checks_chance: float = 0.0  # ... the killers' share of the living seats outside the police team that night
    checks_reportable: int = 0  # ... in games that record public claims
    night_kills: int = 0  # a killer-side seat's own night kill choices naming a seat
    night_kills_special: int = 0  # ... on a good seat holding a card other than civilian
    night_kills_chance: float = 0.0  # ... the special good seats' share of the living seats outside the team
    jump_kills: int = 0  # confessions that killed the seat (跳杀)
    knowing_checked: int = 0  # accusations and votes on a seat whose side the actor knows
    knowing_false: int = 0  # ... naming a seat the actor knows is good
    knowing_chance: float = 0.0  # ... the known-good share of the living seats whose side it knows
    bus_votes: int = 0  # a killer's votes on a partner it knows
    beliefs_checked: int = 0  # suspicions about seats whose side the seat knows
    beliefs_contradicted: int = 0  # ... under 0.5 on a known killer or over 0.5 on a known good seat
    # Calibration (evaluation/games/detection.py): a good seat's suspicions P(killer) at each own decision about
    # every other living seat (of another contestant, where the game is cross-scored), at its rated decisions
    # only; a seat it left unrated at a rated decision is scored at the prior, which knows what the seat knows for
    # certain (its partners, its checks, announced sides).
    suspicion_decisions: int = 0  # own annotated decisions with a seat to score
    suspicion_decisions_rated: int = 0  # ... that rated at least one of them (only these are scored)
    brier_n: int = 0  # (decision, seat) pairs scored
    brier_rated: int = 0  # ... that the seat rated
    brier_sum: float = 0.0  # squared error against the truth
    brier_prior_sum: float = 0.0  # the prior's squared error on the same pairs
    brier_on_killers_n: int = 0  # the pairs about killer-side seats
    brier_on_killers_sum: float = 0.0
    # AUC terms, decision by decision: (killer-side, good) pairs of seats whose side the seat did not know
    auc_pairs: int = 0
    auc_wins: float = 0.0  # ... where the killer-side seat got the higher P (ties half)
    auc_chance: float = 0.0  # half the pairs: what one P for every seat (the prior) wins
    misread_n: int = 0  # good seats' pairs about THIS seat (killer side only), scored as above
    misread_sum: float = 0.0
    misread_prior_sum: float = 0.0
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

    @property
    def seat_count(self) -> int:
        """1: what a per-seat rate counts (evaluation/games/rates.py names it "seat")."""
        return 1

    @property
    def jump_killed(self) -> int:
        return int(self.jump_kills > 0)

    @property
    def ballots_cast(self) -> int:
        """Votes with a target and hands kept down: the abstention rate's trials."""
        return self.votes + self.abstentions

    @property
    def brier_gain(self) -> float:
        """How much less wrong than the prior the seat's suspicions were (the Brier skill score's numerator)."""
        return self.brier_prior_sum - self.brier_sum

    @property
    def brier_on_good_n(self) -> int:
        return self.brier_n - self.brier_on_killers_n

    @property
    def brier_on_good_sum(self) -> float:
        return self.brier_sum - self.brier_on_killers_sum


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

    @property
    def deal(self) -> str:
        """The deal the game was played on (ruleset, table size, seed): a tournament's rotations of one deal share
        it, and every interval resamples deals (evaluation/stats/bootstrap.py). A game without a seed is its own."""
        return f"{self.ruleset}/{self.players}/{self.seed if self.seed is not None else self.game_id}"


def is_cross(seats: Iterable[SeatFacts]) -> bool:
    """Whether the game mixes contestants within a side: then a seat is never scored on its own contestant's
    seats (docs/metrics.md, "Cross-scoring"). A game of one contestant (self-play) has only itself to score on,
    and a side-pure game (each side held by one contestant: side-pure, anchored) is scored like it, on every
    other seat, or its good seats could only ever be scored on the killers."""
    seats = list(seats)
    return any(len({s.contestant for s in seats if s.side == side}) > 1 for side in {s.side for s in seats})


def scored(rater: SeatFacts, target: SeatFacts, cross: bool) -> bool:
    """Whether an act or a belief of `rater` about `target` is scored: another seat, of another contestant when
    the game is cross-scored."""
    return rater.seat != target.seat and not (cross and rater.contestant == target.contestant)


def side_of(cards: Sequence[str]) -> str:
    """A seat is on the killers' side if any of its cards is (v5 deals two)."""
    return Team.KILLERS.value if any(team_of(c) is Team.KILLERS for c in cards) else Team.GOOD.value
