"""Dune v3.0's Main Leaders (003 "Main Leaders"), an option (``Rules.main_leader_gates``).

Each faction has a sixth leader, its Main Leader (``Leader.main`` in ``v3/leaders.yaml``;
strength ten, eight with the house rule "Main Leader Power Reduction"), who fights like any
leader but has no traitor card ("Main leaders do not have respective Traitor cards": he is in
no traitor draw, ``set_up``).  While he is in the tanks his faction, and its allies for an
alliance power, lose the powers he gates ("until such time as they are revived from the
tanks"; which ones is our ruling, ``Leader.gates``; ``factions.has`` asks ``base.gated``).
He "may be revived even if any or all other Leaders are alive", as the turn's one leader
revival, for his strength, without changing the order of the others' revivals (``leaders``).

"When all of a player's normal Leaders AND Main Leader are in the Axlotl Tanks at the same
time, that faction is out of the game.  All of that faction's Army Tokens are removed from the
board and all Treachery Cards are discarded.  Spice is returned to the Spice Bank."
(``falling``, asked whenever a battle has sent leaders to the tanks; ``dropout.knock_out``
takes such a faction out.)

Rulings (docs/rules-coverage.md, "Dune v3.0"):

- "In the tanks" is the Tleilaxu Tanks only: a Main Leader the Harkonnen hold captive gates
  nothing, and a faction with a leader held captive is not out.
- A faction out of the game keeps its seat and its player, with nothing to play: its forces
  are all in the tanks (the board's and its reserve, "removed" from play as a dropout's are,
  ``dropout``), and it gets no charity, no card, no revival, no turn in the movement round and
  no Nexus order; it wins nothing (``state["out"]``, ``out``).  Its alliance ends, but for a
  faction of a player of several, which stays his until command changes.
"""

from __future__ import annotations

from .factions.base import out as out
from .factions.base import playing
from .leaders import TANKS
from .rules import rules_of
from .state import State, data, faction_name


def main_leader(state: State, seat: str) -> str | None:
    """The name of the faction's Main Leader in this game, if it plays with them."""
    if not rules_of(state).main_leader_gates:
        return None
    leader = data(state).main_leader(faction_name(seat, state))
    return None if leader is None else leader.name


def falling(state: State) -> list[str]:
    """The factions still in the game whose leaders, their Main Leader with them, are all in
    the tanks now: out of the game (module docstring)."""
    if not rules_of(state).main_leader_gates:
        return []
    return [seat for seat in playing(state, state["seats"])
            if all(where == TANKS for where in state["factions"][seat]["leaders"].values())]
