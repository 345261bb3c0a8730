"""The Black Market Auction of a game with the Free Traders (001 2.13.05, 2.13.12): in the
Bidding Phase, before the Declaration, every player may auction one treachery card of its own.

By mail it is played by standing answers, so that it costs nobody a mail round: each player's
``AUCTION <card>`` (the card of its hand it reveals and auctions at the next Black Market
Auction; ``AUCTION NONE``) and ``MARKET <card or ANY> <n>`` lines (the most it pays for a card of
that name, or for any card, should one be auctioned; ``MARKET NONE``), optional, never waited
for, riding on its mails of the other rounds (``Faction.standing_prompts``).  An auction offer is
used once; the bids stand until changed.

As the bidding round opens (``FreeTraders.phase_ends`` of the CHOAM Charity), the auctioneers in
storm order each reveal their card (2.13.05.01); it is sold by the row's proxy auction of the
standing bids (2.13.05.02), the first bidder the player after the auctioneer in storm order
(ruling: 001's "to the right of the auctioneer"): the top bid buys at one more than the next
bid, or at the next bid where a tie goes to the earlier bidder, within its spice; the buyer pays
the auctioneer (2.13.05.03), and the auctioneer a quarter of the price, rounded up, to the Free
Traders (2.13.05.04).  Without a bid the card stays (2.13.05.05).  Nobody bids on its own card,
nor on its ally's (2.13.05.06), but the Free Traders' ally on theirs (2.13.12); a full hand
bids on nothing.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..data import NameLookupError
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind
from ..prompt_key import PromptKey
from ..state import State, ally_of, data, storm_order
from .base import hand_limit

AUCTION, MARKET = "auction", "market-bid"   # the kinds of the two standing decisions
ANY = "ANY"
OFFER, BIDS = "black_market_offer", "black_market_bids"     # their places in each sheet
BEFORE = "charity"                  # the round whose end opens the bidding round (GF9, 1.03)
NOT_IN = ("setup", "bidding")       # the rounds the standing answers do not ride on


# --- the standing answers
def auction_prompt(state: State, seat: str) -> Prompt:
    card = state["factions"][seat].get(OFFER)
    said = f"AUCTION {_name(state, card)}" if card else "AUCTION NONE"
    names = sorted({_name(state, c) for c in state["factions"][seat]["hand"]})
    return Prompt(str(PromptKey(AUCTION, seat)), seat, AUCTION, True,
                  "AUCTION <card> or AUCTION NONE: the card of your hand you reveal and auction "
                  "in the next Black Market Auction, before the bidding round's Declaration "
                  "(001 2.13.05); the buyer pays you, you pay the Free Traders a quarter, "
                  f"rounded up.  It stands until used or changed; now {said}.  Your hand: "
                  f"{', '.join(names) or 'none'}.  Never waited for.", card, said, said,
                  optional=True, title="your Black Market Auction")


def market_prompt(state: State, seat: str) -> Prompt:
    bids = state["factions"][seat].get(BIDS, {})
    said = _bids_text(bids)
    return Prompt(str(PromptKey(MARKET, seat)), seat, MARKET, True,
                  "MARKET <card or ANY> <n>, a line each, or MARKET NONE: the most you pay for "
                  "such a card in a Black Market Auction, bid for you in turn from the "
                  "auctioneer's right (001 2.13.05.02); never on your own card nor your "
                  "ally's (2.13.05.06), but the Free Traders' ally on theirs (2.13.12).  They "
                  f"stand until changed; now {said}.  Never waited for.", dict(bids), said, said,
                  optional=True, title="your Black Market bids")


def offered(state: State, seat: str, card: str | None) -> list[Event]:
    if card:
        state["factions"][seat][OFFER] = card
    else:
        state["factions"][seat].pop(OFFER, None)
    return []


def bid(state: State, seat: str, bids: dict[str, int]) -> list[Event]:
    if bids:
        state["factions"][seat][BIDS] = dict(bids)
    else:
        state["factions"][seat].pop(BIDS, None)
    return []


# --- the auction (2.13.05)
def held(state: State, traders: str) -> list[Event]:
    """The Black Market Auction, every offer in storm order."""
    events: list[Event] = []
    order = storm_order(state)
    for auctioneer in order:
        card = state["factions"][auctioneer].pop(OFFER, None)
        if card is None or card not in state["factions"][auctioneer]["hand"]:
            continue
        events += _sold(state, traders, auctioneer, card, order)
    return events


def _sold(state: State, traders: str, auctioneer: str, card: str, order: list[str]
          ) -> list[Event]:
    name = _name(state, card)
    start = order.index(auctioneer)
    bidders = [s for s in order[start + 1:] + order[:start] if _may_bid(state, traders,
                                                                        auctioneer, s)]
    tops = {s: _most(state, s, name) for s in bidders}
    tops = {s: n for s, n in tops.items() if n > 0}
    shown = Event(EventCode.BLACK_MARKET_OFFER, {"faction": auctioneer, "card": name})
    if not tops:                            # 2.13.05.05: back into the hand
        return [shown, Event(EventCode.BLACK_MARKET_UNSOLD, {"faction": auctioneer,
                                                             "card": name})]
    best = max(tops.values())
    buyer = next(s for s in tops if tops[s] == best)        # the earlier bidder at a tie
    others = [n for s, n in tops.items() if s != buyer]
    price = best if others and max(others) == best else min(best, max(others, default=0) + 1)
    hand = state["factions"][auctioneer]["hand"]
    hand.remove(card)
    state["factions"][buyer]["hand"].append(card)
    state["factions"][buyer]["spice"] -= price
    state["factions"][auctioneer]["spice"] += price             # 2.13.05.03
    cut = min(-(-price // 4), state["factions"][auctioneer]["spice"])   # 2.13.05.04
    state["factions"][auctioneer]["spice"] -= cut
    state["factions"][traders]["spice"] += cut
    return [shown, Event(EventCode.BLACK_MARKET_SOLD, {
        "faction": auctioneer, "card": name, "buyer": buyer, "price": price,
        "cut": cut, "traders": traders})]


def _may_bid(state: State, traders: str, auctioneer: str, seat: str) -> bool:
    """2.13.05.06: not on an ally's card, but the Free Traders' ally on theirs (2.13.12); a
    hand with room."""
    if seat in ally_of(state, auctioneer) and auctioneer != traders:
        return False
    return len(state["factions"][seat]["hand"]) < hand_limit(state, seat)


def _most(state: State, seat: str, name: str) -> int:
    """The seat's standing bid for a card of this name, within its spice."""
    bids = state["factions"][seat].get(BIDS, {})
    return min(bids.get(name, bids.get(ANY, 0)), state["factions"][seat]["spice"])


def _name(state: Any, card: str) -> str:
    return data(state).treachery_card(card).name


def _bids_text(bids: dict[str, int]) -> str:
    return "; ".join(f"MARKET {name} {n}" for name, n in sorted(bids.items())) or "MARKET NONE"


# --- the orders
def _read_auction(state: State, prompt: Prompt, words: list[str]) -> str | None:
    if [w.upper() for w in words] == ["NONE"]:
        return None
    if not words:
        raise OrderProblem(ErrorCode.BAD_AUCTION, "expected AUCTION <card> or AUCTION NONE "
                           "(001 2.13.05)", ("AUCTION NONE",))
    hand = state["factions"][prompt.seat]["hand"]
    return card_among(state, " ".join(words), hand, "card of your hand",
                      tuple(f"AUCTION {_name(state, c)}" for c in hand) or ("AUCTION NONE",))


def _read_market(state: State, prompt: Prompt, words: list[str]) -> dict[str, int]:
    if [w.upper() for w in words] == ["NONE"]:
        return {}
    if len(words) < 2 or not words[-1].isdigit() or not 0 < int(words[-1]) <= 100:
        raise OrderProblem(ErrorCode.BAD_AUCTION, "expected MARKET <card or ANY> <n> (1 to "
                           "100) or MARKET NONE (001 2.13.05.02)",
                           ("MARKET ANY 2", "MARKET Lasgun 5", "MARKET NONE"))
    said = " ".join(words[:-1])
    try:
        name = ANY if said.upper() == ANY else data(state).card_names.find(said)
    except NameLookupError as error:
        raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error), ("MARKET ANY 2",)) from None
    return {name: int(words[-1])}


def _combine_market(state: State, prompt: Prompt, parts: list[dict[str, int]]
                    ) -> dict[str, int]:
    found: dict[str, int] = {}
    for part in parts:
        found.update(part)
    return found


def _random_auction(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> str | None:
    hand = view["own"]["hand"]
    return rng.choice(hand) if hand and rng.random() < 0.3 else None


def _random_market(view: dict[str, Any], prompt: Prompt, rng: random.Random
                   ) -> dict[str, int]:
    return {ANY: rng.randint(1, 4)} if rng.random() < 0.5 else {}


order_kind(OrderKind(AUCTION, ("AUCTION",), _read_auction,
                     lambda game, v: f"AUCTION {_name(game, v)}" if v else "AUCTION NONE",
                     random=_random_auction))
order_kind(OrderKind(MARKET, ("MARKET",), _read_market,
                     lambda game, v: "\n".join(f"MARKET {n} {b}" for n, b in sorted(v.items()))
                     or "MARKET NONE", combine=_combine_market, random=_random_market))
