"""The replay controller: a position in the entries, play/pause, speed, steps that skip what the view hides,
and jumps to a night or a day. Pure: the app asks it where to be and redraws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.record.view import View
from orchestrator.store.transcript import Entry
from tui.state.model import phase_marks, visible_entries

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
BASE_INTERVAL = 1.2  # seconds per shown event at speed x1


@dataclass
class Replay:
    """`position` = how many entries are shown (0..len(entries))."""

    entries: Sequence[Entry]
    position: int = 0
    playing: bool = False
    speed_index: int = 1
    marks: list[tuple[int, str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.marks = phase_marks(self.entries)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def interval(self) -> float:
        return BASE_INTERVAL / self.speed

    @property
    def at_end(self) -> bool:
        return self.position >= len(self.entries)

    def _shown(self, view: View) -> set[int]:
        return {e.i for e in visible_entries(self.entries, view)}

    def forward(self, view: View) -> bool:
        """Moves past the next entry the view can see; False at the end."""
        shown = self._shown(view)
        for pos in range(self.position, len(self.entries)):
            if self.entries[pos].i in shown:
                self.position = pos + 1
                return True
        self.position = len(self.entries)
        return False

    def back(self, view: View) -> bool:
        """Hides the latest entry the view can see; False at the start."""
        shown = self._shown(view)
        for pos in range(self.position - 1, -1, -1):
            if self.entries[pos].i in shown:
                self.position = pos
                return True
        self.position = 0
        return False

    def faster(self) -> None:
        self.speed_index = min(self.speed_index + 1, len(SPEEDS) - 1)

    def slower(self) -> None:
        self.speed_index = max(self.speed_index - 1, 0)

    def toggle(self) -> bool:
        self.playing = not self.playing and not self.at_end
        return self.playing

    def next_phase(self) -> bool:
        """To the next night/day start (its announcement shown)."""
        for pos, _, _ in self.marks:
            if pos + 1 > self.position:
                self.position = pos + 1
                return True
        self.position = len(self.entries)
        return False

    def previous_phase(self) -> bool:
        """To the start of the current phase, or the one before if already there."""
        for pos, _, _ in reversed(self.marks):
            if pos + 1 < self.position:
                self.position = pos + 1
                return True
        self.position = 0
        return False

    def jump(self, kind: str, number: int) -> bool:
        """To the start of night/day `number`."""
        for pos, k, n in self.marks:
            if k == kind and n == number:
                self.position = pos + 1
                return True
        return False

    def end(self) -> None:
        self.position = len(self.entries)

    def start(self) -> None:
        self.position = 0
