"""The Nullentropy Box's search of the treachery discard pile (001 3.03.06), which the Richese
Nexus card's NULLENTROPY BOX makes too (001 4.03.07.11, text B): the cache card by mail is
``cache_specials``'s, the Nexus card's the Richese's (``factions/richese.py``)."""

from __future__ import annotations

import random

from ..state import State, data

NULLENTROPY = "Nullentropy Box"
PRICE = 2                                   # 001 3.03.06: "Pay 2 spice to the Spice Bank"


def search(state: State, seat: str, name: str, rng: random.Random) -> bool:
    """001 3.03.06 (and the Richese Nexus card's NULLENTROPY BOX, 4.03.07.11 B): 2 spice paid
    to the bank, the card ``name`` taken from the discard pile into ``seat``'s hand, the pile
    shuffled and laid face up again; False, nothing done, where the pile lacks it (or it is a
    Nullentropy Box) or ``seat`` the spice."""
    own = state["factions"][seat]
    pile = state["decks"]["treachery_discard"]
    taken = next((c for c in pile if data(state).treachery_card(c).name == name), None)
    if taken is None or name == NULLENTROPY or own["spice"] < PRICE:
        return False
    own["spice"] -= PRICE
    pile.remove(taken)
    own["hand"].append(taken)
    rng.shuffle(pile)
    return True


def searchable(state: State) -> list[str]:
    """The cards of the discard pile (face up) a search may take: every one but a Nullentropy
    Box, by name."""
    pile = state["decks"]["treachery_discard"]
    return sorted({data(state).treachery_card(c).name for c in pile} - {NULLENTROPY})
