"""A seat's standing choices: how it decides what the rules ask mid-action, so that a plan is
never held up by a battle or a hazard (docs/orders.md, "War for Arrakis").  Each is one line
of a plan mail (orders/plan.py) and stands until changed; a seat that never set one plays by
its default.  They are the seat's secret (``hidden.standing``)."""

from __future__ import annotations

from typing import Any

from .state import State

CASUALTY_KINDS = ("regular", "elite", "special", "generic", "named")

DEFAULTS: dict[str, Any] = {
    # 002 REMOVE CASUALTIES: per hit, remove a Regular, make an Elite or a Special Elite a
    # Regular, or remove a leader; the first of these that the legion can take.
    "casualties": list(CASUALTY_KINDS),
    # 002 LEADER COMBAT ABILITIES: with more leaders than specials, which leaders' strips
    # apply: the most hits first, or the most shields first.
    "specials": "hits",
    # 002 CONTINUE THE BATTLE: the attacker goes on while stronger (more units than the
    # defender), always, never, or while it has at least N units.
    "continue": {"mode": "stronger", "units": 0},
    # 002 RETREAT: the defender retreats never, when weaker, or when below N units.
    "retreat": {"mode": "never", "units": 0},
    # 002 BATTLE ROUNDS SEQUENCE 1: Planning cards discarded for a die each round, at most N.
    "cards": 0,
    # 002 RETREAT: where this seat sends an enemy legion that retreats, by terrain, first
    # come first.
    "retreat_to": ["deep", "desert", "minor-erg", "plateau", "mountain"],
    # 002 CARRYALL TO THE RESCUE: save a harvester with a carryall when one can.
    "carryall": True,
    # the cards given up first when the rules make this seat discard (an opponent's card, the
    # hand limit): these, then the most recently drawn.
    "discard": [],
    # 002 CLAIM TIMING: the Action Resolution Prescience cards claimed as soon as their
    # requirements are met (those that spend no die).
    "claims": [],
    # 002 END OF THE ROUND: the named leaders on the board this seat replaces with generic
    # ones when the round ends.
    "swap": [],
}


def standing(state: State, seat: str) -> dict[str, Any]:
    """A seat's standing choices, defaults filled in."""
    own = state["hidden"]["standing"].get(seat, {})
    return {key: own.get(key, value) for key, value in DEFAULTS.items()}
