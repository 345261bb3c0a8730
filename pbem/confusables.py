"""Order text with look-alike letters made plain, before the game's parser reads it.

A territory name pasted from a web page or typed on a Cyrillic or Greek
keyboard may hold letters that look Latin but are not ("Аrrakeen" with a
Cyrillic А), full-width letters, ligatures, or invisible characters (a zero
width space, a soft hyphen).  The ruling: such order lines are normalised,
not refused.  Orders are written in the game's own Latin words, so folding
look-alikes never changes what a correct order means, and the answer echoes
each order in its canonical reading, so the player sees what was read.
Free text (press, chat) is never folded: only the order lines pass here, and
only a line that folding makes wholly Latin (plain ASCII) is changed, so a line
really written in another script ("Мои приказы:") is left as it was, and a
refusal quotes it as the player wrote it.
"""

from __future__ import annotations

import unicodedata

# Letters of other scripts that look like Latin ones (from the Unicode
# confusables data, the single-letter cases of Cyrillic and Greek).
_LOOK_ALIKES = str.maketrans({
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y", "Ԛ": "Q",
    "Ԝ": "W", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x",
    "ѕ": "s", "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v",
})


def plain_letters(text: str) -> str:
    """``text`` with each line that imitates Latin letters made plain: in NFKC form,
    invisible format characters dropped, look-alike letters of other scripts replaced by
    the Latin letters they imitate.  A line that would not come out plain ASCII is kept."""
    return "\n".join(_plain_line(line) for line in text.split("\n"))


def _plain_line(line: str) -> str:
    folded = unicodedata.normalize("NFKC", line)
    folded = "".join(ch for ch in folded if unicodedata.category(ch) != "Cf")
    folded = folded.translate(_LOOK_ALIKES)
    return folded if folded.isascii() else line
