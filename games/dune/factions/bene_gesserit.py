"""The Bene Gesserit: their powers (000 Player Shields lines 769-791)."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..rules import rules_of
from ..state import POLAR_SINK, State, factions_in
from . import bene_gesserit_coexistence as coexistence
from . import bene_gesserit_voice as voice
from .base import BattleTools, Faction
from .bene_gesserit_coexistence import BENE_GESSERIT, stormed_in

MOVEMENT = "movement"      # the round whose decisions are theirs (``Faction.decisions``)


class BeneGesserit(Faction):
    """The Bene Gesserit's hooks."""

    seat = BENE_GESSERIT
    precedence = {"before_plans": 1}     # the Voice: steps 1-2 (000 lines 1214-1242)

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

    def coexisting(self, state: State) -> list[str]:
        """Where their advisors coexist (000 XV.B.4-5)."""
        return coexistence.coexisting(state)

    def movement_opening(self, state: State) -> bool:
        """They declare before anyone moves where they share a territory (WBC line 1305;
        GF9 wartime, 001 2.02.18), when they may coexist."""
        return coexistence.coexistence_allowed(state) and coexistence.declares_first(state)

    def movement_begins(self, state: State) -> list[Event]:
        """Every territory among others gets its default status (XV.B.5)."""
        return coexistence.start_of_round(state, {})

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """Their declarations ahead and their advisor policy in the movement round (shield 2,
        XV.B.3-5), which it asks once."""
        return [coexistence.prompt(state)] if phase == MOVEMENT else []

    def decision_keys(self, state: State, phase: str) -> list[str]:
        return [coexistence.KEY] if phase == MOVEMENT else []

    def decide(self, state: State, phase: str, kind: str, value: Any, rng: random.Random
               ) -> list[Event]:
        """The policy kept; the declarations made now (before anyone moves, or with every
        turn at once), or held for the turns to come."""
        coexistence.keep(state, value)
        wanted = dict(value.get("declare", {}))
        step = state["step"]
        if step["opening"] or step["mode"] == "batched":
            return coexistence.start_of_round(state, wanted)
        step["ahead"].update(wanted)
        return []

    def arrived(self, state: State, mover: str, territory: str, wish: bool | None, count: int,
                source: str | None) -> list[Event]:
        """They declare where they now share a territory (XV.B.5; GF9 sides, 001 2.02.14-21)."""
        return coexistence.on_arrival(state, mover, territory, wish, count, source)

    def shipped_from_reserve(self, state: State, shipper: str, territory: str, sector: int
                             ) -> list[Event]:
        """Their free advisor goes with the shipment, by their policy (shield 2, XV.B.3)."""
        return coexistence.advisors_go(state, shipper, territory, sector)

    # --- hooks of battle

    def before_plans_decision(self, state: State, battle: dict[str, Any]
                              ) -> tuple[Prompt, str] | None:
        """The Voice, when they or their ally fight (line 790)."""
        return voice.decision(state, battle)

    def before_plans_key(self, state: State, battle: dict[str, Any]) -> str | None:
        return voice.key(state, battle)

    def before_plans(self, state: State, orders: dict[str, Any], wanted: dict[str, list[str]],
                     tools: BattleTools) -> list[Event]:
        """The Voice given and published; a Karama may cancel it (steps 1-2)."""
        return voice.step(state, orders, wanted, tools)

    def at_reveal(self, state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
        """A side that did not obey the Voice is announced (WBC line 1250)."""
        return voice.not_obeyed(state, plans)

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
