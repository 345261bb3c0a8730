"""Cards a faction may play as another card by a rule of the board (001 4.06.07.05: the
Shrine's occupant plays a Truthtrance as a Karama and a Karama as a Truthtrance): each found by
a callable a variant registers, asked by the card's module (``karama``, ``truthtrance``); none
in a game without such a rule.  Each is a rule of a place on the board (the board layer's
``places``, ``board.layer``): the cards' modules ask none of a state or a view without places,
a classic game's every step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PLACES = "places"       # the key of a game's places on the board: no rule here without them
Found = Callable[[Any, str, list[str]], list[str]]     # (game, seat, hand) -> cards
Where = Callable[[Any], bool]                           # game -> whether the rule is in it
_FOUND: dict[str, list[tuple[Where, Found]]] = {}


def register(card_type: str, found: Found, where: Where) -> None:
    """Register the cards of a hand a seat may play as a card of ``card_type``, by a rule in
    the games ``where`` answers for (asked first, so that a game without the rule asks no
    seat's hand), games with places on the board (module docstring)."""
    _FOUND.setdefault(card_type, []).append((where, found))


def any_for(card_type: str, game: Any) -> bool:
    """Whether any rule of the game lets a card stand in for one of ``card_type``."""
    return any(where(game) for where, _ in _FOUND.get(card_type, ()))


def cards(card_type: str, game: Any, seat: str, hand: list[str]) -> list[str]:
    """The cards of ``seat``'s hand it may play as a card of ``card_type`` (its own apart);
    a loop, not a comprehension: asked at every use of a Karama of every seat."""
    found: list[str] = []
    for where, found_by in _FOUND.get(card_type, ()):
        if where(game):
            found += found_by(game, seat, hand)
    return found
