"""The help screen (? or F1): the keys, what the pending decision does, and the ruleset's rules card (the same
card words.rules_card gives the agents), in the UI's language."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine import DecisionKind, get_ruleset
from engine.errors import KillerError
from engine.roles import NIGHT_ACTIONS, ROLES
from orchestrator.output.wrapped import Wrapped
from tui.i18n import role, tr
from tui.keys import keys_for
from tui.once import LeaveOnce
from words.claims import Claim, jump_kill
from words.claims.day import request_claim
from words.claims.lines import statement_claim
from words.claims.render import accusation_help, confess_help, help_line, statement_help, vote_help
from words.rules_card import RulesCard, rules_card


def explain(lang: str, request: dict[str, Any] | None, ruleset: str | None = None,
            players: int | None = None) -> list[str]:
    """What the pending decision does, in a sentence or two; a vote's and an accusation's from the ruleset's day
    call claims (words/claims/day.py) and a statement's from its statement claim (words/claims/lines.py: who hears it
    before voting), so they hold for its day procedure."""
    if not request:
        return [tr(lang, "help_no_pending")]
    kind = str(request.get("kind"))
    if kind == "night":
        action = str(request.get("action"))
        who = role(lang, request.get("role"))
        known = action in NIGHT_ACTIONS and str(request.get("role")) in ROLES
        cards = any(isinstance(t, (list, tuple)) for t in request.get("targets") or ())  # v5: a card's request
        lines = [help_line(str(request.get("role")), action, lang, cards) if known else who]
    elif kind == DecisionKind.VOTE:
        lines = [vote_help(_day_claim(request, ruleset, players), lang)]
    elif kind == DecisionKind.STATEMENT and _day_key(ruleset) is not None:  # who hears it before voting
        lines = [statement_help(statement_claim(str(_day_key(ruleset))), lang)]
    else:
        lines = [tr(lang, f"explain_{kind}")]
    if request.get("may_confess"):
        lines.append(confession(lang, ruleset))
    if request.get("accusations"):
        lines.append(accusation_help(_day_claim(request, ruleset, players), lang))
    return lines


def confession(lang: str, ruleset: str | None) -> str:
    """What a jump-kill does, from the ruleset's jump-kill claim (the same sentence the rules card proves)."""
    try:
        jumpers = tuple(sorted(get_ruleset(ruleset or "").jump_kill))
    except Exception:  # an unknown ruleset in a foreign transcript: the one jump-kill rule there is
        jumpers = ()
    return confess_help(jump_kill(jumpers or ("killer",)), lang)


def _day_key(ruleset: str | None) -> str | None:
    """The ruleset's day procedure (None for an unknown ruleset in a foreign transcript)."""
    try:
        return str(get_ruleset(ruleset or "").day.key)
    except KillerError:
        return None


def _day_claim(request: dict[str, Any], ruleset: str | None, players: int | None) -> Claim:
    claim = request_claim(request, ruleset, players)
    assert claim is not None  # a vote, or a speech that names a suspect
    return claim


def keys_table(mode: str, lang: str) -> Table:
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    for key, what in keys_for(mode, lang):
        table.add_row(key, what)
    return table


def card_renderable(card: RulesCard) -> Group:
    """The card's sections, each line broken at the width it is drawn by the CJK rules (words.wrap: no line
    starts with closing punctuation, no seat number is split), continuation lines indented."""
    parts: list[Text | Wrapped] = []
    for heading, lines in card.sections:
        parts.append(Text(heading, "bold"))
        parts += [Wrapped(Text(f"  {line}"), prefix="    ", prefix_style="") for line in lines]
    return Group(*parts)


class HelpScreen(LeaveOnce, ModalScreen[None]):
    """Keys, the pending decision, the rules card. Esc, ? or F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,f1", "close", show=False, priority=True)]

    def __init__(self, ruleset: str, lang: str, mode: str, request: dict[str, Any] | None = None,
                 players: int | None = None) -> None:
        super().__init__()
        self.ruleset, self.lang, self.mode, self.request, self.players = ruleset, lang, mode, request, players

    def compose(self) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(id="help"):
            yield Label(Text(tr(lang, "help_title"), "bold"))
            if self.mode == "play":
                yield Label(tr(lang, "help_pending"), classes="heading")
                yield Static("\n".join(explain(lang, self.request, self.ruleset or None, self.players)))
            yield Label(tr(lang, "help_keys"), classes="heading")
            yield Static(keys_table(self.mode, lang))
            if self.mode == "play":
                yield Static(tr(lang, "prompt_keys"))
            try:
                card = rules_card(self.ruleset, lang, self.players)
            except Exception:  # an unknown ruleset in a foreign transcript: no card, the rest still helps
                card = None
            if card is not None:
                yield Label(tr(lang, "help_rules", ruleset=card.title), classes="heading")
                yield Static(card_renderable(card))
            yield Label(Text(tr(lang, "help_close"), "dim"))

    def on_mount(self) -> None:
        self.query_one("#help").focus()  # arrows and PgUp/PgDn scroll the card

    def action_close(self) -> None:
        self.dismiss(None)
