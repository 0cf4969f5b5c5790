"""The briefs' advice as rule claims (issue 42 item 1): each tip of words/role_briefs.py names the moves and effects
it relies on, as short keys; `advice_claims` turns a tip's keys into the claims words/claims/check_advice.py holds
against the engine, in the game dealt. A brief that advises a move the ruleset does not offer (holding fire where
the call may not pass, saving oneself where the save may not, a jump-kill that takes a seat along) fails the check.

Keys (ROLE is a role id, "@" the brief's own role, "*" any role):
- "call:ROLE:ACTION": the judge calls ROLE to ACTION at night; "pass:", "must:", "self:", "together:" add that the
  call may name nobody / may not / may name one's own seat or card / is decided by the holders together;
- "knows:ROLE": at the deal the brief's role learns every other seat holding ROLE ("@": its partners; "shown":
  the seats the judge shows the killers);
- "shown:ROLE": the judge shows the killers the seats holding ROLE;
- "answer:ROLE:RESULT": a police check of a seat holding ROLE is answered RESULT ("killer" / "not_killer");
- "jump": the jump-kill claim of the card (the confessor alone dies, night falls);
- "claim": a speaker may make a public claim, a role and checks (R-public-claim);
- "vote": the day asks every living seat to vote (or counts its accusation as a vote);
- "silenced:accuses" / "silenced:votes": a silenced seat still accuses (the judge counts it) / still votes;
- "wins:ROLE": the victory table's wipe-out group holding ROLE, all dead, gives the killers the win;
- "two_sided": a hand with a killer-side card plays for the killers, its good card still acts (R-v5-two-sided);
- "ruling:NAME": the night's named ruling NAME (engine/night/procedure.py CalledNight.rulings) resolves it;
- "judge_out": the judge's card is out of play: no seat holds it (R-judge-engine), its hand is the judge's.
"""

from __future__ import annotations

from words.claims import Claim, jump_kill
from words.table import Table

FLAGS = {"call": {}, "pass": {"may_pass": True}, "must": {"may_pass": False}, "self": {"may_target_self": True},
         "together": {"team": True}}


def advice_claim(key: str, role: str, tab: Table) -> Claim:
    """The claim one advice key makes for the brief of `role` in the game dealt."""
    head, _, rest = key.partition(":")
    parts = [role if p == "@" else p for p in rest.split(":")] if rest else []
    if head in FLAGS:
        who, action = parts
        return Claim("offers", f"{who}:{action}", (who,), effect=action, **FLAGS[head])  # type: ignore[arg-type]
    if head == "knows" and parts[0] == "shown":
        return Claim("shown", "shown_to_killers", tuple(tab.shown))
    if head == "knows":
        return Claim("knows", "teammates", (role, parts[0]))
    if head == "shown":
        return Claim("shown", "shown_to_killers", (parts[0],))
    if head == "answer":
        return Claim("answer", "police:check", (parts[0],), effect=parts[1])
    if head == "jump":
        return jump_kill((role,), tab.has_action("silence"))
    if head == "claim":
        return Claim("public_claim", "R-public-claim", ("police",), effect="role_and_checks")
    if head == "vote":
        return Claim("votes", tab.rules.day.key, effect="every_living_seat")
    if head == "silenced":
        return Claim("silenced", "R-silenced", effect=parts[0])
    if head == "wins":
        group = next(g for g in tab.rules.victory.wipe_out if parts[0] in g)
        return Claim("wins", "victory", tuple(sorted(group)), effect="all_dead", wins="killers")
    if head == "two_sided":
        return Claim("two_sided", "R-v5-two-sided", ("killer", "undercover"), wins="killers")
    if head == "ruling":
        return Claim("ruling", parts[0])
    if head == "judge_out":
        return Claim("judge_out", "R-judge-engine", ("judge",))
    raise KeyError(f"no advice key {key!r}")


def advice_claims(keys: tuple[str, ...], role: str, tab: Table) -> tuple[Claim, ...]:
    return tuple(advice_claim(k, role, tab) for k in keys)
