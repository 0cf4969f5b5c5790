"""Fixtures shared by every test package."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The Textual tests (Pilot, snapshots, tmux) paint at 20 frames a second instead of 60: what they assert is the
# screen once it has settled, never the paint rate, and painting is most of their CPU. Set before Textual loads.
os.environ.setdefault("TEXTUAL_FPS", "20")

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
