"""The confirm step of an irreversible choice."""

from __future__ import annotations

from tui.i18n import tr
from tui.screens.prompts.choice_list import ListScreen


class ConfirmScreen(ListScreen):
    """The confirm step of an irreversible choice (a secret police shot, a jump-kill): No first; Esc is No."""

    def __init__(self, what: str, lang: str, title: str | None = None) -> None:
        title = f"{title or tr(lang, 'confirm_title')}\n{tr(lang, 'confirm_body', what=what)}"
        super().__init__(title, [(tr(lang, "no"), False), (tr(lang, "yes"), True)], lang, back=True)
        self.what = what

    def action_escape(self) -> None:
        self.dismiss(False)
