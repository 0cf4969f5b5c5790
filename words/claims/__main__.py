"""`python -m words.claims RULESET [PLAYERS]`: each sentence of the game's rules card beside its claim, then the
prompt's vote line beside its tie claim (words/prompt_card.py VOTES, VOTE_TIES), one Markdown table (section,
claim, en, zh), for a reviewer to read the words against what they claim."""

from __future__ import annotations

import sys

import engine
from engine.errors import KillerError
from words.claims import Claim, card_claims
from words.claims.render import render
from words.claims.ties import tie_claim
from words.prompt_card import VOTE_TIES, VOTES


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
    for section, claim, en, zh in lines:
        cells = (section, fields(claim), en, zh)
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2 or (len(argv) == 2 and not argv[1].isdigit()):
        print("usage: python -m words.claims RULESET [PLAYERS]", file=sys.stderr)
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
