"""A short brief per role, in English and Chinese: what the role knows, what it wants, its typical plays (issue 10:
"a short brief per role (what it knows, what it wants, typical plays)"). The rules card says how the game runs;
a brief says how a holder of the card plays it. A seat reads its own cards' briefs only (v5: two), in its private
notes, so the shared front of the prompt stays the same for every seat.

Typical plays come from the seeds (/work/shared/seeds/, cited by file name beside each), and are worded so that
they hold in every ruleset that deals the role ("where ..." marks what only some rulesets have).
tests/words/test_role_briefs.py checks every role of every ruleset has its brief in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.roles import role_help


@dataclass(frozen=True)
class Brief:
    knows: str
    wants: str
    plays: str


BRIEFS: dict[str, dict[str, Brief]] = {
    # 004 V2.0 II.3: "平民:帮助警察找出杀手，并在投票中将杀手杀死。任何时候平民都不得故意帮助杀手。"
    # 000 v5.0 "Commoner": "Keep your eyes closed, just use your mind!"
    "civilian": {
        "en": Brief("only your own card; everything else you learn from what is said and how people vote",
                    "the good side's win: the killers found and executed by the day's vote",
                    "listen for contradictions and for speeches that change with the wind; press vague speakers; "
                    "weigh every claimed check against the deaths; never help the killers on purpose"),
        "zh": Brief("只有自己的牌，其余全靠听发言、看投票", "好人获胜：在白天投票中找出并处决杀手",
                    "留意前后矛盾、随风倒的发言，追问含糊的人，用死亡情况核对别人报出的查验；任何时候都不故意帮杀手"),
    },
    # 002 / 000 v3.0 "Key points for using the killer": police, doctor and secret police are the first targets.
    # 000 v5.0 "Killer": agree with your partners, protect your undercover; 004 V2.5 V.3: jump-kill (跳杀).
    "killer": {
        "en": Brief("your partners where you open your eyes together, and any seat the judge shows you",
                    "the killers' win as the card's victory lines say: the seats that matter dead, or your side "
                    "as many as the rest",
                    "agree on one victim with your partners; kill the seats that hurt you most (a police, a doctor, "
                    "a secret police) first; by day pass as a civilian, or claim a power and report false checks; "
                    "never vote as one block; jump-kill to take a dangerous seat with you where the rules allow"),
        "zh": Brief("同伴一起睁眼时认识同伴，以及法官向你们示意的座位",
                    "杀手获胜：按规则卡的胜负条件，杀光关键的人，或杀手人数不少于其他活人",
                    "与同伴统一刀口；先杀对你们威胁最大的警察、医生、秘密警察；白天装平民，或冒充神职报假查验；"
                    "投票别抱团；规则允许时可以跳杀，带走一个危险的人"),
    },
    # 004 V2.0 II.2: "警察:找出杀手，带领平民在白天把杀手以投票方式杀死。"; 002 "警察使用要点": doctors and secret
    # police are on the side of justice. 000 v5.0 "Police": an undercover may open eyes with you.
    "police": {
        "en": Brief("your fellow police where you open your eyes together, and the judge's answer to each check",
                    "the killers found and executed; where the police are the group the killers must wipe out, "
                    "staying alive matters as much",
                    "check the seat the talk points at; reveal results when they can swing a vote, knowing the "
                    "killers will hunt you once you do; lead the civilians' vote; a partner who steers checks away "
                    "may be an undercover where the ruleset has one"),
        "zh": Brief("同伴一起睁眼时认识其他警察，并知道每次查验法官的回答",
                    "找出杀手并在白天投票处决；在警察是杀手要杀光的一方时，活下去同样重要",
                    "查验大家发言指向的人；报出查验要选在能左右投票的时候，报了就会被杀手盯上；带领平民投票；"
                    "有卧底的规则里，总把查验引开的同伴可能就是卧底"),
    },
    # 002 "医生使用要点": guess who will be killed and save him, and keep yourself from being voted out;
    # 004 V2.5 II.4: the doctor may save himself; 004 V4.0 V.4: two empty needles kill.
    "doctor": {
        "en": Brief("whom you saved each night; a peaceful night may be your save (or, where there is one, the "
                    "butterfly's)", "the good side's win",
                    "guess whom the killers will kill tonight (a revealed police first) and save that seat; you may "
                    "save yourself; where empty needles count, a second needle on a seat nobody attacked kills it; "
                    "by day stay credible, a doctor voted out saves nobody"),
        "zh": Brief("每晚救了谁；平安夜可能是你救的（有花蝴蝶时也可能是它抱的）", "好人获胜",
                    "判断杀手今晚会杀谁（先是跳出来的警察）就救谁；可以救自己；算空针的规则里，"
                    "没人杀的人挨第二针空针会死；白天要让人信你，被投出去就救不了人"),
    },
    # 002 "秘密警察使用要点": not killed before he uses his privilege; do not shoot lightly, at least not in the
    # first round; one chance only. 004 V3.5 II.5: one bullet, one vest. 000 v5.0: not as late as possible.
    "secret_police": {
        "en": Brief("only your own card; you look like a civilian to everyone",
                    "the good side's win, with your one shot spent on a killer",
                    "keep your power hidden (it is your talisman against the killers); hold the shot through the "
                    "first round and fire only when you are sure, but not so late that you die unspent"),
        "zh": Brief("只有自己的牌；在别人眼里你就是平民", "好人获胜，唯一一枪打中杀手",
                    "隐藏身份，特权就是护身符；至少第一轮不开枪，有把握再一击必中，但别拖到死也没开枪"),
    },
    # 004 V4.0 II.5: "狙击手每夜睁眼开枪狙杀一人，也可以自杀。"; V.4: killed and sniped dies even when needled.
    "sniper": {
        "en": Brief("only your own card and whom you sniped", "the good side's win",
                    "snipe the seat the talk and the votes mark as a killer; a good seat sniped is lost to your "
                    "side, so hold fire when unsure; a seat both killed and sniped dies even if the doctor needles "
                    "it"),
        "zh": Brief("自己的牌和自己狙了谁", "好人获胜",
                    "狙击发言和投票都指向杀手的人；狙错好人就是帮了杀手，没把握就不开枪；既被杀又被狙的人医生也救不回"),
    },
    # 004 V4.0 II.6, V.5: the hugged seat is immune, but shares the butterfly's fate; 000 v5.0 "Flower Butterfly":
    # it takes a card away, and "tried his best to figure out who the killer was while hugging people".
    "butterfly": {
        "en": Brief("only your own card and whom you hugged (or took) each night", "the good side's win",
                    "hug the seat you most want to keep alive (a likely police): what is aimed at it is void; but "
                    "what befalls you befalls it too, so your death can take it with you; never hug a seat you "
                    "suspect"),
        "zh": Brief("自己的牌，以及每晚抱了（拿走了）谁", "好人获胜",
                    "抱你最想保住的人（比如可能的警察），针对他的行动都无效；但你遭遇什么他也遭遇什么，"
                    "你死他也死；别抱你怀疑的人"),
    },
    # 004 V4.0 II.7: "森林老人每夜可以让一个人禁言，也可以禁言自己。"; V.6: the silenced may still accuse and vote.
    "old_man": {
        "en": Brief("only your own card and whom you silenced", "the good side's win",
                    "silence the seat whose speeches lead the table astray (a suspected killer), never a credible "
                    "police; a silenced seat still accuses and votes, it only cannot talk"),
        "zh": Brief("自己的牌和自己禁言了谁", "好人获胜",
                    "禁言带偏大家的人（可疑的杀手），不要禁言可信的警察；被禁言的人仍可指认和投票，只是不能说话"),
    },
    # 004 V3.5 II.6: "匪民:想尽一切办法扰乱大家视线，帮助杀手胜利。"; III.5: the killers are shown his number;
    # V.3: he may jump-kill; V.4: a police check shows him as good.
    "traitor": {
        "en": Brief("only your own card; the killers know you, you do not know them; a check shows you as good",
                    "the killers' win (you win and lose with them)",
                    "muddy the water any way you can: claim to be a police and report false checks (a check "
                    "cannot expose you), defend seats the good side suspects, spread the votes; jump-kill where "
                    "it takes a dangerous seat with you"),
        "zh": Brief("只有自己的牌；杀手认识你，你不认识杀手；警察验你是好人", "杀手获胜（与杀手同胜负）",
                    "想尽办法扰乱视线：冒充警察报假查验（验不出你），替被怀疑的人说话，把票打散；必要时跳杀带走危险的人"),
    },
    # 004 V3.8 II.6: the undercover opens eyes with the police and checks with them, helping the killers;
    # 000 v5.0 "Undercover": "confuse the police ... to preserve the killer's power"; V.4: police may not check him.
    "undercover": {
        "en": Brief("the police you open your eyes with and their checks; the killers know you (where you open your "
                    "eyes with them on the first night, you know them too)",
                    "the killers' win (you win and lose with them)",
                    "steer the police's checks away from the killers and toward good seats; report the team's "
                    "results when it serves the killers; stay trusted by the police as long as you can; "
                    "jump-kill where the rules allow and it helps"),
        "zh": Brief("和你一起睁眼的警察以及他们的查验结果；杀手认识你（第一夜与杀手一起睁眼的规则里，你也认识他们）",
                    "杀手获胜（与杀手同胜负）",
                    "把警察的查验从杀手身上引开，引向好人；对杀手有利时再报出团队的查验；尽量长久地取得警察信任；"
                    "规则允许且有利时可以跳杀"),
    },
    # 000 v5.0 "dual identities 1": the judge's card is invalid; the other card is the one that plays.
    "judge": {
        "en": Brief("that this card is out of play: your other card is the one that counts",
                    "whatever your other card's side wants",
                    "play your other card; when counting how many killers are left, remember a killer card may "
                    "sit with the judge's card out of play"),
        "zh": Brief("这张牌不参与游戏，算数的是你的另一张牌", "你另一张牌那一方想要的",
                    "按另一张牌来玩；推算还剩几个杀手时，记住可能有杀手牌和法官牌一起作废了"),
    },
}

LEAD = {"en": "Your brief as the {role}: you know {knows}; you want {wants}; typical plays: {plays}.",
        "zh": "{role}的要点——你知道的：{knows}；你想要的：{wants}；常见打法：{plays}。"}


# A role added to the engine's role table before it has a brief here (docs/engine.md's walkthrough needs nothing
# outside engine/): the seat reads the table's one-line help instead.
FALLBACK = {"en": "Your brief as the {role}: {help}.", "zh": "{role}的要点：{help}。"}


def brief(role: str, lang: str, name: str) -> str:
    """The brief of `role` as one sentence in `lang` (`name` is the role's display name)."""
    lang = "zh" if lang == "zh" else "en"
    if role not in BRIEFS:
        return FALLBACK[lang].format(role=name, help=role_help(role, lang))
    b = BRIEFS[role][lang]
    return LEAD[lang].format(role=name, knows=b.knows, wants=b.wants, plays=b.plays)
