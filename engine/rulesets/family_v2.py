"""v2.0 classic: police join the killers and civilians (000/002 v2.0, 003's restatement of v2.0)."""

from __future__ import annotations

from engine.day.two_suspects import TwoSuspectsDay
from engine.night.basic import resolve_kill_save_check
from engine.night.procedure import CalledNight
from engine.ruleset import LastWords, Ruleset, Victory
from engine.rulesets.common import (
    SEED_000,
    SEED_002,
    SEED_003,
    introduce_killers_and_police,
    killers_step,
    police_step,
    ratio_table,
)
from engine.state import GameState


def classic_table(n: int) -> tuple[str, ...]:
    """000 v2.0 example: 12 players = 3 aces (killers), 3 kings (police), 6 civilians; scaled as n // 4."""
    return ratio_table(n, n // 4, n // 4)


def classic_last_words(state: GameState, seat: int, cause: str) -> bool:
    """000 v2.0: the murdered gives last words; an executed killer "cannot speak anymore", a good one can."""
    return cause == "night" or "killer" not in state.seat(seat).cards  # the seat is dead: read its card


V2_CLASSIC = Ruleset(
    id="v2-classic",
    title="v2.0 classic — killers, police, civilians",
    sources=(SEED_000, SEED_002, SEED_003),
    players=(8, 20),  # R-v2-players
    default_players=12,
    composition=classic_table,
    night=CalledNight(steps=(
        killers_step(False, "000 v2.0: any killer will instruct the judge to kill everyone in the closed eyes",
                     not_teammates=True),
        police_step("000 v2.0: suspect any one of them with closed eyes as the killer ... (nod yes and shake no)"),
    ),
    resolve=resolve_kill_save_check),
    day=TwoSuspectsDay(),
    victory=Victory(
        cites="000 v2.0: the murderer can win by killing all the police, or he can win by killing all the good "
        "people. The task of the police and good citizens is to catch all the murderers",
        wipe_out=(frozenset({"police"}), frozenset({"civilian"})),
    ),
    last_words=LastWords("classic", classic_last_words),
    introductions=introduce_killers_and_police,
    summary="+ police check (nod/shake); statements, two most suspected, final statements, revote",
    title_zh="v2.0 经典版：杀手、警察、平民",
    summary_zh="加入警察验人（点头/摇头）；轮流发言，选出两名嫌疑人做最后陈述，再投票",
)

RULESETS = (V2_CLASSIC,)
