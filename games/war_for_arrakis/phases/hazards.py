"""Phase 3, Desert Hazards: wormsigns placed and resolved, then the Coriolis storms (002
PHASE 3); the choices it asks of the Atreides (of the Fremen player in 3-4 players mode) are
their standing choices, so it asks nothing by mail (desert.py)."""

from __future__ import annotations

from ..codes import EventCode
from ..context import Context
from ..desert import hazards
from ..old_man_power import leave
from ..state import State


def begin(ctx: Context) -> None:
    """The Old Man of the Desert leaves first (002 OLD MAN OF THE DESERT (OPTIONAL))."""
    ctx.say(EventCode.PHASE, "Desert Hazards.", phase="hazards")
    ctx.state["step"] = {}
    leave(ctx)
    hazards(ctx)


def run(ctx: Context) -> bool:
    return True


def prompts(state: State) -> list:
    return []


def apply(ctx: Context, orders: dict) -> None:
    assert not orders
