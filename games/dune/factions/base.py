"""The hooks a faction may fill: every default is "this faction has no power here"."""

from __future__ import annotations

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

    def coexisting_in(self, state: State, territory: str) -> bool:
        """Whether the faction's forces in the territory coexist, "as if they are not even on
        the board" (000 XV.B.4, line 506): no."""
        return False

    def admits_ally(self, state: State) -> bool:
        """Whether, alone in a territory, the faction lets its ally enter it, which XII.E.5
        (line 467) forbids: no."""
        return False

    def declares_with_moves(self) -> bool:
        """Whether the faction's moves may end with ``COEXIST`` or ``FIGHT`` (000 XV.B.5): no."""
        return False

    # --- hooks of battle

    # --- hooks of collection, alliances and victory

    # --- hooks of the views and reports
