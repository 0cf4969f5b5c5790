"""The "small" prompt profile, for models of at most ~1B parameters (the embedded SmolLM2-135M among them).

What a 135M model does with the full prompt (measured: benchmarks/bench_small_model.py) is echo it: its
speeches read the card aloud, repeat the judge's lines or are bracket soup. This profile asks for less and shows
more:
- a shorter card: the table's roles, the day's procedure and the win conditions, built from the same engine data
  as the full rules card (words/rules_card.py), so it is right for every ruleset;
- fewer fields: the decision fields only (target / accusation / speech / confess where legal). No reasoning, no
  suspicions, no public claim and NO notebook: a 135M model's free text is noise, and every field is
  generation time on a CPU;
- a one-shot example answer per request kind, written as the answer of a seat of *another* game, its words picked
  from a few variants and its seat from the legal ones (it tells nothing the seat does not know);
- the legal seats right before the answer, and the speech asked as one short sentence of the seat's own that
  names a seat.

Layout for prefix caching, as the full profile: system (the same for every seat of a game), then the public
record (append-only), then the seat's private part, then the request.
"""

from __future__ import annotations

import json
from typing import Any

from agents.llm.prompting import public_record, record_line, render
from agents.llm.schema import Choices, target_json
from agents.llm.schema import _enum as enum
from agents.view import SeatView, seat_facts, visible_events
from engine import DecisionKind, Team, team_of
from words.claims import jump_kill, last_words
from words.claims.render import confess_effect, dead_note
from words.rules_card import day_lines, roles_line, victory_lines
from words.table import table

# What the schema asks for: one short sentence (grammar-enforcing servers stop there). Chinese says as much in
# fewer characters, and SmolLM2's tokenizer spends about one token per Chinese character (four per English word).
SMALL_SPEECH_CHARS = {"en": 140, "zh": 60}

# Example speeches per kind: {s} is the example's seat. Several, so that no one sentence is learned by heart. Short
# (under eight words) by design: SmolLM2-135M repeats the example's sentence whatever it is told (with sentences of
# 8-14 words, 30 of 45 speeches repeated one: benchmarks/bench_small_model.py), and a repeated short accusation
# is a usable speech where a repeated long one is not. bench_small_model.py counts these copies apart, and those
# that keep the example's seat too (about half: the seat named is then the example's draw, not the model's choice),
# so the figures say how many speeches are the model's own words (docs/models.md).
EXAMPLES: dict[str, dict[DecisionKind, tuple[str, ...]]] = {
    "en": {
        DecisionKind.STATEMENT: ("Seat {s} lied to us.", "Seat {s} acts too calm.", "I doubt seat {s} now.",
                                 "Seat {s} voted oddly."),
        DecisionKind.DEFENSE: ("Not me; seat {s} is lying.", "I am innocent; check seat {s}."),
        DecisionKind.LAST_WORDS: ("Vote out seat {s} next.", "Seat {s} fooled you all."),
    },
    "zh": {
        DecisionKind.STATEMENT: ("{s}号在说谎。", "{s}号太冷静了。", "我怀疑{s}号。", "{s}号投票很怪。"),
        DecisionKind.DEFENSE: ("不是我，查{s}号。", "我清白，{s}号可疑。"),
        DecisionKind.LAST_WORDS: ("下次投{s}号。", "{s}号骗了大家。"),
    },
}


def small_card(ruleset: str, lang: str, players: int) -> list[str]:
    """The shorter card: the table's roles and sides, the day's procedure and last words, the win conditions."""
    tab = table(ruleset, players)
    return [*roles_line(tab, lang), *day_lines(tab, lang), *victory_lines(tab.rules.victory, lang)]


def small_schema(choices: Choices, lang: str = "en") -> dict[str, Any]:
    """The decision fields only, in the order the model writes them (the accusation before the speech, so the
    speech can follow the seat it chose); strict-subset compatible: every property required, none extra."""
    props: dict[str, Any] = {}
    if choices.accusations is not None:
        props["accusation"] = enum(list(choices.accusations))
    if choices.request.may_confess:
        props["confess"] = {"type": "boolean"}
    if choices.speaks:
        props["speech"] = {"type": "string", "minLength": 1, "maxLength": speech_chars(lang)}
    if choices.has_target:
        props["target"] = enum(list(choices.targets))
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def speech_chars(lang: str) -> int:
    """The speech's length cap in `lang`."""
    return SMALL_SPEECH_CHARS["zh" if lang == "zh" else "en"]


def system_text(ruleset: str, players: int, lang: str) -> str:
    """The same text for every seat of a game (the shared cache prefix)."""
    return render(lang, "small_system.j2", players=players, card=small_card(ruleset, lang, players))


def private_text(view: SeatView, lang: str) -> str:
    """The seat's own card and partners, a one-line hint for its side, its private record lines."""
    facts = seat_facts(view)
    killer = any(team_of(c) is Team.KILLERS for c in facts.cards)
    lines = [record_line(e, lang) for e in visible_events(view) if e.visible_to is not None]
    return render(lang, "small_private.j2", seat=view.seat, cards=facts.cards, partners=sorted(facts.friends),
                  killer=killer, dead=view.seat in facts.dead, lines=lines,
                  dead_note=dead_note(last_words(view.ruleset), lang))


def example_answer(choices: Choices, lang: str, salt: int) -> tuple[int | None, str]:
    """(the example's seat, the example answer as JSON): the request's fields, a seat picked from the legal ones
    by `salt`, and a speech picked from the kind's variants. Nothing in it comes from the seat's own knowledge."""
    request = choices.request
    seats = [s for s in (choices.accusations or [target_json(t) for t in request.targets]) if isinstance(s, int)]
    seats = [s for s in seats if s != request.seat] or seats
    if not seats:
        return None, ""
    seat = seats[salt % len(seats)]
    example: dict[str, Any] = {}
    if choices.accusations is not None:
        example["accusation"] = seat
    if choices.request.may_confess:
        example["confess"] = False
    if choices.speaks:
        variants = EXAMPLES["zh" if lang == "zh" else "en"].get(request.kind, ())
        if variants:
            example["speech"] = variants[(salt // len(seats)) % len(variants)].format(s=seat)
    if choices.has_target:
        example["target"] = seat
    others = [s for s in range(1, max(choices.players, max(seats)) + 1) if s not in (request.seat, seat)]
    return others[salt % len(others)] if others else seat, json.dumps(example, ensure_ascii=False)


def salt_of(view: SeatView) -> int:
    """What picks the example's seat and words: the seat and how far the public record has got (nothing
    private, so the god view renders the same prompt)."""
    return view.seat * 7 + sum(1 for e in view.events if e.visible_to is None)


def request_text(view: SeatView, choices: Choices, lang: str) -> str:
    """What the judge asks now: the kind, the example answer, the legal seats, the fields to give."""
    request = choices.request
    schema = small_schema(choices, lang)
    example_seat, example = example_answer(choices, lang, salt_of(view))
    targets = [target_json(t) for t in request.targets] if choices.has_target else []
    return render(lang, "small_request.j2", request=request, D=DecisionKind, fields=list(schema["properties"]),
                  targets=targets, none_allowed=None in targets, example=example, example_seat=example_seat,
                  accusations=list(choices.accusations or ()), speaks=choices.speaks,
                  confess_effect=confess_effect(jump_kill(("killer",)), lang))


def messages(view: SeatView, choices: Choices, lang: str) -> list[dict[str, str]]:
    """The chat messages of the small profile: rules (system), then record + private part + request (user)."""
    user = "\n\n".join((public_record(view, lang), private_text(view, lang), request_text(view, choices, lang)))
    return [{"role": "system", "content": system_text(view.ruleset, view.players, lang)},
            {"role": "user", "content": user}]
