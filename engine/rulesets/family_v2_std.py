"""004's standard rules V2.0 (v2-std) and V2.5 (v2.5-std): accusation rounds, >half approval, life-and-death."""

from __future__ import annotations

from engine.day.nomination import NominationDay
from engine.night.basic import resolve_kill_save_check
from engine.night.procedure import CalledNight
from engine.ruleset import NO_LAST_WORDS, LastWords, NightStep, Ruleset, Victory
from engine.rulesets.common import SEED_004, introduce_killers_and_police, killers_step, police_step, ratio_table
from engine.state import GameState


def v2_std_table(n: int) -> tuple[str, ...]:
    """004 V2.0 I: "玩家在8-10人时的角色配置为2杀手、2警察，其余为平民;玩家在11-13人时的角色配置为3杀手、3警察"."""
    teams = 2 if n <= 10 else 3
    return ratio_table(n, teams, teams)


def v25_std_table(n: int) -> tuple[str, ...]:
    """004 V2.5 I: "参加人数在10-13人范围较为理想。角色配置为3杀手、2警察、1医生"."""
    return ratio_table(n, 3, 2, ("doctor",))


def first_night_words(state: GameState, seat: int, cause: str) -> bool:
    """004 V2.0 other rule 2: "V2.0版本只有在第1个黑夜被杀死的人有遗言，其他死人没有遗言"."""
    return cause == "night" and state.night == 1


KILL_V2 = killers_step(
    False, "004 V2.0 III.4: 请杀手给我一个号码 ... 如果杀手意见不能统一，则法官取多数人意见; II.1: 杀手不允许自杀",
    not_teammates=True,
)
KILL_V25 = killers_step(
    False, "004 V2.5 III.4: 请杀手给我一个号码 ... 法官取多数人意见; II.1: 杀死警察、医生或平民。杀手不允许自杀",
    not_teammates=True,
)
DOCTOR_SAVE = NightStep(
    "doctor", "save",
    "004 V2.5 III.8: 请医生给我一个号码 ... 医生给法官要救人的号码; II.4: 医生可以救自己",
    self_target=True,
)

V2_STD = Ruleset(
    id="v2-std",
    title="004 standard V2.0 — killers, police, civilians; three accusation rounds",
    sources=(SEED_004,),
    players=(8, 13),
    default_players=12,
    composition=v2_std_table,
    night=CalledNight(steps=(
        KILL_V2,
        police_step("004 V2.0 III.7: 请警察给我一个号码 ... 法官会给出相应的手势来告知警察其判断是否正确"),
    ),
    resolve=resolve_kill_save_check),
    day=NominationDay(3, "v2_std"),
    victory=Victory(
        cites="004 V2.0 IV: 杀手一方全部死亡，则警察一方获胜。警察一方全部死亡，则杀手一方获胜。"
        "平民一方全部死亡，则杀手一方获胜",
        wipe_out=(frozenset({"police"}), frozenset({"civilian"})),
    ),
    last_words=LastWords("first_night", first_night_words),
    introductions=introduce_killers_and_police,
    summary="2/2 or 3/3 killers/police; accuse in turn, most accused defends, >half hands; 3rd round life-and-death",
    title_zh="004 标准 V2.0：杀手、警察、平民，三轮指认",
    summary_zh="2杀2警或3杀3警；轮流指认，得票最多者辩护，举手过半出局；第三轮为生死轮",
)

V25_STD = Ruleset(
    id="v2.5-std",
    title="004 standard V2.5 — killers, police, doctor, civilians; jump-kill",
    sources=(SEED_004,),
    players=(10, 13),
    default_players=12,
    composition=v25_std_table,
    night=CalledNight(steps=(
        KILL_V25,
        police_step("004 V2.5 III.7: 请警察给我一个号码 ... 法官会给出相应的手势来告知警察其判断是否正确"),
        DOCTOR_SAVE,  # 004 V2.5 III.8: the doctor is called after the police
    ),
    resolve=resolve_kill_save_check),
    day=NominationDay(2, "v25_std"),
    victory=Victory(
        cites="004 V2.5 IV: 杀手一方全部死亡，则警察和医生一方获胜。警察和医生一方全部死亡，则杀手一方获胜。"
        "平民一方全部死亡，则杀手一方获胜",
        wipe_out=(frozenset({"police", "doctor"}), frozenset({"civilian"})),
    ),
    last_words=NO_LAST_WORDS,  # 004 V2.5 other rule 2: "V2.5版本任何人没有遗言"
    jump_kill=frozenset({"killer"}),  # 004 V2.5 other rule 3: "游戏中只允许杀手“跳杀”"
    introductions=introduce_killers_and_police,
    summary="3 killers, 2 police, 1 doctor; two accusation rounds (2nd life-and-death); killers may jump-kill",
    title_zh="004 标准 V2.5：杀手、警察、医生、平民，可以跳杀",
    summary_zh="3杀手、2警察、1医生；两轮指认（第二轮为生死轮）；杀手可以跳杀",
)

RULESETS = (V2_STD, V25_STD)
