"""The words of War for Arrakis orders: areas, air zones, sectors, leaders, cards, decks,
die results, Prescience markers and figures, read loosely (names, abbreviations, prefixes,
any case; games/common/names.py) from a list of words, each reader taking the words it reads
off the front (``Words``)."""

from __future__ import annotations

import re
from typing import Any

from ...common.language import OrderProblem
from ...common.names import Named, NameIndex, NameLookupError, normalise
from ..codes import ErrorCode
from ..data import MARKERS, RESULTS
from ..state import data

# Words that start a clause, or join its parts: never part of a name.
CLAUSES = ("MOVE", "ATTACK", "SURPRISE", "PLACE", "DEPLOY", "DRAW", "PLAY", "TARGET",
           "HARVESTER", "ORNITHOPTER", "CARRYALL", "WORMSIGN", "SANDWORM", "WORM", "WILD",
           "UPGRADE", "CLEAR", "SHIFT", "REDRAW", "SWAP", "SIETCH", "PUSH", "TOKEN", "REMOVE",
           "ATOMICS", "DESERT", "VIA", "OLD")
JOINS = ("TO", "ON", "AT", "BY", "AIR", "USING", "LEADER", "AND", "ALL", "LEAVE")
STOP = frozenset(CLAUSES + JOINS)
MARKER_WORDS = {"kwisatz": "kwisatz", "kh": "kwisatz", "kwisatz haderach": "kwisatz",
                "dwellers": "dwellers", "sd": "dwellers", "sand dwellers": "dwellers",
                "jihad": "jihad"}
IMPERIUM_WORDS = {"choam": "choam", "guild": "guild", "spacing guild": "guild",
                  "landsraad": "landsraad"}
KINDS = {"R": "regular", "E": "elite", "S": "special", "F": "special", "T": "tokens"}


class Words:
    """Words being read, front first."""

    def __init__(self, words: list[str]):
        self.words = list(words)

    def __bool__(self) -> bool:
        return bool(self.words)

    def peek(self) -> str:
        return self.words[0].upper() if self.words else ""

    def next(self) -> str:
        return self.words.pop(0)

    def accept(self, *keywords: str) -> bool:
        if self.peek() in keywords:
            self.words.pop(0)
            return True
        return False

    def expect(self, keyword: str, what: str) -> None:
        if not self.accept(keyword):
            raise OrderProblem(ErrorCode.MISSING, f"expected {keyword} {what}, got "
                               f"{self.peek() or 'nothing'}")

    def name_words(self) -> list[str]:
        """The words up to the next keyword."""
        taken = []
        while self.words and self.peek() not in STOP:
            taken.append(self.words.pop(0))
        return taken

    def number(self, what: str) -> int:
        word = self.peek()
        if not re.fullmatch(r"\d+", word):
            raise OrderProblem(ErrorCode.BAD_NUMBER, f"expected {what} as a number, got "
                               f"{word or 'nothing'}")
        return int(self.next())


def read_name(words: Words, index: NameIndex, code: str, what: str,
              exact: dict[str, Any] | None = None) -> Any:
    """A name at the front: the longest run of words that names something exactly (so that
    names holding a keyword read whole), else the words up to the next keyword, loosely."""
    if exact:
        for length in range(len(words.words), 0, -1):
            spelled = normalise(" ".join(words.words[:length])).replace(" ", "")
            if spelled in exact:
                del words.words[:length]
                return exact[spelled]
    taken = words.name_words()
    if not taken:
        raise OrderProblem(ErrorCode.MISSING, f"expected {what}, got "
                           f"{words.peek() or 'nothing'}")
    try:
        return index.find(" ".join(taken))
    except NameLookupError as error:
        raise OrderProblem(code, str(error), error.candidates[:12]) from None


def _exact(entries: list[Named]) -> dict[str, Any]:
    found = {}
    for entry in entries:
        for spelling in entry.spellings():
            found[normalise(spelling).replace(" ", "")] = entry.item
    return found


_EXACT: dict[str, dict[str, Any]] = {}


def _exact_of(what: str) -> dict[str, Any]:
    if what not in _EXACT:
        d = data()
        if what == "area":
            _EXACT[what] = _exact([Named(a.id, a.name, (a.abbreviation,))
                                   for a in d.board.areas.values()])
        elif what == "card":
            _EXACT[what] = _exact([Named(c.id, c.name, (), c.synonyms) for c in d.cards.values()])
        elif what == "prescience":
            _EXACT[what] = _exact([Named(p.id, p.name) for p in d.prescience.values()])
    return _EXACT[what]


def area(words: Words) -> str:
    """An area of the board."""
    return read_name(words, _areas(), ErrorCode.UNKNOWN_AREA, "an area", _exact_of("area"))


def _areas() -> NameIndex:
    return NameIndex("area", [Named(a.id, a.name, (a.abbreviation,))
                              for a in data().board.areas.values()])


def areas(words: Words, most: int = 99) -> list[str]:
    """Areas, one after another, until a keyword."""
    found = []
    while words and words.peek() not in STOP and len(found) < most:
        found.append(area(words))
    return found


def zone(words: Words) -> str:
    """An air zone: its name, ``Z3`` or ``AIR-3``."""
    zones = data().board.zones
    entries = [Named(z.id, z.name, (f"Z{z.id[4:]}", z.id)) for z in zones.values()]
    return read_name(words, NameIndex("air zone", entries), ErrorCode.UNKNOWN_AREA,
                     "an air zone", _exact(entries))


def sector(words: Words) -> str:
    sectors = data().board.sectors
    index = NameIndex("sector", [Named(s.id, s.name, (s.id.upper(),)) for s in sectors.values()])
    return read_name(words, index, ErrorCode.UNKNOWN_AREA, "a sector")


def leader(words: Words) -> str:
    """A leader: a named leader (``Paul`` whichever Paul) or ``NAIB``/``BASHAR``."""
    if words.peek() in ("NAIB", "BASHAR", "GENERIC"):
        return words.next().lower()
    if words.peek() == "PAUL" and (len(words.words) == 1
                                   or words.words[1].upper() not in ("ATREIDES", "MUADDIB",
                                                                     "MUAD'DIB")):
        words.next()
        return "paul"
    return read_name(words, _leaders(), ErrorCode.UNKNOWN_LEADER, "a leader")


def _leaders() -> NameIndex:
    return data().leader_index


def card(words: Words) -> str:
    """A Planning card, by its name (the longest name the words spell) or a prefix of it."""
    return read_name(words, data().card_index, ErrorCode.UNKNOWN_CARD, "a Planning card",
                     _exact_of("card"))


def prescience(words: Words) -> str:
    return read_name(words, data().prescience_index, ErrorCode.UNKNOWN_CARD,
                     "a Prescience card", _exact_of("prescience"))


def deck(words: Words, side: str) -> str:
    """A Planning deck: ``HOUSE`` (the faction's House deck), ``FREMEN``, ``CORRINO``, or a
    deck's full name."""
    word = words.next().upper() if words else ""
    if word == "HOUSE" and words.peek() in ("ATREIDES", "HARKONNEN"):
        word = "HOUSE-" + words.next().upper()
    found = {"HOUSE": f"house-{side}", "FREMEN": "fremen", "ALLY": "fremen" if side == "atreides"
             else "corrino", "CORRINO": "corrino", "HOUSE-ATREIDES": "house-atreides",
             "HOUSE-HARKONNEN": "house-harkonnen"}.get(word)
    if found is None:
        raise OrderProblem(ErrorCode.UNKNOWN_WORD, f"no deck {word!r}",
                           ("HOUSE", "FREMEN" if side == "atreides" else "CORRINO"))
    return found


def result(words: Words) -> str:
    word = words.next().lower() if words else ""
    if word not in RESULTS:
        raise OrderProblem(ErrorCode.UNKNOWN_WORD, f"no die result {word!r}",
                           tuple(r.upper() for r in RESULTS))
    return word


def marker(words: Words, imperium: bool = False) -> str:
    table = IMPERIUM_WORDS if imperium else MARKER_WORDS
    for length in range(min(2, len(words.words)), 0, -1):     # names of one or two words
        key = normalise(" ".join(words.words[:length]))
        if key in table:
            del words.words[:length]
            return table[key]
    taken = words.name_words()
    key = normalise(" ".join(taken))
    if key not in table:
        raise OrderProblem(ErrorCode.UNKNOWN_WORD, f"no marker {' '.join(taken)!r}",
                           tuple(sorted({k.upper() for k in table if " " not in k})))
    return table[key]


def figures(words: Words) -> dict[str, Any] | None:
    """Which figures of a legion: ``ALL`` (or nothing: all), ``LEAVE`` then the figures kept
    back, or the figures themselves: ``2R`` Regulars, ``1E`` Elites, ``1S``/``1F`` Special
    Elites, ``2T`` tokens (or token ids ``t07``), leaders by name, ``NAIB``/``BASHAR`` (a
    number before them for several)."""
    spec: dict[str, Any] = {}
    if words.accept("ALL"):
        return None
    if words.accept("LEAVE"):
        spec["leave"] = True
    leaders: list[str] = []
    tokens: list[str] = []
    while words and words.peek() not in STOP:
        word = words.peek()
        match = re.fullmatch(r"(\d+)\s*([REFST])", word)
        if match:
            words.next()
            kind = KINDS[match.group(2)]
            spec[kind] = spec.get(kind, 0) + int(match.group(1))
            continue
        if re.fullmatch(r"T\d\d", word):
            tokens.append(words.next().lower())
            continue
        count = 1
        if re.fullmatch(r"\d+", word) and len(words.words) > 1:
            words.next()
            count = int(word)
        found = leader(words)
        leaders += [found] * count
    if tokens:
        spec["tokens"] = tokens
    if leaders:
        spec["leaders"] = leaders
    return spec or None


def resolve_leaders(spec: dict[str, Any] | None, side: str, state) -> dict[str, Any] | None:
    """The leaders of a figures spec as the legion holds them: ``generic`` the faction's
    generic leader, ``paul`` whichever Paul."""
    from ..state import GENERIC, paul

    if not spec or "leaders" not in spec:
        return spec
    found = []
    for name in spec["leaders"]:
        found.append(GENERIC[side] if name in ("generic", "naib", "bashar") else
                     (paul(state) if name == "paul" else name))
    return {**spec, "leaders": found}


__all__ = ["MARKERS"]
