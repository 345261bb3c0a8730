"""English agreement in what the moderator writes: a count with its noun, a verb with its
subject.  Templates have these as the ``plural`` and ``agree`` filters."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """"1 force", "2 forces" (``words``: the plural where it is not ``word`` + "s")."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def agree(verb: str, singular: bool) -> str:
    """The present tense of ``verb`` for a singular or plural subject: "play" -> "plays"."""
    if not singular:
        return verb
    first, _, rest = verb.partition(" ")
    if first == "have":
        first = "has"
    elif first.endswith(("s", "sh", "ch", "x", "z", "o")):
        first += "es"
    elif first.endswith("y") and first[-2:-1] not in "aeiou":
        first = first[:-1] + "ies"
    else:
        first += "s"
    return f"{first} {rest}" if rest else first
