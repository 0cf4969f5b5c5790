"""What a strategic bot says and privately thinks, as sentences in the game's language: several phrasings per
intent, about what happened (who died, who accused whom, how the vote went), never the seat's last speech word
for word."""

from __future__ import annotations

import random
from dataclasses import dataclass

from agents.bots.strategies.phrases import PHRASES, REASONS
from agents.bots.strategies.situation import Situation
from engine import Claim, DecisionKind, display_name
from words.narrator import Words


@dataclass(frozen=True)
class Point:
    """The accusation a speech makes and why: checked, claimed (by whom), liar, pointed, voted, hunch."""

    seat: int | None
    why: str = "hunch"
    by: int | None = None


class Voice:
    """Phrases one bot picks from, with its seeded rng."""

    def __init__(self, lang: str, rng: random.Random) -> None:
        self.lang = lang if lang in PHRASES else "en"
        self.rng = rng
        self.words = Words(self.lang)

    def say(self, intent: str, **values: object) -> str:
        return self.rng.choice(PHRASES[self.lang][intent]).format(**values)

    def seat(self, n: int) -> str:
        return str(self.words.seat(n))

    def seats(self, ns: list[int]) -> str:
        return str(self.words.seats(ns))

    def join(self, parts: list[str]) -> str:
        if self.lang == "zh":
            return "".join(p for p in parts if p)
        return " ".join(p[0].upper() + p[1:] for p in parts if p)


def speech(sit: Situation, claim: Claim | None, point: Point, counter: int | None) -> str:
    """The speech text: what happened, who I say I am (and my checks), whom I accuse and why."""
    voice = Voice(sit.lang, sit.rng)
    kind = sit.request.kind
    parts = [_context(sit, voice)] if kind is DecisionKind.STATEMENT else []
    if claim is not None and claim.role is not None:
        parts.append(voice.say("civilian") if claim.role == "civilian" else
                     voice.say("role", role=display_name(claim.role, voice.lang)))
    if claim is not None and claim.checks:
        items = [voice.say("checked_killer" if c.result == "killer" else "checked_good",
                           seat=voice.seat(int(c.target) if isinstance(c.target, int) else c.target[0]),
                           night=c.night) for c in claim.checks]
        parts.append(voice.say("checks", checks=str(voice.words("item_sep")).join(items)))
    if counter is not None:
        parts.append(voice.say("impostor", seat=voice.seat(counter)))
    parts.append(_stance(sit, voice))
    if kind is DecisionKind.DEFENSE:
        parts.append(voice.say("defend"))
    elif point.seat is not None:
        by = voice.seat(point.by) if point.by is not None else ""
        parts.append(voice.say(f"accuse_{point.why}", seat=voice.seat(point.seat), by=by))
    else:
        parts.append(voice.say("farewell" if kind is DecisionKind.LAST_WORDS else "no_read"))
    return _fresh(sit, voice, voice.join(parts))


def _context(sit: Situation, voice: Voice) -> str:
    """One thing that happened since this seat last spoke: a death, a peaceful night, the vote, an accusation."""
    rec, options = sit.rec, []
    if rec.last_dead:
        options.append(voice.say("dead", dead=voice.seats(rec.last_dead)))
    elif rec.day > 1 or sit.facts.night > 1:
        options.append(voice.say("peaceful"))
    if rec.last_verdict is not None:
        side = rec.sides.get(rec.last_verdict)
        if side is not None:
            options.append(voice.say("verdict_side", seat=voice.seat(rec.last_verdict),
                                     side=voice.words("side_killers" if side == "killer" else "side_good")))
        else:
            options.append(voice.say("executed", seat=voice.seat(rec.last_verdict)))
        if rec.verdict_hands:
            options.append(voice.say("verdict_votes", seat=voice.seat(rec.last_verdict), n=rec.verdict_hands))
    today = [(a, t) for d, a, t in rec.accusations if d == rec.day and a != sit.me]
    if today:
        a, t = today[-1]
        options.append(voice.say("pointed", by=voice.seat(a), seat=voice.seat(t)))
    return sit.rng.choice(options) if options else ""


def _stance(sit: Situation, voice: Voice) -> str:
    """For a good seat facing two police claims: which one it believes, aloud."""
    if sit.killer or len(sit.beliefs) < 2:
        return ""
    ranked = sorted(sit.beliefs.values(), key=lambda b: -b.trust)
    good, bad = ranked[0], ranked[-1]
    if good.trust - bad.trust < 0.2 or sit.me in (good.seat, bad.seat):
        return ""
    return voice.say("doubt", good=voice.seat(good.seat), bad=voice.seat(bad.seat))


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
