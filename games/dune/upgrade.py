"""Stored games in today's shape: a state stored by earlier code (``upgrade_state``, when the
store loads it or a GM's adjustment of an earlier shape is replayed) and the decisions of a
stored log or filed before an upgrade (``upgrade_orders``, as each batch is applied).

Earlier code counted a faction's forces as a pair, [normal, starred]: its sheet's plain kind of
force and its second (``forces.Counts`` now).  A pair is read by the seat that owns it.  It
kept its decks under fixed keys (the piles by name now: ``decks.upgrade``).
"""

from __future__ import annotations

from typing import Any

from . import decks, factions
from .forces import Counts, counts_of
from .schema import State


def upgrade_state(state: State) -> State:
    """The state in today's shape, changed in place: its decks' piles by name
    (``decks.upgrade``), each faction moves what earlier code kept at the state's top level
    into its sheet (``Faction.upgrade``), and forces counted as pairs are counted per kind."""
    decks.upgrade(state)
    factions.upgrade_state(state)
    for sectors in state["forces"].values():
        for by_faction in sectors.values():
            for seat, counts in by_faction.items():
                by_faction[seat] = _counts(state, seat, counts)
    for seat, sheet in state["factions"].items():
        for pile in ("reserve", "tanks"):
            sheet[pile] = _counts(state, seat, sheet[pile])
    plans = state["step"].get("plans", {})
    for seat, plan in plans.items():
        plans[seat] = _plan(state, seat, plan)
    return state


def upgrade_orders(state: State, orders: dict[str, Any]) -> dict[str, Any]:
    """A batch of decisions in today's shape (the same batch when nothing was stored by
    earlier code): the forces of moves, revivals, battle plans, the Fremen's placement and a
    worm ride counted per kind."""
    found = orders
    for key, value in orders.items():
        kind, _, seat = key.partition(":")      # a ``PromptKey``'s text, read at once
        upgrade = _ORDERS.get(kind)
        if upgrade is None or value is None:
            continue
        today = upgrade(state, seat, value)
        if today is not value:
            found = dict(found) if found is orders else found
            found[key] = today
    return found


def _counts(state: State, seat: str, counts: Any) -> Counts:
    """Counts per kind from a pair of earlier code (or counts already)."""
    return counts_of(state, seat, counts) if isinstance(counts, list) else counts


def _plan(state: State, seat: str, plan: dict[str, Any]) -> dict[str, Any]:
    """A battle plan, its losses and those of its conditional lines counted per kind; the plan
    itself if they are."""
    if not isinstance(plan.get("lose"), list) and not (
            plan.get("if") and any(isinstance(part.get("lose"), list) for _, part in plan["if"])):
        return plan
    plan = {**plan, "lose": _counts(state, seat, plan.get("lose"))}
    if "if" in plan:
        plan["if"] = [[condition, {**part, "lose": _counts(state, seat, part["lose"])}
                       if isinstance(part.get("lose"), list) else part]
                      for condition, part in plan["if"]]
    return plan


def _move(state: State, seat: str, value: dict[str, Any]) -> dict[str, Any]:
    """A movement turn's plans, each shipment's and move's forces counted per kind (asked of
    every turn applied: today's at once, by plain loops)."""
    for plan in value.get("plans", ()):
        for verb in _MOVES:
            part = plan.get(verb)
            if isinstance(part, dict) and isinstance(part["forces"], list):
                return _moved(state, seat, value)
    return value


def _moved(state: State, seat: str, value: dict[str, Any]) -> dict[str, Any]:
    """A movement turn of earlier code (``_move``) counted per kind."""
    return {**value, "plans": [
        {**plan, **{verb: {**plan[verb], "forces": _counts(state, seat, plan[verb]["forces"])}
                    for verb in _MOVES if isinstance(plan.get(verb), dict)}}
        for plan in value["plans"]]}


_MOVES = ("ship", "move", "hajr")      # the parts of a turn's plan that carry forces


def _revival(state: State, seat: str, value: dict[str, Any]) -> dict[str, Any]:
    """A revival, its forces and those of its cards counted per kind; the revival itself if
    they are (asked of every revival applied: today's at once, by a plain loop)."""
    for part in (value, value.get("karama"), value.get("ghola")):
        if part and isinstance(part["forces"], list):
            return _revived(state, seat, value)
    return value


def _revived(state: State, seat: str, value: dict[str, Any]) -> dict[str, Any]:
    """A revival of earlier code (``_revival``) counted per kind."""
    cards = [card for card in ("karama", "ghola") if value.get(card)]
    value = {**value, "forces": _counts(state, seat, value["forces"])}
    for card in cards:
        value[card] = {**value[card], "forces": _counts(state, seat, value[card]["forces"])}
    return value


def _placement(state: State, seat: str, value: list[list[Any]]) -> list[list[Any]]:
    if all(len(entry) == 3 for entry in value):
        return value
    return [[territory, sector, _counts(state, seat, rest) if len(rest) > 1 else rest[0]]
            for territory, sector, *rest in value]


def _ride(state: State, seat: str, value: list[Any]) -> list[Any]:
    if len(value) < 3 or not isinstance(value[2], list):
        return value
    return [*value[:2], _counts(state, seat, value[2])]


_ORDERS = {"move": _move, "guild-move": _move, "revival": _revival, "battle-plan": _plan,
           "fremen-placement": _placement, "worm-ride": _ride}
