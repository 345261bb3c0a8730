"""The rules data of Dune, loaded from the YAML files of this folder and checked.

``classic/`` is the base; a ruleset's overlay folder adds, replaces or removes entries by name
(``loader``).  ``load()`` gives the classic data (``load(base, *overlays)`` the data of those
folders merged), read once per list of folders; every fault found raises one ``DataError``
listing them all.  Names players write are found with
``DuneData.board.territory``, ``DuneData.faction`` and ``DuneData.leader``, which raise
``UnknownName`` or ``AmbiguousName`` with the candidates.
"""

from ...common.names import AmbiguousName, NameLookupError, UnknownName, normalise
from .loader import CLASSIC, DATA_DIR, DataError, Fault, FaultCode, citations, load
from .model import (
    Ability,
    Act,
    Board,
    Border,
    CardCategory,
    CardType,
    DefaultVictory,
    DuneData,
    Effect,
    Face,
    Faction,
    ForceKind,
    Leader,
    NativeArrival,
    Placement,
    Slot,
    SpiceBlow,
    SpiceCard,
    StormShelter,
    Territory,
    TerritoryType,
    Timing,
    Token,
    TokenIncome,
    TokenKind,
    TokenPlace,
    TreacheryCard,
)

__all__ = [
    "CLASSIC",
    "DATA_DIR",
    "Ability",
    "Act",
    "AmbiguousName",
    "Board",
    "Border",
    "CardCategory",
    "CardType",
    "DataError",
    "DefaultVictory",
    "DuneData",
    "Effect",
    "Face",
    "Faction",
    "ForceKind",
    "Fault",
    "FaultCode",
    "Leader",
    "NameLookupError",
    "NativeArrival",
    "Placement",
    "Slot",
    "SpiceBlow",
    "SpiceCard",
    "StormShelter",
    "Territory",
    "TerritoryType",
    "Timing",
    "Token",
    "TokenIncome",
    "TokenKind",
    "TokenPlace",
    "TreacheryCard",
    "UnknownName",
    "citations",
    "load",
    "normalise",
]
