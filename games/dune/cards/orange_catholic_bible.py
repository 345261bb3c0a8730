"""The Orange Catholic Bible's bar on discards (001 3.06.04): "You can only discard it by
playing it in your Battle Plan", asked by the powers and variants that discard a card of their
player's choice.  Its other half, forced into the loser's hand, is the battle's
(``phases.battle._forced_on_loser``)."""

from __future__ import annotations

from typing import Any

from ..data import Effect
from ..state import data


def only_in_a_plan(game: Any, card: str) -> bool:
    """Whether a card (its id) may be discarded only by playing it in a battle plan, never by a
    power's or a variant's discard of a card of choice (001 3.06.04; 001 4 item 3: a card's
    text over the powers')."""
    return Effect.DISCARDED_ONLY_IN_A_PLAN in data(game).treachery_card(card).effects
