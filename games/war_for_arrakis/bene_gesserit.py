"""The Bene Gesserit tokens gained (002 BENE GESSERIT TOKENS)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import automaton as solo
from .codes import EventCode

if TYPE_CHECKING:
    from .context import Context
from .state import ATREIDES, HARKONNEN, automaton, data


def gain_bene_gesserit(ctx: Context, side: str) -> None:
    """A faction takes a Bene Gesserit token from the reserve (002 BENE GESSERIT TOKENS).  The
    solo mode's Harkonnen take an Action die from The Spice Must Flow board instead, or a
    Supremacy point when none is there (002 SPECIAL RULES, HARKONNEN BENE GESSERIT TOKENS)."""
    state = ctx.state
    if side == HARKONNEN and automaton(state, HARKONNEN):
        solo.call("bene_gesserit_die", ctx)
        return
    if state["options"].get("old_man") and side == ATREIDES:
        return                                   # 002 OLD MAN OF THE DESERT: none at all
    if state["bene_gesserit"]["reserve"] < 1:
        return
    state["bene_gesserit"]["reserve"] -= 1
    state["bene_gesserit"][side] += 1
    ctx.say(EventCode.BENE_GESSERIT_GAINED, f"The {data().factions[side].name} take a Bene "
            "Gesserit token.", side=side)
