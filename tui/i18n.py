"""Every string the TUI shows, in English and Chinese; role names come from engine.roles (one table)."""

from __future__ import annotations

from typing import Any

from engine import display_name
from engine.roles import ROLES, action_name
from tui.i18n_screens import SCREEN_STRINGS
from words.phrases import PHRASES

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "seat": "Seat {n}",
        "you": "you",
        "dead": "dead",
        "silenced": "silenced",
        "phase_over": "Game over",
        "view_public": "PUBLIC VIEW",
        "view_god": "GOD VIEW",
        "view_seat": "SEAT {n}'S VIEW",
        "playing": "playing",
        "paused": "paused",
        "live": "live",
        "speed": "speed x{n}",
        "step": "event {i}/{n}",
        "seats_title": "The table",
        "feed_title": "The judge and the speeches",
        "votes_title": "Votes",
        "you_title": "Your seat",
        "no_votes": "No votes yet today.",
        "votes_more": "+{n} more: {more}",
        "col_seat": "#",
        "col_state": "state",
        "col_role": "role",
        "col_notes": "public",
        "col_notes_private": "known",
        "cause_night": "died at night",
        "cause_executed": "executed",
        "cause_jump_kill": "jump-killed",
        "short_night": "night",
        "short_executed": "executed",
        "short_jump_kill": "jump-kill",
        "judge": "Judge",
        "judge_prefix": "Judge: ",
        "you_hold": "You hold: {cards}.",
        "silent": "(silent)",
        "speaking": " is speaking…: ",
        "reasoning": "reasoning",
        "notebook": "notebook",
        "suspicions": "suspects",
        "checked_killer": "checked: killer",
        "checked_good": "checked: not killer",
        "executed_side_note": "was {side}",
        "suspect_note": "suspect",
        "accused_note": "accused",
        "teammate": "teammate",
        "opened_with": "opened eyes with you",
        "card_lost": "card {slot} dead",
        # the notes of a narrow table (one line a seat: short words, never wrapped)
        "teammate_short": "mate",
        "opened_with_short": "eyes",
        "checked_killer_short": "✓killer",
        "checked_good_short": "✓good",
        "executed_side_note_short": "={side}",
        "suspect_note_short": "susp.",
        "accused_note_short": "acc.",
        "card_lost_short": "✗card{slot}",
        "claimed_note_short": "≈{role}",
        "side_killer": "killers'",
        "side_good": "good",
        # play
        "your_turn": "Seat {n}: your turn",
        "you_are": "You are seat {n}: {cards}.",
        "your_team": "Your team: {seats}.",
        "waiting": "Waiting for the other players...",
        "pending": "The judge asks: {what}",
        "ask_night": "{role}: choose whom to {action}",
        "ask_vote": "Vote: raise your hand for",
        "ask_statement": "Your statement (Enter to speak)",
        "ask_defense": "Your defense (Enter to speak)",
        "ask_last_words": "Your last words (Enter to speak)",
        "ask_accusation": "Whom do you accuse?",
        "no_accusation": "Accuse nobody",
        "pass": "Nobody (pass)",
        "no_hand": "Nobody (keep the hand down)",
        "target_card": "seat {n}, card {slot}",
        "silenced_notice": "You are silenced today: you cannot speak. Press Enter.",
        "confirm_title": "This cannot be undone",
        "confirm_body": "{what}. Are you sure?",
        "confirm_what": "{asked}: {target}",
        "yes": "Yes",
        "no": "No, choose again",
        "speak_or_confess": "Speak, or jump-kill?",
        "speak": "Speak",
        "confess": "Jump-kill: reveal yourself as a killer (you die, night falls)",
        "refused": "Not accepted: {why} Choose again.",
        "empty_speech": "Say something (or press Escape to stay silent).",
        "privacy_title": "Pass the keyboard",
        "privacy_body": "Seat {n}, it is your turn. Everyone else: look away.\n\nPress Enter when only seat {n} "
                        "is looking.",
        "game_over_title": "Game over",
        "you_won": "You won",
        "you_lost": "You lost",
        "you_draw": "A draw: nobody won",
        "seat_won": "seat {n} won",
        "seat_lost": "seat {n} lost",
        "reveal_title": "Everyone's cards",
        "night_actions": "Who did what at night",
        "transcript_at": "Transcript: {path}",
        "resume_hint": "Resume with: killer play --resume {game}",
        "close": "Press Enter, q or Esc to close.",
        "jump_title": "Jump to",
        "god_locked": "The god view opens at game over.",
        "quit_saved": "Saved. Resume with: {command}",
    },
    "zh": {
        "seat": "{n}号",
        "you": "你",
        "dead": "死亡",
        "silenced": "禁言",
        "votes_more": "另有{n}个：{more}",
        "phase_over": "游戏结束",
        "view_public": "公共视角",
        "view_god": "上帝视角",
        "view_seat": "{n}号的视角",
        "playing": "播放中",
        "paused": "已暂停",
        "live": "直播",
        "speed": "速度 x{n}",
        "step": "事件 {i}/{n}",
        "seats_title": "牌桌",
        "feed_title": "法官与发言",
        "votes_title": "投票",
        "you_title": "你的座位",
        "no_votes": "今天还没有投票。",
        "col_seat": "#",
        "col_state": "状态",
        "col_role": "身份",
        "col_notes": "公开信息",
        "col_notes_private": "已知",
        "cause_night": "夜里死亡",
        "cause_executed": "被处决",
        "cause_jump_kill": "自爆",
        "short_night": "夜里",
        "short_executed": "处决",
        "short_jump_kill": "自爆",
        "judge": "法官",
        "judge_prefix": "法官：",
        "you_hold": "你的牌：{cards}。",
        "silent": "（沉默）",
        "speaking": "正在发言……：",
        "reasoning": "思路",
        "notebook": "笔记本",
        "suspicions": "怀疑",
        "checked_killer": "验过：杀手",
        "checked_good": "验过：好人",
        "executed_side_note": "是{side}",
        "suspect_note": "嫌疑人",
        "accused_note": "被指认",
        "teammate": "同伴",
        "opened_with": "与你一起睁眼",
        "card_lost": "第{slot}张牌死亡",
        "teammate_short": "同伴",
        "opened_with_short": "同睁",
        "checked_killer_short": "验杀",
        "checked_good_short": "验好",
        "executed_side_note_short": "是{side}",
        "suspect_note_short": "嫌",
        "accused_note_short": "指",
        "card_lost_short": "死{slot}",
        "claimed_note_short": "称{role}",
        "side_killer": "杀手",
        "side_good": "好人",
        "your_turn": "{n}号：轮到你了",
        "you_are": "你是{n}号：{cards}。",
        "your_team": "你的同伴：{seats}。",
        "waiting": "等待其他玩家……",
        "pending": "法官问：{what}",
        "ask_night": "{role}：选择{action}的对象",
        "ask_vote": "投票：举手投给",
        "ask_statement": "你的发言（回车发言）",
        "ask_defense": "你的辩护（回车发言）",
        "ask_last_words": "你的遗言（回车发言）",
        "ask_accusation": "你指认谁？",
        "no_accusation": "不指认",
        "pass": "无人（放弃）",
        "no_hand": "无人（不举手）",
        "target_card": "{n}号第{slot}张牌",
        "silenced_notice": "你今天被禁言，不能发言。按回车继续。",
        "confirm_title": "此操作不可撤销",
        "confirm_body": "{what}。确定吗？",
        "confirm_what": "{asked}：{target}",
        "yes": "确定",
        "no": "不，重新选择",
        "speak_or_confess": "发言，还是自爆？",
        "speak": "发言",
        "confess": "自爆：亮明杀手身份（你死亡，直接入夜）",
        "refused": "不接受：{why}请重新选择。",
        "empty_speech": "请说点什么（或按 Esc 保持沉默）。",
        "privacy_title": "请交换键盘",
        "privacy_body": "{n}号，轮到你了。其他人请回避。\n\n只有{n}号在看屏幕时按回车。",
        "game_over_title": "游戏结束",
        "you_won": "你赢了",
        "you_lost": "你输了",
        "you_draw": "平局：没有人获胜",
        "seat_won": "{n}号赢了",
        "seat_lost": "{n}号输了",
        "reveal_title": "所有人的牌",
        "night_actions": "夜里谁做了什么",
        "transcript_at": "记录文件：{path}",
        "resume_hint": "继续游戏：killer play --resume {game}",
        "close": "按回车、q 或 Esc 关闭。",
        "jump_title": "跳转到",
        "god_locked": "上帝视角在游戏结束后开放。",
        "quit_saved": "已保存。继续游戏：{command}",
    },
}

for _lang, _table in SCREEN_STRINGS.items():
    STRINGS[_lang].update(_table)



# The words the TUI shares with the renders and the replay page are the narrator's (words/phrases.py): each key of
# the TUI's on the left reads the phrase on the right, so a table, a render and the page never word a thing twice.
FROM_WORDS = {"alive": "alive", "night": "night_heading", "day": "day_heading", "phase_night": "night_heading",
              "phase_day": "day_heading", "phase_start": "before_first_night", "col_player": "render_col_agent",
              "nobody": "nobody", "winner_killers": "won_killers", "winner_good": "won_good", "winner_draw": "won_draw",
              "fallback": "render_fallback", "target_seat": "seat",
              "view_name_seat": "seat", "claims": "claims_short", "claimed_note": "claims_short"}
for _lang, _table in STRINGS.items():
    _table.update({key: PHRASES["zh" if _lang == "zh" else "en"][word] for key, word in FROM_WORDS.items()})


def tr(lang: str, key: str, **values: Any) -> str:
    """The UI string `key` in `lang` (English when missing), formatted with `values`."""
    table = STRINGS.get(lang, STRINGS["en"])
    template = table.get(key) or STRINGS["en"].get(key) or key
    return template.format(**values)


def role(lang: str, role_id: Any) -> str:
    """A role's display name; unknown ids are shown as they are."""
    return display_name(role_id, lang) if isinstance(role_id, str) and role_id in ROLES else str(role_id)


def action(lang: str, action_id: Any) -> str:
    """A night action's verb (engine.roles holds the table)."""
    return action_name(str(action_id), lang)


def seat_list(lang: str, seats: Any) -> str:
    """'1, 4, 9' (en) or '1、4、9号' (zh)."""
    items = [str(s) for s in (seats or [])]
    if lang == "zh":
        return "、".join(items) + "号" if items else tr(lang, "nobody")
    return ", ".join(items) if items else tr(lang, "nobody")
