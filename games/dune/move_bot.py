"""A random legal turn in the movement round for a bot, from its own seat's view only.

The view (``view.seat_view``) holds the public board and the seat's own sheet; the rules of
``reach`` need no more, so the bot rebuilds a state of what it can see (others' spice, hands
and reserves unknown: none) and chooses among the legal shipments and moves of that state.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from . import reach
from .factions import bene_gesserit_coexistence
from .state import State


def state_of_view(view: dict[str, Any]) -> State:
    """A state holding only what the seat sees: enough for ``reach`` and ``moves``."""
    seat = view["seat"]
    factions = {other: {"spice": 0, "reserve": [0, 0], "hand": [], "tanks": [0, 0]}
                for other in view["seats"]}
    factions[seat] = {**copy.deepcopy(view["own"]),
                      "tanks": list(view["factions"][seat]["tanks"])}
    state = {
        "rules": view["rules"], "seats": view["seats"], "storm": {"sector": view["storm"]},
        "dots": {other: view["factions"][other]["dot"] for other in view["seats"]},
        "forces": copy.deepcopy(view["forces"]), "spice": dict(view["spice"]),
        "alliances": view["alliances"],
        "ornithopters": list(view["ornithopters"]), "factions": factions,
        "decks": {"treachery_discard": []},
        "step": {"mode": "sequential", "support": {}, "stop": [], "declared": {},
                 "ahead": {}},
    }
    if view["coexisting"]:
        bene_gesserit_coexistence.set_coexisting(state, view["coexisting"])
    return state


def random_shipment(state: State, seat: str, rng: random.Random) -> dict[str, Any] | None:
    """A shipment the seat can afford, or None (half the time, or when there is none)."""
    kinds = [k for k in reach.shipment_kinds(state, seat) if k in ("reserve", reach.NATIVE)]
    reserve = state["factions"][seat]["reserve"]
    if not kinds or not reserve[0] or rng.random() < 0.5:
        return None
    kind = rng.choice(kinds)
    places = reach.shipment_destinations(state, seat, kind)
    if not places:
        return None
    territory = rng.choice(sorted(places))
    sector = rng.choice(places[territory])
    count = rng.randint(1, reserve[0])
    spice = state["factions"][seat]["spice"]
    while count and reach.shipment_cost(state, seat, territory, count, kind) > spice:
        count -= 1
    if not count:
        return None
    return {"kind": "reserve", "from": None, "from_sector": None, "to": territory,
            "sector": sector, "forces": [count, 0], "karama": False, "coexist": None}


def random_move(state: State, seat: str, rng: random.Random,
                ornithopters: bool | None = None) -> dict[str, Any] | None:
    """One group moved somewhere in reach, or None (a third of the time, or when none can);
    ``ornithopters`` as at the start of the move (``reach.move_destinations``)."""
    if rng.random() < 0.33:
        return None
    options = []
    for territory in sorted(state["forces"]):
        for sector, (normal, starred) in reach.groups(state, seat, territory).items():
            ends = reach.move_destinations(state, seat, territory, sector, ornithopters)
            options += [(territory, sector, normal, starred, end, end_sector)
                        for end, sectors in ends.items() for end_sector in sectors]
    if not options:
        return None
    territory, sector, normal, starred, end, end_sector = rng.choice(options)
    moving = [rng.randint(0, normal), rng.randint(0, starred)]
    if sum(moving) == 0:
        moving = [normal, starred]
    return {"from": territory, "from_sector": sector, "to": end, "sector": end_sector,
            "forces": moving, "coexist": None}
