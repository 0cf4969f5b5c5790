"""The one narrator: every catalogued event as a sentence a person (or a model) reads, in English or Chinese.

The prompts' record, `killer run`'s narration, `killer render` and the TUI all word events here, so they cannot
disagree. A seat reads what it may see (`can_see`); every untrusted string (speeches, ids read from a file)
passes hygiene.sanitize.clean. Speeches are handed to a `quote` function chosen by the caller (a JSON string in
prompts, a Markdown quote in renders, curly quotes in the terminal), so a speech never reads as the judge.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine import Event
from engine.moves.decisions import MAX_TEAM_MESSAGE
from engine.record.catalog import CATALOGUE, SPEECHES, Cause, CheckResult, EventKind, LotOutcome, TieBreak, tie_break
from engine.record.view import PUBLIC, View, can_see
from engine.roles import ROLES, action_name, display_name
from engine.rulesets import get_ruleset
from engine.state import Winner
from hygiene.sanitize import clean
from words.phrases import PHRASES, Lang

K = EventKind
Quote = Callable[[str], str]


def curly(text: str) -> str:
    """The default speech quote: “words”."""
    return f"“{text}”"


class Words:
    """The game's vocabulary in one language: seats, cards, roles, actions, causes, sides."""

    def __init__(self, lang: str) -> None:
        self.lang: Lang = "zh" if lang == "zh" else "en"
        self.p = PHRASES[self.lang]

    def __call__(self, key: str, **values: Any) -> str:
        return self.p[key].format(**values)

    def seat(self, n: Any) -> str:
        return self("seat", n=_int(n))

    def seats(self, items: Any) -> str:
        numbers = [str(_int(s)) for s in (items or [])]
        if not numbers:
            return self("nobody")
        joined = self.p["list_sep"].join(numbers)
        return self("seats", list=joined) if len(numbers) > 1 else self("seat", n=joined)

    def target(self, t: Any) -> str:
        if t is None:
            return self("nobody")
        if isinstance(t, list | tuple) and len(t) == 2:
            return self("card", n=_int(t[0]), slot=_int(t[1]))
        return self.seat(t)

    def role(self, role: Any) -> str:
        return display_name(role, self.lang) if isinstance(role, str) and role in ROLES else self("unknown_role")

    def roles(self, cards: Any) -> str:
        return "/".join(self.role(c) for c in (cards or []))

    def action(self, action: Any) -> str:
        return clean(action_name(str(action), self.lang)) if action is not None else self("act")

    def table(self, cards: Any) -> str:
        """Everyone's cards: {seat: [roles]} or a list of hands."""
        pairs = cards.items() if isinstance(cards, Mapping) else enumerate(cards or [], start=1)
        return self.p["item_sep"].join(f"{self.seat(s)} {self.roles(h)}" for s, h in pairs)

    def counts(self, counts: Any) -> str:
        if not isinstance(counts, Mapping) or not counts:
            return self("no_votes")
        items = sorted(counts.items(), key=lambda kv: (-_number(kv[1]), _number(kv[0])))
        return self.p["item_sep"].join(self("count", seat=self.seat(s), n=_int(n)) for s, n in items)

    def winner(self, winner: Any) -> str:
        key = {Winner.KILLERS: "won_killers", Winner.GOOD: "won_good", Winner.DRAW: "won_draw"}
        return self(key.get(winner, "won_unknown"))

    def cause(self, cause: Any) -> str:
        return self("cause_" + cause) if cause in set(Cause) else self("cause_unknown")

    def ruleset(self, ruleset_id: Any, short: bool = False) -> str:
        try:
            rules = get_ruleset(str(ruleset_id))
            return rules.short_name(self.lang) if short else rules.name(self.lang)
        except Exception:  # an id this version does not know (a newer or a hostile file)
            return clean(str(ruleset_id), max_chars=40)


def _number(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _int(value: Any) -> int | str:
    try:
        return int(value)
    except (TypeError, ValueError):
        return clean(str(value), max_chars=20)


# -- one function per kind -----------------------------------------------------------------------------------
Sentence = Callable[[Words, dict[str, Any]], str]


def _deal(w: Words, d: dict[str, Any]) -> str:
    text = w(K.DEAL, table=w.table(d.get("hands")))
    return text + (w("deal_judge_card", card=w.role(d["judge_card"])) if d.get("judge_card") else "")


def _teammates(w: Words, d: dict[str, Any]) -> str:
    text = w(K.TEAMMATES, role=w.role(d.get("role")), seats=w.seats(d.get("seats")))
    return text + (w("teammates_undercover", seats=w.seats(d["undercover"])) if d.get("undercover") else "")


def _night_choice(w: Words, d: dict[str, Any]) -> str:
    who = w("who_role", seat=w.seat(d.get("seat")), role=w.role(d.get("role")))
    if d.get("target") is None:
        text = w("night_pass", who=who)
    else:
        text = w(K.NIGHT_CHOICE, who=who, action=w.action(d.get("action")), target=w.target(d.get("target")))
    talk_round = _int(d.get("round", 1))
    return text if talk_round == 1 else _in_round(w, text, talk_round)


def _in_round(w: Words, text: str, talk_round: int | str) -> str:
    """A later team-talk round's choice says its round ("… (team talk, round 2)."), before the full stop."""
    body = text.rstrip(".。")
    return w("in_round", text=body, round=talk_round) + text[len(body):]


def _team_talk(w: Words, d: dict[str, Any]) -> str:
    """R-team-talk: the judge shows a team each member's proposal of the round and asks again."""
    said = [p for p in d.get("proposals") or [] if isinstance(p, Mapping)]
    listed = w.p["item_sep"].join(w("proposal", seat=w.seat(p.get("seat")), target=w.target(p.get("target")))
                                  for p in said)
    return w(K.TEAM_TALK, role=w.role(d.get("role")), night=_int(d.get("night")), round=_int(d.get("round")),
             rounds=_int(d.get("rounds")), proposals=listed or w("nobody"))


def _check(w: Words, d: dict[str, Any]) -> str:
    result = d.get("result")
    key = {CheckResult.KILLER: "nod", CheckResult.NOT_KILLER: "shake"}.get(result, "no_gesture")  # type: ignore
    return w(K.CHECK_RESULT, by=w.role(d.get("by")), target=w.target(d.get("target")), gesture=w(key))


def _kill_orders(w: Words, d: dict[str, Any]) -> str:
    orders = [o for o in d.get("orders") or [] if isinstance(o, Mapping)]
    listed = w.p["item_sep"].join(w("order", card=w.target(o.get("card")), target=w.target(o.get("target")))
                                  for o in orders)
    return w(K.KILL_ORDERS, orders=listed or w("nobody"))


def _night_effects(w: Words, d: dict[str, Any]) -> str:
    parts = [w("hugged", seat=w.seat(d["hugged"])) if d.get("hugged") else w("no_hug")]
    marks = d.get("marks") or {}
    if isinstance(marks, Mapping):
        for seat, acts in marks.items():
            parts.append(w("marked", seat=w.seat(seat), acts=w.p["list_sep"].join(w.action(a) for a in acts or [])))
    needles = [(i + 1, n) for i, n in enumerate(d.get("empty_needles") or []) if n]
    if needles:
        parts.append(w("needles", list=w.p["item_sep"].join(w("count", seat=w.seat(s), n=n) for s, n in needles)))
    return w(K.NIGHT_EFFECTS, parts=w.p["clause_sep"].join(parts))


def _dawn(w: Words, d: dict[str, Any]) -> str:
    dead, cards = d.get("dead") or [], d.get("cards") or []
    if cards:
        lost = w.p["item_sep"].join(w.target(c) for c in cards)
        body = w("dawn_cards", cards=lost) + (w("dawn_cards_dead", seats=w.seats(dead)) if dead else "")
    elif dead:
        body = w("dawn_dead", seats=w.seats(dead))
    else:
        body = w("dawn_peaceful")
    if d.get("silenced"):
        body += w("dawn_silenced", seats=w.seats(d["silenced"]))
    return w(K.DAWN, night=_int(d.get("night")), body=body)


def _accusation_round(w: Words, d: dict[str, Any]) -> str:
    final = w("life_and_death") if d.get("final") else ""
    return w(K.ACCUSATION_ROUND, day=_int(d.get("day")), round=_int(d.get("round")), order=w.seats(d.get("order")),
             final=final)


def _accused(w: Words, d: dict[str, Any]) -> str:
    then = w("accused_out") if d.get("final") else w("accused_defends")
    return w(K.ACCUSED, seat=w.seat(d.get("seat")), counts=w.counts(d.get("counts")), then=then)


def _hands(w: Words, d: dict[str, Any]) -> str:
    yes, no = _number(d.get("yes")), _number(d.get("no"))
    then = "hands_out" if yes > no else "hands_split" if yes == no else "hands_stays"
    return w(K.HANDS, seat=w.seat(d.get("defendant")), yes=yes, no=no, then=w(then))


def _tally(w: Words, d: dict[str, Any]) -> str:
    leaders = d.get("leaders") or []
    then = w("tally_none") if not leaders else w("tally_leader", seat=w.seat(leaders[0])) if len(leaders) == 1 \
        else w("tally_tie", seats=w.seats(leaders))
    return w(K.TALLY, counts=w.counts(d.get("counts")), then=then)


def _verdict(w: Words, d: dict[str, Any]) -> str:
    how = d.get("how")
    how_text = w.p.get(f"how_{how}", "") if isinstance(how, str) else ""
    if d.get("executed") is None:
        return w("verdict_none", day=_int(d.get("day")), how=how_text)
    # R-v5-verdict-cards: v5's verdict names the cards that leave with the player (never what they were)
    cards = w("verdict_cards", cards=w.p["item_sep"].join(w.target(c) for c in d["cards"])) if d.get("cards") else ""
    return w(K.VERDICT, day=_int(d.get("day")), seat=w.seat(d.get("executed")), how=how_text, cards=cards)


def _draw(w: Words, d: dict[str, Any]) -> str:
    """A lot: which seats it was drawn among and what it settled. For a tie for suspect the engine draws, one
    after another, the seats to leave out (R-v2-suspect-tie): each draw says which seat is out and which stay."""
    reason = str(d.get("reason") or "")
    tie = tie_break(reason)
    if tie is TieBreak.TEAM_TIE:
        why = w("tie_team_tie", role=w.role(reason.removesuffix("_" + TieBreak.TEAM_TIE)))
    else:
        why = w("tie_" + tie.value) if tie is not None else w("tie_unknown")
    options = [o for o in d.get("options") or [] if o not in set(LotOutcome)]
    result = d.get("result")
    if result in set(LotOutcome) or not options:
        return w(K.DRAW, why=why, result=w(f"lot_{result}") if result in set(LotOutcome) else w.target(result))
    among = w.seats(options) if all(isinstance(o, int) for o in options) else w.p["list_sep"].join(
        w.target(o) for o in options)
    if tie is TieBreak.SUSPECT_TIE:
        rest = [o for o in options if o != result]
        kept = w("lot_kept", seat=w.seats(rest)) if len(rest) == 1 else w("lot_still_in", seats=w.seats(rest))
        outcome = w("lot_left_out", seat=w.target(result), then=kept)
    elif tie is TieBreak.SUSPECT_FILL:
        outcome = w("lot_suspect", seat=w.target(result))
    else:
        outcome = w("lot_falls", target=w.target(result))
    return w("draw_among", among=among, why=why, outcome=outcome)


def _ruling(w: Words, d: dict[str, Any]) -> str:
    return w("ruling_endless") if d.get("rule") == "R-endless" else w(K.RULING)


def _speech(kind: str) -> Sentence:
    def sentence(w: Words, d: dict[str, Any]) -> str:
        return _head(w, kind, d)
    return sentence


SENTENCES: dict[str, Sentence] = {
    K.DEAL: _deal,
    K.GAME_STARTS: lambda w, d: w(K.GAME_STARTS, ruleset=w.ruleset(d.get("ruleset"), short=True),
                                  players=_int(d.get("players"))),
    K.YOUR_CARDS: lambda w, d: w(K.YOUR_CARDS, seat=w.seat(d.get("seat")), cards=w.roles(d.get("cards"))),
    K.TEAMMATES: _teammates,
    K.OPENERS: lambda w, d: w(K.OPENERS, seats=w.seats(d.get("seats"))),
    K.SHOWN_TO_KILLERS: lambda w, d: w(K.SHOWN_TO_KILLERS, seat=w.seat(d.get("seat")), role=w.role(d.get("role"))),
    K.NIGHT_FALLS: lambda w, d: w(K.NIGHT_FALLS, night=_int(d.get("night"))),
    K.NIGHT_CHOICE: _night_choice,
    K.TEAM_TALK: _team_talk,
    K.CHECK_RESULT: _check,
    K.KILL_ORDERS: _kill_orders,
    K.SAVED: lambda w, d: w(K.SAVED, seat=w.seat(d.get("seat")), by=w.role(d.get("by") or "doctor")),
    K.IMMUNE: lambda w, d: w(K.IMMUNE, seat=w.seat(d.get("seat"))),
    K.SHOT: lambda w, d: w(K.SHOT, seat=w.seat(d.get("seat")), target=w.target(d.get("target")),
                          hit=w("hit" if d.get("hit") else "miss")),
    K.VEST: lambda w, d: w(K.VEST, seat=w.seat(d.get("seat"))),
    K.POWER_SPENT: lambda w, d: w(K.POWER_SPENT, seat=w.seat(d.get("seat")),
                                  power=w.p.get(f"power_{d.get('power')}", w("power_unknown"))),
    K.SPARED: lambda w, d: w(K.SPARED, card=w.target(d.get("card")),
                             why=w.p.get(f"spared_{d.get('why')}", w("spared_unknown"))),
    K.TAKEN: lambda w, d: w(K.TAKEN, card=w.target(d.get("card"))),
    K.NIGHT_EFFECTS: _night_effects,
    K.CAUSE_OF_DEATH: lambda w, d: w(K.CAUSE_OF_DEATH, who=w.target(
        [d.get("seat"), d["slot"]] if d.get("slot") else d.get("seat")), cause=w.cause(d.get("cause"))),
    K.DEATH: lambda w, d: w(K.DEATH, seat=w.seat(d.get("seat")), cause=w.cause(d.get("public_cause"))),
    K.DAWN: _dawn,
    K.DAY_BEGINS: lambda w, d: w(K.DAY_BEGINS, day=_int(d.get("day"))),
    K.LAST_WORDS: _speech(K.LAST_WORDS),
    K.STATEMENT: _speech(K.STATEMENT),
    K.DEFENSE: _speech(K.DEFENSE),
    K.VOTE: lambda w, d: w("vote_none", seat=w.seat(d.get("seat"))) if d.get("target") is None
    else w(K.VOTE, seat=w.seat(d.get("seat")), target=w.target(d.get("target"))),
    K.SPEAKING_ORDER: lambda w, d: w(K.SPEAKING_ORDER, seats=w.seats(d.get("order"))),
    K.ACCUSATION_ROUND: _accusation_round,
    K.ACCUSED: _accused,
    K.SUSPECTS: lambda w, d: w(K.SUSPECTS, seats=w.seats(d.get("seats"))),
    K.HANDS: _hands,
    K.TALLY: _tally,
    K.VOTES_COUNTED: lambda w, d: w(K.VOTES_COUNTED, counts=w.counts(d.get("counts"))),
    K.VOTE_TIE: lambda w, d: w(K.VOTE_TIE, seats=w.seats(d.get("seats"))),
    K.EXECUTED_SIDE: lambda w, d: w(K.EXECUTED_SIDE, seat=w.seat(d.get("seat")),
                                    side=w("side_killers" if d.get("side") in ("killer", "killers") else "side_good")),
    K.IMPOSED_VERDICT: lambda w, d: w(K.IMPOSED_VERDICT),
    K.VERDICT: _verdict,
    K.DRAW: _draw,
    K.RULING: _ruling,
    K.GAME_OVER: lambda w, d: w(K.GAME_OVER, winner=w.winner(d.get("winner"))),
    K.REVEAL: lambda w, d: w(K.REVEAL, table=w.table(d.get("cards"))),
}


def unworded_kinds() -> list[str]:
    """Catalogued kinds with neither a sentence here nor a phrase of their own in both languages (should be none)."""
    return sorted(k for k in CATALOGUE if k not in SENTENCES and not all(k in PHRASES[lang] for lang in PHRASES))


def speech_head(kind: str, data: dict[str, Any], lang: str) -> str:
    """'Seat 3 speaks, accusing seat 5' without the words, which the caller quotes its own way."""
    return _capital(_head(Words(lang), kind, data))


def _head(w: Words, kind: str, d: dict[str, Any]) -> str:
    who = w.seat(d.get("seat"))
    if d.get("confess"):
        return w("confesses", seat=who)
    head = w(f"speaks_{kind}", seat=who) + _claim(w, d.get("claim"))
    if d.get("accusation") is not None:
        head += w("accusing", seat=w.seat(d["accusation"]))
    return head


def _claim(w: Words, claim: Any) -> str:
    """A speech's public claim: the role claimed and the checks reported ("" for none, or a malformed one)."""
    if not isinstance(claim, Mapping):
        return ""
    checks = [c for c in claim.get("checks") or () if isinstance(c, Mapping)][:8]
    role = claim.get("role")
    text = w("claims_role", role=w.role(role)) if role is not None else ""
    if checks:
        reports = [w("claimed_killer" if c.get("result") == CheckResult.KILLER else "claimed_not_killer",
                     target=w.target(c.get("target")), night=_int(c.get("night"))) for c in checks]
        text += w("claims_checks", checks=w.p["item_sep"].join(reports))
    return text


def team_message(d: dict[str, Any]) -> str:
    """A night choice's words to the partners (issue 19), made safe to print, cut at the engine's limit."""
    return clean(str(d.get("message") or ""), max_chars=MAX_TEAM_MESSAGE)


def speech_words(d: dict[str, Any], max_chars: int | None = None) -> str:
    """The words of a speech, made safe to print (one line, no control characters)."""
    return clean(str(d.get("speech") or ""), max_chars=max_chars)


def sentence(event: Event, lang: str, quote: Quote = curly) -> str:
    """The event as one sentence in `lang`; a speech ends with its words, quoted by `quote`."""
    w = Words(lang)
    if event.kind in SPEECHES:
        words = speech_words(event.data)
        tail = w("says", words=quote(words)) if words else w("silent")
        return _capital(_head(w, event.kind, event.data) + tail)
    fmt = SENTENCES.get(event.kind)
    if fmt is not None:
        text = _capital(fmt(w, event.data))
        message = team_message(event.data) if event.kind == K.NIGHT_CHOICE else ""
        return text + w("tells_team", words=quote(message)) if message else text  # a team's words, quoted last
    template = w.p.get(event.kind, "")
    return _capital(_from_template(w, template, event.data) if template else w("unknown_event"))


def _from_template(w: Words, template: str, data: dict[str, Any]) -> str:
    """A kind's phrase without a sentence function of its own (a new role's event): each field in braces worded
    as what it holds (seats, cards, roles, actions)."""
    values = {name: _worded(w, name, data.get(name)) for name in PHRASE_FIELDS.findall(template)}
    return template.format(**values)


PHRASE_FIELDS = re.compile(r"\{(\w+)\}")


def _worded(w: Words, name: str, value: Any) -> str:
    if name in ("role", "by") or (isinstance(value, str) and value in ROLES):
        return w.role(value)
    if name == "action":
        return w.action(value)
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return w.seats(value)
    if value is None or isinstance(value, int | list | tuple):
        return w.target(value)
    return clean(str(value), max_chars=60)


def _capital(text: str) -> str:
    """English sentences start with a capital ('Seat 3 ...'); Chinese has none."""
    return text[:1].upper() + text[1:]


def heading(event: Event, lang: str) -> str | None:
    """'Night 2' / 'Day 2' (第2夜 / 第2天) for the events that open a phase, else None."""
    w = Words(lang)
    if event.kind == K.NIGHT_FALLS:
        return w("night_heading", n=_int(event.data.get("night")))
    if event.kind == K.DAY_BEGINS:
        return w("day_heading", n=_int(event.data.get("day")))
    return None


def seen_by(event: Event, lang: str) -> str:
    """God view: who saw a private event ('seen by seats 2, 5' / 'judge only')."""
    w = Words(lang)
    if event.visible_to is None:
        return w("seen_public")
    return w("seen_by", seats=w.seats(sorted(event.visible_to))) if event.visible_to else w("judge_only")


def echoes(event: Event) -> bool:
    """A death the judge announces in the same breath: a night's dead are named by the dawn that follows, the
    executed by the verdict before it. Displays for people skip it (the prompts' record keeps every event)."""
    return event.kind == K.DEATH and event.data.get("public_cause") in (Cause.NIGHT, Cause.EXECUTED)


def narrate(events: list[Event], lang: str, view: View = PUBLIC, quote: Quote = curly) -> list[str]:
    """The sentences of the events `view` may see, in order (deaths told twice, once)."""
    return [sentence(e, lang, quote) for e in events if can_see(e, view) and not echoes(e)]


def count(lang: str, key: str, n: Any) -> str:
    """'1 night' / '3 nights' (zh has no plural): the phrase `key_1` or `key_n`."""
    return Words(lang)(f"{key}_1" if _int(n) == 1 else f"{key}_n", n=_int(n))


def phrase(lang: str, key: str, **values: Any) -> str:
    """A narrator phrase outside any event (render's labels, the narration's end line)."""
    return Words(lang)(key, **values)
