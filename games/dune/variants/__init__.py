"""The variants of 001 4 a game may play, each a module of hooks the phases call.

A phase never names a variant: it calls the hooks of the variants in play (``storm_placed``,
``acted``, ``phase_ends``, ``battle_won``, ``victory_points``), each a no-op for a game that
plays none.  A variant is in play when the game's rules have its option on
(``Variant.option``, a field of the ruleset's class).  The tech tokens (001 4.05,
``tech_tokens``) are the first; discovery tokens (4.06), stronghold cards (4.04), leader skills
and homeworlds follow the same way.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event

from ..data import Act
from ..rules import rules_of
from ..state import State
from .base import Variant
from .tech_tokens import TechTokens

VARIANTS: tuple[Variant, ...] = (TechTokens(),)


def in_play(state: State | dict[str, Any]) -> tuple[Variant, ...]:
    """The variants the game (a state or a view) plays, in ``VARIANTS``'s order."""
    rules = rules_of(state)
    return tuple(variant for variant in VARIANTS if getattr(rules, variant.option, False))


def storm_placed(state: State, rng: random.Random) -> list[Event]:
    """Every variant's rules once the first storm has moved."""
    return [event for variant in in_play(state) for event in variant.storm_placed(state, rng)]


def acted(state: State, seat: str, act: Act) -> list[Event]:
    """Every variant's rules when a faction does ``act``."""
    return [event for variant in in_play(state) for event in variant.acted(state, seat, act)]


def phase_ends(state: State) -> list[Event]:
    """Every variant's rules at the end of the phase under way."""
    return [event for variant in in_play(state) for event in variant.phase_ends(state)]


def battle_won(state: State, winner: str, loser: str, plans: dict[str, dict[str, Any]]
               ) -> list[Event]:
    """Every variant's rules after a battle that ``winner`` won against ``loser``."""
    return [event for variant in in_play(state)
            for event in variant.battle_won(state, winner, loser, plans)]


def victory_points(state: State, seat: str) -> list[str]:
    """What beside the strongholds ``seat`` holds for victory, by every variant."""
    return [point for variant in in_play(state) for point in variant.victory_points(state, seat)]


__all__ = ["VARIANTS", "Variant", "acted", "battle_won", "in_play", "phase_ends",
           "storm_placed", "victory_points"]
