"""Narration in the terminal (rich) as the game goes: one line per event, speeches quoted as speech.

Text from players goes through rich.Text, never markup, so a speech cannot style itself as the judge.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from agents.sanitize import clean
from orchestrator.render import FORMATS, SPEECH_KINDS, role_name
from orchestrator.transcript import Entry

QUIET = frozenset({"deal", "your_cards", "cause_of_death"})  # shown better elsewhere (seat table, death line)


class Narrator:
    """Prints entries as they stream; `god` adds what only some seats (or the judge) saw, dimmed."""

    def __init__(self, console: Console | None = None, lang: str = "en", god: bool = True) -> None:
        self.console = console or Console(highlight=False)
        self.lang = lang
        self.god = god

    def on_entry(self, entry: Entry) -> None:
        event = entry.event
        if event.visible_to is not None and (not self.god or event.kind in QUIET):
            return
        if event.kind in ("night_falls", "day_begins"):
            night = event.kind == "night_falls"
            self.console.print(Rule(f"Night {event.data.get('night')}" if night else f"Day {event.data.get('day')}"))
            return
        self.console.print(self._text(entry))

    def _text(self, entry: Entry) -> Text:
        event, data = entry.event, entry.event.data
        if event.kind in SPEECH_KINDS:
            return self._speech(data, entry.annotation)
        fmt = FORMATS.get(event.kind)
        line = fmt(data, self.lang) if fmt else f"{event.kind.replace('_', ' ')}: {_brief(data)}"
        text = Text(clean(line.replace("**", "")))
        if event.visible_to is not None:
            seen = ",".join(map(str, sorted(event.visible_to))) or "judge"
            text = Text.assemble((f"[{seen}] ", "dim"), (text.plain, "dim italic"))
        return _with_fallback(text, entry.annotation)

    def _speech(self, data: dict[str, Any], note: dict[str, Any] | None) -> Text:
        head = Text.assemble((f"Seat {data['seat']}", "bold cyan"), f" {SPEECH_KINDS[data['kind']]}")
        if data.get("accusation") is not None:
            head.append(f" → accuses {data['accusation']}", "yellow")
        if note and note.get("claimed_role") and self.god:
            head.append(f" (claims {clean(role_name(note['claimed_role'], self.lang))})", "magenta")
        if data.get("confess"):
            head.append(" — confesses: killer!", "bold red")
        speech = clean(str(data.get("speech") or ""))  # no escape sequence, no line of its own
        head.append(": ")
        head.append(f"“{speech}”" if speech else "(silent)", "green" if speech else "dim")
        return _with_fallback(head, note)

    def on_end(self, end: dict[str, Any]) -> None:
        self.console.print(Rule(f"{end.get('winner')} win after {end.get('nights')} nights, "
                                f"{end.get('decisions')} decisions"))


def _brief(data: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in data.items() if k != "cites")


def _with_fallback(text: Text, note: dict[str, Any] | None) -> Text:
    if note and note.get("fallback"):
        text.append(f"  [fallback: {clean(note['fallback'])}]", "red")
    return text
