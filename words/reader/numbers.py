"""Numbers in speech: English number words and Chinese numerals (一 … 二十), for seats and nights."""

from __future__ import annotations

import re

EN_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
EN_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
               "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
               "eighteenth", "nineteenth", "twentieth")
EN_NUMBER = "|".join(sorted(EN_WORDS[1:], key=len, reverse=True))
EN_ORDINAL = "|".join(sorted(EN_ORDINALS[1:], key=len, reverse=True))
ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
ZH_NUMERAL = r"[一二两三四五六七八九十]{1,3}"


def en_number(word: str) -> int | None:
    """An English number: digits, a number word or an ordinal (None when it is none of these)."""
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    if word in EN_WORDS:
        return EN_WORDS.index(word)
    if word in EN_ORDINALS:
        return EN_ORDINALS.index(word)
    return None


def zh_number(text: str) -> int | None:
    """A Chinese numeral up to 99 (十, 十二, 二十, 二十三) or digits; None when it is neither."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    if not text or any(ch not in ZH_DIGITS and ch != "十" for ch in text):
        return None
    if "十" not in text:
        return ZH_DIGITS[text] if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    if len(tens) > 1 or len(ones) > 1 or "十" in ones:
        return None
    return (ZH_DIGITS[tens] if tens else 1) * 10 + (ZH_DIGITS[ones] if ones else 0)


def zh_digits(text: str) -> str:
    """`text` with each Chinese numeral that stands before 号 (a seat) written in digits: 十二号 -> 12号."""
    return re.sub(rf"({ZH_NUMERAL})(?=号)", lambda m: str(zh_number(m.group(1)) or m.group(1)), text)
