"""The order language of Dune: one order per line, a verb then its words.

Each kind of decision (``OrderKind``) says which verbs it answers to, how to
read the words after the verb into an order value, and how to write a value
back as canonical order text; reading the canonical text gives the same value.
Some kinds take several lines (the Fremen place their forces on up to three
territories): their lines are combined into one value and checked as a whole.

Lines are matched to the seat's open prompts by their verb, so one mail may
answer several prompts, and a line for a decision that is not open now is
answered with the decisions that are.  Names are read loosely (full names,
the ASCII map's abbreviations, unambiguous prefixes, any case; DESIGN.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...common.language import (
    OrderKind,
    OrderLanguage,
    line_words,
    read_number,
    words_of,
)
from ...common.names import Named, NameIndex
from ..codes import ErrorCode
from ..data import ForceKind, NameLookupError, Territory
from ..state import State, data, faction_name
from .problem import OrderProblem

__all__ = ["KINDS", "LANGUAGE", "OrderKind", "OrderProblem", "line_words",
           "order_kind", "parse_orders", "read_faction", "read_forces", "read_number",
           "read_factions", "read_territory", "where", "words_of"]


# The machinery is shared with every game (``games/common/language.py``); Dune's kinds are
# registered in its own language.
LANGUAGE = OrderLanguage()
KINDS: dict[str, OrderKind] = LANGUAGE.kinds
order_kind = LANGUAGE.order_kind
parse_orders = LANGUAGE.parse_orders


# --- reading the words of an order
def read_faction(game: Any, words: list[str], among: list[str]) -> str:
    """The seat of the faction the words name, among the given seats of a game (a state or a
    view)."""
    text = " ".join(words)
    valid = tuple(faction_name(s, game) for s in among)
    if not text:
        raise OrderProblem(ErrorCode.MISSING_FACTION, "expected a faction", valid)
    try:
        faction = data(game).faction(text)
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_FACTION, str(error), valid) from None
    seat = faction.seat
    if seat not in among:
        raise OrderProblem(ErrorCode.FACTION_NOT_ALLOWED, f"{faction.name} is not a choice here",
                           valid)
    return seat


def read_factions(state: State, words: list[str], among: list[str]) -> list[str]:
    """Several factions named one after the other ("Bene Gesserit Fremen", "BG and Guild"),
    in seat order; each at most once."""
    found: list[str] = []
    rest = [w for w in words if w.upper() not in ("AND", "&")]
    while rest:
        seat, size = _first_faction(state, rest, among)
        if seat in found:
            raise OrderProblem(ErrorCode.FACTION_TWICE,
                               f"{faction_name(seat, state)} is named twice",
                               tuple(faction_name(s, state) for s in among))
        found.append(seat)
        rest = rest[size:]
    return [s for s in among if s in found]


def _first_faction(state: State, words: list[str], among: list[str]) -> tuple[str, int]:
    """The faction the first two words name ("Bene Gesserit"), else the first word, and how
    many words it took."""
    if len(words) >= 2:
        try:
            return read_faction(state, words[:2], among), 2
        except OrderProblem:
            pass
    return read_faction(state, words[:1], among), 1


def read_territory(game: Any, words: list[str], among: list[str] | None = None
                   ) -> tuple[Territory, int | None]:
    """A territory of a game's board (``game``: a state or a view) and, if the words end with
    ``SECTOR n``, a sector of it; the places of the board layer too (``Board.named``)."""
    board = data(game).board.named
    sector = None
    if len(words) >= 2 and words[-2].upper() == "SECTOR":
        sector = read_number(words[-1], 1, board.sectors, "the sector")
        words = words[:-2]
    text = " ".join(words)
    valid = tuple(among) if among else ()
    if not text:
        raise OrderProblem(ErrorCode.MISSING_TERRITORY, "expected a territory", valid)
    try:
        territory = board.territory(text)
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_TERRITORY, str(error),
                           valid or error.candidates) from None
    if among is not None and territory.name not in among:
        raise OrderProblem(ErrorCode.TERRITORY_NOT_ALLOWED,
                           f"{territory.name} is not a choice here",
                           valid)
    if sector is not None and sector not in territory.sectors:
        raise OrderProblem(ErrorCode.WRONG_SECTOR, f"{territory.name} lies in sectors "
                           f"{', '.join(map(str, territory.sectors))}, not {sector}",
                           tuple(f"{territory.name} SECTOR {s}" for s in territory.sectors))
    return territory, sector


def where(game: Any, territory: str, sector: int) -> str:
    """A territory and sector in order text: the sector only where the territory has several
    (``game``: a state or a view; a place of the board layer lies in none)."""
    if len(data(game).board.named[territory].sectors) <= 1:
        return territory
    return f"{territory} SECTOR {sector}"


def card_among(state: State, text: str, cards: list[str], what: str, valid: tuple) -> str:
    """The card of ``cards`` the text names by its name (a copy's number may follow), the
    first copy where several are there, or an OrderProblem listing ``valid``."""
    by_name: dict[str, str] = {}
    for card in cards:
        by_name.setdefault(data(state).treachery_card(card).name, card)
    try:
        return by_name[NameIndex(what, (Named(n, n) for n in by_name)).find(
            re.sub(r"\s*#\s*\d+$", "", text))]
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error), valid) from None


FILLER = frozenset({"FORCE", "FORCES", "TOKEN", "TOKENS", "AND", "&", "+"})


def read_forces(words: list[str], kinds: Sequence[ForceKind], what: str = "forces",
                whole: bool = False, least: int = 0) -> tuple[dict[str, int], list[str]]:
    """Forces at the start of the words, counted per kind of ``kinds`` (a faction's, its first
    kind first): a number of its plain kind (``5``), a number with a kind's mark (``2*``) or
    one of its words (``2 Fedaykin``, ``1 starred``), or several (``5 2*``, ``2+1*``, ``3 forces
    and 1 Fedaykin``); the counts (no zeros) and the words after them.  With ``whole`` every
    word must be forces; ``least``: the fewest forces in all."""
    named = {word: kind for kind in reversed(kinds) for word in kind.words()}
    counts: dict[str, int] = {}
    pending: str | None = None
    taken, seen = 0, False

    def count(kind: ForceKind, number: str) -> None:
        if kind.name in counts:
            raise OrderProblem(ErrorCode.BAD_FORCES, f"{' '.join(words)!r} gives the "
                               f"{kind.plural} twice", _examples(kinds))
        counts[kind.name] = read_number(number, 0, 20, f"the {what}")

    for word in words:
        tokens = re.findall(r"\d+|[^\d\s+]+|\+", word.upper())
        if not all(t.isdigit() or t in FILLER or t in named for t in tokens):
            break
        for token in tokens:
            if token.isdigit():
                if pending is not None:
                    count(kinds[0], pending)
                pending, seen = token, True
            elif token in named:
                if pending is None:
                    raise OrderProblem(ErrorCode.BAD_FORCES, f"expected a number before "
                                       f"{token}", _examples(kinds))
                count(named[token], pending)
                pending = None
        taken += 1
    if pending is not None:
        count(kinds[0], pending)
    if whole and taken < len(words):
        raise OrderProblem(ErrorCode.BAD_FORCES, f"did not understand {' '.join(words[taken:])!r}"
                           f" as {what}", _examples(kinds))
    if not seen or sum(counts.values()) < least:
        raise OrderProblem(ErrorCode.MISSING_FORCES, f"expected the number of {what}"
                           + "".join(f" (a {k.mark} after the number for {k.face} forces)"
                                     for k in _marked(kinds)), _examples(kinds))
    return {kind: number for kind, number in counts.items() if number}, words[taken:]


def _marked(kinds: Sequence[ForceKind]) -> list[ForceKind]:
    """The kinds with a mark, each mark once."""
    return list({kind.mark: kind for kind in reversed(kinds) if kind.mark}.values())[::-1]


def _examples(kinds: Sequence[ForceKind]) -> tuple[str, ...]:
    """Forces as orders write them, for a faction of these kinds: ``5``, ``2*``, ``5 2*``."""
    marked = [f"2{kind.mark}" for kind in _marked(kinds)]
    return ("5", *marked, *(f"5 {mark}" for mark in marked))
