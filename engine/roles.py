"""Roles and night actions: stable ids, sides, display names and one-line help (en/zh) in one table each.

Prompts, the TUI, the narrator and the bots read these tables; adding a role means adding a row here."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Team(StrEnum):
    """The two sides of every ruleset."""

    KILLERS = "killers"
    GOOD = "good"


@dataclass(frozen=True, slots=True)
class RoleInfo:
    """What a role is, independent of any ruleset."""

    id: str
    team: Team
    en: str
    zh: str
    help_en: str = ""
    help_zh: str = ""
    special: bool = False  # a special identity: a good card with a power (the killers' first targets)
    plural_en: str = ""  # the English plural where it is not the name + "s" ("Butterflies"; "Police" stay)


# The special identities: 002 v4.0 4 "所有特殊身份（包括花蝴蝶、狙击手、医生、警察、森林老人）"; 000 v3.0 "the killer
# should target these three identities first" (police, doctor, secret police); 000 v4.0 "other special identities".
_ROLES = (
    RoleInfo("civilian", Team.GOOD, "Civilian", "平民",
             "no night power; finds the killers by talk and votes", "没有夜间能力；靠发言和投票找出杀手"),
    RoleInfo("killer", Team.KILLERS, "Killer", "杀手",
             "chooses a victim at night, with the other killers where there are several",
             "夜里选择杀死一人，有几名杀手时一起选"),
    RoleInfo("police", Team.GOOD, "Police", "警察",
             "each night points at one seat; the judge nods for a killer, shakes his head otherwise",
             "每晚指认一人验身份；是杀手法官点头，否则摇头", special=True, plural_en="Police"),
    RoleInfo("doctor", Team.GOOD, "Doctor", "医生",
             "chooses one seat to save each night; the killers' victim survives if saved",
             "每晚救一人；杀手的目标若被救则不死", special=True),
    RoleInfo("secret_police", Team.GOOD, "Secret police", "秘密警察",
             "may shoot one seat once per game", "全局可以开枪一次", special=True, plural_en="Secret police"),
    RoleInfo("sniper", Team.GOOD, "Sniper", "狙击手", "snipes one seat each night", "每夜狙击一人", special=True),
    RoleInfo("butterfly", Team.GOOD, "Butterfly", "花蝴蝶",
             "holds on to another player at night, whose fate then follows the butterfly's",
             "夜里抱住（或拿走）别人，被抱的人当晚随花蝴蝶的遭遇而定", special=True, plural_en="Butterflies"),
    RoleInfo("old_man", Team.GOOD, "Forest old man", "森林老人",
             "silences one seat each night: it may not speak the next day", "每晚禁言一人，次日白天不得发言",
             special=True, plural_en="Forest old men"),
    RoleInfo("traitor", Team.KILLERS, "Traitor", "匪民",
             "a civilian who plays for the killers; the police see him as not a killer",
             "站在杀手一边的平民；警察验他是好人"),
    RoleInfo("undercover", Team.KILLERS, "Undercover", "卧底",
             "plays for the killers while sitting with the police", "与警察一起睁眼，却站在杀手一边"),
    RoleInfo("judge", Team.GOOD, "Judge card", "大王(法官)", "the judge's card (out of play)", "法官牌（不参与游戏）"),
)

ROLES: dict[str, RoleInfo] = {r.id: r for r in _ROLES}
ROLE_IDS: tuple[str, ...] = tuple(ROLES)
SPECIAL_ROLES: frozenset[str] = frozenset(r.id for r in _ROLES if r.special)


def team_of(role: str) -> Team:
    """The side a role plays for."""
    return ROLES[role].team


def display_name(role: str, lang: str = "en") -> str:
    """The role's name in `lang` (en or zh)."""
    info = ROLES[role]
    return info.zh if lang == "zh" else info.en


def role_help(role: str, lang: str = "en") -> str:
    """What the role does, in one line."""
    info = ROLES[role]
    return info.help_zh if lang == "zh" else info.help_en


def plural_en(role: str) -> str:
    """The role's English name for several seats ("Killers", "Butterflies", "Police")."""
    info = ROLES[role]
    return info.plural_en or info.en + "s"


def is_special(role: str) -> bool:
    """A special identity (its row's `special`): a good card with a power; False for a role the table lacks."""
    info = ROLES.get(role)
    return info is not None and info.special


class Effect(StrEnum):
    """What a night action does to its target: the bots avoid harming teammates and protect the trusted."""

    HARMFUL = "harmful"
    PROTECTIVE = "protective"
    NEUTRAL = "neutral"  # v5's take: the card sits the night out, neither harmed nor saved by the taker


@dataclass(frozen=True, slots=True)
class NightAction:
    """A night power, independent of the role that holds it: its verb, what a request for it asks (`help`, the
    line a seat's prompt and the TUI show), and its line on the rules card (`card`, with {who} for the role)."""

    id: str
    effect: Effect
    en: str  # the verb: "kill"
    zh: str  # the verb: "杀"
    help_en: str
    help_zh: str
    card_en: str
    card_zh: str


_ACTIONS = (
    NightAction("kill", Effect.HARMFUL, "kill", "杀", "choose tonight's victim", "选择今晚要杀的人",
                "{who} choose a seat to kill", "{who}选择一名玩家杀死"),
    NightAction("check", Effect.HARMFUL, "check", "验", "point at one seat to check", "指认一个人来验",
                "{who} check a seat: the judge nods for a killer, shakes the head otherwise",
                "{who}查验一名玩家：是杀手法官点头，否则摇头"),
    NightAction("save", Effect.PROTECTIVE, "save", "救", "choose one seat to save", "选择要救的人",
                "{who} choose a seat to save from tonight's kill", "{who}选择一名玩家，救下当晚被杀的人"),
    NightAction("shoot", Effect.HARMFUL, "shoot", "开枪打", "may shoot one seat", "可以开枪打一个人",
                "{who} may shoot a seat once per game", "{who}每局可开枪一次"),
    NightAction("snipe", Effect.HARMFUL, "snipe", "狙击", "shoot one seat", "狙击一个人",
                "{who} choose a seat to snipe", "{who}选择一名玩家狙杀"),
    NightAction("hug", Effect.PROTECTIVE, "hug", "抱", "hug one seat", "抱一个人",
                "{who} hug a seat: what is aimed at it tonight is void, and it shares what befalls the hugger",
                "{who}抱住一名玩家：当晚针对被抱者的行动无效，花蝴蝶遭遇什么，被抱的人也一样"),
    NightAction("silence", Effect.HARMFUL, "silence", "禁言", "silence one seat for tomorrow",
                "禁言一个人（明天不得发言）", "{who} silence a seat for the next day",
                "{who}禁言一名玩家，第二天不能发言"),
    NightAction("take", Effect.NEUTRAL, "take", "拿走", "take one card", "拿走一张牌",
                "{who} may take away one card for the night", "{who}可以拿走一张牌，为期一夜"),
)

NIGHT_ACTIONS: dict[str, NightAction] = {a.id: a for a in _ACTIONS}


def effect_of(action: str | None) -> Effect | None:
    """What a night action does to its target (its row's effect; None for an unknown id): the bots choose by it,
    so a new protective action is played as the doctor's save is."""
    info = NIGHT_ACTIONS.get(action or "")
    return info.effect if info is not None else None


def action_name(action: str, lang: str = "en") -> str:
    """The night action's verb in `lang`; an unknown id is shown as it is."""
    info = NIGHT_ACTIONS.get(action)
    if info is None:
        return action
    return info.zh if lang == "zh" else info.en


def action_help(action: str, lang: str = "en") -> str:
    """What the night action does, in one line."""
    info = NIGHT_ACTIONS.get(action)
    if info is None:
        return ""
    return info.help_zh if lang == "zh" else info.help_en


def action_card(action: str, lang: str = "en") -> str:
    """The night action's line on the rules card, with {who} for the role that acts."""
    info = NIGHT_ACTIONS[action]
    return info.card_zh if lang == "zh" else info.card_en
