"""Richese's No-Field tokens (001 2.10.10-18, 2.10.04), on the token layer (``tokens``).

A No-Field lies face down; nobody but Richese sees its value (2.10.10 BAD MEMORY: theirs to
look at; ``tokens.seen``), in their supply behind the shield, on the board, or face up in front
of the shield once revealed.

- NO-FIELD (2.10.11): shipped for the price of one force, face down where the shipment lands
  (text A: instead of forces, and only while none of theirs is on the board, 2.10.16; text B:
  with forces or alone, several on the board); the No-Field face up in front of the shield
  goes back to the supply.  By mail: ``SHIP NOFIELD <value> TO <territory>`` (text B also
  ``SHIP <forces> NOFIELD <value> TO ...``), checked and paid as a shipment of one force more.
- MOVE AS ONE (2.10.12): one force for occupancy (``TokenKind.occupies``): it brings them into
  a battle (``phases/battle.present``).
- NO-FIELD REVEALED (2.10.14): face up in front of the shield (the one there back to the
  supply), and that many forces from the reserve (all it holds, if fewer) into its territory
  and sector.
- LOST FORCES (2.10.15): revealed when the storm passes over or stops on it and when a worm
  appears in its territory, the usual effects then applying (``Faction.exposed``).
- SURPRISE ASSAULT (2.10.17): in a battle, every No-Field of theirs in the territory revealed
  with the plans (``Faction.at_reveal``); their plan may dial the forces it stands for
  (``battle_plan.side_of_state``), which only they are told.
- BLIND PRESCIENCE (2.10.18): ``atreides_prescience.blind``.

Rulings (docs/rules-coverage.md, "001 GF9 expansions: CHOAM and Richese"): a No-Field does
not move by mail yet (2.10.12's movement), nor collects spice; NOT AS IT SEEMS (2.10.13, a
reveal at will once a turn) and the ally's shipment with one (2.10.20) are not offered yet.
"""

from __future__ import annotations

from typing import Any

from pbem.game import Event

from .. import tokens
from ..codes import EventCode
from ..forces import add_forces, plain, take
from ..rules import rules_of
from ..state import State

NO_FIELD = "no_field"           # the kind (data/richese/tokens.yaml)


def held(state: State, seat: str) -> list[dict[str, Any]]:
    """Every No-Field of theirs."""
    return tokens.held(tokens.of(state), seat, NO_FIELD)


def supply(state: State, seat: str) -> list[dict[str, Any]]:
    """Their No-Fields behind the shield, to be shipped."""
    return [token for token in held(state, seat) if token["at"] == tokens.BEHIND]


def on_board(state: State, seat: str) -> list[dict[str, Any]]:
    return [token for token in held(state, seat) if token["at"] == tokens.BOARD]


def shipment_problem(state: State, seat: str, value: str, forces: dict[str, int]) -> str | None:
    """Why the No-Field may not be shipped, if it may not (2.10.11, 2.10.16)."""
    if not any(token["value"] == value for token in supply(state, seat)):
        return (f"your No-Field {value} is not in your supply (your supply: "
                f"{', '.join(t['value'] for t in supply(state, seat)) or 'none'})")
    if rules_of(state).richese_revised:
        return None
    if forces:
        return "a No-Field is shipped instead of forces, not with them (001 2.10.11, text A)"
    if on_board(state, seat):
        return "there may never be two No-Field tokens on the board (001 2.10.16, text A)"
    return None


def terms(state: State, seat: str) -> str:
    """Their No-Field shipment in words, for the movement round's prompt."""
    values = sorted(token["value"] for token in supply(state, seat))
    if not values:
        return "Your No-Fields: none in your supply."
    how = ("SHIP <forces> NOFIELD <value> TO <territory>, or SHIP NOFIELD <value> TO "
           "<territory> alone" if rules_of(state).richese_revised else
           "SHIP NOFIELD <value> TO <territory>, instead of forces, while none of yours lies "
           "on the board")
    return (f"{how}: a No-Field of your supply ({', '.join(values)}) face down, for the "
            "price of one force (001 2.10.11).")


def shipped(state: State, seat: str, value: str, territory: str, sector: int) -> list[Event]:
    """The No-Field face down where the shipment landed; the one in front of the shield back
    to the supply (2.10.11)."""
    for token in held(state, seat):
        if token["at"] == tokens.FRONT:
            tokens.place(token, seat, tokens.BEHIND)
            tokens.turn(token, tokens.DOWN)
    token = tokens.find(state, NO_FIELD, value)
    tokens.place(token, seat, tokens.BOARD, territory, sector)
    return []


def reveal(state: State, token: dict[str, Any], why: str) -> list[Event]:
    """NO-FIELD REVEALED (2.10.14)."""
    seat, territory, sector = token["owner"], token["territory"], token["sector"]
    for other in held(state, seat):
        if other["at"] == tokens.FRONT:
            tokens.place(other, seat, tokens.BEHIND)
            tokens.turn(other, tokens.DOWN)
    tokens.place(token, seat, tokens.FRONT)
    tokens.turn(token, tokens.UP)
    kind = plain(state, seat)
    reserve = state["factions"][seat]["reserve"]
    count = min(int(token["value"]), reserve.get(kind, 0))
    if count:
        take(reserve, {kind: count})
        add_forces(state, seat, territory, sector, {kind: count})
    return [Event(EventCode.NO_FIELD_REVEALED, {
        "faction": seat, "value": int(token["value"]), "territory": territory,
        "sector": sector, "forces": count, "why": why})]


def exposed(state: State, seat: str, places: dict[str, list[int]], why: str) -> list[Event]:
    """LOST FORCES (2.10.15): their No-Fields in these places revealed, in board order."""
    found = sorted((token for token in on_board(state, seat)
                    if token["sector"] in places.get(token["territory"], ())),
                   key=lambda t: (t["territory"], t["sector"]))
    return [event for token in found for event in reveal(state, token, why)]
