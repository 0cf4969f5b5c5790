"""`killer render`: a transcript as Markdown, in the public view (what the table saw) or the god view.

The public view holds only public events and stops at the winner: no cards, no night choices, no private
reasoning. The god view adds everything: the deal, night choices, each decision's annotation, the reveal.
Every line is the narrator's sentence in the game's language (words.narrator), so the render, the terminal
narration, the prompts and the TUI word the game the same way.
"""

from __future__ import annotations

from typing import Any

from agents.llm.notebook import notebook_lines
from engine import EventKind
from engine.record.view import GOD, PUBLIC, can_see
from engine.roles import ROLES, display_name
from hygiene.sanitize import clean, markdown
from orchestrator.store.transcript import Entry, Transcript
from words.narrator import Words, heading, phrase, seen_by, sentence

PUBLIC_HIDDEN = frozenset({EventKind.REVEAL})  # public at the very end, but the public view is the game as played


def role_name(role: Any, lang: str) -> str:
    return display_name(role, lang) if isinstance(role, str) and role in ROLES else markdown(str(role), max_chars=40)


def quote_inline(text: str) -> str:
    """Untrusted text made safe inside Markdown/HTML: one line, no markup (hygiene.sanitize.markdown)."""
    return markdown(text)


def quote(text: str) -> str:
    """A speech as a Markdown quote: whatever it imitates, it reads as the speaker's words."""
    return "\n\n> " + quote_inline(text)


def _line(entry: Entry, lang: str, god: bool) -> str:
    event = entry.event
    text = sentence(event, lang, quote=quote)
    if god and event.visible_to is not None:
        text = f"*[{seen_by(event, lang)}]* {text}"
    if god and entry.annotation and _worth_showing(entry.annotation):
        text += "\n\n" + _annotation(entry.annotation, lang)
    return text


def _worth_showing(note: dict[str, Any]) -> bool:
    return any(note.get(k) for k in ("model", "claimed_role", "retries", "fallback", "reasoning", "thoughts",
                                     "notebook", "suspicions"))


def _annotation(note: dict[str, Any], lang: str) -> str:
    agent = agent_name(note.get("agent"), lang)
    model = f" ({clean(str(note['model']), max_chars=60)})" if note.get("model") else ""
    bits = [phrase(lang, "render_agent", agent=agent) + model]
    if note.get("claimed_role"):
        bits.append(phrase(lang, "render_claims", role=role_name(note["claimed_role"], lang)))
    if note.get("retries"):
        bits.append(phrase(lang, "render_retries", n=note["retries"]))
    if note.get("fallback"):
        bits.append(phrase(lang, "render_fallback", why=clean(str(note["fallback"]), max_chars=200)))
    out = "<details><summary>" + quote_inline("; ".join(bits)) + "</summary>\n\n"
    if note.get("reasoning"):
        out += phrase(lang, "render_reasoning") + "\n\n> " + quote_inline(str(note["reasoning"])) + "\n\n"
    if note.get("thoughts"):  # the model's own thinking (reasoning_content or a <think> block)
        out += phrase(lang, "render_thoughts") + "\n\n> " + quote_inline(str(note["thoughts"])) + "\n\n"
    lines = notebook_lines(note["notebook"], lang) if note.get("notebook") else []
    if lines:  # the seat's private notebook, carried to its next decision: sentences, never a dict
        items = "".join(f"> - {quote_inline(line)}\n" for line in lines)
        out += phrase(lang, "render_notebook") + "\n\n" + items + "\n"
    sus = note.get("suspicions")
    if isinstance(sus, dict) and sus:
        pairs = ", ".join(f"{quote_inline(str(s))}: {float(p):.2f}" for s, p in sus.items()
                          if isinstance(p, int | float))
        out += phrase(lang, "render_suspicions", pairs=pairs) + "\n\n"
    return out + "</details>"


def agent_name(kind: Any, lang: str) -> str:
    """An agent kind in words (scripted, random, llm, human...); an unknown one as written, made safe."""
    key = f"agent_{kind}"
    text = phrase(lang, key) if key in _AGENT_KEYS else ""
    return text or quote_inline(str(kind or "?"))


_AGENT_KEYS = frozenset({"agent_scripted", "agent_random", "agent_llm", "agent_human", "agent_unknown"})


def _seat_table(t: Transcript, god: bool, lang: str) -> list[str]:
    deal = next((e.event.data for e in t.entries if e.event.kind == EventKind.DEAL), {})
    hands = deal.get("hands") or []
    cols = [phrase(lang, "render_col_seat"), phrase(lang, "render_col_agent"), phrase(lang, "render_col_model")]
    if god:
        cols.append(phrase(lang, "render_col_cards"))
    rows = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for seat in t.header.get("seats", []):
        n = int(seat["seat"])
        agent = agent_name(seat.get("agent"), lang)
        if seat.get("level") in ("easy", "normal", "hard"):  # a scripted bot's level (agents/bots/levels.py)
            agent = phrase(lang, "render_level", agent=agent, level=phrase(lang, f"level_{seat['level']}"))
        row = f"| {n} | {agent} | {quote_inline(str(seat.get('model') or ''))} |"
        if god and n <= len(hands):
            row += " " + "/".join(role_name(c, lang) for c in hands[n - 1]) + " |"
        rows.append(row)
    return rows


def render(t: Transcript, god: bool = False) -> str:
    """The whole game as Markdown."""
    h = t.header
    lang = "zh" if h.get("lang") == "zh" else "en"
    view = phrase(lang, "render_god" if god else "render_public")
    intro = phrase(lang, "render_intro", ruleset=quote_inline(Words(lang).ruleset(h.get("ruleset"))),
                   players=quote_inline(str(h.get("players"))), seed=quote_inline(str(h.get("seed"))))
    out = [f"# {quote_inline(t.game_id)} ({view})", "", intro, ""]
    out += [*_seat_table(t, god, lang), ""]
    for entry in t.entries:
        if not can_see(entry.event, GOD if god else PUBLIC) or (not god and entry.event.kind in PUBLIC_HIDDEN):
            continue
        head = heading(entry.event, lang)
        out += ["", f"## {head}", ""] if head else [f"- {_line(entry, lang, god)}".replace("\n", "\n  ")]
    if t.end is None:
        out += ["", phrase(lang, "render_unfinished")]
    return "\n".join(clean(line) for line in "\n".join(out).split("\n")).rstrip() + "\n"
