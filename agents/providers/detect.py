"""`--provider auto`: which profile an endpoint gets, from its host, the model's name, and for other hosts one
`GET /models` whose `owned_by` tells vLLM ("vllm"), Ollama ("library" or "ollama") and llama.cpp ("llamacpp";
llama-cpp-python's server says "me") apart; OpenAI's own list says "openai"/"system" and DeepSeek's "deepseek"
(a proxy in front of them). Anything else, a list without owners or no list at all, is `generic`; there, as on
OpenAI, a reasoning model's name (gpt-5*, o1/o3/o4*) gives `openai-reasoning`."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

import openai

from agents.providers.profiles import profile_for_model

MAX_MODELS = 10_000  # entries of a model list looked at
HOSTS = {"api.openai.com": "openai", "api.deepseek.com": "deepseek"}
OWNERS = {"vllm": "vllm", "ollama": "ollama", "library": "ollama", "llamacpp": "llamacpp", "me": "llamacpp",
          "openai": "openai", "openai-internal": "openai", "system": "openai", "deepseek": "deepseek"}


def by_host(base_url: str, model: str) -> str | None:
    """The profile known from the URL's host alone (and the model's name), or None."""
    host = (urlsplit(str(base_url)).hostname or "").lower()
    known = HOSTS.get(host)
    return profile_for_model(known, model) if known else None


def by_owner(owners: list[str]) -> str:
    """The profile told by the `owned_by` values of a model list."""
    for owner in owners:
        found = OWNERS.get(owner.lower())
        if found:
            return found
    return "generic"


async def detect(client: openai.AsyncOpenAI, model: str, timeout: float = 10.0) -> str:
    """The profile for `client`'s endpoint and `model` (never raises: an unreadable list means generic)."""
    known = by_host(str(client.base_url), model)
    if known:
        return known
    try:
        async with asyncio.timeout(timeout):  # the whole list, however slowly it comes (the transport caps its size)
            page: Any = await client.with_options(max_retries=0, timeout=timeout).models.list()
        items = list(getattr(page, "data", None) or [])[:MAX_MODELS]
    except Exception:  # a server without /models, an error, too slow or too large: the generic profile adapts
        return profile_for_model("generic", model)
    mine = [m for m in items if getattr(m, "id", None) == model] or items
    return profile_for_model(by_owner([str(getattr(m, "owned_by", "") or "") for m in mine]), model)
