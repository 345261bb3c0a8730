"""What a bot may do, from a seat's view: the legal actions of the position as it stands, as
action values (orders/plan.py) the plan printer writes as order text."""

from __future__ import annotations

import random
from typing import Any

from ..data import RESULTS
from ..reach import moves, targets, worm_moves, worm_target, worm_targets
from ..state import (
    ATREIDES,
    GENERIC,
    HARKONNEN,
    data,
    free_for,
    is_desert,
    legions_of,
    side_of,
    worm_at,
    worms,
)


def move_clause(view: dict, side: str, area: str, rng: random.Random, air: bool = False
                ) -> dict[str, Any] | None:
    ends = moves(view, side, area, air=air)
    if not ends:
        return None
    return {"kind": "move", "from": area, "pick": None, "to": rng.choice(ends),
            **({"air": True} if air else {})}


def attack_clause(view: dict, side: str, area: str, rng: random.Random, kind: str = "attack"
                  ) -> dict[str, Any] | None:
    found = targets(view, side, area)
    if not found:
        return None
    return {"kind": kind, "from": area, "pick": None, "on": rng.choice(found)}


def with_leader(view: dict, area: str) -> bool:
    return bool(view["legions"][area]["leaders"])


def strategy(view: dict, side: str, rng: random.Random, leader: bool = False,
             attack_first: bool = False) -> dict[str, Any] | None:
    mine = [a for a in legions_of(view, side) if not leader or with_leader(view, a)]
    if not mine:
        return None
    kind = "surprise" if leader else "attack"
    attacks = [c for a in mine if (c := attack_clause(view, side, a, rng, kind))]
    result = "leadership" if leader else "strategy"
    if attacks and (attack_first or rng.random() < 0.5):
        return {"do": "die", "result": result, "clauses": [rng.choice(attacks)]}
    rng.shuffle(mine)
    clauses = [c for a in mine[:2] if (c := move_clause(view, side, a, rng))]
    if not clauses:
        return None
    return {"do": "die", "result": result, "clauses": clauses}


def deployment(view: dict, side: str, rng: random.Random) -> dict[str, Any] | None:
    if side == ATREIDES:
        places = [a for a in view["sietches"] if free_for(view, a, ATREIDES)]
        if not places or not view["bag"]:
            return None
        clause = {"kind": "deploy", "groups": [{"at": rng.choice(places),
                                               "units": {"regular": 0, "elite": 0,
                                                         "special": 0}}],
                  "leader": "generic" if rng.random() < 0.7 else None, "leader_at": None}
    else:
        places = [a for a in view["settlements"] if free_for(view, a, HARKONNEN)]
        if not places:
            return None
        clause = {"kind": "deploy", "groups": [{"at": rng.choice(places),
                                               "units": {"regular": 0, "elite": 0,
                                                         "special": 0}}],
                  "leader": "generic", "leader_at": None}
    return {"do": "die", "result": "deployment", "clauses": [clause]}


def house(view: dict, side: str, rng: random.Random) -> dict[str, Any] | None:
    if side == ATREIDES:
        result = rng.choice(("strategy", "leadership", "deployment", "mentat"))
        action = by_result(view, side, result, rng)
        return {**action, "via": "house"} if action else None
    if rng.random() < 0.5:
        areas = [a for a, lg in view["legions"].items()
                 if lg["side"] == HARKONNEN and lg["regular"]]
        if areas:
            return {"do": "die", "result": "house",
                    "clauses": [{"kind": "upgrade", "at": rng.sample(areas, min(2, len(areas)))}]}
    zones = [z for z in data().board.zones if z not in view["air"]]
    if zones:
        return {"do": "die", "result": "house",
                "clauses": [{"kind": "vehicle", "vehicle": "ornithopter",
                             "at": rng.choice(zones)}]}
    return None


def by_result(view: dict, side: str, result: str, rng: random.Random) -> dict[str, Any] | None:
    if result == "strategy":
        return strategy(view, side, rng)
    if result == "leadership":
        return strategy(view, side, rng, leader=True)
    if result == "deployment":
        return deployment(view, side, rng)
    if result == "mentat":
        return {"do": "die", "result": "mentat", "clauses": []}
    return house(view, side, rng)


def desert_powers(view: dict, rng: random.Random, summoned: str | None = None
                  ) -> list[dict[str, Any]]:
    """A Desert Power action, with what to try if it cannot be done: empty for none.  The Old
    Man of the Desert's, in a game with him (``summoned``: the sector an earlier action of
    the plan brings him to)."""
    old_man = _old_man(view, worms(view), rng, summoned)
    if old_man:
        return [{"do": "desert", "clauses": [clause]} for clause in old_man]
    found = desert_power(view, rng)
    return [found] if found else []


def desert_power(view: dict, rng: random.Random) -> dict[str, Any] | None:
    board = data().board
    roll = rng.random()
    mine = worms(view)
    if mine and roll < 0.4:
        attacks = [(w, t) for w in mine for t in worm_targets(view, w)]
        if attacks:
            start, target = rng.choice(attacks)
            return {"do": "desert", "clauses": [{"kind": "worm", "from": start, "on": target}]}
    if mine and roll < 0.7:
        start = rng.choice(mine)
        ends = worm_moves(view, start)
        if ends:
            return {"do": "desert", "clauses": [{"kind": "worm", "from": start,
                                                 "to": rng.choice(ends)}]}
    places = [a for a in board.areas if is_desert(view, a) and a not in view["wormsigns"]
              and not worm_at(view, a) and a not in view["sietches"]]
    if len(places) >= 1:
        return {"do": "desert", "clauses": [{"kind": "wormsign",
                                             "at": rng.sample(places, min(2, len(places)))}]}
    return None


def _old_man(view: dict, mine: list[str], rng: random.Random, summoned: str | None
             ) -> list[dict[str, Any]]:
    """The Old Man of the Desert's Desert Power clauses, each to try in turn, in a game with
    him (002 OLD MAN OF THE DESERT (OPTIONAL)): he rises, the sector chosen where the most
    harvesters and Harkonnen legions are, when there are sandworms to take; once out (or
    brought out by the plan), he attacks what his sector offers, or else moves on."""
    from ..old_man import adjacent_outer, in_game, outer_sectors

    if not in_game(view):
        return []
    here = summoned or view["old_man"]
    if here is None:
        if not (mine and rng.random() < 0.5):
            return []
        sectors = outer_sectors()
        rng.shuffle(sectors)
        best = max(sectors, key=lambda s: len(_prey(view, s)))
        return [{"kind": "old-man", "at": best}]
    if summoned is None and view["old_man_worms"] < 1:
        return []
    prey = _prey(view, here)
    rng.shuffle(prey)
    return ([{"kind": "old-man", "on": area} for area in prey]
            + [{"kind": "old-man", "to": rng.choice(adjacent_outer(here))}])


def _prey(view: dict, sector: str) -> list[str]:
    """What the Old Man may attack in a sector: harvesters alone, Harkonnen legions."""
    return [a for a in data().board.in_sector[sector] if worm_target(view, a)]


def play_card(view: dict, rng: random.Random) -> dict[str, Any] | None:
    playable = [c for c in view.get("hand", []) if data().cards[c].playable]
    if not playable:
        return None
    return {"do": "card", "card": rng.choice(playable), "using": None, "clauses": []}


def dice_of(view: dict) -> list[str]:
    dice = view["dice"].get(view["seat"], {})
    found = list(dice.get("pool", []))
    if dice.get("bg") and not dice.get("bg_used"):
        found.append(dice["bg"])
    return found + ["any"] * dice.get("changes", 0)


__all__ = ["GENERIC", "RESULTS", "side_of"]
