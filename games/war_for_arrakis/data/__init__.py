"""The rules data of War for Arrakis, loaded from the YAML files of this folder and checked
(``loader``; ``load()`` gives it, read once).  ``authored/`` holds what nobody publishes."""

from .loader import DATA_DIR, load
from .model import (
    MARKER_NAMES,
    MARKERS,
    RESULTS,
    SIDES,
    UNIT_KINDS,
    VEHICLES,
    Area,
    Board,
    Card,
    Leader,
    PrescienceCard,
    Terrain,
    WfaData,
)

__all__ = ["DATA_DIR", "MARKERS", "MARKER_NAMES", "RESULTS", "SIDES", "UNIT_KINDS",
           "VEHICLES", "Area", "Board", "Card", "Leader", "PrescienceCard", "Terrain",
           "WfaData", "load"]
