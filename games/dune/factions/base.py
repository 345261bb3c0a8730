"""The hooks a faction may fill: every default is "this faction has no power here"."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from ..state import State


class Faction:
    """A faction's powers, as the hooks the phases call (``factions/<faction>.py`` subclasses
    this for each faction and overrides the hooks where its powers apply)."""

    seat: str = ""

    def upgrade(self, state: State) -> None:
        """Move what earlier code kept of this faction at the state's top level into its
        sheet (a stored game loads in today's shape); nothing by default."""

    # --- hooks of set-up

    # --- hooks of the storm and the spice blow

    # --- hooks of bidding

    # --- hooks of revival

    # --- hooks of shipment and movement

    # --- hooks of battle
    def battle_sheet(self) -> dict[str, Any]:
        """What the faction's sheet keeps of its battles from the set-up on: nothing."""
        return {}

    def counts_full_without_spice(self) -> bool:
        """Whether its forces, and its ally's in their own battles, count full without spice
        in advanced combat (WBC house rule 6, line 1059): no."""
        return False

    def may_add_kwisatz_haderach(self, record: dict[str, Any]) -> bool:
        """Whether the Kwisatz Haderach of this record may fight with its leader (000 line
        762): it has none."""
        return False

    def captives(self, state: State) -> list[str]:
        """Other factions' leaders it may play as its own (000 line 884): none."""
        return []

    def traitors_for(self, state: State, seat: str) -> dict[str, str]:
        """The leaders its power puts in ``seat``'s pay beside ``seat``'s own traitors, each
        with the faction that holds him: none."""
        return {}

    def captive_killed(self, state: State, name: str) -> str | None:
        """A leader it played is killed in battle: the owner whose tanks he goes to when he
        is another's (000 line 884), else None."""
        return None

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """What its power does once a battle's outcome is applied: nothing."""
        return []

    def battle_losses(self, state: State, lost: dict[str, int]) -> list[Event]:
        """The forces each faction lost in a battle, as its power counts them: not at all."""
        return []

    # --- hooks of collection, alliances and victory

    # --- hooks of the views and reports
