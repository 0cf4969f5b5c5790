"""`python scripts/claims_review.py RULESET [PLAYERS]`: each sentence of the game's rules card beside its claim, then
the prompt's answer lines beside their claims (words/prompt_card.py VOTES with VOTE_TIES and HANDS_SAYS, ACCUSATIONS,
LINES team and check; words/claims/lines.py) and the TUI's statement help beside its claim, one Markdown table (section,
claim, en, zh), for a reviewer to read the words against what they claim."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, as scripts/make_prompts_doc.py

import engine
from engine.errors import KillerError
from words.claims import Claim, card_claims
from words.claims.lines import accuse_line_claim, check_seen_claim, hands_claim, statement_claim, team_claim
from words.claims.render import render, statement_help
from words.claims.ties import tie_claim
from words.prompt_card import ACCUSATIONS, ACCUSE_SAYS, ACCUSE_TIES, HANDS_SAYS, LINES, TEAM_SAYS, VOTE_TIES, VOTES
from words.table import table as words_table


def fields(claim: Claim) -> str:
    """The claim's set fields, as `key=value` (the rule key first)."""
    parts = [f"rule={claim.rule}", f"act={claim.act}"]
    for name in ("subject", "effect", "count", "up_to", "may_pass", "may_target_self", "team", "announced", "wins"):
        value = getattr(claim, name)
        if value not in ((), "", None, False) or (name in ("may_pass", "may_target_self") and value is False):
            parts.append(f"{name}={value}")
    parts += [f"{key}={value}" for key, value in claim.extra if value not in ((), "", None)]
    return ", ".join(parts)


def table(ruleset: str, players: int | None) -> str:
    rows = ["| section | claim | en | zh |", "|---|---|---|---|"]
    lines = [(section, claim, render(claim, "en"), render(claim, "zh"))
             for section, claims in card_claims(ruleset, players) for claim in claims]
    day = engine.get_ruleset(ruleset).day.key
    lines.append(("prompt", tie_claim(day, VOTE_TIES[day]), VOTES[day]["en"], VOTES[day]["zh"]))
    if day in HANDS_SAYS:
        lines.append(("prompt", hands_claim(HANDS_SAYS[day]), VOTES[day]["en"], VOTES[day]["zh"]))
    if day in ACCUSE_SAYS:
        claim = accuse_line_claim(day, ACCUSE_SAYS[day], ACCUSE_TIES.get(day, ""))
        lines.append(("prompt", claim, ACCUSATIONS[day]["en"], ACCUSATIONS[day]["zh"]))
    tab = words_table(ruleset, players)
    if any(call.together for call in tab.calls):
        lines.append(("prompt", team_claim(TEAM_SAYS), LINES["team"]["en"], LINES["team"]["zh"]))
    if tab.has_action("check"):
        lines += [("prompt", check_seen_claim(), LINES[k]["en"], LINES[k]["zh"]) for k in ("check_team", "check_alone")]
    said = statement_claim(day)
    lines.append(("tui", said, statement_help(said, "en"), statement_help(said, "zh")))
    for section, claim, en, zh in lines:
        cells = (section, fields(claim), en, zh)
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2 or (len(argv) == 2 and not argv[1].isdigit()):
        print("usage: python scripts/claims_review.py RULESET [PLAYERS]", file=sys.stderr)
        return 2
    try:
        rules = engine.get_ruleset(argv[0])
        players = int(argv[1]) if len(argv) == 2 else rules.default_players
        if not rules.players[0] <= players <= rules.players[1]:
            raise KillerError(f"{rules.id} is played by {rules.players[0]} to {rules.players[1]} players")
    except KillerError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(table(rules.id, players))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
