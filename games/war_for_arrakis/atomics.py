"""The Family Atomics detonated (002 THE FAMILY ATOMICS): one of three mountains becomes
Desert for the rest of the game."""

from __future__ import annotations

from .casualties import retreat_to_choice
from .codes import ErrorCode, EventCode
from .context import Context, Illegal
from .leaders import eliminate, settle
from .legions import area_name
from .reach import retreats
from .state import data, other, seats_of


def detonate(ctx: Context, area: str) -> None:
    """One of the three Family Atomics: the mountain becomes Desert for the rest of the game;
    a legion there is moved to a free neighbour its enemy chooses, or destroyed (002 THE
    FAMILY ATOMICS)."""
    state = ctx.state
    if not data().board[area].atomics:
        raise Illegal(ErrorCode.NOT_ALLOWED, f"the Family Atomics cannot strike {area_name(area)}")
    state["atomics"] = area
    ctx.say(EventCode.ATOMICS, f"The Family Atomics detonate: {area_name(area)} becomes Desert.",
            area=area)
    found = state["legions"].get(area)
    if found is None:
        return
    places = retreats(state, area)
    chooser = seats_of(state, other(found["side"]))
    if places:
        to = retreat_to_choice(state, chooser[0] if chooser else other(found["side"]), places)
        state["legions"][to] = state["legions"].pop(area)
        for leader in state["legions"][to]["leaders"]:
            if leader in state["leaders"]:
                state["leaders"][leader]["area"] = to
        ctx.say(EventCode.MOVED, f"The legion in {area_name(area)} is thrown to "
                f"{area_name(to)}.", area=area, to=to)
        settle(ctx, to)
    else:
        for leader in list(found["leaders"]):
            eliminate(ctx, area, leader, "the Family Atomics")
        del state["legions"][area]
        ctx.say(EventCode.CASUALTIES, f"The legion in {area_name(area)} is destroyed.", area=area)
