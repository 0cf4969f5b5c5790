"""One sanitiser for untrusted text (speeches, reasoning, error bodies, names from files) before it reaches a
terminal, the TUI, a render or another seat's prompt.

- Terminal escape sequences (CSI such as clear-screen, OSC 0 window titles, OSC 52 clipboard writes, DCS/APC/PM,
  and their 8-bit C1 forms) are removed whole, so none of their payload is printed either.
- Line breaks of every kind JSON or Unicode knows (\\n, \\r, \\v, \\f, U+0085, U+2028, U+2029) become a visible
  " ⏎ ", so a speech can never start a line of its own that reads like the judge's.
- Other C0/C1 control characters and the bidirectional overrides that reorder what a reader sees are dropped;
  a tab becomes a space.

`markdown` is the same for Markdown pages (render, report.md): `clean`, then HTML's `& < >` as entities and the
characters that make Markdown structure — links and images (`[ ]`), emphasis and code (`* `` ` `` ~`), table cells
(`|`), escapes (`\\`) — escaped, so a name, a seed or a speech reads as text in its cell or quote, never as a link,
a pixel, a column or a heading. `_` is left alone: GitHub's Markdown reads an underscore inside a word as text, and
at worst it italicises, never adds structure. `markdown_value` applies it to every string of a JSON-like value.
"""

from __future__ import annotations

import re
from typing import Any

LINE_MARK = " ⏎ "

_ESCAPE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI ... final byte (colours, clear screen, cursor moves)
    r"|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC ... BEL/ST (window title, clipboard, hyperlinks)
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"  # DCS, SOS, PM, APC ... ST
    r"|\x1b[ -/]*[0-~]?"  # any other ESC sequence (charset switches, RIS)
    r"|\x9b[0-?]*[ -/]*[@-~]"  # 8-bit CSI
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # 8-bit DCS/SOS/OSC/PM/APC
)
_BREAKS = re.compile("[\r\n\v\f\x85\u2028\u2029]+")
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean(text: str, *, max_chars: int | None = None) -> str:
    """`text` made safe to print on one line: no escape sequences, no control characters, no line breaks."""
    text = _ESCAPE.sub("", str(text))
    text = text.replace("\t", " ")
    text = _BREAKS.sub(LINE_MARK, text)
    text = _CONTROL.sub("", text)
    if max_chars is not None and len(text) > max_chars:
        text = text[: max(0, max_chars - 1)] + "…"
    return text


_MARKUP = re.compile(r"([\\`*\[\]|~])")


def markdown(text: str, *, max_chars: int | None = None) -> str:
    """`text` made safe inside one Markdown line (a table cell, a quote, a list item): one line, no markup."""
    text = clean(text, max_chars=max_chars).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MARKUP.sub(r"\\\1", text)


def markdown_value(obj: Any) -> Any:
    """A copy of a JSON-like value with every string, keys too, passed through `markdown`."""
    if isinstance(obj, str):
        return markdown(obj)
    if isinstance(obj, dict):
        return {markdown(k) if isinstance(k, str) else k: markdown_value(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [markdown_value(v) for v in obj]
    return obj
