"""The game master as a LangGraph StateGraph: one node per kind of decision the judge waits for.

Graph state is small and serializable: the applied actions (dicts) plus human answers held for a simultaneous
batch. The engine state is rebuilt from (seed, actions) by the ReplayCache. Nodes ask the engine what is
pending, gather the decisions (concurrently when simultaneous, one seat at a time otherwise; a seat's own
requests of one batch in turn, `in_turn`), apply them in the order of the requests, write each event to the
transcript and stream it. Legality is the engine's alone.
"""

from __future__ import annotations

import asyncio
import operator
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any, TypedDict

from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Command, interrupt

from agents.view import SpeechListener
from engine import MALFORMED, SPEAKING, Action, DecisionKind, Event, EventKind, Request, is_batch
from engine.moves.decisions import DecisionKey
from orchestrator.decide import annotation_dict, ask
from orchestrator.replay_cache import Position
from orchestrator.runtime import GameRuntime
from orchestrator.store.transcript import Entry

# Node names (stored in checkpoints, so they keep their spelling; two happen to match event kinds' spelling).
NIGHT_NODE, WORDS_NODE, SPEECH_NODE, VOTES_NODE = "night", DecisionKind.LAST_WORDS.value, "statements", "votes"
HUMAN_NODE, OVER_NODE = "human", EventKind.GAME_OVER.value
PHASE_NODES = {
    DecisionKind.NIGHT: NIGHT_NODE,
    DecisionKind.LAST_WORDS: WORDS_NODE,
    DecisionKind.STATEMENT: SPEECH_NODE,
    DecisionKind.DEFENSE: SPEECH_NODE,
    DecisionKind.VOTE: VOTES_NODE,
}
NODES = (NIGHT_NODE, WORDS_NODE, SPEECH_NODE, VOTES_NODE, HUMAN_NODE, OVER_NODE)
Stream = Callable[[dict[str, Any]], None]  # where a step's chunks go: LangGraph's stream writer, or a plain list


class GameGraphState(TypedDict, total=False):
    """What the checkpointer stores: applied actions, held human answers, the last refusal."""

    actions: Annotated[list[dict[str, Any]], operator.add]
    held: list[dict[str, Any]]  # {"action": ..., "annotation": ...} answered before the rest of a batch
    error: str | None  # why the last human answer was refused (shown on the next ask)


def _held_keys(held: list[dict[str, Any]] | None) -> set[DecisionKey]:
    return {Action.from_dict(h["action"]).key() for h in held or []}


def waiting(pos: Position, held: list[dict[str, Any]] | None) -> list[Request]:
    """Pending requests still to ask: all unanswered ones of a batch, else the one sequential request."""
    keys = _held_keys(held)
    open_ = [r for r in pos.state.pending if r.key() not in keys]
    return open_ if is_batch(pos.state.pending) else open_[:1]


def in_turn(requests: list[Request]) -> list[Request]:
    """A hand's cards decide in turn (issue 33): of a seat's several requests in one batch (a v5 hand with two
    acting cards) only the first in the judge's calling order is asked now; the next is asked once that answer is
    applied, so it sees it in the seat's record (its night choice) and in the notebook the seat wrote with it.
    Other seats' requests are still asked at once; the engine's protocol is unchanged (a batch may be answered a
    part at a time)."""
    seen: set[int] = set()
    out: list[Request] = []
    for request in requests:
        if request.seat not in seen:
            seen.add(request.seat)
            out.append(request)
    return out


def next_node(pos: Position, held: list[dict[str, Any]] | None, humans: frozenset[int]) -> str:
    """Where the game goes from here: decided by what the engine waits for (never by the graph's own rules)."""
    if pos.state.winner is not None or not pos.state.pending:
        return OVER_NODE
    todo = waiting(pos, held)
    if any(r.seat in humans for r in todo):
        return HUMAN_NODE
    return PHASE_NODES[(todo or list(pos.state.pending))[0].kind]


def speech_listener(rt: GameRuntime, pos: Position, request: Request, stream: Stream) -> SpeechListener | None:
    """For a sequential, public speech only (never a batch, never a silenced seat): a listener that streams the
    speech so far as a custom chunk {"type": "speech", "seat", "kind", "text"}; the transcript gets only the
    final speech event."""
    if not rt.stream_speech or is_batch(pos.state.pending) or request.kind not in SPEAKING or not request.may_speak:
        return None
    seat, kind = request.seat, request.kind.value
    return lambda text: stream({"type": "speech", "seat": seat, "kind": kind, "text": text})


def _at(state: GameGraphState, rt: GameRuntime) -> Position:
    return rt.cache.at(state.get("actions") or [])


def route(state: GameGraphState, runtime: Runtime[GameRuntime]) -> str:
    """Where a (resumed) run starts: the node of what the engine waits for."""
    rt = runtime.context
    return next_node(_at(state, rt), state.get("held"), rt.humans)


def goto(rt: GameRuntime, pos: Position, update: GameGraphState) -> Command[str]:
    """Nodes route themselves (a Command): cheaper than a conditional edge re-reading the whole state."""
    return Command(update=update, goto=next_node(pos, update.get("held"), rt.humans))


def emit(rt: GameRuntime, pos: Position, new: list[Event], note: dict[str, Any] | None, stream: Stream) -> None:
    """Records the events an action caused (its annotation beside the first) and streams each as an entry."""
    first = len(pos.events) - len(new)
    for k, event in enumerate(new):
        entry = Entry(first + k, event, note if k == 0 else None)
        rt.record(entry)
        stream({"type": "entry", "entry": entry})


def apply_all(rt: GameRuntime, pos: Position, order: list[Request],
              answers: dict[Any, dict[str, Any]], stream: Stream) -> list[dict[str, Any]]:
    """Applies the answers in the order of the requests; the applied actions, as stored in the graph state."""
    applied: list[dict[str, Any]] = []
    for request in order:
        if request.key() not in answers or request.key() not in {r.key() for r in pos.state.pending}:
            continue  # a jump-kill ended the step: the rest are no longer asked
        answer = answers[request.key()]
        action = Action.from_dict(answer["action"])
        emit(rt, pos, pos.apply(action), answer["annotation"], stream)
        applied.append(action.to_dict())
    return applied


async def play_step(rt: GameRuntime, pos: Position, held: list[dict[str, Any]] | None,
                    stream: Stream) -> list[dict[str, Any]]:
    """One step of agent decisions: ask every seat the engine waits for (at once when simultaneous), then apply;
    the applied actions. The graph's phase nodes run it, and so does the plain loop of a game of bots alone
    (orchestrator.run): one step, one transcript, whichever loop drives it."""
    order = list(pos.state.pending)
    todo = in_turn([r for r in waiting(pos, held) if r.seat not in rt.humans])
    if todo:  # who the table waits for now (a display concern: the TUI shows it, the transcript does not)
        stream({"type": "waiting", "requests": [{"seat": r.seat, "kind": str(r.kind)} for r in todo]})
    books = rt.notebooks.over(rt.entries)  # each seat's latest notebook, derived from the entries so far
    decisions = await asyncio.gather(*(ask(rt.agents[r.seat], pos, r, rt.lang, speech_listener(rt, pos, r, stream),
                                           books.get(r.seat, "")) for r in todo))
    answers = {Action.from_dict(h["action"]).key(): h for h in held or []}
    for request, decision in zip(todo, decisions, strict=True):
        answers[request.key()] = {"action": decision.action.to_dict(), "annotation": annotation_dict(decision)}
    try:
        return apply_all(rt, pos, order, answers, stream)
    except Exception:
        rt.cache.forget()
        raise


async def step(state: GameGraphState, runtime: Runtime[GameRuntime]) -> Command[str]:
    """A phase node: one step of agent decisions (play_step), streamed through LangGraph's writer."""
    rt = runtime.context
    pos = _at(state, rt)
    applied = await play_step(rt, pos, state.get("held"), get_stream_writer())
    return goto(rt, pos, {"actions": applied, "held": [], "error": None})


def human(state: GameGraphState, runtime: Runtime[GameRuntime]) -> Command[str]:
    """One person's decision: `interrupt()` first (the node re-runs from the top on resume), then the answer."""
    rt = runtime.context
    pos = _at(state, rt)
    request = next(r for r in waiting(pos, state.get("held")) if r.seat in rt.humans)
    answer = interrupt({"seat": request.seat, "request": request.to_dict(), "error": state.get("error")})
    update = _take_human(pos, state, request, answer, partial(emit, rt, stream=get_stream_writer()))
    return goto(rt, pos, {"held": state.get("held") or [], **update})


def end_game(rt: GameRuntime, pos: Position) -> dict[str, Any]:
    """The end line written (the engine must name a winner), and returned."""
    if pos.state.winner is None:
        raise RuntimeError("the engine asks nothing more but names no winner")
    return rt.finish(pos)


def game_over(state: GameGraphState, runtime: Runtime[GameRuntime]) -> GameGraphState:
    """The end: the end line written and streamed."""
    pos = _at(state, runtime.context)
    end = end_game(runtime.context, pos)
    get_stream_writer()({"type": "end", "end": end})
    return {}


def build_graph() -> StateGraph[GameGraphState, GameRuntime]:
    """The StateGraph (compile it with a checkpointer; human seats need one; run it with context=GameRuntime).
    The four phase nodes run one function: they are named by phase because checkpoints store the node names."""
    graph: StateGraph[GameGraphState, GameRuntime] = StateGraph(GameGraphState, context_schema=GameRuntime)
    for name in (NIGHT_NODE, WORDS_NODE, SPEECH_NODE, VOTES_NODE):
        graph.add_node(name, step, destinations=NODES)
    graph.add_node(HUMAN_NODE, human, destinations=NODES)
    graph.add_node(OVER_NODE, game_over)
    graph.add_conditional_edges(START, route, {n: n for n in NODES})
    graph.add_edge(OVER_NODE, END)
    return graph


def _take_human(pos: Position, state: GameGraphState, request: Request, answer: Any,
                emit: Callable[[Position, list[Event], dict[str, Any] | None], None]) -> GameGraphState:
    """A person's answer: checked by the engine, held while the rest of a batch decides, else applied."""
    try:
        action = human_action(request, answer)
    except MALFORMED as exc:  # a person's answer is not one the request can take
        return {"error": str(exc)}
    reason = pos.why_illegal(action)
    if reason is not None:
        return {"error": reason}
    claimed = action.claim.role if action.claim is not None else None
    note = {"agent": "human", "claimed_role": claimed,
            "reasoning": (answer or {}).get("reasoning", "")}
    if is_batch(pos.state.pending):
        return {"held": [*(state.get("held") or []), {"action": action.to_dict(), "annotation": note}],
                "error": None}
    emit(pos, pos.apply(action), note)
    return {"actions": [action.to_dict()], "error": None}


def human_action(request: Request, answer: Any) -> Action:
    """Reads a resume value: {"target", "speech", "accusation", "confess"} (seat, kind, slot from the request)."""
    if isinstance(answer, Action):
        return answer
    if not isinstance(answer, dict):
        raise TypeError(f"a human answer is a dict, not {type(answer).__name__}")
    raw = dict(answer.get("action", answer))
    raw.update(seat=request.seat, kind=request.kind.value, slot=request.slot, round=request.round)
    return Action.from_dict(raw)
