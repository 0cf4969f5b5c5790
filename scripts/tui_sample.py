"""Plays one seat of a game against scripted bots through the TUI (`killer play`'s app, driven headless by
Textual's Pilot) the way a person at the keyboard would: the first legal choice at each prompt and a short
speech of their own, typed into the speech box. Writes the transcript, then its `killer render` beside it.

    python3 scripts/tui_sample.py --ruleset v3 --seed 5 --seat 4 --lang en --agents scripted:hard \
        --out transcripts/samples --name v3-tui-vs-hard-en-s5
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orchestrator.config import RunConfig
from orchestrator.output.render import render
from orchestrator.run import run_game
from orchestrator.store.transcript import read_transcript
from tui.app import KillerApp
from tui.play import answer
from tui.screens.game_over import GameOverScreen
from tui.screens.privacy import PrivacyScreen
from tui.screens.prompts.choice_list import TargetScreen
from tui.screens.prompts.confirm import ConfirmScreen
from tui.screens.prompts.notice import NoticeScreen
from tui.screens.prompts.speech import SpeechScreen

SPEECHES = {"en": ("I am a civilian. I listen to the checks before I vote.",
                   "Someone here is lying about the police; I follow the claim that the deaths back.",
                   "I keep my eyes on whoever votes against the checked seats."),
            "zh": ("我是平民，先听验人结果再投票。", "有人在冒充警察；我跟着死亡记录支持的那一方。",
                   "我盯着那些投票和验人结果对着干的人。")}


async def drive(app: KillerApp, lang: str) -> None:
    """Answers every prompt until game over: enter on targets and notices, a typed speech, confirm yes."""
    said = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(20000):
            await pilot.pause(0.005)
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, SpeechScreen):
                from tui.screens.prompts.speech import SpeechBox

                screen.query_one(SpeechBox).text = SPEECHES[lang][said % len(SPEECHES[lang])]
                said += 1
                await pilot.press("enter")
            elif isinstance(screen, ConfirmScreen):
                await pilot.press("down", "enter")
            elif isinstance(screen, TargetScreen | NoticeScreen | PrivacyScreen):
                await pilot.press("enter")
        else:
            raise SystemExit("no game over after 20000 steps")
        app.exit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="v3")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--seat", type=int, default=4)
    parser.add_argument("--lang", choices=("en", "zh"), default="en")
    parser.add_argument("--agents", default="scripted:hard")
    parser.add_argument("--out", type=Path, default=Path("transcripts/samples"))
    parser.add_argument("--name", required=True, help="the game id (the transcript's file name)")
    args = parser.parse_args()
    config = RunConfig(ruleset=args.ruleset, seed=args.seed, agents=args.agents, lang=args.lang, out=args.out,
                       humans=frozenset({args.seat}), game_id=args.name)
    header: dict[str, Any] = {"game_id": args.name, "ruleset": args.ruleset, "seed": args.seed, "lang": args.lang,
                              "seats": []}
    app = KillerApp(header, mode="play", lang=args.lang, view=args.seat, humans=frozenset({args.seat}),
                    runner=lambda hooks: run_game(config, hooks=hooks), answer=answer)
    asyncio.run(drive(app, args.lang))
    path = args.out / f"{args.name}.jsonl"
    path.with_suffix(".md").write_text(render(read_transcript(path)), encoding="utf-8")
    print(f"{path} and {path.with_suffix('.md')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
