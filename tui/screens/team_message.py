"""A person's words to the partners at night (issue 19, ruling R-team-talk): after a team night choice, one short
line the partners read at the next round of their talk and in their notes; Enter on an empty line or Escape says
nothing. A counter shows the characters used of the engine's limit, and the line stops at the limit on a word
boundary (a word that does not fit is not cut in half: it is left out, and the line says so). Its own few words
live here, beside the screen, in both languages."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from engine.moves.decisions import MAX_TEAM_MESSAGE
from tui.screens.prompts.docked import wrapped
from tui.screens.prompts.speech import SpeechScreen

WORDS = {
    "en": {"ask": "A word to your partners (seat {seats}), at most {n} characters: they read it at the next round "
                  "of your talk, nobody else does.",
           "hint": "Enter: speak to your partners (an empty line says nothing) · Esc: say nothing",
           "count": "{used}/{n} characters",
           "full": "{used}/{n} characters: the limit (a word that does not fit is left out)"},
    "zh": {"ask": "对同伴（{seats}号）说一句话，最多{n}字：他们在下一轮商量时看到，别人看不到。",
           "hint": "回车：对同伴说（空着就是不说） · Esc：不说",
           "count": "已用{used}/{n}字",
           "full": "已用{used}/{n}字：到上限了（放不下的词不写入）"},
}


def partners_of(request: dict[str, Any]) -> list[int]:
    """The other seats of a team night choice (none: the seat acts alone)."""
    team = [int(s) for s in request.get("team") or ()]
    return [s for s in team if s != int(request["seat"])] if request.get("kind") == "night" else []


def within_limit(text: str, limit: int = MAX_TEAM_MESSAGE) -> str:
    """`text` if it fits; else cut at the last word boundary within `limit` (a space, or any CJK character, which
    is a word of its own), never in the middle of a word."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    if not text[limit].isspace() and not _cjk(text[limit]) and not _cjk(head[-1]):
        cut = max(head.rfind(" "), 0)
        head = head[:cut]
    return head.rstrip()


def _cjk(char: str) -> bool:
    return "\u2e80" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef" or "\u3000" <= char <= "\u303f"


class TeamMessageScreen(SpeechScreen):
    """One line to the partners, with a counter, stopped at the engine's limit on a word boundary; an empty line or
    Escape sends nothing."""

    def __init__(self, partners: list[int], lang: str) -> None:
        self.words = WORDS["zh" if lang == "zh" else "en"]
        sep = "、" if lang == "zh" else ", "
        super().__init__(self.words["ask"].format(seats=sep.join(str(s) for s in partners), n=MAX_TEAM_MESSAGE),
                         lang)
        self.hint = self.words["hint"]
        self.clipped: str | None = None  # the line as last stopped at the limit

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(wrapped(self.title_text), classes="title")
            yield self._error_label(None)
            yield Input(id="speech")
            yield Label(self._count(0, full=False), id="count", classes="hint")
            yield Label(wrapped(self.hint), classes="hint")

    def _count(self, used: int, full: bool) -> str:
        """The counter: the characters used, and that the limit is reached when a word did not fit."""
        return self.words["full" if full else "count"].format(used=used, n=MAX_TEAM_MESSAGE)

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        kept = within_limit(event.value)
        if kept != event.value:
            self.clipped = kept  # the change this causes is the clipped line: still at the limit
            event.input.value = kept
            event.input.cursor_position = len(kept)
        full = len(event.value) > MAX_TEAM_MESSAGE or len(kept) == MAX_TEAM_MESSAGE or kept == self.clipped
        self.query_one("#count", Label).update(self._count(len(kept), full))

    @on(Input.Submitted)
    def _told(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(within_limit(event.value.strip()))
