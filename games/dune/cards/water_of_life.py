"""The Water of Life, a card of the Landsraad pack for 9 or more players (001 3.06.07): "Play
at any time before the Bidding Phase. Swap two player's player markers. These two players move
all of their corresponding pieces to the new spot at the table. Set this card aside."

By mail (rulings, docs/rules-coverage.md "001 GF9: big games and the Landsraad card packs"):
the holder's standing word, an optional decision riding on any mail round it is asked something
else in (key ``water_of_life:<seat>``, as the cache cards' words: nobody waits for it, nobody
else learns of it): ``WATER OF LIFE <faction> <faction>``, any two factions of the game, its
own among them or not, or ``WATER OF LIFE NONE`` (the default).  It stands until carried out
as the next bidding phase begins ("before the Bidding Phase": the last moment of the turn it
is allowed, so a word given in the bidding waits for the next turn's): the card set aside out
of the game (public), the two factions' player dots swapped (``state["dots"]``: their places
in storm order with them; nothing on the board moves); a word whose card has left the hand
lapses, told to the holder alone.  It starts in the Richese cache where the cache is in play
(3.06.01, ``decks.new_piles``), else in the deck.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import Effect
from ..orders.language import OrderProblem, order_kind, read_factions
from ..state import State, faction_name
from . import cache_words

KIND = "water_of_life"
WORD = "water_of_life"      # a holder's sheet: its standing word, two seats (``schema.Sheet``)
PHASE = "bidding"           # played as this phase begins


# The Water of Life of a hand, if any; asked with the 9+ pack in play (001 3.06.01)
held = cache_words.holding(Effect.SWAPS_SEATS)
rides = cache_words.in_pack("landsraad_9")


def _read(state: State, prompt: Prompt, words: list[str]) -> list[str] | None:
    rest = words[2:] if [w.upper() for w in words[:2]] == ["OF", "LIFE"] else words
    if [w.upper() for w in rest] == ["NONE"]:
        return None
    valid = ("WATER OF LIFE Atreides Fremen", "WATER OF LIFE NONE")
    seats = read_factions(state, rest, list(state["seats"])) if rest else []
    if len(seats) != 2:
        raise OrderProblem(ErrorCode.BAD_SPECIAL, "expected WATER OF LIFE and two factions, "
                           "or WATER OF LIFE NONE", valid)
    return seats


def _text(game: Any, value: list[str] | None) -> str:
    if not value:
        return "WATER OF LIFE NONE"
    return "WATER OF LIFE " + " ".join(faction_name(seat, game) for seat in value)



def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then a word (bots)."""
    if rng.random() < 0.7:
        return prompt.default
    return sorted(rng.sample(sorted(view["factions"]), 2))


STANDING = cache_words.StandingWord(
    KIND, held,
    ("WATER OF LIFE <faction> <faction>: as the next bidding phase begins, your Water of Life "
     "played and set aside, the two factions' player markers swap places, and their places in "
     "storm order with them (001 3.06.07); WATER OF LIFE NONE: none."),
    _text, "your Water of Life's swap of two player markers",
    verbs=("WATER",), read=_read, random=_random)
order_kind(STANDING.order)


def begins(state: State) -> list[Event]:
    """As the bidding phase begins, each word carried out: the card set aside, the two
    factions' dots swapped (public)."""
    if state["phase"] != PHASE:
        return []
    events: list[Event] = []
    for seat in list(state["seats"]):
        own = state["factions"][seat]
        word = own.pop(WORD, None)
        if not word:
            continue
        card = held(state, own["hand"])
        if card is None:
            events.append(Event(EventCode.USE_LAPSED, {"order": _text(state, word)}, to=(seat,)))
            continue
        own["hand"].remove(card)
        state["decks"]["treachery_removed"].append(card)
        one, other = word
        dots = state["dots"]
        dots[one], dots[other] = dots[other], dots[one]
        state["seats"] = sorted(state["seats"], key=dots.__getitem__)
        events.append(Event(EventCode.SEATS_SWAPPED, {"faction": seat, "seats": list(word)}))
    return events
