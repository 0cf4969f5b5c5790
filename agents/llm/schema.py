"""The structured answer an LLM gives, per decision kind: pydantic models that check it against the
request's legal choices, and a JSON schema restricted to those choices (enums of legal targets) for
constrained decoding.

Decision fields (target, accusation, confess, speech when due) are strict: a wrong one is an error fed back to
the model. Private annotation fields are lenient: suspicions are clamped to 0..1 and unknown seats dropped, an
unknown claimed role becomes None, speech is cut to MAX_SPEECH characters.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator, model_validator

from agents.llm import answer_json
from agents.llm.notebook import Notebook, Scope, enum_schema, notebook_schema, read_notebook
from engine import SPEAKING, Action, Claim, ClaimedCheck, DecisionKind, KillerError, Request, Target, default_action
from engine.moves.decisions import CLAIM_RESULTS, MAX_CLAIMED_CHECKS, MAX_TEAM_MESSAGE

MAX_SPEECH = 600  # characters kept of a public speech
MAX_REASONING = 2000  # characters kept of the private reasoning
# What the schema asks for (grammar-enforcing servers stop there). Speeches are short by the rules themselves:
# 004 common rule 7 "发言时尽量言简意赅"; on the embedded model every character is generation time.
SCHEMA_SPEECH_CHARS = 240
SCHEMA_REASONING_CHARS = 600



def _private_text(value: Any, cap: int) -> str:
    """A private free-text field (the reasoning) as stripped text of at most `cap` characters; a model that
    wrote an object or a list there keeps it as JSON."""
    text = value if isinstance(value, str) else "" if value is None else json.dumps(value, ensure_ascii=False)
    return text.strip()[:cap]

class AnswerError(KillerError, ValueError):
    """An answer that is not valid JSON for the schema or not a legal choice; the message is fed back."""


def target_json(target: Target | None) -> int | str | None:
    """How a target is written in an answer: a seat number, "seat/slot" for a card (v5), or null."""
    if isinstance(target, tuple):
        return f"{target[0]}/{target[1]}"
    return target


@dataclass(frozen=True)
class Choices:
    """The legal choices of one request as the answer schema sees them."""

    request: Request
    living: tuple[int, ...]  # living seats as the seat knows them (public deaths)
    roles: tuple[str, ...]  # role ids a speaker may claim
    cards_per_seat: int = 1  # 2 in v5: a claimed check names a card ("seat/slot")
    players: int = 0  # the table's size (0: the highest living seat)
    known: frozenset[int] = frozenset()  # partners a killer knows: not asked to rate them
    ruleset: str = ""  # the ruleset's id (the request's consequences are worded from it)
    night: int = 0  # the latest night the seat has seen (a claimed check names a night up to it; 0: unknown)

    @property
    def claim_targets(self) -> dict[int | str, Target]:
        """What a claimed check may name: every other seat of the table (v5: each of its cards)."""
        players = self.players or max((*self.living, self.request.seat))
        seats = [s for s in range(1, players + 1) if s != self.request.seat]
        if self.cards_per_seat > 1:
            cards = [(s, slot) for s in seats for slot in range(1, self.cards_per_seat + 1)]
            return {f"{s}/{slot}": (s, slot) for s, slot in cards}
        return {s: s for s in seats}

    @property
    def rated(self) -> tuple[int, ...]:
        """The seats whose side the seat rates: every other living seat but the partners a killer knows."""
        return tuple(s for s in self.others if s not in self.known)

    @property
    def others(self) -> tuple[int, ...]:
        return tuple(s for s in self.living if s != self.request.seat)

    @property
    def targets(self) -> dict[int | str | None, Target | None]:
        return {target_json(t): t for t in self.request.targets}

    @property
    def accusations(self) -> tuple[int | None, ...] | None:
        """Legal accusations; None when this kind carries no accusation field."""
        kind = self.request.kind
        if kind in (DecisionKind.STATEMENT, DecisionKind.LAST_WORDS):
            return self.request.accusations or (*self.others, None)  # the engine lists them (older logs may not)
        if kind is DecisionKind.DEFENSE and self.request.accusations:
            # A defence may name a suspect ("not me: seat 5"), as the engine lists (engine/day/common.py
            # speech_accusations); no day procedure counts it (words only, and the request says so).
            return self.request.accusations
        return None

    @property
    def has_target(self) -> bool:
        return self.request.kind in (DecisionKind.NIGHT, DecisionKind.VOTE)

    @property
    def speaks(self) -> bool:
        return self.request.kind in SPEAKING and self.request.may_speak


class Answer(BaseModel):
    """Fields every answer has: private reasoning and suspicions (seat -> P(killer))."""

    model_config = ConfigDict(extra="ignore")

    reasoning: Any = ""
    notebook: Any = ""
    suspicions: Any = {}
    target: int | str | None = None
    speech: str = ""
    claimed_role: str | None = None  # older prompts' field: read as a claim of that role when no claim is given
    claim: Any = None
    accusation: int | None = None
    confess: bool = False
    message: Any = ""  # a team night choice's words to the partners (issue 19)

    @field_validator("reasoning")
    @classmethod
    def _cut_reasoning(cls, value: Any) -> str:
        return _private_text(value, MAX_REASONING)

    @model_validator(mode="after")
    def _legal(self, info: ValidationInfo) -> Answer:
        choices = (info.context or {}).get("choices")
        if not isinstance(choices, Choices):
            raise ValueError("validation needs context={'choices': Choices}")
        check_legal(self, choices)
        return self


def check_legal(answer: Answer, choices: Choices) -> None:
    """Raises ValueError naming the field when a decision field is not a legal choice; tidies the rest."""
    request = choices.request
    if isinstance(answer.target, str) and answer.target.strip().isdigit():
        answer.target = int(answer.target)
    if choices.has_target and answer.target not in choices.targets:
        legal = ", ".join(json.dumps(k) for k in choices.targets)
        raise ValueError(f"target {json.dumps(answer.target)} is not legal; choose one of: {legal}")
    legal_acc = choices.accusations
    if legal_acc is None or answer.confess:
        answer.accusation = None
    elif answer.accusation not in legal_acc:
        raise ValueError(f"accusation {answer.accusation} is not legal; choose one of: "
                         f"{', '.join(json.dumps(a) for a in legal_acc)}")
    if answer.confess and not request.may_confess:
        answer.confess = False
    answer.speech = answer.speech.strip()[:MAX_SPEECH] if choices.speaks else ""
    # words to the partners: a team night choice's only, cut to the engine's limit (never an error: it is optional)
    written = answer.message if isinstance(answer.message, str) else ""
    answer.message = written.strip()[:MAX_TEAM_MESSAGE] if request.may_message else ""
    if choices.speaks and not answer.speech:
        raise ValueError("speech is empty; say something to the table")
    if answer.claimed_role not in choices.roles:
        answer.claimed_role = None
    answer.claim = _read_claim(answer.claim, answer.claimed_role, choices) if choices.speaks else None
    answer.claimed_role = answer.claim.role if answer.claim is not None else None
    answer.suspicions = _clean_suspicions(answer.suspicions, choices.rated)
    # the seat's latest suspicions go back with its notebook (the notebook is all that carries over)
    mine = tuple(sorted((int(k), round(float(v), 2)) for k, v in answer.suspicions.items()))
    answer.notebook = replace(read_notebook(answer.notebook, notebook_scope(choices)), suspicions=mine)


def notebook_scope(choices: Choices) -> Scope:
    """What the seat's notebook may name: the table's seats (cards), the ruleset's roles, the nights so far."""
    players = choices.players or max((*choices.living, choices.request.seat))
    return Scope(choices.request.seat, players, choices.roles, choices.cards_per_seat, choices.night)


def notebook_of(answer: Answer) -> dict[str, Any] | str:
    """The notebook as the annotation stores it: its object, or "" when the seat wrote nothing in it."""
    book = answer.notebook
    return book.to_dict() if isinstance(book, Notebook) and book else ""


def _read_claim(raw: Any, claimed_role: str | None, choices: Choices) -> Claim | None:
    """The public claim: a role of the ruleset (an unknown one is dropped) and checks that name a legal target, a
    night so far and a nod or a shake (a wrong one is an error fed back); None when it claims nothing."""
    if not isinstance(raw, dict):
        return Claim(role=claimed_role) if claimed_role is not None else None
    role = raw.get("role")
    role = role if role in choices.roles else None
    checks = raw.get("checks") or []
    if not isinstance(checks, list) or len(checks) > MAX_CLAIMED_CHECKS:
        raise ValueError(f"claim.checks must be a list of at most {MAX_CLAIMED_CHECKS} checks")
    out = tuple(_claimed_check(c, choices) for c in checks)
    return Claim(role=role, checks=out) if role is not None or out else None


def _claimed_check(raw: Any, choices: Choices) -> ClaimedCheck:
    if not isinstance(raw, dict):
        raise ValueError("each claim.checks item is an object with night, target and result")
    target = raw.get("target")
    if isinstance(target, str) and target.strip().isdigit():
        target = int(target)
    if target not in choices.claim_targets:
        raise ValueError(f"claim.checks target {json.dumps(target)} is not a seat (or card) of another player")
    if raw.get("result") not in CLAIM_RESULTS:
        raise ValueError(f"claim.checks result must be one of {', '.join(CLAIM_RESULTS)}")
    night = raw.get("night")
    if not isinstance(night, int) or isinstance(night, bool) or not 1 <= night <= (choices.night or night):
        raise ValueError(f"claim.checks night {json.dumps(night)} is not a night so far (1 to {choices.night})")
    return ClaimedCheck(night, choices.claim_targets[target], str(raw["result"]))


def _clean_suspicions(raw: Any, others: tuple[int, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in (raw.items() if isinstance(raw, dict) else ()):
        try:
            seat, prob = int(key), float(value)
        except (TypeError, ValueError):
            continue
        if seat in others and prob == prob:  # NaN is not a probability
            out[str(seat)] = min(1.0, max(0.0, prob))
    return out


def parse_answer(text: str | None, choices: Choices) -> Answer:
    """The model's text as a legal Answer, or AnswerError with a short message for the model."""
    if not text or not text.strip():
        raise AnswerError("the answer was empty; reply with one JSON object")
    try:
        data = answer_json.loads(text)  # bounded: size, depth, digits (a raw newline inside a string is forgiven)
    except answer_json.AnswerJSONError as exc:
        raise AnswerError(str(exc)) from None
    if not isinstance(data, dict):
        raise AnswerError("the answer must be one JSON object")
    try:
        return Answer.model_validate(data, context={"choices": choices})
    except ValidationError as exc:
        raise AnswerError(_short(exc)) from None


def _short(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts)


def to_action(answer: Answer, choices: Choices) -> Action:
    """The engine action of a legal answer."""
    request = choices.request
    target = choices.targets[answer.target] if choices.has_target else None
    claim = answer.claim if isinstance(answer.claim, Claim) and not answer.confess else None
    return Action(request.seat, request.kind, target=target, speech=answer.speech,
                  accusation=answer.accusation, confess=answer.confess, slot=request.slot, claim=claim,
                  round=request.round, message=str(answer.message))


def suspicions_of(answer: Answer) -> dict[int, float]:
    """The cleaned suspicions with int seats."""
    return {int(k): float(v) for k, v in answer.suspicions.items()}


def answer_schema(choices: Choices) -> dict[str, Any]:
    """A JSON schema (OpenAI strict-mode compatible: every property required, no extra keys) whose enums are
    exactly the request's legal choices."""
    props: dict[str, Any] = {
        "reasoning": {"type": "string", "maxLength": SCHEMA_REASONING_CHARS},
        "notebook": notebook_schema(notebook_scope(choices)),
        "suspicions": {
            "type": "object",
            "properties": {str(s): {"type": "number", "minimum": 0, "maximum": 1} for s in choices.rated},
            "required": [str(s) for s in choices.rated],
            "additionalProperties": False,
        },
    }
    if choices.speaks:  # the claim comes before the speech: decided first, then the speech is written to match it
        props["claim"] = claim_schema(choices)
    if choices.speaks:
        props["speech"] = {"type": "string", "minLength": 1, "maxLength": SCHEMA_SPEECH_CHARS}
    if choices.accusations is not None:
        props["accusation"] = _enum(list(choices.accusations))
    if choices.request.may_confess:
        props["confess"] = {"type": "boolean"}
    if choices.request.may_message:  # before the target: what the member says to its partners, then its pick
        props["message"] = {"type": "string", "maxLength": MAX_TEAM_MESSAGE}
    if choices.has_target:
        props["target"] = _enum(list(choices.targets))
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def claim_schema(choices: Choices) -> dict[str, Any]:
    """The public claim: a role (null: none) and the check results reported (empty: none)."""
    check = {
        "type": "object",
        # Every legal value spelled out (grammar-enforcing servers then cannot name a night still to come).
        "properties": {"night": _enum(list(range(1, max(1, choices.night) + 1))),
                       "target": _enum(list(choices.claim_targets)),
                       "result": _enum(list(CLAIM_RESULTS))},
        "required": ["night", "target", "result"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {"role": _enum([*choices.roles, None]), "checks": {"type": "array", "items": check}},
        "required": ["role", "checks"],
        "additionalProperties": False,
    }


_enum = enum_schema


def fallback_action(choices: Choices, avoid: frozenset[int] = frozenset()) -> Action:
    """A legal default: pass / no hand where allowed, else the lowest legal target (avoiding `avoid`, e.g. the
    seat's own teammates, when it can); no accusation where allowed; no speech; never a confession."""
    return default_action(choices.request, avoid)
