"""The bidding round (000 VIII).  Being written: for now the phase passes."""

from __future__ import annotations

import random

from pbem.game import Event

from .state import State


def begin(state: State, rng: random.Random) -> list[Event]:
    return []
