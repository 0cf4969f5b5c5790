"""How the judge model is chosen: command-line options, or a seat-table-like TOML file whose options the command
line overrides, and the embedded model when neither names a model or an endpoint.

    [judge]                          # the generation options of agents/providers/seat_table.py, and:
    model = "gpt-4o-mini"
    base_url = "https://api.openai.com/v1"
    api_key_env = "OPENAI_API_KEY"   # the NAME of an environment variable; never a key in the file
    timeout = 60
    temperature = 0

    [price]                          # USD per million tokens (for --budget-usd and the cost printed)
    prompt = 0.15
    completion = 0.60
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agents.factory import build_endpoint
from agents.key_rule import Leave
from agents.providers.seat_table import Generation, TableError, first_problem, read_toml
from evaluation.statements.judge import JudgeModel
from evaluation.tournament.config import Price


class JudgeSpec(Generation):
    """The judge's endpoint and generation options (every field optional)."""

    model: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    timeout: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    response_format: Literal["auto", "json_object", "json_schema"] | None = None


class JudgeTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    judge: JudgeSpec = JudgeSpec()
    price: Price | None = None


def load_judge_table(path: Path) -> JudgeTable:
    """Reads and checks a judge file; any problem is one TableError line."""
    raw = read_toml(path, "judge table", TableError)
    if isinstance(raw.get("judge"), dict) and "api_key" in raw["judge"]:
        raise TableError(f"{path}: judge.api_key: never put a key in the file; name an environment variable with "
                         "api_key_env instead")
    try:
        return JudgeTable.model_validate(raw)
    except ValidationError as exc:
        raise TableError(f"{path}: {first_problem(exc, 'judge table')}") from None


@dataclass(frozen=True)
class JudgeChoice:
    """The judge as asked for: the file's settings with the command line's over them."""

    spec: JudgeSpec
    price: Price | None

    @staticmethod
    def of(table: JudgeTable | None, given: Mapping[str, Any], price: Price | None) -> JudgeChoice:
        base = table.judge if table is not None else JudgeSpec()
        spec = base.model_copy(update={k: v for k, v in given.items() if v is not None})
        return JudgeChoice(spec, price or (table.price if table is not None else None))

    @property
    def embedded(self) -> bool:
        return not self.spec.model and not self.spec.base_url


@contextlib.asynccontextmanager
async def judge_model(choice: JudgeChoice, env: Mapping[str, str] | None = None, *,
                      leave: Leave | None = None) -> AsyncIterator[JudgeModel]:
    """The judge, with the embedded model running while it is used when no model or endpoint is named. Its key by
    the one key rule (agents/key_rule.py): `leave` is what the user allowed (default: the environment's endpoint
    and OPENAI_API_KEY only), and the judge table's base_url or api_key_env never picks a key on its own."""
    env = os.environ if env is None else env
    leave = Leave.of(base_url=None, key=None, key_env=None, env=env) if leave is None else leave
    spec = choice.spec
    async with contextlib.AsyncExitStack() as stack:
        base_url, model, provider = spec.base_url, spec.model, spec.provider or "auto"
        if choice.embedded:
            local = importlib.import_module("agents.providers.local_server")
            server = await stack.enter_async_context(local.LocalModelServer())
            base_url, model, provider = server.base_url, server.model, "llamacpp"
        if not model or not base_url:
            raise TableError("the judge needs both a model and a base URL (or neither, for the embedded model)")
        named = None if choice.embedded else spec.api_key_env  # the embedded judge takes no key
        endpoint = build_endpoint(model, base_url, leave=leave, api_key_env=named, env=env,
                                  timeout=spec.timeout or 60.0, provider=provider, options=spec.gen_options(),
                                  response_format=spec.response_format or "auto")
        try:
            yield JudgeModel(endpoint)
        finally:
            await endpoint.client.close()
