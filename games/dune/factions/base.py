"""The hooks a faction may fill: every default is "this faction has no power here"."""

from __future__ import annotations

from typing import Any

from ..state import State


class Faction:
    """A faction's powers, as the hooks the phases call (``factions/<faction>.py`` subclasses
    this for each faction and overrides the hooks where its powers apply)."""

    seat: str = ""

    def upgrade(self, state: State) -> None:
        """Move what earlier code kept of this faction at the state's top level into its
        sheet (a stored game loads in today's shape); nothing by default."""

    # --- hooks of set-up
    def own_sheet(self) -> dict[str, Any]:
        """What this faction's sheet keeps at set-up beyond every faction's entries (the state
        of its own powers); nothing by default."""
        return {}

    # --- hooks of the storm and the spice blow

    # --- hooks of bidding

    # --- hooks of revival

    # --- hooks of shipment and movement

    # --- hooks of battle

    # --- hooks of collection, alliances and victory

    # --- hooks of the views and reports
    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """The territories where the faction's forces coexist, "as if they are not even on
        the board" (000 XV.B.4), as the public view shows them; none by default."""
        return []

    def behind_shield(self, state: State) -> dict[str, Any]:
        """What the faction alone sees behind its shield beyond what every faction sees of its
        own sheet (000 XIII.A-B); nothing by default."""
        return {}
