"""Speech as the model writes it: the partial value of the answer's top-level "speech" field, read off the
partial JSON text of a streaming answer, and a guard that hands each longer prefix to a listener.

Only the top-level "speech" string is ever extracted: the private reasoning (another field, or the word
"speech" inside it) never reaches a listener.
"""

from __future__ import annotations

import inspect

from agents.llm.schema import MAX_SPEECH
from agents.view import SpeechListener

_HEX = frozenset("0123456789abcdefABCDEF")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def partial_field(text: str, key: str = "speech") -> str | None:
    """The decoded value so far of the string field `key` of the first JSON object in `text` (anything before
    its `{`, like a code fence, is skipped); None until that value has begun (or when it is not a string)."""
    i = text.find("{")
    if i < 0:
        return None
    depth, state, name = 0, "key", None
    while i < len(text):
        c = text[i]
        if c == '"':
            value, i, closed = read_string(text, i + 1)
            if depth == 1 and state == "key":
                name, state = value, "colon"
            elif depth == 1 and state == "value":
                if name == key:
                    return value
                state = "after"
            if not closed:
                return None
            continue
        if c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
            if depth == 0:
                return None  # the object closed without the field
        elif depth == 1 and c == ":" and state == "colon":
            state = "value"
        elif depth == 1 and c == ",":
            state = "key"
        i += 1
    return None


def read_string(text: str, i: int) -> tuple[str, int, bool]:
    """Decodes a JSON string body from `text[i]`: (value so far, index after the closing quote, closed). A
    truncated escape at the end (`\\`, `\\u00`, half a surrogate pair) is left out until it is complete."""
    out: list[str] = []
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            return "".join(out), i + 1, True
        if c != "\\":
            out.append(c)
            i += 1
            continue
        if i + 1 >= n:
            break
        esc = text[i + 1]
        if esc != "u":
            out.append(_ESCAPES.get(esc, esc))  # an unknown escape is kept as its letter
            i += 2
            continue
        char, used = _unicode(text, i)
        if not used:
            break
        out.append(char)
        i += used
    return "".join(out), n, False


def _unicode(text: str, i: int) -> tuple[str, int]:
    """A `\\uXXXX` escape at `text[i]` (with its low surrogate when it is a high one): (char, chars used), or
    ("", 0) while it is still incomplete."""
    code = _hex4(text, i + 2)
    if code is None:
        return ("", 0) if len(text) < i + 6 else ("\ufffd", 2)
    if 0xDC00 <= code < 0xE000:
        return "\ufffd", 6  # a low surrogate alone
    if not 0xD800 <= code < 0xDC00:
        return chr(code), 6
    if not "\\u".startswith(text[i + 6: i + 8]):
        return "\ufffd", 6  # a high surrogate alone
    if len(text) < i + 12:
        return "", 0
    low = _hex4(text, i + 8)
    if low is None or not 0xDC00 <= low < 0xE000:
        return "\ufffd", 6
    return chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)), 12


def _hex4(text: str, i: int) -> int | None:
    digits = text[i: i + 4]
    if len(digits) < 4 or any(d not in _HEX for d in digits):
        return None
    return int(digits, 16)


class SpeechFeed:
    """Hands the listener the speech so far whenever it grows (capped like the final speech). A listener that
    raises is dropped for the rest of the decision: it never breaks the decision."""

    def __init__(self, listener: SpeechListener) -> None:
        self.listener: SpeechListener | None = listener
        self.sent = ""

    def restart(self) -> None:
        """A new attempt: its speech starts from nothing again."""
        self.sent = ""

    @property
    def wants_more(self) -> bool:
        """Whether a longer answer could still change what the listener saw (not once the speech is full)."""
        return self.listener is not None and len(self.sent) < MAX_SPEECH

    async def update(self, text: str) -> None:
        """`text` is the whole answer so far."""
        if self.listener is None:
            return
        speech = (partial_field(text) or "")[:MAX_SPEECH]
        if len(speech) <= len(self.sent):
            return
        self.sent = speech
        try:
            result = self.listener(speech)
            if inspect.isawaitable(result):
                await result
        except Exception:  # a broken display must not cost the seat its turn
            self.listener = None
