"""The board layer: the map of a game's data with the places the game has put on it.

The printed map never changes; a few territories lie on it where the game puts them and may
move: the Ixians' Hidden Mobile Stronghold, "a Territory within the Territory and Sector it
is pointing to" (001 2.07.18), the homeworlds (001 4.10: a place pointing at no territory,
``OFF_PLANET``, touching none) and later the discovery sites.  Their records
are the data's ``places`` (``data.Place``); where each lies now is the state's ``places``,
public: ``{name: [territory, sector]}``, absent until it is put on the board.

``board(game)`` is the board of a state or a view as it lies now: the printed territories
and each placed place as a territory of its own (no sector of its own, like the Polar Sink,
touching only the sector of the territory it points at, which touches it back).  It is built
once per ``layout`` (``key``: the data's layers and where every place lies), so the caches of
``reach`` and the map that hang on it are keyed by what can change, never by the layers
alone.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..data import OFF_PLANET, Board, Border, Place
from ..rules import rules_of
from ..state import POLAR_SINK, data, layered_data

Layout = tuple[tuple[str, str, int], ...]      # (place, territory, sector), by place's name
Key = tuple[tuple[str, ...], Layout]            # the data's layers and the layout
Spot = tuple[str, int]          # a territory and a sector (0 for one in no sector)


def key(game: Mapping[str, Any]) -> Key:
    """What the board of a state or a view depends on: its data's layers (``Rules.layers``: v3's
    options add some) and where its places lie."""
    placed = game.get("places")
    layers = rules_of(game).layers
    if not placed:
        return layers, ()
    return layers, tuple(sorted((name, at[0], at[1]) for name, at in placed.items()))


def board(game: Mapping[str, Any]) -> Board:
    """The board of a state or a view as it lies now (module docstring): the data's own while
    no place is on it."""
    return board_of(key(game)) if game.get("places") else data(game).board


@functools.cache
def board_of(found: Key) -> Board:
    """The board of the data's layers with its places where ``found`` puts them, built once."""
    layers, layout = found
    printed = layered_data(layers).board
    if not layout:
        return printed
    touching: dict[str, list[Border]] = {}
    added = []
    for name, territory, sector in layout:
        added.append(printed.place(name).at(territory, sector))
        if territory != OFF_PLANET:         # a homeworld touches nothing (001 4.10.11)
            touching.setdefault(territory, []).append(Border(name, sector, None))
    territories = tuple(replace(t, borders=(*t.borders, *touching[t.name]))
                        if t.name in touching else t for t in printed.territories)
    return replace(printed, territories=territories + tuple(added))


def readable(game: Any) -> Board:
    """The board whose names orders of a game may write (``game``: a state, a view, its rules
    or its ruleset's name): its data's printed territories and places (``Board.named``)."""
    return data(game).board.named


def where(game: Mapping[str, Any], name: str) -> tuple[str, int] | None:
    """The territory and sector the place points at, or None while it is off the board (or
    off the planet: a homeworld)."""
    at = (game.get("places") or {}).get(name)
    return (at[0], at[1]) if at and at[0] != OFF_PLANET else None


def put(state: dict[str, Any], name: str, territory: str, sector: int) -> None:
    """Put the place on the board, or move it, pointing at this sector of the territory."""
    state.setdefault("places", {})[name] = [territory, sector]


def put_off_planet(state: dict[str, Any], name: str) -> None:
    """Put the place on the board layer pointing at no territory: a homeworld (001 4.10)."""
    put(state, name, OFF_PLANET, 0)


def owned(game: Mapping[str, Any], faction_name: str) -> tuple[Place, ...]:
    """The places of the game's data on the planet whose token the named faction owns (its
    homeworld, off the planet, is none of them)."""
    return tuple(p for p in data(game).board.places
                 if p.owner == faction_name and p.homeworld is None)


def is_place(game: Mapping[str, Any], territory: str) -> bool:
    """Whether the territory is one of the places the game has put on the board."""
    return territory in (game.get("places") or {})


def host_sector(game: Mapping[str, Any], territory: str, sector: int) -> tuple[str, int]:
    """Where on the printed map a part of a territory lies: a place lies where it points,
    anything else where it is (001 2.07.18: "within the Territory and Sector it is pointing
    to")."""
    at = where(game, territory)
    return at if at is not None else (territory, sector)


# --- the paths over the board
@functools.lru_cache(maxsize=4096)
def paths(territory: str, starts: tuple[int, ...], moves: int, storm: int | None,
          blocked: frozenset[str], board: Key) -> dict[Spot, int]:
    """Spot -> the fewest territories entered to reach it from the start sectors of
    ``territory`` on the ``board`` (the layer's key), up to ``moves``, never into the ``storm``'s
    sector nor into or through a ``blocked`` territory (000 IX.C.2.c, f).  Cached (the bots'
    prompts ask it for every place a shipment may land): read it, never change it."""
    entered = {(territory, s): 0 for s in starts}
    queue = deque(entered)
    steps = _clear_steps(board, storm)
    beyond = moves + 1
    while queue:
        place = queue.popleft()
        here = entered[place]
        for step, cost in steps[place]:
            count = here + cost
            if count > moves or entered.get(step, beyond) <= count or step[0] in blocked:
                continue
            entered[step] = count
            if cost:
                queue.append(step)
            else:
                queue.appendleft(step)
    return entered


@functools.lru_cache(maxsize=64)
def _steps(board: Key) -> dict[Spot, tuple[tuple[Spot, int], ...]]:
    """Spot -> the spots next to it and the territories entered going there (0 inside a
    territory, between neighbouring sectors; 1 across a border where sectors touch)."""
    steps: dict[Spot, list[tuple[Spot, int]]] = {}
    for territory in board_of(board).territories:
        sectors = territory.sectors or (0,)
        for index, sector in enumerate(sectors):
            here = steps.setdefault((territory.name, sector), [])
            for other in sectors[max(index - 1, 0):index] + sectors[index + 1:index + 2]:
                here.append(((territory.name, other), 0))
        for border in territory.borders:
            steps[(territory.name, border.sector or 0)].append(
                ((border.territory, border.their_sector or 0), 1))
    return {place: tuple(next_to) for place, next_to in steps.items()}


@functools.lru_cache(maxsize=256)
def _clear_steps(board: Key, storm: int | None) -> dict[Spot, tuple[tuple[Spot, int], ...]]:
    """``_steps`` but those into the ``storm``'s sector (never the Polar Sink's), in their
    order: the paths' and routes' steps while the storm is there."""
    steps = _steps(board)
    clear = dict(steps)
    for place in _entering(board).get(storm, ()):
        clear[place] = tuple((step, cost) for step, cost in steps[place]
                             if step[0] == POLAR_SINK or step[1] != storm)
    return clear


@functools.lru_cache(maxsize=64)
def _entering(board: Key) -> dict[int, tuple[Spot, ...]]:
    """Sector -> the spots with a step into it (the Polar Sink, in no sector, aside)."""
    found: dict[int, dict[Spot, None]] = {}
    for place, next_to in _steps(board).items():
        for step, _cost in next_to:
            if step[0] != POLAR_SINK:
                found.setdefault(step[1], {})[place] = None
    return {sector: tuple(places) for sector, places in found.items()}


def route(start: Spot, end: Spot, storm: int | None, board: Key) -> list[str]:
    """The territories a move from ``start`` to ``end`` passes, in order, ``start``'s first and
    ``end``'s last: the first of the shortest routes clear of the storm (fewest territories
    entered, as ``paths`` counts them)."""
    steps = _clear_steps(board, storm)
    best, before = {start: 0}, {start: start}
    queue = deque([start])
    while queue:
        spot = queue.popleft()
        for step, cost in steps[spot]:
            count = best[spot] + cost
            if best.get(step, count + 1) <= count:
                continue
            best[step], before[step] = count, spot
            queue.append(step) if cost else queue.appendleft(step)
    spot, passed = end, [end[0]]
    while spot != start:
        spot = before[spot]
        if spot[0] != passed[-1]:
            passed.append(spot[0])
    return passed[::-1]
