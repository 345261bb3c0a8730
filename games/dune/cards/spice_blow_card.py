"""The Spice Blow card of the Landsraad pack for 9 or more players (001 3.06.05): "Play at
the end of the Spice Blow and Nexus Phase.  Create an additional Spice Blow by revealing cards
(shuffling all non-territory cards Revealed this way back into the deck) until a Territory Card
is revealed and Put on an additional Spice Card Discard pile.  Subsequent Turns will now
include this additional Spice Blow until a Nexus occurs.  Set Aside this card.  When a Nexus
occurs add this card to the Treachery Discard pile."

By mail (rulings, docs/rules-coverage.md "001 GF9: big games and the Landsraad card packs"):
the phase's end asks nobody, so the card is played by its holder's standing word ``BLOW``
(``BLOW NONE``, the default, takes it back), riding on any mail round it is asked something
else in (key ``blow:<seat>``: nobody waits for it, nobody else learns of it), carried out as
the next Spice Blow and Nexus phase ends: the card set aside (public) and cards turned from the
spice deck until a territory card, which goes on the additional pile (``decks.EXTRA_PILE``)
with its spice placed as any blow's (not in the storm); the others turned are shuffled back.
From the next turn the phase blows that pile too, after the others, a worm on it as on any
pile (``decks.spice_discards`` while the state's ``extra_blow`` is set).  A Nexus in a phase
(``phases.spice_blow._called_nexus`` marks it) ends the additional blow as that phase ends: the
card goes to the treachery discard pile, and the pile, no longer blown, keeps its cards until
the spice deck is next reshuffled (they go into it with the others').  A word whose card has
left the hand lapses, told to the holder alone.
"""

from __future__ import annotations

import random

from pbem.game import Event

from ..codes import EventCode
from ..data import Effect
from ..decks import EXTRA_BLOW, EXTRA_PILE, spice_discards
from ..orders.language import order_kind
from ..phases.spice_blow import place_spice, reshuffle, spice_card
from ..state import State, data, state_rng
from . import cache_words

KIND = "blow"
WORD = "blow"               # a holder's sheet: its standing word, True
PHASE = "spice_blow"


# The Spice Blow card of a hand, if any; asked with the 9+ pack in play (001 3.06.01)
held = cache_words.holding(Effect.ADDS_A_SPICE_BLOW)
rides = cache_words.in_pack("landsraad_9")


_BARE = cache_words.BareWord("BLOW")
STANDING = _BARE.standing(
    KIND, held,
    ("BLOW: as the next Spice Blow and Nexus phase ends, your Spice Blow card played: one more "
     "spice blow onto an additional pile, and again every turn until a Nexus (001 3.06.05); "
     "BLOW NONE: none."),
    "your Spice Blow card", rides)
order_kind(STANDING.order)


def ends(state: State) -> list[Event]:
    """As the Spice Blow and Nexus phase ends: an additional blow a Nexus ended, its card to the
    treachery discard pile; then a holder's word carried out (public)."""
    if state["phase"] != PHASE:
        return []
    events: list[Event] = []
    extra = state.get(EXTRA_BLOW)
    if extra and extra.get("nexus"):                    # "When a Nexus occurs"
        del state[EXTRA_BLOW]
        state["decks"]["treachery_removed"].remove(extra["card"])
        state["decks"]["treachery_discard"].append(extra["card"])
        events.append(Event(EventCode.EXTRA_BLOW_ENDED, {
            "card": data(state).treachery_card(extra["card"]).name}))
    for seat in list(state["seats"]):
        own = state["factions"][seat]
        if not own.pop(WORD, None):
            continue
        card = held(state, own["hand"])
        if card is None or state.get(EXTRA_BLOW):
            events.append(Event(EventCode.USE_LAPSED, {"order": _BARE.text(state, True)},
                                to=(seat,)))
            continue
        own["hand"].remove(card)
        state["decks"]["treachery_removed"].append(card)            # "Set Aside this card"
        state[EXTRA_BLOW] = {"card": card, "faction": seat}
        events.append(Event(EventCode.SPICE_BLOW_CARD, {"faction": seat, "card": data(
            state).treachery_card(card).name}))
        events += _first_blow(state, state_rng(state))
    return events


def _first_blow(state: State, rng: random.Random) -> list[Event]:
    """Cards turned until a territory card, onto the additional pile, its spice placed; the
    others turned shuffled back into the deck."""
    decks, events, turned = state["decks"], [], []
    state["spice_last"].setdefault(EXTRA_PILE, None)
    while True:
        if not decks["spice"]:
            if not any(decks[p] for p in ("spice_discard", "spice_discard_2", EXTRA_PILE)
                       if p in decks):
                break                                   # nothing left to turn
            events.append(reshuffle(state, rng))
        card = spice_card(state, decks["spice"].pop())
        if card.territory is None or card.is_shai_hulud:
            turned.append(card.id)
            continue
        decks[EXTRA_PILE].append(card.id)
        state["spice_last"][EXTRA_PILE] = card.territory
        events.append(Event(EventCode.SPICE_CARD, {
            "pile": spice_discards(state).index(EXTRA_PILE) + 1, "card": card.id,
            "territory": card.territory}))
        events += place_spice(state, card)
        break
    if turned:
        decks["spice"].extend(turned)
        rng.shuffle(decks["spice"])
        events += [Event(EventCode.WORM_RESHUFFLED, {"card": card}) for card in turned]
    return events
