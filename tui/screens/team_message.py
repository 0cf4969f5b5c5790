"""A person's words to the partners at night (issue 19, ruling R-team-talk): after a team night choice, one short
line the partners read at the next round of their talk and in their notes; Enter on an empty line or Escape says
nothing. Its own few words live here, beside the screen, in both languages."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from engine.moves.decisions import MAX_TEAM_MESSAGE
from tui.screens.prompts import SpeechScreen

WORDS = {
    "en": {"ask": "A word to your partners (seat {seats}), at most {n} characters: they read it at the next round "
                  "of your talk, nobody else does.",
           "hint": "Enter: speak to your partners (an empty line says nothing) · Esc: say nothing"},
    "zh": {"ask": "对同伴（{seats}号）说一句话，最多{n}字：他们在下一轮商量时看到，别人看不到。",
           "hint": "回车：对同伴说（空着就是不说） · Esc：不说"},
}


def partners_of(request: dict[str, Any]) -> list[int]:
    """The other seats of a team night choice (none: the seat acts alone)."""
    team = [int(s) for s in request.get("team") or ()]
    return [s for s in team if s != int(request["seat"])] if request.get("kind") == "night" else []


class TeamMessageScreen(SpeechScreen):
    """One line to the partners, cut at the engine's limit; an empty line or Escape sends nothing."""

    def __init__(self, partners: list[int], lang: str) -> None:
        words = WORDS["zh" if lang == "zh" else "en"]
        sep = "、" if lang == "zh" else ", "
        super().__init__(words["ask"].format(seats=sep.join(str(s) for s in partners), n=MAX_TEAM_MESSAGE), lang)
        self.hint = words["hint"]

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(self.title_text, classes="title")
            yield self._error_label(None)
            yield Input(id="speech", max_length=MAX_TEAM_MESSAGE)
            yield Label(self.hint, classes="hint")

    @on(Input.Submitted)
    def _said(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())
