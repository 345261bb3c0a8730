"""Cards a faction may play as another card by a rule of the board (001 4.06.07.05: the
Shrine's occupant plays a Truthtrance as a Karama and a Karama as a Truthtrance): each found by
a callable a variant registers, asked by the card's module (``karama``, ``truthtrance``); none
in a game without such a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Found = Callable[[Any, str, list[str]], list[str]]     # (game, seat, hand) -> cards
_FOUND: dict[str, list[Found]] = {}


def register(card_type: str, found: Found) -> None:
    """Register the cards of a hand a seat may play as a card of ``card_type``."""
    _FOUND.setdefault(card_type, []).append(found)


def any_for(card_type: str) -> bool:
    """Whether any rule lets a card stand in for one of ``card_type``."""
    return card_type in _FOUND


def cards(card_type: str, game: Any, seat: str, hand: list[str]) -> list[str]:
    """The cards of ``seat``'s hand it may play as a card of ``card_type`` (its own apart)."""
    return [card for found in _FOUND.get(card_type, ()) for card in found(game, seat, hand)]
