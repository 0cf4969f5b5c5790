"""Check reports in English: which clauses report the speaker's own checks, and how seats, results and nights
pair up in them ("my checks: seat 5 got a shake on night 1; 9 got a nod last night", "5 and 6 are both clean: I
checked them on nights 1 and 2", "8 killer, 3 not")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from words.reader.en_text import NIGHT_CLOSE, NIGHT_OPEN, SEAT, SEAT_RE
from words.reader.findings import Findings
from words.reader.reading import Result, SaidCheck, Target

OWN_CUE = re.compile(
    r"\b(?:i|we)(?:\s+(?:also|then|just|first|actually|have|had|did|finally|personally|myself|both|together|"
    r"alone))*\s+(?:checked|looked\s+(?:at|into)|investigated|tested|verified|inspected|examined)\b|"
    r"\b(?:i|we)\s+(?:have|got|had|hold)\s+(?:a\s+)?(?:nod|shake)\b|\bmy\s+(?:nod|shake)\b|"
    rf"^(?:{NIGHT_OPEN}\d+{NIGHT_CLOSE}\s*[:,]?\s*)?(?:checked|verified|investigated|inspected)[\s:]|"
    r"(?:^|,\s*|\b(?:one|a|my|only|single)\s+)(?:results?|checks?|findings|verifications?)(?:\s+(?:for|on)\s+(?:seat\s+)?"
    r"\d{1,2}|\s+so\s+far)?\s*:|\bwhat\s+i\s+(?:got|found|have)\s*:|\bmy\s+(?:first|second|third|next|last|latest|other)\s+(?:one\s+)?"
    r"(?:was|is|:)|^(?:as\s+)?(?:the\s+)?(?:police|cop|seer|detective|investigator)(?:\s+(?:results?|checks?))?\s*:|"
    r"\bi\s+found\s+(?:a|the|one|two)\s+(?:killer|wolf|mafia)|"
    r"^[a-z ]{0,24}\b(?:claim|here|report|speaking)\s*:|\bmy\s+(?:\w+\s+){0,2}(?:check|checks|result|results|"
    r"investigation|verification|verifications|gold\s+water)\b|\b(?:gold\s+water|kill\s+check)\s+on\s+(?:seat\s+)?\d{1,2}\s+"
    r"from\s+me\b|\bour\s+(?:\w+\s+){0,2}(?:check|checks|results)\b|\b(?:both|all|are|were|is)\s+mine\b|"
    r"\bi\s+saw\s+the\s+judge\b|\bthe\s+judge\s+(?:nodded|shook|gave\s+me|showed\s+me)\b|\bwhat\s+the\s+judge\s+"
    r"showed\s+me\b|\bpolice\s+report\b|\bwe\s+(?:police\s+)?checked\b|\bmy\s+(?:\w+\s+){0,2}(?:card|partner|team)\s+"
    r"(?:also\s+|first\s+)?(?:checked|looked\s+at)\b")
CHECK_WORD = re.compile(rf"\bnod|\bshake|\bshook\b|\bclean\b|\bcame\s+(?:back|up|out)(?:\s+as)?\b|"
                        rf"{NIGHT_OPEN}\d+{NIGHT_CLOSE}|\bjudge\b|\bgold\s+water\b|\bkill\s+check\b")
OTHERS = re.compile(rf"{SEAT}'s\s+(?:check|checks|nod|shake|result|results|claim|report|last\s+words|clear|word)\b|"
                    rf"\bfrom\s+{SEAT}\b|\baccording\s+to\b|{SEAT}\s+(?:and\s+{SEAT}\s+)?(?:says?|said|claims?|claimed|"
                    r"told|reported|thinks|agree|agrees|gave|has\s+given|checked)\b|\b(?:he|she|they)\s+(?:says?|said|"
                    r"claims?|claimed|checked)\b|\bcounterclaim|\bfalse\s+nod|\bnod\s+claim|\bnod\s+on\s+me\b")
PLAN = re.compile(rf"\b(?:i'll|i\s+will|will|(?:i\s+)?(?:was|am|'m)\s+going\s+to|i'd|i\s+would|let\s+me|to)\s+"
                  rf"check\s+(?:on\s+)?(?:{SEAT})?|\bcheck\s+(?:seat\s+)?\d{{1,2}}\s+{NIGHT_OPEN}\+{NIGHT_CLOSE}")
DENIED = re.compile(rf"\bi\s+(?:never|didn't|did\s+not|haven't|have\s+not|hadn't)\s+(?:actually\s+|even\s+)?"
                    rf"check(?:ed)?\s+(?P<s>{SEAT})")
CHECKED = re.compile(rf"\b(?:i|we)(?:\s+(?:also|then|just|first|actually|have|had|did|both|police|together))*\s+"
                     rf"(?:checked|looked\s+(?:at|into)|investigated|verified|inspected|examined)\s+(?:{SEAT}|him|her|them)")
LEAD_CHECKED = re.compile(rf"^(?:{NIGHT_OPEN}\d+{NIGHT_CLOSE}\s*[:,]?\s*)?(?:checked|verified|investigated|inspected|"
                          r"examined)[\s:]")
# "I checked 6 myself: vote it out": a check whose result is the call to execute it (a nod).
VOTE_OUT_CHECKED = re.compile(rf"(\b(?:i|we)\s+(?:\w+\s+)?checked\s+{SEAT}(?:\s+myself)?)\s*[:,—-]\s*((?:vote|execute|"
                              r"lynch)\s+(?:it|him|her|them)\s+out|out\s+with\s+(?:it|him|her|them))")
CLEARED_BY_ME = re.compile(rf"\b(?P<who>i|we)\s+(?:(?:also|have|had|just)\s+)?cleared\s+(?P<s>{SEAT})|"
                           rf"(?P<t>{SEAT})\s+(?:is|was)\s+cleared\s+by\s+(?P<by>me|us)\b")
NOT_KILLER = r"gold\s+water\b|a\s+(?:villager|townie)\b|(?<=:\s)(?:villager|civilian|town)\b|" \
             r"not\s+(?:a\s+|the\s+)?(?:killer|wolf|mafia)s?\b|" \
             r"not\b(?=\s*(?:[.,;!]|$))|shake[sn]?\b|shook\b|clean\b|" \
             r"came\s+(?:back|up|out)(?:\s+as)?\s+(?:good|clean|innocent|town)\b|good\b|innocent\b|town\b|cleared\b|a\s+civilian\b"
KILLER = r"kill\s+check\b|bad\b|dirty\b|nod(?:s|ded)?\b|" \
         r"(?:a\s+|the\s+)?(?:killer|wolf|mafia|scum)s?\b(?!')|guilty\b|found\s+a\s+killer\b|" \
         r"came\s+(?:back|up|out)(?:\s+as)?\s+(?:a\s+)?killer\b"
RESULT = re.compile(rf"\b(?:(?P<nk>{NOT_KILLER})|(?P<k>{KILLER}))")
CORRECTED = re.compile(rf"\b(?:{NOT_KILLER}|{KILLER})[\s.…,;:!—–-]*(?:(?:no|oh|uh),?\s+)?(?:wait|sorry|i\s+mean|"
                       rf"correction|my\s+mistake)\b[\s.…,;:!—–-]*(?=\b(?:{NOT_KILLER}|{KILLER}))", re.IGNORECASE)
TOKEN = re.compile(rf"(?P<night>{NIGHT_OPEN}(?:\d+|x){NIGHT_CLOSE})|(?P<seat>{SEAT})|(?P<res>{RESULT.pattern})|"
                   r"(?P<pron>\b(?:him|her|it|them)\b)|(?P<and>\band\b|,|&)")
STATUS = re.compile(rf"{SEAT}\s+(?:is|are)\s+(?:not\s+)?(?:a\s+|the\s+)?(?:villager|civilian|killer|wolf|innocent|"
                    r"guilty|scum|mafia)\b")
# words that make such a status a guess or hearsay, not a check
GUESS = re.compile(r"\b(?:think|guess|feel|bet|suspect|believe|probably|maybe|might|could|seems?|looks?|if|says|said|"
                   r"claims?|claimed|according|told)\b")
TERSE_REST = re.compile(r"[\s,.;:&—-]|\band\b|\bseat\b|#|\b(?:before|after)\s+that\b|\bthen\b|\balso\b|\bplus\b")


@dataclass
class _Pair:
    target: Target
    result: Result
    pos: int


def self_corrected(text: str) -> str:
    """A result the speaker corrects at once gives way to the correction ("5: shake... wait, nod" reads "5: nod")."""
    return CORRECTED.sub("", text)


def read_en(clause: str, f: Findings, players: int, speaker: int, police: bool) -> None:
    """Adds the checks of one clause in the speaker's own voice (the speaker claims the police when `police`)."""
    for m in DENIED.finditer(clause):
        f.denied.update(_seats(m.group("s"), players))
    clause = DENIED.sub(" ", clause)
    clause = re.sub(r"\bgut\s+check\b|\bmy\s+read\b|\bcheck\s+my\s+votes\b|\bcheck\s+me\b", " ", clause)
    clause = PLAN.sub(" ", clause)
    clause = VOTE_OUT_CHECKED.sub(lambda m: f"{m.group(1)}: nod, {m.group(2)}", clause)
    if police:  # a police claimant's "I cleared 8" is its check with a shake
        clause = CLEARED_BY_ME.sub(lambda m: f"{m.group('who') or 'i'} checked {m.group('s') or m.group('t')}: clean",
                                   clause)
    if re.search(rf"{NIGHT_OPEN}\+{NIGHT_CLOSE}", clause):
        return
    if CHECKED.search(clause):
        f.checked = True
    listing = f.listing  # after "My checks:", the list's items are the speaker's too (over ';' as well)
    for segment in _segments(clause):
        own = OWN_CUE.search(segment) is not None
        if OTHERS.search(segment) and not own:
            continue
        said = (police or f.checked) and (CHECK_WORD.search(segment) or _terse(segment) or (
            STATUS.search(segment) and not GUESS.search(segment)))
        if own or listing or said or f.dangling:
            told = (CHECKED.search(segment) or LEAD_CHECKED.search(segment)) is not None
            _segment(segment, f, players, speaker, own and told)
        listing = listing or (own and ":" in segment)
    f.listing = listing


def _segments(clause: str) -> list[str]:
    """The clause cut at ';', a part naming no seat staying with the part before ("5 is a killer; I saw the
    judge nod")."""
    out: list[str] = []
    for part in re.split(r"\s*;\s*", clause):
        if out and not SEAT_RE.search(part):
            out[-1] += "; " + part
        else:
            out.append(part)
    return out


def read_quoted_en(content: str, q: Findings, players: int) -> None:
    """The checks a quoted seat is said to have made ("13 says he checked 12 too and got a shake")."""
    if re.search(r"\bcheck|\bnod|\bshake|\bclean\b|\bfound\b", content):
        _segment(content, q, players, 0)
        q.dangling = None


def _terse(segment: str) -> bool:
    """A bare list of seats and results: "8 killer, 3 not"."""
    rest = TOKEN.sub(" ", segment)
    return bool(SEAT_RE.search(segment)) and RESULT.search(segment) is not None and not TERSE_REST.sub("", rest)


def _segment(segment: str, f: Findings, players: int, speaker: int, own: bool = False) -> None:
    segment = re.sub(r"\bno\s+(?:nod|shake)\b|\bnothing\b", " ", segment)
    pairs, nights, alone = _pairs(segment, players, speaker)
    if not pairs:
        if len(nights) == len(alone) and nights and not RESULT.search(segment):  # "5 on night one, 9 last night"
            for target, night in zip(alone, nights, strict=True):
                f.set_night(_seat_of(target), night)
        elif f.dangling and RESULT.search(segment) and not alone:  # "As police I checked 5. Clean."
            targets, night = f.dangling
            m = RESULT.search(segment)
            assert m is not None
            if len(targets) == 1 or re.search(r"\b(?:both|all|each|every)\b", segment):  # "4 and 11. Both clean."
                for target in targets:
                    f.check(SaidCheck(target, "not_killer" if m.group("nk") else "killer", night))
        f.dangling = (tuple(alone), nights[-1] if nights else None) if own and alone else None
        return
    f.dangling = None
    if len(nights) == len(pairs) and len(nights) > 1:
        assigned = nights
    else:
        assigned = [nights[0] if len(nights) == 1 else None] * len(pairs)
    for pair, night in zip(pairs, assigned, strict=True):
        f.check(SaidCheck(pair.target, pair.result, night))


def _pairs(segment: str, players: int, speaker: int) -> tuple[list[_Pair], list[int | None], list[Target]]:
    """Seats paired with the results that follow them (or that precede them with "on": "a shake on 1"); the
    nights named; the seats left without a result."""
    pairs: list[_Pair] = []
    pending: list[Target] = []
    nights: list[int | None] = []
    alone: list[Target] = []
    last: Target | None = None
    last_end = 0
    forward: Result | None = None  # a result told before its seats ("my gold water is 3", "killers: 3 and 8")
    for m in TOKEN.finditer(segment):
        if m.group("night"):
            value = m.group("night")[1:-1]
            nights.append(None if value == "x" else int(value))
        elif m.group("seat"):
            target = _target(m.group("seat"), players)
            if target is None:
                continue
            if pairs and pairs[-1].pos == -1:
                pairs[-1] = _Pair(target, pairs[-1].result, m.start())  # "a shake on 1"
            elif forward is not None and re.fullmatch(r"\s*(?:is|are|was|were|:|,|and|&|,\s*and)?\s*(?:seats?\s+)?",
                                                      segment[last_end: m.start()]):
                pairs.append(_Pair(target, forward, m.start()))
            else:
                forward = None
                listed = pending and re.fullmatch(r"\s*(?:,|and|&|or|,\s*and)\s*", segment[last_end: m.start()])
                pending = [*pending, target] if listed else [target]
                alone.append(target)
            last, last_end = target, m.end()
        elif m.group("res"):
            result: Result = "not_killer" if m.group("nk") else "killer"
            forward = None
            last_end = m.end()
            both = re.search(r"\b(?:both|all)\b", segment[max(0, m.start() - 12): m.start()]) is not None
            if pending:
                chosen = pending if len(pending) > 1 or both else pending[-1:]
                pairs += [_Pair(t, result, m.start()) for t in chosen]
                alone = [t for t in alone if t not in chosen]
                pending = []
            elif re.match(r"\s*(?:is|are|was|were|:)\s*(?:seats?\s+|#)?\d", segment[m.end():]):
                forward = result
            elif re.match(r"\s+(?:on|at)\s+(?:seat\s+)?\d", segment[m.end():]) or \
                    (re.match(r"nod|shook|shake", m.group("res")) and re.match(
                        r"[^.;]{0,30}?\b(?:when|as|after)\s+i\s+(?:pointed\s+at|checked|picked)\s", segment[m.end():])):
                pairs.append(_Pair(0, result, -1))  # the seat follows ("a shake on 1", "nodded when I pointed at 4")
            elif last is not None and re.search(r"\b(?:him|her|it)\b", segment[m.end(): m.end() + 12]):
                pairs.append(_Pair(last, result, m.start()))
    pairs = [p for p in pairs if p.pos != -1 and _seat_of(p.target) != speaker]
    return pairs, nights, alone


def _seat_of(target: Target) -> int:
    return target[0] if isinstance(target, tuple) else target


def _target(text: str, players: int) -> Target | None:
    m = SEAT_RE.search(text)
    if m is None:
        return None
    seat = int(m.group(1))
    if not 1 <= seat <= players:
        return None
    return (seat, int(m.group(2))) if m.group(2) else seat


def _seats(text: str, players: int) -> list[int]:
    return [int(m.group(1)) for m in SEAT_RE.finditer(text) if 1 <= int(m.group(1)) <= players]
