"""Casualties and where a retreating legion goes, as the players' standing choices say (002
REMOVE CASUALTIES, RETREAT); the solo mode's Harkonnen by their criteria (002 APPLYING HITS,
END OF THE BATTLE, solo)."""

from __future__ import annotations

from typing import Any

from . import automaton as solo
from .codes import EventCode
from .context import Context
from .leaders import eliminate
from .legions import area_name, describe, whole
from .standing import standing
from .state import (
    GENERIC,
    HARKONNEN,
    State,
    automaton,
    data,
    figures,
    house_seat,
    unit_supply,
)


def take_hits(ctx: Context, area: str, hits: int, why: str, seat: str | None = None) -> None:
    """A legion takes hits: per hit a Regular removed, an Elite or Special Elite made a
    Regular, or a leader removed, as its player's standing order says; with no unit left its
    leaders go too (002 REMOVE CASUALTIES; the solo mode's Harkonnen by their criteria)."""
    state = ctx.state
    found = state["legions"].get(area)
    if found is None or hits <= 0:
        return
    side = found["side"]
    if side == HARKONNEN and automaton(state, HARKONNEN):
        def order_of(legion: dict[str, Any]) -> list[str]:
            return solo.call("casualty_order", legion)
    else:
        seat = seat or house_seat(state, side)
        rule = standing(state, seat)["casualties"]

        def order_of(legion: dict[str, Any]) -> list[str]:
            return rule
    before = whole(found)
    for _ in range(hits):
        if figures(found) == 0:
            break
        for kind in order_of(found):
            if _casualty(ctx, area, found, kind):
                break
        else:
            for kind in ("regular", "elite", "special", "generic", "named"):
                if _casualty(ctx, area, found, kind):
                    break
    ctx.say(EventCode.CASUALTIES, f"{area_name(area)} ({why}): {hits} hits; was "
            f"{describe(before, side)}, now {describe(whole(found), side)}.",
            area=area, hits=hits)
    if figures(found) == 0 and not found["tokens"]:
        for leader in list(found["leaders"]):
            eliminate(ctx, area, leader, "no unit left")
        state["legions"].pop(area, None)


def _casualty(ctx: Context, area: str, found: dict[str, Any], kind: str) -> bool:
    """One hit taken as ``kind``, if the legion can; whether it was."""
    if kind == "regular" and found["regular"]:
        found["regular"] -= 1
    elif kind in ("elite", "special") and found[kind]:
        found[kind] -= 1                 # made a Regular; with none left in the box, removed
        if unit_supply(ctx.state, found["side"])["regular"] > 0:
            found["regular"] += 1
    elif kind == "generic" and any(lg in GENERIC.values() for lg in found["leaders"]):
        leader = next(lg for lg in found["leaders"] if lg in GENERIC.values())
        eliminate(ctx, area, leader, "a casualty")
    elif kind == "named" and any(lg not in GENERIC.values() for lg in found["leaders"]):
        named = [lg for lg in found["leaders"] if lg not in GENERIC.values()]
        weakest = min(named, key=lambda lg: (data().leaders[lg].combat.hits
                                            + data().leaders[lg].combat.shields, lg))
        eliminate(ctx, area, weakest, "a casualty")
    else:
        return False
    return True


def retreat_to_choice(state: State, decider: str, places: list[str]) -> str:
    """Where a retreating enemy legion goes: the deciding seat's standing order of terrains
    (an empty area first, as the solo mode asks, 002 END OF THE BATTLE, solo); the board's
    order breaks ties."""
    board = data().board
    order = standing(state, decider)["retreat_to"] if decider in state["seats"] else ["empty"]

    def key(area: str) -> tuple[int, int, int]:
        from .state import empty

        terrain = board.terrain(area, state["atomics"]).value
        kind = "deep" if board[area].deep else terrain
        place = order.index(kind) if kind in order else len(order)
        return (0 if empty(state, area) else 1, place, board.order[area])
    return min(places, key=key)
