"""Persuasion: vote swing. Does a speech's accusation pull other seats' votes onto its target?

For a speech (statement or last words) by S accusing T, the window is the first ballot that receives a vote
after the speech, unless night falls first; it holds the votes cast after the speech by seats other than S
(hands kept down included), leaving out the votes that are coordination, not persuasion: those of seats played by
S's own contestant, those of S's killer teammates when S is on the killers' side, and fallbacks (no player
chose them). follows = window votes on T; the base is what T would get if it drew votes like
an average living seat that is neither S nor T: (window votes on such seats) / (their number). Summed over
speeches: follow rate = follows / window votes, base rate = base / window votes, lift = their difference.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import EventKind
from evaluation.games.facts import SeatFacts
from evaluation.games.rates import Rate, sided
from evaluation.games.timeline import Timeline


def _coordinated(seats: dict[int, SeatFacts], speaker: int, voter: int) -> bool:
    """The voter is the speaker, another seat of its contestant, or its killer teammate."""
    me, other = seats[speaker], seats[voter]
    return voter == speaker or other.contestant == me.contestant or (me.side == other.side == "killers")


def count_swing(tl: Timeline, seats: dict[int, SeatFacts]) -> None:
    """Adds each accusing speech's window to its speaker's swing counts."""
    acts = tl.acts
    for i, speech in enumerate(acts):
        if speech.kind != "speech" or speech.target is None:
            continue
        later = [a for a in acts[i + 1:] if a.kind == EventKind.VOTE]
        if not later or later[0].night != speech.night:
            continue
        window = [v for v in later if v.ballot == later[0].ballot and v.own and not _coordinated(seats, speech.seat,
                                                                                                  v.seat)]
        if not window:
            continue
        others = later[0].living - {speech.seat, speech.target}
        me = seats[speech.seat]
        me.swing_speeches += 1
        me.swing_votes += len(window)
        me.swing_follows += sum(v.target == speech.target for v in window)
        if others:
            me.swing_base += sum(v.target in others for v in window) / len(others)


RATES = (Rate("swing", "swing_follows", "swing_votes", chance="swing_base"),
         *sided(Rate("swing", "swing_follows", "swing_votes", chance="swing_base")))


def swing_speeches(rows: Iterable[SeatFacts]) -> dict[str, int]:
    """Accusing speeches that had a window, overall and by the speaker's side."""
    rows = list(rows)
    return {"swing_speeches": sum(s.swing_speeches for s in rows),
            **{f"swing_speeches_{side}": sum(s.swing_speeches for s in rows if s.side == side)
               for side in ("killers", "good")}}
