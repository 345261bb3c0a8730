"""What a legion's arrival does: the Atreides destroy a harvester and take a station there,
the Harkonnen set off a wormsign; then the stacking limit (002 DESTROYING HARVESTERS,
ECOLOGICAL TESTING STATIONS, WORMSIGN AND HARKONNEN LEGIONS, UNITS STACKING LIMIT); and the
solo mode's Harkonnen leaving a settlement garrison it (002 PLACING HARKONNEN DEPLOYMENT
TOKENS)."""

from __future__ import annotations

from . import automaton as solo
from .context import Context
from .desert import reveal_wormsign
from .leaders import settle
from .sites import destroy_harvester, take_station
from .state import ATREIDES, HARKONNEN, automaton, settlement_at


def arrive(ctx: Context, area: str, side: str, advancing: bool = False) -> None:
    """A legion ended its move in ``area`` (or advanced into it after a battle won): the
    Atreides destroy a harvester there and take a station; the Harkonnen set off a wormsign;
    then the stacking limit."""
    state = ctx.state
    if side == ATREIDES:
        if area in state["harvesters"]:
            destroy_harvester(ctx, area, "an Atreides legion came")
        if area in state["stations"]:
            take_station(ctx, area)
    elif area in state["wormsigns"]:
        reveal_wormsign(ctx, area, hazards=False)
    settle(ctx, area)


def left_settlement(ctx: Context, side: str, origin: str) -> None:
    """The solo mode's Harkonnen leaving a settlement's area: two deployment tokens placed
    there (002 PLACING HARKONNEN DEPLOYMENT TOKENS)."""
    state = ctx.state
    if side == HARKONNEN and automaton(state, HARKONNEN) and settlement_at(state, origin) \
            and origin not in state["legions"]:
        solo.call("garrison", ctx, origin)
