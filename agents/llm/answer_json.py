"""One bounded parse of any model answer (a seat's decision, a preflight's, the judge's label).

An answer is hostile: `json.loads` on 200,000 `[` raises RecursionError, on a 5,000-digit integer ValueError
(Python's int-string limit), and accepts NaN, Infinity and 1e999. `loads` reads an answer only within bounds —
at most MAX_ANSWER_CHARS characters, nesting at most MAX_DEPTH deep (counted before parsing, outside strings),
integers of at most MAX_INT_DIGITS digits, finite numbers only — and raises nothing but AnswerJSONError (a
KillerError and a ValueError), with a short message that can be shown to the model and the user.
"""

from __future__ import annotations

import json
import math
from typing import Any

from engine import KillerError

MAX_ANSWER_CHARS = 256 * 1024  # a decision or a label is a few KB; the transport caps the bytes at 8 MB
MAX_DEPTH = 32  # the deepest answer schema nests 4 levels
MAX_INT_DIGITS = 18  # seats, nights and counts are small; 18 digits fit in 64 bits


class AnswerJSONError(KillerError, ValueError):
    """An answer that is not one bounded JSON value: one short line."""


def strip_fence(text: str) -> str:
    """Accepts ```json ... ``` around the object (some chat models add it even in JSON mode)."""
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else body[3:]
        body = body.rsplit("```", 1)[0]
    return body.strip()


def depth(text: str) -> int:
    """The deepest nesting of [ and { in `text`, outside strings (a linear scan, no recursion)."""
    deepest = level = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise AnswerJSONError(f"the answer holds an integer of {len(digits.lstrip('-')):,} digits (at most "
                              f"{MAX_INT_DIGITS})")
    return int(digits)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise AnswerJSONError("the answer holds a number too large to be finite")
    return value


def _constant(name: str) -> Any:
    raise AnswerJSONError(f"the answer holds {name}, which is not JSON")


def loads(text: str | None) -> Any:
    """The JSON value of an answer (```json fences allowed; raw newlines in strings forgiven), within bounds."""
    body = strip_fence(text or "")
    if not body:
        raise AnswerJSONError("the answer was empty; reply with one JSON object")
    if len(body) > MAX_ANSWER_CHARS:
        raise AnswerJSONError(f"the answer is {len(body):,} characters long (at most {MAX_ANSWER_CHARS:,})")
    if depth(body) > MAX_DEPTH:
        raise AnswerJSONError(f"the answer nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(body, strict=False, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise AnswerJSONError(f"the answer is not valid JSON ({exc.msg} at char {exc.pos})") from None
    except (RecursionError, ValueError, OverflowError) as exc:  # AnswerJSONError is a ValueError: kept as it is
        if isinstance(exc, AnswerJSONError):
            raise
        raise AnswerJSONError("the answer is not a JSON value killer can read") from None


__all__ = ["MAX_ANSWER_CHARS", "MAX_DEPTH", "MAX_INT_DIGITS", "AnswerJSONError", "depth", "loads", "strip_fence"]
