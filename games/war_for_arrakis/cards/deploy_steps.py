"""The Deployment steps (002 DEPLOYMENT ACTION, DEPLOY VS PLACE): units and leaders put on
the board from the supply, the Atreides' tokens drawn from the Rebels Bag onto a sietch, the
Harkonnen's units across their settlements."""

from __future__ import annotations

from typing import Any

from .. import automaton as solo
from ..codes import ErrorCode, EventCode
from ..context import Context, Illegal
from ..leaders import deployable, settle
from ..legions import area_name, describe, leader_name, put, size, take
from ..state import (
    ATREIDES,
    GENERIC,
    HARKONNEN,
    State,
    automaton,
    data,
    free_for,
    generic_supply,
    paul,
    settlement_at,
    unit_supply,
)
from .choices import Choices
from .effect import Actor, step


def put_units(ctx: Context, area: str, side: str, units_wanted: dict[str, int],
              leader: str | None) -> str:
    """Units from the supply (a lower rank standing in, 002 UNITS) and a leader into an area;
    the figures placed, in words."""
    state = ctx.state
    supply = unit_supply(state, side)
    part = {"regular": 0, "elite": 0, "special": 0, "tokens": [], "leaders": []}
    for kind in ("special", "elite", "regular"):
        for _ in range(units_wanted.get(kind, 0)):
            for stand_in in {"special": ("special", "elite", "regular"),
                             "elite": ("elite", "regular"), "regular": ("regular",)}[kind]:
                if supply[stand_in] > 0:
                    supply[stand_in] -= 1
                    part[stand_in] += 1
                    break
    if leader is not None:
        found = state["leaders"].get(leader)
        if found is not None and found["status"] == "board":
            if found["area"] == area:
                leader = None
            else:
                old = found["area"]
                take(state, old, {"regular": 0, "elite": 0, "special": 0, "tokens": [],
                                  "leaders": [leader]})
                settle(ctx, old)
        if leader is not None:
            part["leaders"].append(leader)
    if size(part) == 0 and not part["leaders"]:
        return "nothing"
    if state["legions"].get(area) is None and size(part) == 0:
        raise Illegal(ErrorCode.BAD_ORDER, f"a leader alone cannot go to {area_name(area)}")
    put(state, area, side, part)
    return describe(part, side)


@step("deploy")
def deploy(ctx: Context, actor: Actor, spec: dict[str, Any], choices: Choices) -> None:
    """Deploying (002 DEPLOYMENT ACTION): the Atreides draw deployment tokens from the Rebels
    Bag, face down onto a sietch, with a leader there; the Harkonnen put units and a leader
    across their settlements."""
    state = ctx.state
    clause = choices.take("deploy")
    if clause is None:
        if automaton(state, actor.side):
            clause = solo.call("deploy_clause", ctx, actor, spec)
        if clause is None:
            return
    leader = clause.get("leader")
    if leader in ("generic", "naib", "bashar"):
        leader = GENERIC[actor.side]
    if leader is not None and leader not in GENERIC.values():
        leader = paul(state) if leader == "paul" else leader
        if data().leaders[leader].faction != actor.side:
            raise Illegal(ErrorCode.NOT_YOURS, f"{leader_name(leader)} is not yours")
        if not deployable(state, leader):
            raise Illegal(ErrorCode.NOT_AVAILABLE, f"{leader_name(leader)} is not off the board, "
                          "or is back from the tank this very turn")
    if leader in GENERIC.values() and generic_supply(state, actor.side) < 1:
        raise Illegal(ErrorCode.NOT_AVAILABLE, "no generic leader is left")
    if actor.side == ATREIDES:
        _deploy_tokens(ctx, actor, spec, clause, leader)
    else:
        _deploy_units(ctx, actor, spec, clause, leader)


def _deploy_tokens(ctx: Context, actor: Actor, spec: dict[str, Any], clause: dict[str, Any],
                   leader: str | None) -> None:
    state = ctx.state
    (group,) = clause["groups"] or [{"at": None}]
    area = group["at"]
    if area not in state["sietches"] or not free_for(state, area, ATREIDES):
        raise Illegal(ErrorCode.NOT_ALLOWED, "Atreides tokens go onto a sietch of theirs")
    if ctx.state["step"].get("hunted") and leader == paul(state):
        raise Illegal(ErrorCode.NOT_ALLOWED, "Seek Out the Mahdi: Paul may not be deployed now")
    count = spec.get("tokens", 1)
    drawn = []
    for _ in range(count):
        bag = state["hidden"]["bag"]
        if not bag:
            break
        token = bag.pop(ctx.rng.randrange(len(bag)))
        state["bag"] -= 1
        drawn.append(token)
    if not drawn and leader is None:
        return
    if not drawn and state["legions"].get(area) is None:
        raise Illegal(ErrorCode.NOT_AVAILABLE, "the Rebels Bag is empty: no token to go with "
                      "the leader")
    put(state, area, ATREIDES, {"regular": 0, "elite": 0, "special": 0, "tokens": drawn,
                                "leaders": [leader] if leader else []})
    shown = f"{len(drawn)} deployment token{'s' if len(drawn) != 1 else ''}"
    ctx.say(EventCode.DEPLOYED, f"The Atreides deploy {shown}"
            f"{' and ' + leader_name(leader) if leader else ''} on the sietch of "
            f"{area_name(area)}.", area=area)
    for token in drawn:
        ctx.tell(ATREIDES, EventCode.TOKEN_DRAWN, f"The token {token} deployed on "
                 f"{area_name(area)} holds {_contents(state, token)}.", token=token)
    actor.this = area
    settle(ctx, area)


def _contents(state: State, token: str) -> str:
    contents = state["hidden"]["tokens"][token]
    parts = {"regular": contents.get("regular", 0), "elite": contents.get("elite", 0),
             "special": contents.get("special", 0), "tokens": [], "leaders": []}
    return describe(parts, ATREIDES)


def _deploy_units(ctx: Context, actor: Actor, spec: dict[str, Any], clause: dict[str, Any],
                  leader: str | None) -> None:
    state = ctx.state
    wanted = dict(spec.get("units", {"regular": 3}))
    groups = clause["groups"]
    total = {k: sum(g["units"].get(k, 0) for g in groups) for k in wanted}
    if len(groups) == 1 and not any(groups[0]["units"].values()):
        groups = [{"at": groups[0]["at"], "units": dict(wanted)}]
        total = dict(wanted)
    for kind, count in total.items():
        if count > wanted.get(kind, 0):
            raise Illegal(ErrorCode.TOO_MANY, f"this deploys {wanted.get(kind, 0)} {kind} units")
    leader_at = clause.get("leader_at") or groups[0]["at"]
    for group in groups:
        if not settlement_at(state, group["at"]) or not free_for(state, group["at"], HARKONNEN):
            raise Illegal(ErrorCode.NOT_ALLOWED, f"{area_name(group['at'])} is not a Harkonnen "
                          "settlement")
    if leader is not None and not settlement_at(state, leader_at):
        raise Illegal(ErrorCode.NOT_ALLOWED, "the leader goes to a settlement")
    for group in groups:
        here = leader if group["at"] == leader_at else None
        shown = put_units(ctx, group["at"], HARKONNEN, group["units"], here)
        if here is not None:
            leader = None
        ctx.say(EventCode.DEPLOYED, f"The Harkonnen deploy {shown} in "
                f"{area_name(group['at'])}.", area=group["at"])
        actor.this = group["at"]
        settle(ctx, group["at"])
    if leader is not None:
        shown = put_units(ctx, leader_at, HARKONNEN, {}, leader)
        ctx.say(EventCode.DEPLOYED, f"The Harkonnen deploy {shown} in {area_name(leader_at)}.",
                area=leader_at)
