"""Emulations of real providers' documented request rules, on a real loopback HTTP server (127.0.0.1, a random
port), so `killer run --base-url` and the agents are tested against what OpenAI, DeepSeek, vLLM, Ollama and
llama.cpp accept and refuse, with their own error shapes, without a network.

    with ProviderEmulator("openai", models=["gpt-4.1-mini"]) as emu:
        emu.base_url, emu.key          # point a client here
        emu.bodies                     # every chat request received (parsed JSON)

Every accepted request is answered with a legal decision read off the request's own schema (the response_format
schema, or for plain json_object the schema written in the messages), choosing among the legal values with a
seed taken from the prompt, so a game finishes with 0 fallbacks when the requests are right.

The rules, and where each comes from:
- OpenAI structured outputs, strict mode: every object `additionalProperties: false`, every property in
  `required`, and keywords outside the supported subset refused ("'maxLength' is not permitted").
  https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
- OpenAI JSON mode (`{"type": "json_object"}`): no other key in response_format ("Unknown parameter:
  'response_format.schema'"), and the word "json" must appear in the messages.
  https://platform.openai.com/docs/guides/structured-outputs#json-mode
- OpenAI reasoning models (gpt-5*, o1/o3/o4*): `max_tokens` refused ("Use 'max_completion_tokens' instead"),
  `temperature` other than 1 and `top_p` refused, `reasoning_effort` accepted; hidden reasoning tokens count
  against max_completion_tokens and are reported in `usage.completion_tokens_details.reasoning_tokens`.
  https://platform.openai.com/docs/guides/reasoning
- OpenAI `stream_options` only with `stream: true`; `include_usage` adds a last chunk with usage and no choices.
  https://platform.openai.com/docs/api-reference/chat/create#chat-create-stream_options
- OpenAI errors: `{"error": {"message", "type", "param", "code"}}`; 401 invalid_api_key, 404 model_not_found.
  https://platform.openai.com/docs/guides/error-codes
- DeepSeek: only `json_object` ("This response_format type is unavailable now" for json_schema), the prompt must
  contain "json"; deepseek-reasoner returns `reasoning_content` beside `content` (also in stream deltas).
  https://api-docs.deepseek.com/guides/json_mode , https://api-docs.deepseek.com/guides/reasoning_model
- vLLM: `json_schema` enforced on its OpenAI route; its json_object mode ignores a `schema` key; errors as
  `{"object": "error", "message", "type", "code"}`; `GET /v1/models` says `owned_by: "vllm"`.
  https://docs.vllm.ai/en/latest/features/structured_outputs/
- Ollama: `json_schema` enforced on /v1 (v0.5+); `owned_by: "library"`.
  https://docs.ollama.com/api/openai-compatibility
- llama-cpp-python's server: `{"type": "json_object", "schema": S}` grammar-enforced, `json_schema` answered with
  HTTP 500; `owned_by: "me"` (llama.cpp's C++ server: "llamacpp").
- Local reasoning models (Qwen3) served without a reasoning parser start `content` with `<think>…</think>`
  (`think=True`).
- A proxy in front of OpenAI (`proxy`): OpenAI's request rules, but no `GET /models` (404), so nothing says who
  serves the model.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
from collections.abc import Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self

from tests.agents.fake_endpoint import legal_answer, seat_of

Body = dict[str, Any]
OWNED_BY = {"openai": "system", "deepseek": "deepseek", "vllm": "vllm", "ollama": "library", "llamacpp": "me",
            "generic": "someone", "proxy": ""}
OPENAI_RULES = frozenset({"openai", "proxy"})  # the emulations that hold requests to OpenAI's rules
STRICT_KEYWORDS = {"type", "properties", "required", "additionalProperties", "enum", "items", "anyOf", "$defs",
                   "$ref", "description", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
                   "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "title", "default"}
REASONING_MODEL = re.compile(r"^(gpt-5|o1|o3|o4)")
HIDDEN_REASONING_TOKENS = 3000  # what an OpenAI reasoning model spends thinking before it answers
SCHEMA_IN_TEXT = re.compile(r"(?:JSON schema: |JSON schema 的 json 对象：)(\{.*\})\s*$", re.DOTALL)


class Refusal(Exception):
    """An HTTP error the emulated provider answers with."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(status)
        self.status, self.body = status, body


def openai_error(status: int, message: str, param: str | None = None, code: str | None = None,
                 kind: str = "invalid_request_error") -> Refusal:
    return Refusal(status, {"error": {"message": message, "type": kind, "param": param, "code": code}})


class ProviderEmulator:
    """One provider on 127.0.0.1 (a thread); `profile` is one of OWNED_BY's keys."""

    def __init__(self, profile: str, models: Sequence[str], key: str = "sk-emulated-0123456789",
                 think: bool = False, seed: int = 0, speech: str = "I have a hunch about this table.",
                 junk_seats: frozenset[int] = frozenset()) -> None:
        if profile not in OWNED_BY:
            raise ValueError(profile)
        self.profile, self.models, self.key = profile, list(models), key
        self.think, self.seed, self.speech = think, seed, speech
        self.junk_seats = junk_seats  # seats whose every answer is prose, not JSON (a model that cannot play)
        self.bodies: list[Body] = []
        self.refusals: list[dict[str, Any]] = []
        self.model_lists = 0  # GET /models requests (provider detection)
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def start(self) -> None:
        emulator = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                emulator._get(self)

            def do_POST(self) -> None:
                emulator._post(self)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    # -- HTTP ---------------------------------------------------------------------------------------------
    def _get(self, handler: BaseHTTPRequestHandler) -> None:
        if not handler.path.rstrip("/").endswith("/models") or self.profile == "proxy":
            return _send(handler, 404, {"error": {"message": "not found"}})
        with self._lock:
            self.model_lists += 1
        data = [{"id": m, "object": "model", "created": 0, "owned_by": OWNED_BY[self.profile]} for m in self.models]
        _send(handler, 200, {"object": "list", "data": data})

    def _post(self, handler: BaseHTTPRequestHandler) -> None:
        size = int(handler.headers.get("content-length") or 0)
        body: Body = json.loads(handler.rfile.read(size) or b"{}")
        with self._lock:
            self.bodies.append(body)
        try:
            self._check_key(handler.headers.get("authorization", ""))
            self._check(body)
            message, usage, finish = self._answer(body)
        except Refusal as refusal:
            with self._lock:
                self.refusals.append(refusal.body)
            return _send(handler, refusal.status, refusal.body)
        if body.get("stream"):
            return self._stream(handler, body, message, usage, finish)
        _send(handler, 200, {"id": "chatcmpl-emu", "object": "chat.completion", "created": 0,
                             "model": body.get("model"), "usage": usage,
                             "choices": [{"index": 0, "finish_reason": finish, "message": message}]})

    def _stream(self, handler: BaseHTTPRequestHandler, body: Body, message: dict[str, Any],
                usage: dict[str, Any], finish: str) -> None:
        base = {"id": "chatcmpl-emu", "object": "chat.completion.chunk", "created": 0, "model": body.get("model")}
        events = [{**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""},
                                        "finish_reason": None}]}]
        reasoning = str(message.get("reasoning_content") or "")
        for i in range(0, len(reasoning), 16):
            events.append({**base, "choices": [{"index": 0, "delta": {"reasoning_content": reasoning[i:i + 16]},
                                                "finish_reason": None}]})
        content = str(message.get("content") or "")
        for i in range(0, len(content), 16):
            events.append({**base, "choices": [{"index": 0, "delta": {"content": content[i:i + 16]},
                                                "finish_reason": None}]})
        events.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
        if (body.get("stream_options") or {}).get("include_usage"):
            events.append({**base, "choices": [], "usage": usage})
        payload = b"".join(f"data: {json.dumps(e, ensure_ascii=False)}\n\n".encode() for e in events)
        payload += b"data: [DONE]\n\n"
        handler.send_response(200)
        handler.send_header("content-type", "text/event-stream")
        handler.send_header("content-length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)

    # -- the provider's rules -----------------------------------------------------------------------------
    def _check_key(self, header: str) -> None:
        given = header.removeprefix("Bearer ").strip()
        if self.profile in ("openai", "deepseek") and given != self.key:
            if self.profile == "deepseek":
                raise Refusal(401, {"error": {"message": f"Authentication Fails, Your api key: ****{given[-4:]} "
                                              "is invalid", "type": "authentication_error", "param": None,
                                              "code": "invalid_request_error"}})
            raise openai_error(401, f"Incorrect API key provided: {given[:3]}***{given[-4:]}. You can find your "
                               "API key at https://platform.openai.com/account/api-keys.", code="invalid_api_key")

    def _check(self, body: Body) -> None:
        model = str(body.get("model"))
        if model not in self.models:
            self._unknown_model(model)
        strict_stream = self.profile in ("openai", "proxy", "deepseek", "vllm")
        if "stream_options" in body and not body.get("stream") and strict_stream:
            raise openai_error(400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
                               param="stream_options", code="invalid_value")
        if self.profile in OPENAI_RULES:
            self._openai_rules(body, model)
        elif self.profile == "deepseek":
            self._deepseek_rules(body)
        elif self.profile == "llamacpp" and (body.get("response_format") or {}).get("type") == "json_schema":
            raise Refusal(500, {"error": {"message": "Internal Server Error", "type": "internal_server_error"}})

    def _unknown_model(self, model: str) -> None:
        if self.profile in OPENAI_RULES:
            raise openai_error(404, f"The model `{model}` does not exist or you do not have access to it.",
                               code="model_not_found")
        if self.profile == "deepseek":
            raise openai_error(400, "Model Not Exist")
        if self.profile == "ollama":
            raise openai_error(404, f'model "{model}" not found, try pulling it first', kind="api_error")
        raise Refusal(404, {"object": "error", "message": f"The model `{model}` does not exist.",
                            "type": "NotFoundError", "param": None, "code": 404})

    def _openai_rules(self, body: Body, model: str) -> None:
        if REASONING_MODEL.match(model):
            if "max_tokens" in body:
                raise openai_error(400, "Unsupported parameter: 'max_tokens' is not supported with this model. "
                                   "Use 'max_completion_tokens' instead.", param="max_tokens",
                                   code="unsupported_parameter")
            for name in ("temperature", "top_p"):
                if name in body and body[name] != 1:
                    raise openai_error(400, f"Unsupported value: '{name}' does not support {body[name]} with this "
                                       "model. Only the default (1) value is supported.", param=name,
                                       code="unsupported_value")
        elif "reasoning_effort" in body:
            raise openai_error(400, "Unrecognized request argument supplied: reasoning_effort")
        fmt = body.get("response_format") or {}
        if fmt.get("type") == "json_object":
            extra = sorted(set(fmt) - {"type"})
            if extra:
                raise openai_error(400, f"Unknown parameter: 'response_format.{extra[0]}'.",
                                   param=f"response_format.{extra[0]}", code="unknown_parameter")
            if "json" not in _text(body).lower():
                raise openai_error(400, "'messages' must contain the word 'json' in some form, to use "
                                   "'response_format' of type 'json_object'.", param="messages")
        elif fmt.get("type") == "json_schema":
            spec = fmt.get("json_schema") or {}
            if spec.get("strict"):
                problem = strict_problem(spec.get("schema") or {}, ())
                if problem:
                    raise openai_error(400, f"Invalid schema for response_format '{spec.get('name')}': {problem}",
                                       param="response_format", code="invalid_json_schema")

    def _deepseek_rules(self, body: Body) -> None:
        fmt = body.get("response_format") or {}
        if fmt.get("type") not in (None, "text", "json_object"):
            raise openai_error(400, "This response_format type is unavailable now")
        if fmt.get("type") == "json_object" and "json" not in _text(body).lower():
            raise openai_error(400, "Prompt must contain the word 'json' in some form to use 'response_format' of "
                               "type 'json_object'.")

    # -- answers ------------------------------------------------------------------------------------------
    def _schema(self, body: Body) -> dict[str, Any] | None:
        fmt = body.get("response_format") or {}
        if fmt.get("type") == "json_schema":
            return dict((fmt.get("json_schema") or {}).get("schema") or {})
        if fmt.get("type") == "json_object" and self.profile == "llamacpp" and fmt.get("schema"):
            return dict(fmt["schema"])  # grammar-enforced there; vLLM and Ollama ignore the key
        match = SCHEMA_IN_TEXT.search(str((body.get("messages") or [{}])[-1].get("content", "")))
        return json.loads(match.group(1)) if match else None

    def _answer(self, body: Body) -> tuple[dict[str, Any], dict[str, Any], str]:
        schema = self._schema(body)
        digest = hashlib.sha256(json.dumps(body.get("messages"), sort_keys=True).encode()).hexdigest()
        rng = random.Random(f"{self.seed}:{digest}")
        data = legal_answer(schema, rng, self.speech) if schema else {"answer": "a JSON object of my own"}
        content = json.dumps(data, ensure_ascii=False)
        if seat_of(body) in self.junk_seats:
            content = "As an AI, I would rather not pick anyone."
        model = str(body.get("model"))
        message: dict[str, Any] = {"role": "assistant", "content": content}
        thoughts = f"Private thoughts of the model about {digest[:8]}: seat suspicion analysis."
        if self.think:
            message["content"] = f"<think>\n{thoughts}\n</think>\n\n{content}"
        if self.profile == "deepseek" and "reasoner" in model:
            message["reasoning_content"] = thoughts
        completion_tokens = len(content) // 4
        usage: dict[str, Any] = {"prompt_tokens": len(_text(body).split()), "completion_tokens": completion_tokens}
        finish = "stop"
        if self.profile in OPENAI_RULES and REASONING_MODEL.match(model):
            budget = int(body.get("max_completion_tokens") or 10**9)
            hidden = min(budget, HIDDEN_REASONING_TOKENS)
            if HIDDEN_REASONING_TOKENS + completion_tokens > budget:  # the budget went on thinking
                message["content"], completion_tokens, finish = "", 0, "length"
            usage["completion_tokens"] = hidden + completion_tokens
            usage["completion_tokens_details"] = {"reasoning_tokens": hidden}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        return message, usage, finish


def strict_problem(schema: Any, path: tuple[str, ...]) -> str | None:
    """What OpenAI's strict mode refuses in `schema`, in its own words, or None."""
    if not isinstance(schema, dict):
        return None
    where = f"In context=({', '.join(repr(p) for p in path)}), "
    for key in schema:
        if key not in STRICT_KEYWORDS:
            return f"{where}'{key}' is not permitted."
    if schema.get("type") == "object" or "properties" in schema:
        props = schema.get("properties") or {}
        if schema.get("additionalProperties") is not False:
            return f"{where}'additionalProperties' is required to be supplied and to be false."
        missing = [k for k in props if k not in (schema.get("required") or [])]
        if missing:
            return f"{where}'required' is required to be supplied and to be an array including every key in " \
                   f"properties. Missing '{missing[0]}'."
        for name, sub in props.items():
            problem = strict_problem(sub, (*path, "properties", name))
            if problem:
                return problem
    if isinstance(schema.get("items"), dict):  # an array's items are held to the same subset
        return strict_problem(schema["items"], (*path, "items"))
    return None


def _text(body: Body) -> str:
    return "\n".join(str(m.get("content", "")) for m in body.get("messages") or [])


def _send(handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body, ensure_ascii=False).encode()
    handler.send_response(status)
    handler.send_header("content-type", "application/json")
    handler.send_header("content-length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)
