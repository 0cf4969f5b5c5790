"""Issue 42: the replay page's own words (orchestrator/output/html/labels.py) hold no rule sentence. A rule the
page tells a reader must come from a rule claim the engine proves (words/claims); the labels are the page's
controls, headings, captions and the names of a seat's state (out, silenced today, lost a card), never what the
judge does. The detector is this test's own: a modal, a condition or a rule's effect; it is shown to flag every
rule sentence of the rules card, so a label that states a rule cannot slip past it."""

from __future__ import annotations

import re

import pytest

from engine.rulesets import all_rulesets
from orchestrator.output.html.labels import LABELS
from words.card_phrases import DAYS, LAST_WORDS, RULINGS
from words.claims import all_claims
from words.claims.render import render

EN_RULE_WORDS = ("may", "must", "cannot", "can", "only", "unless", "if", "when", "wins?", "won", "dies?", "died",
                 "kills?", "killed", "executes?", "executed", "kicked", "survives?", "allowed", "announces?",
                 "nobody", "answer", "votes?", "checks?", "shoots?", "shot", "saves?", "needles?", "takes?",
                 "accuse[sd]?", "defends?", "decides?", "draw", "hugs?", "silences?", "snipes?", "is out",
                 "last words")
ZH_RULE_WORDS = ("可以", "可投", "必须", "不能", "不再", "只能", "只有", "如果", "若", "否则", "获胜", "胜利", "赢",
                 "死亡", "处决", "出局时", "杀", "救", "宣布", "每人", "每张", "所有人", "任何人", "依次", "被指认",
                 "提示", "验", "投票", "算票", "平局")
RULE = {"en": re.compile(r"\b(?:" + "|".join(EN_RULE_WORDS) + r")\b", re.I), "zh": re.compile("|".join(ZH_RULE_WORDS))}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_page_label_states_a_rule(lang: str) -> None:
    said = {key: text for key, text in LABELS[lang].items() if RULE[lang].search(text)}
    assert said == {}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_detector_flags_every_rule_sentence_of_the_card(lang: str) -> None:
    """Every sentence the rules card renders from a claim (11 rulesets at their default size) and every day,
    last-words and ruling sentence is caught by the detector the labels pass."""
    sentences = {render(c, lang) for r in all_rulesets() for c in all_claims(r.id)
                 if c.act not in ("side", "cards", "eyes_open", "shown", "cards_act")}
    sentences |= {line[lang] for table in (DAYS, LAST_WORDS, RULINGS) for line in table.values()}
    missed = sorted(s for s in sentences if not RULE[lang].search(s))
    assert missed == []
