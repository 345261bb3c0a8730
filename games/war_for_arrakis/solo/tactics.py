"""The Tactical cards (002 MAHDI SOLO MODE: TACTICAL CARDS, START OF THE ROUND, END OF THE
ROUND): each round a Harvesting Sector and a Target Sietch; the Reinforcements deck; the
Supremacy point the round's end brings."""

from __future__ import annotations

import random

from ..automaton import handles
from ..cards.effect import draw_one
from ..codes import EventCode
from ..context import Context
from ..legions import area_name
from ..state import State, data
from ..tracks import gain_supremacy


@handles("set_up")
def set_up(state: State, rng: random.Random) -> None:
    """The solo set-up: the Tactical deck shuffled, the twelve Harkonnen starting deployment
    tokens made a pool (002 SETUP, solo; SPECIAL RULES: HARKONNEN DEPLOYMENT TOKENS)."""
    tactical = [sietch for sietch, _ in data().tactical]
    rng.shuffle(tactical)
    contents = {}
    pools: dict[str, list[str]] = {"black": [], "silver": []}
    for colour in ("black", "silver"):
        for number, token in enumerate(data().deployment[f"harkonnen_{colour}"], start=1):
            ident = f"{colour}-{number}"
            contents[ident] = dict(token)
            pools[colour].append(ident)
        rng.shuffle(pools[colour])
    state["hidden"]["solo"] = {"tactical": tactical, "harvesting": None, "target": None,
                               "temporary": None, "reinforcements": [],
                               "reinforcements_count": 0, "pools": pools,
                               "contents": contents, "dice_left": 0, "taken": 0,
                               "scheme": 0, "last_deck": None, "ornithopter_used": False}


def sector_of(sietch: str) -> str:
    return dict(data().tactical)[sietch]


@handles("start_round")
def start_round(ctx: Context) -> None:
    """The Harvesting Sector and the Target Sietch drawn (the second card redrawn while its
    sector is the first's or its sietch is gone), and the Reinforcements: a Corrino card and
    a House Harkonnen card, face down (002 START OF THE ROUND, solo)."""
    solo = ctx.state["hidden"]["solo"]
    deck = solo["tactical"]
    harvesting = deck.pop(0)
    solo["harvesting"] = sector_of(harvesting)
    draw_target(ctx)
    for pile in ("corrino", "house-harkonnen"):
        card = draw_one(ctx, pile)
        if card is not None:
            solo["reinforcements"].append(card)
    solo["reinforcements_count"] = len(solo["reinforcements"])
    ctx.say(EventCode.TACTICAL, f"Tactical cards: the Harvesting Sector is "
            f"{_sector_name(solo['harvesting'])}, the Target Sietch {area_name(solo['target'])}.",
            harvesting=solo["harvesting"], target=solo["target"])


def _sector_name(sector: str) -> str:
    return "the Central Sectors" if sector == "central" else data().board.sectors[sector].name


def draw_target(ctx: Context) -> None:
    """A Target Sietch drawn: a card of another sector than the Harvesting Sector's, whose
    sietch stands; the others discarded (002 START OF THE ROUND, solo)."""
    solo = ctx.state["hidden"]["solo"]
    deck = solo["tactical"]
    while deck:
        card = deck.pop(0)
        if sector_of(card) != solo["harvesting"] and card in ctx.state["sietches"]:
            solo["target"] = card
            return
    standing = [a for a in ctx.state["sietches"]]
    solo["target"] = standing[0] if standing else None


@handles("sietch_lost")
def sietch_lost(ctx: Context, area: str) -> None:
    """The Target Sietch destroyed: another drawn at once (002 START OF THE ROUND, solo)."""
    solo = ctx.state["hidden"]["solo"]
    if solo.get("target") == area and ctx.state["sietches"]:
        draw_target(ctx)
        ctx.say(EventCode.TACTICAL, f"The new Target Sietch is {area_name(solo['target'])}.",
                target=solo["target"])


@handles("end_round")
def end_round(ctx: Context) -> None:
    """The solo round's end: the Supremacy marker advances a step, and all eight Tactical
    cards are reshuffled (002 END OF THE ROUND, solo)."""
    solo = ctx.state["hidden"]["solo"]
    gain_supremacy(ctx, 1, "the end of a solo round")
    cards = [sietch for sietch, _ in data().tactical]
    ctx.rng.shuffle(cards)
    solo["tactical"] = cards
    solo["harvesting"] = solo["target"] = solo["temporary"] = None
