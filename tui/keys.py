"""The app's keys in one table (footer, help screen, docs/tui.md), with their names in the UI's language, and
the command palette's entries."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding, BindingsMap

from tui.i18n import tr

# (keys, action, UI-string key, shown in the footer, priority, modes) — modes: replay, live, play
KEYS: tuple[tuple[str, str, str, bool, bool, frozenset[str]], ...] = (
    ("space", "toggle_play", "key_play", True, False, frozenset({"replay"})),
    ("right,l", "step(1)", "key_step", True, False, frozenset({"replay"})),
    ("left,h", "step(-1)", "key_back", False, False, frozenset({"replay"})),
    ("plus,equals_sign", "speed(1)", "key_faster", False, False, frozenset({"replay"})),
    ("minus", "speed(-1)", "key_slower", False, False, frozenset({"replay"})),
    ("right_square_bracket", "phase(1)", "key_next_phase", True, False, frozenset({"replay"})),
    ("left_square_bracket", "phase(-1)", "key_prev_phase", False, False, frozenset({"replay"})),
    ("j", "jump", "key_jump", False, False, frozenset({"replay"})),
    ("g", "toggle_god", "key_view", True, False, frozenset({"replay", "live", "play"})),
    ("question_mark", "help", "key_help", True, False, frozenset({"replay", "live", "play"})),
    ("f1", "help", "key_help", False, True, frozenset({"replay", "live", "play"})),
    ("ctrl+p", "command_palette", "key_palette", False, True, frozenset({"replay", "live", "play"})),
    ("ctrl+q", "quit", "key_quit", True, True, frozenset({"replay", "live", "play"})),
    ("ctrl+c", "quit", "key_quit", False, True, frozenset({"replay", "live", "play"})),
    ("q", "quit_viewer", "key_quit", False, False, frozenset({"replay", "live"})),
)
KEY_LABELS = {"space": "space", "right,l": "→ l", "left,h": "← h", "plus,equals_sign": "+", "minus": "-",
              "right_square_bracket": "]", "left_square_bracket": "[", "question_mark": "?", "f1": "F1",
              "ctrl+p": "ctrl+p", "ctrl+q": "ctrl+q", "ctrl+c": "ctrl+c", "j": "j", "g": "g", "q": "q"}


def bindings(lang: str) -> list[Binding]:
    """Every binding, described in `lang` (F1 works from a prompt too)."""
    out = []
    for keys, act, name, show, priority, _ in KEYS:
        out.append(Binding(keys, act, tr(lang, name), show=show, priority=priority,
                           key_display="?" if keys == "question_mark" else None))
    return out


def bindings_map(lang: str, base: BindingsMap) -> BindingsMap:
    """The app's bindings with our keys described in `lang` (Textual's own, e.g. ctrl+c's, replaced)."""
    keys = {key: list(found) for key, found in base.key_to_bindings.items()}
    for binding in bindings(lang):
        for key in binding.key.split(","):
            keys[key.strip()] = [replace(binding, key=key.strip())]
    return BindingsMap.from_keys(keys)


def keys_for(mode: str, lang: str) -> list[tuple[str, str]]:
    """(key, what it does) for the help screen, in `mode`."""
    return [(KEY_LABELS[keys], tr(lang, name)) for keys, _, name, _, _, modes in KEYS if mode in modes]
