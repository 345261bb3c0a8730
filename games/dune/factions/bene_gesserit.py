"""The Bene Gesserit: their powers (000 Player Shields lines 769-791)."""

from __future__ import annotations

from typing import Any

from pbem.game import Event

from ..state import State
from .base import Faction


class BeneGesserit(Faction):
    """The Bene Gesserit's hooks."""

    seat = "bene-gesserit"

    def upgrade(self, state: State) -> None:
        """Earlier code kept the territories where they coexist (000 XV.B.4-5) at the state's
        top level, even without them in the game; their sheet keeps them now."""
        if "coexisting" in state:
            coexisting = state.pop("coexisting")
            if self.seat in state["factions"]:
                state["factions"][self.seat]["coexisting"] = coexisting

    # --- hooks of set-up

    def start_placement(self) -> str:
        """Their one token (line 772) is placed after the Fremen (WBC III)."""
        return "last"

    def own_sheet(self) -> dict[str, Any]:
        """The territories where they coexist (000 XV.B.4-5; ``bene_gesserit_coexistence``):
        none at the start."""
        return {"coexisting": []}

    # --- hooks of shipment and movement

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
        state["factions"][self.seat]["coexisting"] = []
        return []

    # --- hooks of the views and reports

    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """Their advisors' territories, the view's ``coexisting`` (000 XV.B.4-5)."""
        return view["coexisting"]
