"""One feed line per event, in en or zh. Players' words go in as rich Text, never markup: a speech cannot style
itself as the judge. Private events (god view) are dimmed and say who saw them; annotations follow decisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from agents.sanitize import clean
from orchestrator.transcript import Entry
from tui.i18n import action, role, seat_list, tr

SPEECHES = {"statement": "says", "defense": "defends", "last_words": "last_words"}
JUDGE_STYLE = "bold yellow"
SPEAKER_STYLE = "bold cyan"
PRIVATE_STYLE = "dim italic"


def target_text(lang: str, target: Any) -> str:
    """A seat ("seat 5") or a v5 card ("seat 5, card 2"); None is nobody."""
    if target is None:
        return tr(lang, "nobody")
    if isinstance(target, list | tuple):
        return tr(lang, "target_card", n=target[0], slot=target[1])
    return tr(lang, "target_seat", n=target)


def cards_text(lang: str, cards: Any) -> str:
    return "/".join(role(lang, c) for c in cards or [])


def counts_text(lang: str, counts: Any) -> str:
    """The judge's count, most votes first: `Seat 3 8, Seat 11 3`."""
    if not isinstance(counts, dict):
        return str(counts)
    items = sorted(counts.items(), key=lambda kv: (-int(kv[1]), int(kv[0]) if str(kv[0]).isdigit() else 0))
    return ", ".join(f"{tr(lang, 'seat', n=k)} {v}" for k, v in items)


def _plain(target: Any) -> str:
    return f"{target[0]}/{target[1]}" if isinstance(target, list | tuple) else str(target)


def _winner(lang: str, winner: Any) -> str:
    return tr(lang, f"winner_{winner}") if winner in ("killers", "good", "draw") else str(winner)


def _reveal(lang: str, d: dict[str, Any]) -> str:
    cards = d.get("cards") or {}
    return tr(lang, "reveal", cards=", ".join(f"{k}: {cards_text(lang, v)}" for k, v in cards.items()))


def _dawn(lang: str, d: dict[str, Any]) -> str:
    parts = [tr(lang, "dawn_dead", seats=seat_list(lang, d["dead"])) if d.get("dead") else tr(lang, "dawn_nobody")]
    if d.get("silenced"):
        parts.append(tr(lang, "dawn_silenced", seats=seat_list(lang, d["silenced"])))
    if d.get("cards"):
        parts.append(tr(lang, "dawn_cards", cards=", ".join(target_text(lang, c) for c in d["cards"])))
    return tr(lang, "dawn", night=d.get("night"), dead="; ".join(parts))


def _cause(lang: str, cause: Any) -> str:
    key = f"cause_{cause}"
    text = tr(lang, key)
    return text if text != key else str(cause)


def _side(lang: str, side: Any) -> str:
    return tr(lang, "side_killer") if side in ("killer", "killers") else tr(lang, "side_good")


Fmt = Callable[[str, dict[str, Any]], str]
FORMATS: dict[str, Fmt] = {
    "game_starts": lambda lang, d: tr(lang, "game_starts", ruleset=d.get("ruleset"), players=d.get("players")),
    "deal": lambda lang, d: tr(lang, "deal") + " " + ", ".join(
        f"{n}: {cards_text(lang, h)}" for n, h in enumerate(d.get("hands") or [], start=1)),
    "your_cards": lambda lang, d: tr(lang, "your_cards", seat=d.get("seat"), cards=cards_text(lang, d.get("cards"))),
    "teammates": lambda lang, d: tr(lang, "teammates", role=role(lang, d.get("role")),
                                    seats=seat_list(lang, d.get("seats")))
    + (" " + tr(lang, "teammates_undercover", seats=seat_list(lang, d["undercover"])) if d.get("undercover") else ""),
    "openers": lambda lang, d: tr(lang, "openers", seats=seat_list(lang, d.get("seats"))),
    "shown_to_killers": lambda lang, d: tr(lang, "shown_to_killers", seat=d.get("seat"),
                                           role=role(lang, d.get("role"))),
    "night_falls": lambda lang, d: tr(lang, "night_falls", night=d.get("night")),
    "night_choice": lambda lang, d: tr(lang, "night_choice", seat=d.get("seat"), role=role(lang, d.get("role")),
                                       action=action(lang, d.get("action")),
                                       target=target_text(lang, d.get("target"))),
    "check_result": lambda lang, d: tr(lang, "check_result", by=role(lang, d.get("by")),
                                       target=_plain(d.get("target")),
                                       result=tr(lang, "result_killer" if d.get("result") == "killer"
                                                 else "result_not_killer")),
    "death": lambda lang, d: tr(lang, "death", seat=d.get("seat"), cause=_cause(lang, d.get("public_cause"))),
    "cause_of_death": lambda lang, d: tr(lang, "cause_of_death", seat=d.get("seat"), cause=d.get("cause")),
    "dawn": _dawn,
    "day_begins": lambda lang, d: tr(lang, "day_begins", day=d.get("day")),
    "vote": lambda lang, d: tr(lang, "vote", seat=d.get("seat"), target=target_text(lang, d.get("target")))
    if d.get("target") is not None else tr(lang, "vote_none", seat=d.get("seat")),
    "suspects": lambda lang, d: tr(lang, "suspects", seats=seat_list(lang, d.get("seats"))),
    "accused": lambda lang, d: tr(lang, "accused", seat=d.get("seat")),
    "accusation_round": lambda lang, d: tr(lang, "accusation_round", round=d.get("round")),
    "hands": lambda lang, d: tr(lang, "hands", defendant=d.get("defendant"), yes=d.get("yes"), no=d.get("no")),
    "tally": lambda lang, d: tr(lang, "tally", counts=counts_text(lang, d.get("counts"))),
    "votes_counted": lambda lang, d: tr(lang, "votes_counted", counts=counts_text(lang, d.get("counts"))),
    "vote_tie": lambda lang, d: tr(lang, "vote_tie", seats=seat_list(lang, d.get("seats"))),
    "verdict": lambda lang, d: tr(lang, "verdict", seat=d.get("executed")) if d.get("executed") is not None
    else tr(lang, "verdict_none"),
    "executed_side": lambda lang, d: tr(lang, "executed_side", seat=d.get("seat"), side=_side(lang, d.get("side"))),
    "speaking_order": lambda lang, d: tr(lang, "speaking_order", seats=seat_list(lang, d.get("order"))),
    "draw": lambda lang, d: tr(lang, "draw", reason=d.get("reason"), result=d.get("result")),
    "ruling": lambda lang, d: tr(lang, "ruling", text=d.get("text")),
    "imposed_verdict": lambda lang, d: tr(lang, "imposed_verdict"),
    "game_over": lambda lang, d: tr(lang, "game_over", winner=_winner(lang, d.get("winner"))),
    "reveal": lambda lang, d: _reveal(lang, d),
    "saved": lambda lang, d: tr(lang, "saved", seat=d.get("seat"), by=role(lang, d.get("by"))),
    "immune": lambda lang, d: tr(lang, "immune", seat=d.get("seat")),
    "shot": lambda lang, d: tr(lang, "shot", seat=d.get("seat"), target=d.get("target"),
                               hit=tr(lang, "hit" if d.get("hit") else "miss")),
    "vest": lambda lang, d: tr(lang, "vest", seat=d.get("seat")),
    "power_spent": lambda lang, d: tr(lang, "power_spent", seat=d.get("seat"), power=d.get("power")),
    "spared": lambda lang, d: tr(lang, "spared", card=target_text(lang, d.get("card")), why=d.get("why")),
    "taken": lambda lang, d: tr(lang, "taken", card=target_text(lang, d.get("card"))),
    "kill_orders": lambda lang, d: tr(lang, "kill_orders", orders=", ".join(
        f"{target_text(lang, o.get('card'))} → {target_text(lang, o.get('target'))}" for o in d.get("orders") or [])),
    "night_effects": lambda lang, d: tr(lang, "night_effects", data=", ".join(
        f"{k}={v}" for k, v in d.items() if k != "night")),
}


def _generic(kind: str, data: dict[str, Any]) -> str:
    return kind.replace("_", " ") + ": " + ", ".join(f"{k}={v}" for k, v in data.items() if k != "cites")


def speech_line(lang: str, data: dict[str, Any], kind: str) -> Text:
    """`Seat 3 says (accuses seat 5): “...”` with the words as plain text."""
    text = Text.assemble((tr(lang, "seat", n=data.get("seat")), SPEAKER_STYLE), " ", tr(lang, SPEECHES[kind]))
    if data.get("accusation") is not None:
        text.append(" · " + tr(lang, "accuses", n=data["accusation"]), "yellow")
    if data.get("confess"):
        text.append(" · " + tr(lang, "confesses"), "bold red")
    words = str(data.get("speech") or "")
    text.append(": ")
    if words:
        text.append(Text(f"“{words}”", style="green"))
    else:
        text.append(tr(lang, "silent"), "dim")
    return text


def vote_line(lang: str, data: dict[str, Any]) -> Text:
    """A seat's own act, styled as the seat's (not the judge's)."""
    body = FORMATS["vote"](lang, data)
    name = tr(lang, "seat", n=data.get("seat"))
    return Text.assemble((name, SPEAKER_STYLE), body.removeprefix(name))


def event_text(entry: Entry, lang: str, god: bool = False) -> Text:
    """The feed line of one event; in the god view private events say who saw them."""
    event = entry.event
    if event.kind in SPEECHES:
        line = speech_line(lang, event.data, event.kind)
    elif event.kind == "vote":
        line = vote_line(lang, event.data)
    else:
        fmt = FORMATS.get(event.kind)
        body = fmt(lang, event.data) if fmt else _generic(event.kind, event.data)
        judge = tr(lang, "judge_prefix")
        line = Text.assemble((judge, JUDGE_STYLE), body) if event.visible_to is None else Text(body)
    if event.visible_to is not None:
        if god:
            seen = seat_list(lang, sorted(event.visible_to)) if event.visible_to else tr(lang, "judge_only")
            line = Text.assemble((f"[{tr(lang, 'seen_by', seats=seen) if event.visible_to else seen}] ", "magenta"),
                                 line)
        line.stylize(PRIVATE_STYLE)
    return line


def annotation_text(note: dict[str, Any] | None, lang: str) -> Text | None:
    """God view only: who decided, the claimed role, fallback, private reasoning and top suspicions."""
    if not note:
        return None
    bits = Text("    ↳ ", style="dim")
    model = clean(str(note["model"]), max_chars=60) if note.get("model") else ""
    bits.append(str(note.get("agent") or "?") + (f" ({model})" if model else ""), "dim")
    if note.get("claimed_role"):
        bits.append(" · " + tr(lang, "claims", role=role(lang, note["claimed_role"])), "magenta")
    if note.get("fallback"):
        bits.append(" · " + tr(lang, "fallback", why=note["fallback"]), "bold red")
    colon = "：" if lang == "zh" else ": "
    if note.get("reasoning"):
        bits.append(f" · {tr(lang, 'reasoning')}{colon}", "dim")
        bits.append(Text(clean(str(note["reasoning"]), max_chars=2000), style="dim italic"))
    sus = note.get("suspicions") or {}
    if isinstance(sus, dict) and sus:
        top = sorted(sus.items(), key=lambda kv: -float(kv[1]))[:3]
        bits.append(f" · {tr(lang, 'suspicions')}{colon}" + ", ".join(f"{k} {float(v):.2f}" for k, v in top), "dim")
    return bits


def feed_lines(entries: list[Entry], lang: str, god: bool) -> list[Text]:
    """Every feed line of the visible entries (night and day starts become rules drawn by the feed)."""
    out: list[Text] = []
    for entry in entries:
        out.append(event_text(entry, lang, god))
        if god:
            note = annotation_text(entry.annotation, lang)
            if note is not None:
                out.append(note)
    return out
