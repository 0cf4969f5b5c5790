"""`killer render`: a transcript as Markdown, in the public view (what the table saw), one seat's view or the god
view.

What a view shows is engine.record.view.seen (ruling R-view), as on the HTML page and in the TUI: the public view
holds the public events (the end-of-game reveal of every card among them) and no annotation; a seat's view adds
the seat's own private events and its own decisions' annotations; the god view shows everything. Every line is
the narrator's sentence in the game's language (words.narrator), so the render, the terminal narration, the
prompts, the TUI and the HTML replay (orchestrator/output/html) word the game the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agents.llm.notebook import notebook_lines
from engine import EventKind
from engine.record.view import GOD, PUBLIC, View
from engine.roles import ROLES, display_name
from hygiene.sanitize import clean, markdown
from orchestrator.store.transcript import Entry, Transcript, in_view
from words.legacy import reasoning_text
from words.narrator import Words, echoes, heading, phrase, seen_by, sentence
from words.suspicions import top_suspicions


def role_name(role: Any, lang: str) -> str:
    return display_name(role, lang) if isinstance(role, str) and role in ROLES else markdown(str(role), max_chars=40)


def quote_inline(text: str) -> str:
    """Untrusted text made safe inside Markdown/HTML: one line, no markup (hygiene.sanitize.markdown)."""
    return markdown(text)


def quote(text: str) -> str:
    """A speech as a Markdown quote: whatever it imitates, it reads as the speaker's words."""
    return "\n\n> " + quote_inline(text)


def game_lang(t: Transcript, lang: str | None = None) -> str:
    """The language a render words the game in: `lang` when given, else the transcript's (en unless zh)."""
    chosen = lang or t.header.get("lang")
    return "zh" if chosen == "zh" else "en"


def _line(entry: Entry, lang: str, view: View) -> str:
    event = entry.event
    text = sentence(event, lang, quote=quote)
    if view != PUBLIC and event.visible_to is not None:
        text = f"*[{seen_by(event, lang)}]* {text}"
    note = entry.annotation  # what in_view left the view to read
    if note and worth_showing(note):
        text += "\n\n" + _annotation(annotation_parts(note, lang))
    return text


def worth_showing(note: dict[str, Any]) -> bool:
    """Whether an annotation says anything a reader wants (who played, a claim, retries, reasoning...)."""
    return any(note.get(k) for k in ("model", "claimed_role", "retries", "fallback", "reasoning", "thoughts",
                                     "notebook", "suspicions"))


@dataclass(frozen=True)
class Section:
    """One private part of an annotation: a label ("" for a part that is its own line) and its lines; `listed`
    when the lines are items (the notebook), else one quoted passage."""

    label: str
    lines: list[str]
    listed: bool = False


@dataclass
class NoteParts:
    """A decision's annotation in words, every string one safe line (cleaned, not yet escaped): the summary (who
    played, the claim, retries, a fallback) and the private sections."""

    summary: str
    fallback: bool = False
    sections: list[Section] = field(default_factory=list)


def annotation_parts(note: dict[str, Any], lang: str) -> NoteParts:
    """The annotation as the renders show it (Markdown and HTML alike)."""
    agent = agent_name(note.get("agent"), lang)
    played = phrase(lang, "render_agent", agent=agent)
    if note.get("model"):
        played = phrase(lang, "render_model", agent=played, model=clean(str(note["model"]), max_chars=60))
    bits = [played]
    if note.get("claimed_role"):
        bits.append(phrase(lang, "render_claims", role=role_name(note["claimed_role"], lang)))
    if note.get("retries"):
        bits.append(phrase(lang, "render_retries", n=note["retries"]))
    if note.get("fallback"):
        bits.append(phrase(lang, "render_fallback", why=clean(str(note["fallback"]), max_chars=200)))
    parts = NoteParts(clean(phrase(lang, "clause_sep").join(bits)), fallback=bool(note.get("fallback")))
    if note.get("reasoning"):
        said = reasoning_text(str(note["reasoning"]), lang)  # older bots wrote raw data: reworded
        parts.sections.append(Section(phrase(lang, "render_reasoning"), [clean(said)]))
    if note.get("thoughts"):  # the model's own thinking (reasoning_content or a <think> block)
        parts.sections.append(Section(phrase(lang, "render_thoughts"), [clean(str(note["thoughts"]))]))
    lines = notebook_lines(note["notebook"], lang) if note.get("notebook") else []
    if lines:  # the seat's private notebook, carried to its next decision: sentences, never a dict
        parts.sections.append(Section(phrase(lang, "render_notebook"), [clean(line) for line in lines], listed=True))
    rated = top_suspicions(note.get("suspicions"), lang, None)  # every seat it rated, in words
    if rated:
        parts.sections.append(Section("", [phrase(lang, "render_suspicions", pairs=rated)]))
    return parts


def _annotation(parts: NoteParts) -> str:
    out = "<details><summary>" + quote_inline(parts.summary) + "</summary>\n\n"
    for part in parts.sections:
        if not part.label:
            out += quote_inline(part.lines[0]) + "\n\n"
        elif part.listed:
            out += part.label + "\n\n" + "".join(f"> - {quote_inline(line)}\n" for line in part.lines) + "\n"
        else:
            out += part.label + "\n\n> " + quote_inline(part.lines[0]) + "\n\n"
    return out + "</details>"


def agent_name(kind: Any, lang: str) -> str:
    """An agent kind in words (scripted, random, llm, human, a voiced bot...); an unknown one as written, made
    safe."""
    key = "agent_voiced" if kind == "scripted+voice" else f"agent_{kind}"
    text = phrase(lang, key) if key in _AGENT_KEYS else ""
    return text or quote_inline(str(kind or "?"))


_AGENT_KEYS = frozenset({"agent_scripted", "agent_random", "agent_llm", "agent_human", "agent_unknown", "agent_voiced"})


def player_words(seat: dict[str, Any], lang: str) -> str:
    """Who plays a seat of the header, in words: the agent kind, with a scripted bot's level."""
    agent = agent_name(seat.get("agent"), lang)
    if seat.get("level") in ("easy", "normal", "hard"):  # a scripted bot's level (agents/bots/levels.py)
        agent = phrase(lang, "render_level", agent=agent, level=phrase(lang, f"level_{seat['level']}"))
    return agent


def dealt_hands(t: Transcript) -> list[Any]:
    """Every seat's hand from the deal (the god view's cards), [] when the transcript has no deal."""
    deal = next((e.event.data for e in t.entries if e.event.kind == EventKind.DEAL), {})
    hands = deal.get("hands")
    return hands if isinstance(hands, list) else []


def _seat_table(t: Transcript, god: bool, lang: str) -> list[str]:
    hands = dealt_hands(t)
    cols = [phrase(lang, "render_col_seat"), phrase(lang, "render_col_agent"), phrase(lang, "render_col_model")]
    if god:
        cols.append(phrase(lang, "render_col_cards"))
    rows = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for seat in t.header.get("seats", []):
        n = int(seat["seat"])
        model = seat.get("model") or seat.get("voice_model") or ""  # a voiced bot's voice (agents/voice/)
        row = f"| {n} | {player_words(seat, lang)} | {quote_inline(str(model))} |"
        if god and n <= len(hands):
            row += " " + "/".join(role_name(c, lang) for c in hands[n - 1]) + " |"
        rows.append(row)
    return rows


def view_name(view: View, lang: str) -> str:
    """'public view', 'god view' or 'seat 3's view' in `lang`."""
    if view == GOD:
        return phrase(lang, "render_god")
    return phrase(lang, "render_public") if view == PUBLIC else phrase(lang, "render_seat", seat=Words(lang).seat(view))


def intro(t: Transcript, lang: str) -> str:
    """'Ruleset: …; 8 players; seed 1; in English.' (or the language it was played in, when rendered in another)."""
    h, played = t.header, game_lang(t)
    values = {"ruleset": quote_inline(Words(lang).ruleset(h.get("ruleset"))),
              "players": quote_inline(str(h.get("players"))), "seed": quote_inline(str(h.get("seed")))}
    if played == lang:
        return phrase(lang, "render_intro", **values)
    return phrase(lang, "render_intro_played", game_lang=phrase(lang, f"lang_{played}"), **values)


def render(t: Transcript, god: bool = False, lang: str | None = None, seat: int | None = None) -> str:
    """The whole game as Markdown, in the god view, one seat's (`seat`) or the public one; in `lang` (default:
    the transcript's)."""
    lang = game_lang(t, lang)
    view: View = GOD if god else seat if seat is not None else PUBLIC
    out = [f"# {quote_inline(t.game_id)} ({view_name(view, lang)})", "", intro(t, lang), ""]
    out += [*_seat_table(t, god, lang), ""]
    for entry in in_view(t.entries, view):
        if echoes(entry.event):  # the dawn or the verdict names this death
            continue
        head = heading(entry.event, lang)
        out += ["", f"## {head}", ""] if head else [f"- {_line(entry, lang, view)}".replace("\n", "\n  ")]
    if t.end is None:
        out += ["", phrase(lang, "render_unfinished")]
    return "\n".join(clean(line) for line in "\n".join(out).split("\n")).rstrip() + "\n"
