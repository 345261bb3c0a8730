"""Where pieces may go: ground moves, sandriding, troop transport, attacks, retreats, the
sandworms' moves and attacks (002 MOVEMENT, SANDRIDING, TROOP-TRANSPORT, BATTLES, RETREAT,
SANDWORMS).  Everything here reads only what every seat sees, so the bots ask it of a view."""

from __future__ import annotations

from .old_man import ridden_areas
from .state import (
    ATREIDES,
    HARKONNEN,
    State,
    automaton,
    data,
    enemy_settlement,
    free_for,
    is_desert,
    legion,
    other,
    worm_at,
)


def neighbours(area: str) -> tuple[str, ...]:
    """The areas across a passable border (002 GAME BOARD: impassable borders part areas)."""
    return data().board[area].neighbours


def neighbours_of(state: State, side: str, area: str) -> tuple[str, ...]:
    """A legion's neighbours: across passable borders, or any border for the solo mode's
    Harkonnen (002 CHOOSING THE SHORTEST PATH: "the Harkonnens ignore impassable borders")."""
    if side == HARKONNEN and automaton(state, HARKONNEN):
        return data().board.touching[area]
    return neighbours(area)


def ground_moves(state: State, side: str, start: str) -> list[str]:
    """The free areas beside ``start`` (002 MOVEMENT)."""
    return [area for area in neighbours_of(state, side, start) if free_for(state, area, side)]


def signs(state: State, area: str) -> bool:
    """A wormsign or a sandworm in the area (what a sandriding legion rides), or the Old Man
    of the Desert's sector (002 OLD MAN OF THE DESERT (OPTIONAL))."""
    return area in state["wormsigns"] or worm_at(state, area) or area in ridden_areas(state)


def ridden(state: State, start: str) -> set[str]:
    """The areas of wormsigns and sandworms an Atreides legion leaving ``start`` may ride
    across: those beside it, and on from them through consecutive such areas, none holding
    an enemy legion (002 SANDRIDING; a harvester does not stop it)."""
    found: set[str] = set()
    todo = [area for area in neighbours(start) if signs(state, area)]
    while todo:
        area = todo.pop()
        there = legion(state, area)
        if area in found or (there is not None and there["side"] == HARKONNEN):
            continue
        found.add(area)
        todo += [n for n in neighbours(area) if signs(state, n) and n not in found]
    return found


def sandriding(state: State, start: str) -> list[str]:
    """Where an Atreides legion may end a sandride from ``start``: an area beside one of the
    ridden ones (or one of them), free, with no sandworm (002 SANDRIDING)."""
    rides = ridden(state, start)
    ends = set(rides)
    for area in rides:
        ends.update(neighbours(area))
    ends.discard(start)
    order = data().board.order
    return sorted((a for a in ends if free_for(state, a, ATREIDES) and not worm_at(state, a)),
                  key=order.__getitem__)


def airlift_zones(state: State, start: str) -> list[str]:
    """The air zones with an Ornithopter a Harkonnen legion starting at ``start`` may use
    (002 TROOP-TRANSPORT: connected to the sector it starts in)."""
    return [z for z in data().board.zones_of(start) if state["air"].get(z) == "ornithopter"]


def by_air(start: str) -> list[str]:
    """The areas up to 2 away from ``start``, across any border (002 TROOP-TRANSPORT)."""
    found = data().board.within(start, 2, across_all=True)
    return [area for area, steps in found.items() if steps >= 1]


def moves(state: State, side: str, start: str, air: bool = False) -> list[str]:
    """Where a legion of ``side`` may move from ``start``: beside it, by sandriding (Atreides),
    or by troop transport (Harkonnen, ``air``: with an Ornithopter of a connected zone)."""
    order = data().board.order
    found = set(ground_moves(state, side, start))
    if side == ATREIDES:
        found.update(sandriding(state, start))
    elif air and airlift_zones(state, start):
        found.update(a for a in by_air(start) if free_for(state, a, side))
    found.discard(start)
    return sorted(found, key=order.__getitem__)


def attackable(state: State, side: str, area: str) -> bool:
    """Whether an area holds something of the enemy to attack: a legion, or a settlement
    (002 DESTROYING SETTLEMENTS: even undefended), and no sandworm (002 SANDWORMS AND
    LEGIONS)."""
    there = legion(state, area)
    enemy = there is not None and there["side"] == other(side)
    return (enemy or enemy_settlement(state, area, side)) and not worm_at(state, area)


def targets(state: State, side: str, start: str, air: bool = False) -> list[str]:
    """The areas a legion of ``side`` at ``start`` may attack: beside it across a passable
    border, by sandriding (Atreides) or by troop transport (Harkonnen, ``air``) (002 BATTLES)."""
    order = data().board.order
    found = {a for a in neighbours_of(state, side, start) if attackable(state, side, a)}
    if side == ATREIDES:
        rides = ridden(state, start)
        found.update(a for r in rides for a in (r, *neighbours(r))
                     if a != start and attackable(state, side, a))
    elif air and airlift_zones(state, start):
        found.update(a for a in by_air(start) if attackable(state, side, a))
    return sorted(found, key=order.__getitem__)


def retreats(state: State, area: str) -> list[str]:
    """Where the legion in ``area`` may retreat: a neighbour free for it (an empty one is),
    without a wormsign for a Harkonnen legion (002 RETREAT)."""
    side = state["legions"][area]["side"]
    return [a for a in neighbours(area) if free_for(state, a, side)
            and not (side == HARKONNEN and a in state["wormsigns"])]


def worm_moves(state: State, start: str) -> list[str]:
    """Where a sandworm at ``start`` may move: up to 2 Desert areas away, ending in one with
    no figure and no token (a station may be there), the area crossed holding anything
    (002 SANDWORM MOVEMENT)."""
    order = data().board.order
    found = set()
    for first in neighbours(start):
        if not is_desert(state, first):
            continue
        found.add(first)
        found.update(second for second in neighbours(first) if is_desert(state, second))
    found.discard(start)
    return sorted((a for a in found if worm_can_end(state, a)), key=order.__getitem__)


def worm_can_end(state: State, area: str) -> bool:
    """Nothing in the area but maybe a station: where a sandworm may move or appear."""
    return not (area in state["legions"] or area in state["sietches"]
                or area in state["settlements"] or area in state["harvesters"]
                or area in state["wormsigns"] or worm_at(state, area))


def worm_targets(state: State, start: str) -> list[str]:
    """What a sandworm at ``start`` may attack: an area up to 2 away (the first a Desert one
    when 2 away) with a Harkonnen legion in a Desert, Plateau or Minor Erg area, or a
    Harvester in a Desert area; never a Mountain (002 SANDWORM ATTACK)."""
    order = data().board.order
    reach = set(neighbours(start))
    for first in neighbours(start):
        if is_desert(state, first):
            reach.update(neighbours(first))
    reach.discard(start)
    return sorted((a for a in reach if worm_target(state, a)), key=order.__getitem__)


def worm_target(state: State, area: str) -> bool:
    """Whether a sandworm may attack the area (its terrain and what is in it)."""
    from .data import Terrain

    terrain = data().board.terrain(area, state["atomics"])
    there = legion(state, area)
    harkonnen = there is not None and there["side"] == HARKONNEN
    if terrain is Terrain.MOUNTAIN:
        return False
    if terrain is Terrain.DESERT:
        return harkonnen or area in state["harvesters"]
    return harkonnen


def distance(start: str, end: str) -> int:
    """Borders crossed from one area to another, passable ones only."""
    return data().board.distance(start, end)
