"""The Old Man of the Desert, an optional rule (002 OLD MAN OF THE DESERT (OPTIONAL), lines 295
and 1511; the game file's option ``old_man: true``).

A Desert Power action, with a sandworm on the board, takes every sandworm and wormsign off it
(the sandworms before the Atreides, ``old_man_worms``) and puts the Old Man in an Outer Sector
(``old_man``).  There he fills every area of his sector with a wormsign for sandriding, and no
sandworm nor wormsign may be placed anywhere.  A Desert Power action and a sandworm from
before the Atreides move him to an adjacent Outer Sector, or make him attack a harvester
alone or a Harkonnen legion of his sector as the Wild Maker does; he stays after attacking.
The Desert Hazards phase begins with him leaving and the sandworms before the Atreides
discarded.  The Atreides never gain nor use Bene Gesserit tokens in such a game.

Rulings where 002 is silent: the Wild Maker is a sandworm for all rules (002 WILD MAKER), so
it is taken off the board with the others and leaves play with them; "unprotected" is a
harvester alone in its area (002 ATTACKING HARVESTERS), one with a legion falling with the
legion; the Old Man attacks any area of his sector a sandworm may attack (002 SANDWORM
ATTACK: never a Mountain; a legion in a Desert, Plateau or Minor Erg area); two Outer Sectors
are adjacent when an area of one borders an area of the other.
"""

from __future__ import annotations

import functools

from .state import State, data

OPTION = "old_man"


def in_game(state: State) -> bool:
    """Whether the game plays the optional rule."""
    return bool(state["options"].get(OPTION))


def sector(state: State) -> str | None:
    """The Outer Sector the Old Man is in, or None while he is off the board."""
    return state.get(OPTION)


def ridden_areas(state: State) -> frozenset[str]:
    """The areas that count as holding a wormsign for sandriding: all of the Old Man's
    sector."""
    found = sector(state)
    return frozenset(data().board.in_sector[found]) if found else frozenset()


def outer_sectors() -> list[str]:
    return [s.id for s in data().board.sectors.values() if s.ring == "outer"]


@functools.cache
def adjacent_outer(start: str) -> tuple[str, ...]:
    """The Outer Sectors bordering ``start``: an area of one beside an area of the other."""
    board = data().board
    mine = set(board.in_sector[start])
    return tuple(s for s in outer_sectors() if s != start
                 and any(set(board.touching[a]) & mine for a in board.in_sector[s]))


def blocks_worms(state: State) -> bool:
    """While the Old Man is on the board no sandworm nor wormsign is placed in any way."""
    return sector(state) is not None


def sector_name(sector_id: str) -> str:
    found = data().board.sectors.get(sector_id)
    return found.name if found else sector_id
