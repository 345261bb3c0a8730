"""Steps of the desert: vehicles placed and removed, wormsigns and sandworms, the Wild Maker,
storms, and the cards that move sietches, tokens and legions in the sand (002 PHASE 1, DESERT
POWER ACTION, WILD MAKER; kdc-cards)."""

from __future__ import annotations

from typing import Any

from .. import automaton as solo
from ..arrival import arrive
from ..codes import ErrorCode, EventCode
from ..context import Context, Illegal
from ..desert import (
    discard_wormsign,
    move_worm,
    place_wormsign,
    sandworm_appears,
    storms,
    worm_attack,
)
from ..leaders import settle
from ..legions import area_name, put
from ..old_man import blocks_worms
from ..old_man_power import desert_power as old_man_power
from ..reach import neighbours, worm_moves, worm_targets
from ..sites import reveal_sietch, reveal_tokens
from ..state import (
    ATREIDES,
    HARKONNEN,
    State,
    automaton,
    data,
    empty,
    free_for,
    is_deep,
    is_desert,
    legion_of,
    named_leaders,
    other,
    worm_at,
    worms,
)
from ..vehicles import place_vehicle
from .choices import Choices
from .deploy_steps import deploy
from .effect import Actor, run, step


@step("vehicles")
def vehicles(ctx: Context, actor: Actor, spec: dict[str, int], choices: Choices) -> None:
    """Vehicles placed (002 PHASE 1): harvesters in free Desert areas, one each; ornithopters
    and carryalls in air zones, one each, a vehicle of another kind there removed."""
    left = dict(spec)
    for clause in choices.take_all("vehicle"):
        kind = clause["vehicle"]
        if left.get(kind, 0) < 1:
            raise Illegal(ErrorCode.TOO_MANY, f"no more {kind}s here")
        left[kind] -= 1
        place_vehicle(ctx, kind, clause["at"])
    if automaton(ctx.state, actor.side):
        solo.call("place_solo_vehicles", ctx, left)


@step("discard-wormsigns")
def discard_wormsigns(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    state = ctx.state
    if "beside" in spec:
        for area in neighbours(spec["beside"]):
            if area in state["wormsigns"]:
                discard_wormsign(ctx, area, data().board[spec["beside"]].name)
        return
    clause = choices.take("clear")
    areas = clause["at"] if clause else []
    if automaton(state, actor.side) and not clause:
        areas = solo.call("wormsigns_to_clear", ctx, spec["count"])
    if len(areas) > spec["count"]:
        raise Illegal(ErrorCode.TOO_MANY, f"at most {spec['count']} wormsigns")
    for area in areas:
        if area not in state["wormsigns"]:
            raise Illegal(ErrorCode.NOT_THERE, f"no wormsign in {area_name(area)}")
        discard_wormsign(ctx, area, "a card")


@step("wormsigns")
def wormsigns(ctx: Context, actor: Actor, count: int, choices: Choices) -> None:
    """Wormsigns placed in Desert areas with no wormsign, sandworm or sietch, one each (002
    DESERT POWER ACTION)."""
    state = ctx.state
    clause = choices.take("wormsign")
    if clause is None:
        return
    if len(clause["at"]) > count or len(set(clause["at"])) != len(clause["at"]):
        raise Illegal(ErrorCode.TOO_MANY, f"{count} wormsigns, one an area")
    if blocks_worms(state):
        raise Illegal(ErrorCode.NOT_ALLOWED, "no wormsign while the Old Man of the Desert is out")
    for area in clause["at"]:
        if not is_desert(state, area) or area in state["wormsigns"] or worm_at(state, area) \
                or area in state["sietches"]:
            raise Illegal(ErrorCode.NOT_ALLOWED, f"no wormsign may go to {area_name(area)}")
    for area in clause["at"]:
        place_wormsign(ctx, area)


@step("sandworm")
def sandworm(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Sandworms placed in empty Desert areas beside another sandworm (Wall of Sandworms) or
    beside areas with Atreides legions (Thumpers), with the effects of a sandworm appearing
    (002 SANDWORMS)."""
    state = ctx.state
    clauses = choices.take_all("sandworm", most=spec["count"])
    if clauses and blocks_worms(state):
        raise Illegal(ErrorCode.NOT_ALLOWED, "no sandworm while the Old Man of the Desert is out")
    for clause in clauses:
        area = clause["at"]
        if not (is_desert(state, area) and empty(state, area)):
            raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(area)} is no empty Desert area")
        if spec["at"] == "beside-sandworm":
            ok = any(worm_at(state, n) for n in neighbours(area))
        else:
            ok = any(legion_of(state, n, ATREIDES) for n in neighbours(area))
        if not ok:
            raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(area)} is not beside what the card "
                          "asks")
        sandworm_appears(ctx, area, hazards=False)


@step("wild-maker")
def wild_maker(ctx: Context, actor: Actor, mode: str, choices: Choices) -> None:
    """Shai-Hulud: the Wild Maker enters play in an empty Desert area; in play, it moves and
    then attacks (002 WILD MAKER; its attack rolls 6 dice, 002 SANDWORM ATTACK)."""
    state = ctx.state
    if mode == "enter":
        clause = choices.take("wild")
        if clause is None or "at" not in clause:
            return
        area = clause["at"]
        if not (is_desert(state, area) and empty(state, area)):
            raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(area)} is no empty Desert area")
        if blocks_worms(state):
            raise Illegal(ErrorCode.NOT_ALLOWED, "the Wild Maker, a sandworm, cannot rise while "
                          "the Old Man of the Desert is out")
        state["wild_maker"] = area
        ctx.say(EventCode.SANDWORM, f"The Wild Maker rises in {area_name(area)}.", area=area)
        return
    start = state["wild_maker"]
    moved = choices.take("wild")
    if moved is not None and "to" in moved:
        if moved["to"] not in worm_moves(state, start):
            raise Illegal(ErrorCode.NOT_REACHABLE, f"the Wild Maker cannot reach "
                          f"{area_name(moved['to'])}")
        move_worm(ctx, start, moved["to"])
        start = moved["to"]
        moved = choices.take("wild")
    if moved is not None and "on" in moved:
        if moved["on"] not in worm_targets(state, start):
            raise Illegal(ErrorCode.NO_TARGET, f"the Wild Maker cannot attack "
                          f"{area_name(moved['on'])}")
        worm_attack(ctx, start, moved["on"])


# --- enemies ---------------------------------------------------------------------------------
@step("remove-vehicles")
def remove_vehicles(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Smugglers: Harkonnen vehicles of Gurney Halleck's sector removed (its areas' harvesters,
    its air zones' vehicles); the ones named, or the harvesters first."""
    state = ctx.state
    gurney = state["leaders"]["gurney-halleck"]
    if gurney["status"] != "board":
        return
    board = data().board
    sectors = board.sectors_of(gurney["area"])
    places = [a for a in state["harvesters"] if board.sectors_of(a) & sectors]
    places += [z for z in state["air"] if set(board.zones[z].sectors) & sectors]
    clause = choices.take("remove")
    chosen = clause["at"] if clause else places
    for place in chosen[:spec["count"]]:
        if place not in places:
            raise Illegal(ErrorCode.NOT_THERE, f"no Harkonnen vehicle of Gurney's sector at "
                          f"{place}")
        _remove_vehicle(ctx, place)


def _remove_vehicle(ctx: Context, place: str) -> None:
    state = ctx.state
    if place in state["harvesters"]:
        state["harvesters"].remove(place)
        ctx.say(EventCode.HARVESTER_DESTROYED, f"The Harvester in {area_name(place)} is "
                "destroyed.", area=place)
    else:
        kind = state["air"].pop(place)
        ctx.say(EventCode.AIR_REMOVED, f"The {kind.title()} of {data().board.zones[place].name} "
                "is destroyed.", zone=place)


@step("rockets")
def rockets(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Fremen Rockets: a sector with an Atreides legion; 3 combat dice, each hit or special
    removes a Harkonnen vehicle of that sector or of an air zone of it, the ones named first,
    then harvesters in Deep Desert, harvesters, ornithopters, carryalls."""
    state = ctx.state
    board = data().board
    clause = choices.take("target")
    if clause is None or "sector" not in clause:
        return
    sector = clause["sector"]
    if not any(sector in board.sectors_of(a) for a in state["legions"]
               if state["legions"][a]["side"] == ATREIDES):
        raise Illegal(ErrorCode.NO_TARGET, "no Atreides legion in that sector")
    faces = ctx.roll(spec["dice"])
    hits = faces.count("hit") + faces.count("special")
    ctx.say(EventCode.BATTLE_ROUND, f"Fremen rockets over {board.sectors[sector].name}: "
            f"{', '.join(faces)}: {hits} hits.", faces=faces, hits=hits)
    named_first = (choices.take("remove") or {"at": []})["at"]
    places = [a for a in state["harvesters"] if sector in board.sectors_of(a)]
    places.sort(key=lambda a: (not is_deep(state, a), board.order[a]))
    zones = [z for z in state["air"] if sector in board.zones[z].sectors]
    zones.sort(key=lambda z: (state["air"][z] != "ornithopter", z))
    order = [p for p in named_first if p in places + zones]
    order += [p for p in places + zones if p not in order]
    for place in order[:hits]:
        _remove_vehicle(ctx, place)


@step("remove-harvesters")
def remove_harvesters(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Dust Chasms: harvesters removed from Deep Desert areas of one sector."""
    state = ctx.state
    board = data().board
    clause = choices.take("remove")
    if clause is None:
        return
    areas = clause["at"]
    if len(areas) > spec["count"]:
        raise Illegal(ErrorCode.TOO_MANY, f"at most {spec['count']} harvesters")
    for area in areas:
        if area not in state["harvesters"] or not is_deep(state, area):
            raise Illegal(ErrorCode.NOT_THERE, f"no Harvester in Deep Desert at {area_name(area)}")
    if len({frozenset(board.sectors_of(a)) for a in areas}) > 1:
        raise Illegal(ErrorCode.NOT_ALLOWED, "the harvesters are of one sector")
    for area in areas:
        _remove_vehicle(ctx, area)


@step("push-legion")
def push_legion(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Sandtides: an enemy legion in a Desert area moved to an empty area beside it."""
    state = ctx.state
    clause = choices.take("push")
    if clause is None:
        return
    origin, to = clause["from"], clause["to"]
    if legion_of(state, origin, other(actor.side)) is None or not is_desert(state, origin):
        raise Illegal(ErrorCode.NO_TARGET, "no enemy legion in that Desert area")
    if to not in neighbours(origin) or not empty(state, to):
        raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(to)} is no empty area beside it")
    state["legions"][to] = state["legions"].pop(origin)
    for leader in named_leaders(state["legions"][to]):
        state["leaders"][leader]["area"] = to
    ctx.say(EventCode.MOVED, f"Sandtides carry the enemy legion from {area_name(origin)} to "
            f"{area_name(to)}.", area=origin, to=to)
    arrive(ctx, to, other(actor.side))


# --- sietches, tokens, spies --------------------------------------------------------------
@step("spy")
def spy(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Spies All Over Arrakis: the sietch and the deployment tokens of one area revealed."""
    clause = choices.take("target")
    if clause is None:
        if automaton(ctx.state, actor.side):
            clause = solo.call("spy_target", ctx)
        if clause is None:
            return
    area = clause.get("area")
    if area is None:
        raise Illegal(ErrorCode.NO_TARGET, "name an area")
    reveal_sietch(ctx, area, "spies")
    reveal_tokens(ctx, area, "spies")


@step("swap-tokens")
def swap_tokens(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Stillsuits: the deployment tokens of two sietches trade places (a sietch may have none)."""
    state = ctx.state
    clause = choices.take("swap")
    if clause is None:
        return
    one, two = clause["areas"]
    for area in (one, two):
        if area not in state["sietches"] or not free_for(state, area, ATREIDES):
            raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(area)} is not an Atreides sietch")
    tokens = {}
    for area in (one, two):
        found = state["legions"].get(area)
        tokens[area] = list(found["tokens"]) if found else []
        if found:
            found["tokens"] = []
    for area, to in ((one, two), (two, one)):
        if tokens[area]:
            put(state, to, ATREIDES, {"regular": 0, "elite": 0, "special": 0,
                                      "tokens": tokens[area], "leaders": []})
    for area in (one, two):
        found = state["legions"].get(area)
        if found is not None and not found["regular"] + found["elite"] + found["special"] \
                + len(found["tokens"]):
            settle(ctx, area)
    ctx.say(EventCode.MOVED, f"The deployment tokens of {area_name(one)} and {area_name(two)} "
            "trade places.", area=one, to=two)
    settle(ctx, one)
    settle(ctx, two)


@step("move-sietch")
def move_sietch(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Kitab al-Ibar: a sietch, with everything in its area, to an empty Desert area beside."""
    state = ctx.state
    clause = choices.take("sietch")
    if clause is None:
        return
    origin, to = clause["from"], clause["to"]
    if origin not in state["sietches"]:
        raise Illegal(ErrorCode.NOT_THERE, f"no sietch in {area_name(origin)}")
    if to not in neighbours(origin) or not (is_desert(state, to) and empty(state, to)):
        raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(to)} is no empty Desert area beside it")
    state["sietches"][to] = state["sietches"].pop(origin)
    if origin in state["legions"]:
        state["legions"][to] = state["legions"].pop(origin)
        for leader in named_leaders(state["legions"][to]):
            state["leaders"][leader]["area"] = to
    for key in ("harvesters",):
        if origin in state[key]:
            state[key].remove(origin)
            state[key].append(to)
    if origin in state["wormsigns"]:
        state["wormsigns"][to] = state["wormsigns"].pop(origin)
    if origin in state["stations"]:
        state["stations"][to] = state["stations"].pop(origin)
    ctx.say(EventCode.MOVED, f"The sietch of {area_name(origin)} moves to {area_name(to)}.",
            area=origin, to=to)


@step("cielago")
def cielago(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    """Cielago's Piping Message: with a Harkonnen legion within 2 areas of a sietch, a
    deployment token into that sietch."""
    state = ctx.state
    clause = choices.take("token")
    if clause is None:
        return
    area = clause["at"]
    if area not in state["sietches"] or not free_for(state, area, ATREIDES):
        raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(area)} is not an Atreides sietch")
    near = data().board.within(area, 2)
    if not any(legion_of(state, a, HARKONNEN) for a in near):
        raise Illegal(ErrorCode.NOT_ALLOWED, "no Harkonnen legion within 2 areas of it")
    deploy(ctx, actor, {"tokens": 1}, Choices([{"kind": "deploy", "groups": [{"at": area}],
                                                "leader": None}]))


# --- prescience, objectives, the Imperium ---------------------------------------------------
@step("storm")
def storm(ctx: Context, actor: Actor, spec: Any, choices: Choices) -> None:
    storms(ctx)


@step("desert-power")
def desert_power_step(ctx: Context, actor: Actor, count: int, choices: Choices) -> None:
    """Desert Power actions a card or a special action gives (002 DESERT POWER ACTION)."""
    for _ in range(count):
        clause = choices.take("desert")
        if clause is None:
            return
        desert_power(ctx, actor, Choices(clause["clauses"]))


def desert_power(ctx: Context, actor: Actor, choices: Choices) -> None:
    """Two wormsigns placed, two different sandworms moved, or one sandworm attacking (002
    DESERT POWER ACTION, SANDWORM MOVEMENT, SANDWORM ATTACK); or the Old Man of the Desert
    summoned, moved or attacking (002 OLD MAN OF THE DESERT (OPTIONAL))."""
    state = ctx.state
    head = choices.peek()
    if head == "old-man":
        old_man_power(ctx, choices.take("old-man"))
    elif head == "wormsign":
        run(ctx, actor, [{"wormsigns": 2}], choices)
    elif head == "worm":
        clauses = choices.take_all("worm", most=2)
        if any(c.get("on") for c in clauses):
            if len(clauses) != 1:
                raise Illegal(ErrorCode.TOO_MANY, "one sandworm attacks")
            (clause,) = clauses
            if clause["from"] not in _worm_areas(state):
                raise Illegal(ErrorCode.NOT_THERE, f"no sandworm in {area_name(clause['from'])}")
            if clause["on"] not in worm_targets(state, clause["from"]):
                raise Illegal(ErrorCode.NO_TARGET, f"the sandworm cannot attack "
                              f"{area_name(clause['on'])}")
            worm_attack(ctx, clause["from"], clause["on"])
        else:
            starts = [c["from"] for c in clauses]
            if len(set(starts)) != len(starts):
                raise Illegal(ErrorCode.BAD_ORDER, "two different sandworms")
            for clause in clauses:
                if clause["from"] not in _worm_areas(state):
                    raise Illegal(ErrorCode.NOT_THERE, f"no sandworm in "
                                  f"{area_name(clause['from'])}")
                if clause["to"] not in worm_moves(state, clause["from"]):
                    raise Illegal(ErrorCode.NOT_REACHABLE, f"the sandworm of "
                                  f"{area_name(clause['from'])} cannot reach "
                                  f"{area_name(clause['to'])}")
            for clause in clauses:
                move_worm(ctx, clause["from"], clause["to"])
    else:
        raise Illegal(ErrorCode.BAD_ORDER, "Desert Power: WORMSIGN, WORM ... TO, WORM ... ON, "
                      "or OLD MAN AT, TO or ON")
    choices.done()


def _worm_areas(state: State) -> list[str]:
    return worms(state)
