"""Names as players write them: full names, abbreviations, synonyms and prefixes, in any case.

Orders name places, factions, leaders and cards loosely (DESIGN.md, "Orders by mail"; Dune's
abbreviations are those of the ASCII map in 000_7222511ea66831c6.txt, lines 1433-1497).  The
synonyms are data, kept in each game's YAML files; this module only matches text against them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


def normalise(text: str) -> str:
    """``text`` in lower case, apostrophes dropped, other punctuation and spacing made one space."""
    text = text.casefold().replace("'", "").replace("\u2019", "")
    return re.sub(r"[\W_]+", " ", text).strip()


class NameLookupError(LookupError):
    """Text that does not name exactly one thing: ``text`` as written, and the ``candidates``."""

    def __init__(self, kind: str, text: str, candidates: tuple[str, ...], message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.text = text
        self.candidates = candidates


class UnknownName(NameLookupError):
    """Text that names nothing; ``candidates`` are the close names, or all if none is close."""


class AmbiguousName(NameLookupError):
    """Text that could name several things; ``candidates`` are their names."""


@dataclass(frozen=True)
class Named(Generic[T]):
    """One thing to find by name: its canonical ``name``, exact-only ``abbreviations`` and
    ``synonyms`` (which, like the name, also match by prefix)."""

    item: T
    name: str
    abbreviations: tuple[str, ...] = ()
    synonyms: tuple[str, ...] = ()

    def spellings(self) -> tuple[str, ...]:
        """Every way of writing this name in full."""
        return (self.name, *self.synonyms, *self.abbreviations)


def clashes(entries: Iterable[Named[object]]) -> dict[str, tuple[str, ...]]:
    """Spellings (normalised) shared by more than one name, with the names that share them."""
    owners: dict[str, list[str]] = {}
    for entry in entries:
        for key in {_compact(normalise(spelling)) for spelling in entry.spellings()}:
            owners.setdefault(key, []).append(entry.name)
    return {key: tuple(names) for key, names in owners.items() if len(names) > 1}


class NameIndex(Generic[T]):
    """Finds one of a set of named things from text a player wrote.

    An exact spelling (name, synonym or abbreviation) wins; otherwise the text must be a prefix
    of exactly one name or synonym, either as a whole ("hag" for Hagga Basin) or word by word
    ("hab r f" for Habbanya Ridge Flat).  Spellings must not clash (see ``clashes``).
    """

    def __init__(self, kind: str, entries: Iterable[Named[T]]) -> None:
        self.kind = kind
        self._entries = tuple(entries)
        self._exact = {
            _compact(normalise(spelling)): entry
            for entry in self._entries
            for spelling in entry.spellings()
        }
        # The rules look things up by their own names, thousands of times a game (issue 20).
        self._named = {entry.name: entry.item for entry in self._entries}

    def find(self, text: str) -> T:
        """The thing ``text`` names; UnknownName or AmbiguousName if it names none or several."""
        if (named := self._named.get(text)) is not None:
            return named
        key = normalise(text)
        exact = self._exact.get(_compact(key))
        if key and exact is not None:
            return exact.item
        matches = [entry for entry in self._entries if key and _is_prefix(key, entry)]
        if len(matches) == 1:
            return matches[0].item
        if matches:
            names = tuple(sorted(entry.name for entry in matches))
            raise AmbiguousName(
                self.kind, text, names, f"{text!r} could be any {self.kind} of: {', '.join(names)}"
            )
        names = self._close_to(key) or tuple(entry.name for entry in self._entries)
        raise UnknownName(
            self.kind, text, names, f"no {self.kind} is called {text!r}; try: {', '.join(names)}"
        )

    def _close_to(self, key: str) -> tuple[str, ...]:
        """Names with a spelling close to ``key``, closest first."""
        spellings = {
            normalise(spelling): entry.name
            for entry in self._entries
            for spelling in (entry.name, *entry.synonyms)
        }
        close = difflib.get_close_matches(key, list(spellings), n=5, cutoff=0.6)
        return tuple(dict.fromkeys(spellings[spelling] for spelling in close))


def _compact(key: str) -> str:
    return key.replace(" ", "")


def _is_prefix(key: str, entry: Named[object]) -> bool:
    """True if ``key`` (normalised) begins the entry's name or a synonym, whole or word by word."""
    words = key.split()
    for spelling in (entry.name, *entry.synonyms):
        full = normalise(spelling)
        if _compact(full).startswith(_compact(key)):
            return True
        full_words = full.split()
        if len(words) <= len(full_words) and all(
            whole.startswith(word) for word, whole in zip(words, full_words, strict=False)
        ):
            return True
    return False
