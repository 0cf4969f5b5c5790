"""`killer render`: a transcript as Markdown, in the public view (what the table saw) or the god view.

The public view holds only public events and stops at the winner: no cards, no night choices, no private
reasoning. The god view adds everything: the deal, night choices, each decision's annotation, the reveal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine import display_name
from engine.roles import ROLES
from orchestrator.transcript import Entry, Transcript

SPEECH_KINDS = {"statement": "says", "defense": "defends", "last_words": "last words"}
PUBLIC_HIDDEN = frozenset({"reveal"})  # public at the very end, but the public view is the game as played


def role_name(role: Any, lang: str) -> str:
    return display_name(role, lang) if isinstance(role, str) and role in ROLES else str(role)


def quote(text: str) -> str:
    """A speech as a Markdown quote: whatever it imitates, it reads as the speaker's words."""
    safe = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "\n".join("> " + line if line.strip() else ">" for line in safe.splitlines() or [""])


def _fields(data: dict[str, Any]) -> str:
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in data.items() if k != "cites")


def _speech(e: dict[str, Any], lang: str) -> str:
    head = f"**Seat {e['seat']}** {SPEECH_KINDS.get(e['kind'], e['kind'])}"
    if e.get("accusation") is not None:
        head += f" (accuses seat {e['accusation']})"
    if e.get("confess"):
        head += " — **confesses: a killer**"
    return head + (":\n\n" + quote(e["speech"]) if e.get("speech") else " (silent)")


def _vote(e: dict[str, Any], lang: str) -> str:
    return f"Seat {e['seat']} votes " + ("for nobody" if e.get("target") is None else f"for seat {e['target']}")


def _night_choice(e: dict[str, Any], lang: str) -> str:
    target = "nobody" if e.get("target") is None else f"seat {e['target']}"
    return f"Seat {e['seat']} ({role_name(e.get('role'), lang)}) {e.get('action')}: {target}"


def _death(e: dict[str, Any], lang: str) -> str:
    return f"**Seat {e['seat']} dies** ({e.get('public_cause') or e.get('cause')})"


def _cards(e: dict[str, Any], lang: str) -> str:
    cards = e.get("cards") or e.get("hands") or {}
    pairs = cards.items() if isinstance(cards, dict) else enumerate(cards, start=1)
    return "Cards: " + ", ".join(f"{s}: {'/'.join(role_name(c, lang) for c in h)}" for s, h in pairs)


FORMATS: dict[str, Callable[[dict[str, Any], str], str]] = {
    "statement": _speech, "defense": _speech, "last_words": _speech, "vote": _vote,
    "night_choice": _night_choice, "death": _death, "deal": _cards, "reveal": _cards,
    "game_over": lambda e, lang: f"**Game over: {e.get('winner')} win.**",
    "verdict": lambda e, lang: f"Verdict: seat {e.get('executed')} is executed ({e.get('how')})"
    if e.get("executed") is not None else f"Verdict: nobody is executed ({_fields(e)})",
    "your_cards": lambda e, lang: f"Seat {e['seat']} holds {'/'.join(role_name(c, lang) for c in e['cards'])}",
}


def _line(entry: Entry, lang: str, god: bool) -> str:
    event = entry.event
    fmt = FORMATS.get(event.kind)
    text = fmt(event.data, lang) if fmt else f"{event.kind.replace('_', ' ')}: {_fields(event.data)}"
    if god and event.visible_to is not None:
        seen = ", ".join(map(str, sorted(event.visible_to))) or "judge only"
        text = f"*[{seen}]* {text}"
    if god and entry.annotation and _worth_showing(entry.annotation):
        text += "\n\n" + _annotation(entry.annotation)
    return text


def _worth_showing(note: dict[str, Any]) -> bool:
    return any(note.get(k) for k in ("model", "claimed_role", "retries", "fallback", "reasoning", "thoughts",
                                         "suspicions"))


def _annotation(note: dict[str, Any]) -> str:
    bits = [f"agent {note.get('agent')}" + (f" ({note['model']})" if note.get("model") else "")]
    if note.get("claimed_role"):
        bits.append(f"claims {note['claimed_role']}")
    if note.get("retries"):
        bits.append(f"{note['retries']} retries")
    if note.get("fallback"):
        bits.append(f"FALLBACK: {note['fallback']}")
    out = "<details><summary>" + quote_inline("; ".join(bits)) + "</summary>\n\n"
    if note.get("reasoning"):
        out += "Reasoning:\n\n" + quote(str(note["reasoning"])) + "\n\n"
    if note.get("thoughts"):  # the model's own thinking (reasoning_content or a <think> block)
        out += "Thoughts:\n\n" + quote(str(note["thoughts"])) + "\n\n"
    if note.get("suspicions"):
        out += "Suspicions: " + ", ".join(f"{s}: {p:.2f}" for s, p in note["suspicions"].items()) + "\n\n"
    return out + "</details>"


def quote_inline(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _heading(entry: Entry) -> str | None:
    if entry.event.kind == "night_falls":
        return f"## Night {entry.event.data.get('night')}"
    if entry.event.kind == "day_begins":
        return f"## Day {entry.event.data.get('day')}"
    return None


def _seat_table(t: Transcript, god: bool) -> list[str]:
    lang = str(t.header.get("lang", "en"))
    deal = next((e.event.data for e in t.entries if e.event.kind == "deal"), {})
    hands = deal.get("hands") or []
    head = "| seat | agent | model |" + (" cards |" if god else "")
    rows = [head, "|---|---|---|" + ("---|" if god else "")]
    for seat in t.header.get("seats", []):
        n = int(seat["seat"])
        row = f"| {n} | {seat.get('agent')} | {seat.get('model') or ''} |"
        if god and n <= len(hands):
            row += " " + "/".join(role_name(c, lang) for c in hands[n - 1]) + " |"
        rows.append(row)
    return rows


def render(t: Transcript, god: bool = False) -> str:
    """The whole game as Markdown."""
    h = t.header
    lang = str(h.get("lang", "en"))
    view = "god view" if god else "public view"
    out = [f"# {t.game_id} ({view})", "",
           f"Ruleset **{h.get('ruleset')}**, {h.get('players')} players, seed {h.get('seed')}, language {lang}.", ""]
    out += [*_seat_table(t, god), ""]
    for entry in t.entries:
        if not god and (entry.event.visible_to is not None or entry.event.kind in PUBLIC_HIDDEN):
            continue
        heading = _heading(entry)
        out += ["", heading, ""] if heading else [f"- {_line(entry, lang, god)}".replace("\n", "\n  ")]
    if t.end is None:
        out += ["", "*The game was not finished.*"]
    return "\n".join(out).rstrip() + "\n"
