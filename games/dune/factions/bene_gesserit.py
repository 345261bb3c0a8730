"""The Bene Gesserit: their powers (000 Player Shields lines 769-791)."""

from __future__ import annotations

from typing import Any

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
    def own_sheet(self) -> dict[str, Any]:
        """The territories where they coexist (000 XV.B.4-5; ``bene_gesserit_coexistence``):
        none at the start."""
        return {"coexisting": []}

    # --- hooks of the views and reports
    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """Their advisors' territories, the view's ``coexisting`` (000 XV.B.4-5)."""
        return view["coexisting"]
