"""What lies in an area besides legions: settlements destroyed, sietches and deployment tokens
revealed, stations taken, harvesters destroyed (002 SETTLEMENTS, ATREIDES DEPLOYMENT TOKENS,
DESTROYING SETTLEMENTS, ECOLOGICAL TESTING STATIONS, DESTROYING HARVESTERS)."""

from __future__ import annotations

from . import automaton as solo
from .codes import EventCode
from .context import Context
from .data import MARKER_NAMES
from .leaders import settle
from .legions import area_name, put
from .state import (
    GENERIC,
    HARKONNEN,
    automaton,
    data,
    generic_supply,
    new_legion,
    unit_supply,
)
from .tracks import advance_all, gain_supremacy, move_marker


def destroy_harvester(ctx: Context, area: str, why: str) -> None:
    ctx.state["harvesters"].remove(area)
    ctx.state["round_harvesters"] += 1
    ctx.say(EventCode.HARVESTER_DESTROYED, f"The Harvester in {area_name(area)} is destroyed "
            f"({why}).", area=area)


def take_station(ctx: Context, area: str) -> None:
    """An Atreides legion takes a station: its hidden symbol advances that Prescience marker
    one step (002 ECOLOGICAL TESTING STATIONS)."""
    station = ctx.state["stations"].pop(area)
    marker = ctx.state["hidden"]["stations"].pop(station)
    ctx.say(EventCode.STATION_TAKEN, f"The Atreides take the Ecological Testing Station in "
            f"{area_name(area)}: {MARKER_NAMES[marker]}.", area=area, marker=marker)
    move_marker(ctx, marker, 1, "an Ecological Testing Station")


def reveal_sietch(ctx: Context, area: str, why: str) -> None:
    """A sietch flipped face up: its rank public from now on (002 BATTLE ROUNDS SEQUENCE,
    SCOUTING)."""
    sietch = ctx.state["sietches"].get(area)
    if sietch is None or sietch["rank"] is not None:
        return
    sietch["rank"] = ctx.state["hidden"]["sietch_ranks"][sietch["token"]]
    ctx.say(EventCode.SIETCH_REVEALED, f"The sietch of {area_name(area)} is revealed: rank "
            f"{sietch['rank']} ({why}).", area=area, rank=sietch["rank"])


def rank_of(ctx_state, area: str) -> int:
    """A settlement's rank: a Harkonnen one's is public, a sietch's hidden until revealed."""
    if area in ctx_state["settlements"]:
        return ctx_state["settlements"][area]
    sietch = ctx_state["sietches"][area]
    return sietch["rank"] if sietch["rank"] is not None \
        else ctx_state["hidden"]["sietch_ranks"][sietch["token"]]


def reveal_tokens(ctx: Context, area: str, why: str) -> None:
    """Every deployment token in an area flipped and replaced by its units, a lower rank
    standing in for a kind the supply lacks, then removed from the game (002 ATREIDES
    DEPLOYMENT TOKENS, UNITS); the solo mode's Harkonnen tokens too (002 SPECIAL RULES)."""
    state = ctx.state
    found = state["legions"].get(area)
    if found is None or not found["tokens"]:
        return
    side = found["side"]
    shown = []
    for token in list(found["tokens"]):
        found["tokens"].remove(token)
        contents = state["hidden"]["tokens"].pop(token)
        placed = place_units(state, area, side, contents)
        if contents.get("leader") and generic_supply(state, side) > 0:
            found["leaders"].append(GENERIC[side])
        if side == HARKONNEN and automaton(state, HARKONNEN):
            solo.call("token_back", state, token, contents)
        shown.append(placed)
    words = "; ".join(shown)
    ctx.say(EventCode.TOKEN_REVEALED, f"In {area_name(area)}, deployment tokens revealed ({why}): "
            f"{words}.", area=area)
    settle(ctx, area)


def place_units(state, area: str, side: str, contents: dict[str, int]) -> str:
    """Units from the supply into an area, a lower rank for a kind the supply lacks (002
    UNITS); what was placed, in words."""
    supply = unit_supply(state, side)
    placed = {"regular": 0, "elite": 0, "special": 0}
    for kind in ("special", "elite", "regular"):
        for _ in range(contents.get(kind, 0)):
            for stand_in in _stand_ins(kind):
                if supply[stand_in] > 0:
                    supply[stand_in] -= 1
                    placed[stand_in] += 1
                    break
    found = state["legions"].setdefault(area, new_legion(side))
    for kind, count in placed.items():
        found[kind] += count
    special = data().factions[side].special_name
    words = [f"{placed['regular']} Regular", f"{placed['elite']} Elite",
             f"{placed['special']} {special}"]
    return ", ".join(w for w in words if not w.startswith("0 ")) or "no units left"


def _stand_ins(kind: str) -> tuple[str, ...]:
    return {"special": ("special", "elite", "regular"), "elite": ("elite", "regular"),
            "regular": ("regular",)}[kind]


def destroy_settlement(ctx: Context, area: str) -> None:
    """A settlement destroyed by a legion that won a battle there: a sietch gives the
    Harkonnen Supremacy points equal to its rank, a Harkonnen settlement advances every
    Prescience marker by its rank (002 DESTROYING SETTLEMENTS)."""
    state = ctx.state
    if area in state["sietches"]:
        rank = rank_of(state, area)
        sietch = state["sietches"].pop(area)
        state["hidden"]["sietch_ranks"].pop(sietch["token"], None)
        state["round_sietches_lost"] += 1
        ctx.say(EventCode.SIETCH_DESTROYED, f"The sietch of {area_name(area)} (rank {rank}) is "
                "destroyed.", area=area, rank=rank)
        if automaton(state, HARKONNEN):
            solo.call("sietch_lost", ctx, area)
        gain_supremacy(ctx, rank, f"the sietch of {area_name(area)} destroyed")
    elif area in state["settlements"]:
        rank = state["settlements"].pop(area)
        state["round_settlements_lost"] += 1
        ctx.say(EventCode.SETTLEMENT_DESTROYED, f"{area_name(area)} (rank {rank}) is destroyed.",
                area=area, rank=rank)
        advance_all(ctx, rank, f"{area_name(area)} destroyed")


def add_units(state, area: str, side: str, count: dict[str, int]) -> None:
    """Units put in an area (the caller checked the supply)."""
    put(state, area, side, {"regular": count.get("regular", 0),
                            "elite": count.get("elite", 0), "special": count.get("special", 0),
                            "tokens": [], "leaders": []})
