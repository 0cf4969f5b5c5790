"""The night procedure of every ruleset so far: the judge calls each step in order, everyone answers at once,
then the ruleset's resolver settles the night (a night with another order or power is another procedure)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.moves.decisions import Action
from engine.night.common import collect_choices, night_requests
from engine.night.talk import talk_or_settle
from engine.ruleset import Judge, NightStep, Resolver


@dataclass(frozen=True)
class CalledNight:
    """天黑请闭眼: each step's role opens its eyes and chooses; the choices are independent, so they are asked
    all at once; a team whose members proposed different targets is shown the proposals and asked again
    (R-team-talk, engine/night/talk.py); `resolve` turns the final choices into the night's deaths and ends in
    judge.after_night()."""

    steps: tuple[NightStep, ...]
    resolve: Resolver
    # The resolver's rules that change what a power does, by name (words/card_phrases.py words each for the rules
    # card): a secret police who cannot be killed before he fires, empty needles, a hug that voids a check...
    rulings: tuple[str, ...] = ()

    def begin(self, judge: Judge) -> None:
        requests = night_requests(judge, self.steps)
        if requests:
            judge.ask(*requests)
        else:
            self.resolve(judge, collect_choices(judge, self.steps, ()))

    def on_answers(self, judge: Judge, answers: tuple[Action, ...]) -> None:
        final = talk_or_settle(judge, self.steps, answers)  # a team that proposed apart talks first (R-team-talk)
        if final is not None:
            self.resolve(judge, collect_choices(judge, self.steps, final))
