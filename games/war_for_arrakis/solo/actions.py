"""The solo mode's Harkonnen action turns (002 ACTION RESOLUTION, solo; HARKONNEN ACTIONS
CRITERIA; HARKONNEN MOVEMENT CRITERIA): after each Atreides turn one of their dice is rolled
(again while three of its spent dice show that result, two for Deployment and House) and
used at once: a named leader's special action where one can, else the die's action by the
criteria, all played through the same effects as a player's (``cards``)."""

from __future__ import annotations

from typing import Any

from ..automaton import handles
from ..cards.choices import Choices
from ..cards.effect import Actor, run
from ..codes import EventCode
from ..context import Context, Illegal
from ..leaders import advance_tank, deployable
from ..reach import airlift_zones, targets
from ..state import (
    ATREIDES,
    GENERIC,
    HARKONNEN,
    State,
    data,
    free_for,
    generic_supply,
    legion_of,
    stacking_limit,
    unit_supply,
    units,
)
from .power import (
    SOLO,
    defenders,
    fine_power,
    harkonnen_legions,
    named,
    power,
    sietch_rank,
    steps_to,
    target,
    touching,
)

CAPS = {"strategy": 3, "leadership": 3, "mentat": 3, "deployment": 2, "house": 2}  # 002 TRUTHTRANCE
FIRST_DEPLOYED = ("beast-rabban", "feyd-rautha")                  # 002 DEPLOYMENT ACTION, solo


@handles("truthtrance_allowed")
def truthtrance_allowed(state: State, result: str) -> bool:
    """A result Truthtrance may name: fewer than 3 spent dice show it (2 for Deployment and
    House) (002 TRUTHTRANCE, solo)."""
    return state["dice"][SOLO]["used"].count(result) < CAPS[result]


def roll_die(ctx: Context) -> str:
    faces = data().action_faces[HARKONNEN]
    while True:
        result = ctx.rng.choice(faces)
        if truthtrance_allowed(ctx.state, result):
            return result


@handles("take_turn")
def take_turn(ctx: Context) -> None:
    state = ctx.state
    solo = state["hidden"]["solo"]
    result = state["step"].pop("forced", None) or roll_die(ctx)
    solo["dice_left"] -= 1
    solo["ornithopter_used"] = False
    state["dice"][SOLO]["used"].append(result)
    ctx.say(EventCode.AUTOMATON, f"The Harkonnen roll {result.title()}.", result=result)
    actor = Actor(SOLO, HARKONNEN)
    if not _special(ctx, actor, result):
        act(ctx, actor, result)
    advance_tank(ctx, HARKONNEN)


def _special(ctx: Context, actor: Actor, result: str) -> bool:
    """A named leader's special action on that result where one can be taken, and does
    something (002 HARKONNEN ACTIONS CRITERIA: always, instead of the regular ones)."""
    state = ctx.state
    for leader, card in data().leaders.items():
        mine = state["leaders"][leader]
        if card.faction != HARKONNEN or card.box != result or mine["spent"] \
                or mine["status"] not in ("aside", "board"):
            continue
        before = len(ctx.events)
        try:
            run(ctx, actor, card.solo_special or card.special, Choices())
        except Illegal:
            continue
        if len(ctx.events) > before:
            mine["spent"] = True
            ctx.say(EventCode.LEADER_SPENT, f"{card.name}'s special action (solo).",
                    leader=leader)
            return True
    return False


def act(ctx: Context, actor: Actor, result: str) -> None:
    """A die's regular action by the criteria (002 HARKONNEN ACTIONS CRITERIA)."""
    if result in ("strategy", "leadership"):
        leader = result == "leadership"
        spec = {"with": "leader"} if leader else {}
        clauses = legion_clauses(ctx, actor, {**spec, "count": 2,
                                              "may": ["move", "surprise" if leader else "attack"]})
        if clauses:
            _run(ctx, actor, [{"legion": {**spec, "count": 2, "may": [clauses[0]["kind"]]}}],
                 clauses)
    elif result == "deployment":
        _run(ctx, actor, [{"deploy": {"units": {"regular": 3}, "leader": "any"}}], [])
    elif result == "mentat":
        _run(ctx, actor, [{"draw": {"count": 2, "play": True}}], [])
    else:
        _run(ctx, actor, [{"upgrade": {"from": "regular", "to": "elite", "count": 2}},
                          {"vehicles": {"harvester": 1, "ornithopter": 1}}], [])


def _run(ctx: Context, actor: Actor, effect: list[dict[str, Any]], clauses: list) -> None:
    try:
        run(ctx, actor, effect, Choices(clauses))
    except Illegal as refused:
        ctx.say(EventCode.AUTOMATON, f"The Harkonnen cannot: {refused.message}.")


# --- attacks and moves ---------------------------------------------------------------------
def fits(state: State, area: str, spec: dict[str, Any]) -> bool:
    from ..cards.legion_steps import legion_fits

    return legion_fits(state, HARKONNEN, area, spec, Actor(SOLO, HARKONNEN,
                                                            this=spec.get("_this")))


@handles("legion_clauses")
def legion_clauses(ctx: Context, actor: Actor, spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The clauses of a move or an attack by the criteria: attack a sietch, else an adjacent
    legion, else move toward the Target Sietch (002 LEADERSHIP AND STRATEGY ACTIONS)."""
    state = ctx.state
    may = spec["may"]
    spec = {**spec, "_this": actor.this}
    kind = "surprise" if "surprise" in may or "move-then-surprise" in may else "attack"
    if any(m in may for m in ("attack", "surprise", "move-then-attack", "move-then-surprise")):
        found = sietch_attack(state, spec) or legion_attack(state, spec)
        if found is not None:
            origin, goal, air = found
            clause = {"kind": kind, "from": origin, "pick": None, "on": goal}
            if air:
                clause["air"] = True
            return [clause]
    if "move" in may or any(m.startswith("move-then") for m in may):
        return moves_toward(ctx, spec, spec.get("count", 1))
    return []


def sietch_attack(state: State, spec: dict[str, Any]) -> tuple[str, str, bool] | None:
    """The sietch to attack and the legion to attack it with (002 ATTACK A SIETCH): stronger
    than the defence; the highest rank, the greatest margin, no Ornithopter, the Target
    Sietch first."""
    best = None
    goal = target(state)
    for area in harkonnen_legions(state):
        if not fits(state, area, spec):
            continue
        mine = power(state["legions"][area])
        near = targets(state, HARKONNEN, area)
        far = targets(state, HARKONNEN, area, air=True) if airlift_zones(state, area) else []
        for sietch in state["sietches"]:
            if sietch not in near and sietch not in far:
                continue
            margin = mine - defenders(state, sietch)
            if margin <= 0:
                continue
            air = sietch not in near
            key = (sietch_rank(state, sietch), margin, not air, sietch == goal)
            if best is None or key > best[0]:
                best = (key, area, sietch, air)
    return None if best is None else best[1:]


def legion_attack(state: State, spec: dict[str, Any]) -> tuple[str, str, bool] | None:
    """An Atreides legion beside a Harkonnen one weaker than it, no Ornithopter (002 ATTACK A
    LEGION): the strongest such, then one with a named leader."""
    best = None
    for area in harkonnen_legions(state):
        if not fits(state, area, spec):
            continue
        mine = power(state["legions"][area])
        for other in touching(area):
            enemy = legion_of(state, other, ATREIDES)
            if enemy is None or other in state["sietches"] or other not in \
                    targets(state, HARKONNEN, area):
                continue
            theirs = power(enemy)
            if theirs >= mine:
                continue
            key = (theirs, named(enemy), mine - theirs)
            if best is None or key > best[0]:
                best = (key, area, other)
    return None if best is None else (best[1], best[2], False)


def goal_for(state: State, spec: dict[str, Any]) -> str | None:
    """The sietch the legions head for: the Target Sietch, or, with no legion stronger than
    its defence, a temporary one: the nearest to it, then the highest rank, that some legion
    outweighs (002 HARKONNEN MOVEMENT CRITERIA)."""
    solo = state["hidden"]["solo"]
    goal = target(state)
    if goal is None or goal not in state["sietches"]:
        return None
    mine = [a for a in harkonnen_legions(state) if fits(state, a, spec)]
    if any(power(state["legions"][a]) > defenders(state, goal) for a in mine):
        solo["temporary"] = None
        return goal
    board = data().board
    for sietch in sorted(state["sietches"], key=lambda s: (board.distance(s, goal),
                                                           -sietch_rank(state, s), s)):
        if any(power(state["legions"][a]) > defenders(state, sietch) for a in mine):
            solo["temporary"] = sietch
            return sietch
    return None


def moves_toward(ctx: Context, spec: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """Legions moved one at a time toward the goal, the nearest first (the strongest among
    equals), along the shortest path, an Ornithopter flying at most one legion a turn; a
    legion beside the goal stays, but two beside it merge (002 HARKONNEN MOVEMENT
    CRITERIA)."""
    state = ctx.state
    goal = goal_for(state, spec)
    if goal is None:
        return []
    solo = state["hidden"]["solo"]
    strong = [a for a in harkonnen_legions(state) if fits(state, a, spec)
              and power(state["legions"][a]) > defenders(state, goal)]
    strong.sort(key=lambda a: (steps_to(state, a, goal), -fine_power(state["legions"][a]),
                               data().board.order[a]))
    clauses: list[dict[str, Any]] = []
    taken: set[str] = set()
    for area in strong:
        if len(clauses) == count:
            break
        distance = steps_to(state, area, goal)
        if distance == 0:
            merge = _merge(state, area, goal, strong, taken)
            if merge is not None:
                clauses.append(merge)
                taken.update((merge["from"], merge["to"]))
            continue
        if distance >= 99:
            continue
        step = _next_area(state, area, goal, fly=not solo["ornithopter_used"])
        if step is None:
            continue
        to, air = step
        if air:
            solo["ornithopter_used"] = True
        clause = {"kind": "move", "from": area, "pick": _pick(state, area, to), "to": to}
        if air:
            clause["air"] = True
        clauses.append(clause)
        taken.add(area)
    return clauses


def _next_area(state: State, area: str, goal: str, fly: bool) -> tuple[str, bool] | None:
    """Where a legion steps toward the goal: the neighbour on a shortest path, ties broken by
    where it ends (002 CHOOSING THE SHORTEST PATH); two areas by Ornithopter where that is
    nearer."""
    board = data().board
    here = steps_to(state, area, goal)
    options = [(n, False) for n in touching(area) if free_for(state, n, HARKONNEN)]
    if fly and airlift_zones(state, area):
        options += [(n, True) for n, d in board.within(area, 2, across_all=True).items()
                    if d == 2 and free_for(state, n, HARKONNEN)]
    best = None
    for to, air in options:
        left = steps_to(state, to, goal)
        if left >= here and not (left == 0 and here == 0):
            continue
        key = (left, air, *_end_rank(state, to, goal), board.order[to])
        if best is None or key < best[0]:
            best = (key, to, air)
    return None if best is None else (best[1], best[2])


def _end_rank(state: State, area: str, goal: str) -> tuple[int, int, int]:
    """How good an end of a move is (002 CHOOSING THE SHORTEST PATH): beside another Harkonnen
    legion with room, nearest a sietch, then Mountain, Plateau or Minor Erg, Desert without
    wormsign."""
    from ..data import Terrain

    board = data().board
    there = legion_of(state, area, HARKONNEN)
    room = there is not None and units(there) < stacking_limit(state, HARKONNEN)
    near = min((board.distance(area, s) for s in state["sietches"]), default=99)
    terrain = board.terrain(area, state["atomics"])
    order = {Terrain.MOUNTAIN: 0, Terrain.PLATEAU: 1, Terrain.MINOR_ERG: 1, Terrain.DESERT: 2}
    rank = order[terrain] + (1 if area in state["wormsigns"] else 0)
    return (0 if room else 1, near, rank)


def _pick(state: State, origin: str, to: str) -> dict[str, Any] | None:
    """The figures that move: all, or into another legion as many units as its room holds,
    the strongest first, and every leader (002 CHOOSING THE SHORTEST PATH, 1)."""
    there = legion_of(state, to, HARKONNEN)
    if there is None:
        return None
    room = stacking_limit(state, HARKONNEN) - units(there)
    mine = state["legions"][origin]
    if units(mine) <= room:
        return None
    spec: dict[str, Any] = {"leaders": list(mine["leaders"])}
    left = max(room, 1)
    for kind in ("special", "elite", "regular"):
        take = min(mine[kind], left)
        if take:
            spec[kind] = take
            left -= take
    tokens = min(len(mine["tokens"]), left)
    if tokens:
        spec["tokens"] = list(mine["tokens"][:tokens])
    return spec


def _merge(state: State, area: str, goal: str, strong: list[str], taken: set[str]
           ) -> dict[str, Any] | None:
    for other in touching(area):
        there = legion_of(state, other, HARKONNEN)
        if there is None or other in taken or area in taken:
            continue
        if steps_to(state, other, goal) == 0 and fine_power(there) >= \
                fine_power(state["legions"][area]) and free_for(state, other, HARKONNEN):
            return {"kind": "move", "from": area, "pick": _pick(state, area, other), "to": other}
    return None


# --- deploying, replacing ------------------------------------------------------------------
@handles("deploy_clause")
def deploy_clause(ctx: Context, actor: Actor, spec: dict[str, Any]) -> dict[str, Any] | None:
    """Where the solo Harkonnen deploy (002 DEPLOYMENT ACTION, solo): units and a named leader
    (Beast Rabban and Feyd-Rautha first; a Bashar if none) in the settlement with the
    strongest legion, then the one nearest the Target Sietch, the units beyond the stacking
    limit in the next settlement."""
    state = ctx.state
    board = data().board
    goal = target(state)
    places = [a for a in state["settlements"] if free_for(state, a, HARKONNEN)]
    if not places:
        return None
    places.sort(key=lambda a: (-power(legion_of(state, a, HARKONNEN)),
                               board.distance(a, goal) if goal else 0, board.order[a]))
    wanted = dict(spec.get("units", {"regular": 3}))
    supply = unit_supply(state, HARKONNEN)
    kinds = []
    for kind, count in wanted.items():
        for _ in range(count):
            kinds.append(_stand_in(kind, supply))
    groups = []
    for area in places:
        room = stacking_limit(state, HARKONNEN) - units(legion_of(state, area, HARKONNEN)
                                                        or {"regular": 0, "elite": 0,
                                                            "special": 0, "tokens": []})
        here = {"regular": 0, "elite": 0, "special": 0}
        while kinds and room > 0:
            kind = kinds.pop(0)
            if kind is not None:
                here[kind] += 1
            room -= 1
        if any(here.values()):
            groups.append({"at": area, "units": here})
    if not groups:
        groups = [{"at": places[0], "units": {"regular": 0, "elite": 0, "special": 0}}]
    leader = None
    if spec.get("leader"):
        named_ready = [leader for leader in FIRST_DEPLOYED if deployable(state, leader)] + [
            leader for leader, c in data().leaders.items() if c.faction == HARKONNEN
            and leader not in FIRST_DEPLOYED and deployable(state, leader)]
        leader = named_ready[0] if named_ready else (
            GENERIC[HARKONNEN] if generic_supply(state, HARKONNEN) else None)
    return {"kind": "deploy", "groups": groups, "leader": leader, "leader_at": groups[0]["at"]}


def _stand_in(kind: str, supply: dict[str, int]) -> str | None:
    """A unit the supply lacks: the next stronger kind, else the next weaker (002 DEPLOYMENT
    ACTION, solo)."""
    order = ["regular", "elite", "special"]
    at = order.index(kind)
    for other in order[at:] + order[:at][::-1]:
        if supply[other] > 0:
            supply[other] -= 1
            return other
    return None


@handles("upgrade_areas")
def upgrade_areas(ctx: Context, kind: str, count: int) -> list[str]:
    """Which units the solo Harkonnen replace (002 HOUSE ACTION, solo): in the legions nearest a
    sietch, then the strongest against a sietch it may attack, then nearest the Target
    Sietch."""
    state = ctx.state
    board = data().board
    goal = target(state)
    mine = [a for a in harkonnen_legions(state) if state["legions"][a][kind]]

    def key(area: str) -> tuple[int, int, int]:
        near = min((board.distance(area, s) for s in state["sietches"]), default=99)
        return (near, -power(state["legions"][area]),
                board.distance(area, goal) if goal else 0)
    areas = []
    for area in sorted(mine, key=key):
        areas += [area] * state["legions"][area][kind]
    return areas[:count]

