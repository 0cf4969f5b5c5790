"""Issue 42: every sentence of the rules card is rendered from its rule claim, and the judge proves every claim.
All 11 rulesets × every table size the engine allows × en and zh: the card's lines are exactly its claims'
sentences, the briefs' jump-kill advice, the prompt's v5 vote line and the TUI's confession help are rendered from
their claims, and words/claims/check.py plays a scenario generated from each claim through the engine. The mutation
tests show the checker failing when a claim says what the judge does not do (today's main's wording, as a claim),
or when the engine's rule is changed."""

from __future__ import annotations

import random
import re
import runpy
from functools import cache
from pathlib import Path

import pytest

import engine
import engine.game
import engine.judge
from engine.rulesets import all_rulesets
from tui.i18n_screens import SCREEN_STRINGS
from tui.screens.help import explain
from words.card_phrases import HEAD, say
from words.claims import V5_KILL, Claim, all_claims, card_claims, jump_kill
from words.claims.check import problems
from words.claims.render import confess_help, help_line, render, vote_effect
from words.prompt_card import VOTES
from words.role_briefs import brief
from words.rules_card import rules_card
from words.table import table

CASES = [(r.id, n) for r in all_rulesets() for n in range(r.players[0], r.players[1] + 1)]


@cache
def proven(ruleset: str, players: int) -> tuple[str, ...]:
    """Every claim of the card the judge does otherwise, with the claim."""
    return tuple(f"{c.act}/{c.rule}: {p}" for c in all_claims(ruleset, players) for p in problems(c, ruleset, players))


def test_the_cases_are_every_ruleset_and_size() -> None:
    assert len({r for r, _ in CASES}) == 11 and len(CASES) == sum(r.players[1] - r.players[0] + 1
                                                                   for r in all_rulesets())


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_every_sentence_is_its_claim_and_the_judge_proves_it(ruleset: str, players: int, lang: str) -> None:
    card = rules_card(ruleset, lang, players)
    for (heading, lines), (key, claims) in zip(card.sections, card_claims(ruleset, players), strict=True):
        assert heading == say(HEAD, key, lang)
        calls = iter(range(1, len(claims) + 1))
        want = [say(HEAD, "step", lang, i=next(calls), line=render(c, lang)) if c.act == "call" else render(c, lang)
                for c in claims]
        assert list(lines) == want
        assert all(line.strip() for line in lines)
    assert proven(ruleset, players) == ()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_briefs_tui_and_prompt_say_what_their_claims_say(ruleset: str, players: int, lang: str) -> None:
    """The briefs' jump-kill advice carries the jump-kill claim's effect and offers no move the engine lacks; the
    TUI's confession help and the prompt's v5 vote line are their claims' sentences."""
    tab = table(ruleset, players)
    claim = next((c for c in all_claims(ruleset, players) if c.act == "jump_kill"), None)
    effect = say(HEAD, "effect_confessor_dies_night_falls", lang)
    for role in tab.roles():
        text = brief(role, lang, role, tab)
        jumps = "跳杀" in text if lang == "zh" else "jump-kill" in text
        assert jumps == (claim is not None and role in claim.subject)
        assert not jumps or effect in text
        assert "带走一" not in text and not re.search(r"\btake (?:a|one) (?:dangerous )?seat", text)
    asked = {"kind": "statement", "may_confess": True}
    assert explain(lang, asked, ruleset)[-1] == confess_help(jump_kill(("killer",)), lang)
    day = next(c for c in all_claims(ruleset, players) if c.act == "day")
    if day.rule == "card_vote":
        assert VOTES["card_vote"][lang] == vote_effect(day, lang)


# -- mutations: the checker fails when a claim or the engine's rule changes ----------------------------------------
def test_todays_main_claims_fail() -> None:
    """main's sentences as claims: a jump-kill that takes a seat along, v5's vote taking one card, v5's eyes-open
    count read off one deal ("Police ×2 and Undercover ×1" at 10 seats, where 3 police may be dealt)."""
    takes_one = Claim("jump_kill", "R-jump-kill-alone", ("killer",), effect="confessor_dies_night_falls", count=2)
    assert any("confessor alone" in p for p in problems(takes_one, "v2.5-std", 12))
    one_card = Claim("day", "card_vote", effect="one_card")
    assert any("everyone voted" in p for p in problems(one_card, "v5-dual", 10))
    tab = table("v5-dual", 10)
    group = next(g for g in tab.known if "police" in g)
    exact = Claim("eyes_open", "teammates", tuple(dict.fromkeys(group)), count=len(group),
                  extra=(("counts", tuple((r, group.count(r)) for r in dict.fromkeys(group))),))
    assert problems(exact, "v5-dual", 10)
    silenced_may = jump_kill(("killer",), silence=False)
    assert silenced_may in all_claims("v2.5-std", 12)  # no old man there: nothing about silence is claimed


def test_an_engine_jump_kill_that_takes_a_seat_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    original = engine.game._jump_kill

    def takes_one(judge: engine.judge.Judge, seat: int) -> None:
        other = next(s for s in judge.state.living() if s != seat)
        judge.kill(other, "jump_kill")
        judge.emit(engine.EventKind.DEATH, seat=other, public_cause="jump_kill")
        original(judge, seat)

    claim = next(c for c in all_claims("v3.8-std", 13) if c.act == "jump_kill")
    assert problems(claim, "v3.8-std", 13) == []
    monkeypatch.setattr(engine.game, "_jump_kill", takes_one)
    assert any("confessor alone" in p for p in problems(claim, "v3.8-std", 13))


def test_an_engine_that_lets_the_silenced_jump_kill_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.day.nomination as nomination

    claim = next(c for c in all_claims("v4-std", 14) if c.act == "jump_kill")
    assert claim.get("silenced_may") is False and problems(claim, "v4-std", 14) == []
    monkeypatch.setattr(nomination, "may_jump_kill", lambda state, jumpers, seat: any(
        state.seat(seat).holds(r) for r in jumpers))
    assert any("silenced" in p for p in problems(claim, "v4-std", 14))


def test_an_engine_vote_that_takes_one_card_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    original = engine.judge.Judge.execute

    def one_card(self: engine.judge.Judge, seat: int | None, how: str = "vote") -> None:
        if seat is not None and self.rules.cards_per_seat > 1 and self.state.seat(seat).living_cards() > 1:
            self.emit(engine.EventKind.VERDICT, day=self.state.day, executed=seat, how=how, cards=[[seat, 1]])
            self.kill(seat, "executed", slot=1)
            self.queue_last_words([], then="night")
            return
        original(self, seat, how)

    claim = next(c for c in all_claims("v5-dual", 9) if c.act == "day")
    assert problems(claim, "v5-dual", 9) == []
    monkeypatch.setattr(engine.judge.Judge, "execute", one_card)
    assert problems(claim, "v5-dual", 9)


def test_a_may_pass_claim_the_engine_does_not_offer_fails() -> None:
    call = next(c for c in all_claims("v4-std", 14) if c.act == "call" and c.subject == ("sniper",))
    assert call.may_pass is False and problems(call, "v4-std", 14) == []
    from dataclasses import replace
    assert problems(replace(call, may_pass=True), "v4-std", 14)
    assert problems(replace(call, may_target_self=False), "v4-std", 14)  # 004: "也可以自杀"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_the_tui_help_for_a_night_request_is_its_call(ruleset: str, players: int, lang: str) -> None:
    """The help screen's line for every pending night request of the first night, at every table size over a few
    deals (v5's deal decides which cards are called), is its call's sentence (words/claims/render.py help_line),
    the power the card's call claim states; in v5 it names a card, never a seat (R-v5-card-targets)."""
    rules = engine.get_ruleset(ruleset)
    calls = {c.rule for c in all_claims(ruleset, players) if c.act == "call"}
    asked = set()
    for seed in range(3):
        state, _ = engine.new_game(ruleset, random.Random(seed), players=players)
        for req in state.pending:
            line = explain(lang, req.to_dict())[0]
            assert line == help_line(str(req.role), str(req.action), lang, rules.cards_per_seat > 1)
            if rules.cards_per_seat > 1:
                assert "a seat" not in line and "一名玩家" not in line and "一个人" not in line
            asked.add(f"{req.role}:{req.action}")
    assert asked and asked <= calls | ({"killer:kill"} if V5_KILL in calls else set())  # v5: R-v5-killer-orders


def test_the_review_table_shows_each_sentence_beside_its_claim(capsys: pytest.CaptureFixture[str]) -> None:
    main = runpy.run_path(str(Path(__file__).resolve().parents[2] / "scripts" / "claims_review.py"))["main"]

    assert main(["v5-dual", "10"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    claims = all_claims("v5-dual", 10)
    for row, claim in zip(rows, claims, strict=False):
        assert f"rule={claim.rule}" in row and render(claim, "en") in row and render(claim, "zh") in row
    tie, *lines = rows[len(claims):]  # then the prompt's answer lines and the TUI's statement help, each by its claim
    assert tie.startswith("| prompt | rule=card_vote:tie") and "reactions=('nobody',)" in tie
    assert VOTES["card_vote"]["en"] in tie and VOTES["card_vote"]["zh"] in tie
    assert [row.split(" | ")[1].split(",")[0] for row in lines] == [
        "rule=police:check", "rule=police:check", "rule=card_vote:statement"]  # v5: no team decides together
    assert main(["v5-dual", "30"]) == 2 and "8 to 16" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_prompt_says_what_a_confession_does(lang: str) -> None:
    """The answer field "confess" of a jump-kill request says the jump-kill claim's effect (prompts/*/request.j2)."""
    from agents.llm.prompting import request_text
    from words.claims.render import confess_effect

    req = engine.Request(4, engine.DecisionKind.STATEMENT, accusations=(1, None), may_confess=True)
    text = request_text(req, lang, ["speech", "accusation", "confess"], [], [1, None], [], 200, ruleset="v2.5-std")
    effect = confess_effect(jump_kill(("killer",)), lang)
    assert effect in text and ("跳杀" in text if lang == "zh" else "jump-kill" in text)


def test_a_last_words_sentence_the_judge_does_not_play_fails() -> None:
    """The last-words claim is replayed: v1's "nobody leaves last words" claimed as classic's (the murdered
    speak) fails, and v2-classic's claimed as "none" fails."""
    from dataclasses import replace

    from words.claims import last_words

    assert problems(last_words("v1"), "v1", 9) == [] and problems(last_words("v2-classic"), "v2-classic", 9) == []
    assert any("murdered" in p for p in problems(replace(last_words("v1"), rule="classic"), "v1", 9))
    assert any("leaves last words: True" in p for p in problems(replace(last_words("v2-classic"), rule="none"),
                                                                "v2-classic", 9))


TEMPLATES = sorted(p for p in (Path(__file__).resolve().parents[2] / "prompts").glob("*/*.j2"))


def test_no_template_states_a_rule_in_fixed_words() -> None:
    """prompts/*/*.j2 say what a confession does and what a dead seat may still be asked only through their claims'
    sentences (confess_effect, dead_note); no fixed "you die at once" or "you may still give last words" is left."""
    fixed = re.compile(r"die at once|you die\b|立即死亡|may still (?:be asked|give)|仍可能|带走")
    for path in TEMPLATES:
        text = path.read_text(encoding="utf-8")
        assert not fixed.search(text), path
        for line in text.splitlines():
            if '"confess"' in line:
                assert "{{ confess_effect }}" in line, path
    said = {p.parent.name + "/" + p.name for p in TEMPLATES if "{{ dead_note }}" in p.read_text(encoding="utf-8")}
    assert said == {f"{lang}/{name}" for lang in ("en", "zh") for name in ("private.j2", "small_private.j2")}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_both_profiles_say_the_claims_of_confession_and_death(ruleset: str, players: int, lang: str) -> None:
    """Full and small profile, every ruleset and table size: a jump-kill request says the jump-kill claim's
    effect; a dead seat's notes say the ruleset's last-words claim's sentence (proven by the checker above)."""
    from agents.llm import prompting, small_prompt
    from agents.view import SeatView
    from words.claims import last_words
    from words.claims.render import confess_effect, dead_note

    state, events = engine.new_game(ruleset, random.Random(1), players=players)
    seat = state.seats[0].number
    dead = engine.Event(engine.EventKind.DEATH, {"seat": seat, "public_cause": "night"})
    view = SeatView(seat, ruleset, len(state.seats), (*engine.observation(events, seat), dead), lang)
    note = dead_note(last_words(ruleset), lang)
    assert note in prompting.private_notes(view, lang) and note in small_prompt.private_text(view, lang)
    req = engine.Request(seat, engine.DecisionKind.STATEMENT, accusations=(2, None), may_confess=True)
    text = small_prompt.request_text(view, prompting.choices_for(view, req), lang)
    assert confess_effect(jump_kill(("killer",)), lang) in text


# -- the day's calls: the TUI's vote and accusation help (words/claims/day.py) ---------------------------------------
@cache
def day_proven(ruleset: str, players: int) -> tuple[str, ...]:
    from words.claims.day import day_calls

    return tuple(f"{c.act}/{c.rule}: {p}" for c in day_calls(ruleset, players) for p in problems(c, ruleset, players))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("ruleset", "players"), CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_the_tui_vote_and_accusation_help_are_the_days_claims(ruleset: str, players: int, lang: str) -> None:
    """Every vote and every speech naming a suspect the judge asks on a first day gets the help line of its
    day call claim (the ruleset's vote claim; the counted accusation's claim, else what the request offers),
    and the judge proves each claim on other deals answered at random. No fixed vote or accusation text is left."""
    from tui.screens.help import explain
    from words.claims.day import day_calls, first_day, is_accusation, plain, quiet_state, request_claim
    from words.claims.render import accusation_help, vote_help

    assert "explain_vote" not in SCREEN_STRINGS[lang] and "explain_accusation" not in SCREEN_STRINGS[lang]
    claims = {c.act: c for c in day_calls(ruleset, players)}
    assert "vote" in claims
    assert day_proven(ruleset, players) == ()
    asked = set()
    for req, _ in first_day(quiet_state(ruleset, players), plain()):
        lines = explain(lang, req.to_dict(), ruleset, players)
        if req.kind is engine.DecisionKind.VOTE:
            assert lines == [vote_help(claims["vote"], lang)]
            asked.add("vote")
        if req.accusations:
            claim = claims["accuse"] if is_accusation(req) and "accuse" in claims else request_claim(
                req.to_dict(), None)
            assert claim is not None and lines[-1] == accusation_help(claim, lang)
            asked.add("accuse" if is_accusation(req) else "name")
    assert "vote" in asked and ("accuse" in claims) <= ("accuse" in asked)


def test_day_call_claims_the_judge_does_not_play_fail() -> None:
    """A vote claimed to let a hand stay down where the judge makes it raise one (v1), an accusation claimed to
    leave the most accused out at once where the accused defend (v2-forum), a nomination vote claimed on any
    seat: each fails."""
    from dataclasses import replace

    from words.claims.day import day_calls

    v1 = {c.act: c for c in day_calls("v1", 9)}
    assert problems(v1["vote"], "v1", 9) == [] and v1["vote"].may_pass is False
    assert any("keep its hand down" in p for p in problems(replace(v1["vote"], may_pass=True), "v1", 9))
    assert any("vote for itself" in p for p in problems(replace(v1["vote"], may_target_self=True), "v1", 9))
    forum = {c.act: c for c in day_calls("v2-forum", 9)}
    assert forum["accuse"].effect == "each_defends" and problems(forum["accuse"], "v2-forum", 9) == []
    assert any("the judge's day is each_defends" in p
               for p in problems(replace(forum["accuse"], effect="most_defends"), "v2-forum", 9))
    nom = {c.act: c for c in day_calls("v4-std", 14)}
    assert nom["vote"].effect == "defendant"
    assert any("no seat may vote for itself" in p
               for p in problems(replace(nom["vote"], may_target_self=True), "v4-std", 14))


def test_an_engine_day_that_changes_its_calls_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine changed under the claims: nomination hands that may no longer stay down, and a nomination
    day of one round (the most accused out at once, no defence) fail the claims read from today's engine."""
    import engine.day.nomination as nomination
    from words.claims.day import day_calls

    claims = {c.act: c for c in day_calls("v4-std", 14)}
    assert all(problems(c, "v4-std", 14) == [] for c in claims.values())
    original = nomination.vote
    monkeypatch.setattr(nomination, "vote", lambda judge, seat, targets, ballot=1, simultaneous=False: original(
        judge, seat, [t for t in targets if t is not None], ballot, simultaneous))
    assert any("keep its hand down" in p for p in problems(claims["vote"], "v4-std", 14))
    monkeypatch.undo()
    monkeypatch.setattr(engine.get_ruleset("v4-std").day, "rounds", 1)
    assert any("the words say most_defends_last_out" in p for p in problems(claims["accuse"], "v4-std", 14))


def test_a_day_sentence_the_judge_does_not_play_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card's day sentences (other than v5's) are replayed through the day call claims: round_vote's "everyone
    must vote, self allowed" claimed as "may keep the hand down" or "not yourself" fails, nomination's "the most
    accused defends" claimed as "every accused defends" fails; an engine that no longer announces the executed
    seat's side (002 v4.0 3.E "杀手被投死，没有遗言" / "好人被投死，请留遗言") fails round_vote's sentence."""
    from dataclasses import replace

    day = next(c for c in all_claims("v4-classic", 11) if c.act == "day")
    assert day.rule == "round_vote" and "executed_side" in day.announced and problems(day, "v4-classic", 11) == []
    assert any("stay down" in p for p in problems(replace(day, may_pass=True), "v4-classic", 11))
    assert any("vote itself" in p for p in problems(replace(day, may_target_self=False), "v4-classic", 11))
    nom = next(c for c in all_claims("v3.8-std", 13) if c.act == "day")
    changed = replace(nom, extra=(("vote", "defendant"), ("accuse", "each_defends")))
    assert problems(nom, "v3.8-std", 13) == [] and any("accusation round" in p
                                                       for p in problems(changed, "v3.8-std", 13))
    emit = engine.judge.Judge.emit
    monkeypatch.setattr(engine.judge.Judge, "emit", lambda self, kind, visible=None, /, **data: None
                        if kind == engine.EventKind.EXECUTED_SIDE else emit(self, kind, visible, **data))
    assert any("announced None" in p for p in problems(day, "v4-classic", 11))


# -- the night's rulings replayed (words/claims/check_night.py) ------------------------------------------------------
def test_every_ruling_of_every_night_has_a_replay() -> None:
    from words.card_phrases import RULINGS
    from words.claims.check_night import REPLAYS

    named = {r for rules in all_rulesets() for r in getattr(rules.night, "rulings", ())}
    assert named and named <= set(REPLAYS) and set(REPLAYS) <= set(RULINGS)


def test_a_ruling_the_engine_plays_otherwise_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's rule changed under the card's ruling sentences: a v4 dawn where a seat killed, sniped and
    needled lives; a v5 police check on the undercover's card answered with a shake; a v3.5 secret police whose
    vest never stops the kill. Each replay fails."""
    import engine.night.butterfly as butterfly
    import engine.night.cards as cards
    import engine.night.secret_police as sp

    cases = [("v4-std", 14, "killed_and_sniped"), ("v5-dual", 10, "undercover_nods"), ("v3.5-std", 13, "vest")]
    for ruleset, n, rule in cases:
        assert problems(Claim("ruling", rule), ruleset, n) == [], rule
    fate = butterfly.fate
    monkeypatch.setattr(butterfly, "fate", lambda marks, needles: (None, needles) if len(marks) == 3
                        else fate(marks, needles))
    answer = cards.check_answer
    monkeypatch.setattr(cards, "check_answer", lambda state, target, taken=None: "not_killer"
                        if cards.card_of(state, target) == "undercover" else answer(state, target, taken))
    monkeypatch.setattr(sp, "_vest_stops", lambda judge, seat: False)
    failed = [rule for ruleset, n, rule in cases if problems(Claim("ruling", rule), ruleset, n)]
    assert failed == ["killed_and_sniped", "undercover_nods", "vest"]


def test_a_ruling_the_night_does_not_name_fails() -> None:
    assert any("not by vest" in p for p in problems(Claim("ruling", "vest"), "v3", 12))


def test_every_ruling_a_claim_names_is_in_the_rules_with_its_seed_sentence() -> None:
    """Each R- ruling a claim carries (card, day calls; all rulesets x sizes) is defined in docs/rules.md, a table
    row or a bullet of its own, and its entry quotes the seed sentence it rests on (or says the seeds are silent)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    entries: dict[str, str] = {}
    for block in re.split(r"\n(?=\| R-|- \*\*R-)", text):
        found = re.match(r"(?:\| |- \*\*)(R-[\w.-]+)", block)
        if found:
            entries.setdefault(found.group(1), block.split("\n\n")[0])
    named = {c.rule for r, n in CASES for c in all_claims(r, n) if c.rule.startswith("R-")}
    assert named and named <= set(entries), sorted(named - set(entries))
    quoted = re.compile(r"[\"“「]|seeds? (?:are|is) silent|silent")
    assert [k for k in sorted(named) if not quoted.search(entries[k])] == []
