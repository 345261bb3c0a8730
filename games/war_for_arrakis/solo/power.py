"""What the solo mode's criteria measure: a legion's Combat Power, the Harkonnen's distances
(they ignore impassable borders, 002 CHOOSING THE SHORTEST PATH), the Target Sietch."""

from __future__ import annotations

from collections import deque
from typing import Any

from ..state import ATREIDES, GENERIC, HARKONNEN, State, data, free_for, legion_of, named_leaders

SOLO = "harkonnen"          # the automaton's dashboard


def power(legion: dict[str, Any] | None) -> int:
    """A legion's Combat Power: 1 a unit, 2 a deployment token, 1 a leader (002 COMBAT POWER;
    a sietch's rank not counted)."""
    if legion is None:
        return 0
    return (legion["regular"] + legion["elite"] + legion["special"] + 2 * len(legion["tokens"])
            + len(legion["leaders"]))


def fine_power(legion: dict[str, Any] | None) -> int:
    """Combat Power counted unit by unit, for ties: a generic leader 1, a Regular or a named
    leader 2, an Elite 3, a Special Elite 4 (a token 2) (002 COMBAT POWER)."""
    if legion is None:
        return 0
    leaders = sum(1 if leader in GENERIC.values() else 2 for leader in legion["leaders"])
    return (2 * legion["regular"] + 3 * legion["elite"] + 4 * legion["special"]
            + 2 * len(legion["tokens"]) + leaders)


def named(legion: dict[str, Any]) -> bool:
    return bool(named_leaders(legion))


def touching(area: str) -> tuple[str, ...]:
    """The Harkonnen's neighbours in the solo mode: across any border (002 CHOOSING THE
    SHORTEST PATH: "the Harkonnens ignore impassable borders")."""
    return data().board.touching[area]


def steps_to(state: State, start: str, goal: str) -> int:
    """Moves a Harkonnen legion needs from ``start`` to stand beside ``goal``, crossing only
    areas free for it (the shortest path, 002 HARKONNEN MOVEMENT CRITERIA); 99 if none."""
    if goal in touching(start):
        return 0
    seen = {start: 0}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        for other in touching(at):
            if other in seen or not free_for(state, other, HARKONNEN):
                continue
            seen[other] = seen[at] + 1
            if goal in touching(other):
                return seen[other]
            queue.append(other)
    return 99


def defenders(state: State, sietch: str) -> int:
    return power(legion_of(state, sietch, ATREIDES))


def target(state: State) -> str | None:
    return state["hidden"]["solo"].get("target")


def sietch_rank(state: State, area: str) -> int:
    """A sietch's rank, even unrevealed (002 ATTACK A SIETCH: the solo player sees it)."""
    return state["hidden"]["sietch_ranks"][state["sietches"][area]["token"]]


def harkonnen_legions(state: State) -> list[str]:
    order = data().board.order
    return sorted((a for a, leader in state["legions"].items() if leader["side"] == HARKONNEN),
                  key=order.__getitem__)
