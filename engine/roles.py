"""Roles: stable ids, the side each belongs to, and their display names (en/zh) in one table."""

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


_ROLES = (
    RoleInfo("civilian", Team.GOOD, "Civilian", "平民"),
    RoleInfo("killer", Team.KILLERS, "Killer", "杀手"),
    RoleInfo("police", Team.GOOD, "Police", "警察"),
    RoleInfo("doctor", Team.GOOD, "Doctor", "医生"),
    RoleInfo("secret_police", Team.GOOD, "Secret police", "秘密警察"),
    RoleInfo("sniper", Team.GOOD, "Sniper", "狙击手"),
    RoleInfo("butterfly", Team.GOOD, "Butterfly", "花蝴蝶"),
    RoleInfo("old_man", Team.GOOD, "Forest old man", "森林老人"),
    RoleInfo("traitor", Team.KILLERS, "Traitor", "匪民"),
    RoleInfo("undercover", Team.KILLERS, "Undercover", "卧底"),
    RoleInfo("judge", Team.GOOD, "Judge card", "大王(法官)"),
)

ROLES: dict[str, RoleInfo] = {r.id: r for r in _ROLES}
ROLE_IDS: tuple[str, ...] = tuple(ROLES)


def team_of(role: str) -> Team:
    """The side a role plays for."""
    return ROLES[role].team


def display_name(role: str, lang: str = "en") -> str:
    """The role's name in `lang` (en or zh)."""
    info = ROLES[role]
    return info.zh if lang == "zh" else info.en
