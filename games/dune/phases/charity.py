"""CHOAM Charity as a phase of its own (GF9, 001 1.03): every faction with 0 or 1 spice is
topped up to 2 from the bank (1.03.02), once a turn (1.03.03).  By mail every faction that may
call "CHOAM Charity" is deemed to, as in the classic bidding round (``bidding.charity``, which
the classic rulesets pay at the start of their bidding round instead).
"""

from __future__ import annotations

import random

from pbem.game import Event

from ..state import State
from .bidding import charity


def begin(state: State, rng: random.Random) -> list[Event]:
    """Pay the charity; the phase asks nothing and is over at once."""
    return charity(state)
