"""The state of a game of classic Dune: plain JSON data, and the helpers that read and
change it.

Every function here works on the dict the rules pass around; the phases copy
the state once at the start of ``apply`` and then change the copy.  Its keys, a faction's
sheet and each phase's ``step`` are declared in ``schema.py``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

import orjson

from .data import DATA_DIR, DuneData, load
from .rules import RULESETS
from .schema import State


@functools.cache
def base_data() -> DuneData:
    """The classic data, the base of every ruleset's: for code with no game at hand."""
    return load()


@functools.cache
def ruleset_data(ruleset: str) -> DuneData:
    """The data of a ruleset: its layers of ``data/`` merged (``Rules.data_layers``), once."""
    return load(*(DATA_DIR / layer for layer in RULESETS[ruleset].data_layers))


# Seat names (used in game files, SEAT lines and state keys) and the faction sheets they take
# (factions.yaml: ``seat``).
SEAT_FACTIONS = {faction.seat: faction.name for faction in base_data().factions}
FACTION_SEATS = {name: seat for seat, name in SEAT_FACTIONS.items()}
POLAR_SINK = "Polar Sink"


def data(state: Mapping[str, Any]) -> DuneData:
    """The board, decks, leaders and faction sheets of a game's ruleset (a state or a view:
    anything with ``rules``), loaded once per ruleset."""
    return ruleset_data(state["rules"]["ruleset"])


def sheet(seat: str, game: Mapping[str, Any] | Any = None):
    """The faction sheet of a seat in a game's ruleset (``game``: a state, a view, its
    ``Rules`` or the ruleset's name); with no game, the classic sheet."""
    if game is None:
        return _sheet("classic", seat)
    if type(game) is str:
        return _sheet(game, seat)
    ruleset = (game["rules"]["ruleset"] if type(game) is dict or isinstance(game, Mapping)
               else game.ruleset)               # a state, at once: asked thousands of times a game
    return _sheet(ruleset, seat)


@functools.cache
def _sheet(ruleset: str, seat: str):
    """A ruleset's sheet of a seat, looked up once."""
    layers = RULESETS[ruleset].data_layers
    return (base_data() if layers == ("classic",) else ruleset_data(ruleset)).faction(
        SEAT_FACTIONS[seat])


def only_sector(territory: str) -> int:
    """The sector of a territory that lies in one sector (0 for the Polar Sink, in none)."""
    sectors = base_data().board[territory].sectors
    assert len(sectors) <= 1, territory
    return sectors[0] if sectors else 0


def copy_state(state: State) -> State:
    """A copy of the state in its canonical form, every mapping's keys sorted, as the store
    keeps it: a fresh set-up (or a replay) and a state loaded from the store then play alike,
    even where a random draw goes over a mapping's keys.  Through orjson (issue 20: a quarter
    of the standard library's time, the same copy); a state it cannot write (a key not text,
    a number too big for it) goes through ``json`` as before."""
    try:
        return orjson.loads(orjson.dumps(state, option=orjson.OPT_SORT_KEYS))
    except TypeError:
        return _DECODE(_ENCODE(state))


# A state holds no cycle: the encoder need not look for one (a seventh of a copy's time).
_ENCODE = json.JSONEncoder(sort_keys=True, check_circular=False).encode
_DECODE = json.JSONDecoder().decode


# --- forces on the map
def forces_at(state: State, territory: str) -> dict[str, dict[str, dict[str, int]]]:
    """Sector (text) -> faction -> its forces there per kind (``forces.Counts``) in one
    territory."""
    return state["forces"].get(territory, {})


def factions_in(state: State, territory: str) -> list[str]:
    """The factions with forces anywhere in a territory, in seat order."""
    sectors = state["forces"].get(territory)
    if not sectors:                     # most of the board, asked thousands of times a step
        return []
    present = {f for by_faction in sectors.values() for f in by_faction}
    if len(present) == 1:               # one faction: no order to find
        return [seat for seat in present if seat in state["seats"]]
    return [seat for seat in state["seats"] if seat in present]


def coexists(state: State, faction: str, territory: str) -> bool:
    """Whether the faction's sheet lists the territory as ``coexisting`` (the Bene Gesserit's):
    its forces there are "treated as if they are not even on the board" (000 XV.B.4, line 506:
    they collect no spice, fight no battle, do not prevent control)."""
    return territory in state["factions"][faction].get("coexisting", ())


def occupants(state: State, territory: str) -> list[str]:
    """The factions occupying a territory, in seat order: those with forces there, but not
    one that coexists there (``coexists``)."""
    return [seat for seat in factions_in(state, territory)
            if territory not in state["factions"][seat].get("coexisting", ())]


# --- alliances
def ally_of(state: State, faction: str) -> list[str]:
    """The other members of the faction's alliance."""
    for alliance in state["alliances"]:
        if faction in alliance:
            return [f for f in alliance if f != faction]
    return []


# --- storm order
def storm_order(state: State) -> list[str]:
    """The factions in storm order: the first player is the one whose player dot the storm
    next approaches, a dot under the storm counting as passed (000 IX.A)."""
    sector = state["storm"]["sector"]
    if sector is None:
        return list(state["seats"])
    sectors = data(state).board.sectors

    def distance(seat: str) -> int:
        ahead = (state["dots"][seat] - sector) % sectors
        return ahead if ahead else sectors
    return sorted(state["seats"], key=distance)
