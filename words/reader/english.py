"""The English reader: the speaker's role and side claims, its own checks, accusations and clears, and what it
says other seats said. Rules follow evaluation/data/statements/GUIDE.md and NOTES-en.md: negation, reported
speech, questions, conditionals, plans and sarcasm claim nothing; a later claim or a retraction wins."""

from __future__ import annotations

import re

from words.reader import checks, en_text
from words.reader.en_text import SEAT, SEATS, seats_in
from words.reader.findings import Findings, quote_of
from words.reader.vocab import CLAIMABLE, role_of, role_pattern, side_of_role, stronger

ROLE = role_pattern("en") + r"(?![-\w])(?!'s\s+(?!partner))"
ADV = r"(?:(?:just|only|simply|really|actually|honestly|definitely|obviously|also|indeed|still|merely|truly|in fact|" \
      r"one hundred percent|a hundred percent|completely|absolutely|fully|entirely|firmly|always|" \
      r"too|clearly|certainly|basically|myself|the one who is|nothing but|probably|likely|most likely|pretty much|" \
      r"kind of|sort of|literally|genuinely|surely|presumably|technically|essentially)\s+)*"
ARTICLE = r"(?:(?:a|an|the|one of the|one of|the other|the only|the real|a real|your|our|this game's)\s+)?"
ADJ = r"(?:(?:plain|ordinary|simple|regular|vanilla|humble|normal|lowly|real|true|other|last|surviving|remaining|" \
      r"second|only|dead|honest|genuine|actual|lone|little|poor|boring|confirmed|good\s+old|everyday|average|" \
      r"innocent|iron|plain\s+old|most|very)\s+)*"
SELF_IS = r"\bi(?:'m|\s+am|\s+was|'ve\s+been|\s+have\s+been)\s+"
NEG = r"(?P<neg>(?:not|no|never)\s+(?:(?:even|really|actually|just)\s+)?)?"
CLAIM = re.compile(SELF_IS + ADV + NEG + ADV + ARTICLE + ADJ + rf"(?P<role>{ROLE})")
ROLE_FORMS = [re.compile(p) for p in (
    rf"^(?:i'm\s+|i am\s+)?(?:just\s+)?(?:a\s+)?{ADJ}(?P<role>{ROLE})(?:\s+here|\s+speaking|\s+reporting)?\s*[.!]?$",
    rf"^(?:[^\d:#,\u27e8]{{0,30}}:\s*)?{ADJ}(?P<role>{ROLE})(?:\s+here)?\s*,\s+(?!{ROLE}|[^,.]*:)(?!please|stay|listen|don't|do\b|"
    r"check|come|show|tell|speak|hide|wait|if\b|you|reveal|keep|vote|who|where|what|why|now\b|go\b|be\b|let|trust|"
    r"remember|look|watch|save|protect|shoot|heal|guard|use|help|answer|explain|stop|consider|think|pick|choose|hug|"
    r"silence|step|skip|give|focus|make|take|hold|wake|get|find|are\b|is\b|were\b|was\b)",
    rf"(?:^|[,:]\s*)(?:just|only|merely|simply)\s+(?:a|an|one)\s+{ADJ}(?P<role>{ROLE})",
    rf"^(?:[^\d:#\u27e8]{{0,40}}:\s*|(?:yep|yeah|yes|ok|okay|well|so|fine|honestly|right|me),?\s+)?(?:just\s+|only\s+)?"
    rf"(?:a\s+|an\s+)?{ADJ}(?P<role>{ROLE})(?:\s+here)?\s*[.!]?$",
    rf"^{ADJ}(?P<role>{ROLE})\s+(?:claim|here|speaking|reporting)\b",
    rf"(?:^|:\s*)good\s+(?:guy|person|one|player|citizen)(?:\s+here)?,\s*(?:just\s+|only\s+)?(?:a\s+|an\s+)?{ADJ}"
    rf"(?P<role>{ROLE})",
    rf"{SELF_IS}[^.;:]{{0,50}}?(?:,\s*(?:(?:just|only|simply|merely)\s+(?:a|an|the)?\s*|(?:a|an)\s+)|:\s*(?:(?:just|only|"
    rf"simply|merely)\s+)?(?:a\s+|an\s+|the\s+)?){ADJ}(?P<role>{ROLE})"
    r"(?=\s*(?:[.,;!]|$|with\b|and\b|no\b|here\b|nothing\b|who\b|that\b))",
    rf"^(?P<role>{ROLE})\s+(?:report\b|(?:results?|checks?|findings)\s*:)",
    rf"\bas\s+{ARTICLE}{ADJ}(?P<role>{ROLE})(?:[,:]?\s+(?:night\s+\d+\s+)?(?:i|we)\b|\s*:)",
    # "civilian, vote 9": a lone civilian is never the one addressed (there are many), unlike "police, check 5"
    rf"^{ADJ}(?P<role>civilian|villager|civ|civvie|civvy|townie|vanilla)(?:\s+here)?\s*,",
    rf"\bi,\s+{ARTICLE}{ADJ}(?P<role>{ROLE}),",
    rf"\bi\s+(?:claimed|claim)\s+(?:to\s+be\s+)?{ARTICLE}(?P<role>{ROLE})",
    r"\bwe\s+(?P<role>police|cops)\b", r"\bwe(?:'re|\s+are)\s+(?:both\s+)?(?:the\s+)?(?P<role>police|cops)\b",
    r"\bi(?:'m|\s+am)\s+(?:the\s+)?(?:dead\s+|late\s+|other\s+|real\s+)?(?P<role>police|cop)(?:'s|s')\s+partner",
    rf"\bmy\s+(?:only\s+)?card\s+is\s+{ARTICLE}(?P<role>{ROLE})",
    rf"\bmy\s+(?:only\s+)?(?:role|card|identity|part)(?:'s|\s*(?:is|:|says|reads))\s*{ARTICLE}{ADJ}(?P<role>{ROLE})",
    rf"\bwhat\s+i\s+am\s+is\s+{ARTICLE}{ADJ}(?P<role>{ROLE})",
    rf"\bi(?:'m|\s+am)\s+playing\s+{ARTICLE}{ADJ}(?P<role>{ROLE})\b",
    rf"\bi\s+(?:got|drew|pulled|was\s+dealt)\s+(?:a\s+|an\s+|the\s+)?{ADJ}(?P<role>{ROLE})(?:\s+card)?\s*(?=[.,;!]|$)",
    rf"^{ADJ}(?P<role>{ROLE})\s+card\b(?!\s+(?:is|was)\b)",
    rf"\bi\s+(?:hold|have|got|drew|draw|was\s+dealt|picked|(?:'m|\s+am)\s+holding)\s+(?:a|an|the|one|my)?\s*{ADJ}"
    rf"(?P<role>{ROLE})\s+card\b",
    rf"\b(?:count|put|mark|write|take|treat)\s+me\s+(?:down\s+)?as\s+{ARTICLE}{ADJ}(?P<role>{ROLE})",
    rf"\bmy\s+(?:first|second|other)\s+(?:card\s+)?is\s+{ARTICLE}{ADJ}(?P<role>{ROLE})",
    rf"{SELF_IS}[^.;]{{0,40}}?\bwith\s+(?:a|an|the|one|my)\s+{ADJ}(?P<role>{ROLE})\s+card\b",
)]
BARE_FORMS = 7  # the first ROLE_FORMS: a role word standing alone ("Civilian.", "Police here, ", "just a civilian")
NO_POWER = re.compile(r"\bi\s+(?:have|got)\s+no\s+(?:night\s+)?(?:power|powers|ability|abilities|action)"
                      r"(?:\s+at\s+night)?\b")
KILLER_SIDE = frozenset(r for r in CLAIMABLE if side_of_role(r) == "killers")
TWO_CARDS = re.compile(rf"\bmy\s+(?:two\s+)?cards\s+are\s+(?:the\s+)?(?P<a>{ROLE})\s+and\s+(?:the\s+)?(?P<b>{ROLE})")
GOOD_WORDS = r"(?:good|town|town-aligned|innocent|clean|one of you|one of the good ones|one of the good guys|a good " \
             r"guy|a good one|village-aligned|good-aligned|on the good side|on the good team|on the good guys' side|" \
             r"on your side|on the side of the good guys|on the side of the town|on the right side|" \
             r"on the innocent side|a member of the town|a member of the village|" \
             r"part of the town|part of the village|on team good|on team town|on team village|on the village " \
             r"side|on the town side|on the side of the living|on the side of good|with the village|with the town|" \
             r"with you|village|no killer|the good side|good, not a killer)"
GOOD = [re.compile(p) for p in (
    SELF_IS + ADV + GOOD_WORDS + r"\b(?!\s+(?:at|for|luck|enough|point|question|news|idea|to|or|with(?!\s+(?:the\s+)?"
    r"(?:village|town|good)))\b)(?!-)",
    r"\bi\s+play\s+for\s+(?:the\s+)?(?:village|town|good side|good team|good guys|good)\b",
    r"\b(?:count|put|mark|write)\s+me\s+(?:down\s+)?(?:on|with|in|as)\s+(?:the\s+)?(?:village|town|good)(?:\s+(?:side|team|guys))?"
    r"\b",
    r"\bi(?:'m|\s+am|\s+stand|\s+side|(?:'m|\s+am)\s+(?:standing|siding))\s+(?:with|on)\s+(?:the\s+)?(?:good|town|village)"
    r"(?:\s+(?:side|team|guys|ones))?\b",
    r"^not\s+(?:a|the|one\s+of\s+the)\s+(?:killers?|mafia|wolf|wolves|scum)\b",
    r"\bmy\s+(?:card|alignment|side|team)\s+is\s+(?:a\s+|the\s+)?(?:good|town|village)\b",
    r"\b(?:cross|strike|take|rule)\s+me\s+(?:off|out)(?:\s+(?:of\s+)?(?:the\s+|your\s+)?(?:killer|suspect|mafia|wolf)"
    r"\s+list)?\b", r"\bwhatever\s+my\s+card\s+is,?\s+it'?s\s+a\s+good\s+one\b",
    r"^(?:town|good)(?:\s+(?:here|through\s+and\s+through|all\s+the\s+way|for\s+sure))?\s*"
    r"(?:[.!]|,\s*not\s+a\s+killer|,\s*i\s+mean)", r"^not\s+me\b",
    r"^good\s+(?:guy|person|one|player)(?:\s+here)?\s*[.!]", r"\bcall\s+me\s+(?:town|good|innocent)\b",
    r":\s*(?:good|town)\s+side\s*,",
    SELF_IS + ADV + r"(?:not|no|never)\s+(?:[a-z']+\s+){0,3}?(?:killers?|mafia|wolf|wolves|werewolf|murderer|scum|"
    r"traitor|bad guys?|bad|evil)\b(?!'s\s+target)",
    SELF_IS + r"as\s+good\s+as\b",
    SELF_IS + r"not\s+(?:one\s+of\s+the\s+(?:two|three|four)|on\s+the\s+killers'?\s+side|with\s+the\s+killers)\b",
    SELF_IS + r"[^.;]{0,40}?,\s*not\s+(?:a\s+|the\s+)?(?:mafia|killer|wolf|scum)\b",
    r"\bi\s+will\s+not\s+be\s+a\s+killer\b",
    SELF_IS + ADV + r"(?:a\s+)?(?:good|good-side|town|village|town-aligned)\s+(?:player|guy|person|one|card|seat|"
    r"citizen|member|soul)\b",
    r"\bside\b[^.]{0,40}:\s*(?:the\s+)?(?:good|town|village)\b",
    r"\bcheck\s+me\b.*\byou'll\s+get\s+a\s+shake\b",
)]
KILLERS_SIDE = re.compile(r"\bi\s+(?:was|am|'m)\s+(?:on|with)\s+the\s+killers'?\s+(?:side|team)\b|\bi\s+play(?:ed)?\s+"
                          r"for\s+the\s+killers\b|\bi(?:'m|\s+am|\s+was)\s+(?:on\s+)?the\s+killers'\s+side\b")
BARE_DENIAL = re.compile(r"\bi(?:'m|\s+am)\s+not\s*(?:[.,;!]|$|and\b)")
BARE_YES = re.compile(r"\b(?<!saying\s)(?<!says\s)(?<!said\s)(?<!thinks\s)(?<!think\s)(?<!claims\s)"
                      r"(?:(?:he|she|they)(?:'s|\s+is|\s+are)\s+right:\s*)?i\s+am\s*(?:[.,;!]|$)")
RETRACT = re.compile(r"\bforget\s+(?:i\s+said\s+)?(?:that|it)\b|\bthat\s+was\s+a\s+(?:bluff|lie|joke|test)\b|"
                     r"\bjust\s+kidding\b|\bi\s+was\s+(?:joking|kidding|lying|bluffing)\b|\bi'm\s+not\s+claiming\s+"
                     r"anything\b(?!\s+(?:beyond|else|more|other))|\bscratch\s+that\b|"
                     r"\bi\s+take\s+(?:it|that)\s+back\b")
SARCASM = re.compile(r"^(?:oh\s+)?(?:sure|yeah,?\s+right)\b")
# A confession said in mockery ("Oh yes, I'm the killer, obviously."): a killer-side role claim in such a sentence
# is no claim (NOTES-en, "Sarcasm is not a claim"); a plain "fine, I'm the killer" still is one.
MOCKERY = re.compile(r"^(?:oh\s+|ah\s+)?(?:oh\s+yes|oh\s+yeah|yeah,?\s+(?:yeah|and|sure)|yes,?\s+yes|sure|right,?\s+"
                     r"because|wow|lol|lmao|haha|ha,|of\s+course)\b|\b(?:obviously|totally|clearly)\b|\bso\s+now\s+"
                     r"i(?:'m|\s+am)\b|\bi(?:'m|\s+am)\s+(?:the\s+|a\s+)?\w+\s+too\b")
# "I'm just a civilian I think?": a statement that ends on a hedge is no question.
HEDGED_END = re.compile(r"(?<=\w)\s*,?\s*(?:i\s+think|i\s+guess|i\s+suppose|i\s+believe|probably|maybe)\?$")
NO_WAY = re.compile(r"\b(?:there's\s+|there\s+is\s+)?no\s+way\s+i(?:'m|\s+am)\b")  # "there's no way I'm a killer"
# "maybe I'm the police, maybe I'm not": a role in two minds is no claim
EITHER = re.compile(r"\bmaybe\s+i(?:'m|\s+am)\b.*\bmaybe\s+(?:i'm\s+|i\s+am\s+)?not\b|\bi\s+could\s+be\b")
CONDITIONAL = re.compile(r"\b(?:if(?!\s+you\s+(?:like|want|wish|must|please|insist)\b)|suppose|supposing|unless|"
                         r"assuming|granted|had\s+i\s+been|(?<!i'd\s)(?<!i\s)(?<!would\s)(?<!i'll\s)say\s+(?=i(?:'m|\s+am|\s+was|\s+were)\b)|"
                         r"imagine|were\s+i|let's\s+say|would\s+have\s+been|i\s+would\s+be|i'd\s+be)\b")
SELF_REPORT = re.compile(r"^(?:i\s+(?:said|told\s+you|wrote)|i\s+(?:had\s+)?wanted\s+to\s+(?:say|claim))\b")
NEG_SPEECH = re.compile(r"\b(?:not|never|won't|didn't|don't|did\s+not|do\s+not)\s+(?:saying|say|said|claiming|claim|"
                        r"claimed)\s+(?:that\s+)?i(?:'m|\s+am|\s+was)\b[^.;,]*|\bi\s+(?:never|didn't|did\s+not|have\s+never|"
                        r"haven't|hadn't)\s+(?:said|say|claimed|claim|told)\b[^.;,]*")
QUOTE_VERBS = r"(?:says?|said|claims?|claimed|told\s+(?:us|you|me|the\s+table|everyone)|tells\s+(?:us|you)|reported|" \
              r"reports|announced|insists?|swears|swore|called|named|pointed\s+at|points\s+at|accused|accuses|" \
              r"checked|has\s+checked|looked\s+at|gave\s+us|has\s+given\s+us|cleared|nodded|thinks)"
QUOTE_LEAD = re.compile(rf"^(?:(?:and|but|so|also|yesterday|earlier|then|now|today),?\s+)?(?P<who>{SEAT}(?:\s+and\s+"
                        rf"{SEAT})?)(?:'s\s+last\s+words)?(?:\s+(?:also|just|then|now|first|even|too|earlier|"
                        rf"yesterday|himself|herself|openly|both|already|only))*\s+(?P<verb>{QUOTE_VERBS})\b")
HEARD = re.compile(rf"\bi\s+(?:heard|saw)\s+(?P<who>{SEAT})\s+(?P<verb>accuse|name|point\s+at|say|claim)\b")
OTHERS_SAY = re.compile(r"^(?:(?:today|yesterday|now|and|but|then|so),?\s+)?(?:everyone|everybody|someone|somebody|"
                        r"people|they|he|she|the\s+\w+|some|others|nobody)"
                        r"(?:\s+\w+)?\s+(?:says?|said|saying|claims?|thinks?|think)\b|\baccording\s+to\s+(?!me\b)")
# "when I was the police last game": another game's card is no claim in this one
OTHER_GAME = re.compile(r"\b(?:last|previous|another|other|that|my\s+last)\s+game\b")
# "I'm not town, I'm not scum": a speaker denying both sides claims neither
NOT_GOOD = re.compile(SELF_IS + r"not\s+(?:town|good|innocent|village)\b")


def read(text: str, players: int, speaker: int, day: int | None) -> Findings:
    """The findings of an English statement."""
    f = Findings()
    sentences = [NO_WAY.sub("i'm not", HEDGED_END.sub(".", s))
                 for s in en_text.sentences(checks.self_corrected(text), day)]
    police = any(_says_police(s) for s in sentences)
    earlier = ""
    for sentence in sentences:
        _sentence(sentence, f, players, speaker, police, earlier)
        earlier += " " + sentence
    return f


def _says_police(sentence: str) -> bool:
    """Whether a sentence (in the speaker's voice) claims the police role or reports a check of its own."""
    if sentence.endswith("?") or QUOTE_LEAD.search(sentence) or CONDITIONAL.search(sentence):
        return False
    sentence = NEG_SPEECH.sub(" ", sentence)
    if any(not m.group("neg") and role_of(m.group("role"), "en") == "police" for m in CLAIM.finditer(sentence)):
        return True
    return any((m := p.search(sentence)) and role_of(m.group("role"), "en") == "police" for p in ROLE_FORMS)


def _sentence(sentence: str, f: Findings, players: int, speaker: int, police: bool, earlier: str) -> None:
    f.listing = False  # a list of checks ends with its sentence
    if SARCASM.search(sentence):
        return
    before = earlier
    for clause in _with_the_judge(en_text.clauses(sentence)):
        earlier, before = before, before + " " + clause
        lead = QUOTE_LEAD.search(clause) or HEARD.search(clause)
        if lead is not None:
            _quote(lead.group("who"), clause[lead.start("verb"):], f, players, speaker)
            own = en_text.own_part(clause[lead.end():])
            if own:
                _own(own, f, players, speaker, police, earlier, sentence.endswith("?"))
            continue
        if OTHERS_SAY.search(clause) or SELF_REPORT.search(clause):
            continue
        for m in FROM_CHECK.finditer(clause):
            _quote(m.group("who"), f"checked {m.group('t')}: {m.group('res')}", f, players, speaker)
        _own(clause, f, players, speaker, police, earlier, sentence.endswith("?"))


def _with_the_judge(clauses: list[str]) -> list[str]:
    """"5 is a killer; I saw the judge nod": the clause that names the judge's sign and no seat stays with the
    clause before it, whose seat it is the result of."""
    out: list[str] = []
    for c in clauses:
        if out and JUDGE_SIGN.search(c) and not en_text.SEAT_RE.search(c):
            out[-1] += "; " + c
        else:
            out.append(c)
    return out


JUDGE_SIGN = re.compile(r"^i\s+saw\s+the\s+judge\s+(?:nod|shake)")


def _own(clause: str, f: Findings, players: int, speaker: int, police: bool, earlier: str, question: bool) -> None:
    """A clause in the speaker's own voice."""
    m = re.search(rf"\bi,\s+{ARTICLE}{ADJ}(?P<role>{ROLE}),", clause)
    if m:
        f.role(role_of(m.group("role"), "en") or "civilian")
    if question or OTHER_GAME.search(clause):
        return
    cond = CONDITIONAL.search(clause)
    if cond is not None:  # "if I were the police…" claims nothing; "I'm the police and I'll check 3 if…" does
        clause = clause[: cond.start()].rstrip()
        if not clause.strip():
            return
    clause = NEG_SPEECH.sub(" ", clause)
    _claims(clause, f, earlier)
    checks.read_en(clause, f, players, speaker, police)
    _marks(clause, f, players)


def _claims(clause: str, f: Findings, earlier: str) -> None:
    """Role and side claims (and retractions) in text order."""
    found: list[tuple[int, str, str | None]] = []
    for m in CLAIM.finditer(clause):
        role = role_of(m.group("role"), "en")
        if role is None:
            continue
        if not m.group("neg"):
            found.append((m.start(), "role", role))
        elif role in KILLER_SIDE:
            found.append((m.start(), "side", "good"))
    m2 = TWO_CARDS.search(clause)
    if m2:
        roles = [r for r in (role_of(m2.group("a"), "en"), role_of(m2.group("b"), "en")) if r]
        if roles:
            found.append((m2.start(), "role", stronger(roles)))
    if EITHER.search(clause):
        found = [x for x in found if x[1] != "role"]
    for i, p in enumerate(ROLE_FORMS if not EITHER.search(clause) else ()):
        for m in p.finditer(clause):
            role = role_of(m.group("role"), "en")
            if i < BARE_FORMS and role in KILLER_SIDE:
                continue  # a lone "killer" is no confession (NOTES-en)
            if role and not any(pos == m.start() for pos, *_ in found):
                found.append((m.start(), "role", role))
    found += [(m.start(), "role", "civilian") for m in NO_POWER.finditer(clause)]
    found += [(m.start(), "side", "good") for p in GOOD for m in p.finditer(clause)]
    found += [(m.start(), "side", "killers") for m in KILLERS_SIDE.finditer(clause)]
    found += [(m.start(), "retract", None) for m in RETRACT.finditer(clause)]
    for m in BARE_DENIAL.finditer(clause):
        if re.search(r"\b(?:killers?|mafia|wolf|scum)\b", earlier + " " + clause[: m.start()]):
            found.append((m.start(), "side", "good"))
    m3 = BARE_YES.search(clause)
    if m3 and not found:
        prior = [role_of(w, "en") for w in re.findall(ROLE, earlier)]
        if prior and prior[-1]:
            found.append((m3.start(), "role", prior[-1]))
    if MOCKERY.search(clause):
        found = [x for x in found if not (x[1] == "role" and x[2] in KILLER_SIDE)]
    if NOT_GOOD.search(clause):
        found = [x for x in found if x[1] != "side"]
    for _, kind, value in sorted(found, key=lambda x: x[0]):
        if kind == "role" and value is not None:
            f.role(value)
        elif kind == "side" and value is not None:
            f.side(value)
        else:
            f.retract()


ACCUSE = [re.compile(p.replace("{S}", SEATS)) for p in (
    r"\bi\s+(?:\w+\s+)?(?:suspect|doubt)\s+{S}", r"\b(?:suspect|doubt)\s+{S}",
    r"\bmy\s+(?:\w+\s+){0,2}(?:suspects?|vote|pick|guess|choice)(?:\s+today)?\s*(?:is|are|goes\s+to|stays\s+on|goes\s+on|"
    r"will\s+be|:)\s*(?:on\s+|for\s+)?{S}",
    r"{S}\s+(?:is|are)\s+(?:my|the)\s+(?:\w+\s+)?(?:suspects?|vote|pick|guess|one\s+i\s+suspect)",
    r"\b(?:i'm|i\s+am)\s+(?:\w+\s+)?voting\s+(?:for\s+|out\s+|against\s+)?(?:the\s+\w+\s+(?:\w+\s+){0,4})?{S}",
    r"\bvote\s+(?:out\s+|for\s+|against\s+)?{S}", r"\b(?:execute|lynch|eliminate)\s+{S}",
    r"{S}\s+(?:goes|should\s+go|must\s+go|has\s+to\s+go)\b", r"^{S}\s+(?:today|next|first)\b",
    r"\blook(?:ing)?\s+(?:hard\s+)?at\s+{S}", r"\bwatch\s+{S}", r"\bstart\s+with\s+{S}", r"\bthat\s+leaves\s+{S}",
    r"\bcheck\s+(?:seat\s+)?{S}", r"\b(?:they|we)\s+know\s+{S}\s+is\s+fake",
    r"{S}\s+(?:is|are|was|were)\s+(?:(?!not\b|no\b|never\b)\w+\s+)?(?:a\s+|the\s+|our\s+)?(?:killers?|liars?|mafia|wolf|wolves|scum|fake|"
    r"fakes|lying|bluffing|impostors?|a\s+pair|a\s+team|suspicious|guilty|one\s+of\s+them|nodded|pretending|"
    r"inventing|the\s+fake)\b",
    r"{S}\s+(?:lied|lies|fooled|voted\s+oddly|acts|acted|is\s+acting|talks\s+a\s+lot|hasn't\s+voted|dodged|has\s+"
    r"dodged|is\s+too\s+quiet|worries\s+me|interests?\s+me|framed|steered|claimed\s+too\s+early|voted\s+(?:me|against|"
    r"for\s+no)|repeated|gave\s+us\s+nothing|isn't\s+the\s+police|is\s+not\s+the\s+police|rushed|tried\s+to\s+rush|"
    r"started\s+it|switched)",
    r"\b(?:i\s+think|i'd\s+say)\s+{S}\s+is\s+(?:a|the)\s+killer", r"\bi'm\s+(?:\w+\s+)?doubting\s+{S}",
    r"\b(?:do\s+not|don't|never)\s+trust\s+{S}", r"{S}'s\s+claim\s+(?:does\s+not|doesn't)\s+hold",
    r"\bfalse\s+police\s+is\s+a\s+killer:\s*{S}", r"\bpoint\s+at\s+{S};?\s*i\s+agree",
    r"{S}\s+has\s+drawn\s+the\s+most",
    r"{S}\s+voted\s+out\s+a\s+good", r"\bsomething\s+about\s+{S}\s+feels\s+wrong", r"\bchecked\s+{S}\s+myself:\s*vote",
    r"\bthe\s+(?:two\s+|three\s+)?(?:loudest|ones|seats)\s+(?:\w+\s+){0,6}?(?:were|are)\s+{S}",
)]
CLEAR = [re.compile(p.replace("{S}", SEATS)) for p in (
    r"(?<!not\s)(?<!n't\s)(?<!never\s)\b(?:trust|believe)(?:\s+in)?\s+{S}(?!'s)", r"\bclear\s+{S}",
    r"{S}\s+(?:is|are|was|were)\s+(?:(?!not\b|no\b|never\b)\w+\s+)?(?:clean|cleared|clear|good|innocent|real|town|one\s+of\s+us|"
    r"telling\s+the\s+truth|the\s+real\s+(?:police|cop)|a\s+real\s+(?:police|cop)|the\s+one\s+the\s+record\s+backs|"
    r"(?:\w+\s+)?police)\b(?!\s+claim)",
    r"\bi\s+side\s+with\s+{S}", r"\bmy\s+partners?\s+(?:is|are|was|were)\s+{S}", r"{S}\s+(?:was|is)\s+my\s+partner",
    r"\bdon't\s+(?:vote|execute|waste\s+a\s+vote\s+on)\s+{S}", r"\bi\s+believe\s+{S}'s\s+(?:police\s+)?claim",
    r"{S}'s\s+checks\s+look\s+right", r"\bi\s+trust\s+{S},\s+the\s+police",
)]
OVER = re.compile(rf"\b(?:believe|trust|back)\s+(?P<a>{SEAT})\s+over\s+(?P<b>{SEAT})")
TRUSTED_CHECK = re.compile(rf"\b(?:trust|believe|follow|following)\s+(?P<who>{SEAT})'s\s+(?P<res>shake|nod|check|"
                           rf"result)s?(?:\s+on\s+(?P<on>{SEAT}))?")


def _marks(clause: str, f: Findings, players: int) -> None:
    """Accusations and clears in the speaker's own voice."""
    found: list[tuple[int, str, list[int]]] = []
    for kind, patterns in (("accuse", ACCUSE), ("clear", CLEAR)):
        for p in patterns:
            found += [(m.start(), kind, seats_in(m.group(0), players)) for m in p.finditer(clause)]
    for m in OVER.finditer(clause):
        found += [(m.start(), "clear", seats_in(m.group("a"), players)),
                  (m.end(), "accuse", seats_in(m.group("b"), players))]
    for m in TRUSTED_CHECK.finditer(clause):
        if not m.group(0).startswith("follow"):
            found.append((m.start(), "clear", seats_in(m.group("who"), players)))
        if m.group("on"):
            kind = "accuse" if m.group("res") == "nod" else "clear"
            found.append((m.end(), kind, seats_in(m.group("on"), players)))
    for _, kind, seats in sorted(found, key=lambda x: x[0]):
        (f.accuse if kind == "accuse" else f.clear)(*seats)


FROM_CHECK = re.compile(rf"(?P<t>{SEAT})\s+got\s+a\s+(?P<res>nod|shake)\s+from\s+(?P<who>{SEAT})'s\s+check")
QUOTED_ROLE = re.compile(rf"(?:claims?|claimed|says?\s+(?:he|she)(?:'s|\s+is)|said\s+(?:he|she)\s+was|(?:he|she)(?:'s|"
                         rf"\s+is|\s+was))\s+(?:to\s+be\s+)?{ARTICLE}{ADJ}(?P<role>{ROLE})")
QUOTED_ACCUSE = re.compile(rf"(?:accused|accuses|accuse|pointed\s+at|points\s+at|point\s+at|named|name|called|voted)\s+"
                           rf"(?P<s>{SEATS})|(?:said|says|that)?\s*(?P<t>{SEATS})\s+(?:is|was)\s+(?:a\s+|the\s+)?"
                           r"(?:killer|mafia|wolf|liar|lying)")
QUOTED_CLEAR = re.compile(rf"(?P<s>{SEATS})\s+(?:is|was)\s+(?:good|innocent|not\s+a\s+killer)|cleared\s+(?P<t>{SEATS})")


def _quote(who: str, content: str, f: Findings, players: int, speaker: int) -> None:
    """Reported speech: what the named seat(s) said, recorded as quotes (never the speaker's own claim)."""
    content = en_text.own_part(content, quoted=True) or content
    for seat in seats_in(who, players):
        q = Findings()
        m = QUOTED_ROLE.search(content)
        if m is not None:
            role = role_of(m.group("role"), "en")
            if role:
                q.role(role)
        checks.read_quoted_en(content, q, players)
        for m2 in QUOTED_ACCUSE.finditer(content):
            q.accuse(*seats_in(m2.group("s") or m2.group("t"), players, also=(speaker,) if " me" in m2.group(0)
                               else ()))
        if re.search(r"\b(?:accused|named|called|pointed\s+at|voted)\s+me\b", content):
            q.accuse(speaker)
        for m3 in QUOTED_CLEAR.finditer(content):
            q.clear(*seats_in(m3.group("s") or m3.group("t"), players))
        if re.search(r"\bcleared\s+me\b", content):
            q.clear(speaker)
        f.quotes.append(quote_of(seat, q, players))
