"""The state of a game of classic Dune: plain JSON data, and the helpers that read and
change it.

Every function here works on the dict the rules pass around; the phases copy
the state once at the start of ``apply`` and then change the copy.  Its keys, a faction's
sheet and each phase's ``step`` are declared in ``schema.py``.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Collection, Iterator, Mapping
from typing import Any

import orjson

from pbem.game import Seating

from .data import DATA_DIR, DuneData, Faction, load
from .rules import RULESETS, Rules, rules_of
from .schema import State


def ruleset_data(ruleset: str) -> DuneData:
    """The data of a ruleset: its layers of ``data/`` merged (``Rules.data_layers``), once."""
    return layered_data(RULESETS[ruleset].data_layers)


def layered_data(layers: tuple[str, ...]) -> DuneData:
    """The data of these folders of ``data/`` merged in order, once."""
    found = _LAYERED.get(layers)
    if found is None:
        found = _LAYERED[layers] = load(*(DATA_DIR / layer for layer in layers))
    return found


_LAYERED: dict[tuple[str, ...], DuneData] = {}      # layers -> their data
# Ruleset -> its data where no option changes it, else None (``data``)
_FIXED: dict[str, DuneData | None] = {}


POLAR_SINK = "Polar Sink"


def data(game: Mapping[str, Any] | Any) -> DuneData:
    """The board, decks, leaders and faction sheets of a game's ruleset and options, loaded
    once per list of layers (``Rules.layers``: v3's options add some): the only way to them (an
    overlay's entries count everywhere).  ``game``: a state or a view (anything with
    ``rules``), its ``Rules`` or its ruleset's name (the data no option changes).  Asked some
    130,000 times in ten self-played games: a state's of a ruleset whose options change no data
    is found at once in a plain dict (no ``isinstance``, no ``type``: asked first)."""
    try:                                # a state's or a view's, of a ruleset asked before
        found = _FIXED[game["rules"]["ruleset"]]
    except (KeyError, TypeError):       # not yet; or its rules or its ruleset's name
        found = None
    if found is not None:
        return found
    if type(game) is str:
        return _FIXED.get(game) or ruleset_data(game)
    rules = game if isinstance(game, Rules) else rules_of(game)
    found = _FIXED.get(rules.ruleset)
    if found is not None:
        return found
    if not RULESETS[rules.ruleset].option_layers:
        found = _FIXED[rules.ruleset] = ruleset_data(rules.ruleset)
        return found
    _FIXED[rules.ruleset] = None        # options with data of their own: asked each time
    return layered_data(rules.layers)


def sheet(seat: str, game: Mapping[str, Any] | Any):
    """The faction sheet of a seat in a game's ruleset (``game`` as ``data`` takes it).  A
    state's is found here at once: asked some 50,000 times in ten self-played games, going
    through ``data`` cost 5% of the advanced games' time."""
    if type(game) is dict:
        found = _FIXED.get(game["rules"]["ruleset"])
        if found is not None:
            return found.by_seat[seat]
    return data(game).by_seat[seat]


def faction_name(seat: str, game: Mapping[str, Any] | Any) -> str:
    """How mail names a seat's faction ("Spacing Guild"), in a game's ruleset."""
    return sheet(seat, game).name


def every_faction() -> dict[str, Faction]:
    """Seat -> its faction sheet, for every seat of every ruleset registered (``RULESETS``,
    one added since too), the first ruleset's sheet where several have it: what names a seat
    where no game is at hand (a league's standings, the words of the report templates)."""
    return _every_faction(tuple(RULESETS))


@functools.cache
def _every_faction(rulesets: tuple[str, ...]) -> dict[str, Faction]:
    found: dict[str, Faction] = {}
    for ruleset in rulesets:
        for faction in ruleset_data(ruleset).factions:
            found.setdefault(faction.seat, faction)
    return found


class SeatWords(Mapping[str, str]):
    """Seat -> how mail names its faction (``every_faction``), looked up when asked."""

    def __getitem__(self, seat: str) -> str:
        return every_faction()[seat].name

    def __iter__(self) -> Iterator[str]:
        return iter(every_faction())

    def __len__(self) -> int:
        return len(every_faction())


class SingularSeats(Collection[str]):
    """The seats whose faction's name takes a singular verb (``factions.yaml``: ``singular``,
    ``every_faction``), looked up when asked."""

    def __contains__(self, seat: object) -> bool:
        found = every_faction().get(seat) if isinstance(seat, str) else None
        return found is not None and found.singular

    def __iter__(self) -> Iterator[str]:
        return iter([seat for seat, faction in every_faction().items() if faction.singular])

    def __len__(self) -> int:
        return sum(1 for faction in every_faction().values() if faction.singular)


def seating(rules: Rules) -> Seating:
    """The seats a game of these rules may have: the factions its data has (overlays and
    all) but those of an expansion the game has not (``Faction.expansion``,
    ``Rules.in_play``), as many as the ruleset seats (``Rules.seat_count``) and it has
    factions (a table bigger than the board's printed dots: ``Board.seat_dots``)."""
    fewest, most = rules.seat_count
    found = data(rules)
    names = tuple(seat for seat in found.seats if rules.in_play(found.by_seat[seat].expansion))
    return Seating(names, fewest, min(most, max(len(names), fewest)))


def only_sector(game: Mapping[str, Any] | Any, territory: str) -> int:
    """The sector of a territory that lies in one sector (0 for the Polar Sink, in none, and for
    a place of the board layer, not printed on the map: ``board/layer.py``)."""
    board = data(game).board
    if territory not in board:
        return 0
    sectors = board[territory].sectors
    assert len(sectors) <= 1, territory
    return sectors[0] if sectors else 0


def copy_state(state: State) -> State:
    """A copy of the state in its canonical form, every mapping's keys sorted, as the store
    keeps it: a fresh set-up (or a replay) and a state loaded from the store then play alike,
    even where a random draw goes over a mapping's keys.  Through orjson (issue 20: a quarter
    of the standard library's time, the same copy); a state it cannot write (a key not text,
    a number too big for it) goes through ``json`` as before."""
    text = canonical_text(state)
    return _DECODE(_ENCODE(state)) if text is None else orjson.loads(text)


def canonical_text(state: State) -> bytes | None:
    """The state's JSON text in its canonical form (``copy_state``), or None where orjson
    cannot write it: two states with the same text are the same state."""
    try:
        return orjson.dumps(state, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return None


def state_rng(state: State) -> random.Random:
    """A generator seeded from the whole state, hidden decks and all, for a draw made where no
    round's generator is at hand: the same game draws the same, and no player can foresee it
    (a seed of public facts, such as the turn and a seat, can be worked out by anyone)."""
    return random.Random(orjson.dumps(state, option=orjson.OPT_SORT_KEYS))


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
    if len(sectors) == 1:               # one sector: its own mapping of factions
        (present,) = sectors.values()
    else:
        present = {f for by_faction in sectors.values() for f in by_faction}
    if len(present) == 1:               # one faction: no order to find
        (seat,) = present
        return [seat] if seat in state["seats"] else []
    return [seat for seat in state["seats"] if seat in present]


def coexists(state: State, faction: str, territory: str) -> bool:
    """Whether the faction's sheet lists the territory as ``coexisting`` (the Bene Gesserit's):
    its forces there are "treated as if they are not even on the board" (000 XV.B.4, line 506:
    they collect no spice, fight no battle, do not prevent control)."""
    return territory in state["factions"][faction].get("coexisting", ())


def occupants(state: State, territory: str) -> list[str]:
    """The factions occupying a territory, in seat order: those with forces there, but not
    one that coexists there (``coexists``)."""
    found = factions_in(state, territory)
    return [seat for seat in found
            if territory not in state["factions"][seat].get("coexisting", ())] if found else found


# --- alliances
def ally_of(state: State, faction: str) -> list[str]:
    """The other members of the faction's alliance."""
    for alliance in state["alliances"]:
        if faction in alliance:
            return [f for f in alliance if f != faction]
    return []


# --- who commands which faction (003 "Playing with two or three")
def commander(state: State, seat: str) -> str:
    """The seat whose player commands this faction now: its own, or in a v3 game of two or
    three players the primary faction of the player running it (``commanders``)."""
    return state.get("commanders", {}).get(seat, seat)


def players(state: State) -> int:
    """The players of the game: one a faction, but the factions a player runs beside his
    primary one are not players (003 "Playing with two or three")."""
    return len(state["seats"]) - len(state.get("commanders", {}))


# --- storm order
def storm_order(state: State) -> list[str]:
    """The factions in storm order: the first player is the one whose player dot the storm
    next approaches, a dot under the storm counting as passed (000 IX.A); through a phase in
    which a Juice of Sapho put its player first or last (001 3.03.03, ``cards.sapho``:
    ``state["storm_place"]``), that player there."""
    sector, seats, dots = state["storm"]["sector"], state["seats"], state["dots"]
    # The order last found, while the storm, the seats and their dots are equal (asked some
    # thousand times a replay; a copy of the state brings equal ones): compared, not sorted.
    if (sector, seats, dots) == _ORDER[0]:
        order = list(_ORDER[1])
    elif sector is None:
        order = list(seats)
    else:
        # Round the board from the storm: the dots past its sector, then those up to it, each
        # in the order of their sectors (seat order among equals); no key of ours called per
        # seat.
        by_dot = sorted(seats, key=dots.__getitem__)
        passed = 0
        for seat in by_dot:
            if dots[seat] > sector:
                break
            passed += 1
        order = by_dot[passed:] + by_dot[:passed]
        _ORDER[:] = [(sector, list(seats), dict(dots)), tuple(order)]
    place = state.get("storm_place")
    if place and place["phase"] == state["phase"] and place["seat"] in order:
        order.remove(place["seat"])
        order = [place["seat"], *order] if place["place"] == "first" else [*order, place["seat"]]
    return order


# The storm's sector, the seats and their dots last sorted (copies: the dots may be swapped in
# place, 001 3.06.07) and the storm order they gave
_ORDER: list[Any] = [None, ()]
