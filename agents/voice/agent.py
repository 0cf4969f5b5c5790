"""The voiced bot (`scripted:LEVEL+voice`): a scripted bot decides every choice — target, vote, claim, accusation
and its own sentence — and, for its speeches, a model is asked to word that sentence's intent briefly (the claim it
files, the checks it reports, whom it accuses and the other seats' acts it cites; agents/voice/intent.py). The
speech reader checks the model's words say what the intent says (agents/voice/faithful.py); where they do not, or
the model fails, times out or answers junk, the bot's own sentence is said and the voice fallback is recorded on
the decision's annotation (`voice`, `voice_fallback`). Only the words ever change: the action is the bot's, legal.

The model's prompt holds the intent's notes and nothing else of the game (never the seat's cards, partners or
private reasoning): what the table hears anyway. Each request carries a seed derived from the bot's seed, the seat
and the request, so on a server that honours `seed` (llama-cpp-python's does) the same game speaks the same words.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from dataclasses import replace
from typing import Any

from agents.base import Annotation, Decision
from agents.bots.scripted import ScriptedAgent
from agents.llm import answer_json
from agents.llm.completion import Reply, Tally, provider_message
from agents.llm.endpoint import Endpoint
from agents.llm.prompting import environment
from agents.providers.profiles import GenOptions
from agents.view import SeatView, visible_events
from agents.voice.example import example
from agents.voice.faithful import misworded
from agents.voice.intent import Intent, intent_of, notes
from engine import SPEAKING, EventKind, Request
from hygiene import secrets
from hygiene.sanitize import clean

KIND = "scripted+voice"  # the header's and the annotations' agent kind: a bot (evaluation counts it as one)
VOICE_VERSION = 1  # bump when the voice's prompt or its check changes (recorded in the header)
VOICE_TOKENS = 160  # completion tokens of one speech (a JSON object with one or two sentences)
# On the embedded model, 12 speeches of hard bots kept their intent 9 times at temperature 0.7 and 12 times at 0.3
# (the model then mostly says the prompt's wording of the notes): docs/bots.md, "Voiced bots"
VOICE_TEMPERATURE = 0.3
VOICE_CHARS = 240  # characters kept of the model's speech; longer is junk (the bot's own sentence is said)
TRIES = 1  # the model's tries per speech before the bot's sentence is said (a second try doubled a game's time
# on the embedded model and two cores)
SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["speech"],
    "properties": {"speech": {"type": "string", "minLength": 1, "maxLength": VOICE_CHARS}},
}


def voice_options(options: GenOptions) -> GenOptions:
    """A voice's generation options: the seat's, with a short completion budget and a low temperature unless it
    names them."""
    if options.max_tokens is None:
        options = replace(options, max_tokens=VOICE_TOKENS)
    return options if options.temperature is not None else replace(options, temperature=VOICE_TEMPERATURE)


class VoicedAgent:
    """A scripted bot whose speeches a model words; `endpoint` is the model (its key by the one key rule,
    agents/factory.py)."""

    kind = KIND

    def __init__(self, bot: ScriptedAgent, endpoint: Endpoint) -> None:
        self.bot = bot
        self.endpoint = endpoint
        self.lang = bot.lang

    def describe(self) -> dict[str, object]:
        """The header's fields: the bot's level and strategy, and the voice's model, provider and version (under
        voice_*: the seat's `model` stays empty, so no report takes it for a model's seat)."""
        return {**self.bot.describe(), "voice_model": self.endpoint.model, "voice_provider": self.endpoint.provider,
                "voice_version": VOICE_VERSION}

    async def decide(self, view: SeatView, request: Request) -> Decision:
        decision = self.bot.choose(view, request)
        if request.kind not in SPEAKING or not decision.action.speech.strip():
            return replace(decision, annotation=replace(decision.annotation, agent=KIND))
        intent = intent_of(decision, request)
        tally = Tally()
        words, why = await self._voice(view, request, intent, tally)
        note = Annotation(agent=KIND, model=self.endpoint.model, prompt_tokens=tally.prompt,
                          completion_tokens=tally.completion, cached_tokens=tally.cached,
                          latency_s=round(time.perf_counter() - tally.started, 4),
                          retries=max(0, len(tally.errors) - (1 if why else 0)), errors=tuple(tally.errors),
                          transport_retries=tally.transport_retries,
                          voice="bot" if words is None else "model", voice_fallback=why)
        action = decision.action if words is None else replace(decision.action, speech=words)
        return replace(decision, action=action, annotation=note)

    async def _voice(self, view: SeatView, request: Request, intent: Intent,
                     tally: Tally) -> tuple[str | None, str | None]:
        """(the model's words, None), or (None, why the bot's own sentence is said)."""
        day = _day(view)
        for attempt in range(TRIES):
            seed = speech_seed(self.bot.seed, view, request, attempt)
            messages = self.messages(intent, random.Random(seed))
            options = replace(self.endpoint.options, seed=seed)
            try:
                await self.endpoint.resolve()
                reply = await self.endpoint.call(messages, SCHEMA, tally, options=options)
            except Exception as exc:  # transport failures that outlived their retries, timeouts, refusals
                tally.errors.append(secrets.redact(provider_message(exc))[:300])
                return None, f"the model did not answer: {tally.errors[-1]}"[:400]
            words, error = self._words(reply)
            if words is not None:
                wrong = misworded(words, intent, self.lang, view.players, day)
                if wrong is None:
                    return words, None
                error = f"misworded: {wrong}: {words}"
            tally.errors.append(error[:400])
        return None, tally.errors[-1]

    def messages(self, intent: Intent, rng: random.Random) -> list[dict[str, str]]:
        """The voice's prompt: what a voice is, this speech's notes and one way to say them (prompts/<lang>/
        voice.j2). Nothing else of the game: the intent is what the table hears anyway."""
        t = environment(self.lang).get_template("voice.j2").module
        shown = json.dumps({"speech": example(intent, rng, self.lang)}, ensure_ascii=False)
        return [{"role": "system", "content": str(t.system())},  # type: ignore[attr-defined]
                {"role": "user", "content": str(t.notes(notes(intent, self.lang), shown))}]  # type: ignore[attr-defined]

    def _words(self, reply: Reply) -> tuple[str | None, str]:
        """(the speech the model answered, "") or (None, why it is no speech)."""
        if reply.error:
            return None, f"the endpoint answered with an error: {reply.error}"
        if reply.finish == "length":
            return None, "cut off (finish_reason length)"
        try:
            data = answer_json.loads(reply.text)
        except answer_json.AnswerJSONError as exc:
            return None, f"junk: {exc}"
        speech = data.get("speech") if isinstance(data, dict) else None
        if not isinstance(speech, str) or not speech.strip():
            return None, "junk: no speech in the answer"
        words = " ".join(clean(secrets.redact(speech)).split())
        if len(words) > VOICE_CHARS:
            return None, f"junk: a speech of {len(words)} characters (at most {VOICE_CHARS})"
        if self.lang == "zh" and not any("\u4e00" <= ch <= "\u9fff" for ch in words):
            return None, "junk: no Chinese in a Chinese game"
        return words, ""


def speech_seed(seed: int | str, view: SeatView, request: Request, attempt: int = 0) -> int:
    """The sampling seed of one speech's try: from the bot's seed, the seat, the point in the game and the request
    (the same game asks the same seeds)."""
    key = f"voice:{seed}:{view.seat}:{len(view.events)}:{request.kind.value}:{request.slot}:{attempt}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") >> 1


def _day(view: SeatView) -> int | None:
    """The day the speech is spoken (the reader turns "last night" into a night with it)."""
    days = [int(e.data.get("day") or 0) for e in visible_events(view) if e.kind == EventKind.DAY_BEGINS]
    return max(days) if days else None
