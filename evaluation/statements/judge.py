"""The optional judge model: a model that labels each statement with the god view at the moment it was spoken
(every card, every night action so far): the claims its words make, whether it is a lie, and a deception
category (the WOLF taxonomy: none, fabrication, omission, distortion, misdirection). It asks through the
provider layer (agents/llm/endpoint.py: profiles, detection, retries); the rubric is prompts/<lang>/judge.j2,
which quotes every player's words as JSON strings (the game's own injection rule). An answer is checked against
the schema's legal values and asked again with the error (at most `max_retries` times); after that the label
falls back to "unlabelled", recorded with why. A refusal (OpenAI's `message.refusal`, or an answer that is
refusal prose and no JSON) is recorded as one (status "refused") and never asked again: another attempt would be
paid for the same answer. Every label line says its `status`: "labelled", "fallback" or "refused".

The preflight asks about a fixed probe statement (PROBE), never one of the run's: a judge that refuses one of
the run's statements has that statement recorded as refused, and cannot block every rerun at the preflight."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import openai

from agents.base import PreflightRefused
from agents.llm import answer_json
from agents.llm.completion import Reply, Tally, provider_message
from agents.llm.endpoint import Endpoint
from agents.llm.prompting import render, speech_literal
from engine import Event, EventKind, KillerError
from engine.judge import MAX_DAYS
from engine.moves.decisions import CLAIM_RESULTS
from engine.roles import Team, display_name, team_of
from engine.rulesets import get_ruleset
from evaluation.statements.labels import CATEGORIES, MAX_SAID_CHECKS
from hygiene import secrets
from words.narrator import sentence
from words.reader.vocab import CLAIMABLE

RUBRIC_VERSION = 2  # bump when judge.j2 or the schema asks something new: labels of another version are redone
MAX_NIGHT = MAX_DAYS  # no game has a night past the day cap (R-endless)
MAX_RECORD_LINES = 300  # the record's first lines (the deal, the cards) and its latest, for very long games
# An answer that is a refusal in prose: it holds no JSON object and opens with an apology or a "cannot" (en, zh).
REFUSAL = re.compile(r"^\W*(i'?m sorry|i am sorry|sorry|i can'?not|i can'?t|i won'?t|i will not|i'?m unable|"
                     r"i am unable|i'?m not able|i am not able|as an ai|抱歉|对不起|很抱歉|我不能|我无法|无法)",
                     re.IGNORECASE)
PROBE_WORDS = {"en": "I am a civilian. Last night I heard nothing, and I think seat 2 is hiding something.",
               "zh": "我是平民。昨晚我什么也没听到，我觉得2号在隐瞒什么。"}
KIND_WORDS: dict[str, dict[str, str]] = {
    "en": {EventKind.STATEMENT: "a day statement", EventKind.DEFENSE: "a defence", EventKind.LAST_WORDS: "last words"},
    "zh": {EventKind.STATEMENT: "白天发言", EventKind.DEFENSE: "辩护", EventKind.LAST_WORDS: "遗言"},
}


class LabelError(KillerError, ValueError):
    """An answer that is not a label (not JSON, a field missing, a value not allowed)."""


def cards_per_seat(ruleset: Any) -> int:
    """How many cards a seat holds in this ruleset (1 where the id is not a known ruleset: a file is untrusted)."""
    try:
        return get_ruleset(str(ruleset)).cards_per_seat
    except KillerError:
        return 1


def schema(players: int, cards: int = 1) -> dict[str, Any]:
    """The answer's JSON schema: every value a legal one (roles of the game, seats of the table; in a two-card
    ruleset, which card of the seat a check names, or null)."""
    fields = {"target": {"type": "integer", "minimum": 1, "maximum": players}, "result": {"enum": list(CLAIM_RESULTS)},
              "night": {"type": ["integer", "null"]}}
    if cards > 1:
        fields["card"] = {"enum": [*range(1, cards + 1), None]}
    check = {"type": "object", "additionalProperties": False, "required": list(fields), "properties": fields}
    props = {"said_role": {"enum": [*CLAIMABLE, None]}, "said_side": {"enum": ["good", "killers", None]},
             "said_checks": {"type": "array", "items": check, "maxItems": MAX_SAID_CHECKS}, "lie": {"type": "boolean"},
             "category": {"enum": list(CATEGORIES)}, "reason": {"type": "string"}}
    return {"type": "object", "additionalProperties": False, "required": list(props), "properties": props}


@dataclass(frozen=True)
class Statement:
    """One statement as the judge is shown it."""

    game: str
    i: int
    day: int
    seat: int
    kind: str
    text: str


def messages(lang: str, header: Mapping[str, Any], before: Sequence[Event], st: Statement,
             cards: Sequence[str], checks: Mapping[tuple[int, Any], str]) -> list[dict[str, str]]:
    """The rubric with the god view before the statement and the statement itself, as chat messages."""
    lines = [sentence(e, lang, quote=speech_literal) for e in before]
    if len(lines) > MAX_RECORD_LINES:
        lines = [*lines[:5], "…", *lines[5 - MAX_RECORD_LINES:]]
    told = [f"{night}: {target} {result}" for (night, target), result in sorted(checks.items(), key=str)]
    sides = {side: [r for r in CLAIMABLE if team_of(r) == side] for side in Team}
    text = render(lang, "judge.j2", ruleset=header.get("ruleset"), players=header.get("players"),
                  roles=list(CLAIMABLE), good=sides[Team.GOOD], killers=sides[Team.KILLERS],
                  cards_per_seat=cards_per_seat(header.get("ruleset")), lines=lines, seat=st.seat, day=st.day,
                  kind=KIND_WORDS.get(lang, KIND_WORDS["en"]).get(st.kind, st.kind),
                  cards=", ".join(display_name(c, lang) for c in cards) or "–", checks="; ".join(told) or "–",
                  words=speech_literal(st.text))
    return [{"role": "user", "content": text}]


def probe(lang: str, ruleset: Any, players: int) -> list[dict[str, str]]:
    """The preflight's request: the production rubric about a fixed statement of seat 1 (a civilian) on day 1,
    with no record before it; the same for every run of the ruleset and table size."""
    st = Statement("probe", 0, 1, 1, EventKind.STATEMENT, PROBE_WORDS.get(lang, PROBE_WORDS["en"]))
    return messages(lang, {"ruleset": ruleset, "players": players}, [], st, ["civilian"], {})


def refusal_of(reply: Reply) -> str | None:
    """Why the answer is a refusal (the provider's refusal field, or refusal prose without JSON), or None."""
    if reply.refusal:
        return reply.refusal
    text = (reply.text or "").strip()
    if text and "{" not in text and REFUSAL.match(text):
        return secrets.redact(text)[:300]
    return None


def parse(text: str, players: int, cards: int = 1) -> dict[str, Any]:
    """A label read from the answer text; LabelError names the first problem."""
    try:
        data = answer_json.loads(text)  # bounded: size, depth, digits
    except answer_json.AnswerJSONError as exc:
        raise LabelError(str(exc)) from None
    if not isinstance(data, dict):
        raise LabelError("the answer is not a JSON object")
    missing = [k for k in ("said_role", "said_side", "said_checks", "lie", "category") if k not in data]
    if missing:
        raise LabelError(f"missing field {missing[0]!r}")
    if data["said_role"] not in (*CLAIMABLE, None) or data["said_side"] not in ("good", "killers", None):
        raise LabelError("said_role or said_side is not one of the allowed values")
    if not isinstance(data["lie"], bool) or data["category"] not in CATEGORIES:
        raise LabelError(f"lie must be true or false and category one of {', '.join(CATEGORIES)}")
    checks = data["said_checks"] if isinstance(data["said_checks"], list) else None
    if checks is not None and len(checks) > MAX_SAID_CHECKS:
        raise LabelError(f"said_checks holds {len(checks)} checks (at most {MAX_SAID_CHECKS})")
    if checks is None or not all(_check_ok(c, players, cards) for c in checks):
        card = ", card" if cards > 1 else ""
        raise LabelError(f"said_checks must be a list of {{target: 1..{players}, result, night{card}}}")
    return {"said_role": data["said_role"], "said_side": data["said_side"],
            "said_checks": [{"target": _target(c, cards), "result": c["result"], "night": c.get("night")}
                            for c in checks],
            "lie": data["lie"], "category": data["category"],
            "reason": secrets.redact(str(data.get("reason", "")))[:300]}


def _check_ok(c: Any, players: int, cards: int = 1) -> bool:
    """A claimed check within the schema: a seat (an integer, never a boolean), a night of the day cap, and in a
    two-card ruleset a card of the seat or none."""
    night = c.get("night") if isinstance(c, dict) else None
    card = c.get("card") if isinstance(c, dict) else None
    return (isinstance(c, dict) and type(c.get("target")) is int and 1 <= c["target"] <= players
            and c.get("result") in CLAIM_RESULTS
            and (night is None or (type(night) is int and 0 <= night <= MAX_NIGHT))
            and (card is None or (cards > 1 and type(card) is int and 1 <= card <= cards)))


def _target(c: dict[str, Any], cards: int) -> int | list[int]:
    """A check's target as the corpus and the reader write it: the seat, or [seat, card] where a card is named."""
    card = c.get("card") if cards > 1 else None
    return [c["target"], card] if type(card) is int else c["target"]


class JudgeModel:
    """Labels statements through an Endpoint; `label` never raises (a failure is a recorded fallback)."""

    def __init__(self, endpoint: Endpoint, max_retries: int = 2) -> None:
        self.endpoint = endpoint
        self.max_retries = max(0, max_retries)

    async def preflight(self, chat: list[dict[str, str]], players: int, lang: str = "en",
                        cards: int = 1) -> dict[str, Any]:
        """One request in the production shape; PreflightRefused with the provider's message unless accepted.
        Returns what it cost (the tokens of a label line)."""
        await self.endpoint.resolve()
        self.endpoint.lang = lang
        tally = Tally()
        while True:
            try:
                reply = await self.endpoint.call(chat, schema(players, cards), tally)
                break
            except openai.APIStatusError as exc:
                if not self.endpoint.adapt(exc):
                    raise PreflightRefused(secrets.redact(provider_message(exc))) from None
            except Exception as exc:
                raise PreflightRefused(secrets.redact(provider_message(exc))) from None
        refused = refusal_of(reply)
        if refused is not None:
            raise PreflightRefused(f"the judge refused the probe statement: {refused}")
        if reply.finish == "length":
            raise PreflightRefused(f"the answer was cut off at {self.endpoint.budget} completion tokens; raise "
                                   "max_tokens")
        try:
            answer_json.loads(reply.text)
        except answer_json.AnswerJSONError as exc:
            raise PreflightRefused(f"{exc}: " + secrets.redact(reply.text or "(empty)")[:120]) from None
        return self._note(tally, 0)

    async def label(self, chat: list[dict[str, str]], players: int, lang: str = "en",
                    cards: int = 1) -> dict[str, Any]:
        """The label of one statement, with its cost and attempts ("fallback" says why when there is none)."""
        await self.endpoint.resolve()
        self.endpoint.lang = lang  # the schema note and the retry feedback in the game's language
        tally, tries = Tally(), 0
        while True:
            try:
                reply = await self.endpoint.call(chat, schema(players, cards), tally)
            except openai.APIStatusError as exc:
                if self.endpoint.adapt(exc):
                    continue
                return self._note(tally, tries, fallback=f"endpoint: {secrets.redact(provider_message(exc))}")
            except Exception as exc:
                return self._note(tally, tries, fallback=f"transport: {secrets.redact(provider_message(exc))}")
            refused = refusal_of(reply)
            if refused is not None:  # the model said no: asking again would pay for the same answer
                return self._note(tally, tries, fallback=f"refused: {refused}", status="refused")
            try:
                if reply.finish == "length":
                    raise LabelError("the answer was cut off (finish_reason length)")
                return {**parse(reply.text or "", players, cards), **self._note(tally, tries)}
            except LabelError as exc:
                tally.errors.append(str(exc))
                tries += 1
                if tries > self.max_retries:
                    return self._note(tally, tries - 1, fallback=f"no valid label after {tries} attempts: {exc}")
                chat = [*chat, {"role": "assistant", "content": (reply.text or "")[:2000]},
                        {"role": "user", "content": render(self.endpoint.lang, "judge_retry.j2", error=str(exc))}]

    def _note(self, tally: Tally, retries: int, fallback: str | None = None,
              status: str = "fallback") -> dict[str, Any]:
        out: dict[str, Any] = {"status": "labelled" if fallback is None else status,
                               "prompt_tokens": tally.prompt, "completion_tokens": tally.completion,
                               "cached_tokens": tally.cached, "retries": retries,
                               "latency_s": round(time.perf_counter() - tally.started, 4),
                               "transport_retries": tally.transport_retries}
        if fallback is not None:
            out.update({"fallback": fallback[:300], "lie": None, "category": None})
        return out
