"""Renders a seat's prompt from the templates in prompts/<lang>/ (jinja2, StrictUndefined, no autoescape).

Layout for prefix caching: the system message (rules, the same for every seat of a game), then the public
record (append-only: each line depends only on its own event), then the seat's private notes, then the
request. Player speeches are JSON strings (no raw line breaks): a speech never starts a line that reads as the
judge.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jinja2

import prompts
from agents.llm.notebook import notebook_lines
from agents.llm.schema import Choices
from agents.view import SeatFacts, SeatView, known_partners, seat_facts, visible_events
from engine import DecisionKind, Event, Request, display_name, get_ruleset, team_of
from engine.roles import ROLES, action_help
from words.claims import jump_kill, last_words
from words.claims.render import confess_effect, dead_note
from words.narrator import sentence
from words.prompt_card import consequence, own_briefs, prompt_card, talk_text
from words.rules_card import role_line
from words.table import table

LINE_BREAKS = {"\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}  # json.dumps keeps these raw


def speech_literal(text: str) -> str:
    """A speech as a one-line JSON string: quotes, backslashes and every kind of line break escaped."""
    out = json.dumps(text, ensure_ascii=False)
    for raw, escaped in LINE_BREAKS.items():
        out = out.replace(raw, escaped)
    return out


def _target(value: Any) -> str:
    return f"{value[0]} (card {value[1]})" if isinstance(value, list | tuple) else str(value)


def _jsonv(value: Any) -> str:
    return speech_literal(value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _jsonlist(values: Any) -> str:
    return ", ".join(_jsonv(v) for v in values)


# Bump when what a model is asked changes (the card, the fields, the notebook): reports split games by it.
# 1: the generic prompt before issue 10; 2: the rules card, what follows, public claims, the notebook;
# 3: the notebook as a structured object read back as sentences, per-role briefs, a defence may name a suspect;
# 4: v5's killer cards talk before their orders (R-v5-killer-talk), the "message" field is explained only in a
# request that takes one, the suspicions leave out every partner the seat was shown, the connection check says so;
# 5: every rule sentence rendered from a claim the engine proves (issue 42): the jump-kill takes nobody along, v5's
# vote takes the player, v5's counts "up to", the briefs' advice, a dead seat's note from the last-words policy;
# 6: zh claimed checks are worded with the act's one verb, 验 (第1夜验3号是杀手, was 查), as the judge's answers are.
PROMPT_VERSION = 6
PROMPT_PROFILE = "full"  # the default profile; agents/llm/prompt_profiles.py picks each seat's (full or small)


@cache
def environment(lang: str) -> jinja2.Environment:
    """The jinja2 environment for `lang`, loading templates from the prompts package."""
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda name: prompts.template_source(lang, name)),
        undefined=jinja2.StrictUndefined, autoescape=False, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters.update(
        role=lambda r: display_name(r, lang) if r in ROLES else str(r), team=lambda r: team_of(r).value,
        action_help=lambda a: action_help(str(a), lang),
        speech=speech_literal, target=_target, jsonv=_jsonv, jsonlist=_jsonlist,
        seats=lambda xs: ", ".join(_target(x) for x in xs),
    )
    return env


def render(lang: str, name: str, **context: Any) -> str:
    """Renders template `name` (e.g. "system.j2") of `lang`."""
    return environment(lang).get_template(name).render(**context).strip()


def choices_for(view: SeatView, request: Request, facts: SeatFacts | None = None) -> Choices:
    """The request's legal choices as the seat sees them: living seats, claimable roles, the table and night."""
    facts = facts or seat_facts(view)
    rules = get_ruleset(view.ruleset)
    return Choices(request, facts.living, rules.roles(), cards_per_seat=rules.cards_per_seat,
                   players=view.players, night=facts.night, ruleset=rules.id, known=known_partners(facts, rules.id))


def record_line(event: Event, lang: str) -> str:
    """One line of a seat's record: the narrator's sentence, the speech (if any) as a one-line JSON string."""
    return sentence(event, lang, quote=speech_literal)


@cache
def system_prompt(ruleset_id: str, players: int, lang: str) -> str:
    """The rules of the game dealt: the same text for every seat of a game (the shared cache prefix)."""
    tab = table(ruleset_id, players)
    return render(lang, "system.j2", ruleset=get_ruleset(ruleset_id), players=players,
                  cards=[role_line(tab, r, lang) for r in tab.roles() if r in ROLES],
                  card=prompt_card(ruleset_id, lang, players))


def public_record(view: SeatView, lang: str) -> str:
    """The public events, one line each, in order."""
    lines = [record_line(e, lang) for e in view.events if e.visible_to is None]
    return render(lang, "record.j2", lines=lines)


def partner_list(facts: SeatFacts, ruleset: str) -> list[tuple[int, str]]:
    """The partners the seat knows are on its side (agents/view.py `known_partners`, the shown ones included), as
    (seat, the card it holds for the seat's side: shown as, or the teammates' role), in seat order."""
    own = set(facts.cards)
    return [(s, facts.shown.get(s) or next((r for r, group in facts.teammates.items() if r in own and s in group),
                                            ""))
            for s in sorted(known_partners(facts, ruleset))]


def private_notes(view: SeatView, lang: str) -> str:
    """The seat's own cards, what it learned at night, its teammates (every partner it was shown marked): only
    events visible to it privately."""
    facts = seat_facts(view)
    lines = [record_line(e, lang) for e in visible_events(view) if e.visible_to is not None]
    return render(lang, "private.j2", seat=view.seat, cards=facts.cards, dead=view.seat in facts.dead,
                  dead_note=dead_note(last_words(view.ruleset), lang),
                  living=facts.living, lines=lines, briefs=own_briefs(facts.cards, lang, view.ruleset, view.players),
                  partners=[(s, r) for s, r in partner_list(facts, view.ruleset) if s in facts.living])


def request_text(request: Request, lang: str, fields: list[str], targets: list[Any],
                 accusations: list[Any], claimable: list[str], speech_chars: int,
                 claim_targets: list[Any] | None = None, night: int = 0, ruleset: str = "",
                 known: frozenset[int] = frozenset()) -> str:
    """What the judge asks now, with every legal value spelled out (a night choice's: the seats of `known`
    partners among them marked), and what follows from the answer."""
    seats_of = {t[0] if isinstance(t, tuple) else t for t in request.targets if t is not None}
    partners = sorted(s for s in known if s in seats_of) if request.kind is DecisionKind.NIGHT else []
    return render(lang, "request.j2", request=request, D=DecisionKind, fields=fields, targets=targets,
                  partners=partners,
                  none_allowed=None in targets, accusations=accusations, claimable=claimable,
                  claim_targets=claim_targets or [], night=night,
                  follows=consequence(request, ruleset, lang) if ruleset else "",
                  talk=talk_text(request, lang, quote=speech_literal,
                                 orders=bool(ruleset) and get_ruleset(ruleset).orders_alone(request)),
                  speaks=request.may_speak and "speech" in fields, speech_chars=speech_chars,
                  confess_effect=confess_effect(jump_kill(("killer",)), lang))


def check_messages(messages: list[dict[str, str]], lang: str) -> list[dict[str, str]]:
    """The connection check's messages (issue 33): the production request's shape (its system text and, sent
    beside, its answer schema) with the user part replaced by a text that says it is only a check, not a turn,
    and asks for the smallest answer the schema allows, so nobody takes it for the game."""
    check = {"role": "user", "content": render(lang, "check.j2")}
    return [*(m for m in messages if m.get("role") != "user"), check]


def retry_text(error: str, lang: str) -> str:
    """The feedback after an answer the validation refused."""
    return render(lang, "retry.j2", error=error)


def messages(view: SeatView, request_part: str, lang: str) -> list[dict[str, str]]:
    """The chat messages: rules (system), then record + private notes + request (user), in that order."""
    parts = [public_record(view, lang), private_notes(view, lang)]
    lines = notebook_lines(view.notebook, lang, quote=speech_literal) if view.notebook else []
    if lines:  # the seat's own notebook as sentences (its free text quoted like a speech), never as a dict
        parts.append(render(lang, "notebook.j2", lines=lines))
    user = "\n\n".join((*parts, request_part))
    return [
        {"role": "system", "content": system_prompt(view.ruleset, view.players, lang)},
        {"role": "user", "content": user},
    ]
