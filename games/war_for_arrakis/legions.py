"""Figures on the board: which of a legion's figures an order picks, taking them off and
putting them down, and the names of figures in mail (the stacking limit and leaders left
alone: ``leaders.settle``).

A legion is the units and leaders of one faction in one area (002 PLAYING PIECES): counts of
Regular, Elite and Special Elite units (Fedaykin, Sardaukar), the ids of its face-down
deployment tokens (each counts as one unit) and its leaders (named leaders by id, generic ones
as ``naib`` or ``bashar``).
"""

from __future__ import annotations

from typing import Any

from .codes import ErrorCode, Illegal
from .data import UNIT_KINDS
from .state import GENERIC, State, data, new_legion, units

Part = dict[str, Any]     # figures of a legion: regular, elite, special, tokens, leaders


def whole(found: dict[str, Any]) -> Part:
    """All the figures of a legion."""
    return {"regular": found["regular"], "elite": found["elite"], "special": found["special"],
            "tokens": list(found["tokens"]), "leaders": list(found["leaders"])}


def pick(found: dict[str, Any], spec: dict[str, Any] | None) -> Part:
    """The figures of a legion an order names (``spec``, orders/legion_words.py): all of them
    (None or ``all``), all but some (``leave``), or some; Illegal if it lacks them."""
    if not spec or spec.get("all"):
        return whole(found)
    named = _named(found, spec)
    if spec.get("leave"):
        part = whole(found)
        for kind in UNIT_KINDS:
            part[kind] -= named[kind]
        for token in named["tokens"]:
            part["tokens"].remove(token)
        for leader in named["leaders"]:
            part["leaders"].remove(leader)
        return part
    return named


def _named(found: dict[str, Any], spec: dict[str, Any]) -> Part:
    part: Part = {kind: spec.get(kind, 0) for kind in UNIT_KINDS}
    for kind in UNIT_KINDS:
        if part[kind] > found[kind]:
            raise Illegal(ErrorCode.NOT_THERE, f"there are {found[kind]} {kind} units, not "
                          f"{part[kind]}")
    tokens = spec.get("tokens", 0)
    if isinstance(tokens, int):
        if tokens > len(found["tokens"]):
            raise Illegal(ErrorCode.NOT_THERE, f"there are {len(found['tokens'])} tokens, "
                          f"not {tokens}")
        part["tokens"] = list(found["tokens"][:tokens])
    else:
        missing = [t for t in tokens if t not in found["tokens"]]
        if missing:
            raise Illegal(ErrorCode.NOT_THERE, f"no token {missing[0]} there")
        part["tokens"] = list(tokens)
    leaders: list[str] = []
    pool = list(found["leaders"])
    for leader in spec.get("leaders", []):
        if leader not in pool:
            raise Illegal(ErrorCode.NOT_THERE, f"no {leader_name(leader)} there")
        pool.remove(leader)
        leaders.append(leader)
    part["leaders"] = leaders
    return part


def size(part: Part) -> int:
    """Units in a part, tokens counted."""
    return sum(part[kind] for kind in UNIT_KINDS) + len(part["tokens"])


def take(state: State, area: str, part: Part) -> None:
    """Take figures off an area (its legion goes when nothing is left)."""
    found = state["legions"][area]
    for kind in UNIT_KINDS:
        found[kind] -= part[kind]
        assert found[kind] >= 0, (area, kind)
    for token in part["tokens"]:
        found["tokens"].remove(token)
    for leader in part["leaders"]:
        found["leaders"].remove(leader)
        if leader not in GENERIC.values():
            state["leaders"][leader].update(status="aside", area=None)
    if not units(found) and not found["leaders"]:
        del state["legions"][area]


def put(state: State, area: str, side: str, part: Part) -> None:
    """Put figures in an area, joining the faction's legion there."""
    found = state["legions"].setdefault(area, new_legion(side))
    assert found["side"] == side, (area, side)
    for kind in UNIT_KINDS:
        found[kind] += part[kind]
    found["tokens"] += part["tokens"]
    found["leaders"] += part["leaders"]
    for leader in part["leaders"]:
        if leader not in GENERIC.values():
            state["leaders"][leader].update(status="board", area=area)


def relocate(state: State, origin: str, to: str) -> None:
    """A whole legion moved (a retreat), joining its faction's legion at ``to`` if there is
    one, its leaders with it."""
    found = state["legions"][origin]
    part = whole(found)
    take(state, origin, part)
    put(state, to, found["side"], part)


def area_name(area: str) -> str:
    return data().board[area].name


def leader_name(leader: str) -> str:
    if leader in GENERIC.values():
        return data().generics[leader].name
    return data().leaders[leader].name


def describe(part: Part, side: str) -> str:
    """Figures in words: ``2 Regulars, 1 Fedaykin, 1 token, Naib, Paul Atreides``."""
    special = data().factions[side].special_name
    words = []
    for kind, name in (("regular", "Regular"), ("elite", "Elite"), ("special", special)):
        if part[kind]:
            plural = "s" if part[kind] > 1 and kind != "special" else ""
            words.append(f"{part[kind]} {name}{plural}")
    if part["tokens"]:
        count = len(part["tokens"])
        words.append(f"{count} token{'s' if count > 1 else ''}")
    words += [leader_name(leader) for leader in part["leaders"]]
    return ", ".join(words) or "nothing"
