"""The Textual app: one table, three modes. `replay` a transcript (play/pause, steps, speed, jumps), watch a
`live` game as it happens, or `play` one or more seats against bots.

The game itself runs in an async worker on Textual's loop (orchestrator.run.run_game/resume_game via a
`runner` the command line builds); its hooks feed entries in and, in play mode, await the person's answers.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ClassVar

from textual import events, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from engine import EventKind
from engine.record.view import GOD, PUBLIC, View
from orchestrator.hooks import GameResult, Hooks
from orchestrator.store.transcript import Entry
from tui.i18n import tr
from tui.keys import bindings, bindings_map
from tui.replay_actions import ReplayActions
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.prompts.docked import SHORT_HEIGHT, feed_keeps
from tui.state.model import TableModel, build
from tui.state.outcome import over_line
from tui.state.replay import Replay
from tui.state.wait import Wait, WaitLine, answer_note, waiting_what
from tui.widgets import MEDIUM, NARROW, WIDE, Feed, SeatsPanel, SpeakingLine, StatusBar, VotesPanel, YouPanel

Runner = Callable[[Hooks], Awaitable[GameResult]]
QUIT_GRACE_S = 10.0  # how long a quit waits for the game to stop in order (pending checkpoint writes land)



NARROW_WIDTH, MEDIUM_WIDTH = 100, 120  # narrower terminals get a shorter table (tui/widgets.seats_table)


def table_width(columns: int) -> str:
    """The seats table's width class for a terminal `columns` wide."""
    return NARROW if columns < NARROW_WIDTH else MEDIUM if columns < MEDIUM_WIDTH else WIDE


class KillerApp(ReplayActions):
    """The table in the terminal."""

    CSS_PATH = "app.tcss"  # the table, the prompts, the screens: one stylesheet beside this module
    BINDINGS: ClassVar[list[BindingType]] = list(bindings("en"))  # described in the UI's language per app

    def __init__(self, header: dict[str, Any], entries: Sequence[Entry] = (), *, mode: str = "replay",
                 lang: str | None = None, view: View = PUBLIC, humans: frozenset[int] = frozenset(),
                 runner: Runner | None = None, autoplay: bool = False, pace: float = 0.0,
                 answer: Callable[[KillerApp, dict[str, Any]], Awaitable[Any]] | None = None) -> None:
        super().__init__()
        self.header = dict(header)
        self.entries: list[Entry] = list(entries)
        self.mode, self.humans, self.runner, self.pace = mode, humans, runner, pace
        self.lang = lang or str(self.header.get("lang", "en"))
        self.view: View = view
        self.watched = view if isinstance(view, int) and mode != "play" else None  # watch --seat N
        self.replay = Replay(self.entries) if mode == "replay" else None
        self.autoplay = autoplay
        self.answer = answer
        self.pending_text = ""
        self.result: GameResult | None = None
        self.error: str | None = None
        self.ended: dict[str, Any] | None = None
        self._timer: Any = None
        self._asking: asyncio.Future[Any] | None = None
        self.speaking: tuple[int, str] | None = None  # live: (seat, speech so far) while a model speaks
        self.pending_request: dict[str, Any] | None = None  # play: the judge's request being answered now
        self.last_answer: dict[str, Any] | None = None  # play: the latest answer sent (a refusal names it)
        self._bindings = bindings_map(self.lang, self._bindings)
        self.wait = Wait()  # live: the agent seats asked now, and the latest retry/fallback note
        self._width = self._height = 0  # the terminal's size as of the latest resize
        self._you_rows = 0  # your seat's panel's height as last drawn (it may give way to a prompt: _give_way)
        self.seat_rows = 0  # the rows the seats panel needs (one a seat, the header, the border): see redraw
        self._frame = 0

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield SeatsPanel(id="seats")
                yield VotesPanel(id="votes")
            with Vertical(id="right"):
                if self.mode == "play":
                    yield YouPanel(id="you")
                yield Feed(id="feed")
                yield SpeakingLine(id="speaking")
                yield WaitLine(id="wait")
        yield Footer(show_command_palette=False)  # ctrl+p still opens it (help lists it)

    def on_mount(self) -> None:
        self.title = "killer"
        self.redraw()
        if self.replay is not None and self.autoplay:
            self.action_toggle_play()
        if self.runner is not None:
            self.set_interval(0.25, self._tick_wait)
            self.run_game()

    @property
    def over(self) -> bool:
        return any(e.event.kind == EventKind.GAME_OVER for e in self.entries)

    def model(self) -> TableModel:
        upto = self.replay.position if self.replay is not None else None
        return build(self.header, self.entries, self.view, self.lang, upto=upto)

    def status_extra(self) -> str:
        if self.over_text():
            return self.over_text()
        if self.replay is not None:
            state = tr(self.lang, "playing" if self.replay.playing else "paused")
            return (f"{state} · {tr(self.lang, 'speed', n=f'{self.replay.speed:g}')} · "
                    f"{tr(self.lang, 'step', i=self.replay.position, n=len(self.entries))}")
        if self.error:
            return self.error
        return tr(self.lang, "live") if not self.over else ""

    def redraw(self) -> None:
        """Draws every panel from one model of the current view."""
        model = self.model()
        self.query_one(StatusBar).show(model, self.status_extra())
        # the left column's whole height (the status line and the footer aside): a decision panel never takes it
        # from the seats (tui/screens/prompts/docked.docks_beside)
        self.seat_rows = self.query_one(SeatsPanel).show(model, table_width(self._width or self.size.width),
                                                         rows=(self._height or self.size.height) - 2)
        self.query_one(Feed).show(model)
        self.query_one(VotesPanel).show(model)
        short = self.size.height < SHORT_HEIGHT  # a short terminal gives an empty ballot's rows to the seats
        self.query_one("#left").set_class(short and not model.votes, "-no-votes")
        if self.mode == "play":
            pending = self.pending_text if isinstance(self.view, int) else ""
            self.query_one(YouPanel).show(model, pending, self.idle_text(model))
        self._show_speaking()
        self._show_wait()

    def over_text(self) -> str:
        """Once the shown table is over: who won and by which win condition."""
        model_over = self.replay is None or self.replay.at_end
        if not model_over or not self.over:
            return ""
        winner = next((e.event.data.get("winner") for e in self.entries if e.event.kind == EventKind.GAME_OVER), None)
        return over_line(self.header, self.entries, self.lang, winner)

    def on_resize(self, event: events.Resize) -> None:
        """The table compacts or widens; the feed re-wraps itself."""
        self._width, self._height = event.size.width, event.size.height
        if self.screen_stack:
            self.redraw()

    def reserve_rows(self, rows: int, beside: bool = False) -> None:
        """A decision panel docked at the bottom takes `rows`: the table lays itself out above them. `beside` (a
        short terminal): the panel sits under the right column only, so the seats keep their whole height."""
        if not self.screen_stack:
            return
        base = self.screen_stack[0]
        if not base.query("#right"):  # the table is already gone (a prompt taken down as the app closes)
            return
        main, right = base.query_one("#main"), base.query_one("#right")
        self._give_way(right, rows if beside else 0)
        under, spared = (right, main) if beside else (main, right)
        if under.styles.margin.bottom == rows and spared.styles.margin.bottom == 0:
            return
        spared.styles.margin = (0, 0, 0, 0)
        under.styles.margin = (0, 0, max(0, rows), 0)
        self.call_after_refresh(base.query_one(Feed).scroll_end, animate=False)  # the latest lines stay in view

    def _give_way(self, right: Widget, rows: int) -> None:
        """Your seat's panel gives way while a decision panel `rows` high docks beside the seats and the feed would
        keep less than a third of the screen (feed_keeps): the speeches a decision is made on stay readable; the
        seats table still shows your cards and your partners, and the panel comes back with the answer."""
        you = right.query(YouPanel)
        if not you:
            return
        panel = you.first()
        if panel.display:
            self._you_rows = panel.outer_size.height
        height = self.size.height
        crowded = bool(rows) and (height - 2 - rows - self._you_rows) < feed_keeps(height)
        right.set_class(crowded, "-crowded")

    def feed_scroll(self, direction: int) -> None:
        feed = self.screen_stack[0].query_one(Feed)
        feed.write_earlier()  # a page up read straight after a view switch reads the whole feed
        if direction < 0:
            feed.scroll_page_up(animate=False)
        else:
            feed.scroll_page_down(animate=False)

    def idle_text(self, model: TableModel) -> str:
        """The player's panel between decisions: who the table waits for, or that the game is over."""
        if model.over:
            return self.over_text() or tr(self.lang, f"winner_{model.winner}")
        if self.wait.active:
            return tr(self.lang, "waiting_for", what=waiting_what(self.lang, self.wait.requests, self.view))
        return tr(self.lang, "waiting")

    def _show_wait(self) -> None:
        self.query_one(WaitLine).show(self.lang, self.wait, self.view, self._frame)

    def _tick_wait(self) -> None:
        if self.wait.active and self.screen_stack:
            self._frame += 1
            self._show_wait()

    def _show_speaking(self) -> None:
        seat, words = self.speaking or (None, "")
        self.query_one(SpeakingLine).show(self.lang, seat, words)

    def set_view(self, view: View) -> None:
        self.view = view
        self.redraw()

    # ------------------------------------------------------------------ the game (live and play)
    def add_entry(self, entry: Entry) -> None:
        """An entry from the game; a resumed game re-sends entries from its checkpoint on, so index rules."""
        del self.entries[entry.i:]
        self.entries.append(entry)
        self.speaking = None  # a speech's own event ends its live line (deltas never outrun their event)
        self.wait.answered(entry)
        note = answer_note(entry, self.lang, self.view)
        if note is not None:
            self.wait.note(note)
        if entry.event.kind == EventKind.GAME_STARTS:
            self.header.setdefault("ruleset", entry.event.data.get("ruleset"))
            self.header.setdefault("players", entry.event.data.get("players"))
        if self.is_running and self.screen_stack:
            self.redraw()

    async def _on_entry(self, entry: Entry) -> None:
        self.add_entry(entry)
        if self.pace and entry.event.visible_to is None and entry.event.kind not in (EventKind.GAME_STARTS,):
            await asyncio.sleep(self.pace)

    def _on_speech(self, seat: int, kind: str, text: str) -> None:
        """A public speech a model is still writing (live and play only; never written to the transcript)."""
        self.speaking = (seat, text)
        if self.is_running and self.screen_stack:
            self._show_speaking()

    def _on_end(self, end: dict[str, Any]) -> None:
        self.ended = end
        self.wait.stop()

    def _on_wait(self, requests: list[dict[str, Any]]) -> None:
        self.wait.start(requests)
        if self.is_running and self.screen_stack:
            self.redraw()

    async def _on_human(self, payload: dict[str, Any]) -> Any:
        self.wait.stop()
        if self.answer is None:
            raise RuntimeError("no one answers for the human seats")
        return await self.answer(self, payload)

    @work(exclusive=True, exit_on_error=False, group="game")
    async def run_game(self) -> None:
        assert self.runner is not None
        hooks = Hooks(on_entry=self._on_entry, on_end=self._on_end,
                      on_human=self._on_human if self.mode == "play" else None, on_speech=self._on_speech,
                      on_wait=self._on_wait)
        try:
            self.result = await self.runner(hooks)
        except Exception as exc:  # shown on the status line and printed by the command after exit
            self.error = f"{type(exc).__name__}: {exc}"
            self.wait.stop()
            self.notify(self.error, severity="error", timeout=30)
            self.redraw()
            return
        self.wait.stop()
        self.redraw()
        if self.mode == "play":
            self.show_game_over()

    def show_game_over(self) -> None:
        path = str(self.result.path) if self.result is not None else None
        winner = (self.result.winner if self.result is not None else None) or (self.ended or {}).get("winner") or \
            next((e.event.data.get("winner") for e in self.entries if e.event.kind == EventKind.GAME_OVER), None)
        self.push_screen(GameOverScreen(winner, self.entries, self.lang, path, you=self.humans,
                                        title=over_line(self.header, self.entries, self.lang, winner)))

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
            return
        players = int(self.header.get("players") or 0) or None
        self.push_screen(HelpScreen(str(self.header.get("ruleset") or ""), self.lang, self.mode,
                                    self.pending_request, players))

    def get_system_commands(self, screen: Screen[Any]) -> Any:
        """The command palette (ctrl+p): the main actions, in the UI's language."""
        lang = self.lang
        yield SystemCommand(tr(lang, "cmd_rules"), tr(lang, "key_help"), self.action_help)
        if self.check_action("toggle_god", ()):
            views = "／" if lang == "zh" else " / "
            named = views.join(tr(lang, "view_name_seat", n=v) if isinstance(v, int) else tr(lang, f"view_name_{v}")
                               for v in self.view_order())
            yield SystemCommand(tr(lang, "cmd_view_watch", views=named), tr(lang, "key_view"),
                                self.action_toggle_god)
        if self.replay is not None:
            yield SystemCommand(tr(lang, "cmd_jump"), tr(lang, "key_jump"), self.action_jump)
            yield SystemCommand(tr(lang, "cmd_faster"), "+", lambda: self.action_speed(1))
            yield SystemCommand(tr(lang, "cmd_slower"), "-", lambda: self.action_speed(-1))
        # a replay saves nothing (the transcript is only read): its quit says so
        quit_words = "cmd_quit_replay" if self.replay is not None or self.over else "cmd_quit"
        yield SystemCommand(tr(lang, quit_words), "ctrl+q", self.action_quit)

    async def ask(self, screen: Screen[Any]) -> Any:
        """Pushes a prompt and waits for its answer (works from the game worker and from tests)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

        def done(value: Any) -> None:
            if not future.done():
                future.set_result(value)

        self._asking = future
        await self.push_screen(screen, callback=done)
        try:
            return await future
        finally:
            self._asking = None

    async def action_quit_viewer(self) -> None:
        """`q` quits a replay or a live watch, and a played game once it is over; never a played game under way
        (a stray q in a prompt must not end it)."""
        if self.mode != "play" or (self.over and self._asking is None):
            await self.action_quit()

    async def action_quit(self) -> None:
        """Quits at any time: the game stops where its checkpoint is (a pending question is simply unanswered).
        The game worker is stopped and awaited first, so its agents and its checkpoint close in order before
        the app (and its event loop) goes."""
        if self._asking is not None and not self._asking.done():
            self._asking.cancel()
        for worker in self.workers.cancel_group(self, "game"):
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(worker.wait(), timeout=QUIT_GRACE_S)
        self.exit()

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Replay keys only in replay; the god view is locked in play until the game is over."""
        if action in ("toggle_play", "step", "speed", "phase", "jump"):
            return self.replay is not None
        return not (action == "toggle_god" and self.mode == "play" and not self.over)

    def view_order(self) -> list[View]:
        """The views `g` cycles through: play, your seats then god and public; a watch, the seat it was started
        on (`killer watch --seat N`), the public and god."""
        if self.mode == "play":
            return [*sorted(self.humans), GOD, PUBLIC]
        return [*([self.watched] if self.watched is not None else []), PUBLIC, GOD]

    def action_toggle_god(self) -> None:
        order = self.view_order()
        nxt = order[(order.index(self.view) + 1) % len(order)] if self.view in order else order[0]
        self.set_view(nxt)
