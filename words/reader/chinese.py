"""The Chinese reader: 我是X / 跳X / 本警 / 我是好人 / 我不是杀手, 验了N号 / 金水 / 查杀 / 点头摇头, accusations
(怀疑N号, 投N号, 出N号) and clears (信N号, N号是好人), and reported speech (N号说…, N号验出…). Rules follow
evaluation/data/statements/GUIDE.md and NOTES-zh.md."""

from __future__ import annotations

import re

from words.reader import zh_checks, zh_text
from words.reader.findings import Findings, quote_of
from words.reader.vocab import CLAIMABLE, role_of, role_pattern, side_of_role, stronger
from words.reader.zh_text import NIGHT_OPEN, SEAT, SEATS, seats_in


def _any(*words: str) -> str:
    return "(?:" + "|".join(words) + ")"


ROLE = role_pattern("zh")
KILLER_SIDE = frozenset(r for r in CLAIMABLE if side_of_role(r) == "killers")
HEDGE = _any("应该", "大概", "可能", "估计", "算是", "多半", "八成", "基本上", "也就", "只是", "说白了")
ADV = _any("才", "就", "也", "真的", "其实", "确实", "本来就", "当然", "绝对", "真", "一直", "就只", "肯定", "一定",
           "还是", "还", "百分百", "百分之百", HEDGE) + "*"
ONE = _any("一个", "一名", "个", "一张", "张", "这张", "那个", "唯一的", "一") + "?"
ADJ = _any("普通的?", "真的?", "真正的", "一个普通的", "铁", "正牌", "纯", "唯一的?", "老老实实的", "老实的?", "本分的",
           "无辜的", "清白的", "倒霉的", "安静的", "被冤枉的", "普普通通的", "平平无奇的") + "?"
NOT = rf"(?P<neg>{_any('根本', '并', '可', '也', '真的', '确实', '绝对', '绝')}?不(?:可能)?是)"
CARD = _any("身份牌", "身份", "底牌", "牌")
COPULA = rf"(?:{NOT}|(?:算|只|就|也就|就只)?是|算)"  # 我是 / 我算是 / 我只是 (我可能只是个村民)
CLAIM = re.compile(rf"我(?:承认|认了,?\s*)?(?:我|自己)?(?:的?{CARD})?{ADV}{COPULA}{ONE}{ADJ}(?P<role>{ROLE})"
                   rf"(?!{_any('的话', '们', '的搭档的', '一边', '阵营')})")
FORMS = [re.compile(p) for p in (
    # 跳警察又不报结果的，就是杀手: "whoever claims…" is no claim
    rf"(?:^|我|,)\s*(?:先|直接|就|今天)?跳(?:了)?(?P<role>{ROLE})(?![^,。]{{0,10}}的(?:人)?(?:[,。]|都|就|是))",
    r"本(?P<role>警)", rf"^(?P<role>{ROLE})是我",
    rf"(?:^|[,:])\s*(?:清白的|普通的?|老实的?)?(?P<role>{ROLE})一个(?=[,。!]|$)",
    rf"(?:^|,|我)\s*(?:就|只)(?:是)?(?:一|{ONE})(?P<role>{ROLE})",
    rf"我(?:这|那)张(?:牌)?是(?P<role>{ROLE})",
    rf"我{ADV}就(?:是)?(?:一|一个|个){ADJ}(?P<role>{ROLE})",
    rf"(?:^|,)\s*(?:就|只|也就|就只)是{ONE}{ADJ}(?P<role>{ROLE})",
    rf"(?:^|,|(?<!号):)\s*{ONE}{ADJ}(?P<role>{ROLE})(?:牌|身份)?(?=[,。!]|$)",
    rf"^{ADJ}(?P<role>{ROLE})(?:报到|在此|在这|来了|身份\s*:|结果\s*:)",
    rf"^我{ADJ}(?P<role>{ROLE})(?:牌)?(?=[,。!]|$)",
    rf"(?:报|亮|说)(?:一下|下)?(?:我的?)?身份\s*[:,]\s*{ADJ}(?P<role>{ROLE})",
    rf"(?:^|,|我的?)\s*{CARD}(?:是|:)\s*{ONE}{ADJ}(?P<role>{ROLE})", rf"^(?P<role>{ROLE})(?:报验|报告|汇报)",
    rf"(?:^|,)\s*(?:作为|以){ONE}{ADJ}(?P<role>{ROLE})(?:的)?(?:身份)?",
    rf"我的?{CARD}上?(?:写的|写着|显示的?)(?:是)?{ONE}{ADJ}(?P<role>{ROLE})",
    rf"我(?:这)?(?:手里|手上)?(?:有|是|拿着|拿的是){ONE}(?P<role>{ROLE})(?:牌)?(?!的|们)",
    rf"(?:^|,|我的?)\s*第(?:一|二)张(?:牌)?(?:是|:)\s*{ONE}{ADJ}(?P<role>{ROLE})",
)]
NO_POWER = re.compile(r"我(?:晚上|夜里)?(?:没有|没)(?:任何)?(?:技能|能力)")  # GUIDE.md: no power at night = a civilian
# The card the speaker says it was dealt (我拿到的是平民 / 我抽到一张民牌): a claim of any role, a killer too.
DEALT = re.compile(rf"(?:我|^|,)\s*(?:这局|这把)?(?:拿|抽|摸|领)(?:到)?(?:了|的)?(?:是)?{ONE}{ADJ}(?P<role>{ROLE})")
NEG_ALSO = re.compile(rf"(?:^|,)\s*{_any('也', '又', '更', '还', '并', '根本')}?不是{ONE}(?P<role>{ROLE})")
TWO_CARDS = re.compile(rf"我(?:的)?两张牌是(?P<a>{ROLE})(?:和|跟|与|、)(?P<b>{ROLE})")
IS = _any("是", "就是", "真的是", "绝对是", "确实是", "当然是", "一直是", "可是", "本来就是", "是个", "只是")
GOOD = [re.compile(p) for p in (
    rf"我(?:自己)?{_any('的身份', '这张牌', '这张', '的牌')}?{IS}?(?:一个|个)?"
    rf"{_any('正儿八经的', '普通的', '铁', '纯', '真', '真正的')}?好人(?!们|加油|一方的票)",
    rf"我(?:这局|这把|这一局|今天)?{ADV}(?:是)?(?:个|一个)?好人",
    r"(?:^|:)\s*(?:妥妥的|绝对的|百分百|铁|纯|真)?好人(?:一个|身份|发言|牌|这边|一边|在此|在这|报到)?(?=[,。!]|$)",
    r"^我好(?=[,。!]|$)",
    r"我(?:是)?站在?(?:对的|好人)(?:一边|这边)", r"本人(?:是)?(?:个|一个)?好人",
    r"把我从[^,。]{0,6}(?:名单|嫌疑)[^,。]{0,3}(?:划掉|去掉|排除)",
    r"我(?:真的|也|并|根本)?不是[^,。]{1,8}的(?:杀手|狼|坏人|匪)",
    r"好人一个", r"(?:^|,)\s*就是(?:一个|个)?(?:普通的|正儿八经的)?好人",
    r"我(?:是)?清白", r"我(?:也|可|根本|并|真的)?不是坏人", r"(?<!不是)好人阵营",
    rf"我{ADV}(?:是|站)?(?:你们|大家|好人)(?:这边|一边)", r"我(?:是)?(?:个|一个)?良民|良民一个",
    rf"我{ADV}(?:是)?(?:铁|坚定地?|一直)?站(?:在|边)?(?:好人|平民|村民)(?!们)",
    r"^不是我(?=[,。!]|$)", r"(?:把我|我)(?:就)?(?:记|算|当)(?:成|作|做)?(?:一个|个)?好人",
    rf"我{ADV}(?:跟|和)(?:你们|大家|好人)是一(?:边|伙|队)的",
    r"我(?:是|就是)(?:个|一个)?[^,。好坏]{0,5}的好人", r"我(?:一直)?(?:都|也)是好人", r"我是(?:个|一个|你们的)?金水",
)]
KILLERS = re.compile(r"我(?:是|就是)坏人|我(?:是|站在)杀手(?:一边|这边)")
RETRACT = re.compile(rf"开玩笑的|是骗你们的|那是假的|我收回|还是算了|说错了(?!\d)|(?:{ROLE})[—\-…,\s]*不对(?!劲)")
THEY_SAY_ME = re.compile(rf"(?<!我)(?<!只){_any('说', '认为', '觉得', '以为', '怀疑', '当成', '当作')}我是"
                         rf"(?:{ROLE}|好人|坏人)")
BEFORE = _any("刚才", "昨天", "之前", "前面", "本来想", "本来要", "没", "并没有", "没有", "以前")
SELF_REPORT = re.compile(rf"我{BEFORE}\S{{0,2}}?说(?:过)?(?:了)?(?:我是|我验|我)?(?:{ROLE}|验了?{SEAT}[^,。]*)")
CONDITIONAL = re.compile(r"如果|要是|假如|假设|万一|的话|若是|倘若|就算|即使|即便|哪怕|假使|如若|要真是|换(?:成|做)我")
# A confession said in mockery (对对对，我是杀手行了吧): a killer-side role claim in such a sentence is no claim.
MOCKERY = re.compile(r"对对对|是是是|好好好|行行行|行了吧|满意了吧|呵呵|哈哈|开心就好|随便你们|你说是就是|"
                     r"那我还是|抓我吧|来抓我|我当然是")
EITHER = re.compile(r"(?:可能|也许)是[^,。]{1,6},\s*也(?:可能|许)是|要么是[^,。]{1,6}要么是|"
                    r"也许我?是[^,。]{1,6},\s*也许不是|可能是[^,。]{1,6},\s*(?:也)?可能不是")
BARE_DENIAL = re.compile(r"(?:^|,)\s*(?:可惜)?我?(?:也)?不是(?:[,。!]|$)")
WHO = rf"(?P<who>{SEATS}|{_any('他', '她', '有人', '大家', '别人', '医生', '警察', '对方', '真警察', '好几个人')})"
VERB = _any("说(?!的|法)", "称", "声称", "报了?", "讲", "表示", "认为", "说过", "自称", "跳", "验出(?!来)",
            "(?<!的)验(?!出来)了?", "查(?!杀)了?", "指认了?", "指", "在指", "给我发了", "给了?", "发了", "踩")
GAP = r"[^,。;:说称报跳验查指给发踩我是被]{0,8}?"  # "13号辩护的时候说": a few words between the teller and its verb
QUOTE_LEAD = re.compile(rf"^(?:但是?|而且|另外|可是|昨天|刚才)?{WHO}{GAP}(?P<verb>{VERB})")
HEARD = re.compile(rf"我(?:听到|看到)(?P<who>{SEATS})(?:在|刚才)?(?P<verb>指|说|指认|跳)")
GOES_ON = _any("说", "又", "还", "也", "然后", "并且", "而且", "接着", "验", "查", "给", "报", "称", "跳", "自称", "他",
              "她", "自己", "法官")
CONTINUES = re.compile(rf"^(?:{NIGHT_OPEN}|{GOES_ON}|\d{{1,2}}号(?:是)?(?:查杀|金水)(?=[,。!]|$))")
SELF_TELLS = re.compile(rf"^(?:{ROLE})(?:报验|报告|汇报)")  # 警察报验：… is the speaker's own report
AGREE = re.compile(r"^我(?:也)?(?:同意|赞成|这么认为|也这么看|跟)")


def read(text: str, players: int, speaker: int, day: int | None) -> Findings:
    """The findings of a Chinese statement."""
    f = Findings()
    sentences = zh_text.sentences(text, day)
    police = any(_says_police(s, speaker) for s in sentences)
    earlier = ""
    for sentence in sentences:
        earlier = _sentence(sentence, f, players, speaker, police, earlier)
    return f


def _self_seat(speaker: int) -> tuple[re.Pattern[str], ...]:
    """The speaker naming itself with its card: 1号，警察 / 警察3号 / 预言家，7号 / 还是我，2号警察."""
    me = rf"{speaker}号"
    return (re.compile(rf"^(?:还是我,?\s*)?(?:{me},?\s*)?(?P<role>{ROLE})(?:,?\s*{me})?(?=[,。!]|$)"),
            re.compile(rf"^(?:还是我,?\s*)?{me},?\s*(?P<role>{ROLE})"))


def _roles_named(clause: str, speaker: int) -> list[tuple[int, str]]:
    """(position, role) of every role the speaker claims in a clause, negated ones left out."""
    found = [(m.start(), r) for m in CLAIM.finditer(clause) if not m.group("neg")
             and (r := role_of(m.group("role"), "zh"))]
    for p in (*FORMS, *_self_seat(speaker)):
        found += [(m.start(), r) for m in p.finditer(clause) if (r := role_of(m.group("role"), "zh"))
                  and r not in KILLER_SIDE and all(pos != m.start() for pos, _ in found)]
    found += [(m.start(), r) for m in DEALT.finditer(clause) if (r := role_of(m.group("role"), "zh"))
              and all(pos != m.start() for pos, _ in found)]
    m = TWO_CARDS.search(clause)
    if m:
        roles = [r for r in (role_of(m.group("a"), "zh"), role_of(m.group("b"), "zh")) if r]
        found.append((m.start(), stronger(roles)))
    return found


def _says_police(sentence: str, speaker: int) -> bool:
    if sentence.endswith("?") or CONDITIONAL.search(sentence):
        return False
    return any(role == "police" for _, role in _roles_named(SELF_REPORT.sub(" ", sentence), speaker))


def _sentence(sentence: str, f: Findings, players: int, speaker: int, police: bool, earlier: str) -> str:
    """Reads one sentence into `f`; returns the speaker's own words so far."""
    if sentence.endswith("?"):
        return earlier
    sentence = THEY_SAY_ME.sub(" ", SELF_REPORT.sub(" ", sentence))
    if RETRACT.search(sentence):
        sentence = re.sub(rf"我说(?:过)?(?:我)?(?:是{ROLE}|验了?{SEAT}[^,。]*)", " ", sentence)
    for kind, who, text in _voices(sentence, speaker):
        if kind == "quote":
            _quote(who, text, f, players, speaker)
            continue
        own = [c for c in zh_text.clauses(text) if not CONDITIONAL.search(c)]
        for clause in own:
            _claims(clause, f, speaker, earlier, MOCKERY.search(sentence) is not None)
            _marks(clause, f, players)
            earlier += clause
        zh_checks.read_zh(",".join(own), f, players, speaker, police)
        zh_checks.read_saves_zh(",".join(own), f, players)
    return earlier


def _voices(sentence: str, speaker: int) -> list[tuple[str, str, str]]:
    """The sentence's comma-parts grouped by voice: ("own", "", text) or ("quote", who, what they said). A
    reported part goes on over the parts after it that continue it (a night, 说, 验, 他…); "我同意" after a
    crowd's accusation takes it up in the speaker's own voice."""
    out: list[tuple[str, str, str]] = []
    for part in (p.strip() for p in sentence.split(",")):
        if not part:
            continue
        heard = HEARD.search(part)
        lead = QUOTE_LEAD.search(part) or heard
        if lead is not None and (heard or not part.startswith(("我", f"{speaker}号"))) and not SELF_TELLS.match(part):
            out.append(("quote", lead.group("who"), part[lead.start("verb"):]))
        elif out and out[-1][0] == "quote" and AGREE.search(part):
            seats = "".join(f"{s}号" for s in zh_text.seats_in(out[-1][2], 99))
            out.append(("own", "", f"怀疑{seats}{part}"))
        elif out and out[-1][0] == "quote" and CONTINUES.search(part):
            out[-1] = ("quote", out[-1][1], out[-1][2] + "," + part)
        elif out and out[-1][0] == "own":
            out[-1] = ("own", "", out[-1][2] + "," + part)
        else:
            out.append(("own", "", part))
    return out


def _claims(clause: str, f: Findings, speaker: int, earlier: str, mocked: bool = False) -> None:
    """Role and side claims and retractions, in text order (`mocked`: the sentence mocks, so no confession)."""
    found: list[tuple[int, str, str | None]] = [(pos, "role", role) for pos, role in _roles_named(clause, speaker)
                                                if not EITHER.search(clause)]
    denied = [m for p in (CLAIM, NEG_ALSO) for m in p.finditer(clause)
              if m.groupdict().get("neg", "x") and role_of(m.group("role"), "zh") in KILLER_SIDE]
    found += [(m.start(), "side", "good") for m in denied]
    if re.match(rf"^(?:还是我,?\s*)?{speaker}号,?\s*好人", clause):
        found.append((0, "side", "good"))
    found += [(m.start(), "role", "civilian") for m in NO_POWER.finditer(clause)]
    found += [(m.start(), "side", "good") for p in GOOD for m in p.finditer(clause)]
    found += [(m.start(), "side", "killers") for m in KILLERS.finditer(clause)]
    found += [(m.start(), "retract", None) for m in RETRACT.finditer(clause)]
    if re.search(r"杀手|狼|坏人", earlier):
        found += [(m.start(), "side", "good") for m in BARE_DENIAL.finditer(clause)]
    if mocked:
        found = [x for x in found if not (x[1] == "role" and x[2] in KILLER_SIDE)]
    for _, kind, value in sorted(found, key=lambda x: x[0]):
        if value is None:
            f.retract()
        elif kind == "role":
            f.role(value)
        else:
            f.side(value)


ACCUSE = [re.compile(p.replace("{S}", SEATS)) for p in (
    r"怀疑(?:的是|的一直是)?{S}", r"{S}(?:很|太|比较|有点|特别|最)?可疑",
    r"(?<!举手)(?<!人)(?:投|投给|票给|投的是|把票给|票投给)\s*{S}",
    r"(?:今天|先|直接|请大家先|就)?出\s*{S}", r"{S}(?:今天)?必须出", r"{S}(?:在|是)?冒充", r"不信\s*{S}", r"别信\s*{S}",
    r"{S}(?:就|一定|肯定)?是(?:杀手|狼|坏人|假的|假警察|悍跳)", r"{S}(?:是)?悍跳",
    r"{S}(?:太安静|让我觉得不对劲|有问题|不对劲)",
    r"我猜是\s*{S}", r"{S}被指得最多", r"都指\s*{S},?\s*我同意", r"和大家一样怀疑\s*{S}", r"{S}投出了好人",
    r"看看\s*{S}的投票", r"{S}的说法站不住", r"(?:指认|踩)\s*{S}", r"对\s*{S}有(?:点)?看法", r"多看一眼\s*{S}",
    r"{S}.{0,8}(?:划水|带节奏|抢节奏|很虚|打太极|一伙|互相保|一对杀手|不是杀手就是匪民)", r"{S}.{0,6}我先记着",
    r"{S}(?:跟他|和他)?应该是一伙", r"重点看\s*[:：]?\s*{S}", r"假警察就是杀手[:：]?\s*{S}", r"验过\s*{S}[:：]\s*投他",
)]
CLEAR = [re.compile(p.replace("{S}", SEATS)) for p in (
    r"我(?:\S{0,2})?(?:相信|信|认|站)\s*{S}", r"(?:支持|记录支持)\s*{S}", r"{S}是我的?同伴", r"跟\s*{S}是同伴",
    r"{S}(?:就|也|肯定)?是(?:好人|真警察|铁好人|金水|真的医生|真民|我心里的铁好人)",
    r"{S}.{0,8}(?:发言挺正|票投得很正|很正)",
    r"认\s*{S}是好人", r"不要(?:再)?投\s*{S}", r"{S}可以信", r"{S}我也认作好人", r"{S}.{0,3}可惜了",
    r"{S}的验人(?:结果)?我认",
    r"我(?:觉得|认为)(?:他|{S})是真民", r"我暂时认\s*{S}是好人",
)]
YOU = re.compile(rf"(?P<s>{SEAT})[,\s]*我(?:给你查杀|认你是好人)")


def _marks(clause: str, f: Findings, players: int) -> None:
    """Accusations and clears in the speaker's own voice, in text order."""
    found: list[tuple[int, str, list[int]]] = []
    for kind, patterns in (("accuse", ACCUSE), ("clear", CLEAR)):
        for p in patterns:
            found += [(m.start(), kind, seats_in(m.group(0), players)) for m in p.finditer(clause)]
    for m in YOU.finditer(clause):
        found.append((m.start(), "accuse" if "查杀" in m.group(0) else "clear", seats_in(m.group("s"), players)))
    for _, kind, seats in sorted(found, key=lambda x: x[0]):
        (f.accuse if kind == "accuse" else f.clear)(*seats)


QUOTED_ROLE = re.compile(rf"(?:自称|跳|说(?:他|她|自己)是|称(?:他|她|自己)是|报了?自己是)(?:了)?(?P<role>{ROLE})")
QUOTED_ACCUSE = re.compile(rf"(?:说|指认了?|指|踩)\s*(?P<s>{SEATS}|我)(?P<k>是(?:杀手|狼|坏人))?")


def _quote(who: str, content: str, f: Findings, players: int, speaker: int) -> None:
    """Reported speech by the named seat(s); pronouns and crowds name nobody and are dropped."""
    for seat in seats_in(who, players):
        q = Findings()
        m = QUOTED_ROLE.search(content)
        role = role_of(m.group("role"), "zh") if m else None
        if role:
            q.role(role)
        zh_checks.read_quoted_zh(content, q, players, speaker)
        for m2 in QUOTED_ACCUSE.finditer(content):
            if m2.group("k") or not m2.group(0).startswith("说"):
                q.accuse(*(seats_in(m2.group("s"), players) if m2.group("s") != "我" else [speaker]))
        f.quotes.append(quote_of(seat, q, players))
