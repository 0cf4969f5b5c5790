"""v3.0 (doctor, secret police; 000/002/003) and 004's standard V3.5 (traitor) and V3.8 (undercover)."""

from __future__ import annotations

from engine.day.nomination import NominationDay
from engine.day.two_suspects import TwoSuspectsDay
from engine.moves.decisions import Target
from engine.night.procedure import CalledNight
from engine.night.secret_police import has_bullet, resolve_rifle_vest, resolve_v3
from engine.record.catalog import EventKind
from engine.record.events import seats
from engine.ruleset import Introductions, Judge, LastWords, NightStep, Ruleset, Victory
from engine.rulesets.common import (
    SEED_000,
    SEED_002,
    SEED_003,
    SEED_004,
    introduce,
    introduce_killers_and_police,
    killers_step,
    police_step,
    ratio_table,
)
from engine.rulesets.family_v2 import classic_last_words
from engine.state import GameState

GOOD_POWERS = frozenset({"police", "doctor", "secret_police"})


def v3_table(n: int) -> tuple[str, ...]:
    """000 v3.0: "Taking 13 people as an example ... 3 killers, 2 policemen, 1 doctor, 1 secret policeman,
    and 6 civilians"; scaled as killers = n // 4 (v2-classic's ratio) and "the police will be 1-2 less
    than the killers" (one less, at least one); ruling R-v3-table."""
    killers = n // 4
    return ratio_table(n, killers, max(1, killers - 1), ("doctor", "secret_police"))


def std_table(extra: str) -> tuple[str, ...]:
    """004 V3.5/V3.8 I: "参加人数13人。人员配置为3杀手、2警察、1医生、1秘警、1匪民(卧底)、5平民"."""
    return ratio_table(13, 3, 2, ("doctor", "secret_police", extra))


def doctor_step(cites: str) -> NightStep:
    """The doctor saves one seat a night and may save himself (002 v3.0: "可以救自己")."""
    return NightStep("doctor", "save", cites)


def sp_step(cites: str) -> NightStep:
    """The secret police may fire once a game or hold fire (002 v3.0: "可以选择使用或不使用"); ruling
    R-sp-no-self: he may not point at himself (in v3 it does nothing; in v3.5 no seed allows it)."""
    return NightStep("secret_police", "shoot", cites, self_target=False, may_pass=True, irreversible=True,
                     active=has_bullet)


# -- v3.0 ---------------------------------------------------------------------------------------
V3 = Ruleset(
    id="v3",
    title="v3.0 — doctor and secret police",
    sources=(SEED_000, SEED_002, SEED_003),
    players=(10, 20),
    default_players=13,
    composition=v3_table,
    night=CalledNight(steps=(
        killers_step(False, "000 v2.0: any killer will instruct the judge to kill everyone in the closed "
                     "eyes", not_teammates=True),
        police_step("000 v2.0: suspect any one of them with closed eyes as the killer ... (nod yes and "
                    "shake no)"),
        doctor_step("002 v3.0: 在每一轮杀手杀完人，警察指认完后，就该医生睁眼，然后医生救人 ... 可以救自己"),
        sp_step("002 v3.0: 医生救完人后，到秘密警察睁眼 ... 如果被指的人是杀手，则该杀手被秘密警察杀死"),
    ),
    resolve=resolve_v3, rulings=("sp_immune", "shot_killers_only")),
    day=TwoSuspectsDay(),
    victory=Victory(
        cites="002 v3.0: 所有杀手死亡，则警察胜；警察、医生、秘密警察全部死亡，杀手胜；所有平民死亡，杀手胜 "
        "(both at once: R-draw)",
        wipe_out=(GOOD_POWERS, frozenset({"civilian"})),
    ),
    last_words=LastWords("classic", classic_last_words),
    introductions=introduce_killers_and_police,
    summary="v2-classic + doctor (one save a night) + secret police (one shot at a killer; unkillable "
    "before it)",
    title_zh="v3.0：医生与秘密警察",
    summary_zh="在 v2.0 经典版基础上加入医生（每晚救一人）和秘密警察（一枪打杀手；开枪前杀不死）",
)


# -- 004 V3.5 and V3.8 -------------------------------------------------------------------------
def show_to_killers(judge: Judge, role: str, cites: str) -> None:
    """004 V3.5 III.5: "法官说:'请杀手看我给出的号码'，此时法官将匪民的号码告诉杀手" (V3.8: 卧底)."""
    killers = judge.state.holders("killer")
    for seat in judge.state.holders(role):
        judge.emit(EventKind.SHOWN_TO_KILLERS, seats(killers), role=role, seat=seat, cites=cites)


def introduce_v35(judge: Judge) -> None:
    """Night 1: killers and police know their own; the killers are shown the traitor (004 V3.5 III.3-7)."""
    introduce(judge, "killer", "004 V3.5 III.4: 抽到3张杀手牌的人睁开眼，相互认识自己的同伴")
    show_to_killers(judge, "traitor", "004 V3.5 III.5: 此时法官将匪民的号码告诉杀手")
    introduce(judge, "police", "004 V3.5 III.7: 抽到2张警察牌的人睁开眼，相互认识自己的同伴")


def openers(state: GameState) -> list[int]:
    """004 V3.8 III.7: "抽到2张警察牌的人和卧底一起睁开眼" — the police and the undercover, while any police
    lives (other rule 8: "如警察全部死亡，卧底无权在黑夜进行指认")."""
    police = state.holders("police")
    return sorted(police + state.holders("undercover")) if police else []


def introduce_v38(judge: Judge) -> None:
    """Night 1: killers know their own and are shown the undercover; the openers learn who opened their eyes
    together, without roles (004 V3.8 III.7: "相互认识自己的同伴")."""
    introduce(judge, "killer", "004 V3.8 III.4: 抽到3张杀手牌的人睁开眼，相互认识自己的同伴")
    show_to_killers(judge, "undercover", "004 V3.8 III.5: 此时法官将卧底的号码告诉杀手")
    team = openers(judge.state)
    if team:
        judge.emit(EventKind.OPENERS, seats(team), seats=team,
                   cites="004 V3.8 III.7: 抽到2张警察牌的人和卧底一起睁开眼，相互认识自己的同伴")


def outside_openers(state: GameState, seat: int) -> list[Target]:
    """Ruling R-v38-no-internal-check (004 V3.8 other rule 4: "警察无权在黑夜中内部指认卧底"): the openers
    check only seats that did not open their eyes with them."""
    inside = set(openers(state))
    return [s for s in state.living() if s not in inside]


STD_VICTORY_CITES = (
    "004 V3.5 IV.1-4: 杀手一方全部死亡，则警察、医生和秘密警察一方获胜。"
    "警察、医生和秘密警察一方全部死亡，则杀手一方获胜。平民一方全部死亡，则杀手一方获胜。"
    "如杀手和平民同时全部死亡，为平局;如杀手和警察、医生、秘密警察同时全部死亡，为平局 "
    "(R-std-killer-side: 杀手一方 = the killers; the traitor/undercover follows them)"
)
STD_KILL = "004 V3.5 II.1: 杀手:杀死警察、医生或平民。杀手不允许自杀 (R-std-kill-ally)"
STD_SAVE = "004 V3.5 III.9: 请医生给我一个号码 ... 医生可以救自己 (II.4)"
STD_SHOOT = ("004 V3.5 III.10: 秘密警察，是否开枪,如果开枪，秘密警察则给法官一个号码;"
             "如果不开枪，则直接闭上眼睛")


def std_ruleset(
    rid: str, title: str, ally: str, check: NightStep, intro: Introductions, summary: str,
    zh: tuple[str, str] = ("", ""),
) -> Ruleset:
    """004's 13-player V3.5/V3.8: no last words, jump-kill for killers and their ally, 2 nomination rounds."""
    return Ruleset(
        id=rid,
        title=title,
        sources=(SEED_004,),
        players=(13, 13),
        default_players=13,
        composition=lambda n: std_table(ally),
        night=CalledNight(steps=(killers_step(False, STD_KILL, not_teammates=True), check, doctor_step(STD_SAVE),
                     sp_step(STD_SHOOT)),
        resolve=resolve_rifle_vest, rulings=("rifle_any", "vest", "shot_lost_if_killed")),
        day=NominationDay(rounds=2),
        victory=Victory(cites=STD_VICTORY_CITES, wipe_out=(GOOD_POWERS, frozenset({"civilian"}))),
        # 004 V3.5 other rule 3: "游戏中只允许杀手和匪民'跳杀'" (V3.8: "杀手和卧底").
        jump_kill=frozenset({"killer", ally}),
        introductions=intro,
        summary=summary,
        title_zh=zh[0],
        summary_zh=zh[1],
    )


V35 = std_ruleset(
    "v3.5-std", "004 V3.5 standard — traitor, rifle and vest", "traitor",
    police_step("004 V3.5 III.8: 请警察给我一个号码 ... 法官会给出相应的手势; "
                "other rule 4: 匪民 → 好身份的手势"),
    introduce_v35,
    "13 players; traitor shown to the killers; police check; doctor; secret police rifle (1 bullet) and vest",
    ("004 标准 V3.5：匪民、步枪与防弹衣",
     "13人；法官把匪民告诉杀手；警察验人；医生；秘密警察有步枪（一发子弹）和防弹衣"),
)

V38 = std_ruleset(
    "v3.8-std", "004 V3.8 standard — undercover among the police", "undercover",
    NightStep("police", "check", "004 V3.8 III.8: 由警察和卧底商量后向法官给出一个杀手嫌疑人的号码",
              team=True, self_target=False, targets=outside_openers, members=openers),
    introduce_v38,
    "13 players; the undercover opens eyes with the police and checks with them; rifle and vest",
    ("004 标准 V3.8：警察中的卧底", "13人；卧底与警察一起睁眼、一起验人；步枪与防弹衣"),
)

RULESETS = (V3, V35, V38)
