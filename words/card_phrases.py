"""The rules card's sentences, in en and zh, keyed by what the engine names: the day procedure's and the
last-words policy's `key`, the night's rulings (engine/night/procedure.py `CalledNight.rulings`), and the card's
own headings and joins. words/rules_card.py puts them together for the game dealt (words/table.py);
tests/words/test_rules_card.py checks every key the engine uses has its sentence in both languages.

Chinese lines use Chinese punctuation throughout (full-width colons and enumeration commas).
"""

from __future__ import annotations

Phrases = dict[str, dict[str, str]]  # name -> lang -> sentence

DAYS: Phrases = {
    "referendum": {"en": "Every living seat speaks in turn and names a suspect; a referendum executes one.",
                   "zh": "活着的玩家依次发言并指认嫌疑人，全体表决处决一人。"},
    "two_suspects": {"en": "Everyone speaks in turn; a show of hands picks the two most suspected, who defend "
                           "themselves; after another vote the seat with the most votes is executed.",
                     "zh": "依次发言；举手选出两名最可疑的人，二人辩护后再投票，得票最多者被处决。"},
    "forum_vote": {"en": "Everyone speaks in turn, from the right of the dead; the suspects defend themselves; "
                         "a show of hands executes the seat with the most votes (ties are voted again).",
                   "zh": "从死者右手边开始依次发言；嫌疑人辩护后举手投票，得票最多者出局（平票重投）。"},
    "nomination": {"en": "Accusation rounds: seats accuse in turn, the most accused defends, then a show of "
                         "hands (more than half) decides; in the last round the most accused is out.",
                   "zh": "指认轮：依次指认，被指认最多的人辩护，再举手表决（过半数出局）；"
                         "最后一轮为生死轮，得票最多者直接出局。"},
    # 002 v4.0 3.E: "杀手被投死，没有遗言" / "好人被投死，请留遗言" (engine/day/round_vote.py: executed_side).
    "round_vote": {"en": "Everyone speaks in turn and votes right after speaking (everyone must vote, self "
                         "allowed); the seat with the most votes is executed. The judge then announces the "
                         "executed seat's side: a killer (no last words) or a good seat.",
                   "zh": "依次发言，发言后立即投票（每人必须投一人，可投自己）；得票最多者被处决。"
                         "法官随即宣布被处决者是杀手（没有遗言）还是好人。"},
    # 000 v5.0 rule 2: "the living cards are your voting rights ... The maximum is two votes"; R-v5-execution: the
    # vote kicks out the whole player; R-v5-verdict-cards: the verdict names the cards that leave; rule 3: dead cards
    # are laid down for all to see, "No one knows what card you died from"; R-v5-tie.
    "card_vote_player_out_all_cards": {
        "en": "Everyone speaks in turn, then everyone votes at once for a living player (themselves allowed); each "
              "living card is one vote (at most two). The player with the most votes is kicked out with all their "
              "living cards, and the judge names the cards that leave, never what they were; a tie kicks out "
              "nobody. At dawn the judge shows which cards died, never what they were.",
        "zh": "依次发言，然后所有人同时投票给一名活着的玩家（可投自己）；每张活牌一票（最多两票）。"
              "得票最多的玩家连同他所有活着的牌一起出局，法官公布离场的是哪几张牌，但不公布是什么牌；平票则无人出局。"
              "天亮时法官公布哪些牌死了，但不公布是什么牌。"},
}
# What each day sentence of DAYS states of the day's calls, as its claim (words/claims day_claims): the vote's
# shape ("seat": any living seat, "defendant": the one accused), must_vote / self (a hand may not stay down, may
# name its own seat), what an accusation round brings (words/claims/day.py effects), what a tied count brings
# (words/claims/ties.py reactions: "two most suspected ... defend ... after another vote"; "ties are voted
# again") and what the judge announces.
# words/claims/check_day.py holds each against the engine's own day (the day call claims it replays).
DAY_SAYS: dict[str, dict[str, object]] = {
    "referendum": {"vote": "seat"},
    "two_suspects": {"vote": "seat", "tie": ("defend_revote",)},
    "forum_vote": {"vote": "seat", "must_vote": False, "accuse": "each_defends", "tie": ("revote",)},
    "nomination": {"vote": "defendant", "must_vote": False, "accuse": "most_defends_last_out"},
    "round_vote": {"vote": "seat", "must_vote": True, "self": True, "announced": ("executed_side",)},
}
# Who hears a seat's day statement before voting, per day procedure (the TUI's statement help, words/claims/render.py
# statement_help; held to the engine's first days by words/claims/lines.py check_statement): "heard_before_vote":
# every vote of a count comes after every statement before it; "vote_after_own": each seat votes right after its
# own statement (002 v4.0 3.C "辩护完的人立即投票依次进行"), so only the seats after it hear it before they vote.
STATEMENTS: dict[str, str] = {
    "referendum": "heard_before_vote", "two_suspects": "heard_before_vote", "forum_vote": "heard_before_vote",
    "nomination": "heard_before_vote", "round_vote": "vote_after_own", "card_vote": "heard_before_vote",
}
LAST_WORDS: Phrases = {
    "none": {"en": "Nobody leaves last words.", "zh": "任何人没有遗言。"},
    "classic": {"en": "The murdered leave last words; an executed killer does not, an executed good "
                      "seat does.", "zh": "被杀者留遗言；被处决的杀手没有遗言，被处决的好人有。"},
    "quota": {"en": "The first deaths of the game (a quota by table size) leave last words.",
              "zh": "最先死亡的几人（按人数定额）留遗言。"},
    "first_night": {"en": "Only the seat killed on the first night leaves last words.",
                    "zh": "只有第一夜被杀的人有遗言。"},
    "v4": {"en": "Every dead seat leaves last words, except an executed killer (a silenced seat stays "
                 "mute).", "zh": "死者均可留遗言，被处决的杀手除外（被禁言者不能说话）。"},
}
# The night's rulings: what the resolver does beyond each call's own line.
RULINGS: Phrases = {
    "sp_immune": {"en": "The killers cannot kill the secret police before he has fired his shot.",
                  "zh": "秘密警察开枪之前，杀手杀不死他。"},
    "shot_killers_only": {"en": "The secret police's shot kills a killer and does nothing to anyone else; either "
                                "way it is spent.",
                          "zh": "秘密警察打中杀手则杀手死亡，打中别人没有效果；无论打中谁，这一枪都用掉了。"},
    "rifle_any": {"en": "The secret police's one bullet kills whoever it hits, even a seat the doctor saves.",
                  "zh": "秘密警察的一发子弹能打死任何人，医生也救不回。"},
    "vest": {"en": "The secret police's vest stops the killers' kill once per game.",
             "zh": "秘密警察的防弹衣每局能挡住一次杀手的刀。"},
    "shot_lost_if_killed": {"en": "A secret police killed that same night fires in vain.",
                            "zh": "秘密警察当晚被杀，他打出的子弹无效。"},
    "hug_blocks_check": {"en": "The police get no answer when they check the seat the butterfly hugged.",
                         "zh": "警察验的是花蝴蝶抱的人时，法官不给任何提示。"},
    "killed_and_sniped": {"en": "A seat killed or sniped survives if the doctor needles it, unless it was both "
                                "killed and sniped.",
                          "zh": "被杀或被狙的人若被医生扎针则不死，但既被杀又被狙的人扎针也救不回。"},
    "empty_needles": {"en": "A needle on a seat neither killed nor sniped is an empty needle; a seat's second "
                            "empty needle kills it.",
                      "zh": "没被杀也没被狙却被扎针是空针；同一人累计两次空针则死亡。"},
    "take_card": {"en": "A card the butterfly takes away cannot act and cannot die that night; if the butterfly's "
                        "card dies, the taken card dies with it.",
                  "zh": "被花蝴蝶拿走的牌当晚不能行动，也不会死；花蝴蝶的牌若死，被拿走的牌一起死。"},
    "sp_card_immune": {"en": "The killers cannot kill a secret police card that has not fired yet.",
                       "zh": "还没开枪的秘密警察牌杀不死。"},
    "rifle_any_card": {"en": "A secret police card's one shot kills whatever card it hits; the doctor cannot "
                             "undo it.", "zh": "秘密警察牌的一枪能打死任何一张牌，医生救不回。"},
    "checks_alone": {"en": "Each checking card gets its own answer, seen by its holder alone.",
                     "zh": "每张验人的牌各自得到答案，只有持牌人看到。"},
    "undercover_nods": {"en": "A check on the undercover's card is a nod, as on a killer card; a check on the "
                              "card the butterfly took gets no answer.",
                        "zh": "验到卧底的牌，法官点头，和杀手牌一样；验到被花蝴蝶拿走的牌没有答案。"},
}
HEAD: Phrases = {
    "players": {"en": "{n} players (this ruleset: {low}–{high}): {roles}.",
                "zh": "{n} 人局（本规则 {low}–{high} 人）：{roles}。"},
    "count": {"en": "{role} ×{n}", "zh": "{role}×{n}"},
    "list": {"en": ", ", "zh": "、"},
    "and": {"en": " and ", "zh": "和"},
    "or": {"en": " or ", "zh": "或"},
    "colon": {"en": ": ", "zh": "："},
    "stop": {"en": ".", "zh": "。"},
    "step": {"en": "{i}. {line}.", "zh": "{i}、{line}。"},
    "side_line": {"en": "{side}: {roles}.", "zh": "{side}：{roles}。"},
    "cards": {"en": "Each seat holds {k} cards and every card acts on its own; a seat is out when all its cards "
                    "are.", "zh": "每人 {k} 张牌，每张牌各自行动；牌全部出局人才出局。"},
    "known": {"en": "On the first night {who} open their eyes together and know each other's seats.",
              "zh": "第一夜{who}一起睁眼，互相认识。"},
    "openers": {"en": "On the first night {who} open their eyes together: they know each other's seats, not "
                      "each other's cards.",
                "zh": "第一夜{who}一起睁眼：互相认识座位，但不知道彼此是什么牌。"},
    "shown": {"en": "The judge shows the killers the seat of the {roles}.", "zh": "法官把{roles}的座位告诉杀手。"},
    "night": {"en": "Night (the judge calls, in this order)", "zh": "夜晚（法官依次叫醒）"},
    "day": {"en": "Day", "zh": "白天"},
    "victory": {"en": "Victory", "zh": "胜负"},
    "roles": {"en": "Roles", "zh": "角色"},
    "dawn": {"en": "At dawn the judge names who died, never how or what they were.",
             "zh": "天亮时法官只宣布谁死了，不说怎么死的，也不说是什么身份。"},
    "dawn_silenced": {"en": "At dawn the judge names who died, never how or what they were, and who is silenced "
                            "for the day.",
                      "zh": "天亮时法官宣布谁死了（不说怎么死的，也不说是什么身份）以及谁被禁言。"},
    "must_name": {"en": "Every call names a seat (or card) unless its line says it may choose nobody.",
                  "zh": "每次被叫醒都必须指定一人（或一张牌），除非该条写明可以不选。"},
    # 004 V2.5/V3.5/V3.8/V4.0 other rule 3 (R-jump-kill-alone): "如有人承认自己是杀手，法官判此人死亡(即出局)，且立即
    # 宣布进入黑夜，所有未发言的人均不能发言" -- the confessor alone dies.
    "jump_kill_confessor_dies_night_falls": {
        "en": "{roles} may jump-kill in a day speech: confess to being a killer instead of speaking; the confessor "
              "alone dies, at once, and night falls (nobody else speaks that day and nobody dies with him).",
        "zh": "{roles}可在白天发言时跳杀：不发言而承认自己是杀手；只有跳杀者本人当场死亡，立即入夜"
              "（当天未发言的人不再发言，也不会带走任何人）。"},
    "effect_confessor_dies_night_falls": {"en": "you alone die, at once, and night falls; nobody dies with you",
                                          "zh": "只有你自己当场死亡，立即入夜，不会带走任何人"},
    # R-silenced-no-jump: 004 V4.0 other rule 6 "被禁言者，在白天不能发言，也不能有任何其他肢体动作".
    "jump_not_silenced": {"en": " A silenced seat may not jump-kill.", "zh": "被禁言者不能跳杀。"},
    "confess_confessor_dies_night_falls": {
        "en": "You may confess instead of speaking (a jump-kill): you alone die, at once, and night falls; nobody "
              "dies with you.",
        "zh": "你可以不发言而自爆（跳杀）：只有你当场死亡，立即入夜；不会带走任何人。"},
    # The private notes of a dead seat (prompts/*/private.j2, small_private.j2), from the last-words claim.
    "dead_none": {"en": "You are dead: nobody leaves last words in this game, so nothing more is asked of you.",
                  "zh": "你已经死亡：本局没有遗言，不会再问你任何事。"},
    "dead_words": {"en": "You are dead: you may still be asked for last words.",
                   "zh": "你已经死亡：仍可能被要求留遗言。"},
    # The TUI help's lines for a day vote and a speech's accusation (tui/screens/help.py), from the day's call
    # claims (words/claims/day.py): what a hand may name, whether it may stay down, what an accusation brings.
    "help_vote_seat": {"en": "Your vote: raise your hand for one seat", "zh": "你的投票：为一名玩家举手"},
    "help_vote_defendant": {"en": "Your vote: raise your hand to vote the defendant out",
                            "zh": "你的投票：举手即赞成让被指认者出局"},
    "help_self_yes": {"en": " (yourself allowed)", "zh": "（可投自己）"},
    "help_self_no": {"en": " (not yourself)", "zh": "（不能投自己）"},
    "help_keep_down": {"en": ", or keep it down", "zh": "，也可以不举手"},
    "help_must_raise": {"en": "; you must raise it", "zh": "，必须举手"},
    "help_weighted": {"en": "; your hand counts once per living card", "zh": "，你有几张活牌就算几票"},
    "help_counted": {"en": "; the judge counts the hands.", "zh": "；法官计票。"},
    "help_statement_heard_before_vote": {"en": "Your statement: say what you think in one turn; everyone hears it "
                                               "before the vote.",
                                         "zh": "你的发言：轮到你说出看法，所有人投票前都会听到。"},
    "help_statement_vote_after_own": {"en": "Your statement: say what you think in one turn, then vote at once; only "
                                            "the seats speaking after you hear it before they vote.",
                                      "zh": "你的发言：轮到你说出看法，说完立即投票；"
                                            "只有在你之后发言的人投票前能听到。"},
    "help_accuse_may": {"en": "Then you may accuse one other seat, or nobody",
                        "zh": "然后你可以指认一名其他玩家，也可以不指认"},
    "help_accuse_must": {"en": "Then you must accuse one other seat", "zh": "然后你必须指认一名其他玩家"},
    "help_most_defends": {"en": "; the most accused must defend.", "zh": "，被指认最多的人要辩护。"},
    "help_most_defends_last_out": {"en": "; the most accused must defend, and in the day's last round he is out "
                                         "at once.",
                                   "zh": "，被指认最多的人要辩护；当天最后一轮中被指认最多者直接出局。"},
    "help_each_defends": {"en": "; every seat accused defends before the vote.",
                          "zh": "，每个被指认的人都要在投票前辩护。"},
    "help_not_counted": {"en": "; the judge does not count it: the votes decide.",
                         "zh": "；法官不计这个指认，由投票决定。"},
    "vote_player_out_all_cards": {
        "en": "A vote: you must vote for a living player (yourself allowed); your hand counts once per living card. "
              "The player with the most votes is kicked out with all their living cards; a tie kicks out nobody.",
        "zh": "投票：必须投一名活着的玩家（可投自己），你有几张活牌就算几票。得票最多的玩家连同他所有活着的牌一起出局；"
              "平票则无人出局。"},
    # R-v5-table-counts: 000 v5.0 "someone with a big monster reveals the big monster, and this person is the
    # judge"; "if the other card drawn by the judge is a killer, it means that there is one less killer".
    "deck": {"en": "{n} players (this ruleset: {low}–{high}), {k} cards each. The deck: {roles} ({total} cards), "
                   "dealt in {hands} hands. Whoever is dealt the Judge card is the judge, not a player: that hand "
                   "leaves the table and the judge's other card (unknown to the players) is out of play. The {n} "
                   "players hold the other {held} cards: of each kind the number listed, or one fewer.",
             "zh": "{n} 人局（本规则 {low}–{high} 人），每人 {k} 张牌。整副牌：{roles}（共 {total} 张），"
                   "分成 {hands} 手。"
                   "摸到大王(法官)的人是法官，不是玩家：这一手离开牌桌，法官的另一张牌（玩家不知道是什么）不参与游戏。"
                   "{n} 名玩家手里是其余 {held} 张牌：每种牌为所列数目，或少一张。"},
    "eyes_up_to": {"en": "On the first night the players holding a {who} card open their eyes together (up to {n} "
                         "players) and know each other's seats, not each other's cards.",
                   "zh": "第一夜持有{who}牌的玩家一起睁眼（最多 {n} 人），互相认识座位，但不知道彼此是什么牌。"},
    # R-v5-two-sided (the seeds are silent: "if he is a killer and a doctor ... I won't talk about the consequences").
    "two_sided": {"en": "A player holding a {roles} card plays for the killers' side for the whole game, even after "
                        "that card dies; each of their cards still acts as its own card does.",
                  "zh": "手里有{roles}牌的玩家整局都属于杀手方，即使这张牌已死；他的每张牌仍按各自的牌行动。"},
    # R-v5-half-hand: "if both of your cards die, you will die".
    "half_hand": {"en": "A player with one dead card plays on with the other: the dead card no longer acts or votes.",
                  "zh": "一张牌死了的玩家用另一张牌继续玩：死去的牌不再行动，也不再算票。"},
    # R-v5-killer-orders: "Then the killer tells the judge one by one who he wants to kill"; R-v5-killer-talk: in a
    # game with team talk the killer cards see each other's orders and messages first ("jointly decide").
    "v5_kill": {"en": "Each {role} card gives its own order: a card to kill ({n} {role} cards at most: up to {n} "
                      "cards die){own}; in a game with team talk the killer players first see each other's orders "
                      "and messages and may change theirs; they see every card's order at dawn",
                "zh": "每张{role}牌各自下令杀一张牌（最多 {n} 张{role}牌，最多死 {n} 张牌）{own}；有团队商议的局里，"
                      "持杀手牌的玩家先看到彼此的指令和留言，可以改；天亮时他们看到每张牌的指令"},
    "good_wins": {"en": "The good side wins when every {roles} is dead.", "zh": "{roles}全部出局，好人胜。"},
    "killers_win": {"en": "The killers win when every {roles} is dead.", "zh": "{roles}全部出局，杀手胜。"},
    "parity": {"en": "The killers win when they are as many as everyone else alive.",
               "zh": "活着的杀手人数不少于其他活人时，杀手胜。"},
    "both": {"en": "Both at once is a draw.", "zh": "同时满足则平局。"},
    "endless": {"en": "the day limit was reached", "zh": "达到天数上限"},
    "team_killers": {"en": "Killers' side", "zh": "杀手方"},
    "team_good": {"en": "Good side", "zh": "好人方"},
}
# A night call's qualifiers, from the call as the engine asks it.
CALL: Phrases = {
    # R-team-majority, R-team-talk: the members see each other's differing proposals before the majority.
    "together": {"en": " (together: when their proposals differ they see each other's and may change them, for a "
                       "few rounds; then the judge takes their majority, a tie by lot)",
                 "zh": "（共同决定：提议不一时互相看到并可更改，最多几轮；之后法官取多数，平票抽签）"},
    "may_pass": {"en": "; they may choose nobody", "zh": "；可以不选"},
    "not_self": {"en": "; not themselves", "zh": "；不能选自己"},
    "self": {"en": "; themselves allowed", "zh": "；可以选自己"},
    "self_cards": {"en": "; their own cards allowed", "zh": "；可以选自己的牌"},
    "not_partners": {"en": "; not a partner", "zh": "；不能选同伴"},
}
# A role's line in the prompt's list of the game's cards.
ROLE: Phrases = {
    "line": {"en": "{name} ({id}, {side}) ×{n}: {what}", "zh": "{name}（{id}，{side}）×{n}：{what}"},
    "night": {"en": "at night, {help}", "zh": "夜里{help}"},
    "with_partners": {"en": ", together with its partners ({n} in all)", "zh": "（与同伴一起，共{n}人）"},
    "no_power": {"en": "no night power", "zh": "夜里没有能力"},
    "partners": {"en": "learns its partners' seats on the first night", "zh": "第一夜认识同伴"},
    "openers": {"en": "opens its eyes with {who} on the first night", "zh": "第一夜与{who}一起睁眼"},
    "shown": {"en": "the killers are shown its seat", "zh": "杀手知道他的座位"},
    "plays_for": {"en": "plays for the killers", "zh": "站在杀手一边"},
    "finds": {"en": "finds the killers by talk and votes", "zh": "靠发言和投票找出杀手"},
    "sep": {"en": "; ", "zh": "；"},
    "out": {"en": "out of play", "zh": "不参与游戏"},
    "judge": {"en": "whoever is dealt it is the judge; the judge's other card is out of play",
              "zh": "摸到它的人就是法官，法官的另一张牌也不参与游戏"},
    "side_killers": {"en": "killers' side", "zh": "杀手方"},
    "side_good": {"en": "good side", "zh": "好人方"},
}


def say(table: Phrases, key: str, lang: str, **values: object) -> str:
    """The sentence `key` of `table` in `lang` (en where a line has no zh)."""
    line = table[key]
    return line["zh" if lang == "zh" and "zh" in line else "en"].format(**values)
