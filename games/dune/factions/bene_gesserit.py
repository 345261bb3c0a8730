"""The Bene Gesserit: their powers (000 Player Shields lines 769-791)."""

from __future__ import annotations

from typing import Any

from pbem.game import Event

from ..codes import EventCode
from ..rules import rules_of
from ..state import POLAR_SINK, State, factions_in
from .base import Faction


def stormed_in(state: State, territory: str) -> bool:
    """Some of the Bene Gesserit's forces in the territory lie under the storm, where advisors
    cannot flip to fighters (GF9 stormed in, 001 2.02.20)."""
    storm = state["storm"]["sector"]
    return territory != POLAR_SINK and any(
        int(sector) == storm and BeneGesserit.seat in by_faction
        for sector, by_faction in state["forces"].get(territory, {}).items())


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

    def placed_last(self, state: State, territory: str) -> list[Event]:
        """GF9 advanced starting forces (001 2.02.09): their advisor "If you are alone in the
        Territory, flip the advisor to a fighter"; among others it stays an advisor."""
        rules = rules_of(state)
        if not (rules.advisor_sides and rules.advantages) or territory == POLAR_SINK:
            return []
        if factions_in(state, territory) == [self.seat]:
            return []
        own = state["factions"][self.seat]
        own["coexisting"] = [*own["coexisting"], territory]
        return [Event(EventCode.COEXISTENCE, {"territory": territory, "coexist": True})]

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

    # --- hooks of battle

    def before_battles(self, state: State) -> list[Event]:
        """GF9 universal stewards (001 2.02.22): "When advisors are ever alone in a Territory
        before Battle Phase, they automatically flip to fighters", but under the storm (2.02.20;
        ``Rules.advisors_flip_when_alone``)."""
        rules = rules_of(state)
        own = state["factions"].get(self.seat)
        if own is None or not (rules.advisors_flip_when_alone and rules.advantages):
            return []
        alone = [t for t in own["coexisting"] if factions_in(state, t) == [self.seat]
                 and not stormed_in(state, t)]
        own["coexisting"] = [t for t in own["coexisting"] if t not in alone]
        return [Event(EventCode.COEXISTENCE, {"territory": t, "coexist": False}) for t in alone]

    # --- hooks of collection, alliances and victory

    def drop_out(self, state: State) -> list[Event]:
        """Their coexisting forces leave with the rest (004 line 193)."""
        state["factions"][self.seat]["coexisting"] = []
        return []

    # --- hooks of the views and reports

    def coexisting_in_view(self, view: dict[str, Any]) -> list[str]:
        """Their advisors' territories, the view's ``coexisting`` (000 XV.B.4-5)."""
        return view["coexisting"]
