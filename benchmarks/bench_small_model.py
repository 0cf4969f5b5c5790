"""What the LLM seats said, scored: of all speeches of LLM seats (statements, defences, last words) in a folder of
transcripts, the share that

  (a) name at least one seat: a seat number 1..N after "seat"/"player"/"#" ("seat 5", "seats 2 and 3", "seat
      five") or before 号 ("5号", "五号"); a bare number ("{2: {0.4}}") names nothing;
  (b) share no run of 8 words with the prompt the seat was shown for that decision (words: runs of letters and
      digits, each Chinese character one word, case folded). The prompt is rebuilt from the transcript: the
      game is replayed from its seed, and the seat's view at that decision goes through the same prompt builder
      (agents/llm/prompt_profiles.py) with the profile the header records for the seat ("full" when it records none)
      and, for the full profile, the notebook the seat's previous decision returned. The first attempt's prompt:
      a retry's also holds the refused answer;
  (c) do not reveal a killer's own card: for a seat holding a killers'-side card, no first-person sentence that
      it is one ("I am a killer", "I'm the Killer", "as a killer", "my card is killer", "we are the killers",
      "我是杀手", "作为杀手", "我们是杀手", with the display name of its own card too);

and the share meeting all three. Figures, not assertions.

    python benchmarks/bench_small_model.py FOLDER [AFTER_FOLDER] [-v]

With two folders it prints both and the after/before ratio of each share. -v lists every speech with its marks.

Measured (v2-classic, 8 seats, all on the embedded SmolLM2-135M, `killer run --players 8 --seed S --timeout 300`):
the figures, the seeds played and the command are in docs/models.md, "Measured: the small profile".
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from agents.llm.prompt_profiles import prompt_for  # noqa: E402
from agents.view import NotebookData, SeatView  # noqa: E402
from engine import DecisionKind, Team, display_name, team_of  # noqa: E402
from engine.game import EVENT_DECISIONS  # noqa: E402
from orchestrator.store.transcript import Transcript, TranscriptError, read_transcript  # noqa: E402

SPEAKING = (DecisionKind.STATEMENT, DecisionKind.DEFENSE, DecisionKind.LAST_WORDS)
RUN = 8  # words in a run shared with the prompt
WORD = re.compile(r"[\u3400-\u9fff]|[^\W_]+")
NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
ZH_NUMBERS = "一二三四五六七八九十"


@dataclass
class Speech:
    """One speech of an LLM seat, the prompt it was written from, and its marks."""

    game: str
    seat: int
    kind: str
    text: str
    names_seat: bool
    no_echo: bool
    keeps_card: bool
    from_request: bool = False  # its 8-word run with the prompt is in the request part (the example, if any)
    prompt: str = ""  # the prompt rebuilt for it (its messages' contents, joined by line breaks)
    copies_example: bool = False  # it holds the request's example speech word for word, seat numbers aside
    copies_whole: bool = False  # ... and the example's seat numbers too (the seat it names is the example's)

    @property
    def good(self) -> bool:
        return self.names_seat and self.no_echo and self.keeps_card


def _zh_number(n: int) -> str:
    if n <= 10:
        return ZH_NUMBERS[n - 1]
    return ("十" if n < 20 else ZH_NUMBERS[n // 10 - 1] + "十") + (ZH_NUMBERS[n % 10 - 1] if n % 10 else "")


def names_a_seat(text: str, players: int) -> bool:
    """Whether the speech names a seat of the table: "seat 5" / "seats 2 and 3" / "player 5" / "#5" / "seat five",
    "5号" / "五号". A bare number ("{2: {0.4}}", "2.5") names nothing."""
    lowered = text.lower()
    numbers = [int(n) for n in re.findall(r"\b(?:seat|player)s?\s*(?:no\.?\s*|#)?(\d{1,2})(?!\d|\.\d)", lowered)]
    for group in re.findall(r"\bseats\s+((?:\d{1,2}\s*(?:,|and|or|&)\s*)+\d{1,2})", lowered):
        numbers += [int(n) for n in re.findall(r"\d{1,2}", group)]
    numbers += [int(n) for n in re.findall(r"(?<![\d.])#(\d{1,2})(?!\d)", lowered)]
    numbers += [int(n) for n in re.findall(r"(?<![\d.])(\d{1,2})\s*号", text)]
    if any(1 <= n <= players for n in numbers):
        return True
    for n in range(1, players + 1):
        if re.search(rf"\b(seat|player)s?\s+(no\.?\s*|#)?{NUMBER_WORDS[n - 1]}\b", lowered):
            return True
        if re.search(rf"(?<![一二三四五六七八九十]){_zh_number(n)}\s*号", text):
            return True
    return False


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def runs(tokens: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def shares_run(speech: str, prompt: str) -> bool:
    """Whether the speech has a run of RUN words that the prompt has too."""
    own = runs(words(speech))
    return bool(own) and not own.isdisjoint(runs(words(prompt)))


def reveals_killer(text: str, cards: tuple[str, ...], lang: str) -> bool:
    """Whether a seat holding a killers'-side card says in the first person that it holds one."""
    own = [c for c in cards if team_of(c) is Team.KILLERS]
    if not own:
        return False
    names = {"killer", "killers", "murderer", "mafia", *(c.lower() for c in own),
             *(display_name(c, "en").lower() for c in own)}
    alt = "|".join(sorted((re.escape(n) for n in names), key=len, reverse=True))
    english = (rf"\b(i am|i'm|im|i was|as|we are|we're)\s+(a |an |the |one of the )?({alt})\b"
               rf"|\bmy (card|role) (is|was)\s+(a |an |the )?({alt})\b")
    zh_names = "|".join(sorted({"杀手", *(display_name(c, "zh") for c in own)}, key=len, reverse=True))
    chinese = rf"(我是|我就是|作为|我们是|我的身份是|我的牌是)(一个|一名|个)?({zh_names})"
    return bool(re.search(english, text.lower()) or re.search(chinese, text))


EXAMPLE_SPEECH = re.compile(r'"speech": ("(?:[^"\\]|\\.)*")')


def copies_example(speech: str, request_part: str, with_seats: bool = False) -> bool:
    """Whether the speech holds the example answer's speech (the small profile shows one) word for word, its seat
    numbers aside (`with_seats`: the example's seat numbers too, so the speech is the example's whole)."""
    match = EXAMPLE_SPEECH.search(request_part)
    if not match:
        return False
    example = [w for w in words(json.loads(match.group(1))) if with_seats or not w.isdigit()]
    own = [w for w in words(speech) if with_seats or not w.isdigit()]
    return bool(example) and any(own[i:i + len(example)] == example for i in range(len(own) - len(example) + 1))


def _profiles(header: dict[str, Any]) -> dict[int, tuple[str, str]]:
    """seat -> (agent kind, prompt profile) from the header."""
    out = {}
    for seat in header.get("seats") or []:
        if isinstance(seat, dict) and isinstance(seat.get("seat"), int):
            out[seat["seat"]] = (str(seat.get("agent")), str(seat.get("prompt_profile") or "full"))
    return out


def speeches(t: Transcript, left_out: list[str] | None = None) -> Iterator[Speech]:
    """Every speech of an LLM seat in the game, scored against the prompt rebuilt for it. A fallback decision (the
    model gave no valid answer, the judge's default stood) is no speech of the model's: it is left out, and named
    in `left_out`."""
    header = t.header
    seats, lang, players = _profiles(header), str(header.get("lang") or "en"), int(header["players"])
    rng = random.Random(int(header["seed"]))
    state, events = engine.new_game(header["ruleset"], rng, players=players,
                                    team_talk=engine.recorded_team_talk(t.events),
                                      revision=engine.recorded_revision(t.events))
    notes = [e.annotation or {} for e in t.entries if e.event.kind in EVENT_DECISIONS]
    notebooks: dict[int, NotebookData] = {}
    for action, note in zip(engine.decisions(t.events), notes, strict=False):
        agent, profile = seats.get(action.seat, ("", "full"))
        if action.kind in SPEAKING and agent == "llm" and note.get("fallback"):
            if left_out is not None:
                left_out.append(f"{t.game_id} seat {action.seat} {action.kind.value}")
        elif action.kind in SPEAKING and agent == "llm" and action.speech:
            request = next(r for r in state.pending if r.key() == action.key())
            view = SeatView(action.seat, state.ruleset, players, tuple(engine.observation(events, action.seat)),
                            lang, notebook=notebooks.get(action.seat, ""))
            messages = prompt_for(profile, view, request, lang)
            prompt = "\n".join(m["content"] for m in messages)
            cards = state.seats[action.seat - 1].cards
            request_part = messages[-1]["content"].rsplit("\n\n", 1)[-1]
            yield Speech(t.game_id, action.seat, action.kind.value, action.speech,
                         names_a_seat(action.speech, players), not shares_run(action.speech, prompt),
                         not reveals_killer(action.speech, tuple(cards), lang),
                         shares_run(action.speech, request_part), prompt, copies_example(action.speech, request_part),
                         copies_example(action.speech, request_part, with_seats=True))
        if note.get("notebook"):
            notebooks[action.seat] = note["notebook"]  # as stored: an object, or an old game's free text
        state, more = engine.apply(state, action, rng)
        events.extend(more)


def score(folder: Path, verbose: bool) -> dict[str, float]:
    """Prints and returns the shares of one folder's games."""
    found: list[Speech] = []
    left_out: list[str] = []
    games = fallbacks = decisions = 0
    for path in sorted(folder.glob("*.jsonl")):
        try:
            t = read_transcript(path)
        except TranscriptError as exc:
            print(f"  skipped {path.name}: {exc}")
            continue
        games += 1
        found += list(speeches(t, left_out))
        end = t.end or {}
        fallbacks += sum(int(v) for v in (end.get("fallbacks") or {}).values())
        decisions += sum(int(v) for v in (end.get("seat_decisions") or {}).values())
    n = max(1, len(found))
    shares = {"names a seat": sum(s.names_seat for s in found) / n,
              "no 8-word run from its prompt": sum(s.no_echo for s in found) / n,
              "keeps a killer's card": sum(s.keeps_card for s in found) / n,
              "all three": sum(s.good for s in found) / n,
              "all three, not the example's words": sum(s.good and not s.copies_example for s in found) / n}
    print(f"{folder}: {games} games, {len(found)} speeches of LLM seats "
          f"({len(left_out)} fallback speeches left out); fallbacks {fallbacks}/{decisions} decisions")
    for label, share in shares.items():
        print(f"  {label:<32} {share:6.1%}")
    echoes = [s for s in found if not s.no_echo]
    print(f"  of the {len(echoes)} speeches with an 8-word run from the prompt, "
          f"{sum(s.from_request for s in echoes)} have it from the request part (the small profile's example); "
          f"{sum(s.copies_example for s in found)} speeches hold the example's speech word for word "
          f"(seat numbers aside), {sum(s.copies_whole for s in found)} of them with the example's seat too")
    if verbose:
        for s in found:
            marks = "".join("x" if ok else "." for ok in (s.names_seat, s.no_echo, s.keeps_card))
            print(f"  [{marks}] {s.game} seat {s.seat} {s.kind}: {s.text[:160]!r}")
    return shares


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="a folder of transcripts")
    parser.add_argument("after", type=Path, nargs="?", help="a second folder: prints the after/before ratios")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every speech and its marks")
    args = parser.parse_args()
    before = score(args.before, args.verbose)
    if args.after is not None:
        after = score(args.after, args.verbose)
        print("after / before:")
        for label in before:
            ratio = after[label] / before[label] if before[label] else float("inf") if after[label] else 1.0
            print(f"  {label:<32} {before[label]:6.1%} -> {after[label]:6.1%}  (x{ratio:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
