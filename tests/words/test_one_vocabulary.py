"""One vocabulary: a thing the TUI, the Markdown render and the replay page all say is worded once, in words/ (the
narrator's phrases); the TUI's and the page's own tables keep their screen labels only, and take every shared word
from there. The engine defines the speaking decisions once."""

from __future__ import annotations

import pytest

from engine import SPEAKING, DecisionKind
from orchestrator.output.html import labels
from tui import i18n
from tui.i18n_screens import SCREEN_STRINGS
from words.narrator import phrase
from words.phrases import PHRASES

# The same words in another sense, and why they are not one thing: the page's "out" (出局) of a dead seat in its
# alive strip is not the lot's outcome that sends the drawn seat out (lot_executed).
OTHER_SENSE = {("html", "dead")}


def tables(lang: str) -> dict[str, dict[str, str]]:
    return {"tui": {**i18n.STRINGS[lang], **SCREEN_STRINGS[lang]}, "html": labels.LABELS[lang]}


SHARED = {"tui": i18n.FROM_WORDS, "html": labels.FROM_WORDS}


def same_words(key: str, table: str, other: dict[str, dict[str, str]]) -> list[str]:
    """The keys of `other` (a table per language) that say what `key` of `table` says, in English and Chinese."""
    mine = {lang: tables(lang)[table].get(key) for lang in ("en", "zh")}
    return [k for k, en in other["en"].items() if en == mine["en"] and other["zh"].get(k) == mine["zh"]]


def test_no_word_of_the_narrator_is_written_again() -> None:
    """A label that says in both languages what a narrator phrase says is that phrase, taken from words/."""
    phrases = {lang: {k: v for k, v in PHRASES[lang].items() if isinstance(v, str)} for lang in ("en", "zh")}
    again = {(name, key) for name in SHARED for key in tables("en")[name]
             if key not in SHARED[name] and same_words(key, name, phrases)} - OTHER_SENSE
    assert not again, again
    for lang in ("en", "zh"):  # and the shared ones are the narrator's, word for word
        for name, table in tables(lang).items():
            assert all(table[key] == PHRASES[lang][word] for key, word in SHARED[name].items())


def test_the_tui_and_the_page_share_no_label_outside_words() -> None:
    page = {lang: {k: v for k, v in tables(lang)["html"].items() if k not in SHARED["html"]} for lang in ("en", "zh")}
    both = {key for key in tables("en")["tui"] if key not in SHARED["tui"] and same_words(key, "tui", page)}
    assert not both, both


@pytest.mark.parametrize(("side", "word"), [("killers", "won_killers"), ("good", "won_good"), ("draw", "won_draw")])
def test_the_winner_is_worded_alike_everywhere(side: str, word: str) -> None:
    assert i18n.tr("zh", f"winner_{side}") == phrase("zh", word)
    assert i18n.tr("zh", "winner_killers") == "杀手获胜"


def test_the_speaking_kinds_are_defined_once() -> None:
    from agents.bots import random_bot
    from agents.llm import schema

    assert {DecisionKind.STATEMENT, DecisionKind.DEFENSE, DecisionKind.LAST_WORDS} == SPEAKING
    assert not hasattr(random_bot, "SPEAKING") or random_bot.SPEAKING is SPEAKING
    assert not hasattr(schema, "SPEAKING") or schema.SPEAKING is SPEAKING


@pytest.mark.parametrize("result", ["killer", "not_killer"])
def test_the_check_is_one_verb_in_chinese(result: str) -> None:
    """Issue 39: one act, one verb. The judge's answer to a check and a seat's claimed check are both worded with
    验 (查验 as the noun); a bare 查 beside 验 made the same act read as two."""
    from engine import Event
    from words.narrator import sentence

    claimed = sentence(Event("statement", {"seat": 2, "kind": "statement", "speech": "", "accusation": None, "claim": {
        "role": "police", "checks": [{"night": 1, "target": 5, "result": result}]}}), "zh")
    answered = sentence(Event("check_result", {"night": 1, "by": "police", "target": 5, "result": result}), "zh")
    for text in (claimed, answered):
        assert "验" in text, text
        assert "查" not in text.replace("查验", ""), text
