"""Narration in the terminal (rich) as the game goes: the narrator's sentence per event, speeches quoted as speech.

Text from players goes through rich.Text, never markup, so a speech cannot style itself as the judge; the
narrator has already made it one safe line (hygiene.sanitize.clean). Lines wrap by words.wrap (CJK rules), a
speech's continuation lines behind a quote bar: no wrapped word can start a line that reads as the judge's.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from engine import SPEECHES, EventKind
from hygiene.sanitize import clean
from orchestrator.output.render import role_name
from orchestrator.output.wrapped import JUDGE_INDENT, SPEECH_BAR, Wrapped
from orchestrator.store.transcript import Entry
from words.narrator import Words, count, echoes, heading, phrase, seen_by, sentence, speech_head, speech_words

QUIET = frozenset({EventKind.DEAL, EventKind.YOUR_CARDS, EventKind.CAUSE_OF_DEATH})  # shown better elsewhere


class Narrator:
    """Prints entries as they stream; `god` adds what only some seats (or the judge) saw, dimmed."""

    def __init__(self, console: Console | None = None, lang: str = "en", god: bool = True) -> None:
        self.console = console or Console(highlight=False)
        self.lang = lang
        self.god = god

    def on_entry(self, entry: Entry) -> None:
        event = entry.event
        if (event.visible_to is not None and (not self.god or event.kind in QUIET)) or echoes(event):
            return
        head = heading(event, self.lang)
        if head is not None:
            self.console.print(Rule(head))
        prefix = SPEECH_BAR if event.kind in SPEECHES else JUDGE_INDENT
        self.console.print(Wrapped(self._text(entry), prefix))

    def _text(self, entry: Entry) -> Text:
        event = entry.event
        if event.kind in SPEECHES:
            return self._speech(event.kind, event.data, entry.annotation)
        text = Text(clean(sentence(event, self.lang)))
        if event.visible_to is not None:
            text = Text.assemble((f"[{seen_by(event, self.lang)}] ", "dim"), (text.plain, "dim italic"))
        return self._with_fallback(text, entry.annotation)

    def _speech(self, kind: str, data: dict[str, Any], note: dict[str, Any] | None) -> Text:
        head = Text(speech_head(kind, data, self.lang), "bold cyan")
        if note and note.get("claimed_role") and self.god and not data.get("claim"):  # older games: the label
            head.append(phrase(self.lang, "narrate_claims", role=role_name(note["claimed_role"], self.lang)),
                        "magenta")
        words = speech_words(data)
        head.append(": " if self.lang == "en" else "：")
        head.append(f"“{words}”" if words else phrase(self.lang, "silent").strip(" —"), "green" if words else "dim")
        return self._with_fallback(head, note)

    def _with_fallback(self, text: Text, note: dict[str, Any] | None) -> Text:
        if note and note.get("fallback"):
            text.append(phrase(self.lang, "narrate_fallback", why=clean(str(note["fallback"]), max_chars=200)), "red")
        return text

    def on_end(self, end: dict[str, Any]) -> None:
        winner = Words(self.lang).winner(end.get("winner"))
        self.console.print(Rule(phrase(self.lang, "narrate_end", winner=winner,
                                       nights=count(self.lang, "nights", end.get("nights")),
                                       decisions=count(self.lang, "decisions", end.get("decisions")))))
