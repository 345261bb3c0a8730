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

from ...common.language import (
    OrderKind,
    OrderLanguage,
    line_words,
    read_number,
    words_of,
)
from ..codes import ErrorCode
from ..data import NameLookupError, Territory
from ..state import FACTION_SEATS, SEAT_FACTIONS, base_data
from .problem import OrderProblem

__all__ = ["KINDS", "LANGUAGE", "OrderKind", "OrderProblem", "forces_text", "line_words",
           "order_kind", "parse_orders", "read_faction", "read_forces", "read_number",
           "read_territory", "where", "words_of"]


# The machinery is shared with every game (``games/common/language.py``); Dune's kinds are
# registered in its own language.
LANGUAGE = OrderLanguage()
KINDS: dict[str, OrderKind] = LANGUAGE.kinds
order_kind = LANGUAGE.order_kind
parse_orders = LANGUAGE.parse_orders


# --- reading the words of an order
def read_faction(words: list[str], among: list[str]) -> str:
    """The seat of the faction the words name, among the given seats."""
    text = " ".join(words)
    valid = tuple(SEAT_FACTIONS[s] for s in among)
    if not text:
        raise OrderProblem(ErrorCode.MISSING_FACTION, "expected a faction", valid)
    try:
        faction = base_data().faction(text)
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_FACTION, str(error), valid) from None
    seat = FACTION_SEATS[faction.name]
    if seat not in among:
        raise OrderProblem(ErrorCode.FACTION_NOT_ALLOWED, f"{faction.name} is not a choice here",
                           valid)
    return seat


def read_territory(words: list[str], among: list[str] | None = None
                   ) -> tuple[Territory, int | None]:
    """A territory and, if the words end with ``SECTOR n``, a sector of it."""
    sector = None
    if len(words) >= 2 and words[-2].upper() == "SECTOR":
        sector = read_number(words[-1], 1, base_data().board.sectors, "the sector")
        words = words[:-2]
    text = " ".join(words)
    valid = tuple(among) if among else ()
    if not text:
        raise OrderProblem(ErrorCode.MISSING_TERRITORY, "expected a territory", valid)
    try:
        territory = base_data().board.territory(text)
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


def where(territory: str, sector: int) -> str:
    """A territory and sector in order text: the sector only where the territory has several."""
    if len(base_data().board[territory].sectors) <= 1:
        return territory
    return f"{territory} SECTOR {sector}"


def read_forces(words: list[str], what: str = "forces") -> tuple[int, int, list[str]]:
    """Forces at the start of the words: ``5`` (normal), ``2*`` (starred: Sardaukar,
    Fedaykin) or both (``5 2*``); returns (normal, starred, the words after them)."""
    normal = starred = 0
    taken = 0
    for word in words[:2]:
        if re.fullmatch(r"\d+\*", word) and not starred:
            starred = read_number(word[:-1], 1, 20, f"the starred {what}")
        elif re.fullmatch(r"\d+", word) and not normal and not starred:
            normal = read_number(word, 0, 20, f"the {what}")
        else:
            break
        taken += 1
    if not taken or normal + starred == 0:
        raise OrderProblem(ErrorCode.MISSING_FORCES,
                           f"expected the number of {what} (a * after the "
                           "number for starred forces)", ("5", "2*", "5 2*"))
    return normal, starred, words[taken:]


def forces_text(normal: int, starred: int) -> str:
    """Forces as order text: ``5``, ``2*`` or ``5 2*``."""
    parts = ([str(normal)] if normal else []) + ([f"{starred}*"] if starred else [])
    return " ".join(parts)
