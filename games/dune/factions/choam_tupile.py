"""Tupile occupied (001 4.10.12 "Tupile", the homeworlds option): "Occupier and their ally's
hand size is increased by 1 (discard down to normal limit when not occupying Tupile)".

CHOAM's homeworld raises the hand limit of its occupier and their ally for the turn of the
occupation (``Choam.hand_limit_cut``, negative: ``board.homeworlds.hand_bonus``).  Ruling: as
the turn ends, its occupations over, a hand over its limit discards at random, face up (by
mail no round is spent on it, as with the Moritani's Atomics, 2.12.14.03); the generator is
seeded from the whole state, so a replay discards the same cards.
"""

from __future__ import annotations

import random

import orjson

from pbem.game import Event

from ..board import homeworlds
from ..codes import EventCode
from ..discard_pile import discard
from ..rules import rules_of
from ..state import State
from .base import hand_limit


def hand_bonus(state: State, seat: str) -> int:
    """The cards more ``seat`` may hold this turn, Tupile's occupier or their ally."""
    return homeworlds.hand_bonus(state, seat) if state.get("places") else 0


def turn_ends(state: State) -> list[Event]:
    """The last phase of the turn over (its occupations ended): every hand over its limit
    discards at random."""
    if state["phase"] != rules_of(state).phases[-1] or not state.get("places"):
        return []
    rng = random.Random(orjson.dumps(state, option=orjson.OPT_SORT_KEYS))
    events = []
    for seat in state["seats"]:
        hand = state["factions"][seat]["hand"]
        while len(hand) > hand_limit(state, seat):
            card = hand.pop(rng.randrange(len(hand)))
            discard(state, seat, card)
            events.append(Event(EventCode.HAND_LIMIT_DISCARD, {"faction": seat, "card": card,
                                                               "rule": "4.10.12"}))
    return events
