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

__all__ = [
    "CLASSIC",
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
    "citations",
    "load",
    "normalise",
]
