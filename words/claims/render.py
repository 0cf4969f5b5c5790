"""Each rule claim (words/claims) as one sentence in en or zh: the words come from the claim's fields and
words/card_phrases.py, nothing else, so a sentence cannot say more than its claim."""

from __future__ import annotations

from collections.abc import Iterable

from engine import display_name
from engine.roles import ROLES, action_card, plural_en
from words.card_phrases import CALL, DAYS, HEAD, LAST_WORDS, RULINGS, say
from words.claims import Claim


def names(roles: Iterable[str], lang: str, join: str = "list") -> str:
    return say(HEAD, join, lang).join(display_name(str(r), lang) for r in sorted(roles))


def counted(counts: Iterable[tuple[str, int]], lang: str) -> str:
    """"Killer ×3 and Undercover ×1"."""
    return say(HEAD, "and", lang).join(say(HEAD, "count", lang, role=display_name(r, lang), n=n) for r, n in counts)


def power_sentence(role: str, action: str, lang: str, members: int = 1) -> str:
    """A role's night power as one clause, its English subject and verb agreeing with the seats it wakes:
    "Killers choose a seat to kill" for a team of three, "Sniper chooses a seat to snipe" for one seat (the
    cards' lines are written "{who} choose ...")."""
    name = display_name(role, lang) if role in ROLES else str(role)
    if lang != "en":
        return action_card(action, lang).format(who=name)
    head, _, rest = action_card(action, "en").partition("{who} ")
    verb, _, tail = rest.partition(" ")
    if members > 1:
        name = plural_en(role) if role in ROLES else name + "s"  # the role's row (engine/roles.py)
    elif verb != "may":
        verb += "s"
    return f"{head}{name} {verb} {tail}"


def _cards(claim: Claim, lang: str) -> str:
    counts: tuple[tuple[str, int], ...] = tuple(claim.get("counts") or ())
    low, high = claim.get("range")
    listed = say(HEAD, "list", lang).join(say(HEAD, "count", lang, role=display_name(r, lang), n=n) for r, n in counts)
    if not claim.up_to:
        return say(HEAD, "players", lang, low=low, high=high, n=claim.count, roles=listed)
    k = int(claim.get("cards_per_seat"))
    total = sum(n for _, n in counts)
    return say(HEAD, "deck", lang, low=low, high=high, n=claim.count, k=k, roles=listed, total=total,
               hands=total // k, held=(claim.count or 0) * k)


def _eyes(claim: Claim, lang: str) -> str:
    if claim.up_to:
        return say(HEAD, "eyes_up_to", lang, who=names(claim.subject, lang, "or"), n=claim.count)
    who = counted(claim.get("counts") or (), lang)
    return say(HEAD, "known" if claim.rule == "teammates" else "openers", lang, who=who)


def _call(claim: Claim, lang: str) -> str:
    role = claim.subject[0]
    if claim.effect == "each_card_orders":  # R-v5-killer-orders
        own = say(CALL, "self_cards" if claim.may_target_self else "not_self", lang)
        line = say(HEAD, "v5_kill", lang, role=display_name(role, lang), n=claim.count, own=own)
    else:
        line = power_sentence(role, claim.effect, lang, claim.count or 1)
        if claim.get("target") == "card":
            line = line.replace("a seat", "a card").replace("一名玩家", "一张牌").replace("一个人", "一张牌")
    if claim.team:
        line += say(CALL, "together", lang)
    if claim.get("not_partners"):
        line += say(CALL, "not_partners", lang)
    if claim.may_target_self is False and claim.effect != "each_card_orders":
        line += say(CALL, "not_self", lang)
    if claim.may_pass:
        line += say(CALL, "may_pass", lang)
    return line


def _jump(claim: Claim, lang: str) -> str:
    line = say(HEAD, f"jump_kill_{claim.effect}", lang, roles=names(claim.subject, lang))
    if claim.get("silenced_may") is False:
        line += say(HEAD, "jump_not_silenced", lang)
    return line


def _wins(claim: Claim, lang: str) -> str:
    if claim.effect == "parity":
        return say(HEAD, "parity", lang)
    if claim.effect == "both":
        return say(HEAD, "both", lang)
    return say(HEAD, "good_wins" if claim.wins == "good" else "killers_win", lang, roles=names(claim.subject, lang))


def render(claim: Claim, lang: str) -> str:
    """The claim's sentence in `lang` (a call's sentence without its number and full stop)."""
    act = claim.act
    if act == "cards":
        return _cards(claim, lang)
    if act == "side":
        side = say(HEAD, f"team_{claim.wins}", lang)
        return say(HEAD, "side_line", lang, side=side, roles=names(claim.subject, lang))
    if act == "two_sided":
        return say(HEAD, "two_sided", lang, roles=names(claim.subject, lang, "or"))
    if act == "half_hand":
        return say(HEAD, "half_hand", lang)
    if act == "eyes_open":
        return _eyes(claim, lang)
    if act == "shown":
        return say(HEAD, "shown", lang, roles=names(claim.subject, lang))
    if act == "cards_act":
        return say(HEAD, "cards", lang, k=claim.count)
    if act == "call":
        return _call(claim, lang)
    if act == "must_name":
        return say(HEAD, "must_name", lang)
    if act == "ruling":
        return say(RULINGS, claim.rule, lang)
    if act == "dawn":
        return say(HEAD, "dawn_silenced" if "silenced" in claim.announced else "dawn", lang)
    if act == "day":
        return say(DAYS, claim.rule if not claim.effect else f"{claim.rule}_{claim.effect}", lang)
    if act == "last_words":
        return say(LAST_WORDS, claim.rule, lang)
    if act == "jump_kill":
        return _jump(claim, lang)
    if act == "wins":
        return _wins(claim, lang)
    raise KeyError(f"no sentence for a claim of act {act!r}")


def help_line(role: str, action: str, lang: str, cards: bool = False) -> str:
    """The TUI help's line for one pending night request (tui/screens/help.py), from the call's claim: the power
    of the one seat (v5: the one card) asked, its target a seat or (v5) a card; with its full stop."""
    claim = Claim("call", f"{role}:{action}", (role,), effect=action, count=1,
                  extra=(("target", "card" if cards else "seat"),))
    return render(claim, lang) + ("。" if lang == "zh" else ".")


def confess_effect(claim: Claim, lang: str) -> str:
    """What a confession does, as the prompt's answer field says it (prompts/*/request.j2), from the jump-kill
    claim: "you alone die, at once, and night falls; nobody dies with you"."""
    return say(HEAD, f"effect_{claim.effect}", lang)


def confess_help(claim: Claim, lang: str) -> str:
    """The TUI's confession screen line (tui/screens/help.explain) for a jump-kill claim."""
    return say(HEAD, f"confess_{claim.effect}", lang)


def dead_note(claim: Claim, lang: str) -> str:
    """What a dead seat's private notes say of what is still asked of it (prompts/*/private.j2 and
    small_private.j2), from the ruleset's last-words claim: nothing where nobody leaves last words."""
    return say(HEAD, "dead_none" if claim.rule == "none" else "dead_words", lang)


def vote_effect(claim: Claim, lang: str) -> str:
    """The prompt's line on what v5's vote does (words/prompt_card.py VOTES), from the day's claim."""
    return say(HEAD, f"vote_{claim.effect}", lang)


def vote_help(claim: Claim, lang: str) -> str:
    """The TUI help's line for a day vote (tui/screens/help.py), from the day's vote claim (words/claims/day.py):
    what a hand may name, whether it may stay down, what it counts; with its full stop."""
    line = say(HEAD, f"help_vote_{claim.effect}", lang)
    if claim.effect == "seat":
        line += say(HEAD, "help_self_yes" if claim.may_target_self else "help_self_no", lang)
    line += say(HEAD, "help_keep_down" if claim.may_pass else "help_must_raise", lang)
    if claim.get("weighted"):
        line += say(HEAD, "help_weighted", lang)
    return line + say(HEAD, "help_counted", lang)


def accusation_help(claim: Claim, lang: str) -> str:
    """The TUI help's line for a speech's accusation, from the day's accusation claim: whether it may name
    nobody, and what the round's accusations bring; with its full stop."""
    line = say(HEAD, "help_accuse_may" if claim.may_pass else "help_accuse_must", lang)
    return line + say(HEAD, f"help_{claim.effect}", lang)


def statement_help(claim: Claim, lang: str) -> str:
    """The TUI help's line for a day statement (tui/screens/help.py), from the day's statement claim
    (words/claims/lines.py): who hears it before voting."""
    return say(HEAD, f"help_statement_{claim.effect}", lang)
