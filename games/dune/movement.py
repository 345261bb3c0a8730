"""Shipment and movement (000 IX.C).  Being written: for now the phase passes."""

from __future__ import annotations

import random

from pbem.game import Event

from .state import State


def begin(state: State, rng: random.Random) -> list[Event]:
    return []
