"""The Ecological Testing Station (001 4.06.07.04; a discovery location of the gf9 option
``discovery_tokens``, ``variants.discovery_locations``): "When you occupy this Territory during
the Storm Movement, you may add or subtract the movement of the storm by 1.  This has no effect
on Weather Control."

By mail the choice is a standing word, ``STATION STORM +1``, ``STATION STORM -1`` or ``STATION
STORM NONE`` (the default), offered to every faction alike in any round it is asked something
in: it costs no round, shows nothing, and is carried out as the storm moves by its dials or
card (``storm_shift``, asked by the storm phase; never on turn 1, when no location can be on
the board, nor when Weather Control moves it).

Rulings (docs/rules-coverage.md, "001 GF9 variants: discovery tokens"): "occupy" is the
glossary's (forces there, coexisting advisors apart); should several factions occupy it, each
word counts, in storm order; the storm never moves fewer than 0 sectors.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import layer
from ..cards import cache_words
from ..codes import ErrorCode, EventCode
from ..orders.language import OrderProblem, order_kind
from ..state import State, occupants, storm_order
from .base import Variant

STATION = "Ecological Testing Station"
KIND = "station"            # the standing word's decision kind, and its key in a sheet: +1, -1
SHIFTS = {"+1": 1, "-1": -1}


class TestingStation(Variant):
    """001 4.06.07.04, as the module docstring says."""

    option = "discovery_tokens"

    def storm_shift(self, state: State, sectors: int) -> tuple[int, list[Event]]:
        """The occupants' words, in storm order, add or take 1 from the storm's move."""
        if layer.where(state, STATION) is None:
            return sectors, []
        events = []
        here = occupants(state, STATION)
        for seat in storm_order(state):
            shift = SHIFTS.get(state["factions"][seat].get(KIND) or "", 0)
            if seat not in here or not shift or sectors + shift < 0:
                continue
            sectors += shift
            events.append(Event(EventCode.DISCOVERY_STATION, {"faction": seat, "shift": shift,
                                                              "sectors": sectors}))
        return sectors, events


# --- the standing word
def _read(state: State, prompt: Prompt, words: list[str]) -> str | None:
    said = [w.upper() for w in words]
    valid = ("STATION STORM +1", "STATION STORM -1", "STATION STORM NONE")
    if said[:1] != ["STORM"] or len(said) != 2 or said[1] not in (*SHIFTS, "NONE"):
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected STATION STORM +1, -1 or NONE "
                           "(001 4.06.07.04)", valid)
    return None if said[1] == "NONE" else said[1]


def _text(game: Any, value: str | None) -> str:
    return f"STATION STORM {value or 'NONE'}"


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then a word (bots)."""
    return rng.choice([prompt.default, None, "+1", "-1"])


STANDING = cache_words.everyones(
    KIND, "discovery_tokens",
    ("STATION STORM +1, -1 or NONE (the default): should you occupy the Ecological Testing "
     "Station as the storm moves, it moves 1 sector more or less (not with Weather Control; "
     "001 4.06.07.04)."),
    _text, "the storm's move from the Ecological Testing Station", "STATION", _read, _random)
order_kind(STANDING.order)
