"""Why an entry was refused, in one sentence of the reader's language: from the rule id the judge names
(engine.legality.validate, engine.legality.claims) and what the person chose, never the judge's internal message."""

from __future__ import annotations

import re
from typing import Any

from hygiene.sanitize import clean
from words.narrator import Words

REASONS: dict[str, dict[str, str]] = {
    "en": {
        "no_such_seat": "There is no {target} at this table.",
        "target_dead": "{Target} is dead.",
        "no_self_target_vote": "You cannot vote for yourself.",
        "no_self_target_accusation": "You cannot accuse yourself.",
        "no_self_target": "You cannot choose yourself here.",
        "no_teammate_target": "{Target} is your teammate.",
        "must_choose": "You must choose a seat here: passing is not allowed.",
        "illegal_target": "{Target} is not a choice here.",
        "illegal_accusation": "You cannot accuse {target} here.",
        "must_accuse": "You must accuse someone here.",
        "not_a_choice": "“{typed}” is none of the choices.",
        "silenced": "You are silenced today: you cannot speak.",
        "claimed_night": "There was no such night yet.",
        "claimed_target": "That is not a seat at this table.",
        "too_many_claimed_checks": "A claim reports at most 8 checks.",
        "jump_kill_not_allowed": "You may not jump-kill now.",
        "refused": "The judge does not accept this.",
        "unknown": "The judge does not accept this: {detail}.",
    },
    "zh": {
        "no_such_seat": "本局没有{target}。",
        "target_dead": "{target}已经死亡。",
        "no_self_target_vote": "你不能投自己。",
        "no_self_target_accusation": "你不能指认自己。",
        "no_self_target": "这里不能选自己。",
        "no_teammate_target": "{target}是你的同伴。",
        "must_choose": "这里必须选一个人，不能放弃。",
        "illegal_target": "这里不能选{target}。",
        "illegal_accusation": "这里不能指认{target}。",
        "must_accuse": "这里必须指认一个人。",
        "not_a_choice": "“{typed}”不在选项里。",
        "silenced": "你今天被禁言，不能发言。",
        "claimed_night": "还没有过那一夜。",
        "claimed_target": "本局没有这个座位。",
        "too_many_claimed_checks": "一次声明最多报8个查验。",
        "jump_kill_not_allowed": "现在不能自爆。",
        "refused": "法官不接受。",
        "unknown": "法官不接受：{detail}。",
    },
}
RULE_TAG = re.compile(r"\s*\[rule: (\w+)\]\s*$")


def refusal(lang: str, rule: str, target: Any = None, kind: str = "", typed: str = "") -> str:
    """The sentence for `rule` (a self-target worded by the decision `kind`: a vote, an accusation)."""
    table = REASONS["zh" if lang == "zh" else "en"]
    key = f"{rule}_{kind}" if f"{rule}_{kind}" in table else rule
    template = table.get(key, table["illegal_target"] if target is not None else table["refused"])
    worded = Words(lang).target(target)
    return template.format(target=worded, Target=worded[:1].upper() + worded[1:], typed=clean(typed, max_chars=20))


def judge_refusal(lang: str, error: str, target: Any = None, kind: str = "") -> str:
    """The judge's refusal of an answer (`message [rule: id]`, engine.errors) as the person reads it."""
    found = RULE_TAG.search(error)
    table = REASONS["zh" if lang == "zh" else "en"]
    if found is None or (found.group(1) not in table and f"{found.group(1)}_{kind}" not in table):
        return table["unknown"].format(detail=clean(RULE_TAG.sub("", error), max_chars=160))  # a rule not worded yet
    return refusal(lang, found.group(1), target, kind)
