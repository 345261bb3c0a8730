"""The Moritani Nexus card's SABOTAGE (001 4.03.07.13, text B; option ``nexus_cards_named``):
"Play after Battle Wheel. Choose a random Treachery Card from your opponent's hand, look at
it, then Set it Aside facedown. Give that player a Treachery Card of your choice from your
hand if able. Add the Set Aside card to your hand."

Rulings (docs/rules-coverage.md, "001 GF9 variants: Nexus cards"): by mail the card is set
when played (``NEXUS PLAY <card>``, the card of one's hand to give), told to its holder alone,
and carried out once the holder's next battle is over (``variants.nexus_cards.FOUGHT``: after
the wheels, the cards played in it discarded or kept); the card taken is one of the
opponent's hand at random; the card given the one the line named, or where it is no longer
held the first of the hand by name, none from an empty hand.  With the opponent's hand empty
the card stays set.  The table learns that a card was taken (and whether one was given), the
two factions which.
"""

from __future__ import annotations

import random

from pbem.game import Event

from ..codes import EventCode
from ..state import State, data


def sabotage(state: State, holder: str, opponent: str, named: str | None,
             rng: random.Random) -> list[Event] | None:
    """A card of ``opponent``'s hand at random set aside, ``named`` (or another) of
    ``holder``'s given it, the card set aside added to ``holder``'s hand; None where the
    opponent's hand is empty."""
    theirs, mine = state["factions"][opponent]["hand"], state["factions"][holder]["hand"]
    if not theirs:
        return None
    taken = theirs.pop(rng.randrange(len(theirs)))
    name_of = data(state).treachery_card
    given = next((c for c in mine if name_of(c).name == named), None) or next(
        iter(sorted(mine, key=lambda c: name_of(c).name)), None)
    if given is not None:
        mine.remove(given)
        theirs.append(given)
    mine.append(taken)
    return [Event(EventCode.NEXUS_SABOTAGE, {"faction": holder, "of": opponent,
                                             "given": given is not None}),
            Event(EventCode.NEXUS_SABOTAGE_CARDS, {
                "faction": holder, "of": opponent, "taken": name_of(taken).name,
                "given": name_of(given).name if given else None}, to=(holder, opponent))]
