"""Phase 2 begins: both factions roll their Action dice and place them on their dashboards
(002 PHASE 2).  The solo mode's Harkonnen roll a die at a time, as they act (002 ACTION
RESOLUTION, solo)."""

from __future__ import annotations

from .. import automaton as solo
from ..context import Context
from ..dice import roll
from ..state import HARKONNEN, SIDES, State, automaton


def begin(ctx: Context) -> None:
    state = ctx.state
    state["dice"] = {}
    for side in SIDES:
        if side == HARKONNEN and automaton(state, HARKONNEN):
            solo.call("ready_dice", ctx)
            continue
        roll(ctx, side)


def run(ctx: Context) -> bool:
    return True


def prompts(state: State) -> list:
    return []


def apply(ctx: Context, orders: dict) -> None:
    assert not orders
