"""What a strategic bot says and privately thinks, as sentences in the game's language: several phrasings per
intent, about what happened (who died, who accused whom, how the vote went), never the seat's last speech word
for word.

Each speech says its ground (issue 38, grounds.py): the accusation, the defence or the naming of nobody is one
sentence worded from the ground's facts (ground_phrases.py: a clause per kind of ground, a joint, a conclusion,
each drawn from several phrasings), and the ground is kept beside the speech as Decision.reason. A claim runs on
from the news in one sentence ("Seat 4 died in the night; I am a civilian.").

Correct by construction (issue 19): a sentence that says what another seat did or said is built only from an
Attribution the public record backs (agents/bots/record.py), through `Voice.attribute`, which keeps it beside the
speech (Decision.attributions); `Voice.say` refuses those intents. Every such sentence comes from one place:
- `_context`: "pointed" (the seat accused another today) and "overclaimed" (the seats that claimed a role);
- `_stance`: "doubt" and "believe" (two seats that claimed the police);
- `speech`: "impostor" (the seat that claimed the police);
- `_grounded`: a ground's clause, with the ground's facts that are other seats' acts (SAID_ACTS).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from agents.base import Attribution
from agents.bots.strategies import grounds
from agents.bots.strategies.grounds import HUNCH, Ground
from agents.bots.strategies.phrases import PHRASES, REASONS
from agents.bots.strategies.situation import Situation
from engine import Claim, DecisionKind, display_name
from words.narrator import Words

# The intents that say what another seat did or said: each needs its attributions.
ATTRIBUTING = frozenset({"pointed", "overclaimed", "impostor", "doubt", "believe"})
SAID_ACTS = frozenset({"accuses", "voted", "claimed", "reported"})  # a ground's facts that are other seats' acts
SEATS = frozenset({"seat", "by", "target", "dead"})  # the ground values that name a seat


@dataclass(frozen=True)
class Point:
    """The accusation a speech makes and its ground (grounds.py: the reason and the facts it rests on)."""

    seat: int | None
    ground: Ground = HUNCH


@dataclass
class Voice:
    """Phrases one bot picks from, with its seeded rng; what its sentences attribute to other seats."""

    lang: str
    rng: random.Random
    said: list[Attribution] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lang = self.lang if self.lang in PHRASES else "en"
        self.words = Words(self.lang)

    def say(self, intent: str, **values: object) -> str:
        assert intent not in ATTRIBUTING, f"{intent} says what a seat did: use attribute()"
        return self._pick(intent, values)

    def attribute(self, intent: str, said: tuple[Attribution, ...], **values: object) -> str:
        """A sentence about other seats' acts, kept with the attributions the record backs."""
        assert said, f"{intent} attributes nothing"
        self.said.extend(said)
        return self._pick(intent, values)

    def _pick(self, intent: str, values: dict[str, object]) -> str:
        return self.rng.choice(PHRASES[self.lang][intent]).format(**values)

    def seat(self, n: int) -> str:
        return str(self.words.seat(n))

    def seats(self, ns: list[int]) -> str:
        return str(self.words.seats(ns))

    def sentence(self, *parts: str, end: str | None = None) -> str:
        """Clauses run into one sentence, capitalised (English) and ended with a full stop."""
        text = "".join(parts)
        stop = ("." if self.lang == "en" else "。") if end is None else end
        return (text[:1].upper() + text[1:] if self.lang == "en" else text) + stop

    def run_on(self, first: str, second: str) -> str:
        """Two sentences run into one: "Seat 4 died in the night; I am a civilian." """
        if self.lang == "zh":
            return first.rstrip("。") + "，" + second
        keep = second.startswith(("I ", "I'"))
        return first.rstrip(".") + "; " + (second if keep else second[:1].lower() + second[1:])

    def join(self, parts: list[str]) -> str:
        if self.lang == "zh":
            return "".join(p for p in parts if p)
        return " ".join(p[0].upper() + p[1:] for p in parts if p)


@dataclass(frozen=True)
class Speech:
    """The words, and what they attribute to other seats."""

    text: str
    said: tuple[Attribution, ...]


def speech(sit: Situation, claim: Claim | None, point: Point, counter: int | None, ground: Ground) -> Speech:
    """The speech: what happened, who I say I am (and my checks), whom I accuse and on what ground (or why I name
    nobody, or my defence), worded from the ground's facts."""
    voice = Voice(sit.lang, sit.rng)
    kind = sit.request.kind
    parts = [_context(sit, voice, ground)] if kind is DecisionKind.STATEMENT else []
    if claim is not None and claim.role is not None:
        said = voice.say("civilian") if claim.role == "civilian" else \
            voice.say("role", role=display_name(claim.role, voice.lang))
        parts = [voice.run_on(parts[0], said)] if parts and parts[0] else [said]  # one sentence with the news
    if claim is not None and claim.checks:
        items = [voice.say("checked_killer" if c.result == "killer" else "checked_good",
                           seat=voice.seat(int(c.target) if isinstance(c.target, int) else c.target[0]),
                           night=c.night) for c in claim.checks]
        parts.append(voice.say("checks", checks=str(voice.words("item_sep")).join(items)))
    if counter is not None and not (ground.intent == "why_impostor" and ground.values.get("seat") == counter):
        parts.append(voice.attribute("impostor", (Attribution(counter, "claimed", role="police"),),
                                     seat=voice.seat(counter)))
    if ground.reason.kind != "doubt":  # a doubt it grounds its accusation on is said there
        parts.append(_stance(sit, voice, claim is not None and claim.role == "police"))
    if kind is DecisionKind.DEFENSE:
        parts.append(_defence(voice, ground))
    elif point.seat is not None:
        parts.append(_accuse(voice, point.seat, ground))
    else:
        parts.append(_hold(voice, ground, kind))
    return Speech(_fresh(sit, voice, voice.join(parts)), tuple(voice.said))


def _grounded(voice: Voice, ground: Ground) -> str:
    """The ground's clause, worded from its facts; what it says other seats did is kept with the speech."""
    values = {k: (voice.seats(sorted(v)) if isinstance(v, list | tuple) else voice.seat(int(str(v)))) if k in SEATS
              else v for k, v in ground.values.items()}
    said = tuple(a for a in ground.reason.evidence if a.act in SAID_ACTS)
    return voice.attribute(ground.intent, said, **values) if said else voice.say(ground.intent, **values)


def _accuse(voice: Voice, seat: int, ground: Ground) -> str:
    if ground.reason.kind == "hunch":
        return voice.say("accuse_hunch", seat=voice.seat(seat))
    return voice.sentence(_grounded(voice, ground), voice.say("join"), voice.say("conclude", seat=voice.seat(seat)))


def _defence(voice: Voice, ground: Ground) -> str:
    if ground.reason.kind == "hunch":
        return voice.say("defend")
    lead = voice.say("defend_lead", seat=voice.seat(int(str(ground.values["seat"]))))
    return voice.join([voice.sentence(lead), voice.sentence(_grounded(voice, ground),
                                                            "; " if voice.lang == "en" else "，",
                                                            voice.say("defend_close"))])


def _hold(voice: Voice, ground: Ground, kind: DecisionKind) -> str:
    """Naming nobody: the latest fact it goes by and that it points at no one yet (last words: a farewell)."""
    if ground.reason.kind == "hunch":
        return voice.say("farewell" if kind is DecisionKind.LAST_WORDS else "no_read")
    if kind is DecisionKind.LAST_WORDS:
        return voice.join([voice.sentence(_grounded(voice, ground)), voice.say("farewell")])
    return voice.sentence(_grounded(voice, ground), voice.say("join_quiet"), voice.say("hold"))


def _context(sit: Situation, voice: Voice, ground: Ground) -> str:
    """One thing that happened since this seat last spoke: a death, a peaceful night, the vote, an accusation, a
    role claimed by more seats than the game has cards for (not the one its ground says)."""
    rec, options = sit.rec, list[Callable[[], str]]()
    if rec.last_dead and ground.intent != "quiet_dead":
        options.append(lambda: voice.say("dead", dead=voice.seats(rec.last_dead)))
    elif rec.day > 1 or sit.facts.night > 1:
        options.append(lambda: voice.say("peaceful"))
    if rec.last_verdict is not None and ground.intent != "quiet_executed":
        options += _verdict(sit, voice, rec.last_verdict)
    today = [(a, t) for d, a, t in rec.accusations if d == rec.day and a != sit.me]
    if today:
        a, t = today[-1]
        options.append(lambda: voice.attribute("pointed", (Attribution(a, "accuses", target=t),), by=voice.seat(a),
                                               seat=voice.seat(t)))
    if sit.overclaimed and ground.reason.kind != "count":  # hard bots count claims against the cards (situation.py)
        role, claimants = max(sit.overclaimed.items(), key=lambda kv: (len(kv[1]), kv[0]))
        said = tuple(Attribution(s, "claimed", role=role) for s in claimants if s != sit.me)
        name = display_name(role, voice.lang)
        options.append(lambda: voice.attribute("overclaimed", said, n=len(claimants), cards=sit.cards_of(role),
                                               role=name.lower() if voice.lang == "en" else name))
    return sit.rng.choice(options)() if options else ""


def _verdict(sit: Situation, voice: Voice, seat: int) -> list[Callable[[], str]]:
    rec, out = sit.rec, list[Callable[[], str]]()
    side = rec.sides.get(seat)
    if side is not None:
        word = voice.words("side_killers" if side == "killer" else "side_good")
        out.append(lambda: voice.say("verdict_side", seat=voice.seat(seat), side=word))
    else:
        out.append(lambda: voice.say("executed", seat=voice.seat(seat)))
    if rec.verdict_hands:
        out.append(lambda: voice.say("verdict_votes", seat=voice.seat(seat), n=rec.verdict_hands))
    return out


def _stance(sit: Situation, voice: Voice, police: bool) -> str:
    """For a good seat facing two police claims: which one it believes, aloud."""
    if sit.killer or len(sit.beliefs) < 2:
        return ""
    ranked = sorted(sit.beliefs.values(), key=lambda b: -b.trust)
    good, bad = ranked[0], ranked[-1]
    if good.trust - bad.trust < 0.2 or sit.me in (good.seat, bad.seat):
        return ""
    said = (Attribution(good.seat, "claimed", role="police"), Attribution(bad.seat, "claimed", role="police"))
    why = grounds.doubted(sit, bad.seat, police)
    if why is not None:  # the doubt's ground, then whom it believes
        believe = voice.attribute("believe", said[:1], good=voice.seat(good.seat))
        return voice.sentence(_grounded(voice, why), voice.say("join"), believe)
    return voice.attribute("doubt", said, good=voice.seat(good.seat), bad=voice.seat(bad.seat))


def _fresh(sit: Situation, voice: Voice, text: str) -> str:
    """Never the seat's previous speech again word for word: rephrase, or say so."""
    before = sit.rec.speeches.get(sit.me, [])
    if not before or before[-1] != text:
        return text
    return voice.join([voice.say("again"), text])


def reasoning(sit: Situation, notes: list[tuple[str, dict[str, object]]]) -> str:
    """The private reasoning: sentences about side, partners, checks, the claims weighed and the top suspects."""
    lang = sit.lang if sit.lang in REASONS else "en"
    r, w = REASONS[lang], Words(lang)
    side = w("side_killers" if sit.killer else "side_good")
    out = [r["me"].format(seat=w.seat(sit.me), side=side, role=display_name(sit.role, lang))]
    if sit.killer and sit.facts.friends:
        out.append(r["partners"].format(seats=w.seats(sorted(sit.facts.friends))))
    if len(sit.police_mates) > 1:
        out.append(r["police_mates"].format(seats=w.seats(sorted(sit.police_mates - {sit.me}))))
    checks = [(t, res) for t, res in sit.facts.checks.items() if isinstance(t, int)]
    if checks:
        sep = str(w("item_sep"))
        items = sep.join(w("claimed_killer" if res == "killer" else "claimed_not_killer", target=w.seat(t),
                           night=sit.facts.check_nights.get(t, 1)) for t, res in checks)
        out.append(r["my_checks"].format(checks=items))
    for b in sorted(sit.beliefs.values(), key=lambda b: sit.rec.claimed_at[b.seat]):
        why = str(w("list_sep")).join(r[f"why_{k}"] for k in b.reasons) or r["why_none"]
        out.append(r["belief"].format(seat=w.seat(b.seat), pct=round(100 * b.trust), why=why))
    if not sit.beliefs and sit.has_police:
        out.append(r["no_claims"])
    top = sorted(((s, p) for s, p in sit.sus.items() if p > 0), key=lambda sp: (-sp[1], sp[0]))[:3]
    if top and top[0][1] > min(sit.sus.values()):  # a ranking only when someone stands out
        pairs = str(w("list_sep")).join(f"{w.seat(s)} {round(100 * p)} %" for s, p in top)
        out.append(r["top"].format(pairs=pairs))
    out += [r[key].format(**{k: w.seat(int(str(v))) for k, v in values.items()}) for key, values in notes]
    if lang == "zh":
        return "".join(out)
    return " ".join(s[0].upper() + s[1:] for s in out if s)
