"""CHOAM's card swap with its ally (001 2.09.15 (A)): once a turn, at the end of any phase,
CHOAM and its ally trade a treachery card each; the trade is two-way.

By mail each side's card is a standing order riding on any mail round it is asked in (as the
Open Market's sale, ``choam_market``): ``TRADE <card>`` offers that card, ``TRADE NONE`` none.
At the end of the phase, when both sides offer a card they still hold and no swap was made
this turn, the two cards change hands; the offers are then spent.  Each side alone sees its own
offer; the swap is told to the two of them (which cards) and to everyone (that one was made).

Ruling: an offer stands, from phase to phase, until the swap is made, the side withdraws it
(``TRADE NONE``) or the alliance ends.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey
from ..state import State, data

KIND = "trade"
OFFER = "swap_offer"            # a side's offer, in its sheet
DONE = "swapped_on_turn"        # CHOAM's sheet: the turn of its last swap


def key(seat: str) -> str:
    return str(PromptKey(KIND, seat))


def names(state: State, seat: str) -> list[str]:
    return sorted({data(state).treachery_card(card).name
                   for card in state["factions"][seat]["hand"]})


def prompt(state: State, seat: str, other: str) -> Prompt:
    """A side's optional offer for the swap."""
    now = state["factions"][seat].get(OFFER)
    legal = (f"TRADE <card>: trade it at the end of a phase for the card the {other} offer, "
             "once a turn, both sides giving one (001 2.09.15 ALLIANCE); TRADE NONE: no offer.")
    return Prompt(key(seat), seat, KIND, True, legal, now, text(state, now), "TRADE NONE",
                  optional=True, options={"cards": names(state, seat)},
                  title="your card offered in CHOAM's swap with its ally")


def _read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    said = " ".join(words).strip()
    held = names(state, prompt_.seat)
    valid = ("TRADE NONE", *(f"TRADE {name}" for name in held))
    if said.upper() == "NONE":
        return None
    name = next((name for name in held if name.lower() == said.lower()), None)
    if name is None:
        raise OrderProblem(ErrorCode.NOT_IN_HAND, f"you hold no card called {said!r}", valid)
    return name


def text(game: Any, value: str | None) -> str:
    return f"TRADE {value or 'NONE'}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    cards = prompt_.options.get("cards", [])
    return rng.choice(cards) if cards and rng.random() < 0.3 else None


order_kind(OrderKind(KIND, ("TRADE",), _read, text, random=_random))


def given(state: State, seat: str, value: str | None) -> list[Event]:
    """The offer kept in the side's sheet (told to it alone when it changes)."""
    before = state["factions"][seat].get(OFFER)
    if value:
        state["factions"][seat][OFFER] = value
    else:
        state["factions"][seat].pop(OFFER, None)
    if value == before:
        return []
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


def _copy(state: State, seat: str, name: str) -> str | None:
    return next((card for card in state["factions"][seat]["hand"]
                 if data(state).treachery_card(card).name == name), None)


def phase_ends(state: State, choam: str, ally: str | None) -> list[Event]:
    """The swap made at the end of the phase, if both sides offer a card they hold and none was
    made this turn; offers of a side no longer allied withdrawn."""
    own = state["factions"][choam]
    if ally is None:
        for seat in state["seats"]:
            if seat != choam:
                state["factions"][seat].pop(OFFER, None)
        return []
    if own.get(DONE) == state["turn"]:
        return []
    offers = {seat: state["factions"][seat].get(OFFER) for seat in (choam, ally)}
    cards = {seat: _copy(state, seat, name) for seat, name in offers.items() if name}
    if len(cards) < 2 or None in cards.values():
        return []
    for seat, other in ((choam, ally), (ally, choam)):
        state["factions"][seat]["hand"].remove(cards[seat])
        state["factions"][other]["hand"].append(cards[seat])
        state["factions"][seat].pop(OFFER)
    own[DONE] = state["turn"]
    return [Event(EventCode.CARDS_SWAPPED, {"faction": choam, "ally": ally}),
            Event(EventCode.CARDS_SWAPPED_SEEN, {"gave": offers[choam], "got": offers[ally]},
                  to=(choam,)),
            Event(EventCode.CARDS_SWAPPED_SEEN, {"gave": offers[ally], "got": offers[choam]},
                  to=(ally,))]
