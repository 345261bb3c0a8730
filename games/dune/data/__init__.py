"""The rules data of classic Dune, loaded from the YAML files of this folder and checked.

``load()`` gives the classic data (``load(directory)`` another copy of it), read once; every
fault found raises one ``DataError`` listing them all.  Names players write are found with
``DuneData.board.territory``, ``DuneData.faction`` and ``DuneData.leader``, which raise
``UnknownName`` or ``AmbiguousName`` with the candidates.
"""

from .loader import DATA_DIR, DataError, Fault, FaultCode, load
from .model import (
    Ability,
    Board,
    Border,
    CardCategory,
    CardType,
    DefaultVictory,
    DuneData,
    Effect,
    Faction,
    Leader,
    NativeArrival,
    Placement,
    Slot,
    SpiceBlow,
    SpiceCard,
    StarredForces,
    StormShelter,
    Territory,
    TerritoryType,
    Timing,
    TreacheryCard,
)
from .names import AmbiguousName, NameLookupError, UnknownName, normalise

__all__ = [
    "DATA_DIR",
    "Ability",
    "AmbiguousName",
    "Board",
    "Border",
    "CardCategory",
    "CardType",
    "DataError",
    "DefaultVictory",
    "DuneData",
    "Effect",
    "Faction",
    "Fault",
    "FaultCode",
    "Leader",
    "NameLookupError",
    "NativeArrival",
    "Placement",
    "Slot",
    "SpiceBlow",
    "SpiceCard",
    "StarredForces",
    "StormShelter",
    "Territory",
    "TerritoryType",
    "Timing",
    "TreacheryCard",
    "UnknownName",
    "load",
    "normalise",
]
