"""What a language reader finds in a statement, in text order, and how the findings resolve into a Reading: the
claim the speaker is left standing on (a later claim or a retraction wins), its own checks, and the seats it
accuses and clears."""

from __future__ import annotations

from dataclasses import dataclass, field

from words.reader.reading import Quote, Reading, SaidCheck, Target
from words.reader.vocab import side_of_role


@dataclass
class Findings:
    """One voice's findings (the speaker's, or a quoted seat's), in the order the words give them."""

    claims: list[tuple[str, str | None]] = field(default_factory=list)  # ("role"|"side"|"retract", value)
    checks: list[SaidCheck] = field(default_factory=list)
    denied: set[int] = field(default_factory=set)  # seats whose check the speaker says it never made
    checked: bool = False  # the speaker says it checked someone (a police act), result told or not
    saved: bool = False  # the speaker gives its own 银水 (a seat it saved: the doctor's act)
    marks: list[tuple[str, int]] = field(default_factory=list)  # ("accuse"|"clear", seat), in order
    quotes: list[Quote] = field(default_factory=list)
    # checks told without their result yet ("I checked 5.", "I checked 4 and 11."), with the night told
    dangling: tuple[tuple[Target, ...], int | None] | None = None
    listing: bool = False  # inside a sentence that opened a list of the speaker's checks ("My checks: …; …")

    def role(self, role: str) -> None:
        self.claims.append(("role", role))

    def side(self, side: str) -> None:
        self.claims.append(("side", side))

    def retract(self) -> None:
        self.claims.append(("retract", None))

    def accuse(self, *seats: int) -> None:
        self.marks += [("accuse", s) for s in seats]

    def clear(self, *seats: int) -> None:
        self.marks += [("clear", s) for s in seats]

    def check(self, check: SaidCheck) -> None:
        self.checks.append(check)

    def set_night(self, seat: int, night: int | None) -> None:
        """A later sentence says which night an earlier check was ("5 on night one")."""
        for i, c in enumerate(self.checks):
            if c.seat() == seat and c.night is None:
                self.checks[i] = SaidCheck(c.target, c.result, night)


def standing(claims: list[tuple[str, str | None]]) -> tuple[str | None, str | None, int]:
    """(role, side, index after the last retraction): the claim the speaker is left standing on."""
    start = max((i + 1 for i, (kind, _) in enumerate(claims) if kind == "retract"), default=0)
    role = next((v for kind, v in reversed(claims[start:]) if kind == "role"), None)
    side = next((v for kind, v in reversed(claims[start:]) if kind == "side"), None)
    return role, side, start


def merged_checks(checks: list[SaidCheck], denied: set[int]) -> tuple[SaidCheck, ...]:
    """The checks once each: a check told again (without its night, or with the same one) counts once."""
    out: list[SaidCheck] = []
    for c in checks:
        if c.seat() in denied:
            continue
        same = next((i for i, o in enumerate(out) if o.target == c.target and o.result == c.result), None)
        if same is None:
            out.append(c)
        elif out[same].night is None and c.night is not None:
            out[same] = c
        elif c.night is not None and out[same].night != c.night:
            out.append(c)
    return tuple(out)


def marked(f: Findings, checks: tuple[SaidCheck, ...], players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(accused, cleared) seats: the words' marks, the last mark of a seat winning, then the checks' targets (a
    killer result on any card of a seat accuses it and keeps it from being cleared)."""
    last: dict[int, str] = {}
    for kind, seat in f.marks:
        last[seat] = kind
    killers = {c.seat() for c in checks if c.result == "killer"}
    for c in checks:
        last[c.seat()] = "accuse" if c.seat() in killers else last.get(c.seat(), "clear")
    for seat in killers:
        last[seat] = "accuse"
    ok = range(1, players + 1)
    return (tuple(sorted(s for s, k in last.items() if k == "accuse" and s in ok)),
            tuple(sorted(s for s, k in last.items() if k == "clear" and s in ok)))


def resolve(f: Findings, players: int) -> Reading:
    """The Reading of the speaker's findings."""
    role, side, _ = standing(f.claims)
    checks = merged_checks(f.checks, f.denied)
    if role is None and (checks or f.checked) and side != "killers":
        role = "police"  # only the police check: reporting its own check is a police claim (NOTES-en, NOTES-zh)
    if role is None and f.saved and side != "killers":
        role = "doctor"  # 银水 given by the speaker implies the doctor (GUIDE.md)
    if role is not None:
        side = side_of_role(role)
    accuses, clears = marked(f, checks, players)
    return Reading(said_role=role, said_side=side, said_checks=checks, accuses=accuses, clears=clears,
                   quotes=tuple(f.quotes))


def quote_of(seat: int, f: Findings, players: int) -> Quote:
    """What a quoted seat said, resolved as a Reading of its own (never the speaker's claim)."""
    r = resolve(f, players)
    return Quote(seat=seat, said_role=r.said_role, said_side=r.said_side, accuses=r.accuses, clears=r.clears,
                 said_checks=r.said_checks)
