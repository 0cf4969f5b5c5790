"""Provider profiles: what each kind of OpenAI-compatible endpoint accepts, in one small table, and the request
a profile builds from the answer schema and a seat's generation options.

| profile          | response_format                                 | tokens                  | sampling      |
|------------------|-------------------------------------------------|-------------------------|---------------|
| openai           | json_schema strict (OpenAI's subset)            | max_tokens              | as given      |
| openai-reasoning | json_schema strict (OpenAI's subset)            | max_completion_tokens   | none (effort) |
| vllm, ollama     | json_schema (they enforce it)                   | max_tokens              | as given      |
| llamacpp         | json_object + schema (grammar-enforced)         | max_tokens              | as given      |
| deepseek         | json_object, the schema written in the messages | max_tokens              | as given      |
| generic          | json_schema, once json_object on a refusal      | max_tokens (*)          | as given (*)  |

(*) once OpenAI's refusal of max_tokens or of sampling comes back, as openai-reasoning: max_completion_tokens and no
sampling (agents/llm/agent.py `_adapt`).

`auto` is resolved per seat before the first night (agents/providers/detect.py): the embedded launcher says `llamacpp`
itself; api.openai.com and api.deepseek.com are known by host; other hosts by `owned_by` in `GET /models`. OpenAI's
reasoning models by name (gpt-5*, o1/o3/o4*) get `openai-reasoning` wherever the endpoint is OpenAI's or unnamed
(a proxy): `profile_for_model`. An explicit `--provider` is taken as it is.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any

PROVIDERS: tuple[str, ...] = ("auto", "openai", "openai-reasoning", "vllm", "ollama", "llamacpp", "deepseek",
                              "generic")
REASONING_MODEL = re.compile(r"^(gpt-5|o1|o3|o4)")  # OpenAI's reasoning models by name
DEFAULT_MAX_TOKENS = 1024
DEFAULT_REASONING_BUDGET = 4096  # completion tokens, hidden reasoning included
DEFAULT_TEMPERATURE = 0.7
# Keywords OpenAI's strict mode refuses ("'maxLength' is not permitted"): lengths are checked by our own
# validation after the answer (agents/llm/schema.py) instead. https://platform.openai.com/docs/guides/structured-outputs
STRICT_REFUSED = frozenset({"minLength", "maxLength", "minProperties", "maxProperties", "patternProperties",
                            "unevaluatedProperties", "propertyNames", "contains", "uniqueItems"})
SCHEMA_NOTE = {
    "en": "Reply with one json object that follows this JSON schema: {schema}",
    "zh": "只回复一个符合以下 JSON schema 的 json 对象：{schema}",
}


@dataclass(frozen=True)
class Profile:
    """What one kind of endpoint accepts."""

    name: str
    format: str  # "strict" | "json_schema" | "json_object_schema" | "json_object"
    reasoning: bool = False  # max_completion_tokens, no temperature/top_p, reasoning_effort
    adapts: bool = False  # one switch to json_object after a refusal of json_schema; one to reasoning parameters


PROFILES: dict[str, Profile] = {
    "openai": Profile("openai", "strict"),
    "openai-reasoning": Profile("openai-reasoning", "strict", reasoning=True),
    "vllm": Profile("vllm", "json_schema"),
    "ollama": Profile("ollama", "json_schema"),
    "llamacpp": Profile("llamacpp", "json_object_schema"),
    "deepseek": Profile("deepseek", "json_object"),
    "generic": Profile("generic", "json_schema", adapts=True),
}
FORMATS = {"json_schema": "json_schema", "json_object": "json_object_schema"}  # the old response_format option


@dataclass(frozen=True)
class GenOptions:
    """A seat's generation options (the seat table or the tournament file); None = the profile's default."""

    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    reasoning_effort: str | None = None
    seed: int | None = None
    extra_body: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The options as given (for the transcript header; never holds a key)."""
        out = {k: getattr(self, k) for k in ("temperature", "top_p", "max_tokens", "reasoning_effort", "seed")
               if getattr(self, k) is not None}
        if self.extra_body:
            out["extra_body"] = dict(self.extra_body)
        return out

    def key(self) -> str:
        """A stable text of the options (preflight groups seats by it)."""
        return json.dumps(self.to_dict(), sort_keys=True, default=str)


# Profiles whose endpoint may be OpenAI itself or anything in front of it: the model's name then says which
# parameters it takes. A server that names its own stack (vLLM, Ollama, llama.cpp, DeepSeek) serves its own models,
# whatever alias they are given, and takes that stack's parameters.
BY_MODEL_NAME = frozenset({"openai", "generic"})
# OpenAI's documented refusals of a chat model's parameters by a reasoning model: "Unsupported parameter:
# 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." and "Unsupported value:
# 'temperature' does not support 0.7 with this model. Only the default (1) value is supported."
REASONING_REFUSAL = re.compile(r"max_completion_tokens|unsupported (parameter|value): '(max_tokens|temperature|top_p)'",
                               re.IGNORECASE)


def profile_for_model(host_profile: str, model: str) -> str:
    """openai (or an endpoint that does not say what it is) → openai-reasoning for gpt-5*, o1*, o3*, o4* models."""
    if host_profile in BY_MODEL_NAME and REASONING_MODEL.match(model.lower()):
        return "openai-reasoning"
    return host_profile


def refuses_chat_parameters(message: str) -> bool:
    """Whether an endpoint's refusal is OpenAI's answer to max_tokens or sampling sent to a reasoning model."""
    return bool(REASONING_REFUSAL.search(message))


def token_budget(profile: Profile, options: GenOptions) -> int:
    """Completion tokens asked for: the seat's max_tokens, else room for hidden reasoning on reasoning models."""
    if options.max_tokens is not None:
        return options.max_tokens
    return DEFAULT_REASONING_BUDGET if profile.reasoning else DEFAULT_MAX_TOKENS


def strict_schema(schema: Any) -> Any:
    """The schema in OpenAI's strict subset: no refused keywords, every object closed with all properties
    required (answer_schema already closes them; this keeps it so if the schema grows)."""
    if isinstance(schema, list):
        return [strict_schema(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: strict_schema(v) for k, v in schema.items() if k not in STRICT_REFUSED}
    if out.get("type") == "object" and isinstance(out.get("properties"), dict):
        out["additionalProperties"] = False
        out["required"] = list(out["properties"])
    return out


def response_format(fmt: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The response_format field for a format name."""
    if fmt == "strict":
        return {"type": "json_schema", "json_schema": {"name": "decision", "schema": strict_schema(schema),
                                                       "strict": True}}
    if fmt == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": "decision", "schema": schema}}
    if fmt == "json_object_schema":
        return {"type": "json_object", "schema": grammar_schema(schema)}
    return {"type": "json_object"}  # OpenAI refuses any other key here ("Unknown parameter")


def with_schema_note(messages: list[dict[str, str]], schema: dict[str, Any], lang: str) -> list[dict[str, str]]:
    """For plain json_object: the schema written at the end of the last message (it also carries the word
    "json", which OpenAI and DeepSeek require in the messages for json_object)."""
    note = SCHEMA_NOTE.get(lang, SCHEMA_NOTE["en"]).format(schema=json.dumps(schema, ensure_ascii=False))
    out = copy.deepcopy(messages)
    out[-1]["content"] = f"{out[-1]['content']}\n\n{note}"
    return out


def request_args(profile: Profile, options: GenOptions, budget: int) -> dict[str, Any]:
    """Tokens, sampling and extra body of one request (model, messages and response_format are added by the
    caller)."""
    args: dict[str, Any] = {}
    if profile.reasoning:
        args["max_completion_tokens"] = budget
        if options.reasoning_effort:
            args["reasoning_effort"] = options.reasoning_effort
    else:
        args["max_tokens"] = budget
        temperature = DEFAULT_TEMPERATURE if options.temperature is None else options.temperature
        args["temperature"] = temperature
        if options.top_p is not None:
            args["top_p"] = options.top_p
        if options.reasoning_effort:
            args["reasoning_effort"] = options.reasoning_effort
    if options.seed is not None:
        args["seed"] = options.seed
    if options.extra_body:
        args["extra_body"] = dict(options.extra_body)
    return args


def grammar_schema(schema: Any) -> Any:
    """The schema for llama.cpp's grammar converter: an enum keeps no "type" beside it, because the converter
    then builds a union of the types and drops the enum (checked against llama-cpp-python 0.3.36: with
    {"type": ["integer", "null"], "enum": [...]} 5 of 6 answers named seats outside the enum; with the enum
    alone, none did)."""
    if isinstance(schema, dict):
        out = {k: grammar_schema(v) for k, v in schema.items()}
        if "enum" in out:
            out.pop("type", None)
        return out
    if isinstance(schema, list):
        return [grammar_schema(v) for v in schema]
    return schema
