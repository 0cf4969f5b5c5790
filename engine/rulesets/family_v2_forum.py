"""003's numbered v2.0 rules (v2-forum): bandits (killers), police, civilians; a judge card; a last-words quota.

Rulings (docs/rules.md):
- R-forum-judge-card: 003 rule 1 deals 13 cards, "抽到王的为法官"; the engine is the judge, so the players are
  dealt the other cards and the 王 is recorded as the judge card, out of play. Player counts exclude the judge.
- R-forum-table: 12 players (13 with the judge) = 3 bandits, 3 police, 6 civilians (rule 1); up to 10 players
  ("10人左右" with the judge, note 1) = 2 bandits, 2 police; 11 players = 3/3; 7 to 15 players (note 1: fewer than
  8 at the table "没什么可玩的").
- R-forum-quota: note 4's quota counts the dealt bandits; a 2/2 deal at 11 or 12 at the table (10 or 11
  players) gets 3. The first k seats to die, night or day, bandits included, leave last words.
- R-forum-self-kill: 补充1 lets the bandits kill themselves or each other by majority; the team majority of
  004 V2.0 III.4 (night.common.team_choice) decides, so any living seat is a legal target.
- R-forum-no-repeat: 补充3 ("不允许连续三次或三次以上第一轮杀掉同一个人") spans several games; one game cannot
  break it, so the engine does not enforce it (a tournament runner could).
"""

from __future__ import annotations

from engine.day.forum import ForumVoteDay
from engine.night.basic import resolve_kill_save_check
from engine.night.procedure import CalledNight
from engine.rng import Rng
from engine.ruleset import LastWords, Ruleset, Victory
from engine.rulesets.common import SEED_003, introduce_killers_and_police, killers_step, police_step, ratio_table
from engine.state import GameState

JUDGE_CARD = "judge"


def forum_table(n: int) -> tuple[str, ...]:
    """003 rule 1: "13张扑克牌，其中1张王，3张j，3张k，6张普通牌"; note 1: "在10人左右，则匪徒和警的人数减至2匪2警"."""
    teams = 2 if n <= 10 else 3
    return ratio_table(n, teams, teams)


def forum_dealer(rules: Ruleset, n: int, rng: Rng) -> tuple[tuple[tuple[str, ...], ...], str | None]:
    """R-forum-judge-card: the players draw from the table's cards; the 王 stays with the judge (the engine)."""
    cards = list(rules.composition(n))
    rng.shuffle(cards)
    return tuple((c,) for c in cards), JUDGE_CARD


def words_quota(state: GameState) -> int:
    """003 note 4: "2匪2警时只有前两个被杀的人能留遗言，3匪3警时只有前三个 ...
    当人数为11或12人的2匪2警时 ... 也可以有3个遗言"."""
    bandits = sum(1 for s in state.seats if s.role == "killer")
    police = sum(1 for s in state.seats if s.role == "police")
    if bandits == 2 and police == 2 and len(state.seats) + 1 in (11, 12):
        return 3
    return bandits


def quota_last_words(state: GameState, seat: int, cause: str) -> bool:
    """003 note 4 (R-forum-quota): the first `quota` deaths, night or day, leave last words; 补充2: "有遗言的说遗言后
    退出该轮，没遗言的直接退出"."""
    order = state.death_order
    return seat in order and order.index(seat) < words_quota(state)


V2_FORUM = Ruleset(
    id="v2-forum",
    title="003 forum v2.0 — bandits, police, civilians; last-words quota",
    sources=(SEED_003,),
    players=(7, 15),
    default_players=12,
    composition=forum_table,
    night=CalledNight(steps=(
        # R-forum-self-kill: any living seat, the bandits' own included, by the team majority.
        killers_step(True, "003 rule 4: 任意一位匪徒示意法官，杀掉在座的任意一位; "
                     "补充1: 匪徒自杀或互杀需要投票，少数服从多数"),
        police_step("003 rule 5 and note 3: 可以怀疑闭眼的任意一位为匪徒 ... 靠打手势说明怀疑的正确与否"),
    ),
    resolve=resolve_kill_save_check),
    day=ForumVoteDay(),
    victory=Victory(
        cites="003 note 7: 当且仅当警全被杀时，匪徒获胜；当且仅当匪徒全被杀时，匪徒输",
        wipe_out=(frozenset({"police"}),),
    ),
    last_words=LastWords("quota", quota_last_words),
    introductions=introduce_killers_and_police,
    dealer=forum_dealer,
    summary="3 bandits, 3 police, 6 civilians (+ judge card); last words for the first k deaths; "
    "statements, defense, hands; ties revoted",
    title_zh="003 论坛 v2.0：匪徒、警察、平民，遗言名额",
    summary_zh="3匪徒、3警察、6平民（另有法官牌）；前几名死者有遗言；发言、辩护、举手；平票重投",
)

RULESETS = (V2_FORUM,)
