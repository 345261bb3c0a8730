"""The auction of a card a faction's power offers beside the row (issue 29, seam 5: the
auction's kinds and card sources; ``factions.Offer``), a part of the bidding round
(``bidding``): the Richese cache's card (001 2.10.06-09) is the first.

Before the row is dealt, every faction in play is asked whether it offers a card
(``Faction.offers``); the one that does decides it in a mail round alone, among its own
decisions of the bidding (``Faction.decisions``; the others have no decision then, whatever it
holds), and puts its ``Offer`` in the step.  The card is shown to everyone (001 2.10.09.01:
"reveal and auction"), one card fewer is dealt for the row (2.10.09), and the card is sold
first or last in the round, as the offer says, by its kind of auction:

- ``SILENT`` (2.10.09.03): every faction able to bid holds a bid in its hand, all revealed at
  once; the most wins, ties to the earliest in storm order; no ally helps to pay.
- ``ONCE_AROUND`` (2.10.09.02): from the offer's first bidder round the table, each has one
  chance to bid more than the bid before it, or pass; the top bid buys.

Rulings (docs/rules-coverage.md, "001 GF9 expansions: CHOAM and Richese"):

- By mail both are one mail round: every faction able to bid sends ``BID <n>`` or ``PASS``
  at once, a once-around bid being the bid it makes on its turn, sent ahead: it stands if it
  is more than the bid before it, else it is a pass.  A bid is within the faction's own spice
  (the allies' support of the row, ``SUPPORT``, is not asked for an offered card); no Karama
  bids or buys it (2.10.08), so the prompt offers none.
- The seller may bid on its own card (2.10.08: "When you buy your own card").
- The price goes to the seller (2.10.07 ALTERNATE INCOME), but when the seller buys it, to
  the faction paid for cards (the Emperor, ``factions.payee``) or the bank (2.10.08).
- Every bid is public once the card is sold, as at the table (a silent auction's hands are
  revealed; a once-around auction is bid aloud).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import factions
from ..codes import ErrorCode, EventCode
from ..factions import LAST, ONCE_AROUND, Offer
from ..orders.language import OrderKind, OrderProblem, order_kind, read_number
from ..prompt_key import PromptKey
from ..state import State, data, faction_name, storm_order

KIND = "offer-bid"


# --- the offer made
def offering(state: State) -> str | None:
    """The faction whose offer the round waits for, if any."""
    return state["step"].get("offering")


def ask(state: State) -> bool:
    """As the round opens, before the deal: the first faction in play with a card to offer
    waits for its decisions (``Faction.offers``; ``step["offering"]``); whether one does."""
    seat = next((f.seat for f in factions.in_play(state) if f.offers(state)), None)
    if seat is not None:
        state["step"]["offering"] = seat
    return seat is not None


def made(state: State) -> list[Event]:
    """The offering faction has decided (``factions.decide``): its offer, if it made one (in
    the step's ``offer``), shown to everyone."""
    del state["step"]["offering"]
    offer = pending(state)
    if offer is None:
        return []
    return [Event(EventCode.OFFER_MADE, {**offer.to_json(), "name": _name(state, offer.card)})]


def pending(state: State) -> Offer | None:
    """The offer not yet sold, if any."""
    found = state["step"].get("offer")
    return Offer(**found) if found else None


def fewer(state: State) -> int:
    """The cards fewer dealt for the row: one for an offer (001 2.10.09)."""
    return 1 if pending(state) else 0


def due(state: State, row_done: bool) -> bool:
    """Whether the offer is up for bid now: before the row (``first``) or once the row is
    done (``last``)."""
    offer = pending(state)
    return offer is not None and (row_done or offer.when != LAST)


def public(state: State) -> dict[str, Any] | None:
    """What everyone sees of the offer made (the card is shown, 2.10.09.01), if one is."""
    offer = pending(state)
    return None if offer is None else {**offer.to_json(), "name": _name(state, offer.card)}


# --- the bids
def may_bid(state: State, seat: str, room: Any) -> bool:
    """A faction with room in its hand (``room``: the round's test) and spice to bid."""
    return room(state, seat) and state["factions"][seat]["spice"] > 0


def bidders(state: State, room: Any) -> list[str]:
    """The factions asked for a bid on the offer, in storm order."""
    return [seat for seat in storm_order(state) if may_bid(state, seat, room)]


def prompt(state: State, seat: str) -> Prompt:
    offer = pending(state)
    assert offer is not None
    most = state["factions"][seat]["spice"]
    how = ("a silent auction: every bid revealed at once, the most wins, ties to the earliest "
           "in storm order (001 2.10.09.03)" if offer.kind != ONCE_AROUND else
           f"once around from the {faction_name(offer_order(state, offer)[0], state)}: your "
           "bid is the one you make on your turn, and stands if it is more than the bid "
           "before it, else you pass (001 2.10.09.02)")
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True,
                  f"The {faction_name(offer.seller, state)} offer {_name(state, offer.card)}, "
                  f"sold by {how}.  BID <n> (1 to {most}): your bid, within your own spice; "
                  "PASS: none.  No Karama bids or buys it (001 2.10.08).",
                  None, "PASS", "PASS", ahead=f"{KIND}@offer:{seat}")


def offer_order(state: State, offer: Offer) -> list[str]:
    """The table from the offer's first bidder: storm order from the seller's right-hand
    neighbour (``right``) or against it (``left``), the seller last."""
    order = storm_order(state)
    start = order.index(offer.seller)
    turn = order[start + 1:] + order[:start]
    return (turn if offer.way == "right" else turn[::-1]) + [offer.seller]


def sell(state: State, orders: dict[str, Any], room: Any, payee: Any) -> list[Event]:
    """The offer auctioned with the bids given (the seat's amount, None: PASS), each within
    the bidder's spice now; the buyer pays the seller (or, buying its own card, ``payee``'s
    faction or the bank) and takes the card; unsold, the seller's power places it."""
    offer = pending(state)
    assert offer is not None
    del state["step"]["offer"]
    given = {PromptKey.parse(key).seat: value for key, value in orders.items()
             if PromptKey.parse(key).kind == KIND}
    bids = {seat: min(value or 0, state["factions"][seat]["spice"])
            for seat, value in given.items()}
    bids = {seat: bid for seat, bid in bids.items() if bid > 0 and may_bid(state, seat, room)}
    buyer, price, shown = None, 0, {}
    if offer.kind == ONCE_AROUND:
        for seat in offer_order(state, offer):
            bid = bids.get(seat, 0)
            shown[seat] = bid if bid > price else 0
            if bid > price:
                buyer, price = seat, bid
    else:
        shown = {seat: bids.get(seat, 0) for seat in storm_order(state) if may_bid(state, seat,
                                                                                    room)}
        for seat, bid in shown.items():
            if bid > price:
                buyer, price = seat, bid
    if buyer is None:
        return factions.power(offer.seller, state).offer_unsold(state, offer)
    to = (offer.seller if offer.to_seller and buyer != offer.seller
          else payee(state, buyer))
    own = state["factions"]
    own[buyer]["spice"] -= price
    if to is not None:
        own[to]["spice"] += price
    own[buyer]["hand"].append(offer.card)
    return [Event(EventCode.OFFER_SOLD, {"seller": offer.seller, "name": _name(state, offer.card),
                                         "buyer": buyer, "price": price,
                                         "payee": to or "bank", "bids": shown})]


def _name(state: State, card: str) -> str:
    return data(state).treachery_card(card).name


def _read(state: State, prompt_: Prompt, words: list[str]) -> int | None:
    verb, rest = words[0].upper(), words[1:]
    most = state["factions"][prompt_.seat]["spice"]
    valid = (f"BID 1 to {most}", "PASS")
    if verb == "PASS":
        if rest:
            raise OrderProblem(ErrorCode.BAD_PASS, f"PASS takes no amount: {' '.join(rest)!r}",
                               valid)
        return None
    if len(rest) != 1 or rest[0].upper() == "KARAMA":
        raise OrderProblem(ErrorCode.BAD_BID, "expected BID <n>: no Karama bids on a card a "
                           "faction offers (001 2.10.08)", valid)
    return read_number(rest[0], 1, most, "your bid")


def _text(game: Any, value: int | None) -> str:
    return "PASS" if value is None else f"BID {value}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> int | None:
    spice = view["own"]["spice"]
    return None if rng.random() < 0.4 or not spice else rng.randint(1, spice)


order_kind(OrderKind(KIND, ("BID", "PASS"), _read, _text, random=_random, with_verb=True))
