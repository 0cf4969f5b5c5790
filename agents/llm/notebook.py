"""The seat's private notebook: a small JSON object the model returns with each decision and gets back, as
sentences in its language, at its next one (issue 10: "beliefs about every other seat (which role it suspects,
how sure), a table of the public claims and check reports made so far, its own public commitments (what it has
claimed, and whether that was true), and its plan. Bounded in size, stored in the decision's annotation, shown in
the god view").

- `notebook_schema(scope)`: the answer schema's "notebook" property, in OpenAI's strict subset (every property
  required, no extra keys; the plan's maxLength is dropped there, our own cut applies after the answer).
- `read_notebook(raw, scope)`: the model's object (or a stored one from a transcript, which is hostile too) as a
  bounded Notebook. Entries naming a seat, card or role this game does not have are dropped and recorded in
  `dropped`, never an error: the notebook is private and cannot make an answer illegal.
- `notebook_lines(notebook, lang)`: the notebook as sentences (the narrator's vocabulary), never a dict; an old
  transcript's free-text notebook reads as the text it was.

Faithful (issue 19): a belief keeps its confidence whatever it names (a role, only a side, or neither: then the
number is the chance it is on the killers' side), the seat's latest suspicions come back with it (agents/llm/schema.py
stores them beside the notebook), and nothing written goes silently: what names nothing of this game, what is cut
for length, rows that say nothing and a belief replaced by a later one on the same seat are each said.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.moves.decisions import CLAIM_RESULTS, Target
from engine.roles import ROLE_IDS, Team
from hygiene.sanitize import clean
from words.narrator import Words, curly

MAX_BELIEFS = 24  # one a seat: more than the largest table's other seats (20 players)
MAX_CLAIM_ROWS = 24  # the claims and check reports heard so far
MAX_COMMITMENTS = 8  # what the seat itself has claimed
MAX_PLAN = 400  # characters kept of the plan
MAX_DROPPED = 8  # dropped entries recorded (the count beyond is kept as a number)
SCHEMA_PLAN_CHARS = 240  # what the schema asks for (grammar-enforcing servers stop there)
DISPLAY_SEATS = 99  # a stored notebook read for display only: any seat number up to this
SIDES: tuple[str, ...] = tuple(t.value for t in Team)  # what a belief may name instead of a role


@dataclass(frozen=True)
class Scope:
    """What a notebook may name: the table's seats (v5: their cards), the ruleset's roles, the nights so far."""

    seat: int
    players: int
    roles: tuple[str, ...]
    cards_per_seat: int = 1
    night: int = 0
    display: bool = False  # reading a stored notebook to show it: seats and cards of any shape are accepted

    @property
    def others(self) -> tuple[int, ...]:
        return tuple(s for s in range(1, self.players + 1) if s != self.seat)

    @property
    def targets(self) -> dict[int | str, Target]:
        """What a check row may name: any seat of the table, its own included (v5: each card, "seat/slot")."""
        seats = range(1, self.players + 1)
        if self.cards_per_seat > 1:
            return {f"{s}/{k}": (s, k) for s in seats for k in range(1, self.cards_per_seat + 1)}
        return {s: s for s in seats}


DISPLAY_SCOPE = Scope(seat=0, players=DISPLAY_SEATS, roles=ROLE_IDS, night=DISPLAY_SEATS, display=True)


@dataclass(frozen=True)
class Belief:
    """What the seat thinks of another: the role it suspects, else the side, and how sure it is of that (with
    neither named: the chance that the seat is on the killers' side)."""

    seat: int
    role: str | None  # the role it suspects (None: no guess yet)
    confidence: float  # 0..1
    side: str | None = None  # "killers" or "good" (None: not said; a named role says its side itself)


@dataclass(frozen=True)
class Report:
    """A public claim as noted: who (None for the seat's own commitments), the role claimed, one check reported,
    and for a commitment whether it was true."""

    seat: int | None
    role: str | None
    night: int | None
    target: Target | None
    result: str | None
    true: bool | None = None

    @property
    def has_check(self) -> bool:
        return self.target is not None and self.result is not None


@dataclass(frozen=True)
class Notebook:
    beliefs: tuple[Belief, ...] = ()
    claims: tuple[Report, ...] = ()
    commitments: tuple[Report, ...] = ()
    plan: str = ""
    dropped: tuple[str, ...] = ()  # what was dropped, as written (a seat "99", a role "wizard"), at most MAX_DROPPED
    dropped_more: int = 0  # how many more were dropped (past MAX_DROPPED; older notebooks: past a list's limit too)
    cut: int = 0  # entries past a list's limit (MAX_BELIEFS, MAX_CLAIM_ROWS, MAX_COMMITMENTS)
    plan_cut: bool = False  # the plan was longer than MAX_PLAN characters
    empty: int = 0  # claim or commitment rows that named neither a role nor a check
    replaced: int = 0  # beliefs replaced by a later one on the same seat
    suspicions: tuple[tuple[int, float], ...] = ()  # the seat's latest P(killers' side) per seat (the answer's own)

    def __bool__(self) -> bool:
        return bool(self.beliefs or self.claims or self.commitments or self.plan or self.dropped
                    or self.dropped_more or self.cut or self.empty or self.replaced or self.suspicions)

    def to_dict(self) -> dict[str, Any]:
        """The JSON stored in the annotation (the counts of what went only when there are some)."""
        out: dict[str, Any] = {
            "beliefs": [_belief_dict(b) for b in self.beliefs],
            "claims": [_report_dict(r) for r in self.claims],
            "commitments": [_report_dict(r) for r in self.commitments],
            "plan": self.plan,
        }
        if self.suspicions:
            out["suspicions"] = {str(s): p for s, p in self.suspicions}
        if self.dropped:
            out["dropped"] = list(self.dropped)
        extra = {"dropped_more": self.dropped_more, "cut": self.cut, "plan_cut": self.plan_cut,
                 "empty": self.empty, "replaced": self.replaced}
        return out | {k: v for k, v in extra.items() if v}


def _belief_dict(b: Belief) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": b.seat, "role": b.role, "confidence": b.confidence}
    return out | ({"side": b.side} if b.side is not None else {})


def _report_dict(r: Report) -> dict[str, Any]:
    target = list(r.target) if isinstance(r.target, tuple) else r.target
    out: dict[str, Any] = {"role": r.role, "night": r.night, "target": target, "result": r.result}
    if r.seat is not None:
        out = {"seat": r.seat, **out}
    if r.true is not None:
        out["true"] = r.true
    return out


# -- the schema -------------------------------------------------------------------------------------------------
def enum_schema(values: list[Any]) -> dict[str, Any]:
    """An enum with its JSON types (the answer schema's own helper, shared)."""
    names = {type(None): "null", int: "integer", str: "string"}
    types = sorted({names[type(v)] for v in values}) or ["null"]
    return {"type": types[0] if len(types) == 1 else types, "enum": values or [None]}


def _closed(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def _row(scope: Scope, who: bool, truth: bool) -> dict[str, Any]:
    props: dict[str, Any] = {"seat": enum_schema(list(scope.others))} if who else {}
    props |= {"role": enum_schema([*scope.roles, None]),
              "night": enum_schema([*range(1, scope.night + 1), None]),
              "target": enum_schema([*scope.targets, None]),
              "result": enum_schema([*CLAIM_RESULTS, None])}
    if truth:
        props["true"] = {"type": "boolean"}
    return _closed(props)


def notebook_schema(scope: Scope) -> dict[str, Any]:
    """The "notebook" property: beliefs (one a seat), claims heard, own commitments, the plan."""
    belief = _closed({"seat": enum_schema(list(scope.others)), "role": enum_schema([*scope.roles, None]),
                      "side": enum_schema([*SIDES, None]),
                      "confidence": {"type": "number", "minimum": 0, "maximum": 1}})
    return _closed({
        "beliefs": {"type": "array", "items": belief, "maxItems": min(MAX_BELIEFS, max(1, len(scope.others)))},
        "claims": {"type": "array", "items": _row(scope, who=True, truth=False), "maxItems": MAX_CLAIM_ROWS},
        "commitments": {"type": "array", "items": _row(scope, who=False, truth=True), "maxItems": MAX_COMMITMENTS},
        "plan": {"type": "string", "maxLength": SCHEMA_PLAN_CHARS},
    })


# -- reading (the model's answer, or a stored notebook) -----------------------------------------------------------
@dataclass
class _Reader:
    scope: Scope
    dropped: list[str] = field(default_factory=list)
    cut: int = 0  # entries past a list's limit
    empty: int = 0  # rows that said nothing

    def drop(self, what: Any) -> None:
        """Records what was dropped, as the model wrote it (a seat number, a role name)."""
        self.dropped.append(clean(str(what), max_chars=40))

    def seat(self, value: Any, own: bool = False) -> int | None:
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        legal = value >= 1 if self.scope.display else value in self.scope.others or (own and value == self.scope.seat)
        return value if legal and value <= max(self.scope.players, 1) else None

    def role(self, value: Any) -> tuple[bool, str | None]:
        """(legal, role): null is legal (no role); an unknown name is not."""
        if value is None or value == "":
            return True, None
        return (True, value) if isinstance(value, str) and value in self.scope.roles else (False, None)

    def target(self, value: Any) -> tuple[bool, Target | None]:
        if value is None:
            return True, None
        if isinstance(value, list) and len(value) == 2:
            value = f"{value[0]}/{value[1]}"
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if self.scope.display:
            return self._display_target(value)
        targets = self.scope.targets
        return (True, targets[value]) if isinstance(value, int | str) and value in targets else (False, None)

    def _display_target(self, value: Any) -> tuple[bool, Target | None]:
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= DISPLAY_SEATS:
            return True, value
        parts = value.split("/") if isinstance(value, str) else []
        if len(parts) == 2 and all(p.strip().isdigit() for p in parts):
            return True, (int(parts[0]), int(parts[1]))
        return False, None

    def night(self, value: Any) -> tuple[bool, int | None]:
        if value is None:
            return True, None
        ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= max(self.scope.night, 1)
        return (True, value) if ok else (False, None)

    def belief(self, raw: Any) -> Belief | None:
        if not isinstance(raw, Mapping):
            self.drop(raw)
            return None
        seat = self.seat(raw.get("seat"))
        ok, role = self.role(raw.get("role"))
        side = raw.get("side")
        side_ok = side is None or side == "" or side in SIDES
        if seat is None or not ok or not side_ok:
            self.drop(raw.get("seat") if seat is None else raw.get("role") if not ok else side)
            return None
        return Belief(seat, role, _probability(raw.get("confidence")), str(side) if side else None)

    def suspicions(self, raw: Any) -> tuple[tuple[int, float], ...]:
        """The seat's suspicions as stored beside its notebook ({seat: P}); seats this game lacks are dropped."""
        out: dict[int, float] = {}
        for key, value in (raw.items() if isinstance(raw, Mapping) else ()):
            seat = self.seat(key)
            if seat is None:
                self.drop(key)
            else:
                out[seat] = _probability(value)
        return tuple(sorted(out.items()))

    def report(self, raw: Any, who: bool) -> Report | None:
        if not isinstance(raw, Mapping):
            self.drop(raw)
            return None
        seat = self.seat(raw.get("seat"), own=self.scope.display) if who else None
        checks = [("role", self.role(raw.get("role"))), ("night", self.night(raw.get("night"))),
                  ("target", self.target(raw.get("target")))]
        result = raw.get("result")
        bad = [name for name, (ok, _) in checks if not ok]
        if (who and seat is None) or bad or (result is not None and result not in CLAIM_RESULTS):
            name = "seat" if who and seat is None else (bad[0] if bad else "result")
            self.drop(raw.get(name))
            return None
        role, night, target = (value for _, (_, value) in checks)
        true = raw.get("true") if isinstance(raw.get("true"), bool) and not who else None
        report = Report(seat, role, night, target, result if target is not None else None, true)  # type: ignore[arg-type]
        if report.role is None and not report.has_check:
            self.empty += 1  # a row that says nothing: kept out, and counted
            return None
        return report


def _probability(value: Any) -> float:
    """A number from 0 to 1, two decimals (anything else reads as 0: no confidence; NaN too)."""
    try:
        number = float(value or 0.0)
    except (TypeError, ValueError):
        return 0.0
    return round(min(1.0, max(0.0, number)), 2) if number == number else 0.0


def read_notebook(raw: Any, scope: Scope = DISPLAY_SCOPE) -> Notebook:
    """A bounded Notebook from whatever was written; a string (an old prompt's notebook) becomes the plan."""
    if isinstance(raw, str):
        return Notebook(plan=raw.strip()[:MAX_PLAN])
    if not isinstance(raw, Mapping):
        return Notebook()
    reader = _Reader(scope)
    beliefs: dict[int, Belief] = {}
    replaced = 0
    for item in _items(raw.get("beliefs"), MAX_BELIEFS, reader):
        belief = reader.belief(item)
        if belief is not None:
            replaced += belief.seat in beliefs
            beliefs[belief.seat] = belief  # one a seat: the last word on it (the earlier one is counted)
    claims = [r for item in _items(raw.get("claims"), MAX_CLAIM_ROWS, reader)
              if (r := reader.report(item, who=True)) is not None]
    commitments = [r for item in _items(raw.get("commitments"), MAX_COMMITMENTS, reader)
                   if (r := reader.report(item, who=False)) is not None]
    suspicions = reader.suspicions(raw.get("suspicions"))
    written = raw.get("plan")
    plan = written.strip() if isinstance(written, str) else ""
    stored = [str(d) for d in raw.get("dropped") or () if isinstance(d, str)] if scope.display else []
    dropped = [*stored, *reader.dropped]
    counts = {k: _stored_count(raw, k) if scope.display else 0 for k in ("dropped_more", "cut", "empty", "replaced")}
    return Notebook(tuple(sorted(beliefs.values(), key=lambda b: b.seat)), tuple(claims), tuple(commitments),
                    plan[:MAX_PLAN], tuple(dropped[:MAX_DROPPED]),
                    counts["dropped_more"] + max(0, len(dropped) - MAX_DROPPED), counts["cut"] + reader.cut,
                    len(plan) > MAX_PLAN or (scope.display and raw.get("plan_cut") is True),
                    counts["empty"] + reader.empty, counts["replaced"] + replaced, suspicions)


def _stored_count(raw: Mapping[str, Any], key: str) -> int:
    value = raw.get(key)
    return max(0, value) if isinstance(value, int) and not isinstance(value, bool) else 0


def _items(value: Any, cap: int, reader: _Reader) -> list[Any]:
    items = list(value) if isinstance(value, list) else []
    if len(items) > cap:
        reader.cut += len(items) - cap
    return items[:cap]


# -- sentences --------------------------------------------------------------------------------------------------
def notebook_lines(stored: Any, lang: str, quote: Callable[[str], str] = curly) -> list[str]:
    """The notebook as sentences in `lang`: what the seat reads at its next decision and the god view shows.
    The seat's own free text (the plan, an old notebook) is cleaned and quoted, like a speech."""
    w = Words(lang)
    if isinstance(stored, str):
        text = clean(stored, max_chars=1500)
        return [w("nb_text", text=quote(text))] if text else []
    book = read_notebook(stored)
    lines = [_capital(_belief(w, b)) for b in book.beliefs]
    if book.suspicions:
        pairs = w.p["list_sep"].join(w("nb_pair", seat=w.seat(s), pct=_pct(p)) for s, p in book.suspicions)
        lines.append(w("nb_suspicions", pairs=pairs))
    lines += [_report(w, r, own=False) for r in book.claims]
    lines += [_report(w, r, own=True) for r in book.commitments]
    if book.plan:
        plan = w("nb_plan", plan=quote(clean(book.plan, max_chars=MAX_PLAN)))
        lines.append(plan + (w("nb_plan_cut", n=MAX_PLAN) if book.plan_cut else ""))
    return lines + _gone(w, book, quote)


def _gone(w: Words, book: Notebook, quote: Callable[[str], str]) -> list[str]:
    """What the notebook did not keep, each said: entries naming nothing of this game, entries past the limits,
    rows that said nothing, beliefs replaced on the same seat."""
    lines = []
    if book.dropped or book.dropped_more:
        what = w.p["item_sep"].join(clean(d, max_chars=40) for d in book.dropped)
        lines.append(w("nb_dropped", what=quote(what), n=len(book.dropped) + book.dropped_more))
    limits = {"beliefs": MAX_BELIEFS, "claims": MAX_CLAIM_ROWS, "commitments": MAX_COMMITMENTS}
    for key, n in (("nb_cut", book.cut), ("nb_empty", book.empty), ("nb_replaced", book.replaced)):
        if n:
            lines.append(w(key, n=n, **limits))
    return lines


def _pct(p: float) -> int:
    return round(p * 100)


def _belief(w: Words, b: Belief) -> str:
    seat, pct = w.seat(b.seat), _pct(b.confidence)
    if b.role is not None:
        return w("nb_belief", seat=seat, role=w.role(b.role), pct=pct) + w("nb_stop")
    if b.side is not None:
        return w("nb_belief_side", seat=seat, side=w(f"side_{b.side}"), pct=pct) + w("nb_stop")
    return w("nb_belief_open", seat=seat, pct=pct) + w("nb_stop")


def _report(w: Words, r: Report, own: bool) -> str:
    check = ""
    if r.has_check:
        check = (w("claimed_killer" if r.result == "killer" else "claimed_not_killer", target=w.target(r.target),
                   night=r.night) if r.night is not None
                 else w("nb_killer" if r.result == "killer" else "nb_not_killer", target=w.target(r.target)))
    kind = "both" if r.role is not None and check else "role" if r.role is not None else "reported"
    who = {} if own else {"seat": w.seat(r.seat)}
    text = w(f"nb_{'you_' if own else ''}{kind}", role=w.role(r.role), check=check, **who)
    if own and r.true is not None:
        text += w("nb_true" if r.true else "nb_lie")
    return _capital(text + w("nb_stop"))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
