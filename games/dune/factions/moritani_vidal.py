"""The Moritani's DUKE VIDAL (001 2.12.17-18, text A): "At the end of the Shipment and Movement
Phase Duke Vidal becomes one of your Active Leaders if you are in at least two battles in
strongholds (not counting battles involving Ecaz) if he is not in the Tanks, taking him from any
faction he is currently an Active Leader for"; "During Mentat Pause Phase, if Duke Vidal is one
of your Active Leaders, set him aside if he's not in the Tanks or captured" (``duke_vidal``).

Ruling: a battle they "are in" at the end of the movement round is a stronghold they occupy
with a faction that is not their ally (001 1.07.01); Bene Gesserit advisors there fight none.
"""

from __future__ import annotations

from pbem.game import Event

from ..state import State, ally_of, data, occupants
from . import duke_vidal

ECAZ = "ecaz"               # 2.12.17: their battles with Ecaz do not count
BATTLES = 2                 # 2.12.17: "at least two battles in strongholds"
MOVEMENT = "movement"       # the phase at whose end they may take him
MENTAT_PAUSE = duke_vidal.MENTAT_PAUSE


def stronghold_battles(state: State, seat: str) -> list[str]:
    """The strongholds where ``seat`` will fight a battle, not counting battles with Ecaz
    (2.12.17): those it occupies with a faction not its ally nor Ecaz.  A stronghold lies in
    one sector, never split by the storm."""
    return [place.name for place in data(state).board.strongholds
            if seat in (here := occupants(state, place.name))
            and any(other not in (seat, ECAZ, *ally_of(state, seat)) for other in here)]


def end_of_movement(state: State, seat: str) -> list[Event]:
    """2.12.17 (A): at the end of the Shipment and Movement Phase, Duke Vidal one of
    ``seat``'s Active Leaders when they are in two battles in strongholds or more and he is not
    in the tanks, taken from any faction he leads for; theirs until the Mentat Pause."""
    if len(stronghold_battles(state, seat)) < BATTLES:
        return []
    return duke_vidal.take(state, seat, MENTAT_PAUSE, "battles")


def phase_ends(state: State, seat: str) -> list[Event]:
    """At the end of the movement round, theirs when in two stronghold battles; at the end of
    the Mentat Pause, set aside (2.12.18)."""
    if state["phase"] == MOVEMENT:
        return end_of_movement(state, seat)
    if state["phase"] == MENTAT_PAUSE:
        return duke_vidal.mentat_pause(state, seat)
    return []
