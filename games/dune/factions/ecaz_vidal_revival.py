"""Ecaz's REVIVAL (001 2.11.23-24, text A): Duke Vidal and their own leaders.

- 2.11.23: "You may always revive Duke Vidal for 5 spice, no matter how many of your leaders
  are in the Tanks": while he is in the tanks he is offered them at his price (his
  ``revival_cost``, 5), as one of the leaders they revive for spice this turn; revived, he is
  set aside (``duke_vidal.revived``, through ``Faction.leader_back``).
- 2.11.24: "You may revive leaders normally when at least 5 of your leaders are in the Tanks
  (counting Duke Vidal) until all of your revivable leaders have been revived per 1.05.04":
  with five in the tanks, Duke Vidal counted wherever he died, they revive a leader of theirs
  as a faction with no Active Leader would (``leaders.revivable`` over their leaders in the
  tanks: face up first, one killed again waiting for the others, 1.05.05), for his value.

Ruling: as the project reads 1.05.04 (``leaders.py``), the condition is asked every turn; a
leader so revived is not noted in ``leaders_revived`` (their leaders alive, 1.05.04's own
revival has not begun), as a leader another's power prices (001 2.08.14) is not.
"""

from __future__ import annotations

from typing import Any

from .. import leaders
from ..rules import rules_of
from ..state import data
from . import duke_vidal

IN_TANKS = 5                # 2.11.24: "at least 5 of your leaders are in the Tanks"


def offers(game: Any, seat: str) -> tuple[tuple[str, int], ...]:
    """The leaders Ecaz may revive for spice now beyond the rules of leader revival, with their
    prices (``RevivalTerms.offers``), from a state or their own view."""
    found = list(duke_vidal.offer(game, data(game).leader(duke_vidal.NAME)))  # 2.11.23
    places = game["own"]["leaders"] if "own" in game else game["factions"][seat]["leaders"]
    dead = {name: where for name, where in places.items() if where in leaders.IN_TANKS}
    if len(dead) + duke_vidal.in_tanks(game) < IN_TANKS or len(dead) == len(places):
        return tuple(found)         # fewer than five; or none alive: the rules' own revival
    revived = game["factions"][seat]["leaders_revived"]
    found += [(name, data(game).leader(name).strength) for name in leaders.revivable(
        dead, list(revived), rules_of(game).leader_revival_until_all_back)]     # 2.11.24
    return tuple(found)
