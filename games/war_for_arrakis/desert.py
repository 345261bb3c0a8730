"""The perils of Arrakis: wormsigns, sandworms and Coriolis storms (002 PHASE 3 DESERT
HAZARDS, WORMSIGNS AND SANDWORMS, SANDWORM ATTACK)."""

from __future__ import annotations

from .casualties import retreat_to_choice, take_hits
from .codes import EventCode
from .context import Context
from .data import Terrain
from .leaders import settle
from .legions import area_name, relocate
from .old_man import blocks_worms
from .reach import retreats
from .sites import destroy_harvester
from .standing import standing
from .state import (
    ATREIDES,
    HARKONNEN,
    automaton,
    data,
    house_seat,
    is_deep,
    is_desert,
    legion_of,
    worm_at,
)


def terrain_hits(state, area: str) -> int:
    """Hits a special result scores in a sandworm's or a storm's attack: 2 in Deep Desert, 1 in
    Desert, none in a Minor Erg or on a Plateau (002 RESOLVE CORIOLIS STORMS, SANDWORM
    ATTACK)."""
    if not is_desert(state, area):
        return 0
    return 2 if is_deep(state, area) else 1


def peril_hits(ctx: Context, area: str, dice: int) -> tuple[int, list[str]]:
    """Hits of a roll of ``dice`` combat dice at an area: one per hit, and per special as the
    terrain says."""
    faces = ctx.roll(dice)
    hits = faces.count("hit") + faces.count("special") * terrain_hits(ctx.state, area)
    return hits, faces


def draw_wormsign(ctx: Context) -> str | None:
    """A random wormsign token from the pool, or None if it is empty."""
    pool = ctx.state["hidden"]["wormsign_pool"]
    if not pool:
        return None
    return pool.pop(ctx.rng.randrange(len(pool)))


def place_wormsign(ctx: Context, area: str, token: str | None = None) -> bool:
    """A wormsign face down in an area (drawn at random unless given); none while the Old Man
    of the Desert is on the board (002 OLD MAN OF THE DESERT (OPTIONAL))."""
    if blocks_worms(ctx.state):
        return False
    token = token or draw_wormsign(ctx)
    if token is None:
        return False
    ctx.state["wormsigns"][area] = token
    ctx.say(EventCode.WORMSIGN_PLACED, f"A wormsign is placed in {area_name(area)}.", area=area)
    return True


def discard_wormsign(ctx: Context, area: str, why: str) -> None:
    """A wormsign back into the pool, face down (002 PLACE AND RESOLVE WORMSIGNS)."""
    token = ctx.state["wormsigns"].pop(area)
    ctx.state["hidden"]["wormsign_pool"].append(token)
    ctx.say(EventCode.WORMSIGN_DISCARDED, f"The wormsign in {area_name(area)} is discarded "
            f"({why}).", area=area)


def reveal_wormsign(ctx: Context, area: str, hazards: bool) -> None:
    """A wormsign flipped: Sand is a false alarm, a Sandworm appears, a Burrowing Sandworm only
    in Deep Desert; the token goes back to the pool (002 PLACE AND RESOLVE WORMSIGNS)."""
    token = ctx.state["wormsigns"].pop(area)
    kind = ctx.state["hidden"]["wormsigns"][token]
    ctx.state["hidden"]["wormsign_pool"].append(token)
    worm = kind == "sandworm" or (kind == "burrowing" and is_deep(ctx.state, area))
    words = {"sand": "sand, a false alarm", "sandworm": "a sandworm",
             "burrowing": "a burrowing sandworm"}[kind]
    ctx.say(EventCode.WORMSIGN_REVEALED, f"The wormsign in {area_name(area)} is {words}"
            f"{'' if worm or kind == 'sand' else ', which stays under the sand here'}.",
            area=area, kind=kind)
    if worm:
        sandworm_appears(ctx, area, hazards)


def place_sandworm(ctx: Context, area: str) -> None:
    """A sandworm figure into an area; with none left in the box, the Atreides take one from
    elsewhere on the board (002 PLACE AND RESOLVE WORMSIGNS, note), the one farthest from any
    Harkonnen legion (their choice, ruled so)."""
    state = ctx.state
    if len(state["sandworms"]) >= data().sandworms:
        board = data().board
        harkonnen = [a for a, lg in state["legions"].items() if lg["side"] == HARKONNEN]

        def near(worm: str) -> tuple[int, int]:
            found = board.within(worm, 200)
            return (min((found.get(a, 99) for a in harkonnen), default=99), -board.order[worm])
        taken = max(state["sandworms"], key=near)
        state["sandworms"].remove(taken)
        ctx.say(EventCode.SANDWORM_MOVED, f"The sandworm in {area_name(taken)} is taken from the "
                "board (no figure is left).", area=taken)
    state["sandworms"].append(area)


def sandworm_appears(ctx: Context, area: str, hazards: bool) -> None:
    """A sandworm placed: a harvester alone there is destroyed (a carryall may save it in the
    Desert Hazards phase); a Harkonnen legion there must retreat, the Atreides choosing where,
    or the sandworm attacks it; a harvester with a legion that retreats is destroyed too
    (002 EFFECTS OF SANDWORM PLACEMENT, WORMSIGN AND HARKONNEN LEGIONS).  None appears while
    the Old Man of the Desert is on the board (002 OLD MAN OF THE DESERT (OPTIONAL))."""
    state = ctx.state
    if blocks_worms(state):
        return
    place_sandworm(ctx, area)
    ctx.say(EventCode.SANDWORM, f"A sandworm appears in {area_name(area)}.", area=area)
    found = legion_of(state, area, HARKONNEN)
    if found is None:
        if area in state["harvesters"]:
            harvester_in_danger(ctx, area, hazards)
        return
    places = retreats(state, area)
    if places:
        to = retreat_to_choice(state, ATREIDES, places)
        relocate(state, area, to)
        ctx.say(EventCode.RETREATED, f"The Harkonnen legion in {area_name(area)} flees the "
                f"sandworm to {area_name(to)}.", area=area, to=to)
        settle(ctx, to)              # a retreat never ends where a wormsign is (002 RETREAT)
        if area in state["harvesters"]:
            harvester_in_danger(ctx, area, hazards)
        return
    state["sandworms"].remove(area)
    worm_strikes_legion(ctx, area, wild=False, hazards=hazards)
    if area in state["harvesters"] and area not in state["legions"]:
        destroy_harvester(ctx, area, "the sandworm")


def harvester_in_danger(ctx: Context, area: str, hazards: bool) -> None:
    """A harvester a sandworm would destroy: in the Desert Hazards phase the Harkonnen may
    remove a carryall of a connected air zone instead (002 CARRYALL TO THE RESCUE)."""

    if hazards and carryall_saves(ctx, area):
        return
    destroy_harvester(ctx, area, "a sandworm")


def carryall_saves(ctx: Context, area: str) -> bool:

    state = ctx.state
    zones = [z for z in data().board.zones_of(area) if state["air"].get(z) == "carryall"]
    if not zones:
        return False
    if not automaton(state, HARKONNEN) \
            and not standing(state, house_seat(state, HARKONNEN))["carryall"]:
        return False
    zone = zones[0]
    del state["air"][zone]
    ctx.say(EventCode.CARRYALL, f"A Carryall of {data().board.zones[zone].name} saves the "
            f"Harvester in {area_name(area)}.", area=area, zone=zone)
    return True


def worm_strikes_legion(ctx: Context, area: str, wild: bool, hazards: bool) -> None:
    """A sandworm attacks the Harkonnen legion in an area: 4 combat dice, 6 for the Wild Maker
    (002 SANDWORM ATTACK); the Harkonnen remove the casualties; a harvester left without the
    legion is destroyed (a carryall may save it in the Desert Hazards phase).  A settlement
    there is not conquered."""

    dice = 6 if wild else 4
    hits, faces = peril_hits(ctx, area, dice)
    ctx.say(EventCode.SANDWORM_ATTACK, f"{'The Wild Maker' if wild else 'A sandworm'} attacks "
            f"the Harkonnen legion in {area_name(area)}: {', '.join(faces)}: {hits} hits.",
            area=area, faces=faces, hits=hits)
    take_hits(ctx, area, hits, why="the sandworm")
    if area not in ctx.state["legions"] and area in ctx.state["harvesters"]:
        harvester_in_danger(ctx, area, hazards)


def worm_attack(ctx: Context, start: str, target: str, hazards: bool = False) -> None:
    """A sandworm leaves its area to attack: a harvester alone is destroyed with the sandworm,
    no roll; a legion is rolled at (002 SANDWORM ATTACK)."""

    state = ctx.state
    wild = state["wild_maker"] == start
    if wild:
        state["wild_maker"] = None
    else:
        state["sandworms"].remove(start)
    if legion_of(state, target, HARKONNEN) is not None:
        worm_strikes_legion(ctx, target, wild, hazards)
    elif target in state["harvesters"]:
        ctx.say(EventCode.SANDWORM_ATTACK, f"{'The Wild Maker' if wild else 'A sandworm'} from "
                f"{area_name(start)} swallows the Harvester in {area_name(target)}.",
                area=target)
        destroy_harvester(ctx, target, "a sandworm")


def move_worm(ctx: Context, start: str, end: str) -> None:
    state = ctx.state
    if state["wild_maker"] == start:
        state["wild_maker"] = end
    else:
        state["sandworms"][state["sandworms"].index(start)] = end
    ctx.say(EventCode.SANDWORM_MOVED, f"A sandworm moves from {area_name(start)} to "
            f"{area_name(end)}.", area=start, to=end)


def exposed(state, area: str) -> bool:
    """Whether the Coriolis storms reach an area: Plateau, Minor Erg and Desert areas, but not
    the five central plateaus encircled by mountains unless the Family Atomics opened their
    wall (002 RESOLVE CORIOLIS STORMS, THE FAMILY ATOMICS)."""

    found = data().board[area]
    terrain = data().board.terrain(area, state["atomics"])
    if terrain is Terrain.MOUNTAIN:
        return False
    if found.sheltered_by is not None:
        return state["atomics"] is not None and state["atomics"] in found.sheltered_by
    return True


def storms(ctx: Context) -> None:
    """2 combat dice at each Harkonnen legion in an exposed area (002 RESOLVE CORIOLIS STORMS;
    the Atreides are not touched)."""

    state = ctx.state
    for area in [a for a, lg in sorted(state["legions"].items(),
                                      key=lambda x: data().board.order[x[0]])
                 if lg["side"] == HARKONNEN and exposed(state, a)]:
        hits, faces = peril_hits(ctx, area, 2)
        ctx.say(EventCode.STORM, f"Coriolis storm over {area_name(area)}: {', '.join(faces)}: "
                f"{hits} hits.", area=area, faces=faces, hits=hits)
        take_hits(ctx, area, hits, why="the storm")


def hazards(ctx: Context) -> None:
    """Phase 3: wormsigns where Atreides legions or sandworms are discarded; one drawn face
    down into each Desert area with a Harkonnen legion or harvester and no wormsign or
    sandworm; all flipped; sandworms beyond the four placed where the Atreides choose
    (nearest the Harkonnen, ruled so); then the storms (002 PHASE 3)."""
    state = ctx.state
    order = data().board.order
    for area in sorted(state["wormsigns"], key=order.__getitem__):
        if legion_of(state, area, ATREIDES) is not None or worm_at(state, area):
            discard_wormsign(ctx, area, "an Atreides legion or a sandworm is there")
    wanted = sorted({a for a, lg in state["legions"].items() if lg["side"] == HARKONNEN}
                    | set(state["harvesters"]), key=order.__getitem__)
    for area in wanted:
        if is_desert(state, area) and area not in state["wormsigns"] \
                and not worm_at(state, area) and not place_wormsign(ctx, area):
            break
    appearing = 0
    for area in sorted(state["wormsigns"], key=_danger(state)):
        if area not in state["wormsigns"]:
            continue
        token = state["wormsigns"][area]
        kind = state["hidden"]["wormsigns"][token]
        worm = kind == "sandworm" or (kind == "burrowing" and is_deep(state, area))
        if worm and appearing >= data().sandworms:
            discard_wormsign(ctx, area, "no more than four sandworms appear")
            continue
        appearing += worm
        reveal_wormsign(ctx, area, hazards=True)
    storms(ctx)


def _danger(state):
    """The Atreides' order for wormsigns when more than four sandworms would appear: those
    with a Harkonnen legion first, then harvesters, then the rest (their choice, ruled so)."""
    order = data().board.order

    def key(area: str) -> tuple[int, int]:
        found = state["legions"].get(area)
        rank = 0 if found is not None and found["side"] == HARKONNEN else \
            1 if area in state["harvesters"] else 2
        return rank, order[area]
    return key
