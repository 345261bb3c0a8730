"""Named leaders entering and leaving play, the Regeneration Tank, and the leaders' cards
(002 LEADERS, NAMED LEADERS, NAMED LEADER SPECIAL ACTIONS, THE REGENERATION TANK).

A named leader's state: ``out`` (not yet in play), ``aside`` (in play, its figure set aside,
ready to be deployed or placed), ``board`` (in a legion, ``area``), ``tank`` (in its
faction's Regeneration Tank) or ``removed`` (out of the game); ``spent``: its card is face
down, its special action used this round; ``back``: the turn it left the tank (it may be
deployed from the turn after, 002 THE REGENERATION TANK).
"""

from __future__ import annotations

from .bene_gesserit import gain_bene_gesserit
from .codes import EventCode
from .context import Context
from .data import UNIT_KINDS
from .legions import area_name, leader_name
from .state import GENERIC, State, data, leader_side, stacking_limit, units


def enter(ctx: Context, leader: str) -> bool:
    """A leader enters play (its card face up, its figure set aside); one that replaces
    another takes its place, figure and card as they were (002 JESSICA AND PAUL), one that
    removes another removes it (002 BEAST RABBAN AND FEYD-RAUTHA).  False if it is in play
    already or was removed."""
    state = ctx.state
    mine = state["leaders"][leader]
    if mine["status"] != "out":
        return False
    card = data().leaders[leader]
    mine.update(status="aside", area=None, spent=False, back=None)
    ctx.say(EventCode.LEADER_ENTERS, f"{card.name} enters play.", leader=leader)
    if card.replaces and state["leaders"][card.replaces]["status"] not in ("out", "removed"):
        old = state["leaders"][card.replaces]
        mine.update(status=old["status"], area=old["area"], spent=old["spent"], back=old["back"])
        if old["status"] == "board":
            found = state["legions"][old["area"]]["leaders"]
            found[found.index(card.replaces)] = leader
        elif old["status"] == "tank":
            tank = state["tank"][card.faction]
            tank[tank.index(card.replaces)] = leader
        old.update(status="removed", area=None)
        ctx.say(EventCode.LEADER_REMOVED, f"{card.name} replaces "
                f"{data().leaders[card.replaces].name}.", leader=card.replaces)
    if card.removes:
        remove(ctx, card.removes)
    if card.brings == "bene-gesserit":
        gain_bene_gesserit(ctx, card.faction)
    return True


def remove(ctx: Context, leader: str) -> None:
    """A leader leaves the game for good, its figure from wherever it is."""
    state = ctx.state
    mine = state["leaders"][leader]
    if mine["status"] == "removed":
        return
    if mine["status"] == "board":
        area = mine["area"]
        state["legions"][area]["leaders"].remove(leader)
    elif mine["status"] == "tank":
        tank = state["tank"][leader_side(leader)]
        tank[tank.index(leader)] = None
    was_in = mine["status"] != "out"
    mine.update(status="removed", area=None)
    if was_in:
        ctx.say(EventCode.LEADER_REMOVED, f"{data().leaders[leader].name} is removed from the "
                "game.", leader=leader)
    if mine["status"] == "removed" and was_in:
        for other, card in data().leaders.items():
            if card.enters.get("removed") == leader:
                enter(ctx, other)


def eliminate(ctx: Context, area: str, leader: str, why: str) -> None:
    """A leader taken off the board as a casualty or left alone: a named one to the tank, a
    generic one back to its supply (002 REMOVE CASUALTIES; LEADERS)."""
    found = ctx.state["legions"][area]
    found["leaders"].remove(leader)
    if leader in GENERIC.values():
        ctx.say(EventCode.LEADER_ELIMINATED, f"A {leader_name(leader)} in {area_name(area)} is "
                f"eliminated ({why}).", area=area, leader=leader)
        return
    ctx.state["leaders"][leader].update(status="aside", area=None)
    to_tank(ctx, leader, why)


def to_tank(ctx: Context, leader: str, why: str) -> None:
    """A named leader into the leftmost slot of its faction's Regeneration Tank, the figures
    there bumped right one slot each as needed; one bumped out of the last slot leaves the
    tank (002 THE REGENERATION TANK)."""
    state = ctx.state
    mine = state["leaders"][leader]
    if mine["status"] == "board":
        state["legions"][mine["area"]]["leaders"].remove(leader)
        area = mine["area"]
        mine.update(status="aside", area=None)
        settle(ctx, area)
    if mine["status"] == "tank":
        return
    side = leader_side(leader)
    tank = state["tank"][side]
    carried = leader
    for slot in range(len(tank)):
        carried, tank[slot] = tank[slot], carried
        if carried is None:
            break
    mine.update(status="tank", area=None)
    ctx.say(EventCode.LEADER_TANKED, f"{data().leaders[leader].name} goes to the Regeneration "
            f"Tank ({why}).", leader=leader)
    if carried is not None:
        _out_of_tank(ctx, carried)


def advance_tank(ctx: Context, side: str) -> None:
    """A die spent for an action turn: every figure in the faction's tank one slot right, the
    one in the last slot leaving it (002 THE REGENERATION TANK)."""
    tank = ctx.state["tank"][side]
    leaving = tank[-1]
    tank[1:] = tank[:-1]
    tank[0] = None
    if leaving is not None:
        _out_of_tank(ctx, leaving)


def _out_of_tank(ctx: Context, leader: str) -> None:
    ctx.state["leaders"][leader].update(status="aside", back=ctx.state["turns"])
    ctx.say(EventCode.LEADER_BACK, f"{data().leaders[leader].name} leaves the Regeneration "
            "Tank; available from the next turn.", leader=leader)


def available(state: State, leader: str) -> bool:
    """Whether a named leader may be deployed or placed now: set aside, and not back from the
    tank this very turn."""
    mine = state["leaders"][leader]
    if leader == "wild-maker" or mine["status"] not in ("aside", "board"):
        return False
    return mine["status"] == "board" or mine["back"] is None or mine["back"] < state["turns"]


def deployable(state: State, leader: str) -> bool:
    """Deploying takes a piece that is off the board (002 DEPLOY VS PLACE)."""
    return state["leaders"][leader]["status"] == "aside" and available(state, leader)


def special_ready(state: State, leader: str, dashboard: str) -> bool:
    """Whether a dashboard may take a named leader's special action: in play, not in the tank,
    its card face up, on that dashboard (002 NAMED LEADER SPECIAL ACTIONS; in 3-4 players mode
    only its own power's player, 002 NAMED LEADERS SPECIAL ACTIONS)."""
    from .state import dashboard_of_power

    mine = state["leaders"][leader]
    card = data().leaders[leader]
    return (card.box is not None and mine["status"] in ("aside", "board") and not mine["spent"]
            and dashboard_of_power(state, card.power) == dashboard)


def swap_for_generic(ctx: Context, leader: str) -> bool:
    """End of the round: a named leader on the board replaced by a generic one (002 END OF
    THE ROUND); False if none is left in the supply."""
    from .state import generic_supply

    state = ctx.state
    side = leader_side(leader)
    area = state["leaders"][leader]["area"]
    if area is None or generic_supply(state, side) < 1:
        return False
    found = state["legions"][area]["leaders"]
    found[found.index(leader)] = GENERIC[side]
    state["leaders"][leader].update(status="aside", area=None)
    ctx.say(EventCode.LEADER_SWAPPED, f"In {area_name(area)}, {data().leaders[leader].name} "
            f"makes way for a {data().generics[GENERIC[side]].name}.", area=area, leader=leader)
    return True


def settle(ctx: Context, area: str) -> None:
    """After figures came or went: units beyond the stacking limit removed (the lowest first:
    Regulars, Elites, Special Elites, then tokens; 002 UNITS STACKING LIMIT, the player's
    choice ruled so), and leaders left without units eliminated (002 LEADERS)."""
    found = ctx.state["legions"].get(area)
    if found is None:
        return
    side = found["side"]
    excess = units(found) - stacking_limit(ctx.state, side)
    removed = []
    for kind in UNIT_KINDS:
        while excess > 0 and found[kind]:
            found[kind] -= 1
            removed.append(kind)
            excess -= 1
    while excess > 0 and found["tokens"]:
        ctx.state["hidden"]["tokens"].pop(found["tokens"].pop(), None)   # out of the game
        removed.append("token")
        excess -= 1
    if removed:
        ctx.say(EventCode.OVERSTACKED, f"{area_name(area)}: {len(removed)} units beyond the "
                f"stacking limit removed ({', '.join(removed)}).", area=area)
    if not units(found):
        for leader in list(found["leaders"]):
            eliminate(ctx, area, leader, "left without units")
        ctx.state["legions"].pop(area, None)
