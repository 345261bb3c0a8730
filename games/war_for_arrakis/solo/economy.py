"""The solo mode's Harkonnen economy: their dice, their deployment tokens, their spice, their
Bene Gesserit tokens and the Atreides' voluntary reveals (002 MAHDI SOLO MODE: ACTION
RESOLUTION, SPICE HARVESTING, SPECIAL RULES)."""

from __future__ import annotations

from typing import Any

from ..automaton import handles
from ..cards.effect import draw_one
from ..codes import EventCode
from ..context import Context
from ..dice import aside, new_dashboard
from ..legions import area_name
from ..state import HARKONNEN, State, banned, data, new_legion
from ..tracks import gain_supremacy
from .power import SOLO


@handles("ready_dice")
def ready_dice(ctx: Context) -> None:
    """The Harkonnen roll no dice now: each is rolled as it is used (002 ACTION RESOLUTION,
    solo); their unused dice are those not rolled and not on The Spice Must Flow board."""
    solo = ctx.state["hidden"]["solo"]
    solo["dice_left"] = data().factions[HARKONNEN].action_dice - aside(ctx.state)
    solo["taken"] = 0
    ctx.state["dice"][SOLO] = new_dashboard()


@handles("bene_gesserit_die")
def bene_gesserit_die(ctx: Context) -> None:
    """A Bene Gesserit token the Harkonnen would gain: a die from The Spice Must Flow board
    into their unused dice, or a Supremacy point when none is there (002 HARKONNEN BENE
    GESSERIT TOKENS)."""
    solo = ctx.state["hidden"]["solo"]
    if ctx.state["phase"] in ("actions", "hazards", "harvest", "end") \
            and solo["taken"] < aside(ctx.state):
        solo["taken"] += 1
        solo["dice_left"] += 1
        ctx.say(EventCode.BENE_GESSERIT_GAINED, "The Harkonnen take a die from The Spice Must "
                "Flow board (a Bene Gesserit token, solo).")
    else:
        gain_supremacy(ctx, 1, "a Bene Gesserit token, solo")


@handles("garrison")
def garrison(ctx: Context, area: str) -> None:
    """A Harkonnen legion left a settlement: a black and a silver deployment token placed face
    down there; with none in the pool, two on the board are revealed first to free theirs
    (002 PLACING HARKONNEN DEPLOYMENT TOKENS; SPECIAL RULES)."""
    state = ctx.state
    solo = state["hidden"]["solo"]
    placed = []
    for colour in ("black", "silver"):
        if not solo["pools"][colour]:
            _free_token(ctx, colour)
        if solo["pools"][colour]:
            token = solo["pools"][colour].pop(ctx.rng.randrange(len(solo["pools"][colour])))
            state["hidden"]["tokens"][token] = dict(solo["contents"][token])
            placed.append(token)
    if not placed:
        return
    found = state["legions"].setdefault(area, new_legion(HARKONNEN))
    found["tokens"] += placed
    ctx.say(EventCode.DEPLOYED, f"{len(placed)} Harkonnen deployment tokens garrison "
            f"{area_name(area)}.", area=area)


def _free_token(ctx: Context, colour: str) -> None:
    from ..sites import reveal_tokens

    for area, legion in ctx.state["legions"].items():
        if any(t.startswith(colour) for t in legion["tokens"]):
            reveal_tokens(ctx, area, "a token is needed elsewhere")
            return


@handles("token_back")
def token_back(state: State, token: str, contents: dict[str, Any]) -> None:
    """A revealed Harkonnen token shuffled back into its pool (002 HARKONNEN DEPLOYMENT
    TOKENS)."""
    pool = state["hidden"]["solo"]["pools"][token.split("-")[0]]
    pool.append(token)


@handles("voluntary_reveal")
def voluntary_reveal(ctx: Context, area: str) -> None:
    """An Atreides token revealed of the player's will: never in a sector of an air zone with
    an Ornithopter; each adds a Harkonnen card to the Reinforcements, but not under the
    Spacing Guild Ban (002 ORNITHOPTERS SPECIAL RULE; REVEALING A SIETCH OR A DEPLOYMENT
    TOKEN)."""
    from ..codes import ErrorCode
    from ..context import Illegal

    state = ctx.state
    zones = data().board.zones_of(area)
    if any(state["air"].get(z) == "ornithopter" for z in zones):
        raise Illegal(ErrorCode.NOT_ALLOWED, "an Ornithopter watches that sector: no token may "
                      "be revealed there of your will (solo)")
    if banned(state, "no-scouting"):
        return
    solo = state["hidden"]["solo"]
    deck = "corrino" if solo["last_deck"] == "house-harkonnen" else "house-harkonnen"
    card = draw_one(ctx, deck)
    if card is not None:
        solo["reinforcements"].append(card)
        solo["reinforcements_count"] = len(solo["reinforcements"])
        solo["last_deck"] = deck
        ctx.say(EventCode.NOTE, "A Harkonnen card joins the Reinforcements (a voluntary "
                "reveal, solo).")


@handles("spend_spice")
def spend_spice(state: State, spice: int) -> dict[str, Any]:
    """The solo Harkonnen's spice: keep the markers from the lowermost up, raise the
    lowermost with what is left; all on the top step with 7 or more, a Supremacy point; no
    stockpiling (002 SPICE HARVESTING, solo)."""
    markers = ("choam", "guild", "landsraad")
    lowest = sorted(markers, key=lambda m: (-state["imperium"][m], markers.index(m)))
    spends = [f"keep:{m}" for m in lowest] + [f"raise:{m}" for m in lowest if
                                              state["imperium"][m] > 0]
    if all(state["imperium"][m] == 0 for m in markers) and spice >= 7:
        spends.append("supremacy")
    return {"spends": spends, "bans": list(lowest)}
