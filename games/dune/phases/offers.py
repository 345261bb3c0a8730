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

- By mail a silent auction is one mail round: every faction able to bid sends ``BID <n>`` or
  ``PASS`` at once. A once-around auction goes round the table from the first bidder, each
  once, higher or pass, every bid sent ahead in that one round: ``BID <n>`` (it stands if it
  is more than the bid before it, else it is a pass), ``BID UP TO <n>`` (one more than the
  bid before it, while that is at most n; else a pass), ``PASS``, or ``BID ON MY TURN``: the
  bidder is asked on its turn, alone, with the bids made so far (a mail round of its own,
  for those who ask for it; ``step["asking"]`` keeps the auction's progress). A bid is
  within the faction's own spice (the allies' support of the row, ``SUPPORT``, is not asked
  for an offered card); no Karama bids or buys it (2.10.08), so the prompt offers none.
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

from .. import factions, variants
from ..board import homeworlds
from ..codes import ErrorCode, EventCode
from ..discard_pile import discard
from ..factions import LAST, NORMAL, ONCE_AROUND, Offer
from ..orders.language import OrderKind, OrderProblem, order_kind, read_number
from ..prompt_key import PromptKey
from ..state import State, data, faction_name, storm_order

KIND = "offer-bid"
OFFER, MARKET = "offer", "market"       # the step's offers: the cache's card, a hidden one
CACHE = "cache"         # the payment for an offered card (``variants.paid``), with homeworlds
WAIT = "wait"                           # a once-around bidder asked on its turn
WAIT_TEXT = "BID ON MY TURN"
ASKING = "asking"       # the step: a once-around auction paused for one bidder's turn


# --- the offer made
def offering(state: State) -> str | None:
    """The faction whose offer the round waits for, if any."""
    return state["step"].get("offering")


def ask(state: State) -> bool:
    """As the round opens, before the deal: the first faction in play with a card to offer
    waits for its decisions (``Faction.offers``; ``step["offering"]``); whether one does."""
    seat = next((f.seat for f in factions.in_play(state, "offers") if f.offers(state)), None)
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
    """The factions asked for a bid on the offer, in storm order; while a once-around auction
    waits for one bidder's turn (``BID ON MY TURN``), that one alone."""
    if (paused := state["step"].get(ASKING)) is not None:
        return [paused["seat"]]
    return [seat for seat in storm_order(state) if may_bid(state, seat, room)]


def asking(state: State) -> bool:
    """Whether an auction waits for one once-around bidder's turn (the round asks it)."""
    return ASKING in state["step"]


def prompt(state: State, seat: str, slot: str = OFFER) -> Prompt:
    offer = pending(state, slot)
    assert offer is not None
    most = state["factions"][seat]["spice"]
    paused = state["step"].get(ASKING)
    so_far = (f"; the bid so far: {paused['price']} by the "
              f"{faction_name(paused['buyer'], state)}" if paused and paused["buyer"]
              else "; no bid so far" if paused else "")
    how = {ONCE_AROUND: f"once around from the {faction_name(offer_order(state, offer)[0], state)}"
           f", higher or pass (001 2.10.09.02){so_far}: BID <n> stands if it is more than the "
           "bid before yours, else you pass; BID UP TO <n>: one more than the bid before yours, "
           "while that is at most n" + ("" if paused else f"; {WAIT_TEXT}: asked on your turn, "
                                        "alone, with the bids made before it"),
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
                  options={"seller": offer.seller, "kind": offer.kind,
                           "turn": bool(paused), "price": paused["price"] if paused else 0})


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
         auction: Any = None, rng: random.Random | None = None) -> list[Event]:
    """The offer auctioned with the bids given (the seat's amount, None: PASS), each within
    the bidder's spice now; the buyer pays the seller (or, buying its own card, ``payee``'s
    faction or the bank) and takes the card; unsold, the seller's power places it.  A Nexus
    card's Betrayal of the seller (``variants.sale_betrayed``, 001 4.03.07.11) has the card
    the seller buys discarded unpaid, or another's price paid as if the seller had no power
    over it.  A hidden offer (``MARKET``) is sold by ``hidden_sale``."""
    offer = pending(state, slot)
    assert offer is not None
    if offer.kind == ONCE_AROUND:
        sold = _once_around(state, offer, orders, room)
        if sold is None:                # a bidder's turn asked alone, aloud
            paused = state["step"][ASKING]
            return [Event(EventCode.OFFER_TURN, {"faction": paused["seat"],
                                                 "buyer": paused["buyer"],
                                                 "price": paused["price"]})]
    del state["step"][slot]
    if offer.hidden:
        return hidden_sale(state, offer, orders, room, auction,
                           sold if offer.kind == ONCE_AROUND else None)
    if offer.kind == ONCE_AROUND:
        buyer, price, shown = sold
    else:
        bids, order = _bids(state, orders, room)
        buyer, price, shown = _sealed(state, offer, bids, order)
    if buyer is None:
        return factions.power(offer.seller, state).offer_unsold(state, offer)
    betrayed = variants.sale_betrayed(state, offer.seller, buyer, rng) if rng else []
    if betrayed and buyer == offer.seller:      # 001 4.03.07.11: "no spice is paid"
        discard(state, buyer, offer.card)
        return betrayed
    to = (offer.seller if offer.to_seller and buyer != offer.seller and not betrayed
          else payee(state, buyer))
    own = state["factions"]
    own[buyer]["spice"] -= price
    if to is not None:
        own[to]["spice"] += price
    own[buyer]["hand"].append(offer.card)
    # 001 4.10.12 "Richese" (Occupied): the payment told to the variants with homeworlds only,
    # so that a stored game without them replays as it was played
    told = variants.paid(state, buyer, to, price, payment=CACHE) if homeworlds.in_game(
        state) else []
    return [Event(EventCode.OFFER_SOLD, {"seller": offer.seller, "name": _name(state, offer.card),
                                         "buyer": buyer, "price": price,
                                         "payee": to or "bank", "bids": shown}), *betrayed,
            *told]


def hidden_sale(state: State, offer: Offer, orders: dict[str, Any], room: Any, auction: Any,
                sold: tuple[str | None, int, dict[str, int]] | None = None) -> list[Event]:
    """A hidden card sold (2.10.23-24): the normal way by ``auction`` (the row's proxy auction,
    in storm order), else as a cache card is; bought by another, it is paid to the seller and
    the row is one card fewer (``market_sold``); else the seller keeps it, paying itself.
    The table learns the buyer, the price and the bids; the buyer alone, the card."""
    bids, order = _bids(state, orders, room)
    if sold is not None:                # once around (``_once_around``)
        buyer, price, shown = sold
    elif offer.kind == NORMAL:
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
    bids = {seat: min(value if isinstance(value, int) else 0, state["factions"][seat]["spice"])
            for seat, value in given.items() if seat in order}
    return {seat: bid for seat, bid in bids.items() if bid > 0}, order


def _once_around(state: State, offer: Offer, orders: dict[str, Any], room: Any
                 ) -> tuple[str | None, int, dict[str, int]] | None:
    """A once-around auction (2.10.09.02): each bidder able to bid in turn from the first,
    higher or pass, its bid read as its value says (module docstring), within its spice when
    the sale is made (ruling: the bids are read again, from the first, once a bidder asked on
    its turn has answered, so that a bid no longer within its bidder's spice, after a gift of
    the same round, is cut to it); the buyer, the price and every bid as the table learns it;
    or None when a bidder's ``BID ON MY TURN`` pauses it for its turn (``step["asking"]``:
    the bids given, and the bid so far to tell)."""
    given = {PromptKey.parse(key).seat: value for key, value in orders.items()
             if PromptKey.parse(key).kind == KIND}
    paused = state["step"].pop(ASKING, None)
    bids = {**(paused["bids"] if paused else {}), **given}
    buyer, price, shown = None, 0, {}
    for seat in offer_order(state, offer):
        if not may_bid(state, seat, room):
            continue
        value = bids.get(seat)
        if value == WAIT:
            state["step"][ASKING] = {"seat": seat, "bids": bids, "buyer": buyer, "price": price}
            return None
        spice = state["factions"][seat]["spice"]
        if isinstance(value, dict):     # BID UP TO n
            bid = price + 1 if price + 1 <= min(value["up_to"], spice) else 0
        else:
            bid = min(value, spice) if isinstance(value, int) else 0
            bid = bid if bid > price else 0
        shown[seat] = bid
        if bid:
            buyer, price = seat, bid
    return buyer, price, shown


def _sealed(state: State, offer: Offer, bids: dict[str, int], order: list[str]
            ) -> tuple[str | None, int, dict[str, int]]:
    """A silent auction (2.10.09.03) of the bids: the buyer, the price, every bid as the table
    learns it."""
    buyer, price = None, 0
    shown = {seat: bids.get(seat, 0) for seat in order}
    for seat, bid in shown.items():
        if bid > price:
            buyer, price = seat, bid
    return buyer, price, shown


def _name(state: State, card: str) -> str:
    return data(state).treachery_card(card).name


def _read(state: State, prompt_: Prompt, words: list[str]) -> Any:
    """``BID <n>``, ``PASS``; once around also ``BID UP TO <n>`` and (not on one's turn)
    ``BID ON MY TURN``."""
    verb, rest = words[0].upper(), words[1:]
    most = state["factions"][prompt_.seat]["spice"]
    around = prompt_.options.get("kind") == ONCE_AROUND
    later = around and not prompt_.options.get("turn")
    valid = (f"BID 1 to {most}", *([f"BID UP TO {most}"] if around else []),
             *([WAIT_TEXT] if later else []), "PASS")
    if verb == "PASS":
        if rest:
            raise OrderProblem(ErrorCode.BAD_PASS, f"PASS takes no amount: {' '.join(rest)!r}",
                               valid)
        return None
    if [w.upper() for w in rest] == ["ON", "MY", "TURN"]:
        if not later:
            raise OrderProblem(ErrorCode.BAD_BID, "BID ON MY TURN only in a once-around "
                               "auction, before your turn", valid)
        return WAIT
    if around and [w.upper() for w in rest[:2]] == ["UP", "TO"] and len(rest) == 3:
        return {"up_to": read_number(rest[2], 1, most, "your bid")}
    if len(rest) != 1 or rest[0].upper() == "KARAMA":
        raise OrderProblem(ErrorCode.BAD_BID, "expected BID <n>: no Karama bids on a card a "
                           "faction offers (001 2.10.08)", valid)
    return read_number(rest[0], 1, most, "your bid")


def _text(game: Any, value: Any) -> str:
    if isinstance(value, dict):
        return f"BID UP TO {value['up_to']}"
    return "PASS" if value is None else WAIT_TEXT if value == WAIT else f"BID {value}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> Any:
    """A bid now and then; once around, a ceiling half the time, now and then a wait."""
    spice = view["own"]["spice"]
    if rng.random() < 0.4 or not spice:
        return None
    if prompt_.options.get("kind") == ONCE_AROUND:
        if not prompt_.options.get("turn") and rng.random() < 0.1:
            return WAIT
        if rng.random() < 0.5:
            return {"up_to": rng.randint(1, spice)}
    return rng.randint(1, spice)


order_kind(OrderKind(KIND, ("BID", "PASS"), _read, _text, random=_random, with_verb=True))
