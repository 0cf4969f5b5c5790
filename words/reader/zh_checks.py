"""Check reports in Chinese: which clauses report the speaker's own checks (Chinese drops the subject, so a
check clause is the speaker's unless another seat or the police is named as its teller), and how seats,
results and nights pair up (我验了8号，是杀手 / 第1夜验5号，法官摇头 / 金水3号 / 给6号查杀 / 第一晚13号好人)."""

from __future__ import annotations

import re

from words.reader.findings import Findings
from words.reader.reading import Result, SaidCheck, Target
from words.reader.zh_text import NIGHT_CLOSE, NIGHT_OPEN, SEAT, SEAT_RE

OWN_CUE = re.compile(r"我(?:们|自己)?(?:这一组|组)?[^\s,。;:!?]{0,6}(?:验|查)|^(?:验证|查验)结果|"
                     r"我的(?:验人|金水|查杀|结果|查验)|本警|"
                     r"我(?:们)?组|给\s*\d{1,2}号\s*查杀|发\s*\d{1,2}号\s*金水|法官给我的结果|是我的查杀|我的两个金水|"
                     rf"(?:^|,)\s*(?:{NIGHT_OPEN}[^{NIGHT_CLOSE}]*{NIGHT_CLOSE}\s*)?(?:验(?:了|过)?\s*\d{{1,2}}号|验出)|"
                     r"(?:^|,)\s*(?:目前|现在|我的)?(?:的)?结果\s*:|报验|结果如下|以(?:警察|预言家)(?:的)?身份|我(?:只)?(?:有|拿到|得到)的?(?:一个|两个|个)?结果|"
                     r"^第(?:二|三|2|3)个(?:验的)?是|给\s*\d{1,2}号\s*发(?:了)?\s*(?:金水|查杀)")
CHECK_WORD = re.compile(rf"验|查(?!杀)|点头|摇头|{SEAT}\s*(?:是|的)?\s*(?:金水|查杀)|"
                        rf"(?:金水|查杀)\s*(?:是|:)?\s*{SEAT}")
TELLERS = r"(?:他|她|警察|警|医生|有人|别人|大家|对方|真警察|假警察)"
OTHERS = re.compile(rf"{SEAT}(?:的遗言|刚才|昨天|也|都|已经|还)?(?:说|报|给|发|称|讲|验(?!出来)|查(?!杀)|跳)|"
                    rf"{TELLERS}(?:的遗言|刚才|昨天|已经|也|都|报过)?(?:\S{{0,2}})?(?:说|报|给|发|称|讲|验出)|"
                    rf"被(?:\S{{0,6}})?(?:查杀|验|查|报)|{SEAT}的(?:验人|查杀|金水|结果)|(?:他|她)(?:报|给)的|"
                    r"请.{0,6}验|跟着.{0,6}验人")
DISOWN = re.compile(rf"不是我的(?:结果|验人)|(?:这|那)是\s*{SEAT}\S{{0,4}}说的|复述|转述|"
                    rf"(?:给|报|发)[^,。]{{0,8}}(?:查杀|金水)的是\s*{SEAT}")
PLAN = re.compile(rf"{NIGHT_OPEN}\+{NIGHT_CLOSE}|会验|要验|打算验|想验|准备验|先验|验一下|可以验")
NO_CHECK = re.compile(r"没(?:有)?(?:验|查)(?:过)?(?:人)?")
CORRECTION = re.compile(r"哦不|不对|说错了|搞错了|口误")
NOT_KILLER = r"不是杀手|不是坏人|不是狼|金水|好人|摇头|平民|是民|好的?身份|干净|(?<=号)好(?=[,。;]|$)"
KILLER = r"查杀|是杀手|杀手|是狼|狼|点了?头|坏人|(?<=号)坏(?=[,。;]|$)"
RESULT = re.compile(rf"(?P<nk>{NOT_KILLER})|(?P<k>{KILLER})")
TOKEN = re.compile(rf"(?P<night>{NIGHT_OPEN}(?:\d+|x){NIGHT_CLOSE})|(?P<seat>{SEAT})|(?P<res>{RESULT.pattern})")
COLLECTIVE = re.compile(r"(?:(?:两|三|四|几|2|3|4)个|验出(?:了)?(?:一|两|1|2)?个)(?P<res>查杀|金水|杀手|狼|好人)[:：]")


# 我亲自验过9号：投他出局: a check whose result is the call to execute it (a killer).
VOTE_OUT_CHECKED = re.compile(rf"(?P<checked>我[^,。;:]{{0,4}}(?:验|查)(?:过|了)?\s*{SEAT})\s*[:,]\s*"
                              r"(?P<vote>投(?:他|她)(?:出局|出去)?)")


def read_zh(clause: str, f: Findings, players: int, speaker: int, police: bool) -> None:
    """Adds the checks of a clause in the speaker's own voice."""
    clause = NO_CHECK.sub(" ", clause)  # 没验人: no check told
    clause = VOTE_OUT_CHECKED.sub(lambda m: f"{m.group('checked')}是杀手,{m.group('vote')}", clause)
    if PLAN.search(clause) and not re.search(rf"{NIGHT_OPEN}\d", clause):
        return
    listing = False  # after 我的验人：, the list's items are the speaker's too (over ';' as well)
    for segment in re.split(r"\s*;\s*", clause):
        if DISOWN.search(segment):
            continue
        own = OWN_CUE.search(segment) is not None or listing
        if OTHERS.search(segment) and not own:
            continue
        if re.search(rf"我[^\s,。;:!?]{{0,3}}(?:验|查)(?:了|的|过)?(?:是)?\s*{SEAT}", segment):
            f.checked = True
        listed = police and RESULT.search(segment) and SEAT_RE.search(segment) and (
            NIGHT_OPEN in segment or _terse(segment) or re.search(r"查杀|金水", segment) or (
                STATUS.search(segment) and not GUESS.search(segment)))
        if own or CHECK_WORD.search(segment) or listed:  # 第一晚13号好人: a police claimant's list of nights
            _segment(segment, f, players, speaker)
        listing = listing or (own and ":" in segment)


# a police claimant's 10号不是杀手 is its check, unless a guess or hearsay word stands beside it
STATUS = re.compile(rf"{SEAT}(?:就|也)?(?:是|不是)(?:杀手|好人|狼|坏人|平民)")
GUESS = re.compile(r"觉得|感觉|怀疑|可能|应该|大概|估计|说|认为|猜|像|如果|要是|也许")
TERSE_REST = re.compile(r"[\s,;:、和与。!]|是|结果|验证|查验|验了|验|的|就这些|就这样|如下|没了|也|都")


def _terse(segment: str) -> bool:
    """A bare list of seats and results (3号好人，8号杀手 / 4号：好人), once the speaker claims the police."""
    rest = re.sub(r"^.*?(?:我是|本|跳)[^,。]{0,4}(?:警察|预言家|警)|^(?:警察|预言家)(?:身份|结果|在这|在此)?", "",
                  segment)
    return not TERSE_REST.sub("", TOKEN.sub("", rest))


SAVED = re.compile(rf"(?:我的)?银水(?:是)?\s*{SEAT}|{SEAT}(?:是)?(?:我的)?银水")


def read_saves_zh(clause: str, f: Findings, players: int) -> None:
    """The speaker's own 银水 (a seat the doctor saved): not a check, but it says the speaker is the doctor and
    vouches for the saved seat (NOTES-zh)."""
    if OTHERS.search(clause) or re.search(r"没有银水|(?:他|她)的银水", clause):
        return
    for m in SAVED.finditer(clause):
        seat = int(m.group(1) or m.group(3))
        if 1 <= seat <= players:
            f.saved = True
            f.clear(seat)


def read_quoted_zh(content: str, q: Findings, players: int, speaker: int) -> None:
    """The checks a quoted seat is said to have made (13号验8号，法官点了头 / 2号验出9号是杀手 / 给我发了金水)."""
    if CHECK_WORD.search(content):
        content = re.sub(r"给我发了?\s*金水", f"{speaker}号金水", content)
        _segment(content, q, players, -1)


def _segment(segment: str, f: Findings, players: int, speaker: int) -> None:
    parts = CORRECTION.split(segment)
    segment = parts[-1] if len(parts) > 1 and TOKEN.search(parts[-1]) else segment
    nights = [None if m.group(1) == "x" else int(m.group(1))
              for m in re.finditer(rf"{NIGHT_OPEN}(\d+|x){NIGHT_CLOSE}", "".join(parts))]
    collective = COLLECTIVE.search(segment)
    pairs: list[tuple[Target, Result]] = []
    if collective is not None:
        result: Result = "killer" if collective.group("res") in ("查杀", "杀手", "狼") else "not_killer"
        pairs = [(s, result) for s in _seats(segment[collective.end():], players)]
    else:
        pairs = _pairs(segment, players)
    pairs = list(dict.fromkeys((s, r) for s, r in pairs if (s[0] if isinstance(s, tuple) else s) != speaker))
    if not pairs:
        return
    if len(nights) == len(pairs) and len(nights) > 1:
        assigned = nights
    else:
        assigned = [nights[0] if len(set(nights)) == 1 else None] * len(pairs)
    for (seat, result), night in zip(pairs, assigned, strict=True):
        f.check(SaidCheck(seat, result, night))


def _pairs(segment: str, players: int) -> list[tuple[Target, Result]]:
    """Seats with the result after them, or after 查杀/金水 (+是/:) before them; a list of seats shares one."""
    pairs: list[tuple[Target, Result]] = []
    pending: list[Target] = []
    last_end = 0
    forward: Result | None = None
    for m in TOKEN.finditer(segment):
        if m.group("seat"):
            card = SEAT_RE.match(m.group("seat"))
            assert card is not None
            if not 1 <= int(card.group(1)) <= players:
                continue
            seat: Target = (int(card.group(1)), int(card.group(2))) if card.group(2) else int(card.group(1))
            listed = pending and re.fullmatch(r"\s*(?:、|和|与|,)\s*", segment[last_end: m.start()])
            if forward is not None and re.fullmatch(r"\s*(?:是|:|:|给了|给|就是)?\s*|\s*(?:、|和|与)\s*",
                                                    segment[last_end: m.start()]):
                pairs.append((seat, forward))
            else:
                forward = None
                pending = [*pending, seat] if listed else [seat]
            last_end = m.end()
        elif m.group("res"):
            result: Result = "not_killer" if m.group("nk") else "killer"
            word = m.group("res")
            if pending:
                pairs += [(s, result) for s in pending]
                pending = []
                forward = None
            elif word in ("查杀", "金水"):
                forward = result
            last_end = m.end()
    return pairs


def _seats(text: str, players: int) -> list[int]:
    return [int(m.group(1)) for m in SEAT_RE.finditer(text) if 1 <= int(m.group(1)) <= players]
