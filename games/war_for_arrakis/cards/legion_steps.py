"""Steps that act with legions: moving them, attacking, placing and deploying figures,
replacing units (002 MOVEMENT, MOVING MULTIPLE LEGIONS, BATTLES, DEPLOYMENT ACTION, DEPLOY VS
PLACE, HOUSE ACTION; the cards that do the same)."""

from __future__ import annotations

from typing import Any

from .. import automaton as solo
from ..arrival import arrive, left_settlement
from ..battle import battle
from ..codes import ErrorCode, EventCode
from ..context import Context, Illegal
from ..data import Terrain
from ..leaders import available, settle
from ..legions import area_name, describe, leader_name, pick, put, size, take
from ..orders.words import resolve_leaders
from ..reach import airlift_zones, by_air, moves, neighbours, targets
from ..state import (
    ATREIDES,
    GENERIC,
    HARKONNEN,
    State,
    automaton,
    data,
    empty,
    free_for,
    generic_supply,
    is_desert,
    legion_of,
    paul,
    settlement_at,
    unit_supply,
)
from .choices import Choices
from .deploy_steps import put_units
from .effect import Actor, step


def legion_fits(state: State, side: str, area: str, spec: dict[str, Any], actor: Actor) -> bool:
    """Whether the faction's legion in ``area`` is one the step may act with (002 LEADERSHIP
    ACTION: with a leader; a card's "with a Sardaukar", "in a Desert area", ...)."""
    found = legion_of(state, area, side)
    if found is None:
        return False
    wanted = spec.get("with")
    if wanted == "special" and not found["special"]:
        return False
    if wanted == "leader" and not found["leaders"]:
        return False
    if wanted not in (None, "special", "leader"):
        leader = paul(state) if wanted == "paul" else wanted
        if leader not in found["leaders"]:
            return False
    if spec.get("in") == "desert" and not is_desert(state, area):
        return False
    if spec.get("from") and area != spec["from"]:
        return False
    return not (spec.get("this") and area != actor.this)


def part_fits(part: dict[str, Any], spec: dict[str, Any], state: State) -> None:
    """The figures that move must still fit the step: at least one unit (002 MOVEMENT: leaders
    never move alone), a leader with a Leadership move (002 MOVEMENT, note), the Sardaukar
    or the named leader the card names."""
    if size(part) < 1:
        raise Illegal(ErrorCode.BAD_ORDER, "leaders never move without a unit")
    wanted = spec.get("with")
    if wanted == "leader" and not part["leaders"]:
        raise Illegal(ErrorCode.BAD_ORDER, "a leader must go with the legion")
    if wanted == "special" and not part["special"]:
        raise Illegal(ErrorCode.BAD_ORDER, "a Special Elite unit must go with the legion")
    if wanted not in (None, "leader", "special"):
        leader = paul(state) if wanted == "paul" else wanted
        if leader not in part["leaders"]:
            raise Illegal(ErrorCode.BAD_ORDER, f"{leader_name(leader)} must go with the legion")


def hunted(state: State, side: str, part_or_area: Any) -> None:
    """Seek Out the Mahdi: in that action turn the Atreides may not move or attack with Paul's
    legion (kdc-cards)."""
    if side != ATREIDES or not state["step"].get("hunted"):
        return
    leaders = part_or_area["leaders"] if isinstance(part_or_area, dict) else \
        state["legions"][part_or_area]["leaders"]
    if paul(state) in leaders:
        raise Illegal(ErrorCode.NOT_ALLOWED, "Seek Out the Mahdi: Paul's legion may not move or "
                      "attack in this action turn")


def use_air(ctx: Context, actor: Actor, origin: str, air: Any) -> str | None:
    """The Ornithopter a troop transport uses, removed (002 TROOP-TRANSPORT): the zone named,
    or the first connected one with an Ornithopter; Illegal if there is none."""
    if not air:
        return None
    if actor.side != HARKONNEN:
        raise Illegal(ErrorCode.NOT_ALLOWED, "only the Harkonnen fly")
    zones = airlift_zones(ctx.state, origin)
    zone = air if isinstance(air, str) else (zones[0] if zones else None)
    if zone not in zones:
        raise Illegal(ErrorCode.NOT_REACHABLE, f"no Ornithopter in an air zone connected to "
                      f"{area_name(origin)}")
    del ctx.state["air"][zone]
    ctx.say(EventCode.AIR_REMOVED, f"An Ornithopter of {data().board.zones[zone].name} flies "
            f"the legion of {area_name(origin)}.", zone=zone)
    return zone


def move_legions(ctx: Context, actor: Actor, spec: dict[str, Any], clauses: list[dict[str, Any]]
                 ) -> list[str]:
    """Different legions moved at once, each figure once (002 MOVING MULTIPLE LEGIONS): every
    move checked against the board as it was, then made; their destinations."""
    state = ctx.state
    seen: set[str] = set()
    parts = []
    for clause in clauses:
        origin = clause["from"]
        if origin in seen:
            raise Illegal(ErrorCode.BAD_ORDER, f"{area_name(origin)}'s legion moves once")
        seen.add(origin)
        if not legion_fits(state, actor.side, origin, spec, actor):
            raise Illegal(ErrorCode.NO_LEGION, f"no legion in {area_name(origin)} fits this move")
        part = pick(state["legions"][origin], resolve_leaders(clause.get("pick"), actor.side,
                                                              state))
        part_fits(part, spec, state)
        hunted(state, actor.side, part)
        air = clause.get("air")
        if air and actor.side == HARKONNEN:
            if not airlift_zones(state, origin):
                raise Illegal(ErrorCode.NOT_REACHABLE, f"no Ornithopter connected to "
                              f"{area_name(origin)}")
            reachable = [a for a in by_air(origin) if free_for(state, a, actor.side)]
        else:
            reachable = moves(state, actor.side, origin)
        if clause["to"] not in reachable:
            raise Illegal(ErrorCode.NOT_REACHABLE, f"the legion in {area_name(origin)} cannot "
                          f"reach {area_name(clause['to'])}")
        parts.append((origin, clause["to"], part, air))
    for origin, _, part, air in parts:
        if air and actor.side == HARKONNEN:
            use_air(ctx, actor, origin, air)
        take(state, origin, part)
    for origin, to, part, _ in parts:
        put(state, to, actor.side, part)
        ctx.say(EventCode.MOVED, f"The {data().factions[actor.side].name} move "
                f"{_shown(part, actor.side)} from {area_name(origin)} to {area_name(to)}.",
                area=origin, to=to)
    for origin, _, _, _ in parts:                # every figure is down before a garrison
        settle(ctx, origin)                      # a leader left alone there is eliminated
        left_settlement(ctx, actor.side, origin)
    for _, to, _, _ in parts:
        if to in state["legions"]:
            arrive(ctx, to, actor.side)
    return [to for _, to, _, _ in parts]


def _shown(part: dict[str, Any], side: str) -> str:
    """Moving figures as every seat may see them (tokens face down)."""
    return describe(part, side)


def attack(ctx: Context, actor: Actor, spec: dict[str, Any], clause: dict[str, Any],
           surprise: bool) -> str:
    """An attack by a legion (002 BATTLES), from the area it is in."""
    state = ctx.state
    origin = clause["from"]
    if not legion_fits(state, actor.side, origin, spec, actor):
        raise Illegal(ErrorCode.NO_LEGION, f"no legion in {area_name(origin)} fits this attack")
    hunted(state, actor.side, origin)
    chosen = resolve_leaders(clause.get("pick"), actor.side, state)
    if chosen and pick(state["legions"][origin], chosen) != pick(state["legions"][origin], None):
        raise Illegal(ErrorCode.BAD_ORDER, "all the figures of a legion attack (002 BATTLES)")
    air = clause.get("air") if actor.side == HARKONNEN else None
    if clause["on"] not in targets(state, actor.side, origin, air=bool(air)):
        raise Illegal(ErrorCode.NOT_REACHABLE, f"the legion in {area_name(origin)} cannot "
                      f"attack {area_name(clause['on'])}")
    if air and clause["on"] not in targets(state, actor.side, origin):
        use_air(ctx, actor, origin, air)
    seat = actor.dashboard if actor.dashboard in state["seats"] else actor.side
    return battle(ctx, actor.side, origin, clause["on"], seat, surprise, actor.mods)


@step("legion")
def legion_step(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Move legions, or attack with one, as the step allows (``may``): ``move`` (``count``
    different legions), ``attack``, ``surprise``, ``move-then-attack``,
    ``move-then-surprise``; ``again``: the moved legion moves once more to a neighbour
    (Beast Rabban's special action)."""
    may = spec["may"]
    actor.mods = {**actor.mods, **spec.get("battle", {})}
    if automaton(ctx.state, actor.side) and choices.peek() is None:
        choices.clauses = solo.call("legion_clauses", ctx, actor, spec)
    if any(m.startswith("move-then") for m in may):
        moved = choices.take("move")
        if moved is not None:
            (actor.this,) = move_legions(ctx, actor, spec, [moved])
        kind = "surprise" if "move-then-surprise" in may else "attack"
        hit = choices.take(kind)
        if hit is not None:
            if moved is not None and hit["from"] != actor.this:
                raise Illegal(ErrorCode.BAD_ORDER, "the legion that moved attacks")
            attack(ctx, actor, {**spec, "this": moved is not None}, hit, kind == "surprise")
        return
    head = choices.peek()
    if head == "move" and "move" in may:
        clauses = choices.take_all("move", most=spec.get("count", 1))
        ends = move_legions(ctx, actor, spec, clauses)
        actor.this = ends[0] if ends else actor.this
        if spec.get("again") and ends:
            again = choices.take("move")
            if again is not None:
                if again["from"] != ends[0] or again["to"] not in neighbours(ends[0]):
                    raise Illegal(ErrorCode.BAD_ORDER, "the legion moves on to a neighbour")
                move_legions(ctx, actor, {**spec, "this": True}, [again])
    elif head in ("attack", "surprise") and head in may:
        clause = choices.take(head)
        attack(ctx, actor, spec, clause, head == "surprise")


# --- placing and deploying ---------------------------------------------------------------
def live(state: State, area: str) -> bool:
    return settlement_at(state, area)


def place_targets(state: State, actor: Actor, at: Any) -> list[str] | None:
    """The areas a ``place`` step may put figures in (None: every one of them, no choice)."""
    board = data().board
    side = actor.side
    if at == "each-village":
        return None
    if at == "each-city":
        return None
    if isinstance(at, dict) and "settlement" in at:
        wanted = at["settlement"]
        found = [a for a in state["settlements"]] if wanted == "any" else \
            [a for a in wanted if live(state, a)]
        return [a for a in found if free_for(state, a, side)]
    if isinstance(at, dict) and "legion-with" in at:
        wanted = at["legion-with"]
        return [a for a, lg in state["legions"].items() if lg["side"] == side and (
            lg["special"] > 0 if wanted == "special" else
            (paul(state) if wanted == "paul" else wanted) in lg["leaders"])]
    if at == "legion":
        return [a for a, lg in state["legions"].items() if lg["side"] == side]
    if at == "empty-desert":
        return [a for a in board.areas if is_desert(state, a) and empty(state, a)]
    if at in ("free-mountain", "free-plateau"):
        terrain = Terrain.MOUNTAIN if at == "free-mountain" else Terrain.PLATEAU
        return [a for a in board.areas if board.terrain(a, state["atomics"]) is terrain
                and free_for(state, a, side)]
    if at == "sietch":
        return [a for a in state["sietches"] if free_for(state, a, side)]
    raise AssertionError(at)


def every_target(state: State, at: str) -> list[str]:
    board = data().board
    kinds = ("village",) if at == "each-village" else ("capital", "city")
    return [a for a in state["settlements"] if board[a].settlement.kind in kinds]


def resolve_leader(state: State, actor: Actor, wanted: Any, given: str | None) -> str | None:
    """The leader a placing step puts down: the one named (``paul`` whichever Paul), a generic
    one, or for ``any`` the clause's choice (a generic one by default); None if none can
    come.  A named leader comes from wherever it is but the tank (002 DEPLOY VS PLACE)."""
    if wanted is None:
        return None
    if given in ("naib", "bashar"):
        given = "generic"
    if wanted == "generic" or (wanted == "any" and given in (None, "generic")):
        return GENERIC[actor.side] if generic_supply(state, actor.side) > 0 else None
    leader = given if wanted == "any" else (paul(state) if wanted == "paul" else wanted)
    if leader == "paul":
        leader = paul(state)
    if leader in GENERIC.values():
        return leader if generic_supply(state, actor.side) > 0 else None
    if data().leaders[leader].faction != actor.side:
        raise Illegal(ErrorCode.NOT_YOURS, f"{leader_name(leader)} is not yours")
    if not available(state, leader):
        raise Illegal(ErrorCode.NOT_AVAILABLE, f"{leader_name(leader)} cannot come now")
    return leader


@step("place")
def place(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Units and a leader placed (002 DEPLOY VS PLACE) where the card says: into each village
    or city, into a settlement of a list, a legion, empty Desert areas (one unit each), a free
    Mountain or Plateau area, a sietch."""
    state = ctx.state
    at = spec["at"]
    wanted = spec.get("units", {})
    if at in ("each-village", "each-city"):
        for area in every_target(state, at):
            if free_for(state, area, actor.side):
                shown = put_units(ctx, area, actor.side, wanted, None)
                ctx.say(EventCode.PLACED, f"Placed in {area_name(area)}: {shown}.", area=area)
                settle(ctx, area)
        return
    candidates = place_targets(state, actor, at)
    clause = choices.take("place")
    count = spec.get("areas", 1)
    if clause is None:
        if not candidates or len(candidates) != 1 or count != 1 or at in (
                "legion", "empty-desert", "free-mountain", "free-plateau", "sietch"):
            if automaton(state, actor.side):
                areas = solo.call("place_where", ctx, actor, at, candidates, count)
                if not areas:
                    return
                clause = {"kind": "place", "at": areas, "leader": None}
            else:
                return
        else:
            clause = {"kind": "place", "at": list(candidates), "leader": None}
    areas = clause["at"]
    if len(areas) > count or len(set(areas)) != len(areas):
        raise Illegal(ErrorCode.TOO_MANY, f"this places in {count} area"
                      f"{'s' if count > 1 else ''}, each once")
    for area in areas:
        if area not in (candidates or []):
            raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(area)} is not a place for this")
    leader = resolve_leader(state, actor, spec.get("leader"), clause.get("leader"))
    for i, area in enumerate(areas):
        shown = put_units(ctx, area, actor.side, wanted, leader if i == 0 else None)
        ctx.say(EventCode.PLACED, f"Placed in {area_name(area)}: {shown}.", area=area)
        actor.this = area
        settle(ctx, area)


# --- cards and decks ----------------------------------------------------------------------
@step("upgrade")
def upgrade(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Units on the board replaced by units of another kind from the supply (002 HOUSE
    ACTION; Sardaukar Disguised, Death Commandos, Baron Harkonnen, Shaddam IV): the areas
    named, one unit each time an area is named; without a choice, the legions with the most
    of the kind first."""
    state = ctx.state
    old, new, count = spec["from"], spec["to"], spec["count"]
    clause = choices.take("upgrade")
    if clause is not None:
        areas = clause["at"]
    else:
        if automaton(state, actor.side):
            areas = solo.call("upgrade_areas", ctx, old, count)
        else:
            mine = sorted((a for a, lg in state["legions"].items()
                           if lg["side"] == actor.side and lg[old]),
                          key=lambda a: (-state["legions"][a][old], data().board.order[a]))
            areas = []
            for area in mine:
                areas += [area] * state["legions"][area][old]
    if len(areas) > count and clause is not None:
        raise Illegal(ErrorCode.TOO_MANY, f"at most {count} units")
    done = 0
    for area in areas[:count]:
        found = legion_of(state, area, actor.side)
        if found is None or found[old] < 1:
            if clause is not None:
                raise Illegal(ErrorCode.NOT_THERE, f"no {old} unit left in {area_name(area)}")
            continue
        if unit_supply(state, actor.side)[new] < 1:
            break
        found[old] -= 1
        found[new] += 1
        done += 1
        becomes = data().factions[actor.side].special_name if new == "special" else new
        ctx.say(EventCode.REPLACED, f"In {area_name(area)}, a {old} unit becomes "
                f"{'an' if becomes == 'elite' else 'a'} {becomes}.", area=area)


@step("airlift")
def airlift(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Troop Carriers: a legion moved from a settlement straight to an area with another of
    the actor's legions."""
    state = ctx.state
    clause = choices.take("move")
    if clause is None and automaton(state, actor.side):
        clause = solo.call("airlift_clause", ctx)
    if clause is None:
        return
    origin, to = clause["from"], clause["to"]
    if not settlement_at(state, origin) or legion_of(state, origin, actor.side) is None:
        raise Illegal(ErrorCode.NO_LEGION, "the legion leaves from a settlement")
    if legion_of(state, to, actor.side) is None or to == origin:
        raise Illegal(ErrorCode.NOT_ALLOWED, "it lands where another of your legions is")
    part = pick(state["legions"][origin], resolve_leaders(clause.get("pick"), actor.side, state))
    part_fits(part, {}, state)
    take(state, origin, part)
    put(state, to, actor.side, part)
    ctx.say(EventCode.MOVED, f"Troop carriers fly {describe(part, actor.side)} from "
            f"{area_name(origin)} to {area_name(to)}.", area=origin, to=to)
    left_settlement(ctx, actor.side, origin)
    arrive(ctx, to, actor.side)
