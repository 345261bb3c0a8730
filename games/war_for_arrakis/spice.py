"""The Harkonnen's spice spent (002 PHASE 4, STOCKPILING, SPICE RESERVE, IMPERIUM BANS): a
priority list of keeping and raising the Imperium markers, stockpiling and saving, each done
if the spice left pays for it; the markers not kept step down; the Bans activated."""

from __future__ import annotations

from typing import Any

from .codes import EventCode
from .context import Context
from .leaders import settle
from .state import HARKONNEN, State, data
from .tracks import gain_supremacy

MARKERS = ("choam", "guild", "landsraad")


def default_spending(state: State, spice: int) -> dict[str, Any]:
    """The spending when the Harkonnen say nothing: keep the lowest markers first, raise the
    lowest with what is left, stockpile, save a point (the Harkonnen's choice, ruled so)."""
    lowest = sorted(MARKERS, key=lambda m: (-state["imperium"][m], MARKERS.index(m)))
    spends = [f"keep:{m}" for m in lowest] + [f"raise:{m}" for m in lowest] + ["stockpile",
                                                                                "reserve"]
    return {"spends": spends, "bans": list(lowest)}


def spend(ctx: Context, plan: dict[str, Any]) -> None:
    """The spice spent by a priority list (``keep:<marker>``, ``raise:<marker>``,
    ``stockpile``, ``reserve``), each done if the spice left pays for it; then the markers
    not kept step down, and the Bans (002 PHASE 4)."""
    state = ctx.state
    costs = data().costs
    spice = state["step"]["spice"]
    top, bottom = 0, len(data().rows) - 1
    kept: set[str] = set()
    raised: set[str] = set()
    stockpiled = False
    for item in plan["spends"]:
        verb, _, marker = item.partition(":")
        if verb == "keep" and marker not in kept | raised and spice >= costs["keep"]:
            kept.add(marker)
            spice -= costs["keep"]
        elif verb == "raise" and marker not in raised and (
                spice >= costs["raise"] - (costs["keep"] if marker in kept else 0)):
            spice -= costs["raise"] - (costs["keep"] if marker in kept else 0)
            kept.discard(marker)
            raised.add(marker)
        elif verb == "stockpile" and not stockpiled and spice >= costs["stockpile"] \
                and state["supremacy"] <= data().limits["stockpile_below"]:
            spice -= costs["stockpile"]
            stockpiled = True
        elif verb == "supremacy" and spice >= 1 and not stockpiled:
            spice = 0                     # 002 SPICE HARVESTING, solo: 7+ with all on top
            stockpiled = True
        elif verb == "reserve" and spice >= 1:
            state["spice_reserve"] = min(data().limits["spice_reserve"], spice)
    down = []
    for marker in MARKERS:
        if marker in raised:
            state["imperium"][marker] = max(top, state["imperium"][marker] - 1)
            ctx.say(EventCode.IMPERIUM, f"The {data().bans[marker].power} marker goes up a step.",
                    marker=marker)
        elif marker not in kept:
            if state["imperium"][marker] < bottom:
                state["imperium"][marker] += 1
                down.append(marker)
            ctx.say(EventCode.IMPERIUM, f"The {data().bans[marker].power} marker goes down a "
                    "step.", marker=marker)
    if stockpiled:
        gain_supremacy(ctx, 1, "stockpiling spice")
    if state["spice_reserve"]:
        ctx.say(EventCode.HARVEST, "The Harkonnen save 1 spice in their reserve.")
    bans = [m for m in MARKERS if state["imperium"][m] == bottom and m not in state["bans"]]
    choice = [m for m in plan.get("bans", []) + list(MARKERS) if m in down and m not in bans
              and m not in state["bans"]]
    if choice:
        bans.append(choice[0])
    for ban in bans:
        state["bans"].append(ban)
        ctx.say(EventCode.BAN, f"Imperium Ban: {data().bans[ban].name} ({data().bans[ban].power})"
                " is active.", ban=ban)
    for area in [a for a, lg in state["legions"].items() if lg["side"] == HARKONNEN]:
        settle(ctx, area)                       # the CHOAM Ban's stacking limit, at once
    state["step"] = {}
