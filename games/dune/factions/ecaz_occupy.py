"""Ecaz's OCCUPY (001 2.11.18, text A) and what follows from it for strongholds (2.11.21-22).

- 2.11.18: "When you are in an alliance, you and your ally's Forces do not go to the tanks at
  the end of either of your movement actions' when Occupying the same Territory" (the alliance
  constraint of 1.06.07 spares them: ``Faction.occupies_with_ally``).  "When you are both
  collecting spice from a desert Territory, you split the collection however you both agree,
  or as evenly as possible with your ally gaining the remainder if you can't agree": by mail
  they are not asked (ruling): what their forces collect together, up to the spice there, is
  split as evenly as their forces allow, the odd spice to the ally
  (``Faction.collection_split``).
- 2.11.21: "If you and your ally both Occupy a stronghold at the end of a Turn, it only counts
  as one stronghold for both of you, and you Control it" (``Faction.controls_shared``: the
  stronghold held by Ecaz alone, so counted once for the alliance).
- 2.11.22: "If you and your ally are both Co-Occupied in three strongholds, it only takes three
  strongholds for you and your ally to win" (``Faction.victory_needs``): three such strongholds
  win the alliance, whatever the number an alliance needs (four, 1.09.03).
"""

from __future__ import annotations

from typing import Any

from ..data import Ability
from ..state import ally_of, data, occupants
from .base import has


def together(game: Any, ecaz: str, seat: str, ally: str) -> bool:
    """Whether ``seat`` and ``ally`` are Ecaz and their ally, with OCCUPY."""
    return (ecaz in (seat, ally) and ally in ally_of(game, seat)
            and has(game, ecaz, Ability.OCCUPY))


def split(game: Any, ecaz: str, could: dict[str, int], spice: int) -> dict[str, int] | None:
    """2.11.18: Ecaz and their ally both collecting one territory's spice: what they collect
    together split as evenly as possible, the ally taking the remainder; the others as the
    rules say (None: nobody else collects there, allies and enemies do not share it)."""
    allies = [s for s in could if s != ecaz and s in ally_of(game, ecaz)]
    if ecaz not in could or not allies or set(could) != {ecaz, allies[0]} or not has(
            game, ecaz, Ability.OCCUPY):
        return None
    ally = allies[0]
    total = min(could[ecaz] + could[ally], spice)
    own = min(could[ecaz], total // 2)
    theirs = min(could[ally], total - own)
    return {ecaz: total - theirs, ally: theirs}


def controller(game: Any, ecaz: str, present: list[str]) -> str | None:
    """2.11.21: Ecaz, where they and their ally together occupy a stronghold."""
    if ecaz not in present or not has(game, ecaz, Ability.OCCUPY):
        return None
    return ecaz if set(present) - {ecaz} <= set(ally_of(game, ecaz)) else None


def shared_strongholds(game: Any, ecaz: str) -> list[str]:
    """The strongholds Ecaz and their ally both occupy."""
    allies = ally_of(game, ecaz)
    return [place.name for place in data(game).board.strongholds
            if ecaz in (here := occupants(game, place.name)) and any(a in here for a in allies)]


SPECIAL_VICTORY = 3         # 2.11.22: "it only takes three strongholds"


def needs(game: Any, ecaz: str, party: list[str], needed: int | None) -> int | None:
    """2.11.22: three strongholds both occupy win Ecaz's alliance."""
    if (ecaz not in party or len(party) < 2 or not has(game, ecaz, Ability.OCCUPY)
            or len(shared_strongholds(game, ecaz)) < SPECIAL_VICTORY):
        return needed
    return SPECIAL_VICTORY if needed is None else min(needed, SPECIAL_VICTORY)
