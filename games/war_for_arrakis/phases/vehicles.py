"""Phase 1, Vehicle Placement: the lowest Imperium marker's row sets the dice set aside and
the vehicles the Harkonnen place, harvesters in free Desert areas, ornithopters and carryalls
in air zones (002 PHASE 1; in 3-4 players mode the House Harkonnen player places them)."""

from __future__ import annotations

from typing import Any

from pbem.game import Prompt

from .. import automaton as solo
from ..codes import EventCode
from ..context import Context, Illegal
from ..data import VEHICLES
from ..dice import aside
from ..orders.decisions import vehicles_prompt
from ..state import HARKONNEN, State, automaton, data, house_seat
from ..vehicles import check_vehicle, default_place, place_vehicle


def begin(ctx: Context) -> None:
    state = ctx.state
    row = data().rows[max(state["imperium"].values())]
    state["step"] = {"vehicles": dict(row.vehicles)}
    if aside(state):
        ctx.say(EventCode.DICE_SET_ASIDE, f"The Spice Must Flow: {aside(state)} Harkonnen dice "
                f"set aside this round.", count=aside(state))
    if automaton(state, HARKONNEN):
        solo.call("place_solo_vehicles", ctx, dict(row.vehicles))
        state["step"] = {}


def run(ctx: Context) -> bool:
    return "vehicles" not in ctx.state["step"]


def key(state: State) -> str:
    return f"r{state['round']}.vehicles"


def prompts(state: State) -> list[Prompt]:
    if "vehicles" not in state["step"]:
        return []
    return [vehicles_prompt(state, key(state), house_seat(state, HARKONNEN),
                            state["step"]["vehicles"])]


def apply(ctx: Context, orders: dict[str, Any]) -> None:
    state = ctx.state
    wanted = orders[key(state)]
    left = dict(state["step"]["vehicles"])
    for placement in wanted:
        kind = placement["vehicle"]
        if left.get(kind, 0) < 1:
            continue
        try:
            check_vehicle(state, kind, placement["at"])
        except Illegal:
            continue
        place_vehicle(ctx, kind, placement["at"])
        left[kind] -= 1
    for kind in VEHICLES:                    # 002 PHASE 1: all the vehicles are placed
        for _ in range(left[kind]):
            place = default_place(state, kind)
            if place is None:
                break
            place_vehicle(ctx, kind, place)
    state["step"] = {}


