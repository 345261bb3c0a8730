"""The solo mode's Harkonnen place their vehicles by criteria (002 VEHICLE PLACEMENT, solo):
harvesters in the Harvesting Sector, carryalls over the most harvesters, ornithopters for the
legions that may fly to a sietch, then around the Target Sietch."""

from __future__ import annotations

from ..automaton import handles
from ..context import Context, Illegal
from ..reach import neighbours
from ..state import ATREIDES, HARKONNEN, State, data, empty, free_for, is_deep, is_desert
from ..vehicles import check_vehicle, place_vehicle
from .power import defenders, harkonnen_legions, power, target, touching


def sectors(sector: str) -> frozenset[str]:
    """A Tactical card's sectors: the four central ones count as one (002 TACTICAL CARDS)."""
    board = data().board
    return board.central if sector == "central" else frozenset((sector,))


def neighbouring(state: State, mine: frozenset[str]) -> list[frozenset[str]]:
    """The sectors next to a (central: the four as one) sector: those an area of it borders."""
    board = data().board
    found = set()
    for area in board.areas:
        if board.sectors_of(area) & mine:
            for other in board[area].neighbours:
                for sector in board.sectors_of(other) - mine:
                    found.add("central" if sector in board.central else sector)
    return [sectors(s) for s in sorted(found)]


def harvester_places(state: State, mine: frozenset[str]) -> list[str]:
    """A sector's places for harvesters in the solo priority: empty Deep Desert areas away from
    the Atreides' legions and sietches, empty Desert ones, then free Deep Desert, free Desert."""
    board = data().board

    def near_atreides(area: str) -> bool:
        return any(n in state["sietches"] or (n in state["legions"]
                                               and state["legions"][n]["side"] == ATREIDES)
                   for n in neighbours(area))
    areas = [a for a in board.areas if board.sectors_of(a) & mine and is_desert(state, a)
             and free_for(state, a, HARKONNEN) and a not in state["harvesters"]]
    tiers = [[a for a in areas if empty(state, a) and is_deep(state, a) and not near_atreides(a)],
             [a for a in areas if empty(state, a) and not near_atreides(a)],
             [a for a in areas if is_deep(state, a)], areas]
    found: list[str] = []
    for tier in tiers:
        found += [a for a in tier if a not in found]
    return found


@handles("place_solo_vehicles")
def place_solo_vehicles(ctx: Context, counts: dict[str, int]) -> None:
    state = ctx.state
    solo = state["hidden"]["solo"]
    harvesting = sectors(solo["harvesting"] or "central")
    target_sector = sectors(dict(data().tactical).get(target(state), "central"))
    for _ in range(counts.get("harvester", 0)):
        places = harvester_places(state, harvesting)
        if not places:
            for other in neighbouring(state, harvesting):
                if other != target_sector:
                    places = harvester_places(state, other)
                    if places:
                        break
        if not places or not _place(ctx, "harvester", places[0]):
            break
    for _ in range(counts.get("carryall", 0)):
        zones = sorted(data().board.zones, key=lambda z: (-_covered(state, z), z))
        zones = [z for z in zones if state["air"].get(z) != "carryall"]
        if not zones or not _place(ctx, "carryall", zones[0]):
            break
    for _ in range(counts.get("ornithopter", 0)):
        zone = ornithopter_zone(state)
        if zone is None or not _place(ctx, "ornithopter", zone):
            break


def _place(ctx: Context, kind: str, place: str) -> bool:
    try:
        check_vehicle(ctx.state, kind, place)
    except Illegal:
        return False
    place_vehicle(ctx, kind, place)
    return True


def _covered(state: State, zone: str) -> int:
    return sum(1 for a in state["harvesters"] if a in data().board.zone_areas(zone))


def ornithopter_zone(state: State) -> str | None:
    """Where the next Ornithopter goes: a free zone of the sector of a Harkonnen legion 2
    areas from a sietch it could attack, then a free zone of the Target Sietch's sector, then
    of the sectors beside it, central-to-central zones first (002 PLACE ORNITHOPTERS)."""
    board = data().board
    free = [z for z in board.zones if z not in state["air"]]
    if not free:
        return None
    for area in harkonnen_legions(state):
        mine = power(state["legions"][area])
        for sietch in state["sietches"]:
            if mine > defenders(state, sietch) and board.distance(area, sietch) == 2 \
                    and sietch not in touching(area):
                near = [z for z in free if z in board.zones_of(area)]
                if near:
                    return near[0]
    goal = target(state)
    if goal is not None:
        near = [z for z in free if z in board.zones_of(goal)]
        if near:
            return near[0]
        around = sorted(free, key=lambda z: (not set(board.zones[z].sectors) <= board.central,
                                             z))
        return around[0]
    return free[0]
