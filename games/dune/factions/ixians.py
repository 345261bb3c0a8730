"""The Ixians (001 2.07, the GF9 expansion "Ixians & Tleilaxu"): their powers as hooks.

Their Cyborgs and Suboids are kinds of force (``data/ixians/factions.yaml``: their worth, the
Cyborgs' revival cost and collection); the Hidden Mobile Stronghold is a place of the board
layer, put on the board and moved by ``ixians_hms``.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..data import Ability
from ..state import State, sheet
from . import ixians_hms, ixians_pocket
from .base import Faction

CYBORG, CYBORG_MOVES = "cyborg", 2        # 001 2.07.13


class Ixians(Faction):
    """The Ixians' hooks."""

    seat = "ixians"

    # --- hooks of set-up

    def holds_starting_cards(self, state: State) -> bool:
        """POCKET CARDS (001 2.07.04): the others draw from the Ixians' pocket pile."""
        return Ability.POCKET_CARDS in sheet(self.seat, state).abilities

    def set_up_prompts(self, state: State) -> list[Prompt]:
        if self.holds_starting_cards(state) and ixians_pocket.due(state, self.seat):
            return [ixians_pocket.prompt(state, self.seat)]
        return []

    def set_up_decision(self, state: State, kind: str, value: Any,
                        rng: random.Random) -> list[Event]:
        assert kind == "pocket", kind
        return ixians_pocket.keep(state, self.seat, value, rng)

    def behind_shield(self, state: State) -> dict[str, Any]:
        """The pocket cards while they choose (001 2.07.04)."""
        if self.holds_starting_cards(state) and ixians_pocket.due(state, self.seat):
            return {"pocket": ixians_pocket.pocket(state)}
        return {}

    # --- hooks of the storm and the spice blow

    def storm_prompts(self, state: State) -> list[Prompt]:
        """DEPLOY HMS once the first storm is placed (2.07.05); MOBILE ARMY STRONGHOLD HAJR
        before the storm moves (2.07.19, A)."""
        if not _holds(state, self.seat):
            return []
        if ixians_hms.placement_due(state, self.seat):
            return [ixians_hms.placement_prompt(state, self.seat)]
        if ixians_hms.move_due(state, self.seat):
            return [ixians_hms.move_prompt(state, self.seat)]
        return []

    def storm_keys(self, state: State) -> list[str]:
        """The keys of ``storm_prompts``, without their text."""
        if not _holds(state, self.seat):
            return []
        if ixians_hms.placement_due(state, self.seat):
            return [f"hms-placement:{self.seat}"]
        if ixians_hms.move_due(state, self.seat):
            return [f"hms-move:{self.seat}"]
        return []

    # --- hooks of shipment and movement

    def movement(self, state: State, base: int, forces: dict[str, int] | None) -> int:
        """CYBORG MOVEMENT (2.07.13): Cyborgs move two territories; SUBOID MOVEMENT (2.07.17):
        Suboids too "when accompanied by at least one Cyborg"."""
        return max(base, CYBORG_MOVES) if forces and forces.get(CYBORG) else base

    def storm_decision(self, state: State, kind: str, value: Any) -> list[Event]:
        if kind == "hms-placement":
            return ixians_hms.deploy(state, self.seat, value)
        assert kind == "hms-move", kind
        return ixians_hms.move(state, self.seat, value)


def _holds(state: State, seat: str) -> bool:
    """Their sheet in this game has the HMS (a basic ability: always, 001 2.07.01)."""
    return Ability.HIDDEN_MOBILE_STRONGHOLD in sheet(seat, state).abilities
