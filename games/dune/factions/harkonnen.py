"""The Harkonnen: their powers (000 Player Shields lines 869-889)."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from ..rules import rules_of
from ..state import State, ally_of
from . import harkonnen_capture as capture
from .base import Faction


class Harkonnen(Faction):
    """The Harkonnen's hooks."""

    seat = "harkonnen"

    def upgrade(self, state: State) -> None:
        """Earlier code kept the captured leaders at the state's top level."""
        held = state.pop("captured", None)
        if held is not None and self.seat in state["factions"]:
            state["factions"][self.seat]["captured"] = held

    # --- hooks of battle

    def captives(self, state: State) -> list[str]:
        """The leaders they hold captured (line 884)."""
        return sorted(capture.held(state))

    def captives_seen(self, view: dict[str, Any]) -> list[str]:
        """The leaders they hold captured, from their own view."""
        return sorted(view["own"].get("captured", {}))

    def traitors_for(self, state: State, seat: str) -> dict[str, str]:
        """Their traitors betray their ally's opponents (line 888: "Leaders in your pay may
        also betray your allies opponents"; by mail their consent is taken as given); the
        leaders of ``seat`` they hold are in ``seat``'s pay (line 884; WBC X, line 1266), but
        under GF9, where only a traitor card calls a captured leader (001 2.05.14,
        ``Rules.captives_in_owners_pay``)."""
        found = dict.fromkeys(state["factions"][self.seat]["traitors"], self.seat) \
            if seat in ally_of(state, self.seat) else {}
        if not rules_of(state).captives_in_owners_pay:
            return found
        return found | dict.fromkeys(capture.taken_from(state, seat), seat)

    def captive_killed(self, state: State, name: str) -> str | None:
        """A captured leader killed goes to his owner's tanks (line 884)."""
        return capture.killed(state, name) if name in capture.held(state) else None

    def after_battle(self, state: State, winner: str | None, loser: str | None,
                     plans: dict[str, dict[str, Any]], territory: str, rng: random.Random
                     ) -> list[Event]:
        """The capture of a leader after their win (``harkonnen_capture``)."""
        return capture.after_battle(state, winner, loser, plans, territory, rng)

    # --- hooks of collection, alliances and victory

    def drop_out(self, state: State) -> list[Event]:
        """The leaders they hold captured go back to their owners (004 line 193)."""
        return capture.release_captured(state)

    # --- hooks of the views and reports

    def behind_shield(self, state: State) -> dict[str, Any]:
        """The leaders they hold captured (line 884; WBC line 1262: not public)."""
        return {"captured": dict(capture.held(state))}
