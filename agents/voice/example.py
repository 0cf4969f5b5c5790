"""The voice's one-shot example: the speech asked for, said in one of several wordings drawn from the speech's seed
(prompts/<lang>/voice.j2 say_*, each read back by the speech reader as its note says). A small model follows its
example's shape and seats closely: an example of another shape (a police report for a civilian's speech) or at other
seats was copied as it was (2 of 12 and 5 of 12 speeches kept their intent on the embedded model, docs/bots.md), so
the example is this very speech, and the model's words vary it."""

from __future__ import annotations

import random

from agents.llm.prompting import environment
from agents.voice.intent import Intent, cited
from engine import DecisionKind

WORDINGS = 3  # wordings of each part of the example (prompts/<lang>/voice.j2 say_*)


def example(intent: Intent, rng: random.Random, lang: str) -> str:
    """The example's words: the intent said in one of the wordings."""
    t = environment(lang).get_template("voice.j2").module
    k = rng.randrange(WORDINGS)
    parts = [str(t.say_role(intent.role, k))] if intent.role else []  # type: ignore[attr-defined]
    parts += [str(t.say_check(c.seat, c.killer, c.night, k)) for c in intent.checks]  # type: ignore[attr-defined]
    if intent.kind is DecisionKind.DEFENSE:
        parts.append(str(t.say_defend(k)))  # type: ignore[attr-defined]
    parts += cited(intent, lang)  # the cited act as the notes word it (a quote the reader reads as the act)
    if intent.accusation is not None:
        parts.append(str(t.say_accuse(intent.accusation, k)))  # type: ignore[attr-defined]
    elif intent.kind is DecisionKind.STATEMENT:
        parts.append(str(t.say_none(k)))  # type: ignore[attr-defined]
    elif intent.kind is DecisionKind.LAST_WORDS:
        parts.append(str(t.say_last(k)))  # type: ignore[attr-defined]
    return ("" if lang == "zh" else " ").join(p.strip() for p in parts)
