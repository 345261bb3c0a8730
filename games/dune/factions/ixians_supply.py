"""The Ixians' SUPPLY CHAIN and CHANGE OF STOCK (001 2.07.08, 2.07.09): "draw one more Treachery
Card than the number up for bid, and look at all of them.  Put one card of your choice face down
either on the top or bottom of the deck.  Then shuffle the remaining cards", which the dealer
lays out for bid.

By mail the cards are dealt into the row with one more (``Faction.stock``), shown to the Ixians
alone (their view's ``stock``), and the Ixians answer ``SUPPLY <card> TOP`` or ``SUPPLY <card>
BOTTOM`` before any card comes up; the rest are shuffled with the step's generator and laid
out.  Rulings: everyone is told whether the card went on the top or the bottom (done face down
at the table, in everyone's sight), only the Ixians which card; the Atreides see the cards
only once they are laid out (2.07.09: the dealer "uses" the shuffled cards).
"""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import NameLookupError
from ..data.names import Named, NameIndex
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey
from ..state import State, data

EXTRA = 1                               # 2.07.08: "one more Treachery Card"
ENDS = ("TOP", "BOTTOM")


def prompt(state: State, seat: str) -> Prompt:
    names = [data(state).treachery_card(card).name for card in state["step"]["row"]]
    return Prompt(str(PromptKey("supply", seat)), seat, "supply", True,
                  "SUPPLY <card> TOP|BOTTOM: the card you put back face down on the top or the "
                  "bottom of the deck, one of: " + ", ".join(names) + " (001 2.07.08)",
                  [state["step"]["row"][-1], "TOP"], f"SUPPLY {names[-1]} TOP",
                  f"SUPPLY {names[-1]} TOP")


def _read(state: State, prompt_: Prompt, words: list[str]) -> list[str]:
    row = state["step"]["row"]
    valid = tuple(f"SUPPLY {data(state).treachery_card(c).name} TOP" for c in row)
    if not words or words[-1].upper() not in ENDS:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected SUPPLY <card> TOP or SUPPLY <card> "
                           "BOTTOM", valid)
    text = re.sub(r"\s*#\s*\d+$", "", " ".join(words[:-1]))
    by_name: dict[str, str] = {}
    for card in row:
        by_name.setdefault(data(state).treachery_card(card).name, card)
    try:
        card = by_name[NameIndex("card dealt", (Named(n, n) for n in by_name)).find(text)]
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error), valid) from None
    return [card, words[-1].upper()]


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list[str]:
    return [rng.choice(view["own"]["stock"]), rng.choice(ENDS)]


order_kind(OrderKind("supply", ("SUPPLY",), _read,
                     lambda v: f"SUPPLY {re.sub(r' #[0-9]+$', '', v[0])} {v[1]}",
                     random=_random))


def set_aside(state: State, seat: str, value: list[str], rng: random.Random) -> list[Event]:
    """The card back on the deck's top or bottom (the top is the deck's end), the rest
    shuffled into the row."""
    card, end = value
    row = state["step"]["row"]
    row.remove(card)
    deck = state["decks"]["treachery"]
    if end == "TOP":
        deck.append(card)
    else:
        deck.insert(0, card)
    rng.shuffle(row)
    return [Event(EventCode.STOCK_SET_ASIDE, {"faction": seat, "end": end.lower()}),
            Event(EventCode.STOCK_CARD, {"card": card, "end": end.lower()}, to=(seat,))]
