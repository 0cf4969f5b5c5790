"""What the prompt adds to the rules card (words/rules_card.py): what each kind of answer decides under this
ruleset's day procedure (a vote, a tie, whether an accusation counts as a vote), the team's majority rule, who
hears a check result, that a power is once per game, and what a public claim is. The card and the day's lines
sit in the shared, cacheable front of the prompt; `consequence` is the line each request ends with."""

from __future__ import annotations

from engine import DecisionKind, Request, Target, display_name, get_ruleset
from engine.moves.decisions import MAX_TEAM_MESSAGE
from engine.roles import ROLES
from words.claims import Claim
from words.claims.render import vote_effect
from words.narrator import Quote, curly, phrase, team_message
from words.role_briefs import brief
from words.rules_card import rules_card
from words.table import table

Phrases = dict[str, dict[str, str]]
V5_VOTE = Claim("day", "card_vote", effect="player_out_all_cards")  # words/claims day_claims: CardVoteDay's claim

# What the day's votes decide and what a tie does, per day procedure (keyed by the procedure's `key`).
VOTES: Phrases = {
    "referendum": {"en": "A vote: raise your hand for one seat; the seat with the most hands is executed. A tie "
                            "is voted again among the tied, then settled by a public lot.",
                      "zh": "投票：举手投一人，得票最多者被处决。平票时在平票者中重投，仍平则公开抽签。"},
    "two_suspects": {"en": "The first show of hands picks the two most suspected (a tie for a place is drawn by "
                             "lot); after their defences the others vote between them: the most votes is "
                             "executed, a tie is a lot.",
                       "zh": "第一次举手选出两名嫌疑人（名额平票则抽签）；二人辩护后其余人在二人中投票，"
                             "得票多者被处决，平票抽签。"},
    "forum_vote": {"en": "A vote: raise your hand for one seat or keep it down; the most votes is executed. A "
                           "tie is voted again among the tied; after at most two more defences and votes, a lot.",
                     "zh": "投票：举手投一人或不举手，得票最多者出局。平票者重投；再经最多两轮辩护和投票仍平则抽签。"},
    "nomination": {"en": "A show of hands on the defendant: raise your hand to execute him. More than half of "
                            "the hands executes him, exactly half is a lot, fewer spares him and the next round "
                            "of accusations begins.",
                      "zh": "对被指认者举手表决：举手即赞成处决。举手超过半数则出局，恰好一半则抽签，不足一半则免死，"
                            "进入下一轮指认。"},
    "round_vote": {"en": "A vote: you must vote for a living seat (yourself allowed) right after speaking; the "
                           "most votes is executed. A tie executes nobody.",
                     "zh": "投票：发言后必须投一名活着的玩家（可投自己），得票最多者被处决；平票则无人被处决。"},
    # R-v5-execution, from the day's claim (words/claims): the player with the most votes goes, all cards.
    "card_vote": {lang: vote_effect(V5_VOTE, lang) for lang in ("en", "zh")},
}
# What each VOTES line states a tied count brings, in turn, as its claim (words/claims/ties.py tie_claim; replayed
# by words/claims/ties.py check_tie with every ballot of the first day split, tests/words/test_tie_claims.py).
VOTE_TIES: dict[str, tuple[str, ...]] = {
    "referendum": ("revote", "lot"),  # R-v1-tie: one revote among the tied, then a lot
    "two_suspects": ("defend_revote", "lot"),  # the two most voted defend, the others vote between them; a tie: lot
    "forum_vote": ("revote", "defend_revote", "defend_revote", "lot"),  # R-forum-revote, R-forum-tie-bound
    "nomination": ("lot",),  # exactly half the hands: a lot (004 V2.0 other rule 1)
    "round_vote": ("nobody",),  # 002 3.E: "如票数最多的人为2人或2人以上，则本轮白天不死人"
    "card_vote": ("nobody",),  # R-v5-tie
}
# What the nomination vote line states a show of hands on the defendant brings, beside a tie (VOTE_TIES): (hands
# up, sequel) as its claim (words/claims/lines.py hands_claim, check_hands): more than half executes him
# (R-nom-majority), fewer spares him and the next accusation round begins (004 V2.0 III.11).
HANDS_SAYS: dict[str, tuple[tuple[str, str], ...]] = {"nomination": (("more", "executed"), ("fewer", "next_round"))}
# What a statement's accusation does where the judge counts it; ACCUSE_SAYS: what each line states an accusation
# round brings, as the day's accusation claim (words/claims/day.py effects; words/claims/lines.py check_accuse_line).
# ACCUSE_TIES: what the line states a tie for the most accused brings (R-nom-defendant-tie, a public lot).
ACCUSE_SAYS: dict[str, str] = {"nomination": "most_defends_last_out", "forum_vote": "each_defends"}
ACCUSE_TIES: dict[str, str] = {"nomination": "lot"}
ACCUSATIONS: Phrases = {
    "nomination": {"en": "Your accusation counts as a vote: the most accused seat of the round (a tie: a lot) "
                            "must defend itself, then faces a show of hands; in the final round the most accused "
                            "is out at once.",
                      "zh": "你的指认就是一票：本轮被指认最多的人（平票抽签）要辩护并接受举手表决；"
                            "生死轮中被指认最多者直接出局。"},
    "forum_vote": {"en": "The seat you accuse becomes a suspect: the suspects defend themselves before the vote.",
                     "zh": "你指认的人成为嫌疑人：投票前嫌疑人为自己辩护。"},
}
# What LINES "team" states follows differing proposals, in turn (words/claims/lines.py team_claim, check_team):
# asked again with the others' proposals (R-team-talk), then the majority (004 V2.0 III.4), a tie a lot seen by the
# team only. LINES "check_team" / "check_alone": the answer goes to the request's team only (check_seen_claim).
TEAM_SAYS: tuple[str, ...] = ("talk", "majority", "lot_team_only")
LINES: Phrases = {
    "section": {"en": "What your answers do", "zh": "你的回答意味着什么"},
    "team": {"en": "Where a team opens its eyes together, each member proposes a target. If the proposals differ, "
                   "the judge shows every member the others' proposals and asks again, for a few rounds at most "
                   "(team talk, seen by that team only); then the judge takes the majority (a member who gives none "
                   "agrees with the others) and draws a tie by lot, seen by that team only.",
             "zh": "同伴一起睁眼时，每人提出一个目标。提议不一时，法官把各人的提议告诉同伴并再问，最多几轮"
                   "（同伴商量，只有该队看到）；之后法官取多数（不表态视为同意别人），平票由抽签决定，只有该队看到。"},
    "claims": {"en": "A speech may carry a public claim: the role you say you hold and the check results you "
                     "report. The whole table hears it and the judge records it; nobody checks it, so it may be "
                     "a lie, and others will weigh it against what they know.",
               "zh": "发言可以附带公开声明：你声称的身份和你报出的查验结果。全桌都会听到，法官会记录；"
                     "没人核实，所以可以说谎，别人会拿它与自己所知对照。"},
    "claims_role": {"en": "A speech may carry a public claim: the role you say you hold. The whole table hears it "
                          "and the judge records it; nobody verifies it, so it may be a lie.",
                    "zh": "发言可以附带公开声明：你声称的身份。全桌都会听到，法官会记录；没人核实，所以可以说谎。"},
    "night_once": {"en": "This power can be used once per game: once spent it is gone.",
                   "zh": "这个技能每局只能用一次：用掉就没有了。"},
    "night_team": {"en": "{who} too; the judge takes your majority, a tie by lot.",
                   "zh": "你的同伴（{seats}号）也在选；法官取你们的多数，平票抽签。"},
    "night_talk": {"en": "{who} too. If your proposals differ, each of you sees the "
                         "others' and may change yours, up to {rounds} rounds in all; then the judge takes your "
                         "majority, a tie by lot.",
                   "zh": "你的同伴（{seats}号）也在选。提议不一时，你们会看到彼此的提议并可更改，最多共{rounds}轮；"
                         "之后法官取你们的多数，平票抽签。"},
    "talk_round": {"en": "Team talk, round {round} of {rounds}: your proposals differed. In the round before, "
                         "{proposals}.",
                   "zh": "同伴商量，第{round}轮（共{rounds}轮）：你们的提议不一。上一轮：{proposals}。"},
    "talk_more": {"en": "Agree on one target and it is tonight's choice; if you still differ you are asked again.",
                  "zh": "意见一致，就是今晚的选择；仍不一致会再问一次。"},
    "message": {"en": "With your choice you may tell your partners something (\"message\", in English, at most "
                      "{n} characters, \"\" for nothing): they read it at the next round, or in their notes once "
                      "the night is settled; nobody else does.",
                "zh": "选择时可以对同伴说一句话（\"message\"，用中文，最多{n}字，不说就填 \"\"）：他们在下一轮看到，"
                      "或在当晚定下之后的记录里看到；别人看不到。"},
    "crossed": {"en": "Say which target you will keep so that you do not swap; where each of you gave way to the "
                      "other, keep the proposal of the lowest seat.",
                "zh": "说清楚你会坚持哪个目标，免得互换；如果双方都让给了对方，就按座位号最小的人的提议。"},
    "talk_last": {"en": "This is the last round: the judge then takes your majority, and draws a tie by lot.",
                  "zh": "这是最后一轮：之后法官取你们的多数，平票抽签。"},
    "orders_talk": {"en": "{who} too, each card its own order (several may name one card, and it dies once). "
                          "After this round each of you sees the others' orders and may change yours, up to "
                          "{rounds} rounds in all; the orders of the last round are tonight's kills.",
                    "zh": "你的同伴（{seats}号）也在下令，每张牌各下各的（几张牌可以指同一张牌，它只死一次）。"
                          "这一轮之后你们会看到彼此的命令并可更改，最多共{rounds}轮；最后一轮的命令就是今晚的刺杀。"},
    "orders_round": {"en": "Killer talk, round {round} of {rounds}: each card gives its own order. In the round "
                           "before, {proposals}.",
                     "zh": "杀手商量，第{round}轮（共{rounds}轮）：每张牌各下各的命令。上一轮：{proposals}。"},
    "orders_more": {"en": "Keep your order or change it; while an order changes you are all asked again.",
                    "zh": "可以坚持或更改你的命令；只要有人改了，你们都会再被问一次。"},
    "orders_last": {"en": "This is the last round: each card's order now is its kill tonight.",
                    "zh": "这是最后一轮：每张牌现在的命令就是它今晚的刺杀。"},
    "check_team": {"en": "The judge's answer (a nod: a killer; a shake: not) goes to you and {whom} only.",
                   "zh": "法官的回答（点头：是杀手；摇头：不是）只有你和{seats}号看到。"},
    "check_alone": {"en": "The judge's answer (a nod: a killer; a shake: not) goes to you alone.",
                    "zh": "法官的回答（点头：是杀手；摇头：不是）只有你自己看到。"},
    "no_count": {"en": "Your accusation is only words here: the judge does not count it; the vote decides.",
                 "zh": "在这里你的指认只是说法，法官不计票，由投票决定。"},
    "defending": {"en": "Your defence is heard by everyone before the vote on you.",
                "zh": "你的辩护所有人都能听到，之后大家对你投票。"},
    "words": {"en": "Last words are heard by everyone; you cannot act again.",
              "zh": "遗言所有人都能听到；你之后不能再行动。"},
}


def _partners(partners: list[str], one: str, more: str, verb_one: str = "", verb_more: str = "") -> str:
    """The en words for a seat's partners, singular for one ("Your partner (seat 6) chooses")."""
    if len(partners) == 1:
        return one.format(partners[0]) + verb_one
    return more.format(", ".join(partners)) + verb_more


def _say(table: Phrases, key: str, lang: str, **values: object) -> str:
    return table[key]["zh" if lang == "zh" else "en"].format(**values)


def day_lines(ruleset: str, lang: str, players: int | None = None) -> tuple[str, ...]:
    """The lines the card gains for the prompt: the vote, the accusation, the team rule (where a team of two or
    more decides together), claims (of checks only where the game has them)."""
    tab = table(ruleset, players)
    day = tab.rules.day.key
    lines = [_say(VOTES, day, lang)]
    if day in ACCUSATIONS:
        lines.append(_say(ACCUSATIONS, day, lang))
    if any(call.together for call in tab.calls):
        lines.append(_say(LINES, "team", lang))
    lines.append(_say(LINES, "claims" if tab.has_action("check") else "claims_role", lang))
    return tuple(lines)


def prompt_card(ruleset: str, lang: str, players: int | None = None) -> str:
    """The rules card (its sections; the ruleset's name is in the prompt's first lines) with what each answer
    does: the same text for every seat of a game."""
    card = rules_card(ruleset, lang, players)
    sections = (*card.sections, (_say(LINES, "section", lang), day_lines(ruleset, lang, players)))
    colon = "：" if lang == "zh" else ":"
    return "\n".join(f"{heading}{colon}\n" + "\n".join(f"  {line}" for line in lines) for heading, lines in sections)


def own_briefs(cards: tuple[str, ...], lang: str, ruleset: str, players: int | None = None) -> tuple[str, ...]:
    """The briefs of the seat's own cards (v5: two; one when both are the same role), for its private notes only:
    what each card knows, wants and typically plays in the game dealt (words/role_briefs.py)."""
    roles = dict.fromkeys(c for c in cards if c in ROLES)
    tab = table(ruleset, players)
    return tuple(brief(r, lang, display_name(r, lang), tab) for r in roles)


def consequence(request: Request, ruleset: str, lang: str) -> str:
    """What follows from this request: what the vote decides and a tie does, whether the accusation counts, that
    a power is once per game, who hears a check result."""
    day = get_ruleset(ruleset).day.key
    seats = "、".join if lang == "zh" else ", ".join
    partners = [str(s) for s in request.team if s != request.seat]
    if request.kind is DecisionKind.NIGHT:
        lines = [_say(LINES, "night_once", lang)] if request.irreversible else []
        if partners and get_ruleset(ruleset).orders_alone(request):  # v5's killer cards (R-v5-killer-talk)
            key = "orders_talk" if request.round <= 1 else "orders_last" if request.round >= request.rounds \
                else "orders_more"
            lines.append(_say(LINES, key, lang, seats=seats(partners), rounds=request.rounds,
                              who=_partners(partners, "Your partner (seat {})", "Your partners (seats {})",
                                            " orders", " order")))
        elif partners and request.round > 1:
            lines.append(_say(LINES, "talk_last" if request.round >= request.rounds else "talk_more", lang))
            lines.append(_say(LINES, "crossed", lang))
        elif partners:
            key = "night_talk" if request.rounds > 1 else "night_team"
            lines.append(_say(LINES, key, lang, seats=seats(partners), rounds=request.rounds,
                              who=_partners(partners, "Your partner (seat {})", "Your partners (seats {})",
                                            " chooses", " choose")))
        if request.may_message:
            lines.append(_say(LINES, "message", lang, n=MAX_TEAM_MESSAGE))
        if request.action == "check":
            lines.append(_say(LINES, "check_team", lang, seats=seats(partners),
                              whom=_partners(partners, "seat {}", "seats {}")) if partners
                         else _say(LINES, "check_alone", lang))
        return " ".join(lines)
    if request.kind is DecisionKind.VOTE:
        return _say(VOTES, day, lang)
    if request.kind is DecisionKind.LAST_WORDS:
        return _say(LINES, "words", lang)
    if request.kind is DecisionKind.DEFENSE:  # a defence's accusation is never counted (engine/day/*.py)
        words = ("" if lang == "zh" else " ") + _say(LINES, "no_count", lang) if request.accusations else ""
        return _say(LINES, "defending", lang) + words
    if request.counts_accusation and day in ACCUSATIONS:
        return _say(ACCUSATIONS, day, lang)
    # Elsewhere the vote decides: an accusation only names a suspect in words (the engine may still list it).
    return _say(LINES, "no_count", lang) if request.accusations else ""


def talk_text(request: Request, lang: str, quote: Quote = curly, orders: bool = False) -> str:
    """A later team-talk round (R-team-talk): which round of how many, what each member proposed in the round
    before ("seat 2 (you) proposed seat 5; seat 4 proposed seat 7") and what each told the team then, its words
    quoted by `quote` like a speech (issue 19); `orders`: the cards give their own orders (v5's killers,
    R-v5-killer-talk), so the round is no disagreement; empty for any other request."""
    if request.round <= 1 or not request.proposals:
        return ""
    said = [phrase(lang, "talk_proposal", seat=_member(lang, request, s),
                   target=phrase(lang, "nobody") if t is None else _target_words(lang, t))
            for s, t in request.proposals]
    text = _say(LINES, "orders_round" if orders else "talk_round", lang, round=request.round,
                rounds=request.rounds, proposals=phrase(lang, "item_sep").join(said))
    words = [(s, team_message({"message": m})) for s, m in request.messages]
    told = [_capital(phrase(lang, "talk_message", seat=_member(lang, request, s), words=quote(m)))
            for s, m in words if m]
    return "\n".join([text, *told])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _member(lang: str, request: Request, seat: int) -> str:
    return phrase(lang, "seat", n=seat) + (phrase(lang, "talk_you") if seat == request.seat else "")


def _target_words(lang: str, target: Target) -> str:
    return phrase(lang, "card", n=target[0], slot=target[1]) if isinstance(target, tuple) else phrase(lang, "seat",
                                                                                                      n=target)
