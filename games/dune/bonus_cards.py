"""Dune v3.0's bonus cards (003 "Claiming Bonus Cards", "Round 7: Collections", "Collections
Bonuses", "Round 8: Control").

At the end of the storm round each territory that gives bonus cards (the board's
``bonus_cards``: an Ornithopter, a Harvester and, with "Collections Bonuses", a Carryall for
Arrakeen and for Carthag; the Smugglers for Tuek's Sietch) gives one of each kind in play
(``Rules.bonus_cards``) to the faction controlling it; "The same player may claim both sets".
A faction holds its cards to the Control round, which returns them all "if the game has not
ended".  ``state["bonus_cards"]``: seat -> the cards it holds, one entry a card; public, as the
cities' controllers are.

What a card does:

- Ornithopter: its holder moves with ornithopters this turn (``state["ornithopters"]``, read by
  ``reach.has_ornithopters``).  Ruling, 003 silent: the 1979 ornithopters, a move of up to three
  territories (000 IX.C.2.a.1), whatever territory the group starts from.
- Harvester: "you may collect an additional Spice with each Army Token in any and all sectors
  (for a total of three Spice markers per Army Token)": three a force, one card or two.
- Carryall and Smugglers: "an additional two Spice directly from the Spice Bank for each such
  Bonus card in the Collections Round".

Ruling, "control" (003 never defines it): a faction controls a territory when it alone
occupies it, coexisting Bene Gesserit not counting (000 XV.B.4: "as if they are not even on the
board"); two factions there (the storm keeping them apart) leave it uncontrolled, so its cards
go to nobody.  That is how 003 can give a card "to the player who controls" a city: one player.
"""

from __future__ import annotations

from pbem.game import Event

from .codes import EventCode
from .data import BonusCard
from .rules import rules_of
from .state import State, data, occupants

HARVESTER_RATE = 3      # 003 "Round 7: Collections": "a total of three Spice ... per Army Token"
CARD_SPICE = 2          # 003 "Collections Bonuses": "an additional two Spice ... for each"


def controller(state: State, territory: str) -> str | None:
    """The faction controlling a territory: its one occupant (module docstring), if any."""
    present = occupants(state, territory)
    return present[0] if len(present) == 1 else None


def claim(state: State) -> list[Event]:
    """The end of the storm round: each controller of a territory giving bonus cards takes one
    of each kind in play, and the Ornithopter's holders have ornithopters this turn."""
    kinds = rules_of(state).bonus_cards
    if not kinds:
        return []
    held: dict[str, list[str]] = {}
    for territory in data(state).board.territories:
        cards = [card.value for card in territory.bonus_cards if card.value in kinds]
        seat = controller(state, territory.name) if cards else None
        if seat is not None:
            held.setdefault(seat, []).extend(cards)
    state["bonus_cards"] = {seat: sorted(held[seat]) for seat in state["seats"] if seat in held}
    return [Event(EventCode.BONUS_CARDS_CLAIMED, {"held": dict(state["bonus_cards"])})]


def holders(state: State, card: BonusCard) -> list[str]:
    """The factions holding a bonus card of this kind now, in seat order."""
    return [seat for seat, cards in state.get("bonus_cards", {}).items() if card.value in cards]


def held(state: State, seat: str, card: BonusCard) -> int:
    """How many bonus cards of this kind the faction holds."""
    return state.get("bonus_cards", {}).get(seat, []).count(card.value)


def collection_rate(state: State, seat: str) -> int | None:
    """Spice a force of the faction collects by its Harvester, if it holds one."""
    return HARVESTER_RATE if held(state, seat, BonusCard.HARVESTER) else None


def collection_bonus(state: State) -> list[Event]:
    """The Collections round's bonus from the bank: two spice a Carryall or Smugglers card
    (none held outside v3: no seat asked)."""
    events: list[Event] = []
    if not state.get("bonus_cards"):
        return events
    for seat in state["seats"]:
        for card in (BonusCard.CARRYALL, BonusCard.SMUGGLERS):
            count = held(state, seat, card)
            if count:
                state["factions"][seat]["spice"] += CARD_SPICE * count
                events.append(Event(EventCode.BONUS_SPICE, {
                    "faction": seat, "card": card.value, "cards": count,
                    "amount": CARD_SPICE * count}))
    return events


def returned(state: State) -> list[Event]:
    """The Control round, the game going on: every bonus card goes back to the stock."""
    if not state.get("bonus_cards"):
        return []
    state["bonus_cards"] = {}
    return [Event(EventCode.BONUS_CARDS_RETURNED, {})]
