"""The Shrine (001 4.06.07.05; a discovery location of the gf9 option ``discovery_tokens``,
``variants.discovery_locations``): "If you occupy this Territory, you may play Truthtrance as a
Karama card, and vice versa."

While a faction occupies the Shrine on the board, its Truthtrances are cards it may play as a
Karama (registered in ``cards.stand_ins``, asked by ``karama.cards_for``: every use of a
Karama card, its Karama powers' offers included, ``karama.holds``) and its Karamas cards it may
play as a Truthtrance (``truthtrance.card``: the Truthtrance's question offered to it and
played with the card).  No word of its own: the
card is played by the order that plays a Karama or a Truthtrance.

Rulings (docs/rules-coverage.md, "001 GF9 variants: discovery tokens"): "occupy" is the
glossary's (forces there, coexisting advisors apart); played as a Karama, a Truthtrance is
spent before a Karama card (the Karama serves everywhere, the Truthtrance so only here), and
played as a Truthtrance, a Truthtrance is spent before a Karama; a card's own use stays (a
Karama is still a Karama).  The occupancy is asked as the card is played: of a state, or of a
seat's view for its bots; a battle plan's Karama against the Harkonnen's capture is offered by
the occupancy as the plan is written (``battle_plan._side``) and played if it still holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import karama, stand_ins
from ..data import CardType
from ..state import data, occupants

SHRINE = "Shrine"


def _on_board(game: Any) -> bool:
    """Whether the board of a state or a view has the Shrine (a game's rules have no board;
    a plain state's type is found first, an ABC's check being slow)."""
    return ((type(game) is dict or isinstance(game, Mapping))
            and SHRINE in (game.get("places") or {}))


def _occupies(game: Any, seat: str) -> bool:
    """Whether ``seat`` occupies the Shrine on the board of a state or a view that has it."""
    return seat in occupants(game, SHRINE)


def _as_karama(game: Any, seat: str, hand: list[str]) -> list[str]:
    """The seat's Truthtrances while it occupies the Shrine."""
    if not _occupies(game, seat):
        return []
    truthtrances = data(game).card_ids(CardType.TRUTHTRANCE)
    return [card for card in hand if card in truthtrances]


def _as_truthtrance(game: Any, seat: str, hand: list[str]) -> list[str]:
    """The seat's Karama cards while it occupies the Shrine."""
    return karama.karama_cards(game, hand) if _occupies(game, seat) else []


stand_ins.register(CardType.KARAMA, _as_karama, _on_board)
stand_ins.register(CardType.TRUTHTRANCE, _as_truthtrance, _on_board)
