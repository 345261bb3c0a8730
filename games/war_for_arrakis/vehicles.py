"""Vehicles placed (002 PHASE 1, VEHICLES): harvesters in free Desert areas, one an area;
ornithopters and carryalls in air zones, one a zone, a vehicle of another kind there removed;
never more than the box holds."""

from __future__ import annotations

from .codes import ErrorCode, EventCode
from .context import Context, Illegal
from .legions import area_name
from .state import HARKONNEN, State, data, free_for, is_desert


def on_board(state: State, kind: str) -> int:
    if kind == "harvester":
        return len(state["harvesters"])
    return sum(1 for v in state["air"].values() if v == kind)


def check_vehicle(state: State, kind: str, place: str) -> None:
    if on_board(state, kind) >= data().vehicles[kind]:
        raise Illegal(ErrorCode.NOT_AVAILABLE, f"every {kind} is on the board")
    if kind == "harvester":
        if place not in data().board.areas or not is_desert(state, place) \
                or not free_for(state, place, HARKONNEN) or place in state["harvesters"]:
            raise Illegal(ErrorCode.NOT_ALLOWED, "a Harvester goes to a free Desert area "
                          "without one")
    else:
        if place not in data().board.zones:
            raise Illegal(ErrorCode.NOT_ALLOWED, f"{kind.title()}s go to air zones")
        if state["air"].get(place) == kind:
            raise Illegal(ErrorCode.NO_ROOM, f"{data().board.zones[place].name} has one")


def place_vehicle(ctx: Context, kind: str, place: str) -> None:
    """One vehicle placed (a different one in its air zone is removed, 002 PHASE 1, note)."""
    state = ctx.state
    check_vehicle(state, kind, place)
    if kind == "harvester":
        state["harvesters"].append(place)
        ctx.say(EventCode.VEHICLES_PLACED, f"A Harvester is placed in {area_name(place)}.",
                vehicle=kind, at=place)
    else:
        if place in state["air"]:
            ctx.say(EventCode.AIR_REMOVED, f"The {state['air'][place].title()} of "
                    f"{data().board.zones[place].name} makes way.", zone=place)
        state["air"][place] = kind
        ctx.say(EventCode.VEHICLES_PLACED, f"{'An' if kind == 'ornithopter' else 'A'} "
                f"{kind.title()} is placed in {data().board.zones[place].name}.",
                vehicle=kind, at=place)


def default_place(state: State, kind: str) -> str | None:
    """Where a vehicle goes when its player said nowhere: a harvester in the free Deep Desert
    area, then Desert area, farthest from the Atreides; an air vehicle in the first empty
    zone (the player's choice, ruled so)."""
    board = data().board
    if kind == "harvester":
        atreides = [a for a, lg in state["legions"].items() if lg["side"] != HARKONNEN]
        free = [a for a in board.areas if is_desert(state, a) and free_for(state, a, HARKONNEN)
                and a not in state["harvesters"]]

        def key(area: str) -> tuple[int, int, int]:
            near = min((board.distance(area, a) for a in atreides), default=99)
            return (0 if board[area].deep else 1, -near, board.order[area])
        return min(free, key=key) if free else None
    empty = [z for z in board.zones if z not in state["air"]]
    return empty[0] if empty else None
