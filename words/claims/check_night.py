"""The night's rulings replayed (words/claims `ruling` claims, the card's sentences of words/card_phrases.py
RULINGS): for each ruling the ruleset's resolver names, a scenario of one or two nights (the `killer scenario`
format) generated from what its sentence says, played through the engine, and the dawns (or the police's answers)
held to the sentence. A ruling with no replay here is reported, never passed.

Each night is quiet but for the ruling's own picks (words/claims/check.py quiet_chooser): the other calls pass
where they may, else name a seat outside the ones the ruling is about."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import EventKind
from engine.errors import KillerError
from engine.moves.decisions import Target
from engine.record.events import Event
from engine.ruleset import Ruleset
from engine.scenario import play_scenario
from engine.state import GameState
from words.claims import Claim
from words.claims.scenarios import Hands, base_hands, night_plan, quiet_chooser, scenario, start

Picks = dict[str, Target | None]
Night = tuple[Picks, tuple[int, ...]]  # a night's picks by role and the seats the other calls spare


def play_nights(rules: Ruleset, hands: Hands, judge_card: str | None, nights: list[Night]
                ) -> tuple[GameState, list[Event]]:
    """The nights in turn (a day executing nobody between them), each call answered by its picks or quietly."""
    script: list[dict[str, Any]] = []
    state = start(rules, hands, judge_card)
    for i, (picks, spare) in enumerate(nights):
        if i:
            script.append({"day": {"execute": None}})
            state, _ = play_scenario(scenario(rules, hands, judge_card, script))
        script.append({"night": night_plan(state, quiet_chooser(state, spare, None, picks))})
    return play_scenario(scenario(rules, hands, judge_card, script))


def dawns(events: list[Event]) -> list[set[Any]]:
    """Each dawn's dead: seats (one-card tables) or (seat, slot) cards (v5)."""
    out = []
    for e in events:
        if e.kind == EventKind.DAWN:
            cards = e.data.get("cards")
            out.append({tuple(c) for c in cards} if cards else set(e.data.get("dead") or ()))
    return out


def holders(hands: Hands, role: str) -> list[int]:
    return [i for i, h in enumerate(hands, start=1) if role in h]


def plain_seats(hands: Hands) -> list[int]:
    return [i for i, h in enumerate(hands, start=1) if all(c == "civilian" for c in h)]


def _seats(rules: Ruleset, players: int, *roles: str, plain: int = 2) -> tuple[Hands, str | None, list[int]]:
    """A deal holding every role named; the first holder of each role, then `plain` bystanders: the civilians,
    then seats holding neither a named role nor a killer's or a doctor's card (a police seat at a small table)."""
    def bystanders(h: Hands) -> list[int]:
        named = {"killer", "doctor", *roles}
        return plain_seats(h) + [i for i, x in enumerate(h, start=1) if i not in plain_seats(h) and not named & set(x)]

    hands, judge_card = base_hands(rules, players, lambda h: all(holders(h, r) for r in roles)
                                   and len(bystanders(h)) >= plain)
    return hands, judge_card, [holders(hands, r)[0] for r in roles] + bystanders(hands)[:plain]


def _run(rules: Ruleset, hands: Hands, judge_card: str | None, nights: list[Night]
         ) -> tuple[list[set[Any]], list[Event]] | str:
    try:
        _, events = play_nights(rules, hands, judge_card, nights)
    except KillerError as exc:
        return f"the scenario is refused: {exc}"
    return dawns(events), events


# -- one-card tables -------------------------------------------------------------------------------------------
def sp_immune(rules: Ruleset, players: int) -> list[str]:
    """v3: the killers name the secret police, who holds his shot: he lives."""
    hands, jc, (sp, _, c) = _seats(rules, players, "secret_police", "killer", plain=1)
    got = _run(rules, hands, jc, [({"killer": sp, "secret_police": None, "doctor": c}, (sp, c))])
    if isinstance(got, str):
        return [got]
    return [f"the killers named the unfired secret police (seat {sp}): he died"] if sp in got[0][0] else []


def shot_killers_only(rules: Ruleset, players: int) -> list[str]:
    """v3: the secret police shoots a killer: the killer dies; he shoots a civilian: nobody dies of it; either
    way he is not asked to shoot again."""
    hands, jc, (sp, k, c1, c2) = _seats(rules, players, "secret_police", "killer")
    out = []
    for shot, dies in ((k, True), (c1, False)):
        got = _run(rules, hands, jc, [({"secret_police": shot, "killer": c2, "doctor": c2}, (sp, k, c1, c2)),
                                      ({"killer": c2, "doctor": c2}, (sp, k, c1, c2))])
        if isinstance(got, str):
            return [got]
        (first, *_), events = got
        if (shot in first) != dies:
            out.append(f"the secret police shot seat {shot}: {'dead' if shot in first else 'alive'}; the card says "
                       f"{'a killer dies' if dies else 'a civilian is unharmed'}")
        if _asked_again(events, sp, "shoot"):
            out.append(f"the secret police shot seat {shot} and was asked to shoot again: not spent")
    return out


def _asked_again(events: list[Event], seat: int, action: str) -> bool:
    """Whether `seat` made another `action` with a target after its first (a spent power is not offered)."""
    made = [e for e in events if e.kind == EventKind.NIGHT_CHOICE and e.data.get("seat") == seat
            and e.data.get("action") == action and e.data.get("target") is not None]
    return len(made) > 1


def rifle_any(rules: Ruleset, players: int) -> list[str]:
    """The secret police shoots a civilian the doctor saves: the civilian dies."""
    hands, jc, (sp, c1, c2) = _seats(rules, players, "secret_police")
    got = _run(rules, hands, jc, [({"secret_police": c1, "doctor": c1, "killer": c2}, (sp, c1, c2))])
    if isinstance(got, str):
        return [got]
    return [] if c1 in got[0][0] else [f"the shot on seat {c1}, saved by the doctor, did not kill"]


def vest(rules: Ruleset, players: int) -> list[str]:
    """The killers name the secret police two nights running (he holds his shot): he lives the first, dies the
    second."""
    hands, jc, (sp, c) = _seats(rules, players, "secret_police", plain=1)
    night: Night = ({"killer": sp, "secret_police": None, "doctor": c}, (sp, c))
    for nights in ([night], [night, night]):
        got = _run(rules, hands, jc, nights)
        if isinstance(got, str):
            return [got]
        dead = sp in got[0][-1]
        if dead != (len(nights) == 2):
            return [f"the killers named the secret police (seat {sp}) on night {len(nights)}: he died: {dead}; the "
                    "card says the vest stops one kill"]
    return []


def shot_lost_if_killed(rules: Ruleset, players: int) -> list[str]:
    """The vest spent on night 1, the killers kill the secret police on night 2 while he shoots a killer: the
    killer lives."""
    hands, jc, (sp, k, c) = _seats(rules, players, "secret_police", "killer", plain=1)
    first: Night = ({"killer": sp, "secret_police": None, "doctor": c}, (sp, k, c))
    got = _run(rules, hands, jc, [first, ({"killer": sp, "secret_police": k, "doctor": c}, (sp, k, c))])
    if isinstance(got, str):
        return [got]
    second = got[0][1]
    if sp not in second or k in second:
        return [f"night 2: the secret police (killed: {sp in second}) shot killer seat {k}, who died: {k in second}; "
                "the card says a killed secret police fires in vain"]
    return []


def hug_blocks_check(rules: Ruleset, players: int) -> list[str]:
    """The butterfly hugs a seat the police check: no answer; the same check of a seat not hugged: an answer."""
    hands, jc, (bf, police, c1, c2) = _seats(rules, players, "butterfly", "police")
    out = []
    for hug, blocked in ((c1, True), (c2, False)):
        got = _run(rules, hands, jc, [({"butterfly": hug, "police": c1}, (bf, police, c1, c2))])
        if isinstance(got, str):
            return [got]
        answers = [e.data.get("result") for e in got[1] if e.kind == EventKind.CHECK_RESULT]
        answered = any(a in ("killer", "not_killer") for a in answers)
        if answered == blocked:
            out.append(f"the police checked seat {c1}, the butterfly hugged seat {hug}: answers {answers}")
    return out


def killed_and_sniped(rules: Ruleset, players: int) -> list[str]:
    """A seat killed (or sniped) and needled lives; killed, sniped and needled, it dies."""
    hands, jc, (sniper, c, d, e) = _seats(rules, players, "sniper", plain=3)
    out = []
    for what, picks, dies in (("killed", {"killer": c, "sniper": e}, False), ("sniped", {"killer": d, "sniper": c},
                                                                               False),
                              ("killed and sniped", {"killer": c, "sniper": c}, True)):
        got = _run(rules, hands, jc, [({**picks, "doctor": c}, (sniper, c, d, e))])
        if isinstance(got, str):
            return [got]
        if (c in got[0][0]) != dies:
            out.append(f"seat {c} {what} and needled: {'dead' if c in got[0][0] else 'alive'}")
    return out


def empty_needles(rules: Ruleset, players: int) -> list[str]:
    """The doctor needles a seat nobody harms, two nights running: it lives the first night, dies the second."""
    hands, jc, (sniper, c, d, e, f) = _seats(rules, players, "sniper", plain=4)
    spare = (sniper, c, d, e, f)
    got = _run(rules, hands, jc, [({"doctor": c, "killer": d, "sniper": e}, spare),
                                  ({"doctor": c, "killer": f, "sniper": f}, spare)])
    if isinstance(got, str):
        return [got]
    first, then = got[0][:2]
    return [] if c not in first and c in then else [f"seat {c} needled twice in vain died on night "
                                                    f"{1 if c in first else 2 if c in then else 'none'}"]


# -- v5: cards ---------------------------------------------------------------------------------------------------
def _card(hands: Hands, role: str, skip: set[int] = frozenset()) -> tuple[int, int] | None:  # type: ignore[assignment]
    return next(((i, h.index(role) + 1) for i, h in enumerate(hands, start=1) if role in h and i not in skip), None)


def _v5(rules: Ruleset, players: int, *roles: str) -> tuple[Hands, str | None, list[tuple[int, int]]]:
    """A v5 deal holding each role on a seat of its own, and a seat of two civilians; their cards."""
    def fits(h: Hands) -> bool:
        seats = [next((i for i, x in enumerate(h, start=1) if r in x), None) for r in roles]
        return None not in seats and len(set(seats)) == len(seats) and any(
            x == ["civilian", "civilian"] and i not in seats for i, x in enumerate(h, start=1))

    hands, jc = base_hands(rules, players, fits)
    cards = [_card(hands, r) for r in roles]
    used = {c[0] for c in cards if c}
    civ = next((i, 1) for i, x in enumerate(hands, start=1) if x == ["civilian", "civilian"] and i not in used)
    return hands, jc, [c for c in cards if c] + [civ]


def sp_card_immune(rules: Ruleset, players: int) -> list[str]:
    hands, jc, (sp, civ) = _v5(rules, players, "secret_police")
    got = _run(rules, hands, jc, [({"killer": sp, "secret_police": None, "doctor": civ}, (sp[0],))])
    if isinstance(got, str):
        return [got]
    return [f"the killers ordered the unfired secret police card {sp}: it died"] if sp in got[0][0] else []


def rifle_any_card(rules: Ruleset, players: int) -> list[str]:
    hands, jc, (sp, civ) = _v5(rules, players, "secret_police")
    other = (civ[0], 2)
    got = _run(rules, hands, jc, [({"secret_police": civ, "doctor": civ, "killer": other}, (sp[0], civ[0]))])
    if isinstance(got, str):
        return [got]
    return [] if civ in got[0][0] else [f"the shot on card {civ}, saved by a doctor card, did not kill"]


def take_card(rules: Ruleset, players: int) -> list[str]:
    hands, jc, (bf, civ) = _v5(rules, players, "butterfly")
    got = _run(rules, hands, jc, [({"butterfly": civ, "killer": civ}, (bf[0], civ[0]))])
    if isinstance(got, str):
        return [got]
    return [f"the killers ordered card {civ}, which the butterfly took away: it died"] if civ in got[0][0] else []


def checks_alone(rules: Ruleset, players: int) -> list[str]:
    hands, jc, (police, civ) = _v5(rules, players, "police")
    got = _run(rules, hands, jc, [({"police": civ}, (police[0], civ[0]))])
    if isinstance(got, str):
        return [got]
    results = [e for e in got[1] if e.kind == EventKind.CHECK_RESULT]
    bad = [e.data for e in results if e.visible_to != frozenset({e.data["card"][0]})]
    if not results or bad:
        return [f"the police cards' answers {[e.data for e in results]} are not each seen by its holder alone"]
    return []


def undercover_nods(rules: Ruleset, players: int) -> list[str]:
    hands, jc, (police, uc, bf, civ) = _v5(rules, players, "police", "undercover", "butterfly")
    out = []
    for taken, want in ((civ, "killer"), (uc, "no_answer")):
        got = _run(rules, hands, jc, [({"police": uc, "butterfly": taken}, (police[0], uc[0], bf[0], civ[0]))])
        if isinstance(got, str):
            return [got]
        answers = [e.data.get("result") for e in got[1] if e.kind == EventKind.CHECK_RESULT
                   and tuple(e.data.get("target") or ()) == uc and tuple(e.data.get("card") or ()) == police]
        if answers != [want]:
            out.append(f"a police card checked the undercover card {uc} (butterfly took {taken}): {answers}, the "
                       f"card says {want}")
    return out


REPLAYS: dict[str, Callable[[Ruleset, int], list[str]]] = {
    "sp_immune": sp_immune, "shot_killers_only": shot_killers_only, "rifle_any": rifle_any, "vest": vest,
    "shot_lost_if_killed": shot_lost_if_killed, "hug_blocks_check": hug_blocks_check,
    "killed_and_sniped": killed_and_sniped, "empty_needles": empty_needles, "sp_card_immune": sp_card_immune,
    "rifle_any_card": rifle_any_card, "take_card": take_card, "checks_alone": checks_alone,
    "undercover_nods": undercover_nods,
}


def check_ruling(claim: Claim, rules: Ruleset, players: int) -> list[str]:
    """The ruling's sentence replayed, where the ruleset's night names it."""
    named = tuple(getattr(rules.night, "rulings", ()))
    if claim.rule not in named:
        return [f"the night resolves by {named}, not by {claim.rule}"]
    replay = REPLAYS.get(claim.rule)
    return replay(rules, players) if replay else [f"no replay for the ruling {claim.rule!r}"]

