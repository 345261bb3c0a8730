"""The Ixians' SUPPLY CHAIN, CHANGE OF STOCK and TECHNOLOGY.

SUPPLY CHAIN and CHANGE OF STOCK (001 2.07.08, 2.07.09): "draw one more Treachery Card than
the number up for bid, and look at all of them.  Put one card of your choice face down either
on the top or bottom of the deck.  Then shuffle the remaining cards", which the dealer lays out
for bid.

By mail the cards are dealt into the row with one more (``Faction.stock``), shown to the Ixians
alone (their view's ``stock``), and the Ixians answer ``SUPPLY <card> TOP`` or ``SUPPLY <card>
BOTTOM`` before any card comes up; the rest are shuffled with the step's generator and laid
out.  Rulings: everyone is told whether the card went on the top or the bottom (done face down
at the table, in everyone's sight), only the Ixians which card; the Atreides see the cards
only once they are laid out (2.07.09: the dealer "uses" the shuffled cards).

With the homeworlds (001 4.10.12 "Ix", Occupied: "Occupier takes control of your Bidding
advantage") the first occupier of Ix chooses instead (``chooser``): the row is named to them
alone in their prompt, the card put back told to them alone, and the Ixians, who see nothing,
are not offered TECHNOLOGY in that round (ruling: it would show them the row).

TECHNOLOGY (2.07.23, advanced, text A; text B not offered yet): "Once, during the Bidding
Phase, before bidding begins on a card and before Atreides looks at the card, you may take the
Treachery Card about to be bid on, and replace it with one from your hand."  By mail the Ixians
choose in the same mail round, seeing the row's cards: ``TECHNOLOGY <card of the row> WITH <card
of your hand>`` (optional, ``TECHNOLOGY NONE`` by default); the swap is made when that card comes
up (every card at once when the round is bid whole), before the Atreides see it.  Ruling:
everyone is told a swap was made (done at the table in sight), not which cards; none is made if
the card never comes up or the hand's card was spent meanwhile.
"""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..data import Ability
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind
from ..prompt_key import PromptKey
from ..state import State, data

EXTRA = 1                               # 2.07.08: "one more Treachery Card"
ENDS = ("TOP", "BOTTOM")
SUPPLY, TECHNOLOGY = "supply", "technology"     # the kinds of their decisions


def chooser(state: State, seat: str) -> str:
    """Who chooses the card put back: the Ixians (``seat``), or the first occupier of Ix
    (001 4.10.12 "Ix", Occupied)."""
    return homeworlds.taker(state, seat, Ability.SUPPLY_CHAIN, lambda _: True) or seat


def prompt(state: State, seat: str) -> Prompt:
    """The choice of ``seat`` (``chooser``), the row's cards named to it alone."""
    names = [data(state).treachery_card(card).name for card in state["step"]["row"]]
    return Prompt(str(PromptKey(SUPPLY, seat)), seat, SUPPLY, True,
                  "SUPPLY <card> TOP|BOTTOM: the card you put back face down on the top or the "
                  "bottom of the deck, one of: " + ", ".join(names) + " (001 2.07.08)",
                  [state["step"]["row"][-1], "TOP"], f"SUPPLY {names[-1]} TOP",
                  f"SUPPLY {names[-1]} TOP", options={"row": list(state["step"]["row"])})


def _read(state: State, prompt_: Prompt, words: list[str]) -> list[str]:
    row = state["step"]["row"]
    valid = tuple(f"SUPPLY {data(state).treachery_card(c).name} TOP" for c in row)
    if not words or words[-1].upper() not in ENDS:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected SUPPLY <card> TOP or SUPPLY <card> "
                           "BOTTOM", valid)
    card = card_among(state, " ".join(words[:-1]), row, "card dealt", valid)
    return [card, words[-1].upper()]


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list[str]:
    return [rng.choice(prompt_.options["row"]), rng.choice(ENDS)]


order_kind(OrderKind(SUPPLY, ("SUPPLY",), _read,
                     lambda _, v: f"SUPPLY {re.sub(r' #[0-9]+$', '', v[0])} {v[1]}",
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


# --- TECHNOLOGY (2.07.23, A)
def swappable(state: State, seat: str) -> bool:
    """They hold a card to put in a row card's place."""
    return bool(state["factions"][seat]["hand"])


def technology_prompt(state: State, seat: str) -> Prompt:
    row = [data(state).treachery_card(card).name for card in state["step"]["row"]]
    hand = [data(state).treachery_card(card).name for card in state["factions"][seat]["hand"]]
    return Prompt(str(PromptKey(TECHNOLOGY, seat)), seat, TECHNOLOGY, True,
                  "TECHNOLOGY <card of the row> WITH <card of your hand>: that card swapped for "
                  "yours as it comes up, before anyone sees it; TECHNOLOGY NONE (001 2.07.23); "
                  f"the row: {', '.join(row)}; your hand: {', '.join(hand)}",
                  None, "TECHNOLOGY NONE", f"TECHNOLOGY {row[0]} WITH {hand[0]}", optional=True)


def _read_technology(state: State, prompt_: Prompt, words: list[str]) -> list[str] | None:
    if [w.upper() for w in words] == ["NONE"]:
        return None
    upper = [w.upper() for w in words]
    if "WITH" not in upper:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected TECHNOLOGY <card of the row> WITH "
                           "<card of your hand>, or TECHNOLOGY NONE", (prompt_.template,))
    cut = upper.index("WITH")
    valid = (prompt_.template, "TECHNOLOGY NONE")
    return [card_among(state, " ".join(words[:cut]), state["step"]["row"], "card of the row",
                        valid),
            card_among(state, " ".join(words[cut + 1:]), state["factions"][prompt_.seat]["hand"],
                        "card of your hand", valid)]


def _random_technology(view: dict[str, Any], prompt_: Prompt, rng: random.Random
                       ) -> list[str] | None:
    if rng.random() < 0.5:
        return None
    return [rng.choice(view["own"]["stock"]), rng.choice(view["own"]["hand"])]


def _technology_text(game: Any, value: list[str] | None) -> str:
    if value is None:
        return "TECHNOLOGY NONE"
    row, hand = (re.sub(r" #[0-9]+$", "", card) for card in value)
    return f"TECHNOLOGY {row} WITH {hand}"


order_kind(OrderKind(TECHNOLOGY, ("TECHNOLOGY",), _read_technology, _technology_text,
                     random=_random_technology))


def choose_swap(state: State, seat: str, value: list[str] | None) -> list[Event]:
    """The swap kept until its card comes up (the step's, which no view shows)."""
    if value is not None:
        state["step"]["swap"] = list(value)
    return []


def swap(state: State, seat: str, count: int) -> list[Event]:
    """The chosen card, among the row's next ``count``, swapped for the hand's card."""
    chosen = state["step"].get("swap")
    row, hand = state["step"]["row"], state["factions"][seat]["hand"]
    if not chosen or chosen[0] not in row[:count]:
        return []
    del state["step"]["swap"]
    taken, given = chosen
    if given not in hand:
        return []
    row[row.index(taken)] = given
    hand[hand.index(given)] = taken
    return [Event(EventCode.TECHNOLOGY_SWAP, {"faction": seat}),
            Event(EventCode.TECHNOLOGY_CARDS, {"taken": taken, "given": given}, to=(seat,))]
