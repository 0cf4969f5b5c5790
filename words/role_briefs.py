"""A short brief per role, in English and Chinese, for the game dealt: what the role knows, what it wants, its
typical plays (issue 10: "a short brief per role (what it knows, what it wants, typical plays)"). The rules card
says how the game runs; a brief says how a holder of the card plays it. A seat reads its own cards' briefs only
(v5: two), in its private notes, so the shared front of the prompt stays the same for every seat.

Each part is a list of tips; a tip says what it `needs` of the game (words/table.py: a card dealt, partners known,
a call that may pass...), and a brief carries only the tips its game meets (issue 19): no team wording for a team
of one, no role or power the game lacks, no advice the engine does not offer as a legal move (the sniper holds
fire only where a call may pass). Typical plays come from the seeds (/work/shared/seeds/, cited beside each).
Each tip also names the moves and effects it relies on (`relies_on`, words/claims/advice.py keys: a call that may
pass, a jump-kill, a check's answer...): tests/words/test_brief_claims.py holds every tip said, in every ruleset
and size, against the engine (words/claims/check_advice.py), and tests/words/test_fitted_cards.py checks the
briefs' words against the game dealt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import display_name
from engine.roles import role_help
from words.card_phrases import HEAD, say
from words.claims import Claim
from words.claims.advice import advice_claims
from words.claims.render import confess_effect, names
from words.table import Table


@dataclass(frozen=True)
class Tip:
    """One thing a brief may say, in both languages, and what the game must have for it to be said."""

    en: str
    zh: str
    needs: tuple[str, ...] = ()  # words/role_briefs.py NEEDS keys; "not:KEY" for the opposite
    relies_on: tuple[str, ...] = ()  # the moves and effects it relies on, as rule claims (words/claims/advice.py)


@dataclass(frozen=True)
class Brief:
    knows: tuple[Tip, ...]
    wants: tuple[Tip, ...]
    plays: tuple[Tip, ...]


Need = Callable[[Table, str], bool]  # (the game dealt, the brief's role) -> whether the game has it
NEEDS: dict[str, Need] = {
    "partners": lambda t, r: any(r in group and len(group) > 1 for group in t.known),  # learnt at the deal
    "together": lambda t, r: t.together(r),
    "openers": lambda t, r: r in t.openers,
    "shown": lambda t, r: bool(t.shown),
    "shown_me": lambda t, r: r in t.shown,
    "check": lambda t, r: t.has_action("check"),
    "hug": lambda t, r: t.has_action("hug"),
    "take": lambda t, r: t.has_action("take"),
    "pass": lambda t, r: t.may_pass(r),
    "self": lambda t, r: t.self_target(r),
    "jump": lambda t, r: t.jump_kill(r),
    "specials": lambda t, r: bool(t.specials),
    "police": lambda t, r: t.dealt("police"),
    "civilian": lambda t, r: t.dealt("civilian"),
    "butterfly": lambda t, r: t.dealt("butterfly"),
    "undercover": lambda t, r: t.dealt("undercover"),
    "counted": lambda t, r: t.rules.day.key == "nomination",  # the day counts accusations as votes
    "hands": lambda t, r: t.rules.cards_per_seat > 1,  # v5: two cards a seat (R-v5-two-sided)
    "police_wipe": lambda t, r: any("police" in group for group in t.rules.victory.wipe_out),
    **{f"ruling:{name}": (lambda t, r, name=name: name in t.rulings)  # type: ignore[misc]
       for name in ("sp_immune", "rifle_any", "vest", "hug_blocks_check", "killed_and_sniped", "empty_needles",
                    "undercover_nods")},
}


def _t(en: str, zh: str, *needs: str, on: tuple[str, ...] = ()) -> Tip:
    """A tip; `on` names the moves and effects it relies on (words/claims/advice.py keys), which the claim test
    holds against the engine wherever the tip is said."""
    return Tip(en, zh, needs, on)


BRIEFS: dict[str, Brief] = {
    # 004 V2.0 II.3: "平民:帮助警察找出杀手，并在投票中将杀手杀死。任何时候平民都不得故意帮助杀手。"
    # 000 v5.0 "Commoner": "Keep your eyes closed, just use your mind!"
    "civilian": Brief(
        (_t("only your own card; everything else you learn from what is said and how people vote",
            "只有自己的牌，其余全靠听发言、看投票", on=("vote",)),),
        (_t("the good side's win: the killers found and executed by the day's vote",
            "好人获胜：在白天投票中找出并处决杀手", on=("vote",)),),
        (_t("listen for contradictions and for speeches that change with the wind; press vague speakers",
            "留意前后矛盾、随风倒的发言，追问含糊的人"),
         _t("weigh every claimed check against the deaths", "用死亡情况核对别人报出的查验", "check",
            on=("call:*:check", "claim")),
         _t("count the role claims against the cards dealt: more claims of a card than the game deals means "
            "someone lies", "拿声称的身份对照发下的牌数：声称某身份的人比牌还多，就有人在说谎", on=("claim",)),
         _t("never help the killers on purpose", "任何时候都不故意帮杀手"))),
    # 002 / 000 v3.0 "Key points for using the killer": the special identities are the first targets.
    # 000 v5.0 "Killer": agree with your partners, protect your undercover; 004 V2.5 V.3: jump-kill (跳杀).
    "killer": Brief(
        (_t("your partners, from the first night", "第一夜起就认识的同伴", "partners", on=("knows:@",)),
         _t("the seat the judge shows you", "法官向你们示意的座位", "shown", on=("knows:shown",)),
         _t("only your own card", "只有自己的牌", "not:partners", "not:shown")),
        (_t("the killers' win as the card's victory lines say", "杀手获胜：按规则卡的胜负条件"),),
        (_t("agree on one victim with your partners", "与同伴统一刀口", "together", on=("together:@:kill",)),
         _t("kill the special cards that hurt you most first ({specials})",
            "先杀对你们威胁最大的特殊身份（{specials}）", "specials", on=("call:@:kill",)),
         _t("by day pass as a civilian, or claim the police and report false checks", "白天装平民，或冒充警察报假查验",
            "civilian", "police", "check", on=("claim", "call:police:check")),
         _t("by day pass as a civilian", "白天装平民", "civilian", "not:police"),
         _t("never vote as one block", "投票别步调一致", "partners", on=("vote",)),
         _t("protect your undercover", "保护好你们的卧底", "undercover", "partners", on=("knows:undercover",)),
         _t("whatever your other card is, you play for the killers' side for the whole game, even after this card "
            "dies", "不管你的另一张牌是什么，你整局都属于杀手方，即使这张牌已死", "hands", on=("two_sided",)),
         _t("jump-kill only where your death helps your partners ({jump})", "只在你的死对同伴有利时跳杀（{jump}）",
            "jump", "partners", on=("knows:@", "jump")),
         _t("jump-kill only where your death helps your side ({jump})", "只在你的死对本方有利时跳杀（{jump}）",
            "jump", "not:partners", on=("jump",)))),
    # 004 V2.0 II.2: "警察:找出杀手，带领平民在白天把杀手以投票方式杀死。"; 002 "警察使用要点": doctors and secret
    # police are on the side of justice. 000 v5.0 "Police": an undercover may open eyes with you.
    "police": Brief(
        (_t("your fellow police, from the first night", "第一夜起就认识的其他警察", "partners", "not:undercover",
            on=("knows:@",)),
         _t("the seats that open their eyes with you, one of them an undercover", "和你一起睁眼的人，其中有一个卧底",
            "partners", "undercover", on=("knows:undercover",)),
         _t("the seats that open their eyes with you, one of them an undercover", "和你一起睁眼的人，其中有一个卧底",
            "openers", on=("knows:undercover",)),
         _t("the judge's answer to each of your checks", "每次查验法官的回答", on=("call:@:check",))),
        (_t("the killers found and executed", "找出杀手并在白天投票处决"),
         _t("and to stay alive: once every {wipe} is dead, the killers win", "还要活下去：{wipe}全部死亡，杀手就获胜",
            "police_wipe", on=("wins:police",))),
        (_t("check the seat the talk points at", "查验大家发言指向的人", on=("call:@:check",)),
         _t("reveal results when they can swing a vote, knowing the killers will hunt you once you do",
            "报出查验要选在能左右投票的时候，报了就会被杀手盯上", on=("vote", "claim")),
         _t("lead the civilians' vote", "带领平民投票", "civilian", on=("vote",)),
         _t("a partner who steers the checks away may be the undercover", "总把查验引开的同伴可能就是卧底",
            "undercover", "together", on=("together:@:check", "knows:undercover")),
         _t("no answer means you checked the seat the butterfly hugged", "没有回答说明你验的是花蝴蝶抱的人",
            "ruling:hug_blocks_check", on=("ruling:hug_blocks_check",)))),
    # 002 "医生使用要点": guess who will be killed and save him, and keep yourself from being voted out;
    # 004 V2.5 II.4: the doctor may save himself; 004 V4.0 V.4: two empty needles kill.
    "doctor": Brief(
        (_t("whom you saved each night; a peaceful night may be your save", "每晚救了谁；平安夜可能是你救的",
            on=("call:@:save",)),
         _t("or the butterfly's hug", "也可能是花蝴蝶抱的", "hug", on=("call:butterfly:hug",))),
        (_t("the good side's win", "好人获胜"),),
        (_t("guess whom the killers will kill tonight (a revealed police first) and save that seat",
            "判断杀手今晚会杀谁（先是跳出来的警察）就救谁", "police", on=("call:@:save",)),
         _t("guess whom the killers will kill tonight and save that seat", "判断杀手今晚会杀谁就救谁", "not:police",
            on=("call:@:save",)),
         _t("you may save yourself", "可以救自己", "self", on=("self:@:save",)),
         _t("a needle on a seat nobody attacks is an empty needle and a second one kills it, so do not needle a "
            "quiet seat twice", "没人杀的人挨针是空针，第二针空针会死，所以别给同一个没事的人扎两次",
            "ruling:empty_needles", on=("ruling:empty_needles",)),
         _t("by day stay credible: a doctor voted out saves nobody", "白天要让人信你，被投出去就救不了人",
            on=("vote",)))),
    # 002 "秘密警察使用要点": not killed before he uses his privilege; do not shoot lightly, at least not in the
    # first round; one chance only. 004 V3.5 II.5: one bullet, one vest. 000 v5.0: not as late as possible.
    "secret_police": Brief(
        (_t("only your own card; you look like a civilian to everyone", "只有自己的牌；在别人眼里你就是平民"),),
        (_t("the good side's win, with your one shot spent on a killer", "好人获胜，唯一一枪打中杀手",
            on=("call:@:shoot",)),),
        (_t("keep your power hidden", "隐藏身份"),
         _t("the killers cannot kill you before you fire: it is your talisman", "开枪前杀手杀不死你，这是你的护身符",
            "ruling:sp_immune", on=("ruling:sp_immune",)),
         _t("your vest stops one kill", "防弹衣能挡住一次刀", "ruling:vest", on=("ruling:vest",)),
         _t("hold the shot through the first round and fire only when you are sure, but not so late that you "
            "die unspent", "至少第一轮不开枪，有把握再一击必中，但别拖到死也没开枪", "pass", on=("pass:@:shoot",)),
         _t("your bullet kills whoever it hits, a good seat too", "子弹打谁谁死，好人也一样", "ruling:rifle_any",
            on=("ruling:rifle_any",)))),
    # 004 V4.0 II.5: "狙击手每夜睁眼开枪狙杀一人，也可以自杀。"; V.4: killed and sniped dies even when needled.
    "sniper": Brief(
        (_t("only your own card and whom you sniped", "自己的牌和自己狙了谁", on=("call:@:snipe",)),),
        (_t("the good side's win", "好人获胜"),),
        (_t("snipe the seat the talk and the votes mark as a killer", "狙击发言和投票都指向杀手的人",
            on=("vote", "call:@:snipe")),
         _t("a good seat sniped is lost to your side, so hold fire when unsure", "狙错好人就是帮了杀手，没把握就不开枪",
            "pass", on=("pass:@:snipe",)),
         _t("you must snipe a seat every night, so when nothing is known yet aim at the seat the table suspects "
            "most, never at one it trusts", "你每夜都必须狙一个人，所以还看不清时就狙大家最怀疑的人，别狙大家信任的人",
            "not:pass", on=("must:@:snipe",)),
         _t("a seat both killed and sniped dies even if the doctor needles it", "既被杀又被狙的人医生也救不回",
            "ruling:killed_and_sniped", on=("ruling:killed_and_sniped",)))),
    # 004 V4.0 II.6, V.5: the hugged seat is immune, but shares the butterfly's fate; 000 v5.0 "Flower Butterfly":
    # it takes a card away, and "tried his best to figure out who the killer was while hugging people".
    "butterfly": Brief(
        (_t("only your own card and whom you hugged each night", "自己的牌，以及每晚抱了谁", "hug", on=("call:@:hug",)),
         _t("only your own cards and which card you took each night", "自己的牌，以及每晚拿走了哪张牌", "take",
            on=("call:@:take",))),
        (_t("the good side's win", "好人获胜"),),
        (_t("hug the seat you most want to keep alive (a likely police)", "抱你最想保住的人（比如可能的警察）",
            "hug", "police", on=("call:@:hug",)),
         _t("hug the seat you most want to keep alive", "抱你最想保住的人", "hug", "not:police", on=("call:@:hug",)),
         _t("what is aimed at it is void; but what befalls you befalls it too, so your death can take it with you; "
            "never hug a seat you suspect", "针对他的行动都无效；但你遭遇什么他也遭遇什么，你死他也死；别抱你怀疑的人",
            "hug", on=("call:@:hug",)),
         _t("take away the card you most want kept alive tonight: it cannot be killed, but it cannot act, and it "
            "dies if your card dies", "拿走你今晚最想保住的牌：它不会被杀，但也不能行动，你的牌死了它也一起死",
            "take", on=("call:@:take",)))),
    # 004 V4.0 II.7: "森林老人每夜可以让一个人禁言，也可以禁言自己。"; V.6: the silenced may still accuse and vote.
    "old_man": Brief(
        (_t("only your own card and whom you silenced", "自己的牌和自己禁言了谁", on=("call:@:silence",)),),
        (_t("the good side's win", "好人获胜"),),
        (_t("silence the seat whose speeches lead the table astray (a suspected killer)",
            "禁言带偏大家的人（可疑的杀手）", on=("call:@:silence",)),
         _t("never a credible police", "不要禁言可信的警察", "police", on=("call:@:silence",)),
         _t("a silenced seat still accuses and votes, it only cannot talk", "被禁言的人仍可指认和投票，只是不能说话",
            "counted", on=("silenced:accuses", "silenced:votes")),
         _t("a silenced seat still votes, it only cannot talk", "被禁言的人仍可投票，只是不能说话", "not:counted",
            on=("silenced:votes",)))),
    # 004 V3.5 II.6: "匪民:想尽一切办法扰乱大家视线，帮助杀手胜利。"; III.5: the killers are shown his number;
    # V.3: he may jump-kill; V.4: a police check shows him as good.
    "traitor": Brief(
        (_t("only your own card", "只有自己的牌"),
         _t("the killers know your seat, you do not know theirs", "杀手知道你的座位，你不知道他们", "shown_me",
            on=("shown:@",)),
         _t("a police check shows you as not a killer", "警察验你是好人", "check", on=("answer:@:not_killer",))),
        (_t("the killers' win (you win and lose with them)", "杀手获胜（与杀手同胜负）"),),
        (_t("muddy the water any way you can", "想尽办法扰乱视线"),
         _t("claim to be a police and report false checks (a check cannot expose you)",
            "冒充警察报假查验（验不出你）", "police", "check", on=("claim", "call:police:check")),
         _t("defend seats the good side suspects and spread the votes", "替被怀疑的人说话，把票打散", on=("vote",)),
         _t("jump-kill only where your death helps the killers ({jump})", "只在你的死对杀手有利时跳杀（{jump}）",
            "jump", on=("jump",)))),
    # 004 V3.8 II.6: the undercover opens eyes with the police and checks with them, helping the killers;
    # 000 v5.0 "Undercover": "confuse the police ... to preserve the killer's power"; V.4: police may not check him.
    "undercover": Brief(
        (_t("the police you open your eyes with and their checks", "和你一起睁眼的警察以及他们的查验结果", "openers",
            on=("call:police:check", "knows:police")),
         _t("the killers and the police you open your eyes with", "和你一起睁眼的杀手和警察", "partners",
            on=("knows:killer", "knows:police")),
         _t("the killers know your seat", "杀手知道你的座位", "shown_me", on=("shown:@",))),
        (_t("the killers' win (you win and lose with them)", "杀手获胜（与杀手同胜负）"),),
        (_t("steer the police's checks away from the killers and toward good seats",
            "把警察的查验从杀手身上引开，引向好人", "check", on=("call:police:check",)),
         _t("report the team's results when it serves the killers", "对杀手有利时再报出查验结果", "check",
            on=("claim", "call:police:check")),
         _t("stay trusted by the police as long as you can", "尽量长久地取得警察信任"),
         _t("whatever your other card is, you play for the killers' side for the whole game, even after this card "
            "dies", "不管你的另一张牌是什么，你整局都属于杀手方，即使这张牌已死", "hands", on=("two_sided",)),
         _t("a check on your card is a nod, so keep the police's checks off you",
            "验到你的牌法官会点头，别让警察验到你", "ruling:undercover_nods", on=("ruling:undercover_nods",)),
         _t("jump-kill only where your death helps the killers ({jump})", "只在你的死对杀手有利时跳杀（{jump}）",
            "jump", on=("jump",)))),
    # 000 v5.0 "dual identities 1": the judge's card is invalid; the other card is the one that plays.
    "judge": Brief(
        (_t("that this card is out of play: your other card is the one that counts",
            "这张牌不参与游戏，算数的是你的另一张牌", on=("judge_out",)),),
        (_t("whatever your other card's side wants", "你另一张牌那一方想要的", on=("judge_out",)),),
        (_t("play your other card", "按另一张牌来玩", on=("judge_out",)),)),
}

LEAD = {"en": "Your brief as the {role}: you know {knows}; you want {wants}; typical plays: {plays}.",
        "zh": "{role}的要点——你知道的：{knows}；你想要的：{wants}；常见打法：{plays}。"}
JOIN = {"knows": {"en": ", ", "zh": "，"}, "wants": {"en": " ", "zh": "，"}, "plays": {"en": "; ", "zh": "；"}}

# A role added to the engine's role table before it has a brief here (docs/engine.md's walkthrough needs nothing
# outside engine/): the seat reads the table's one-line help instead.
FALLBACK = {"en": "Your brief as the {role}: {help}.", "zh": "{role}的要点：{help}。"}


def holds(tip: Tip, tab: Table, role: str) -> bool:
    """Whether the game dealt has everything the tip needs."""
    return all(NEEDS[n.removeprefix("not:")](tab, role) != n.startswith("not:") for n in tip.needs)


def tips(role: str, part: str, tab: Table) -> list[Tip]:
    """The tips of one part of a role's brief ("knows", "wants", "plays") that hold in the game dealt."""
    return [t for t in getattr(BRIEFS[role], part) if holds(t, tab, role)]


def advice(role: str, tab: Table) -> tuple[tuple[Tip, tuple[Claim, ...]], ...]:
    """Every tip the brief of `role` says in the game dealt, with the rule claims it relies on (its `relies_on`
    keys as words/claims/advice.py reads them): tests/words/test_claims.py holds each against the engine."""
    if role not in BRIEFS:
        return ()
    return tuple((t, advice_claims(t.relies_on, role, tab)) for part in JOIN for t in tips(role, part, tab))


def _words(tip: Tip, lang: str, role: str, tab: Table) -> str:
    """The tip in `lang`; what it says of a jump-kill or of a win is its claim's (R-jump-kill-alone, victory)."""
    claims = advice_claims(tip.relies_on, role, tab)
    jump = next((c for c in claims if c.act == "jump_kill"), None)
    wipe = next((c for c in claims if c.act == "wins"), None)
    specials = say(HEAD, "list", lang).join(display_name(r, lang) for r in tab.specials)
    words: str = getattr(tip, lang)
    return words.format(specials=specials, jump=confess_effect(jump, lang) if jump else "",
                        wipe=names(wipe.subject, lang) if wipe else "")


def brief(role: str, lang: str, name: str, tab: Table) -> str:
    """The brief of `role` for the game dealt, as one sentence in `lang` (`name` is the role's display name)."""
    lang = "zh" if lang == "zh" else "en"
    if role not in BRIEFS:
        return FALLBACK[lang].format(role=name, help=role_help(role, lang))
    parts = {part: JOIN[part][lang].join(_words(t, lang, role, tab) for t in tips(role, part, tab)) for part in JOIN}
    return LEAD[lang].format(role=name, **parts)
