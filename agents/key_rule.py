"""The one key rule: a key goes only to an origin the user allowed, and only from a variable the user allowed.

Every command that sends a key (`run`, `resume`, `eval`, `label`, the TUI's `play`) builds its clients through
`key_for`, with a `Leave` made from its command line:

- the origin of the command line's endpoint (--base-url, else $OPENAI_BASE_URL, else OpenAI's) is allowed, and so
  is every `--allow-endpoint ORIGIN`;
- the command line's key (--api-key, --api-key-env NAME, else OPENAI_API_KEY) is allowed, and so is every
  variable named with `--allow-key-env NAME`.

A file (a seat table, a tournament file, a judge table) may name a base URL and a variable (`api_key_env`), but it
can never pick either on its own: a key is sent to the file's base URL only when that URL's origin is allowed, and
a variable the file names is read only when the user allowed it. An endpoint that is not allowed gets no key: a
loopback one (a local llama.cpp, vLLM or Ollama) gets the placeholder LOCAL_KEY, any other is refused in one line.

Origins compare normalised: (scheme, host, port), the scheme and host lower-cased, the default port filled in (80
for http, 443 for https), never https and http as one. A redirect to another origin never carries the key: the
http client drops `Authorization` on a redirect that leaves the origin (tests/security/test_key_rule.py holds it).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import urlsplit

from engine import KillerError

LOCAL_KEY = "not-needed"  # loopback servers (the embedded model, a local vLLM/Ollama) take any key
DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_KEY_ENV = "OPENAI_API_KEY"
_PORTS = {"http": 80, "https": 443}


class KeyRefused(KillerError, ValueError):
    """A key would go somewhere, or come from somewhere, the user did not allow: one line for the user."""


class Origin(NamedTuple):
    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


def origin(url: str) -> Origin:
    """The origin of an http(s) URL: (scheme, host, port) with the default port filled in. Raises KeyRefused for
    a URL that is not http(s), has no host, or whose port is not 1 to 65535."""
    text = str(url).strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise KeyRefused(f"{_shown(text)}: not a URL with a valid port (1 to 65535)") from None
    scheme = parts.scheme.lower()
    if scheme not in _PORTS or not parts.hostname:
        raise KeyRefused(f"{_shown(text)}: not an http:// or https:// URL with a host")
    if port == 0:
        raise KeyRefused(f"{_shown(text)}: not a URL with a valid port (1 to 65535)")
    return Origin(scheme, parts.hostname.lower().rstrip("."), port or _PORTS[scheme])


def _shown(url: str) -> str:
    """A URL as it may appear in an error line: no credentials, no query, at most 200 characters."""
    from hygiene.secrets import redact_url

    try:
        shown = redact_url(url).split("?", 1)[0]
    except ValueError:
        shown = "the URL"
    return shown[:200]


def is_loopback(url: str) -> bool:
    """Whether the URL's host is this machine (localhost, 127.0.0.0/8, ::1)."""
    try:
        host = urlsplit(str(url)).hostname or ""
    except ValueError:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Leave:
    """What the user allowed on the command line: where keys may go and which variables may be read."""

    endpoint: str = DEFAULT_BASE_URL  # the command line's endpoint: --base-url, else $OPENAI_BASE_URL, else OpenAI's
    key: str | None = None  # the command line's key (--api-key, --api-key-env NAME or OPENAI_API_KEY), if any
    key_env: str = DEFAULT_KEY_ENV  # the variable the command line's key comes from
    endpoints: tuple[str, ...] = ()  # --allow-endpoint ORIGIN (repeatable)
    key_envs: tuple[str, ...] = ()  # --allow-key-env NAME (repeatable)

    def origins(self) -> set[Origin]:
        return {origin(url) for url in (self.endpoint, *self.endpoints)}

    def variables(self) -> set[str]:
        return {self.key_env, *self.key_envs}

    @staticmethod
    def of(*, base_url: str | None, key: str | None, key_env: str | None, endpoints: Iterable[str] = (),
           key_envs: Iterable[str] = (), env: Mapping[str, str]) -> Leave:
        """The leave of a command line; its --allow-endpoint values are checked as origins here."""
        leave = Leave(endpoint=base_url or env.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL, key=key,
                      key_env=key_env or DEFAULT_KEY_ENV, endpoints=tuple(endpoints), key_envs=tuple(key_envs))
        for url in leave.endpoints:
            try:
                origin(url)
            except KeyRefused as exc:
                raise KeyRefused(f"--allow-endpoint {exc}") from None
        return leave


def key_for(leave: Leave, base_url: str, env: Mapping[str, str], *, named_env: str | None = None,
            who: str = "killer", source: str = "the file") -> str:
    """The key a client for `base_url` is built with, by the one key rule (the module's docstring).

    `named_env` is a variable a file named (`api_key_env`); `who` names the client in a refusal (seat 3,
    contestant gpt, the judge) and `source` where the base URL or the variable came from."""
    dest = origin(base_url)
    allowed = dest in leave.origins()
    if named_env:
        if named_env not in leave.variables():
            raise KeyRefused(f"{who}: {source} names the environment variable {named_env} (api_key_env); a file "
                             f"never picks which key is sent: pass --allow-key-env {named_env} if its key may go "
                             f"to {dest}")
        if not allowed:
            raise _refused(who, dest, source)
        value = env.get(named_env)
        if not value:
            raise KeyRefused(f"{who}: environment variable {named_env} (api_key_env) is not set")
        return value
    if not allowed:
        if is_loopback(base_url):
            return LOCAL_KEY  # nothing secret goes to an endpoint the user did not name
        raise _refused(who, dest, source)
    key = leave.key or env.get(leave.key_env)
    if key:
        return key
    if leave.key_env != DEFAULT_KEY_ENV:
        raise KeyRefused(f"{who}: environment variable {leave.key_env} (--api-key-env) is not set")
    if is_loopback(base_url):
        return LOCAL_KEY
    raise KeyRefused(f"{who}: no API key for {dest}: set {leave.key_env}, or pass --api-key-env NAME")


def _refused(who: str, dest: Origin, source: str) -> KeyRefused:
    return KeyRefused(f"{who}: {source} sends requests to {dest}, which you did not name; killer sends a key only "
                      f"where you allowed it: pass --allow-endpoint {dest} if it may have it")


__all__ = ["DEFAULT_BASE_URL", "DEFAULT_KEY_ENV", "LOCAL_KEY", "KeyRefused", "Leave", "Origin", "is_loopback",
           "key_for", "origin"]
