"""v1.0: killers against civilians only (000/002/003 v1.0)."""

from __future__ import annotations

from engine.day.referendum import ReferendumDay
from engine.night.basic import resolve_kill_save_check
from engine.night.procedure import CalledNight
from engine.ruleset import Ruleset, Victory
from engine.rulesets.common import SEED_000, SEED_002, SEED_003, SEED_004, introduce_killers, killers_step, ratio_table


def v1_table(n: int) -> tuple[str, ...]:
    """000 v1.0: "10-20 people ... one person will be the judge, 2-3 people will be the killers"."""
    return ratio_table(n, 2 if n < 13 else 3, 0)


V1 = Ruleset(
    id="v1",
    title="v1.0 — killers and civilians",
    sources=(SEED_000, SEED_002, SEED_003, SEED_004),
    players=(9, 19),
    default_players=12,
    composition=v1_table,
    night=CalledNight(steps=(
        killers_step(False, "004 V1.0: 摸到杀手牌的人睁眼，指定一个要杀的平民后闭眼", not_teammates=True),
    ),
    resolve=resolve_kill_save_check),
    day=ReferendumDay(),
    victory=Victory(
        cites="000 v1.0: If the killer finally kills all the good guys, then the killer wins; "
        "if the good guys find all the killers, then the good guys win",
        wipe_out=(frozenset({"civilian"}),),
    ),
    introductions=introduce_killers,
    summary="killers vs civilians; night kill; day referendum",
    title_zh="v1.0：杀手与平民",
    summary_zh="杀手对平民；夜里杀人；白天全民投票",
)

RULESETS = (V1,)
