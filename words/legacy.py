"""Older transcripts' bot reasoning, put into sentences: the scripted bots once wrote their private reasoning as
raw data ("scripted killers seat 5: checks {9: 'killer'}, claimed checks {3: True}, police claimers [2]"); the god
view and the render show it in the reader's language instead. Anything else passes through unchanged."""

from __future__ import annotations

import ast
import re
from typing import Any

from words.narrator import Words

OLD_REASONING = re.compile(r"^scripted (?P<side>good|killers) seat (?P<seat>\d+): checks (?P<checks>\{[^{}]*\}), "
                           r"claimed checks (?P<claimed>\{[^{}]*\}), police claimers (?P<claimers>\[[^\[\]]*\])$")


def reasoning_text(text: str, lang: str) -> str:
    """`text` as sentences when it is the old raw form, else `text` itself."""
    found = OLD_REASONING.match(text.strip())
    if found is None:
        return text
    try:
        checks, claimed, claimers = (ast.literal_eval(found[k]) for k in ("checks", "claimed", "claimers"))
    except (ValueError, SyntaxError):
        return text
    if not (isinstance(checks, dict) and isinstance(claimed, dict) and isinstance(claimers, list)):
        return text
    w = Words(lang)
    side = w("side_killers" if found["side"] == "killers" else "side_good")
    out = [w("why_me", seat=_capital(w.seat(found["seat"])), side=side)]
    if checks:
        out.append(w("why_checks", list=_results(w, {t: r == "killer" for t, r in checks.items()})))
    if claimed:
        out.append(w("why_claimed", list=_results(w, claimed)))
    out.append(w("why_claimers", seats=w.seats(claimers)) if claimers else w("why_no_claimers"))
    return (" " if w.lang == "en" else "").join(out)


def _results(w: Words, results: dict[Any, Any]) -> str:
    return w.p["item_sep"].join(w("nb_killer" if bool(k) else "nb_not_killer", target=w.target(t))
                                for t, k in sorted(results.items(), key=lambda kv: str(kv[0])))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
