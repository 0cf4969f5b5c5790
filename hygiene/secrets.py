"""Secrets by value: the API keys (and URL passwords) this process actually uses are remembered here, and every
text that is written or forwarded — transcript lines, annotations, error bodies, speeches, printed lines — passes
`redact`, which replaces each of those values whatever its shape (sk-…, gsk_…, AIza…, anything).

The shape patterns below stay as a second net for keys this process never saw (a key echoed by a server that
belongs to somebody else). Values shorter than MIN_SECRET characters are not treated as secrets (a loopback
server's placeholder key, "x"), since replacing them would garble ordinary words.
"""

from __future__ import annotations

import base64
import functools
import re
import threading
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

MASK = "***"
MIN_SECRET = 8
_SHAPES = re.compile(
    r"(sk-|gsk_|AIza|xai-|hf_|ghp_|github_pat_|pplx-|nvapi-|r8_)[A-Za-z0-9_\-*]{8,}"  # well-known key prefixes
    r"|((?:Bearer|Basic)\s+)[A-Za-z0-9._~+/=\-]{8,}"  # an Authorization header echoed back
)
_URL_CREDENTIALS = re.compile(r"(?<=://)[^/\s:@]+(?::[^/\s@]*)?@")
_SECRET_PARAM = (r"(?:api[_-]?key|apikey|key|token|access[_-]?token|auth|authorization|secret|password|pass|sig"
                 r"|signature|code)")  # query parameters that carry a key (?api_key=…, ?key=…, ?token=…)
_URL_QUERY_SECRET = re.compile(rf"(?i)([?&;]{_SECRET_PARAM}=)[^&;#\s\"'<>]+")

_lock = threading.Lock()
_values: set[str] = set()
_pattern: re.Pattern[str] | None = None


def remember(value: str | None) -> None:
    """Marks a key (or password) in use by this process: from now on `redact` removes it from every text."""
    global _pattern
    if not value or len(value) < MIN_SECRET:
        return
    with _lock:
        if value in _values:
            return
        _values.add(value)
        ordered = sorted(_values, key=len, reverse=True)  # the longest first, so no key leaves a tail behind
        _pattern = re.compile("|".join(re.escape(v) for v in ordered))


def remember_url(url: str | None) -> None:
    """Remembers the password (and user) of a URL such as https://user:pass@host/v1."""
    if not url:
        return
    parts = urlsplit(url)
    for part in (parts.password, parts.username):
        if part:
            remember(part)
            remember(unquote(part))
    for name, value in parse_qsl(parts.query, keep_blank_values=False):  # ?api_key=… is a key too
        if re.fullmatch(_SECRET_PARAM, name, re.IGNORECASE):
            remember(value)
    if parts.password:  # httpx sends URL credentials as Basic auth, which a server may echo back
        pair = f"{unquote(parts.username or '')}:{unquote(parts.password)}"
        remember(base64.b64encode(pair.encode("utf-8")).decode("ascii"))


def redact(text: str) -> str:
    """`text` without any remembered secret value, credentials in URLs or key-shaped strings."""
    text = str(text)
    if len(text) > CACHED_LENGTH:
        return _redact(text, _pattern)
    return _redact_cached(text, _pattern)


def _redact(text: str, pattern: re.Pattern[str] | None) -> str:
    if pattern is not None:
        text = pattern.sub(MASK, text)
    text = _URL_CREDENTIALS.sub(MASK + "@", text)
    text = _URL_QUERY_SECRET.sub(lambda m: m.group(1) + MASK, text)
    return _SHAPES.sub(lambda m: (m.group(1) or m.group(2)) + MASK, text)


# A transcript repeats the same strings (keys, kinds, templated lines) thousands of times: their redaction is
# remembered, keyed on the text and the pattern of remembered values in force (a value remembered later makes a
# new key, so no stale result is ever returned).
CACHED_LENGTH = 2_000
_redact_cached = functools.lru_cache(maxsize=4_096)(_redact)


def redact_value(obj: Any) -> Any:
    """A copy of a JSON-like value with every string (keys too) redacted: safe where the text is then dumped."""
    if isinstance(obj, str):
        return redact(obj)
    if isinstance(obj, dict):
        return {redact(str(k)) if isinstance(k, str) else k: redact_value(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [redact_value(v) for v in obj]
    return obj


def redact_url(url: str) -> str:
    """A URL that can be recorded: no user:password@ part, and no key in its query (?api_key=***)."""
    parts = urlsplit(url)
    query = _URL_QUERY_SECRET.sub(lambda m: m.group(1) + MASK, "?" + parts.query)[1:] if parts.query else ""
    if parts.username is None and parts.password is None:
        return urlunsplit((parts.scheme, parts.netloc, parts.path, query, parts.fragment)) if query != parts.query \
            else url
    host = parts.hostname or ""
    netloc = host if parts.port is None else f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def forget_all() -> None:
    """Forgets every remembered value (tests)."""
    global _pattern
    with _lock:
        _values.clear()
        _pattern = None
