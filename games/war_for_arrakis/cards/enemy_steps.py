"""Steps that strike at the enemy: leaders sent to the Regeneration Tank, special attacks,
dice taken, the Mahdi hunted, Truthtrance (kdc-cards; 002 TRUTHTRANCE, solo)."""

from __future__ import annotations

from typing import Any

from .. import automaton as solo
from ..casualties import take_hits
from ..codes import ErrorCode, EventCode
from ..context import Context, Illegal
from ..leaders import to_tank
from ..legions import area_name, leader_name
from ..reach import neighbours
from ..sites import reveal_tokens
from ..state import (
    HARKONNEN,
    State,
    automaton,
    data,
    legion_of,
    named_leaders,
    other,
    paul,
    seats_of,
)
from .choices import Choices
from .effect import Actor, step


def enemy_leaders_near(state: State, actor: Actor, near: str) -> list[str]:
    """The enemy named leaders on the board a card may strike at (Hunter-Seeker: in a sector
    with one of the actor's legions; Shigawire, Crysknife: beside the legion that moved; Alia:
    anywhere, or in her sector)."""
    board = data().board
    enemy = other(actor.side)
    found = []
    for area, legion in state["legions"].items():
        if legion["side"] != enemy:
            continue
        for leader in named_leaders(legion):
            if near == "anywhere":
                ok = True
            elif near == "same-sector":
                mine = {s for a, lg in state["legions"].items() if lg["side"] == actor.side
                        for s in board.sectors_of(a)}
                ok = bool(board.sectors_of(area) & mine)
            elif near == "beside-this-legion":
                ok = actor.this is not None and area in neighbours(actor.this)
            elif near == "same-sector-as-alia":
                alia = state["leaders"]["alia"]
                ok = alia["status"] == "board" and bool(
                    board.sectors_of(area) & board.sectors_of(alia["area"]))
            else:
                raise AssertionError(near)
            if ok:
                found.append(leader)
    return found


@step("tank-leader")
def tank_leader(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """An enemy named leader sent to the Regeneration Tank (Hunter-Seeker, Shigawire,
    Crysknife, Alia); without a choice given, the strongest one that may be."""
    state = ctx.state
    found = enemy_leaders_near(state, actor, spec["near"])
    clause = choices.take("target")
    if clause is not None:
        leader = clause.get("leader")
        if leader == "paul":
            leader = paul(state)
        if leader not in found:
            raise Illegal(ErrorCode.NO_TARGET, f"{leader_name(leader) if leader else 'that'} "
                          "is not a leader this may strike")
    elif found:
        leader = max(found, key=lambda lg: (data().leaders[lg].combat.hits
                                           + data().leaders[lg].combat.shields, lg))
    else:
        return
    to_tank(ctx, leader, "struck by a card")


@step("bombard")
def bombard(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """A special attack that is no battle: combat dice at an enemy legion, a hit for each hit
    or special (Explosive Artillery: beside one of the actor's legions; Captured Ornithopter:
    a Harkonnen Ornithopter removed, at a legion in a sector of its zone)."""
    state = ctx.state
    clause = choices.take("target")
    via = choices.take("via")
    if clause is None:
        if automaton(state, actor.side):
            clause = solo.call("bombard_target", ctx, actor)
        if clause is None:
            return
    area = clause.get("area")
    enemy = other(actor.side)
    if area is None or legion_of(state, area, enemy) is None:
        raise Illegal(ErrorCode.NO_TARGET, "no enemy legion there")
    if spec["target"] == "beside-own-legion":
        if not any(legion_of(state, n, actor.side) for n in neighbours(area)):
            raise Illegal(ErrorCode.NO_TARGET, f"{area_name(area)} is beside none of your legions")
    else:
        zones = [z for z, v in state["air"].items() if v == "ornithopter"
                 and area in data().board.zone_areas(z)]
        zone = via["zone"] if via else (zones[0] if zones else None)
        if zone not in zones:
            raise Illegal(ErrorCode.NO_TARGET, "no Harkonnen Ornithopter over that area")
        del state["air"][zone]
        ctx.say(EventCode.AIR_REMOVED, f"The Atreides capture the Ornithopter of "
                f"{data().board.zones[zone].name}.", zone=zone)
    reveal_tokens(ctx, area, "attacked")
    faces = ctx.roll(spec["dice"])
    hits = faces.count("hit") + faces.count("special")
    ctx.say(EventCode.BATTLE_ROUND, f"A special attack on {area_name(area)}: {', '.join(faces)}: "
            f"{hits} hits.", area=area, faces=faces, hits=hits)
    take_hits(ctx, area, hits, "a special attack")


@step("discard-enemy-die")
def discard_enemy_die(ctx: Context, actor: Actor, result: str, choices: Choices) -> None:
    """Reports of Traitors: an unused enemy die showing House is lost."""
    state = ctx.state
    for board in (seats_of(state, other(actor.side)) or [other(actor.side)]):
        pool = state["dice"][board]["pool"]
        if result in pool:
            pool.remove(result)
            state["dice"][board]["lost"].append(result)
            ctx.say(EventCode.ACTION, f"The {data().factions[other(actor.side)].name} lose an "
                    f"unused {result.title()} die.", result=result)
            return


@step("mahdi-hunted")
def mahdi_hunted(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    ctx.state["step"]["hunt"] = True
    ctx.say(EventCode.NOTE, "Seek Out the Mahdi: in their next action turn the Atreides may not "
            "place or deploy Paul, nor move or attack with his legion.")


@step("truthtrance")
def truthtrance(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Truthtrance: an unused Harkonnen die the Harkonnen must use in their next turn; in the
    solo mode, the result their next turn plays as (002 TRUTHTRANCE, solo)."""
    state = ctx.state
    clause = choices.take("target")
    if clause is None or "result" not in clause:
        return
    result = clause["result"]
    if automaton(state, HARKONNEN):
        if not solo.call("truthtrance_allowed", state, result):
            raise Illegal(ErrorCode.NOT_ALLOWED, f"the Harkonnen have spent all the {result} "
                          "dice they may")
    else:
        pools = [state["dice"][b]["pool"] for b in seats_of(state, HARKONNEN)]
        if not any(result in pool for pool in pools):
            raise Illegal(ErrorCode.NO_DIE, f"the Harkonnen have no unused {result} die")
    state["step"]["forced"] = result
    ctx.say(EventCode.NOTE, f"Truthtrance: in their next turn the Harkonnen must use a "
            f"{result.title()} die.", result=result)
