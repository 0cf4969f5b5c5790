"""One feed line per event, in en or zh: the narrator's sentence (words.narrator), styled. Players' words go in
as rich Text, never markup: a speech cannot style itself as the judge. Private events (god view) are dimmed and
say who saw them; annotations follow decisions."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from agents.llm.notebook import notebook_lines
from engine import SPEECHES, EventKind
from hygiene.sanitize import clean
from orchestrator.output.render import worth_showing
from orchestrator.output.wrapped import JUDGE_INDENT, SPEECH_BAR, Wrapped
from orchestrator.store.transcript import Entry
from tui.i18n import role, tr
from words.legacy import reasoning_text
from words.narrator import Words, echoes, seen_by, sentence, speech_head, speech_words
from words.suspicions import top_suspicions

JUDGE_STYLE = "bold yellow"
SPEAKER_STYLE = "bold cyan"
PRIVATE_STYLE = "dim italic"


def target_text(lang: str, target: Any) -> str:
    """A seat ("seat 5") or a v5 card ("seat 5's card 2"); None is nobody."""
    return Words(lang).target(target)


def cards_text(lang: str, cards: Any) -> str:
    return Words(lang).roles(cards)


def counts_text(lang: str, counts: Any) -> str:
    """The judge's count, most votes first: `Seat 3 8, Seat 11 3`."""
    if not isinstance(counts, dict):
        return str(counts)
    items = sorted(counts.items(), key=lambda kv: (-int(kv[1]), int(kv[0]) if str(kv[0]).isdigit() else 0))
    return ", ".join(f"{tr(lang, 'seat', n=k)} {v}" for k, v in items)


def speech_line(lang: str, data: dict[str, Any], kind: str) -> Text:
    """`Seat 3 speaks, accusing seat 5: “...”` with the words as plain text."""
    text = Text(speech_head(kind, data, lang), SPEAKER_STYLE)
    words = speech_words(data)
    text.append("：" if lang == "zh" else ": ")
    if words:
        text.append(Text(f"“{words}”", style="green"))
    else:
        text.append(tr(lang, "silent"), "dim")
    return text


def vote_line(lang: str, entry: Entry) -> Text:
    """A seat's own act, styled as the seat's (not the judge's)."""
    body = sentence(entry.event, lang)
    name = Words(lang).seat(entry.event.data.get("seat"))
    name = name[:1].upper() + name[1:]
    return Text.assemble((name, SPEAKER_STYLE), body.removeprefix(name))


def event_text(entry: Entry, lang: str, god: bool = False) -> Text:
    """The feed line of one event; in the god view private events say who saw them."""
    event = entry.event
    if event.kind in SPEECHES:
        line = speech_line(lang, event.data, event.kind)
    elif event.kind == EventKind.VOTE:
        line = vote_line(lang, entry)
    else:
        body = sentence(event, lang)
        line = Text.assemble((tr(lang, "judge_prefix"), JUDGE_STYLE), body) if event.visible_to is None else Text(body)
    if event.visible_to is not None:
        if god:
            line = Text.assemble((f"[{seen_by(event, lang)}] ", "magenta"), line)
        line.stylize(PRIVATE_STYLE)
    return line


def annotation_text(note: dict[str, Any] | None, lang: str) -> Text | None:
    """A decision's annotation, where the view may read it (god: every one; a seat: its own; ruling R-view): who
    decided, the claimed role, fallback, private reasoning, notebook and top suspicions."""
    if not note:
        return None
    bits = Text("    ↳ ", style="dim")
    model = f" ({clean(str(note['model']), max_chars=60)})" if note.get("model") else ""
    bits.append(clean(str(note.get("agent") or "?"), max_chars=40) + model, "dim")
    if note.get("claimed_role"):
        bits.append(" · " + tr(lang, "claims", role=role(lang, note["claimed_role"])), "magenta")
    if note.get("fallback"):
        bits.append(" · " + tr(lang, "fallback", why=clean(str(note["fallback"]), max_chars=200)), "bold red")
    colon = "：" if lang == "zh" else ": "
    if note.get("reasoning"):
        bits.append(f" · {tr(lang, 'reasoning')}{colon}", "dim")
        said = reasoning_text(clean(str(note["reasoning"]), max_chars=2000), lang)  # older bots: raw data, reworded
        bits.append(Text(said, style="dim italic"))
    book = notebook_lines(note["notebook"], lang) if note.get("notebook") else []
    if book:  # the seat's private notebook, as sentences
        bits.append(f" · {tr(lang, 'notebook')}{colon}", "dim")
        bits.append(Text(" ".join(clean(line, max_chars=400) for line in book), style="dim italic"))
    top = top_suspicions(note.get("suspicions"), lang)
    if top:
        bits.append(f" · {tr(lang, 'suspicions')}{colon}{top}", "dim")
    return bits


NOTE_INDENT = "      "  # an annotation's continuation lines, under its arrow


def feed_lines(entries: list[Entry], lang: str, god: bool) -> list[Wrapped]:
    """Every feed line of the visible entries, each wrapping itself (a speech's continuation lines behind a quote
    bar), each annotation the view may read under its decision (the entries come from tui.state.model, which
    leaves only those: engine.record.view.seen); a death the dawn or the verdict announces is not told twice."""
    out: list[Wrapped] = []
    for entry in entries:
        if echoes(entry.event):
            continue
        prefix = SPEECH_BAR if entry.event.kind in SPEECHES else JUDGE_INDENT
        out.append(Wrapped(event_text(entry, lang, god), prefix))
        if entry.annotation is None or not (god or worth_showing(entry.annotation)):
            continue  # a seat's own note that says nothing private (a person's "human") is not repeated
        note = annotation_text(entry.annotation, lang)
        if note is not None:
            out.append(Wrapped(note, NOTE_INDENT))
    return out
