"""Richese's DISRUPTED SUPPLY CHAIN (001 2.10.22, text B, advanced): after the Declaration they
look at the bottom two cards of the treachery deck (one if only one is left), set one aside
face down and put the other back on the bottom; one card fewer is dealt for bid, and once the
dealer has dealt the row they put the set-aside card into it, before or after any card of it,
choosing when it is sold, turned sideways so the table knows it is the card they have seen.

By mail it is their decision of the bidding round's first mail round, beside the cache's offer
(``Faction.offers``, ``Faction.decisions``): ``SLOT <card> <n>``, the card of the two shown to
them alone and its place in the row (1: first up; past the row's end: last).  The card stays
at the bottom of the deck, the other one under it, until the row is dealt; then it takes the
place of the last card dealt, which goes back on top of the deck (one fewer dealt), and moves
to the place chosen (``Faction.cards_dealt``).  The table is told where in the row the card
they have seen lies, not which it is; it is bid on as any card of the row.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind, read_number
from ..prompt_key import PromptKey
from ..state import State, data

KIND = "supply-slot"
STEP = "slotted"                # the step's record of their choice: card and place


def bottom(state: State) -> list[str]:
    """The bottom two cards of the treachery deck (one if only one), the bottom one first."""
    return state["decks"]["treachery"][:2]


def prompt(state: State, seat: str) -> Prompt:
    names = [data(state).treachery_card(card).name for card in bottom(state)]
    default = [bottom(state)[0], 99]
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True,
                  "SLOT <card> <n>: of the bottom two cards of the treachery deck, "
                  f"{' and '.join(names)}, the one you set aside and put into the row as its "
                  "n-th card (1: the first up; more than the row holds: the last), the other "
                  "back on the bottom; one card fewer is dealt (001 2.10.22 DISRUPTED SUPPLY "
                  "CHAIN)", default, text(state, default), f"SLOT {names[-1]} 1",
                  options={"cards": list(bottom(state))}, title="your disrupted supply chain")


def _read(state: State, prompt_: Prompt, words: list[str]) -> list[Any]:
    valid = (prompt_.template,)
    if len(words) < 2:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected SLOT <card> <n>", valid)
    place = read_number(words[-1], 1, 99, "the card's place in the row")
    card = card_among(state, " ".join(words[:-1]), bottom(state), "bottom card of the deck",
                      valid)
    return [card, place]


def text(game: Any, value: list[Any]) -> str:
    card, place = value
    return f"SLOT {data(game).treachery_card(card).name} {place}"


order_kind(OrderKind(KIND, ("SLOT",), _read, text,
                     random=lambda view, prompt_, rng: [rng.choice(prompt_.options["cards"]),
                                                        rng.randint(1, 8)]))


def chosen(state: State, value: list[Any]) -> list[Event]:
    """The card kept aside (second from the bottom, the other on the bottom under it) until
    the row is dealt; its place noted in the step."""
    card, place = value
    deck = state["decks"]["treachery"]
    if card not in bottom(state):
        card = bottom(state)[0]
    deck.remove(card)
    deck.insert(min(1, len(deck)), card)
    state["step"][STEP] = {"card": card, "at": place}
    return []


def slotted(state: State, seat: str, rng: random.Random) -> list[Event]:
    """The set-aside card takes the last dealt card's place (that one back on top of the deck:
    one fewer dealt), then moves to the place chosen in the row."""
    chosen_ = state["step"].pop(STEP, None)
    row = state["step"]["row"]
    if chosen_ is None or not row:
        return []
    card, deck = chosen_["card"], state["decks"]["treachery"]
    if card in deck:
        deck.remove(card)
        deck.append(row.pop())
    else:
        row.remove(card)                # dealt already from a short deck
    at = min(chosen_["at"], len(row) + 1)
    row.insert(at - 1, card)
    return [Event(EventCode.SUPPLY_SLOTTED, {"faction": seat, "at": at}),
            Event(EventCode.SUPPLY_SLOTTED_SEEN, {"card": data(state).treachery_card(card).name,
                                                  "at": at}, to=(seat,))]
