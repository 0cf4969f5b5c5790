"""Issue 40: the replay page's seat strip and the TUI's table say the same of every seat at every moment, in the
public, god and one seat's view of every sample: out or alive, the role it last claimed in public, the hands it
has in the day's latest ballot. One difference, by design: the TUI's votes panel keeps the latest ballot through
the night under its day's title, the strip (no title) puts the hands down when night falls. Both read the view's
entries through engine.record.view (the strip through `observation`, the TUI through `in_view`); this holds their
folds to one another."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine import EventKind as K
from engine.record.view import GOD, PUBLIC, View
from orchestrator.output.html.board import Board
from orchestrator.output.html.timeline import table_size
from orchestrator.store.transcript import read_transcript
from tui.state.model import apply_event, new_model, visible_entries
from words.narrator import Words

SAMPLES = sorted((Path(__file__).parents[3] / "transcripts" / "samples").glob("*.jsonl"))


def _target(value: object) -> int | None:
    if isinstance(value, list | tuple) and value:
        value = value[0]
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@pytest.mark.parametrize("view", [PUBLIC, GOD, 1])
@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_strip_and_the_tui_table_agree_at_every_event(path: Path, view: View) -> None:
    t = read_transcript(path)
    lang = str(t.header.get("lang", "en"))
    words = Words(lang)
    board, model = Board(table_size(t), lang), new_model(t.header, view, lang)
    moments = hands = 0
    dark = False
    for entry in visible_entries(t.entries, view):
        board.learn(entry.event)
        apply_event(model, entry.event)
        strip = {s.n: s for s in board.state()}
        if entry.event.kind in (K.NIGHT_FALLS, K.VOTE):
            dark = entry.event.kind == K.NIGHT_FALLS  # a night since the TUI's latest ballot: the strip's is down
        tally = Counter(_target(target) for _, target in model.votes) if not dark else Counter()
        for n, seat in model.seats.items():
            where = f"{path.name} {view} at event {entry.i}, seat {n}"
            assert strip[n].alive == seat.alive, where
            assert strip[n].claim == (words.role(seat.claimed) if seat.claimed else ""), where
            assert strip[n].votes == tally.get(n, 0), where
        moments += 1
        hands += sum(s.votes for s in strip.values())
    assert moments > 20 and hands > 0
