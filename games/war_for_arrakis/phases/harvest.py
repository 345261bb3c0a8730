"""Phase 4, Spice Harvesting: last round's Bans lifted, the harvesters removed for their
spice, the spice spent to keep or raise the Imperium markers (those not kept step down), a
Supremacy point stockpiled, a point saved, and the Bans activated (002 PHASE 4, STOCKPILING,
SPICE RESERVE, IMPERIUM BANS).  The Harkonnen (the House Harkonnen player in 3-4 players
mode) decide how the spice is spent; the solo mode's Harkonnen by their criteria (002 SPICE
HARVESTING, solo)."""

from __future__ import annotations

from typing import Any

from pbem.game import Prompt

from .. import automaton as solo
from ..codes import EventCode
from ..context import Context
from ..legions import area_name
from ..orders.decisions import harvest_prompt
from ..spice import spend
from ..state import HARKONNEN, State, automaton, data, house_seat, is_deep


def begin(ctx: Context) -> None:
    state = ctx.state
    ctx.say(EventCode.PHASE, "Spice Harvesting.", phase="harvest")
    bottom = len(data().rows) - 1
    lifted = [b for b in state["bans"] if state["imperium"][b] != bottom]
    state["bans"] = [b for b in state["bans"] if b not in lifted]
    if lifted:
        ctx.say(EventCode.BAN, f"Lifted: {', '.join(data().bans[b].name for b in lifted)}.",
                lifted=lifted)
    spice = state["spice_reserve"]
    for area in list(state["harvesters"]):
        got = 2 if is_deep(state, area) else 1
        spice += got
        ctx.say(EventCode.HARVEST, f"The Harvester in {area_name(area)} brings {got} spice.",
                area=area, spice=got)
    state["harvesters"] = []
    state["spice_reserve"] = 0
    state["step"] = {"spice": spice}
    ctx.say(EventCode.HARVEST, f"The Harkonnen have {spice} spice to spend.", spice=spice)
    if automaton(state, HARKONNEN):
        spend(ctx, solo.call("spend_spice", state, spice))


def run(ctx: Context) -> bool:
    return "spice" not in ctx.state["step"]


def key(state: State) -> str:
    return f"r{state['round']}.harvest"


def prompts(state: State) -> list[Prompt]:
    if "spice" not in state["step"]:
        return []
    return [harvest_prompt(state, key(state), house_seat(state, HARKONNEN),
                           state["step"]["spice"])]


def apply(ctx: Context, orders: dict[str, Any]) -> None:
    spend(ctx, orders[key(ctx.state)])


