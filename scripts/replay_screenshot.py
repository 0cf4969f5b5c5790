"""A screenshot of a replay page in headless chromium (Debian's /usr/bin/chromium through playwright, the same
launch as the real-browser test), optionally at a moment of the game (#eN) and at a phone's width.

    killer render transcripts/samples/v3-tui-vs-hard-en-s5.jsonl --html --god -o /tmp/replay.html
    python3 scripts/replay_screenshot.py /tmp/replay.html docs/replay-desktop.png --at e90 --width 1280 --height 900
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.orchestrator.output.browser import BrowserMissing, browser


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("png", type=Path)
    parser.add_argument("--at", help="a moment: an event's anchor such as e58 (the step control opens there)")
    parser.add_argument("--width", type=int, default=1000)
    parser.add_argument("--height", type=int, default=1300)
    args = parser.parse_args()
    if not args.page.is_file():
        parser.exit(2, f"{args.page}: no such page\n")
    try:
        with tempfile.TemporaryDirectory() as profile, browser(Path(profile), args.width, args.height) as context:
            page = context.new_page()
            page.goto(args.page.resolve().as_uri() + (f"#{args.at}" if args.at else ""))
            page.screenshot(path=str(args.png))
    except BrowserMissing as missing:
        parser.exit(2, f"{missing}\n")
    print(f"{args.png}: {args.png.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
