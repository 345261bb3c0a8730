"""The Bene Gesserit: their powers (000 Player Shields lines 769-791)."""

from __future__ import annotations

from pbem.game import Event

from ..state import State
from .base import Faction


class BeneGesserit(Faction):
    """The Bene Gesserit's hooks."""

    seat = "bene-gesserit"

    # --- hooks of set-up

    def start_placement(self) -> str:
        """Their one token (line 772) is placed after the Fremen (WBC III)."""
        return "last"

    # --- hooks of shipment and movement

    def coexisting_in(self, state: State, territory: str) -> bool:
        """Where ``state["coexisting"]`` says (000 XV.B.4; ``coexistence``)."""
        return territory in state["coexisting"]

    def admits_ally(self, state: State) -> bool:
        """Their ally may enter a territory they hold alone, and they coexist there (WBC
        clarification XV, 000 line 1314; the caller asks the ruleset)."""
        return True

    def declares_with_moves(self) -> bool:
        """A move into an occupied territory declares coexistence there (000 XV.B.5)."""
        return True

    # --- hooks of collection, alliances and victory

    def drop_out(self, state: State) -> list[Event]:
        """Their coexisting forces leave with the rest (004 line 193)."""
        state["coexisting"] = []
        return []
