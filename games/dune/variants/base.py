"""The hooks a variant may fill (001 4, "Variants"): every default is "nothing happens"."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from ..data import Act
from ..state import State


class Variant:
    """A variant's rules, as the hooks the phases call for every variant the game plays
    (``variants.in_play``); ``variants/<variant>.py`` subclasses this and overrides the hooks
    where its rules apply."""

    option: str = ""            # the ruleset's option that puts the variant in play

    def storm_placed(self, state: State, rng: random.Random) -> list[Event]:
        """The first storm of the game has moved (turn 1's storm phase): nothing."""
        return []

    def acted(self, state: State, seat: str, act: Act) -> list[Event]:
        """A faction has done ``act`` in the phase under way: nothing follows."""
        return []

    def phase_ends(self, state: State) -> list[Event]:
        """The phase under way is over, the next not yet begun: nothing."""
        return []

    def battle_won(self, state: State, winner: str, loser: str,
                   plans: dict[str, dict[str, Any]]) -> list[Event]:
        """``winner`` has defeated ``loser`` in a battle, its outcome applied: nothing."""
        return []

    def victory_points(self, state: State, seat: str) -> list[str]:
        """What beside the strongholds ``seat`` holds for victory, each counted as one
        stronghold held: nothing."""
        return []
