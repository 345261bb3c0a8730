"""Richese's Occupied effect (001 4.10.12 "Richese", the homeworlds option): the "Occupier
chooses which Richese Treachery Card is sold during bidding and gains half (rounded down) of
payment you receive".

By mail the occupier's choice is a standing word, riding on any mail round in which it is asked
while it occupies the homeworld (``homeworld_words``): ``RICHESE SELL <card>`` (that card of
the cache, listed in its prompt, to it alone) or ``RICHESE NONE`` (the default: the Richese
choose, 2.10.06).  Nobody waits for it and nobody else is told of it; as the Richese's offer is
put up (``Richese.decide``) the card it names, still in the cache, is the one sold, the
Richese's choice of how and when standing, and the table learns the occupier chose it.  The half
of the payment is ``Homeworlds.paid`` (the card's ``occupier_halves``).  Rulings: a word naming
a card no longer in the cache leaves the Richese's choice; the first occupier in seat order
chooses.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind
from ..prompt_key import PromptKey
from ..state import State, data, faction_name
from . import homeworld_words

KIND = "richese-pick"


def kind_of(game: Any, seat: str) -> str | None:
    """The kind of the seat's word, while it chooses another faction's card sold."""
    return KIND if homeworlds.in_game(game) and homeworlds.picks_from(game, seat) else None


def _pile(state: State, seat: str) -> tuple[str, list[str]]:
    """The faction whose card the seat chooses and its pile's cards."""
    found = homeworlds.picks_from(state, seat)
    assert found is not None
    return found[0], state["decks"].get(found[1], [])


def _names(state: State, cards: list[str]) -> list[str]:
    return [data(state).treachery_card(card).name for card in cards]


def prompt(state: State, seat: str) -> Prompt:
    """Their standing word, optional; the cache shown to them alone."""
    owner, cards = _pile(state, seat)
    now = state["factions"][seat].get(homeworlds.PICK)
    now = now if now in cards else None      # a card sold since: their word is spent
    legal = (f"RICHESE SELL <card>: occupying the {faction_name(owner, state)}'s homeworld, you "
             f"choose the card of their cache they sell in the bidding (001 4.10.12 "
             f"\"Richese\"); RICHESE NONE: they choose; your word stands until you send another.  "
             f"Their cache now: {', '.join(_names(state, cards)) or 'empty'}.")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True, legal, now, text(state, now),
                  text(state, now), optional=True, options={"cards": list(cards)},
                  title="your choice of the card of the Richese cache sold")


def read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    """``NONE`` or ``SELL`` and a card of the cache."""
    upper = [w.upper() for w in words]
    if upper == ["NONE"]:
        return None
    _, cards = _pile(state, prompt_.seat)
    valid = ("RICHESE NONE", *(f"RICHESE SELL {name}" for name in _names(state, cards)))
    if upper[:1] != ["SELL"] or len(words) < 2:
        raise OrderProblem(ErrorCode.BAD_PICK, "expected RICHESE SELL <card> or RICHESE NONE",
                           valid)
    return card_among(state, " ".join(words[1:]), cards, "card of their cache", valid)


def text(game: Any, value: str | None) -> str:
    return (f"RICHESE SELL {data(game).treachery_card(value).name}" if value
            else "RICHESE NONE")


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    cards = prompt_.options.get("cards", [])
    return rng.choice(cards) if cards and rng.random() < 0.5 else None


order_kind(OrderKind(KIND, ("RICHESE",), read, text, random=_random))


def given(state: State, seat: str, value: str | None) -> list[Event]:
    """The word kept in their sheet (told to them alone when it changes)."""
    if state["factions"][seat].get(homeworlds.PICK) == value:
        return []
    if value:
        state["factions"][seat][homeworlds.PICK] = value
    else:
        state["factions"][seat].pop(homeworlds.PICK, None)
    return [Event(EventCode.STANDING_SET, {"order": text(state, value)}, to=(seat,))]


homeworld_words.word(homeworld_words.Word(
    kind_of, prompt, lambda state, seat, kind, value: given(state, seat, value)))
