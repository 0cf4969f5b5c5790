"""Prompt templates as package data: prompts/<lang>/<name>.j2, loaded by name (see agents/llm/prompting.py)."""

from __future__ import annotations

from importlib import resources

LANGS = ("en", "zh")


def template_source(lang: str, name: str) -> str:
    """The text of template `name` (e.g. "system.j2") for `lang`; KeyError-free: raises FileNotFoundError."""
    if lang not in LANGS:
        raise ValueError(f"unknown prompt language {lang!r} (known: {', '.join(LANGS)})")
    return resources.files(__name__).joinpath(lang, name).read_text(encoding="utf-8")


def template_names(lang: str) -> list[str]:
    """Every template shipped for `lang`."""
    folder = resources.files(__name__).joinpath(lang)
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".j2"))
