"""The replay's keys (play/pause, steps, speed, phases, jumps) as a mixin of the app: they act on its Replay
and redraw."""

from __future__ import annotations

from typing import Any

from textual.app import App

from engine.record.view import View
from tui.screens.jumps import JumpScreen
from tui.state.replay import Replay


class ReplayActions(App[None]):
    """Needs `replay`, `view`, `lang`, `_timer` and `redraw` from the app."""

    replay: Replay | None
    _timer: Any
    lang: str
    view: View

    def redraw(self) -> None:  # the app's
        raise NotImplementedError

    def action_toggle_play(self) -> None:
        assert self.replay is not None
        if self.replay.at_end and not self.replay.playing:
            self.replay.start()
        playing = self.replay.toggle()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if playing:
            self._timer = self.set_interval(self.replay.interval, self._tick)
        self.redraw()

    def _tick(self) -> None:
        assert self.replay is not None
        if not self.replay.forward(self.view):
            self.replay.playing = False
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
        self.redraw()

    def action_step(self, delta: int) -> None:
        assert self.replay is not None
        if delta > 0:
            self.replay.forward(self.view)
        else:
            self.replay.back(self.view)
        self.redraw()

    def action_speed(self, delta: int) -> None:
        assert self.replay is not None
        if delta > 0:
            self.replay.faster()
        else:
            self.replay.slower()
        if self.replay.playing and self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(self.replay.interval, self._tick)
        self.redraw()

    def action_phase(self, delta: int) -> None:
        assert self.replay is not None
        if delta > 0:
            self.replay.next_phase()
        else:
            self.replay.previous_phase()
        self.redraw()

    def action_jump(self) -> None:
        assert self.replay is not None

        def jumped(choice: Any) -> None:
            if choice is not None and self.replay is not None:
                self.replay.jump(*choice)
                self.redraw()

        self.push_screen(JumpScreen(self.replay.marks, self.lang), callback=jumped)
