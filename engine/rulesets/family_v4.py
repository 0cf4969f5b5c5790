"""v4.0: butterfly, sniper, doctor, police, forest old man (000/002/003 v4.0 "classic") and 004's standard V4.0.

Rulings (docs/rules.md): R-v4-table, R-v4-mandatory, R-v4-killer-self, R-v4-police-self, R-v4std-kill,
plus the dawn rulings in engine/night/butterfly.py and the day rulings in engine/day/round_vote.py.
"""

from __future__ import annotations

from engine.day.nomination import NominationDay
from engine.day.round_vote import RoundVoteDay
from engine.night.butterfly import butterfly_resolver
from engine.night.procedure import CalledNight
from engine.roles import SPECIAL_ROLES
from engine.ruleset import LastWords, NightStep, Ruleset, Victory
from engine.rulesets.common import (
    SEED_000,
    SEED_002,
    SEED_003,
    SEED_004,
    introduce_killers,
    introduce_killers_and_police,
    killers_step,
    police_step,
)
from engine.state import GameState

CLASSIC_SPECIALS = ("butterfly", "sniper", "doctor", "police", "old_man")  # 002 v4.0's cards, in its order
SPECIALS = frozenset(r for r in CLASSIC_SPECIALS if r in SPECIAL_ROLES)  # the special identities dealt in v4


def classic_table(n: int) -> tuple[str, ...]:
    """002 v4.0: "花蝴蝶1名，狙击手1名，医生1名，警察1名，森林老人1名，杀手3名，平民3~5名（平民5名之后 杀手与平民
    可按1：1比例可继续增加）例如：杀手4名，平民6名；杀手5名，平民7名". R-v4-table: 11-13 players have 3 killers and
    3-5 civilians; past 13 each new pair is a killer and a civilian, the civilian coming first on an even count
    (14: 3 killers 6 civilians; 15: 4/6; 16: 4/7; 17: 5/7 ...)."""
    killers = 3 + max(0, n - 13) // 2
    return CLASSIC_SPECIALS + ("killer",) * killers + ("civilian",) * (n - len(CLASSIC_SPECIALS) - killers)


def std_table(n: int) -> tuple[str, ...]:
    """004 V4.0 I: "参加人数14人 ... 人员配置为3杀手、2警察、1医生、1狙击手、1花蝴蝶、1森林老人、5平民"."""
    return ("killer",) * 3 + ("police",) * 2 + ("doctor", "sniper", "butterfly", "old_man") + ("civilian",) * 5


def v4_last_words(state: GameState, seat: int, cause: str) -> bool:
    """002 v4.0 3.B: "死者无论怎么身份均可留遗言（包括杀手）"; 3.E: an executed killer "没有遗言", an executed good
    seat "请留遗言". Silenced seats stay mute (judge.queue_last_words skips them: "被禁言的人不允许说话")."""
    return cause == "night" or "killer" not in state.seat(seat).cards  # the seat is already dead: read its card


# R-v4-mandatory: every night role must name a seat: 002 v4.0 2.A-F "法官必须确定...的人后才可宣布...回去"
# (004 V4.0 III: "请...给我一个号码"), so no step may pass.
CLASSIC_STEPS = (
    NightStep("butterfly", "hug", "002 v4.0 2.A: 花蝴蝶抬头睁眼，然后抱一个人 ... 花蝴蝶一夜只许抱一人，且不能抱自己",
              self_target=False),
    NightStep("sniper", "snipe", "002 v4.0 2.B: 狙击手...狙死一个人 ... 狙击手一夜只许狙一人，可以狙自己"),
    NightStep("doctor", "save", "002 v4.0 2.C: 医生...扎一个人 ... 医生一夜只许扎一人，可以扎自己"),
    # R-v4-killer-self: "杀手一夜只许杀死一人，可以自杀": any living seat, a killer's own or a teammate's included.
    killers_step(True, "002 v4.0 2.D: 杀手...相互认识一下，然后协调意见杀死一人 ... 可以自杀"),
    # R-v4-police-self: the police point at someone else ("验证一个人"); checking oneself tells nothing.
    police_step("002 v4.0 2.E: 如果是杀手，则法官点头，除了杀手之外的任何人...法官均摇头 (没有答案: 花蝴蝶所抱之人)"),
    NightStep("old_man", "silence", "002 v4.0 2.F: 森林老人...禁言一个人 ... 森林老人一夜只许禁言一人，可以禁言自己"),
)

V4_CLASSIC = Ruleset(
    id="v4-classic",
    title="v4.0 classic — butterfly, sniper, doctor, police, forest old man",
    sources=(SEED_000, SEED_002, SEED_003),
    players=(11, 19),
    default_players=13,
    composition=classic_table,
    night=CalledNight(steps=CLASSIC_STEPS,
    resolve=butterfly_resolver(hugged_check_blocked=True, alternate_order=True),
    rulings=("hug_blocks_check", "killed_and_sniped", "empty_needles")),
    day=RoundVoteDay(),
    victory=Victory(
        cites="002 v4.0 4: 所有特殊身份（包括花蝴蝶、狙击手、医生、警察、森林老人）全部死掉，或者杀手人数不少于非杀手"
        "人数，则杀手获胜。所有杀手均死掉 (好人胜)。最后1个或几个杀手与最后1个或几个特殊身份夜里同时死光，则平局",
        wipe_out=(SPECIALS,),
        parity=True,
    ),
    last_words=LastWords("v4", v4_last_words),
    introductions=introduce_killers,
    summary="hug, snipe, needle, kill, check, silence; dead speak in alternating order; speak-then-vote round",
    title_zh="v4.0 经典版：花蝴蝶、狙击手、医生、警察、森林老人",
    summary_zh="抱、狙、扎针、杀、验、禁言；死者按交替顺序留遗言；先发言后投票",
)

STD_STEPS = (
    NightStep("butterfly", "hug", "004 V4.0 II.6/III.3: 每晚可以'抱'一个人，但不可以抱自己 ... 请花蝴蝶给我一个号码",
              self_target=False),
    # R-v4std-kill: "杀手:杀死警察、医生或平民" is copied from V2.5; any living non-killer may be killed.
    killers_step(False, "004 V4.0 II.1/III.5: 杀手不允许自杀 ... 请杀手给我一个号码", not_teammates=True),
    police_step("004 V4.0 III.8: 请警察给我一个号码 ... 法官会给出相应的手势 (R-v4std-check-hugged: answered)"),
    NightStep("doctor", "save", "004 V4.0 II.4/III.9: 医生可以救自己 ... 请医生给我一个号码"),
    NightStep("sniper", "snipe", "004 V4.0 II.5/III.10: 狙击手每夜睁眼开枪狙杀一人，也可以自杀"),
    NightStep("old_man", "silence", "004 V4.0 II.7/III.11: 森林老人每夜可以让一个人禁言，也可以禁言自己"),
)

V4_STD = Ruleset(
    id="v4-std",
    title="004 V4.0 standard — 14 players, butterfly and forest old man",
    sources=(SEED_004,),
    players=(14, 14),
    default_players=14,
    composition=std_table,
    night=CalledNight(steps=STD_STEPS,
    resolve=butterfly_resolver(hugged_check_blocked=False, alternate_order=False),
    rulings=("killed_and_sniped", "empty_needles")),
    # 004 V4.0 III.13-15: accusations, the most accused defends, > half to execute; "第二轮为生死轮".
    day=NominationDay(rounds=2),
    victory=Victory(
        cites="004 V4.0 IV.1-4: 杀手一方全部死亡，则警察、医生和狙击手等一方获胜。警察、医生、狙击手、花蝴蝶和森林老人"
        "一方全部死亡，则杀手一方获胜。平民一方全部死亡，则杀手一方获胜。如杀手和平民同时全部死亡，为平局;如杀手和"
        "警察、医生、狙击手、花蝴蝶、森林老人同时全部死亡，为平局",
        wipe_out=(SPECIALS, frozenset({"civilian"})),
    ),
    # 004 V4.0 other rule 2: "V4.0版本任何人没有遗言" (the Ruleset default NO_LAST_WORDS).
    jump_kill=frozenset({"killer"}),  # other rule 3: "游戏中只允许杀手'跳杀'"
    introductions=introduce_killers_and_police,  # III.4 and III.7: "相互认识自己的同伴"
    summary="14 players; hug, kill, check (2 police), needle, snipe, silence; 2 nomination rounds; no last words",
    title_zh="004 标准 V4.0：14人，花蝴蝶与森林老人",
    summary_zh="14人；抱、杀、验（2警察）、扎针、狙、禁言；两轮指认；没有遗言",
)

RULESETS = (V4_CLASSIC, V4_STD)
