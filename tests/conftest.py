"""Fixtures shared by every test package."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agents.providers.local_server import LocalModelUnavailable, find_embedded_model


@pytest.fixture
def embedded_model() -> Path:
    """The embedded SmolLM2 file; skips where the `local` extra is missing, except in CI
    (KILLER_REQUIRE_LOCAL_MODEL=1), where a missing model is a failure."""
    try:
        return find_embedded_model()
    except LocalModelUnavailable as missing:
        if os.environ.get("KILLER_REQUIRE_LOCAL_MODEL") == "1":
            raise
        pytest.skip(str(missing))
