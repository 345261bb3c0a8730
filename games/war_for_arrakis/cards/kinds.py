"""Every step kind loaded (each module registers its own, ``effect.step``), and checked to be
the kinds the data may use (``data.model.STEP_KINDS``)."""

from __future__ import annotations

from ..data.model import STEP_KINDS
from . import card_steps, desert_steps, enemy_steps, legion_steps, track_steps
from .effect import STEPS

MODULES = (card_steps, desert_steps, enemy_steps, legion_steps, track_steps)
assert set(STEPS) == STEP_KINDS, sorted(set(STEPS) ^ STEP_KINDS)
