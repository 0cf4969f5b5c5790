"""The replay page's own words (its controls, headings and the pictures' captions) in English and Chinese; every
event is the narrator's sentence (words.narrator), never a label of this table. No label states a rule of the
game (what the judge does): a rule the page tells must be rendered from its claim (words/claims), and
tests/orchestrator/output/test_page_labels.py holds the labels to that."""

from __future__ import annotations

from typing import Any

from words.phrases import PHRASES

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "end": "The end", "timeline": "Timeline",
        "previous": "Previous", "next": "Next", "play": "Play", "pause": "Pause", "show_all": "Show everything",
        "position": "Event {n} of {total}", "key_help": "Keys: ← previous, → next, Esc shows everything.",
        "god_toggle": "God view (cards, night choices, team talk, reasoning)",
        "ruleset": "Ruleset", "players": "Players", "seed": "Seed", "language": "Language", "view": "View",
        "alive_title": "Who is alive", "dead": "out", "just_dead": "out since the last day",
        "silenced": "silenced today", "wounded": "lost a card",
        "votes": "The hands raised", "vote_row": "{target} ← {voters} ({n})", "kept_down": "Hands kept down: {voters}",
        "vote_graph": "Who raised a hand for whom: {tally}", "each_vote": "Each hand, with its reasoning",
        "cards_title": "Every card", "col_fate": "at the end", "unfinished": "The game was not finished.",
        "made_by": "A replay written by killer render --html: one file, nothing loaded from anywhere else.",
        "index_title": "Games of {name}", "index_intro": "{n} games; each opens as a replay page ({view}).",
        "index_result": "{ruleset}, {players} players, seed {seed}: {result}", "index_seats": "Seats: {seats}",
        "index_degraded": "degraded (a seat fell back on more than 10% of its decisions)",
        "index_report": "The report: report.md",
        "title": "{game} ({view})", "alive_count": "{title}: {alive}/{total}",
        "own_cards": "Your cards ({seat}):", "hands_title": "Every seat's cards", "hand": "{seat}: {cards}",
        "strip": "The seats as this view knows them at this step", "slider": "Step through the game",
        "strip_alive": "{seat}: alive", "strip_dead": "{seat}: out",
        "strip_votes": "{n} hands in the latest ballot", "strip_targets": "tonight: {actions}",
        "show_arrows": "Show who voted for whom (arrows)",
    },
    "zh": {
        "end": "终局", "timeline": "时间线",
        "previous": "上一步", "next": "下一步", "play": "播放", "pause": "暂停", "show_all": "显示全部",
        "position": "第{n}步，共{total}步", "key_help": "按键：← 上一步，→ 下一步，Esc 显示全部。",
        "god_toggle": "上帝视角（身份牌、夜间行动、队内商议、思考）",
        "ruleset": "规则", "players": "人数", "seed": "随机种子", "language": "语言", "view": "视角",
        "alive_title": "存活情况", "dead": "出局", "just_dead": "新近出局",
        "silenced": "今日禁言", "wounded": "失去一张牌",
        "votes": "举手情况", "vote_row": "{target} ← {voters}（{n}票）", "kept_down": "未举手：{voters}",
        "vote_graph": "谁投给了谁：{tally}", "each_vote": "每一票及其理由",
        "cards_title": "所有身份牌", "col_fate": "终局时", "unfinished": "本局没有下完。",
        "made_by": "由 killer render --html 生成的回放：单个文件，不从任何其他地方加载内容。",
        "index_title": "{name} 的对局", "index_intro": "共{n}局；每局打开为一个回放页面（{view}）。",
        "index_result": "{ruleset}，{players}人，随机种子 {seed}：{result}", "index_seats": "座位：{seats}",
        "index_degraded": "降级（有座位超过10%的决定使用了兜底）",
        "index_report": "报告：report.md",
        "title": "{game}（{view}）", "alive_count": "{title}：{alive}/{total}",
        "own_cards": "你的身份牌（{seat}）：", "hands_title": "各座位的身份牌", "hand": "{seat}：{cards}",
        "strip": "本视角此刻所知的各座位", "slider": "逐步查看对局",
        "strip_alive": "{seat}：存活", "strip_dead": "{seat}：出局",
        "strip_votes": "上一轮表决得{n}票", "strip_targets": "今夜：{actions}",
        "show_arrows": "显示谁投给了谁（箭头）",
    },
}


# The page's words shared with the renders and the TUI are the narrator's (words/phrases.py), not repeated here.
FROM_WORDS = {"setup": "before_first_night", "alive": "alive", "strip_claim": "claims_short"}
for _lang, _labels in LABELS.items():
    _labels.update({key: PHRASES["zh" if _lang == "zh" else "en"][word] for key, word in FROM_WORDS.items()})


def label(lang: str, key: str, **values: Any) -> str:
    """A page label in `lang` (en unless zh), with its fields filled in."""
    return LABELS["zh" if lang == "zh" else "en"][key].format(**values)
