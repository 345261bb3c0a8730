"""The Sandtrout, the Ixians & Tleilaxu expansion's spice card (001 4.08.02, a variant spice
card; the GF9 option ``sandtrout``): shuffled into the spice deck, and when it is turned

- every alliance ends at once;
- the card is set aside (``state["sandtrout"]``) and another card turned in its place;
- the next Shai-Hulud turned, this turn or later, is discarded without effect (no worm, no
  Nexus) and another card turned: a territory card then has its spice blow doubled.

Rulings where 001 is silent (docs/sources.md names both implementations):

- on turn 1 the Sandtrout is set aside with that turn's worms and shuffled back at the end of
  the phase (001 1.02.03 for the worms; treachery.online does the same for the Sandtrout);
- once it has cancelled a worm the Sandtrout goes onto the discard pile beneath that worm, so
  it comes back at the next reshuffle (treachery.online; DuneBot keeps it out of the game);
- a worm turned while it waits is cancelled whichever pile turns it, and the doubling falls on
  the next territory card of that pile.
"""

from __future__ import annotations

from pbem.game import Event

from ..codes import EventCode
from ..state import State

SANDTROUT = "Sandtrout"


def turned(state: State) -> list[Event]:
    """The Sandtrout turned after turn 1: the alliances end, the card waits aside."""
    ended = [list(alliance) for alliance in state["alliances"]]
    state["alliances"] = []
    state["sandtrout"] = SANDTROUT
    return [Event(EventCode.SANDTROUT, {}),
            *(Event(EventCode.ALLIANCE_ENDED, {"alliance": a}, concerns=tuple(a))
              for a in ended)]


def cancels(state: State) -> bool:
    """Whether the Sandtrout waits to cancel the worm just turned."""
    return state.get("sandtrout") == SANDTROUT


def cancel(state: State, pile: list[str]) -> list[Event]:
    """The worm on top of ``pile`` cancelled: the Sandtrout goes beneath it, the next
    territory card of the pile is doubled (``step["doubled"]``)."""
    del state["sandtrout"]
    pile.insert(len(pile) - 1, SANDTROUT)
    state["step"]["doubled"] = True
    return [Event(EventCode.WORM_CANCELLED, {"card": pile[-1]})]


def amount(state: State, spice: int) -> int:
    """A territory card's spice, doubled once after a cancelled worm."""
    return spice * 2 if state["step"].pop("doubled", False) else spice
