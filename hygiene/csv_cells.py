"""CSV cells no spreadsheet can execute (OWASP "CSV injection"), for `killer export`.

A text cell is first made one line (hygiene.sanitize.clean: CR, LF and every other line break become " ⏎ ",
escape sequences and control characters go, a tab becomes a space), so a bare CR can no longer start a row of its
own. Then the formula guard: the text with its leading whitespace, byte-order marks and zero-width characters
stripped, and full-width forms folded (NFKC: `＝` is `=`), must not start with `=`, `+`, `-` or `@`; one that does
gets a leading apostrophe, which spreadsheets show as text. Numbers (int, float) are not text and keep their minus
signs.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from hygiene.sanitize import clean

FORMULA_STARTS = ("=", "+", "-", "@")
_LEADING = re.compile(r"^[\s\ufeff\u200b\u200c\u200d\u2060\u180e\u23ce]+")  # ⏎: a line break, cleaned


def looks_like_formula(text: str) -> bool:
    """Whether a spreadsheet could read `text` as a formula, however it is dressed up in front."""
    head = unicodedata.normalize("NFKC", _LEADING.sub("", text[:64]))
    head = _LEADING.sub("", head)
    return head.startswith(FORMULA_STARTS)


def csv_cell(value: Any) -> Any:
    """A value as a CSV cell: text on one line and never a formula; anything else as it is."""
    if not isinstance(value, str):
        return value
    text = clean(value)
    return "'" + text if looks_like_formula(text) else text


__all__ = ["FORMULA_STARTS", "csv_cell", "looks_like_formula"]
