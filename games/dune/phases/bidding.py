"""The bidding round (000 VIII, lines 280-305; XII.E.3, line 463; XV.B.2, line 502; the Emperor,
Harkonnen and Atreides shields, lines 756, 804, 810, 882; the player aid's Karama, lines 946-958;
WBC clarification VIII, 000 lines 1141-1165 and 004 VIII.1-10, lines 237-247; WBC house rule 5,
000 line 1057; WBC Karama timing, 000 line 1400).

At the start of the round, with no orders:

1. CHOAM Charity (VIII.I): every faction with no spice collects 2 from the bank; the Bene
   Gesserit with the optional advantages collect 2 from turn 2 on, spice or not (XV.B.2).
   Under GF9 the charity is a phase of its own (``charity``), and every faction declares how
   many treachery cards it holds (001 1.04.02).
2. One card is dealt from the top of the treachery deck (the end of ``decks.treachery``) for
   each faction whose hand has room (VIII.A, VIII.G: 4 cards, the Harkonnen 8), into a row kept
   in ``state["step"]["row"]``.  An empty deck is restocked at once from the shuffled discard
   pile (III.C, line 213; WBC VIII.1, line 1144).

Then the cards are auctioned one at a time, in the order dealt (VIII.B).  The first card is
opened by the first faction in storm order (VIII.B.1), each later card by the first faction able
to bid to the right of (after, in storm order) the previous opener (VIII.D); a faction "able to
bid" has room in its hand (VIII.A).  Bidding goes round to the right in storm order from the
opener.

By mail the open auction is played by proxy.  Every faction that may bid on a card gives,
secretly, ``BID n`` (the most it will pay), ``PASS`` or ``BID KARAMA``.  The moderator then plays
the auction exactly as the table would with those players: from the opener, round the table in
storm order, each faction on its turn raises the bid by the minimum step (one spice) while the
bid is under its maximum, and passes otherwise.  When every other faction has passed after the
top bid, the top bidder buys the card at its bid (VIII.B.2).  So the faction with the highest
maximum wins, and equal maxima go to whichever reaches that bid first on its turn.  A faction
passes only once the bid has reached its maximum, and bids only rise, so it never has a reason
to come back: the re-entry WBC allows (VIII.2, line 1146) and the basic game's silence give the
same outcome.  The price and every faction's last bid are public, as they are at the table; a
maximum never bid up to stays secret.

Rulings:

- Charity is automatic: by mail every faction that may call "CHOAM Charity" is deemed to.
- Means (VIII.C; XII.E.3): nobody bids more than it can pay, its own spice plus the support its
  allies promised.  ``SUPPORT n`` is the most an allied faction will pay in all, this round,
  towards its allies' cards; the buyer pays its own spice first and its supporters the rest, in
  storm order.  Support orders are given in the same mail round as the bids, so a bid is read
  against the faction's spice and its allies' (what they could promise) and is played up to
  what it can pay with the support actually promised.  Under WBC too (``transfers.supporters``:
  such a payment goes to the bank or the Emperor, not to the ally, so it is not a transfer that
  house rule 5, line 1057, keeps for the collection round).
- Payments (Emperor shield 1, line 804; WBC VIII.5-7, lines 1152-1156): every card bought by
  another faction is paid to the Emperor when he is in the game, at once, supporters' spice
  included, so spice the Emperor gives towards his ally's card comes back to him; the Emperor's
  own cards are paid to the bank, his allies' support for them too.
- Karama (player aid A.5, line 958: "bid for and buy one treachery card without paying for it";
  WBC VIII.9, line 1160): ``BID KARAMA`` bids "infinity" on the faction's first turn to bid;
  nobody can top it, so among several the first in turn from the opener wins.  The Karama card
  is discarded when the card is bought and nothing is paid (WBC, line 1400: only for the
  player's own payment, played when the purchase is made).  The basic game sets no limit on a
  bid that is not paid, so the same holds under ``classic``.  A full hand may not bid, even
  with a Karama (WBC VIII.10, line 1162).  Under GF9 (``Rules.karama_overbid``, 001
  3.01.12.05: "Bid more spice than you have (without Revealing this card) and/or Buy a
  Treachery Card without paying spice for it") the Karama bid is ``BID <n> KARAMA``: a
  maximum like any other, above the faction's means if it likes, that others may top; the
  card won with it is bought for nothing and the Karama discarded, and a faction outbid
  keeps its Karama unseen.
- The Harkonnen draw a free card from the deck after each card they buy, while their hand has
  room (Harkonnen shield 2, line 882; one hand of 8, WBC VIII.4, line 1150); only they are told
  which (WBC VIII.3, line 1148).
- The Atreides see each card when it comes up for bid, before anyone bids on it (Atreides
  shield 1, line 756): a private event, and their view shows the card up.
- A card everyone passes ends the round; it and the cards after it go back on top of the deck
  in the row's order, the first of them on top (VIII.E).
- How many cards each faction holds is public during the round (VIII.F, XIII.B): ``view.py``.
- Mail modes (``Rules.bidding``, docs/orders.md): ``per_card`` (the default) is one mail round
  per card, as at the table; ``whole_round`` is one mail round for the whole row: every card is
  up at once (the Atreides see them all before anyone bids), each faction sends a maximum per
  card and an optional ``BUDGET n`` (the most it will spend, in winning bids, this round), and
  the cards are auctioned in order; a faction whose hand is full, or whose means or budget ran
  out, passes on the rest.

- The Bene Gesserit may bid Karama with a worthless card, with the special Karama powers
  (shield line 788; ``karama``); a ``KARAMA WORTHLESS`` standing ready cancels it, and their bid
  is then void (``bidding_karama``).
- The other Karamas of the round (against the Atreides' look at the cards or the spice deck,
  against the Harkonnen's free card, against the worthless card, the Harkonnen's steal) are the
  ``KARAMA`` lines of ``bidding_karama``, asked in the same mail rounds as the bids.  While the
  Harkonnen choose the cards they give back after a steal, the round waits for them (one mail
  round, the next card not yet up).

The order language (the prompts, ``BID``, ``PASS``, ``BUDGET``, ``SUPPORT``) is ``bid_orders``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import field
from typing import Any

from pbem.frozen import record
from pbem.game import Event, Prompt

from .. import deals, factions, main_leaders, transfers, variants
from ..board import homeworlds
from ..cards import bidding_karama, karama, standing_cards
from ..codes import EventCode
from ..data import Ability, Act
from ..decks import draw_treachery
from ..orders import bid_orders
from ..orders.bid_orders import KARAMA, card_number, most_bid
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, storm_order
from . import offers

CHARITY = 2          # 000 VIII.I: "two spice from the spice bank"
PHASE = "bidding"      # its name in ``turn.PHASES``: the factions' own decisions asked in it
AUCTION_KINDS = ("bid", "bids", "card-support", "karama")    # the auction's own decisions
PER_CARD, WHOLE_ROUND = "per_card", "whole_round"


# --- the phase
def begin(state: State, rng: random.Random) -> list[Event]:
    """Charity, the deal, and the first card up for bid (or every card, ``whole_round``)."""
    state["step"] = {"row": [], "dealt": 0, "opener": None, "promised": {}, "paid": {},
                     "spent": {}, "done": False, "aside": [], "stealing": None,
                     "no_free_card": [], "cancel_worthless": []}
    events = charity(state) if rules_of(state).charity_with_bidding else []
    events += declare_hands(state)
    if offers.ask(state):
        return events                   # the round waits for an offer (``offers``)
    events += _deal_and_lay_out(state, rng)
    _offer_last(state)
    return events


def _deal_and_lay_out(state: State, rng: random.Random) -> list[Event]:
    """The row dealt and laid out, once any offer is made (or the offer up first)."""
    events = deal(state, rng)
    if state["step"].get("stock"):
        return events                   # the row waits for its stocker (``Faction.stock``)
    return events + lay_out(state)


def lay_out(state: State) -> list[Event]:
    """The row laid out: every card seen by the prescient (``whole_round``) or the first up;
    an offer to be sold first waits before it (``offers``)."""
    if offers.due(state, False):
        state["step"]["offer_up"] = True
        return []
    if _mode(state) == WHOLE_ROUND:
        state["step"]["done"] = not state["step"]["row"]
        events = _before_seen(state, len(state["step"]["row"]))
        return events + _seen(state, state["step"]["row"])
    return card_up(state)


def _before_seen(state: State, count: int) -> list[Event]:
    """The factions' powers over the next ``count`` cards of the row before anyone sees them
    (``Faction.before_cards_up``: the Ixians' TECHNOLOGY, 001 2.07.23)."""
    return [event for f in factions.in_play(state, "before_cards_up")
            for event in f.before_cards_up(state, count)]


def prompts(state: State) -> list[Prompt]:
    """The secret bids of the factions that may bid, their allies' support and the Karamas
    (``bidding_karama``); after a steal, the Harkonnen's cards given back alone."""
    step = state["step"]
    if step["stealing"]:
        return [bidding_karama.return_prompt(state)]
    if offers.offering(state):
        return factions.decisions(state, PHASE)
    if step.get("market_up"):
        return [offers.prompt(state, seat, offers.MARKET)
                for seat in offers.bidders(state, hand_has_room)]
    if step.get("offer_up"):
        return [offers.prompt(state, seat) for seat in offers.bidders(state, hand_has_room)]
    if step.get("stock"):
        return factions.decisions(state, PHASE)
    if step["done"]:
        return []
    bidders, supporters = _deciding(state)
    bid = bid_orders.bid_prompt if _mode(state) == PER_CARD else bid_orders.bids_prompt
    return ([bid(state, seat) for seat in bidders]
            + [bid_orders.support_prompt(state, seat) for seat in supporters]
            + bidding_karama.prompts(state) + factions.decisions(state, PHASE))


def keys(state: State) -> list[str]:
    """The keys of ``prompts``, in their order, without the bids' text."""
    step = state["step"]
    if offers.offering(state):
        return [p.key for p in prompts(state)]
    if step.get("offer_up") or step.get("market_up"):
        return [str(PromptKey(offers.KIND, seat))
                for seat in offers.bidders(state, hand_has_room)]
    if step["stealing"] or step["done"] or step.get("stock"):
        return [p.key for p in prompts(state)]
    bidders, supporters = _deciding(state)
    bid = "bid" if _mode(state) == PER_CARD else "bids"
    return ([str(PromptKey(bid, seat)) for seat in bidders]
            + [str(PromptKey("card-support", seat)) for seat in supporters]
            + bidding_karama.keys(state) + factions.decision_keys(state, PHASE))


def _deciding(state: State) -> tuple[list[str], list[str]]:
    """The factions that may bid, in bidding order, and those that may support an ally's
    buying (XII.E.3), in seat order."""
    bidders = [seat for seat in bidding_order(state) if _bids_with(state, seat)]
    if not state["alliances"]:
        return bidders, []                  # nobody's ally: no support asked
    return bidders, [seat for seat in state["seats"] if state["factions"][seat]["spice"] > 0
                     and any(seat in transfers.supporters(state, buyer) for buyer in bidders)]


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The round's orders carried out (``_apply``); a faction's offer sold last then comes
    up."""
    events = _apply(state, orders, rng)
    _offer_last(state)
    return events


def _apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The card up (every card, ``whole_round``) auctioned with the orders given, the Karamas
    played; then the next card comes up (after the cards given back of a steal)."""
    step = state["step"]
    if offers.offering(state):
        events = [e for key, value in sorted(orders.items())
                  if key in factions.decision_keys(state, PHASE)
                  for e in factions.decide(state, PHASE, key, value, rng)]
        events += offers.made(state, _seers(state))
        if offers.pending(state, offers.MARKET):
            step["market_up"] = True        # 001 2.10.22: before the Declaration and the deal
            return events
        return events + _deal_and_lay_out(state, rng)
    if step.get("market_up"):
        del step["market_up"]
        market = offers.pending(state, offers.MARKET)
        assert market is not None
        opener = next_opener(state) if market.kind == factions.NORMAL else None
        events = offers.sell(state, orders, hand_has_room, card_payee, offers.MARKET, auction)
        if offers.asking(state):        # 001 2.10.09.02: a bidder's turn asked alone
            step["market_up"] = True
            return events
        step["opener"] = opener         # 001 2.10.24: the row resumes after its opener
        return events + _deal_and_lay_out(state, rng)
    if step.get("offer_up"):
        del step["offer_up"]
        events = offers.sell(state, orders, hand_has_room, card_payee, rng=rng)
        if offers.asking(state):        # 001 2.10.09.02: a bidder's turn asked alone
            step["offer_up"] = True
            return events
        return events + (lay_out(state) if not step["done"] else [])
    if step["stealing"]:
        (cards,) = orders.values()
        return bidding_karama.give_back(state, cards) + _next_card(state)
    if step.get("stock"):
        events = [e for key, value in sorted(orders.items())
                  for e in factions.decide(state, PHASE, key, value, rng)]
        step["stock"] = None
        step["dealt"] = len(step["row"])
        return events + _dealt(state, rng) + lay_out(state)
    karamas = {key: value for key, value in orders.items()
               if PromptKey.parse(key).kind == "karama"}
    bidding_karama.stand_ready(state, karamas)
    decided: list[Event] = []
    for key, value in orders.items():
        kind, seat = PromptKey.parse(key)
        if kind == "card-support":
            step["promised"][seat] = value
        elif kind not in AUCTION_KINDS:           # a faction's own (``Faction.decisions``)
            decided += factions.decide(state, PHASE, key, value, rng)
    keys = {PromptKey.parse(key): value for key, value in orders.items()}
    bids = {key.seat: value for key, value in keys.items() if key.kind in ("bid", "bids")}
    if _mode(state) == PER_CARD:
        events = decided + sell(state, bids, rng)
        return events + bidding_karama.at_sale(state, karamas, rng) + _next_card(state)
    events = decided
    while not step["done"]:
        events += card_up(state)
        if step["done"]:
            break
        index = step["dealt"] - len(step["row"])
        events += sell(state, {seat: _within_budget(state, seat, value["bids"][index],
                                                    value["budget"])
                               for seat, value in bids.items()}, rng)
    return events + bidding_karama.at_sale(state, karamas, rng)


def done(state: State) -> bool:
    return (state["step"]["done"] and not state["step"]["stealing"]
            and not state["step"].get("offer_up") and not state["step"].get("market_up"))


def _offer_last(state: State) -> None:
    """Once the row is done, a faction's offer sold last comes up (``offers``)."""
    step = state["step"]
    if step["done"] and not step["stealing"] and offers.due(state, True):
        step["offer_up"] = True


def _next_card(state: State) -> list[Event]:
    """The next card up (per card), unless the Harkonnen still give back stolen cards."""
    if state["step"]["stealing"] or _mode(state) == WHOLE_ROUND:
        return []
    return card_up(state)


def _mode(state: State) -> str:
    return rules_of(state).bidding


# --- charity and the deal
def charity(state: State) -> list[Event]:
    """CHOAM Charity (VIII.I; XV.B.2 for the Bene Gesserit from turn 2 with the advantages,
    GF9 001 2.02.10 every turn: ``Faction.charity_always_from_turn``):
    a faction below ``Rules.charity_below`` is topped up to 2 (GF9 001 1.03.02: 0 or 1).
    GF9: a Karama standing ready cancels the Bene Gesserit's "at least 2" when they hold some
    spice (001 2.02.10, 3.01.12.02, ``karama_reach``): they get the charity as anyone; a
    faction that declined it calls none (001 1.03.02, ``deals``)."""
    rules = rules_of(state)
    powers = factions.in_play(state, "charity_begins", "pays_charity", "charity_amount",
                              "charity_ends")
    events = [event for power in powers for event in power.charity_begins(state)]
    for seat in state["seats"]:
        own = state["factions"][seat]
        if main_leaders.out(state, seat):
            continue                    # out of the game (003 "Main Leaders")
        if deals.declined(state, seat):
            continue
        special = (rules.advantages and factions.has(state, seat, Ability.CHARITY_ALWAYS)
                   and state["turn"] >= factions.power(seat, state).charity_always_from_turn)
        if special:
            events += karama.play_against(state, "charity", seat) if own["spice"] else []
            special = not karama.cancelled(state, "charity", seat)
        if special:
            amount = CHARITY
        elif own["spice"] < rules.charity_below:
            amount = CHARITY - own["spice"]
        else:
            continue
        for power in powers:
            amount = power.charity_amount(state, seat, amount)
        payer = next((p.seat for p in powers if p.pays_charity(state, seat)), None)
        if payer is not None:           # 001 2.09.05: paid from CHOAM's spice, what it has
            amount = min(amount, state["factions"][payer]["spice"])
            state["factions"][payer]["spice"] -= amount
        if amount <= 0:
            continue
        own["spice"] += amount
        events.append(Event(EventCode.CHARITY, {"faction": seat, "amount": amount,
                                                **({"from": payer} if payer else {})}))
        events += variants.acted(state, seat, Act.CHARITY)          # 001 4.05.05.04
    karama.lift(state, "charity")
    return events + [event for power in powers for event in power.charity_ends(state)]


def declare_hands(state: State) -> list[Event]:
    """Every faction's number of treachery cards, announced before bidding starts (GF9, 001
    1.04.02: ``Rules.hands_declared_before_bidding``)."""
    if not rules_of(state).hands_declared_before_bidding:
        return []
    return [Event(EventCode.HANDS_DECLARED, {"hands": {
        seat: len(state["factions"][seat]["hand"]) for seat in state["seats"]}})]


def deal(state: State, rng: random.Random) -> list[Event]:
    """One card for each faction whose hand has room, into the row (VIII.A); with more for a
    faction that stocks the row (``Faction.stock``: the Ixians' SUPPLY CHAIN, 001 2.07.08),
    which is then asked which one leaves it (``step["stock"]``: its ``Faction.decisions``)."""
    events = []
    row = state["step"]["row"]
    # 001 2.10.09: one fewer with an offer
    count = max(0, len(with_room(state, state["seats"])) - offers.fewer(state))
    stocker = next((f for f in factions.in_play(state, "stock") if f.stock(state)),
                   None) if count else None
    for _ in range(count + (stocker.stock(state) if stocker else 0)):
        card, restocked = draw_treachery(state, rng)
        events += restocked
        if card is not None:
            row.append(card)
    if stocker is not None and len(row) > count:
        state["step"]["stock"], state["step"]["dealt"] = stocker.seat, count
        return events + [Event(EventCode.CARDS_DEALT, {"cards": count})]
    state["step"]["dealt"] = len(row)
    events.append(Event(EventCode.CARDS_DEALT, {"cards": len(row)}))
    return events + _dealt(state, rng)


def _dealt(state: State, rng: random.Random) -> list[Event]:
    """The row is dealt, once any faction that stocks it has chosen: every faction's
    ``Faction.cards_dealt``."""
    return [e for f in factions.in_play(state, "cards_dealt") for e in f.cards_dealt(state, rng)]


# --- who bids
def hand_has_room(state: State, seat: str) -> bool:
    """Whether a faction may bid (``with_room``)."""
    return bool(with_room(state, (seat,)))


def with_room(state: State, seats: Sequence[str]) -> list[str]:
    """Of ``seats``, in their order, the factions that may bid: the hand under its limit
    (VIII.A, VIII.G; 8 for the Harkonnen, line 882), in the game (003 "Main Leaders") and
    under no Cone of Silence this turn (003 "Expanded Treachery", ``standing_cards``).  The
    hand limits are found once for all the seats asked (the bidding round asks thousands of
    times a game)."""
    limits, hands = factions.hand_limits(state), state["factions"]
    return [seat for seat in standing_cards.buyers(state, main_leaders.playing(state, seats))
            if len(hands[seat]["hand"]) < limits[seat]]


def bidding_order(state: State) -> list[str]:
    """The factions able to bid on the card up, in turn from its opener (VIII.B.2)."""
    order = storm_order(state)
    opener = state["step"]["opener"]
    start = order.index(opener) if opener in order else 0
    return with_room(state, order[start:] + order[:start])


def next_opener(state: State) -> str | None:
    """The first faction in storm order for the first card (VIII.B.1), then the first able to
    bid to the right of the last opener (VIII.D); None if nobody may bid."""
    order = storm_order(state)
    last = state["step"]["opener"]
    start = order.index(last) + 1 if last in order else 0
    return next(iter(with_room(state, order[start:] + order[:start])), None)


def support_left(state: State, supporter: str) -> int:
    """What a supporter will still pay this round: its promise less what it paid, within its
    spice."""
    step = state["step"]
    promised = step["promised"].get(supporter, 0) - step["paid"].get(supporter, 0)
    return max(0, min(promised, state["factions"][supporter]["spice"]))


def means(state: State, seat: str) -> int:
    """The most a faction can pay for a card now: its spice and its allies' promised support."""
    return state["factions"][seat]["spice"] + sum(support_left(state, s)
                                                  for s in transfers.supporters(state, seat))


def _bids_with(state: State, seat: str) -> bool:
    """Whether a faction with room in its hand (``bidding_order``) is asked for a bid:
    something to bid with (a Karama alone makes the bid optional: ``bid_orders.only_karama``)."""
    return most_bid(state, seat) > 0 or bool(karama.playable(state, seat))


# --- the cards up for bid
def card_up(state: State) -> list[Event]:
    """The next card of the row comes up, opened by the next opener; the Atreides see it
    (per card).  With no card left the round is over."""
    step = state["step"]
    if not step["row"]:
        step["done"] = True
        return []
    step["opener"] = next_opener(state)
    # A card is dealt for each faction with room, and a sale fills one hand at most.
    assert step["opener"] is not None, step
    events = _before_seen(state, 1) if _mode(state) == PER_CARD else []
    events += [Event(EventCode.CARD_UP, {"number": card_number(state), "cards": step["dealt"],
                                 "opener": step["opener"]})]
    if _mode(state) == PER_CARD:
        events += _seen(state, step["row"][:1])
    return events


def _seers(state: State) -> list[str]:
    """The factions that see the cards up for bid (the Atreides, shield 1, line 756; a card on
    the Black Market too, 001 2.10.23), with the occupier of Caladan (001 4.10.12: "Occupier
    shares your Bidding advantages"), unless a Karama prevents it."""
    if karama.prevented(state, Ability.PRESCIENCE_BIDDING):     # player aid B.6.A.1
        return []
    seers = factions.having(state, Ability.PRESCIENCE_BIDDING)
    sharers = {o for seat in seers                                 # 001 4.10.12 "Caladan"
               for o in homeworlds.sharers(state, seat, Ability.PRESCIENCE_BIDDING)}
    return seers + [seat for seat in state["seats"] if seat in sharers and seat not in seers]


def _seen(state: State, cards: list[str]) -> list[Event]:
    """The prescient factions (the Atreides, shield 1, line 756) see these cards."""
    first = card_number(state)
    return [Event(EventCode.CARD_SEEN, {"number": first + i, "card": card}, to=(seat,))
            for seat in _seers(state) for i, card in enumerate(cards)]


def cards_seen(state: State, seat: str) -> list[str]:
    """The cards up for bid that a faction sees now: the card up (all the row, whole_round) for
    the Atreides (and Caladan's occupier), nothing for the others and outside the bidding
    round."""
    if (state["phase"] != "bidding" or state["step"]["done"] or state["step"].get("stock")
            or seat not in _seers(state)):
        return []
    row = state["step"]["row"]
    return list(row[:1] if _mode(state) == PER_CARD else row)


def public_bidding(state: State) -> dict[str, Any]:
    """What everyone sees of the round: the cards dealt, the numbers of those up for bid, and
    how many cards each faction holds (VIII.F, XIII.B)."""
    step = state["step"]
    first = card_number(state)
    up = [] if step["done"] or step.get("stock") else (
        [first] if _mode(state) == PER_CARD else list(range(first, step["dealt"] + 1)))
    found = {"cards": step["dealt"], "up": up,
             "hands": {seat: len(state["factions"][seat]["hand"]) for seat in state["seats"]}}
    if (offer := offers.public(state)) is not None:
        found["offer"] = offer
    if (market := offers.public(state, offers.MARKET)) is not None:
        found["market"] = market
    return found


def _return_row(state: State) -> list[Event]:
    """The unsold cards go back on top of the deck, the first of them on top (VIII.E)."""
    step = state["step"]
    returned = step["row"]
    state["decks"]["treachery"].extend(reversed(returned))
    step["row"] = []
    step["done"] = True
    return [Event(EventCode.CARDS_RETURNED, {"cards": len(returned)})]


# --- the auction
@record
class Outcome:
    """How an auction ended: the buyer (None: passed by everyone), its price (0 with a
    Karama) and each bidder's last bid (``KARAMA`` for "infinity")."""

    buyer: str | None
    price: int = 0
    karama: bool = False
    bids: dict[str, int | str] = field(default_factory=dict)


def auction(order: list[str], maxima: dict[str, int | str | list]) -> Outcome:
    """The open auction of one card played by proxy: from the opener (``order[0]``) round the
    table, each bidder on its turn raises by one while the bid is under its maximum, else
    passes, and may raise again on a later turn (WBC VIII.2); the first ``KARAMA`` on its turn
    bids "infinity" and wins (WBC VIII.9).  A GF9 Karama bid ``[KARAMA, n]`` bids up to n like
    a number and, if it wins, pays nothing (001 3.01.12.05).  Sold when the turn comes back to
    the top bidder; passed when everyone passed without a bid (VIII.B.2, VIII.E)."""
    bid, top, passes, bids = 0, None, 0, {}
    turn = 0
    while order:
        seat = order[turn % len(order)]
        turn += 1
        if seat == top:
            overbid = isinstance(maxima[top], list)
            return Outcome(top, 0 if overbid else bid, overbid, bids)
        most = maxima.get(seat, 0)
        if most == KARAMA:
            return Outcome(seat, 0, True, {**bids, seat: KARAMA})
        if isinstance(most, list):
            most = most[1]
        if most > bid:
            bid, top = bid + 1, seat
            bids[seat] = bid
        elif top is None:
            passes += 1
            if passes == len(order):
                break
    return Outcome(None, 0, False, bids)


def sell(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """The card up auctioned with the factions' maxima (None: PASS), each played up to what it
    can pay; the buyer pays and takes the card, or everyone passed and the row goes back.  A
    cancelled Karama bid is void (``bidding_karama``); the others are played again as they can
    be now: the canceller's own Karama bid, its card spent, is a number (001 3.01.12.05)."""
    order = bidding_order(state)
    maxima = {seat: _playable(state, seat, orders.get(seat)) for seat in order}
    outcome = auction(order, maxima)
    events: list[Event] = []
    void: set[str] = set()
    while outcome.karama:
        played, effective = karama.play(state, outcome.buyer)
        events += played
        if effective:
            break
        void.add(outcome.buyer)
        maxima = {seat: 0 if seat in void else _playable(state, seat, orders.get(seat))
                  for seat in order}
        outcome = auction(order, maxima)
    if outcome.buyer is None:
        return events + [Event(EventCode.CARD_PASSED,
                               {"number": card_number(state)})] + _return_row(
            state)
    return events + _buy(state, outcome, rng)


def _playable(state: State, seat: str, bid: int | str | list | None) -> int | str | list:
    """A maximum as it can be played now: a Karama only with a Karama card in hand, a number
    up to the faction's means (VIII.C; XII.E.3); a GF9 Karama bid without the card is a
    number (001 3.01.12.05)."""
    if bid == KARAMA:
        return KARAMA if karama.playable(state, seat) else 0
    if isinstance(bid, list):
        if karama.playable(state, seat):
            return bid
        bid = bid[1]
    return min(bid or 0, means(state, seat))


def _within_budget(state: State, seat: str, bid: int | str | None, budget: int | None
                   ) -> int | str | None:
    """A ``whole_round`` maximum within what is left of the faction's budget."""
    if budget is None or bid in (None, KARAMA) or isinstance(bid, list):
        return bid
    return min(bid, budget - state["step"]["spent"].get(seat, 0))


def _buy(state: State, outcome: Outcome, rng: random.Random) -> list[Event]:
    """The buyer pays (its own spice first, then its supporters), to the Emperor or the bank,
    or has played a Karama (``sell``), and takes the card; the Harkonnen draw their free
    card."""
    step = state["step"]
    buyer, number = outcome.buyer, card_number(state)
    assert buyer is not None
    card = step["row"].pop(0)
    sheets = state["factions"]
    paid: dict[str, int] = {}
    if not outcome.karama:
        due = outcome.price
        for payer in [buyer, *transfers.supporters(state, buyer)]:
            share = min(due, sheets[payer]["spice"] if payer == buyer
                        else support_left(state, payer))
            if share:
                paid[payer] = share
                due -= share
                sheets[payer]["spice"] -= share
                if payer != buyer:
                    step["paid"][payer] = step["paid"].get(payer, 0) + share
        assert due == 0, (buyer, outcome)
    payee = card_payee(state, buyer)
    if payee is not None:
        sheets[payee]["spice"] += outcome.price
    step["spent"][buyer] = step["spent"].get(buyer, 0) + outcome.price
    sheets[buyer]["hand"].append(card)
    redrawn = [e for f in factions.in_play(state, "bought")
               for e in f.bought(state, buyer, card, rng)]
    free = _free_card(state, buyer, rng)
    extra = variants.bought(state, buyer, card, paid, payee, rng)   # 001 4.03.07.04, .06 B, .08
    return [Event(EventCode.CARD_SOLD, {"number": number, "buyer": buyer, "price": outcome.price,
                                "karama": outcome.karama, "paid": paid,
                                "payee": payee or "bank", "bids": outcome.bids,
                                "free_card": any(e.code == "free-card" for e in free)}),
            Event(EventCode.CARD_BOUGHT, {"number": number, "card": card}, to=(buyer,)),
            *(() if outcome.karama else variants.paid(state, buyer, payee, outcome.price,
                                                     payment=factions.CARD)),
            *redrawn, *free, *extra]


def card_payee(state: State, buyer: str) -> str | None:
    """The faction paid for a card that ``buyer`` buys: the one receiving card payments (the
    Emperor, line 804), unless it buys the card itself or is not in the game (then the bank:
    None)."""
    return factions.payee(state, factions.CARD, buyer)


def _free_card(state: State, buyer: str, rng: random.Random) -> list[Event]:
    """The Harkonnen's free card with each card bought, while their hand has room (shield 2,
    line 882); told to them alone (WBC VIII.3)."""
    if not factions.has(state, buyer, Ability.FREE_CARD_ON_PURCHASE):
        return []
    taker = homeworlds.taker(state, buyer, Ability.FREE_CARD_ON_PURCHASE,   # 001 4.10.12
                             lambda seat: hand_has_room(state, seat))        # "Giedi Prime"
    if taker is None or not hand_has_room(state, taker):
        return []
    stopped = bidding_karama.free_card_stopped(state)      # player aid B.6.A.2
    if stopped is not None:
        return stopped
    card, events = draw_treachery(state, rng)
    if card is None:
        return events
    state["factions"][taker]["hand"].append(card)
    taken = [] if taker == buyer else [Event(EventCode.OCCUPIER_FREE_CARD, {
        "faction": taker, "from": buyer})]
    return events + taken + [Event(EventCode.FREE_CARD, {"card": card}, to=(taker,))]
