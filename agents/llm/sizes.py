"""How long an LLM seat's messages and answers are, for estimates made without a model (`killer eval --plan`):
the full-profile prompt a seat would be sent for a decision (rendered by the agent's own code, from the seat's
own view), a bot's decision written in the answer schema's shape, and the upper bound with every free-text field
(reasoning, notebook, speech) at the schema's limit."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from agents.base import Decision
from agents.llm.notebook import MAX_CLAIM_ROWS, MAX_COMMITMENTS, SCHEMA_PLAN_CHARS, Scope, notebook_lines
from agents.llm.prompt_profiles import full_request_text
from agents.llm.prompting import choices_for, messages, render
from agents.llm.schema import SCHEMA_REASONING_CHARS, SCHEMA_SPEECH_CHARS, Choices, answer_schema, target_json
from agents.view import SeatView
from engine import Request, get_ruleset


@dataclass(frozen=True)
class DecisionSize:
    """One decision in characters: the prompt, the answer as written, the answer at the schema's limits."""

    prompt: int
    completion: int
    completion_cap: int


def decision_size(view: SeatView, request: Request, decision: Decision, lang: str) -> DecisionSize:
    """The size of one decision had an LLM seat made it (the prompt of its first try)."""
    choices = choices_for(view, request)
    answer = answer_text(decision, choices)
    return DecisionSize(prompt_chars(view, choices, lang), len(answer),
                        _cap_chars(answer, decision, choices, _table_notebook(view.ruleset, view.players)))


def answer_text(decision: Decision, choices: Choices) -> str:
    """The scripted bot's decision written as an LLM answer in the schema's shape (its own fields only)."""
    props = answer_schema(choices)["properties"]
    action = decision.action
    values: dict[str, Any] = {
        "reasoning": decision.reasoning, "notebook": EMPTY_NOTEBOOK,
        "suspicions": {str(s): round(decision.suspicions.get(s, 0.5), 2) for s in choices.rated},
        "claim": action.claim.to_dict() if action.claim is not None else {"role": None, "checks": []},
        "speech": action.speech or "", "accusation": action.accusation, "confess": bool(action.confess),
        "target": target_json(action.target), "message": action.message}
    return json.dumps({k: values[k] for k in props}, ensure_ascii=False)


EMPTY_NOTEBOOK: dict[str, Any] = {"beliefs": [], "claims": [], "commitments": [], "plan": ""}


def full_notebook(players: int, cards_per_seat: int, roles: tuple[str, ...]) -> dict[str, Any]:
    """The largest notebook the answer schema allows (agents/llm/notebook.py): a belief on every other seat, every
    claim row and commitment it holds, the plan at its schema length; its entries as long as they can be."""
    scope = Scope(seat=1, players=players, roles=roles, cards_per_seat=cards_per_seat, night=players)
    role = max(roles, key=len)
    target = max(scope.targets, key=lambda t: len(str(t)))
    check = {"role": role, "night": players, "target": target, "result": "not_killer"}
    return {"beliefs": [{"seat": s, "role": role, "confidence": 0.55} for s in scope.others],
            "claims": [{"seat": players, **check}] * MAX_CLAIM_ROWS,
            "commitments": [{**check, "true": False}] * MAX_COMMITMENTS,
            "plan": "x" * SCHEMA_PLAN_CHARS}


def _table_notebook(ruleset: str, players: int) -> dict[str, Any]:
    rules = get_ruleset(ruleset)
    return full_notebook(players, rules.cards_per_seat, tuple(rules.roles()))


def _cap_chars(answer: str, decision: Decision, choices: Choices, notebook: dict[str, Any]) -> int:
    """The answer's length with reasoning, notebook and (when due) speech at the schema's limits."""
    written = len(decision.reasoning) + (len(decision.action.speech or "") if choices.speaks else 0)
    written += len(json.dumps(EMPTY_NOTEBOOK, ensure_ascii=False))
    caps = SCHEMA_REASONING_CHARS + len(json.dumps(notebook, ensure_ascii=False))
    return len(answer) - written + caps + (SCHEMA_SPEECH_CHARS if choices.speaks else 0)


def prompt_chars(view: SeatView, choices: Choices, lang: str) -> int:
    """Characters of the chat messages an LLM seat is sent for this decision (its first try)."""
    part = full_request_text(choices, answer_schema(choices), lang)
    return sum(len(m["content"]) for m in messages(view, part, lang))


def notebook_chars(lang: str, ruleset: str, players: int) -> int:
    """The prompt's notebook block with a notebook at the schema's limit, read back as sentences (the upper bound
    adds it to each decision)."""
    lines = notebook_lines(_table_notebook(ruleset, players), lang)
    return len(render(lang, "notebook.j2", lines=lines)) + 2
