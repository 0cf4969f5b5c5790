"""The bots' sentences, several per intent, in English and Chinese, in the narrator's vocabulary (seat names,
role names and the game's words come from words/phrases.py through Words). Both languages have the
same intents and the same number of phrasings (tests/agents/bots/test_strategies.py checks it)."""

from __future__ import annotations

from agents.bots.strategies.ground_phrases import EN as GROUNDS_EN
from agents.bots.strategies.ground_phrases import ZH as GROUNDS_ZH

# Intents that say what another seat did or said (speech.py ATTRIBUTING): each is worded as the act the public
# record shows, never as more ("seat 5 accused seat 12", not "seat 5 says seat 12 is a killer"); a claimed check is
# quoted as what its claimant reported.
EN: dict[str, tuple[str, ...]] = {
    # what happened
    "dead": ("{dead} died in the night.", "We lost {dead} last night.", "Last night took {dead} from us.",
             "{dead} did not wake up this morning.", "The night cost us {dead}."),
    "peaceful": ("A peaceful night: nobody died.", "Nobody died last night; someone was saved or spared.",
                 "The night passed quietly, with no one dead.", "Everyone woke up this morning.",
                 "No death last night, which tells us something."),
    "executed": ("Yesterday the vote sent out {seat}.", "{seat} was executed yesterday.",
                 "The table executed {seat} last time.", "We voted {seat} out yesterday."),
    "verdict_side": ("Yesterday we executed {seat}, and the judge said: {side}.",
                     "{seat} went out by the vote, on {side}.", "The judge told us {seat} was on {side}.",
                     "Executing {seat} showed us {side}."),
    "verdict_votes": ("{n} hands went up against {seat} last time.", "The vote sent {seat} out with {n} hands.",
                      "{seat} went out on {n} votes.", "It took {n} votes to send {seat} out."),
    "pointed": ("{by} accused {seat} earlier.", "I heard {by} accuse {seat}.", "{by} pointed at {seat} today.",
                "{by} named {seat} as a suspect."),
    "overclaimed": ("{n} of us have claimed to be a {role}, and the game deals only {cards}: some of those claims "
                    "are lies.", "Count the claims: {n} seats say {role}, but there are only {cards} such cards.",
                    "Only {cards} {role} cards were dealt, yet {n} seats claim one; somebody is lying.",
                    "{n} claims of {role} for {cards} cards: the extra ones are killers hiding."),
    # who I say I am
    "civilian": ("I am a civilian.", "I'm a plain civilian, no power at night.", "Civilian here.",
                 "I hold a civilian card.", "Just a civilian, with nothing to hide."),
    "role": ("I am the {role}.", "I have to show my card now: I am the {role}.", "Here is the truth: I am the {role}.",
             "My card is the {role}.", "Time to say it: I am the {role}."),
    "checks": ("My checks: {checks}.", "What the judge showed me: {checks}.", "My results so far: {checks}.",
               "Here are my checks: {checks}."),
    "checked_killer": ("{seat} is a killer (night {night})", "{seat} got a nod on night {night}",
                       "night {night}, {seat}: a killer"),
    "checked_good": ("{seat} is not a killer (night {night})", "{seat} got a shake on night {night}",
                     "night {night}, {seat}: not a killer"),
    "impostor": ("{seat} claims the police, but that is a lie.", "Do not trust {seat}: it is a false police.",
                 "{seat} is pretending to be the police.", "{seat}'s police claim is false."),
    "doubt": ("Two seats claim the police; I believe {good} over {bad}.",
              "{bad} and {good} both claim the police, and {good} is the one the record backs.",
              "Between {good} and {bad}, I side with {good}.",
              "{good} and {bad} both claim the police; my trust goes to {good}."),
    # accusations
    "accuse_hunch": ("I suspect {seat}, on a hunch.", "Something about {seat} feels wrong.",
                     "My guess is {seat}; prove me wrong.", "I have nothing firm, but I suspect {seat}.",
                     "I do not trust {seat} yet."),
    "no_read": ("I have no strong read yet; let us hear everyone.", "Nothing certain from me yet; keep talking.",
                "I will listen before I point at anyone.", "No accusation from me today: too little to go on.",
                "I want more before I name anyone."),
    "defend": ("I am not a killer; look at who pushes hardest against me.",
               "You are about to execute a good player. Think again.",
               "I am innocent; the killers are happy to see me accused.",
               "Check my votes: I never sided with a killer.", "Executing me helps only the killers."),
    "farewell": ("Good luck to the good side.", "Find them without me.", "Keep your eyes open; they are still here.",
                 "Trust the checks, not the noise.", "Do not let them fool you."),
    "again": ("Once more:", "To repeat myself:", "Still the same from me:", "Nothing has changed for me:"),
}

ZH: dict[str, tuple[str, ...]] = {
    "dead": ("昨晚{dead}死了。", "昨夜我们失去了{dead}。", "天亮了，{dead}没有醒来。", "昨晚倒下的是{dead}。",
             "这一夜{dead}没能挺过去。"),
    "peaceful": ("平安夜，无人死亡。", "昨晚没有人死，有人被救了或躲过了。", "昨夜很安静，没有人死。",
                 "今天早上大家都还在。", "昨晚没死人，这本身就说明了点什么。"),
    "executed": ("昨天投票出局的是{seat}。", "{seat}昨天被处决了。", "上一次大家投出了{seat}。",
                 "昨天{seat}被票走了。"),
    "verdict_side": ("昨天我们投出了{seat}，法官说：{side}。", "{seat}被投出局，是{side}。",
                     "法官告诉我们，{seat}是{side}。", "投出{seat}之后才知道，他是{side}。"),
    "verdict_votes": ("上次有{n}人举手投{seat}。", "投票以{n}票送走了{seat}。", "{seat}以{n}票出局。",
                      "{seat}是被{n}票投出去的。"),
    "pointed": ("{by}刚才指认了{seat}。", "我听到{by}在指{seat}。", "{by}今天把{seat}列为嫌疑人。",
                "{by}点了{seat}的名。"),
    "overclaimed": ("已经有{n}人说自己是{role}，可{role}牌只有{cards}张：有人在说谎。",
                    "数一数：{n}个人报{role}，这局只发了{cards}张{role}牌。",
                    "{role}牌只有{cards}张，报{role}的却有{n}个，多出来的就是在藏身份。",
                    "{n}个{role}对{cards}张牌，多出来的那几个很可能是杀手。"),
    "civilian": ("我是平民。", "我是普通平民，晚上没有能力。", "我就是个平民。", "我拿的是平民牌。",
                 "平民一个，没什么好藏的。"),
    "role": ("我是{role}。", "现在必须亮身份了：我是{role}。", "实话告诉大家：我是{role}。", "我的牌是{role}。",
             "是时候说了：我是{role}。"),
    "checks": ("我的验人：{checks}。", "法官给我的结果：{checks}。", "我目前的查验：{checks}。",
               "我的查验如下：{checks}。"),
    "checked_killer": ("第{night}夜查{seat}是杀手", "第{night}夜验{seat}，法官点头", "第{night}夜，{seat}：杀手"),
    "checked_good": ("第{night}夜查{seat}不是杀手", "第{night}夜验{seat}，法官摇头", "第{night}夜，{seat}：好人"),
    "impostor": ("{seat}自称警察，这是假的。", "别信{seat}：他是假警察。", "{seat}在冒充警察。",
                 "{seat}的警察身份是假的。"),
    "doubt": ("两个人都说自己是警察；我信{good}，不信{bad}。", "{bad}和{good}都跳警察，场上的记录支持{good}。",
              "{good}和{bad}之间，我站{good}。", "{good}和{bad}都说是警察，我信{good}。"),
    "accuse_hunch": ("我怀疑{seat}，凭直觉。", "{seat}让我觉得不对劲。", "我猜是{seat}，请证明我错了。",
                     "我没有确凿的理由，但我怀疑{seat}。", "我暂时信不过{seat}。"),
    "no_read": ("我暂时没有明确的判断，先听听大家怎么说。", "我还没有把握，大家继续说。", "我先听，不急着指认。",
                "今天我不指认：线索太少。", "我想再多听一些再点名。"),
    "defend": ("我不是杀手；看看谁在拼命踩我。", "你们要投出的是好人，再想想。",
               "我是清白的，杀手最乐意看到我被指认。", "查查我的投票：我从没站在杀手一边。",
               "投我出局只对杀手有利。"),
    "farewell": ("好人加油。", "没有我，你们也要把他们找出来。", "睁大眼睛，他们还在场上。", "相信验人，别听噪音。",
                 "别被他们骗了。"),
    "again": ("再说一遍：", "我还是那句话：", "我的看法没变：", "我的立场不变："),
}

# with the grounds' words (ground_phrases.py): the reasons a speech gives, and how it concludes from them
PHRASES: dict[str, dict[str, tuple[str, ...]]] = {"en": EN | GROUNDS_EN, "zh": ZH | GROUNDS_ZH}

# The private reasoning: one sentence per fact, in the game's language.
REASON_EN: dict[str, str] = {
    "me": "I am {seat}, playing for {side} as the {role}.",
    "partners": "My partners: {seats}.",
    "police_mates": "My fellow police: {seats}.",
    "my_checks": "My checks: {checks}.",
    "belief": "{seat} claims the police; I believe it at {pct} % ({why}).",
    "no_claims": "Nobody has claimed the police yet.",
    "top": "Most suspicious to me: {pairs}.",
    "fake": "We put up {seat} as a false police.",
    "bus": "{seat} is lost; I vote with the table to look clean.",
    "hide": "I keep my card hidden for now.",
    "show_card": "I show my card now.",
    "why_died": "killed after claiming", "why_confirmed": "a check confirmed", "why_contradicted":
    "a check contradicted", "why_alone": "the only claim", "why_counter": "named a killer by a stronger claim",
    "why_exposed": "it exposed a false police", "why_agrees": "its checks agree with a believed police",
    "why_disagrees": "its checks disagree with a believed police",
    "why_partner": "my own partner", "why_impostor": "I know the police, and it is not one",
    "why_none": "no evidence yet",
}

REASON_ZH: dict[str, str] = {
    "me": "我是{seat}，身份是{role}，站在{side}。",
    "partners": "我的同伴：{seats}。",
    "police_mates": "我的警察同伴：{seats}。",
    "my_checks": "我的验人：{checks}。",
    "belief": "{seat}自称警察；我信他{pct}%（{why}）。",
    "no_claims": "还没有人自称警察。",
    "top": "我最怀疑：{pairs}。",
    "fake": "我们让{seat}跳假警察。",
    "bus": "{seat}已经保不住了；我跟着大家投他，显得清白。",
    "hide": "我暂时不亮身份。",
    "show_card": "现在我亮出身份。",
    "why_died": "跳警察后被杀", "why_confirmed": "验人被证实", "why_contradicted": "验人被推翻",
    "why_alone": "唯一的警察",
    "why_counter": "被更可信的警察验成杀手",
    "why_exposed": "他揭穿了假警察", "why_agrees": "验人与可信的警察一致", "why_disagrees": "验人与可信的警察矛盾",
    "why_partner": "我自己的同伴", "why_impostor": "我认识警察，他不是",
    "why_none": "还没有证据",
}

REASONS: dict[str, dict[str, str]] = {"en": REASON_EN, "zh": REASON_ZH}
