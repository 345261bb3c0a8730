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

A second offer, of a hidden card (``MARKET``: Richese's Black Market, 001 2.10.22-24), is made
in the same decisions and sold before the deal, in a mail round of its own
(``step["market_up"]``): face down (``Offer.hidden``: its public record names the card the
seller announced, never the card; the seller and the prescient, ``seen``, are told it), the
normal way too (``NORMAL``: the row's proxy auction, ``auction``, in storm order).  Kept
unless another faction buys it (the seller's own highest bid paid to itself, 2.10.08); sold,
one card fewer is dealt (``fewer``).  Its buyer alone is told the card.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from .. import factions
from ..codes import ErrorCode, EventCode
from ..factions import LAST, NORMAL, ONCE_AROUND, Offer
from ..orders.language import OrderKind, OrderProblem, order_kind, read_number
from ..prompt_key import PromptKey
from ..state import State, data, faction_name, storm_order

KIND = "offer-bid"
OFFER, MARKET = "offer", "market"       # the step's offers: the cache's card, a hidden one


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


def made(state: State, seen: list[str]) -> list[Event]:
    """The offering faction has decided (``factions.decide``): its offer, if it made one (in
    the step's ``offer``), shown to everyone; its hidden offer (``market``) told as the
    seller announced it, its card to the seller and ``seen`` (the prescient) alone."""
    del state["step"]["offering"]
    events = []
    market = pending(state, MARKET)
    if market is not None:
        events += [Event(EventCode.MARKET_OFFERED, public(state, MARKET)),
                   Event(EventCode.MARKET_SEEN, {"name": _name(state, market.card)},
                         to=tuple(dict.fromkeys([market.seller, *seen])))]
    offer = pending(state)
    if offer is not None:
        events.append(Event(EventCode.OFFER_MADE,
                            {**offer.to_json(), "name": _name(state, offer.card)}))
    return events


def pending(state: State, slot: str = OFFER) -> Offer | None:
    """The offer not yet sold (``slot``: the cache's, or the hidden ``MARKET``), if any."""
    found = state["step"].get(slot)
    return Offer(**found) if found else None


def fewer(state: State) -> int:
    """The cards fewer dealt for the row: one for an offer (001 2.10.09), one for a hidden
    card sold to another (2.10.23)."""
    return (1 if pending(state) else 0) + (1 if state["step"].get("market_sold") else 0)


def due(state: State, row_done: bool) -> bool:
    """Whether the offer is up for bid now: before the row (``first``) or once the row is
    done (``last``)."""
    offer = pending(state)
    return offer is not None and (row_done or offer.when != LAST)


def public(state: State, slot: str = OFFER) -> dict[str, Any] | None:
    """What everyone sees of the offer made (the card is shown, 2.10.09.01), if one is; of a
    hidden one, the name announced, never the card (2.10.23)."""
    offer = pending(state, slot)
    if offer is None:
        return None
    if offer.hidden:
        return {"seller": offer.seller, "kind": offer.kind, "way": offer.way,
                "announced": offer.announced}
    return {**offer.to_json(), "name": _name(state, offer.card)}


# --- the bids
def may_bid(state: State, seat: str, room: Any) -> bool:
    """A faction with room in its hand (``room``: the round's test) and spice to bid."""
    return room(state, seat) and state["factions"][seat]["spice"] > 0


def bidders(state: State, room: Any) -> list[str]:
    """The factions asked for a bid on the offer, in storm order."""
    return [seat for seat in storm_order(state) if may_bid(state, seat, room)]


def prompt(state: State, seat: str, slot: str = OFFER) -> Prompt:
    offer = pending(state, slot)
    assert offer is not None
    most = state["factions"][seat]["spice"]
    how = {ONCE_AROUND: f"once around from the {faction_name(offer_order(state, offer)[0], state)}"
           ": your bid is the one you make on your turn, and stands if it is more than the "
           "bid before it, else you pass (001 2.10.09.02)",
           NORMAL: "the normal way, in storm order: your bid is the most you will pay, the "
           "moderator bids for you in turn, one spice over the last bid, up to it (001 "
           "2.10.24)"}.get(offer.kind, "a silent auction: every bid revealed at once, the most "
                           "wins, ties to the earliest in storm order (001 2.10.09.03)")
    what = (f"a card of their hand, face down{_announced(offer)} (001 2.10.22-23 BLACK "
            "MARKET)" if offer.hidden else _name(state, offer.card))
    return Prompt(str(PromptKey(KIND, seat)), seat, KIND, True,
                  f"The {faction_name(offer.seller, state)} offer {what}, "
                  f"sold by {how}.  BID <n> (1 to {most}): your bid, within your own spice; "
                  "PASS: none.  No Karama bids or buys it (001 2.10.08).",
                  None, "PASS", "PASS", ahead=f"{KIND}@{slot}:{seat}",
                  options={"seller": offer.seller})


def _announced(offer: Offer) -> str:
    return f", announced as {offer.announced}" if offer.announced else ""


def offer_order(state: State, offer: Offer) -> list[str]:
    """The table from the offer's first bidder: storm order from the seller's right-hand
    neighbour (``right``) or against it (``left``), the seller last."""
    order = storm_order(state)
    start = order.index(offer.seller)
    turn = order[start + 1:] + order[:start]
    return (turn if offer.way == "right" else turn[::-1]) + [offer.seller]


def sell(state: State, orders: dict[str, Any], room: Any, payee: Any, slot: str = OFFER,
         auction: Any = None) -> list[Event]:
    """The offer auctioned with the bids given (the seat's amount, None: PASS), each within
    the bidder's spice now; the buyer pays the seller (or, buying its own card, ``payee``'s
    faction or the bank) and takes the card; unsold, the seller's power places it.  A hidden
    offer (``MARKET``) is sold by ``hidden_sale``."""
    offer = pending(state, slot)
    assert offer is not None
    del state["step"][slot]
    if offer.hidden:
        return hidden_sale(state, offer, orders, room, auction)
    bids, order = _bids(state, orders, room)
    buyer, price, shown = _sealed(state, offer, bids, order)
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


def hidden_sale(state: State, offer: Offer, orders: dict[str, Any], room: Any, auction: Any
                ) -> list[Event]:
    """A hidden card sold (2.10.23-24): the normal way by ``auction`` (the row's proxy auction,
    in storm order), else as a cache card is; bought by another, it is paid to the seller and
    the row is one card fewer (``market_sold``); else the seller keeps it, paying itself.
    The table learns the buyer, the price and the bids; the buyer alone, the card."""
    bids, order = _bids(state, orders, room)
    if offer.kind == NORMAL:
        outcome = auction(order, bids)
        buyer, price, shown = outcome.buyer, outcome.price, dict(outcome.bids)
    else:
        buyer, price, shown = _sealed(state, offer, bids, order)
    own = state["factions"]
    if buyer is None or buyer == offer.seller or offer.card not in own[offer.seller]["hand"]:
        return [Event(EventCode.MARKET_KEPT, {"seller": offer.seller, "bids": shown})]
    own[buyer]["spice"] -= price
    own[offer.seller]["spice"] += price
    own[offer.seller]["hand"].remove(offer.card)
    own[buyer]["hand"].append(offer.card)
    state["step"]["market_sold"] = True
    return [Event(EventCode.MARKET_SOLD, {"seller": offer.seller, "buyer": buyer,
                                          "price": price, "bids": shown}),
            Event(EventCode.MARKET_BOUGHT, {"name": _name(state, offer.card)}, to=(buyer,))]


def _bids(state: State, orders: dict[str, Any], room: Any) -> tuple[dict[str, int], list[str]]:
    """The bids given (the seat's amount, None: PASS), each within the bidder's spice now,
    of the factions able to bid; and those factions, in storm order."""
    order = [seat for seat in storm_order(state) if may_bid(state, seat, room)]
    given = {PromptKey.parse(key).seat: value for key, value in orders.items()
             if PromptKey.parse(key).kind == KIND}
    bids = {seat: min(value or 0, state["factions"][seat]["spice"])
            for seat, value in given.items() if seat in order}
    return {seat: bid for seat, bid in bids.items() if bid > 0}, order


def _sealed(state: State, offer: Offer, bids: dict[str, int], order: list[str]
            ) -> tuple[str | None, int, dict[str, int]]:
    """A silent (2.10.09.03) or once-around (2.10.09.02) auction of the bids: the buyer, the
    price, every bid as the table learns it."""
    buyer, price, shown = None, 0, {}
    if offer.kind == ONCE_AROUND:
        for seat in offer_order(state, offer):
            bid = bids.get(seat, 0)
            shown[seat] = bid if bid > price else 0
            if bid > price:
                buyer, price = seat, bid
        return buyer, price, shown
    shown = {seat: bids.get(seat, 0) for seat in order}
    for seat, bid in shown.items():
        if bid > price:
            buyer, price = seat, bid
    return buyer, price, shown


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
