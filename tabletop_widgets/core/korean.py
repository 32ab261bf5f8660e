"""Korean particles that depend on the word before them (이/가, 을/를, 은/는, (으)로 …).

A Korean message with a parameter cannot know whether the word put in ends in a consonant
(a final consonant, *batchim*): "Cal이" but "Bea가", "8로" but "3으로".  Translators write
both forms, as Korean software does: ``{name}이(가)``, ``{card}을(를)``, ``{value}(으)로``.
:func:`particles` picks the form once the message is filled, from the last sound of the
word before it: a Hangul syllable's final consonant, a number or a Latin letter as it is
read in Korean (8 팔, 10 십, F 에프), a Latin name by its spelling (Cal → 칼, Bea → 베아).
Brackets and quotes between the word and the particle are skipped ("Cal (봇)이(가)").

>>> particles("Cal (봇)이(가) 8(으)로 쓰는 카드 세 장을(를) 냈습니다.")
'Cal (봇)이 8로 쓰는 카드 세 장을 냈습니다.'
>>> particles("스페이드 에이스은(는) 3(으)로, Bea이(가) 10을(를), AS이(가), MT-5을(를)")
'스페이드 에이스는 3으로, Bea가 10을, AS가, MT-5를'
>>> particles("No particle (here).")
'No particle (here).'
"""

from __future__ import annotations

import re

__all__ = ["final_consonant", "particles"]

#: Each two-form particle: (after a final consonant, after a vowel).
_PAIRS = {
    "이(가)": ("이", "가"),
    "을(를)": ("을", "를"),
    "은(는)": ("은", "는"),
    "과(와)": ("과", "와"),
    "아(야)": ("아", "야"),
}
_PATTERN = re.compile(r"이\(가\)|을\(를\)|은\(는\)|과\(와\)|아\(야\)|\(으\)로|\(이\)(?=[가-힣])")
#: Final consonants of digits read in Korean: 0 영, 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠,
#: 8 팔, 9 구 ("" none, "ㄹ" the liquid that takes 로, "C" any other consonant).
_DIGIT = {"0": "C", "1": "ㄹ", "2": "", "3": "C", "4": "", "5": "", "6": "C", "7": "ㄹ", "8": "ㄹ"}
_DIGIT["9"] = ""
#: Latin letters read one by one (card values, segments): L 엘, M 엠, N 엔, R 알 end in a
#: consonant; the others (에이, 비, 씨 … 에프, 에이치) in a vowel.
_LETTER = {"L": "ㄹ", "M": "C", "N": "C", "R": "ㄹ"}
_SKIP = " )]}”’\"'»*`"


def _number(digits: str) -> str:
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros and digits.strip("0"):  # 10 십, 100 백, 1000 천, 10000 만: all end in a consonant
        return "C"
    return _DIGIT[digits[-1]]


def _latin(word: str) -> str:
    if len(word) == 1 or word.isupper():  # card notation (AS, 7H) is read letter by letter
        return _LETTER.get(word.upper(), "")
    last = word[-1].lower()
    if last == "l":
        return "ㄹ"
    return "" if last in "aeiouyhrw" else "C"


def final_consonant(before: str) -> str | None:
    """The final sound of the last word of ``before``: ``""`` a vowel, ``"ㄹ"``, ``"C"``
    another consonant, None if it cannot tell.

    >>> [final_consonant(w) for w in ("카드", "패스", "8", "1000", "?")]
    ['', '', 'ㄹ', 'C', None]
    """
    text = before.rstrip(_SKIP)
    if not text:
        return None
    ch = text[-1]
    if "가" <= ch <= "힣":
        tail = (ord(ch) - 0xAC00) % 28
        return "" if tail == 0 else ("ㄹ" if tail == 8 else "C")
    if ch.isdigit():
        return _number(re.search(r"\d+$", text).group(0))
    if ch.isascii() and ch.isalpha():
        return _latin(re.search(r"[A-Za-z]+$", text).group(0))
    return None


def particles(text: str) -> str:
    """``text`` with every two-form particle resolved (left as it is where the word before
    it cannot be read)."""
    if "(" not in text:
        return text
    out, last = [], 0
    for m in _PATTERN.finditer(text):
        out.append(text[last : m.start()])
        last = m.end()
        sound = final_consonant("".join(out))
        form = m.group(0)
        if sound is None:
            out.append(form)
        elif form in _PAIRS:
            out.append(_PAIRS[form][0 if sound else 1])
        elif form == "(으)로":
            out.append("으로" if sound == "C" else "로")
        else:  # (이)라, (이)나 …: 이 after a consonant
            out.append("이" if sound else "")
    out.append(text[last:])
    return "".join(out)
