"""A player who leaves a game (004 "Dropouts", lines 189-193): "All of the player's tokens and
non-captured leaders will be removed from the game, spice returned to the bank, and cards
returned to the discard pile.  (If the Harkonnen drops out, any captured leaders will be
returned to their owners.)  All of the remaining players will continue the game".

Rulings:

- The faction stays a seat of the game, listed in ``state["dropouts"]``, and plays only its
  defaults from then on, filed at once (the GM's DROPOUT sets its civil disorder to
  ``dropout``): it passes, bids nothing, ships and moves nothing.
- Its forces on the board and in its reserve, and its leaders not captured, go to the Tleilaxu
  Tanks: out of play, as the rules have no other place for a token "removed from the game",
  and the forces stay counted (20 each, 000 II.B.1.c).  Forces it may later revive to its
  reserve never come back to the board, as it ships nothing.
- Its alliance ends (its allies play on unallied, or allied together if two remain), the spice
  it was promised or owed under WBC house rule 5 is dropped, and it can win nothing: not the
  Guild's or the Fremen's default, not a Bene Gesserit prediction (``victory``).
- Its traitor cards stay where they are: no rule moves them, and nobody sees them.
"""

from __future__ import annotations

from pbem.game import Event

from . import factions, tokens
from .codes import EventCode
from .discard_pile import discard
from .forces import add, remove_forces
from .leaders import ALIVE, TANKS
from .state import State, copy_state


def drop_out(state: State, seat: str) -> tuple[State, list[Event]]:
    """The state with ``seat`` out of the game (004 line 193), and the events of what its
    faction alone kept leaving with it (``Faction.drop_out``: the Harkonnen's captives going
    home)."""
    assert seat in state["seats"] and seat not in state.get("dropouts", []), seat
    state = copy_state(state)
    events = remove_from_game(state, seat)
    state["dropouts"] = [*state.get("dropouts", []), seat]
    return state, events


def knock_out(state: State, seat: str) -> list[Event]:
    """v3: the faction whose six leaders are all in the tanks leaves the game (003 "Main
    Leaders": "All of that faction's Army Tokens are removed from the board and all Treachery
    Cards are discarded.  Spice is returned to the Spice Bank"), as a dropout does; a faction
    of a player of several stays in his alliance (``main_leaders``)."""
    events = remove_from_game(state, seat, keep_alliance=bool(state.get("commanders")))
    state["out"] = [*state.get("out", []), seat]
    return [Event(EventCode.FACTION_OUT, {"faction": seat}), *events]


def remove_from_game(state: State, seat: str, keep_alliance: bool = False) -> list[Event]:
    """Everything of the faction's out of play, in place: forces to the tanks, leaders not
    captured too, cards discarded, spice to the bank, its alliance ended (unless
    ``keep_alliance``), its transfers, bribes and bonus cards dropped; the events of what its
    own power does as it goes (``Faction.drop_out``)."""
    faction = state["factions"][seat]
    _forces_to_tanks(state, seat)
    for name, where in faction["leaders"].items():
        if where == ALIVE:
            faction["leaders"][name] = TANKS
    for card in faction["hand"]:
        discard(state, seat, card)
    faction["hand"] = []
    faction["spice"] = 0
    if not keep_alliance:
        state["alliances"] = [kept for alliance in state["alliances"]
                              if len(kept := [s for s in alliance if s != seat]) > 1]
    state["transfers"] = [t for t in state.get("transfers", []) if seat not in t[:2]]
    state.get("bribes", {}).pop(seat, None)     # GF9 (001 1.12.03): its bribes, to the bank
    state.get("bonus_cards", {}).pop(seat, None)    # v3 (003): its bonus cards, to the stock
    state["ornithopters"] = [s for s in state["ornithopters"] if s != seat]
    tokens.drop_out(state, seat)                # "All of the player's tokens": out of play
    return factions.power(seat, state).drop_out(state)


def _forces_to_tanks(state: State, seat: str) -> None:
    """Every force of the faction on the board and in its reserve put in its tanks."""
    faction = state["factions"][seat]
    for territory in list(state["forces"]):
        for sector, by_faction in list(state["forces"][territory].items()):
            if seat in by_faction:
                here = dict(by_faction[seat])
                remove_forces(state, seat, territory, int(sector), here)
                add(faction["tanks"], here)
    add(faction["tanks"], faction["reserve"])
    faction["reserve"] = {}
