"""The basic bot's rules of thumb, for either faction, from the seat's view: attack where its
legion is stronger than the defence (a settlement's rank counted), else move a legion toward
the enemy's settlements (the Atreides also toward stations and harvesters), deploy where the
enemy is nearest, draw with a Mentat die; the Atreides' House die does what Strategy would."""

from __future__ import annotations

import random
from typing import Any

from ..reach import moves, targets
from ..state import ATREIDES, HARKONNEN, data, free_for, legions_of, other, units
from . import moves as any_moves


def strength(view: dict, area: str) -> int:
    found = view["legions"].get(area)
    return units(found) + len(found["leaders"]) if found else 0


def defence(view: dict, side: str, area: str) -> int:
    """What a legion attacking ``area`` faces: the legion there and its settlement's rank."""
    rank = 0
    if area in view["settlements"]:
        rank = view["settlements"][area]
    elif area in view["sietches"]:
        sietch = view["sietches"][area]
        rank = sietch["rank"] if sietch["rank"] is not None else 2
    return strength(view, area) + rank


def best_attack(view: dict, side: str, leader: bool) -> dict[str, Any] | None:
    best = None
    for area in legions_of(view, side):
        if leader and not view["legions"][area]["leaders"]:
            continue
        mine = strength(view, area)
        for target in targets(view, side, area):
            margin = mine - defence(view, side, target)
            if margin > 0 and (best is None or margin > best[0]):
                best = (margin, area, target)
    if best is None:
        return None
    kind = "surprise" if leader else "attack"
    return {"kind": kind, "from": best[1], "pick": None, "on": best[2]}


def goals(view: dict, side: str) -> list[str]:
    """Where the faction's legions head: the enemy's settlements, and for the Atreides the
    stations and the harvesters."""
    found = list(view["settlements"] if side == ATREIDES else view["sietches"])
    if side == ATREIDES:
        found += list(view["stations"]) + list(view["harvesters"])
    return found


def advance(view: dict, side: str, rng: random.Random, count: int, leader: bool
            ) -> list[dict[str, Any]]:
    """Moves toward the nearest goal, the strongest legions first."""
    board = data().board
    aims = goals(view, side)
    clauses = []
    mine = sorted(legions_of(view, side), key=lambda a: -strength(view, a))
    for area in mine:
        if len(clauses) == count:
            break
        if leader and not view["legions"][area]["leaders"]:
            continue
        if side == ATREIDES and area in view["sietches"] and strength(view, area) <= 2:
            continue                      # a lone guard stays on its sietch
        ends = moves(view, side, area)
        if not ends or not aims:
            continue
        here = min(board.distance(area, g) for g in aims)
        best = min(ends, key=lambda e: (min(board.distance(e, g) for g in aims),
                                        rng.random()))
        if min(board.distance(best, g) for g in aims) < here:
            clauses.append({"kind": "move", "from": area, "pick": None, "to": best})
    return clauses


def basic_action(view: dict, side: str, result: str, rng: random.Random
                 ) -> dict[str, Any] | None:
    via = None
    if result == "house" and side == ATREIDES:
        result, via = ("strategy" if best_attack(view, side, False) else "deployment"), "house"
    action = None
    if result in ("strategy", "leadership"):
        leader = result == "leadership"
        hit = best_attack(view, side, leader)
        if hit is not None:
            action = {"do": "die", "result": result, "clauses": [hit]}
        else:
            clauses = advance(view, side, rng, 2, leader)
            action = {"do": "die", "result": result, "clauses": clauses} if clauses else None
    elif result == "deployment":
        action = deploy_near_enemy(view, side)
    elif result == "mentat":
        action = {"do": "die", "result": "mentat", "clauses": []}
    elif result == "house":
        action = any_moves.house(view, side, rng)
    if action is None:
        action = any_moves.by_result(view, side, result, rng)
    if action is not None and via:
        action = {**action, "via": via}
    return action


def deploy_near_enemy(view: dict, side: str) -> dict[str, Any] | None:
    board = data().board
    places = [a for a in (view["sietches"] if side == ATREIDES else view["settlements"])
              if free_for(view, a, side)]
    if not places or (side == ATREIDES and not view["bag"]):
        return None
    enemy = legions_of(view, other(side)) or list(board.areas)
    place = min(places, key=lambda a: (min(board.distance(a, e) for e in enemy), a))
    clause = {"kind": "deploy", "groups": [{"at": place, "units": {"regular": 0, "elite": 0,
                                                                  "special": 0}}],
              "leader": "generic", "leader_at": None}
    return {"do": "die", "result": "deployment", "clauses": [clause]}


__all__ = ["HARKONNEN"]
