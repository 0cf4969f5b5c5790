#!/usr/bin/env python3
"""Validates corpus-en.jsonl (and corpus-zh.jsonl if present) against GUIDE.md's schema and prints counts.
Exit status 1 on any error. Usage: python3 check_corpus.py [FILE ...]"""
import json, os, re, sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["id", "lang", "source", "origin", "ruleset", "players", "seat", "kind", "day", "text", "said_role",
        "said_side", "said_checks", "accuses", "clears", "note"]
SOURCES = ["capable", "bot", "embedded", "written", "hard"]
KINDS = {"statement", "defense", "last_words"}
ROLES = {"civilian", "police", "killer", "doctor", "secret_police", "sniper", "butterfly", "old_man", "traitor",
         "undercover"}
KILLER_SIDE = {"killer", "traitor", "undercover"}
RESULTS = {"killer", "not_killer"}
RULESET_ROLES = {   # docs/rules.md table; a claim outside it is only a warning (a lie may name any role)
    "v1": {"killer", "civilian"}, "v2-classic": {"killer", "police", "civilian"},
    "v2-forum": {"killer", "police", "civilian"}, "v2-std": {"killer", "police", "civilian"},
    "v2.5-std": {"killer", "police", "doctor", "civilian"},
    "v3": {"killer", "police", "doctor", "secret_police", "civilian"},
    "v3.5-std": {"killer", "police", "doctor", "secret_police", "traitor", "civilian"},
    "v3.8-std": {"killer", "police", "doctor", "secret_police", "undercover", "civilian"},
    "v4-classic": {"butterfly", "sniper", "doctor", "police", "old_man", "killer", "civilian"},
    "v4-std": {"killer", "police", "doctor", "sniper", "butterfly", "old_man", "civilian"},
    "v5-dual": {"butterfly", "killer", "police", "doctor", "secret_police", "undercover", "civilian"},
}
ROOTS = ["/work/main", "/work", os.path.dirname(HERE)]

def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)

def seat_list(v, players, where, errs):
    if not isinstance(v, list) or not all(is_int(s) for s in v):
        errs.append("%s: not a list of ints" % where)
        return set()
    if v != sorted(set(v)):
        errs.append("%s: not sorted/unique %r" % (where, v))
    for s in v:
        if not 1 <= s <= players:
            errs.append("%s: seat %d outside 1..%d" % (where, s, players))
    return set(v)

_cache = {}
def transcript_speech(path, i):
    """(kind, seat, speech, ruleset, players) of event i, or None when the file is not found."""
    if path not in _cache:
        full = next((os.path.join(r, path) for r in ROOTS if os.path.exists(os.path.join(r, path))), None)
        if full is None:
            _cache[path] = None
        else:
            evs, hdr = {}, {}
            for line in open(full, encoding="utf-8"):
                d = json.loads(line)
                if d.get("type") == "header":
                    hdr = d
                elif d.get("event"):
                    evs[d["i"]] = d["event"]
            _cache[path] = (evs, hdr)
    got = _cache[path]
    if got is None:
        return None
    evs, hdr = got
    e = evs.get(i)
    if e is None:
        return ("missing", None, None, None, None)
    return (e["kind"], e["data"].get("seat"), e["data"].get("speech"), hdr.get("ruleset"), hdr.get("players"))

def check_line(r, lang, errs, warns):
    where = r.get("id", "?")
    if list(r.keys()) != KEYS:
        if set(r.keys()) != set(KEYS):
            errs.append("%s: keys %s" % (where, sorted(set(r.keys()) ^ set(KEYS))))
            return
    if not isinstance(r["id"], str) or not re.fullmatch(r"(en|zh)-(%s)-\d{4}" % "|".join(SOURCES), r["id"]):
        errs.append("%s: bad id" % where)
    elif r["id"].split("-")[0] != r["lang"] or r["id"].split("-")[1] != r["source"]:
        errs.append("%s: id does not match lang/source" % where)
    if r["lang"] != lang:
        errs.append("%s: lang %r in the %s file" % (where, r["lang"], lang))
    if r["source"] not in SOURCES:
        errs.append("%s: source %r" % (where, r["source"]))
    if r["ruleset"] not in RULESET_ROLES:
        errs.append("%s: ruleset %r" % (where, r["ruleset"]))
    for k in ("players", "seat", "day"):
        if not is_int(r[k]):
            errs.append("%s: %s not an int" % (where, k))
            return
    n = r["players"]
    if not 5 <= n <= 20:
        errs.append("%s: players %d" % (where, n))
    if not 1 <= r["seat"] <= n:
        errs.append("%s: seat %d outside 1..%d" % (where, r["seat"], n))
    if r["day"] < 1:
        errs.append("%s: day %d" % (where, r["day"]))
    if r["kind"] not in KINDS:
        errs.append("%s: kind %r" % (where, r["kind"]))
    real = r["source"] in ("capable", "bot", "embedded")
    if not isinstance(r["text"], str):
        errs.append("%s: text not a string" % where)
    elif not r["text"].strip():
        # a real speech may be empty (a silenced seat); it is still checked verbatim against its transcript
        (warns if real else errs).append("%s: empty text" % where)
    if r["note"] is not None and not isinstance(r["note"], str):
        errs.append("%s: note neither a string nor null" % where)
    # origin
    if real:
        m = re.fullmatch(r"(.+\.jsonl):i=(\d+)", r["origin"] if isinstance(r["origin"], str) else "")
        if not m:
            errs.append("%s: origin %r is not FILE:i=N" % (where, r["origin"]))
        else:
            got = transcript_speech(m.group(1), int(m.group(2)))
            if got is None:
                warns.append("%s: transcript %s not found, text not verified" % (where, m.group(1)))
            elif got[0] == "missing":
                errs.append("%s: no event i=%s in %s" % (where, m.group(2), m.group(1)))
            else:
                kind, seat, speech, rs, pl = got
                if kind != r["kind"] or seat != r["seat"] or speech != r["text"]:
                    errs.append("%s: kind/seat/text differ from the transcript" % where)
                if rs != r["ruleset"] or pl != r["players"]:
                    errs.append("%s: ruleset/players differ from the transcript header" % where)
    elif r["origin"] != "written":
        errs.append("%s: origin of a %s statement must be 'written'" % (where, r["source"]))
    # role and side
    role, side = r["said_role"], r["said_side"]
    if role is not None and role not in ROLES:
        errs.append("%s: said_role %r" % (where, role))
    if side not in ("good", "killers", None):
        errs.append("%s: said_side %r" % (where, side))
    if role is not None:
        want = "killers" if role in KILLER_SIDE else "good"
        if side != want:
            errs.append("%s: said_side %r but role %s implies %s" % (where, side, role, want))
        if r["ruleset"] in RULESET_ROLES and role not in RULESET_ROLES[r["ruleset"]]:
            warns.append("%s: role %s not in ruleset %s" % (where, role, r["ruleset"]))
    # checks
    acc = seat_list(r["accuses"], n, where + " accuses", errs)
    clr = seat_list(r["clears"], n, where + " clears", errs)
    if acc & clr:
        errs.append("%s: seats both accused and cleared: %s" % (where, sorted(acc & clr)))
    checks = r["said_checks"]
    if not isinstance(checks, list):
        errs.append("%s: said_checks not a list" % where)
        return
    killed, shaken = set(), set()
    for j, c in enumerate(checks):
        cw = "%s check %d" % (where, j)
        if not isinstance(c, dict) or set(c.keys()) != {"target", "result", "night"}:
            errs.append("%s: keys" % cw)
            continue
        t = c["target"]
        if is_int(t):
            seat = t
        elif (isinstance(t, list) and len(t) == 2 and all(is_int(x) for x in t) and r["ruleset"] == "v5-dual"
              and t[1] in (1, 2)):
            seat = t[0]
        else:
            errs.append("%s: target %r" % (cw, t))
            continue
        if not 1 <= seat <= n:
            errs.append("%s: target seat %d outside 1..%d" % (cw, seat, n))
        if c["result"] not in RESULTS:
            errs.append("%s: result %r" % (cw, c["result"]))
        night = c["night"]
        if night is not None and (not is_int(night) or not 1 <= night <= r["day"]):
            errs.append("%s: night %r (day %d)" % (cw, night, r["day"]))
        (killed if c["result"] == "killer" else shaken).add(seat)
    if not killed <= acc:
        errs.append("%s: own killer checks %s not all in accuses" % (where, sorted(killed - acc)))
    if not (shaken - killed) <= clr:
        errs.append("%s: own not_killer checks %s not all in clears" % (where, sorted(shaken - killed - clr)))
    if checks and role is None:
        warns.append("%s: checks without a role" % where)

def main(paths):
    if not paths:
        paths = [os.path.join(HERE, f) for f in ("corpus-en.jsonl", "corpus-zh.jsonl")
                 if os.path.exists(os.path.join(HERE, f))]
    errs, warns, ids = [], [], Counter()
    stats = {}
    for path in paths:
        lang = "zh" if path.endswith("-zh.jsonl") else "en"
        rows = []
        for k, line in enumerate(open(path, encoding="utf-8"), 1):
            try:
                r = json.loads(line)
            except ValueError as e:
                errs.append("%s:%d: not JSON (%s)" % (path, k, e))
                continue
            if not isinstance(r, dict):
                errs.append("%s:%d: not an object" % (path, k))
                continue
            check_line(r, lang, errs, warns)
            ids[r.get("id")] += 1
            rows.append(r)
        stats[lang] = rows
    for i, c in ids.items():
        if c > 1:
            errs.append("duplicate id %s (%d)" % (i, c))
    for lang, rows in stats.items():
        print("== %s: %d lines" % (lang, len(rows)))
        fields = [
            ("said_role set", lambda r: r["said_role"] is not None),
            ("side only (said_side set, said_role null)", lambda r: r["said_side"] is not None and r["said_role"] is None),
            ("said_checks non-empty", lambda r: bool(r["said_checks"])),
            ("accuses non-empty", lambda r: bool(r["accuses"])),
            ("clears non-empty", lambda r: bool(r["clears"])),
            ("claims nothing (no role/side/checks)", lambda r: r["said_role"] is None and r["said_side"] is None and not r["said_checks"]),
            ("plain negative (nothing at all)", lambda r: r["said_role"] is None and r["said_side"] is None and not r["said_checks"] and not r["accuses"] and not r["clears"]),
        ]
        by_src = defaultdict(list)
        for r in rows:
            by_src[r["source"]].append(r)
        srcs = [s for s in SOURCES if s in by_src]
        head = "%-44s %6s " % ("field", "total") + " ".join("%9s" % s for s in srcs)
        print(head)
        print("%-44s %6d " % ("lines", len(rows)) + " ".join("%9d" % len(by_src[s]) for s in srcs))
        for name, f in fields:
            print("%-44s %6d " % (name, sum(map(f, rows))) + " ".join("%9d" % sum(map(f, by_src[s])) for s in srcs))
        roles = Counter(r["said_role"] for r in rows if r["said_role"])
        print("roles:", dict(sorted(roles.items())))
        print("sides:", dict(Counter(r["said_side"] for r in rows if r["said_side"])))
        print("check nights: with night %d, without %d; killer %d, not_killer %d" % (
            sum(1 for r in rows for c in r["said_checks"] if c["night"] is not None),
            sum(1 for r in rows for c in r["said_checks"] if c["night"] is None),
            sum(1 for r in rows for c in r["said_checks"] if c["result"] == "killer"),
            sum(1 for r in rows for c in r["said_checks"] if c["result"] == "not_killer")))
        print("kinds:", dict(Counter(r["kind"] for r in rows)), " rulesets:", dict(Counter(r["ruleset"] for r in rows)))
    for w in warns:
        print("warning:", w)
    for e in errs:
        print("ERROR:", e)
    print("OK" if not errs else "%d errors" % len(errs))
    return 1 if errs else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
