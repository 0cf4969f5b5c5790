"""Prompt profiles: which prompt a seat's model is shown.

- "full": the rules card, what follows from each answer, reasoning, the notebook, suspicions and public claims
  (agents/llm/prompting.py, prompts/<lang>/system.j2 ...): for capable models.
- "small": a shorter card, a one-shot example per request kind, the decision fields only, no notebook
  (agents/llm/small_prompt.py): for models of at most ~1B parameters.
- "auto" (the default): "small" for the embedded model and for a model whose name gives a size of at most 1B
  parameters ("135m", "360M", "0.5b", "1b"), else "full".

A seat's profile is recorded in the transcript header (`prompt_profile`) so reports can split by it, and
benchmarks/bench_small_model.py rebuilds each decision's prompt with it (`prompt_for`).
"""

from __future__ import annotations

import re
from typing import Any

from agents.llm import prompting, small_prompt
from agents.llm.schema import SCHEMA_SPEECH_CHARS, Choices, answer_schema, target_json
from agents.view import SeatView
from engine import Request

PROMPT_PROFILES: tuple[str, ...] = ("full", "small")
CHOICES: tuple[str, ...] = ("auto", *PROMPT_PROFILES)
EMBEDDED_MODEL = "smollm2-135m"  # local_server.MODEL_ALIAS (not imported: that module starts servers)
SMALL_PARAMS = 1e9  # a model of at most this many parameters gets the small profile on "auto"
SIZE = re.compile(r"(?<![a-z0-9.])(\d+(?:\.\d+)?)\s*([mb])(?![a-z])", re.IGNORECASE)


def model_params(model: str) -> float | None:
    """The parameter count a model's name states ("SmolLM2-135M-Instruct" → 1.35e8, "qwen2.5:0.5b" → 5e8), the
    largest if it states several; None when it states none."""
    sizes = [float(n) * (1e6 if unit.lower() == "m" else 1e9) for n, unit in SIZE.findall(model)]
    return max(sizes) if sizes else None


def resolve(requested: str | None, model: str) -> str:
    """The profile a seat plays with: the one asked for, or on "auto"/None the one its model's size calls for."""
    if requested in PROMPT_PROFILES:
        return str(requested)
    if requested not in (None, "", "auto"):
        raise ValueError(f"prompt profile must be one of {', '.join(CHOICES)}, not {requested!r}")
    if model.lower() == EMBEDDED_MODEL:
        return "small"
    params = model_params(model)
    return "small" if params is not None and params <= SMALL_PARAMS else "full"


def schema_for(profile: str, choices: Choices, lang: str = "en") -> dict[str, Any]:
    """The answer schema the profile asks for."""
    return small_prompt.small_schema(choices, lang) if profile == "small" else answer_schema(choices)


def full_request_text(choices: Choices, schema: dict[str, Any], lang: str) -> str:
    """The full profile's request part (every legal value spelled out, what follows from the answer)."""
    props = schema["properties"]
    return prompting.request_text(
        choices.request, lang, fields=list(props),
        targets=[target_json(t) for t in choices.request.targets],
        accusations=list(choices.accusations or ()) if "accusation" in props else [],
        claimable=list(choices.roles) if "claim" in props else [],
        claim_targets=list(choices.claim_targets) if "claim" in props else [], night=choices.night,
        ruleset=choices.ruleset, speech_chars=SCHEMA_SPEECH_CHARS, known=choices.known)


def messages_for(profile: str, view: SeatView, choices: Choices, schema: dict[str, Any], lang: str) \
        -> list[dict[str, str]]:
    """The chat messages of one decision under `profile` (before any provider note)."""
    if profile == "small":
        return small_prompt.messages(view, choices, lang)
    return prompting.messages(view, full_request_text(choices, schema, lang), lang)


def prompt_for(profile: str, view: SeatView, request: Request, lang: str) -> list[dict[str, str]]:
    """The first attempt's messages for `request` as an LLM seat of that profile builds them from `view`."""
    choices = prompting.choices_for(view, request)
    return messages_for(profile, view, choices, schema_for(profile, choices, lang), lang)
