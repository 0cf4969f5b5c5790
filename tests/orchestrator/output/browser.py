"""Headless chromium for the replay page's tests and docs/replay.md's screenshot: Debian's /usr/bin/chromium
(or $KILLER_CHROMIUM) driven by playwright's Python package, never a browser playwright downloads. The flags keep
it off the network (no updates, sync or background requests) in a fresh profile."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path(os.environ.get("KILLER_CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync"]


class BrowserMissing(Exception):
    """No chromium binary, or no playwright package: one line saying which."""


def check() -> None:
    """Raises BrowserMissing when the browser test cannot run here."""
    if not CHROMIUM.is_file():
        raise BrowserMissing(f"{CHROMIUM}: no chromium (apt-get install chromium, or set KILLER_CHROMIUM)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        raise BrowserMissing("the playwright package is missing (pip install -e '.[dev]')") from None


@contextmanager
def browser(profile: Path, width: int = 1000, height: int = 1400) -> Iterator[Any]:
    """A chromium context on a fresh profile folder (--user-data-dir), closed afterwards."""
    from playwright.sync_api import sync_playwright

    check()
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=FLAGS,
            viewport={"width": width, "height": height})
        try:
            yield context
        finally:
            context.close()
