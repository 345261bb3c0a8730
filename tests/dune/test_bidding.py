"""The bidding round of classic Dune (000 VIII, lines 280-305; XII.E.3, line 463; XV.B.2, line
502; the Atreides, Emperor and Harkonnen shields; the player aid's Karama, line 958; WBC
clarification VIII, 000 lines 1141-1165, 004 VIII.1-10): the proxy auction, the order reader,
the round's flow, the views, and what stays secret."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from dune_seats import CLASSIC, SEAT_FACTIONS

from pbem.game import Event, Prompt
from pbem.games.dune import transfers, turn
from pbem.games.dune.invariants import violations
from pbem.games.dune.orders.language import KINDS, parse_orders
from pbem.games.dune.phases import bidding
from pbem.games.dune.phases.bidding import KARAMA, auction
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data, sheet
from pbem.games.dune.view import public_view, seat_view
from pbem.templating import environment

AT, BG, EM, FR, GU, HA = SEAT_FACTIONS
CARDS = {card.id for card in CLASSIC.treachery_deck}


# --- building a bidding round
def put(state, card, seat=None):
    """Move a card from wherever it is to a hand (or to the top of the deck: seat None)."""
    for place in [state["decks"]["treachery"], state["decks"]["treachery_discard"],
                  *(state["factions"][s]["hand"] for s in state["seats"])]:
        if card in place:
            place.remove(card)
    (state["decks"]["treachery"] if seat is None else state["factions"][seat]["hand"]
     ).append(card)


def game(seats=(AT, EM, FR, HA), ruleset="classic", spice=None, hands=None, alliances=(),
         top=(), number=2, **options):
    """A state at the start of a bidding round (not yet begun): the storm in sector 1, so storm
    order follows the seats as given (classic dots), ``hands`` the cards of each hand, ``top``
    the top of the deck (first on top)."""
    state = new_game(make_rules(ruleset, options), list(seats), random.Random(1))
    state.update(turn=number, phase="bidding", step={})
    state["storm"]["sector"] = 1
    if ruleset == "wbc":    # seating is drawn under WBC; put the dots back in the seats' order
        state["dots"] = dict(zip(seats, data(state).board.player_dots, strict=False))
        state["seats"] = list(seats)
    state["alliances"] = [list(a) for a in alliances]
    for seat, amount in (spice or {}).items():
        state["factions"][seat]["spice"] = amount
    for seat, cards in (hands or {}).items():
        for card in list(state["factions"][seat]["hand"]):
            put(state, card)
        for card in cards:
            put(state, card, seat)
    for card in reversed(top):
        put(state, card)
    return state


def begun(*args, rng=None, **keys):
    """The round begun: charity, the deal, the first card up; and its events."""
    state = game(*args, **keys)
    events = bidding.begin(state, rng or random.Random(2))
    return state, events


def play(state, rng=None, **orders):
    """One step of the round: the given order texts by seat (the others' defaults)."""
    prompts = bidding.prompts(state)
    values = {p.key: p.default for p in prompts}
    for seat, text in orders.items():
        parsed = parse_orders(state, seat.replace("_", "-"), text, prompts)
        assert not parsed.errors, parsed.errors
        values.update({o.prompt: o.value for o in parsed.orders})
    return bidding.apply(state, values, rng or random.Random(3))


def codes(events):
    return [e.code for e in events]


def event(events, code):
    (found,) = [e for e in events if e.code == code]
    return found


# --- the proxy auction
def test_viii_b_2_the_highest_maximum_wins_raising_one_at_a_time():
    """000 VIII.B.2: in turn to the right each may raise or pass until a top bid is made and all
    others pass; by proxy each raises by one while under its maximum."""
    outcome = auction([AT, EM, FR], {AT: 5, EM: 3, FR: 0})
    assert (outcome.buyer, outcome.price) == (AT, 3)          # A1 E2 F- A3 E- F-
    assert outcome.bids == {AT: 3, EM: 2}
    assert auction([EM, AT, FR], {AT: 5, EM: 3, FR: 0}).price == 4   # E1 A2 F- E3 A4


def test_viii_b_2_a_lone_bidder_pays_one_and_a_card_nobody_bids_on_is_passed():
    """000 VIII.B.2 (the top bid of 1 when all others pass); VIII.E (passed by everyone)."""
    assert (auction([AT, EM], {AT: 0, EM: 7}).buyer, auction([AT, EM], {EM: 7}).price) == (EM, 1)
    assert auction([AT, EM], {AT: 0, EM: 0}).buyer is None
    assert auction([], {}).buyer is None


def test_equal_maxima_go_to_whoever_reaches_that_bid_first_in_turn():
    """The table's tie, played by one-spice raises: with maxima 2 and 2 the second in turn bids
    2 first; with 3 and 3 the opener does (000 VIII.B.2; bidding.py docstring)."""
    assert auction([AT, EM], {AT: 2, EM: 2}).buyer == EM
    assert auction([AT, EM], {AT: 3, EM: 3}).buyer == AT
    assert auction([EM, AT], {AT: 3, EM: 3}).buyer == EM


def test_wbc_viii_2_a_faction_that_passed_would_bid_again_so_proxies_never_need_to():
    """WBC VIII.2 (000 line 1146): a player who passed may bid again in his turn while the card
    is unsold.  A proxy passes only once the bid has reached its maximum and bids only rise, so
    playing with re-entry gives the same outcome as playing without it: checked against an
    auction in which a faction that passed is out, for every maxima 0-4 of three factions."""
    def without_reentry(order, maxima):
        bid, top, out = 0, None, set()
        for seat in itertools.cycle(order):
            if seat == top or len(out) == len(order) - (top is not None):
                return top, bid
            if seat in out:
                continue
            if maxima[seat] > bid:
                bid, top = bid + 1, seat
            else:
                out.add(seat)

    for values in itertools.product(range(5), repeat=3):
        maxima = dict(zip((AT, EM, FR), values, strict=True))
        outcome = auction([AT, EM, FR], maxima)
        assert (outcome.buyer, outcome.price) == without_reentry([AT, EM, FR], maxima)


def test_wbc_viii_9_the_first_to_bid_karama_in_turn_wins_and_pays_nothing():
    """WBC VIII.9 (000 line 1160): several intending to play a Karama: the first to bid
    "infinity" in his proper turn wins."""
    outcome = auction([AT, EM, FR, HA], {AT: 3, EM: 9, FR: KARAMA, HA: KARAMA})
    assert (outcome.buyer, outcome.price, outcome.karama) == (FR, 0, True)
    assert outcome.bids == {AT: 1, EM: 2, FR: KARAMA}


# --- charity and the deal
def test_viii_i_choam_charity_for_every_player_without_spice():
    """000 VIII.I: a player with no spice collects 2; by mail automatically."""
    state, events = begun(spice={AT: 0, EM: 3, FR: 0})
    assert [(e.data["faction"], e.data["amount"]) for e in events if e.code == "charity"] == [
        (AT, 2), (FR, 2)]
    assert state["factions"][EM]["spice"] == 3


@pytest.mark.parametrize("number,advantages,expected", [(1, True, 5), (2, True, 7),
                                                        (2, False, 5)])
def test_xv_b_2_the_bene_gesserit_receive_charity_from_turn_2_with_the_advantages(
        number, advantages, expected):
    """000 XV.B.2: "Beginning with the second turn, you automatically receive CHOAM charity each
    bidding round whether you have spice or not" (optional advantage XV)."""
    state, _ = begun(seats=(AT, BG), spice={BG: 5}, number=number, advantages=advantages)
    assert state["factions"][BG]["spice"] == expected


def test_viii_a_one_card_for_each_faction_with_room_in_its_hand():
    """000 VIII.A: as many cards as players who can bid; a hand of 4 cannot (VIII.G), the
    Harkonnen's 8 can (line 882); the cards come off the top of the deck, in order."""
    full = ["Shield #1", "Shield #2", "Shield #3", "Shield #4"]
    four = ["Snooper #1", "Snooper #2", "Snooper #3", "Snooper #4"]
    state, events = begun(hands={AT: full, HA: four, EM: [], FR: []},
                          top=["Lasgun", "Hajr", "Ghola", "Baliset"])
    assert event(events, "cards-dealt").data == {"cards": 3}
    assert state["step"]["row"] == ["Lasgun", "Hajr", "Ghola"]
    assert state["decks"]["treachery"][-1] == "Baliset"
    assert [p.key for p in bidding.prompts(state)] == ["bid:emperor", "bid:fremen",
                                                       "bid:harkonnen"]
    assert violations(state) == []


def test_nobody_able_to_bid_ends_the_round_at_once():
    """000 VIII.A: no player can bid, no card is dealt and nobody is asked."""
    four = [["Shield #1", "Shield #2", "Shield #3", "Shield #4"],
            ["Snooper #1", "Snooper #2", "Snooper #3", "Snooper #4"]]
    state, events = begun(seats=(AT, EM), hands={AT: four[0], EM: four[1]})
    assert bidding.done(state) and bidding.prompts(state) == []
    assert event(events, "cards-dealt").data == {"cards": 0}


def test_wbc_viii_1_an_empty_deck_is_restocked_from_the_shuffled_discard_pile():
    """WBC VIII.1 (000 line 1144; III.C, line 213): the discard pile is reshuffled at once."""
    state = game(seats=(AT, EM), hands={AT: ["Lasgun"], EM: ["Hajr"]})
    decks = state["decks"]
    decks["treachery_discard"], decks["treachery"] = decks["treachery"][1:], decks["treachery"][:1]
    events = bidding.begin(state, random.Random(2))
    assert codes(events)[:2] == ["treachery-reshuffled", "cards-dealt"]
    assert event(events, "treachery-reshuffled").data == {"cards": 30}
    assert len(state["step"]["row"]) == 2 and decks["treachery_discard"] == []
    assert violations(state) == []


# --- openers and the end of the round
def test_viii_b_1_and_viii_d_the_opener_moves_right_past_full_hands():
    """000 VIII.B.1: the first player in storm order opens the first card; VIII.D: the next card
    is opened by the first player who can bid to the right of the last opener."""
    state, events = begun(hands={EM: ["Shield #1", "Shield #2", "Shield #3", "Shield #4"]})
    assert event(events, "card-up").data == {"number": 1, "cards": 3, "opener": AT}
    events = play(state, atreides="BID 1")
    assert event(events, "card-up").data == {"number": 2, "cards": 3, "opener": FR}
    assert [p.key for p in bidding.prompts(state)] == ["bid:fremen", "bid:harkonnen",
                                                       "bid:atreides"]
    state["storm"]["sector"] = 9     # storm order is now Harkonnen, Atreides, Emperor, Fremen
    assert bidding.next_opener(state) == HA


def test_viii_e_a_passed_card_ends_the_round_and_the_rest_go_back_on_top_in_order():
    """000 VIII.E: "all remaining cards are returned to the top of the treachery deck"; the
    first of them on top, so the row keeps its order."""
    state, _ = begun(top=["Lasgun", "Hajr", "Ghola", "Baliset"])
    play(state, atreides="BID 1")
    events = play(state)
    assert codes(events) == ["card-passed", "cards-returned"]
    assert event(events, "cards-returned").data == {"cards": 3}
    assert state["decks"]["treachery"][-3:] == ["Baliset", "Ghola", "Hajr"]    # Hajr on top
    assert bidding.done(state) and state["step"]["row"] == []
    assert violations(state) == []


def test_the_round_ends_when_every_card_is_sold():
    """000 VIII.E: bidding continues until all cards available have been auctioned."""
    state, _ = begun(seats=(AT, EM), top=["Lasgun", "Hajr"])
    play(state, atreides="BID 1")
    events = play(state, emperor="BID 1")
    assert codes(events) == ["card-sold", "card-bought"]
    assert bidding.done(state) and state["factions"][EM]["hand"][-1] == "Hajr"


# --- payments
def test_emperor_1_payments_go_to_the_emperor_and_his_own_to_the_bank():
    """000 Emperor shield 1 (line 804); WBC VIII.5-6 (000 lines 1152-1154)."""
    state, _ = begun(seats=(AT, EM), spice={AT: 10, EM: 10})
    events = play(state, atreides="BID 4", emperor="BID 2")      # A1 E2 A3
    assert event(events, "card-sold").data | {"bids": None} == {
        "number": 1, "buyer": AT, "price": 3, "karama": False, "paid": {AT: 3},
        "payee": EM, "bids": None, "free_card": False}
    assert (state["factions"][AT]["spice"], state["factions"][EM]["spice"]) == (7, 13)
    events = play(state, emperor="BID 5")                         # E1
    assert event(events, "card-sold").data["payee"] == "bank"
    assert state["factions"][EM]["spice"] == 12


def test_wbc_viii_5_the_emperor_is_paid_at_once_and_may_bid_it_on_the_next_card():
    """WBC VIII.5 (000 line 1152): the Emperor receives each payment upon the purchase."""
    state, _ = begun(seats=(AT, EM, FR), spice={AT: 10, EM: 1})
    play(state, atreides="BID 4", emperor="BID 1")           # A1, the Emperor passes at 1
    assert state["factions"][EM]["spice"] == 2
    prompt = next(p for p in bidding.prompts(state) if p.seat == EM)
    assert "BID <n> (1 to 2)" in prompt.legal


def test_xii_e_3_an_ally_pays_what_the_buyer_cannot_and_its_promise_lasts_the_round():
    """000 XII.E.3: allies may pay some or all of each other's cards; the buyer pays its own
    spice first, SUPPORT n caps the ally's payments for the round (bidding.py ruling)."""
    state, _ = begun(seats=(AT, FR, HA), spice={AT: 10, FR: 2, HA: 10}, alliances=[(FR, HA)])
    assert "card-support:harkonnen" in [p.key for p in bidding.prompts(state)]
    events = play(state, atreides="BID 3", fremen="BID 6", harkonnen="SUPPORT 5")
    sold = event(events, "card-sold").data
    assert (sold["buyer"], sold["price"], sold["paid"], sold["payee"]) == (
        FR, 4, {FR: 2, HA: 2}, "bank")
    support = next(p for p in bidding.prompts(state) if p.seat == HA and p.kind == "card-support")
    assert (support.default, support.default_text) == (5, "SUPPORT 5")
    assert "paid 2 so far" in support.legal
    assert bidding.means(state, FR) == 3                       # 0 of their own, 3 promised left


def test_wbc_viii_7_the_emperors_support_comes_back_to_him():
    """WBC VIII.6-7 (000 lines 1154-1156): an ally's payment goes to the Emperor, even spice the
    Emperor gave for it."""
    state, _ = begun(seats=(AT, EM, HA), ruleset="wbc", spice={AT: 1, EM: 10, HA: 10},
                     alliances=[(AT, EM)])
    events = play(state, atreides="BID 5", emperor="SUPPORT 4", harkonnen="BID 2")
    sold = event(events, "card-sold").data
    assert (sold["price"], sold["paid"], sold["payee"]) == (3, {AT: 1, EM: 2}, EM)
    assert (state["factions"][AT]["spice"], state["factions"][EM]["spice"]) == (0, 11)


def test_wbc_house_rule_5_leaves_allies_paying_for_each_others_cards():
    """000 XII.E.3 (line 463) under WBC too: a payment towards an ally's card goes to the bank
    or the Emperor, not a transfer between players that house rule 5 (line 1057) keeps for the
    collection round (ruling in transfers.supporters)."""
    state, _ = begun(seats=(AT, EM, FR, HA), ruleset="wbc", alliances=[(FR, HA), (AT, EM)])
    assert transfers.supporters(state, FR) == [HA] and transfers.supporters(state, AT) == [EM]
    assert transfers.supporters(state, EM) == [AT]
    classic, _ = begun(alliances=[(FR, HA)])
    assert transfers.supporters(classic, FR) == [HA]


def test_karama_a5_buys_the_card_without_paying_and_is_discarded():
    """000 player aid A.5 (line 958); WBC (000 line 1400): the Karama cancels the buyer's own
    payment and is played when the purchase is made."""
    state, _ = begun(seats=(AT, EM), hands={AT: ["Karama #1"]}, spice={AT: 0, EM: 10},
                     top=["Lasgun"])
    events = play(state, atreides="BID KARAMA", emperor="BID 8")
    assert event(events, "card-sold").data["karama"] is True
    assert state["factions"][AT]["hand"] == ["Lasgun"]
    assert state["decks"]["treachery_discard"] == ["Karama #1"]
    assert state["factions"][EM]["spice"] == 10 and state["factions"][AT]["spice"] == 2
    assert violations(state) == []


# --- the Harkonnen and the Atreides
def test_harkonnen_2_a_free_card_with_each_card_bought_while_the_hand_has_room():
    """000 Harkonnen shield 2 (line 882); WBC VIII.4 (000 line 1150): one hand of 8."""
    seven = ["Shield #1", "Shield #2", "Shield #3", "Shield #4", "Snooper #1", "Snooper #2",
             "Snooper #3"]
    state, _ = begun(seats=(AT, HA), hands={HA: seven[:2]}, top=["Lasgun", "Hajr", "Ghola"])
    events = play(state, harkonnen="BID 1")
    assert event(events, "free-card").data == {"card": "Ghola"}
    assert event(events, "free-card").to == (HA,)
    assert event(events, "card-sold").data["free_card"] is True
    assert state["factions"][HA]["hand"] == seven[:2] + ["Lasgun", "Ghola"]
    full, _ = begun(seats=(AT, HA), hands={HA: seven}, top=["Lasgun", "Hajr", "Ghola"])
    events = play(full, harkonnen="BID 1")
    assert "free-card" not in codes(events) and len(full["factions"][HA]["hand"]) == 8
    assert [p.seat for p in bidding.prompts(full)] == [AT]      # full: no bid on card 2


def test_atreides_1_the_atreides_see_each_card_as_it_comes_up_and_only_then():
    """000 Atreides shield 1 (line 756): each card as it comes up, before anyone bids; WBC
    VIII.3 (000 line 1148): not the Harkonnen's free cards."""
    state, events = begun(seats=(AT, EM, HA), top=["Lasgun", "Hajr", "Ghola", "Baliset"])
    seen = event(events, "card-seen")
    assert (seen.data, seen.to) == ({"number": 1, "card": "Lasgun"}, (AT,))
    assert seat_view(state, AT)["own"]["up_for_bid"] == ["Lasgun"]
    assert "up_for_bid" not in seat_view(state, EM)["own"]
    events = play(state, harkonnen="BID 1")
    assert [(e.data, e.to) for e in events if e.code == "card-seen"] == [
        ({"number": 2, "card": "Hajr"}, (AT,))]
    assert not [e for e in events if e.visible_to(AT) and "Baliset" in json.dumps(e.data)]
    assert seat_view(state, AT)["own"]["up_for_bid"] == ["Hajr"]


def test_viii_f_hand_counts_are_public_in_the_bidding_round_only():
    """000 VIII.F (line 297), XIII.B (line 477): the number of cards held is open during the
    bidding round, and may be kept secret at other times."""
    state, _ = begun(seats=(AT, HA))
    assert public_view(state)["bidding"] == {"cards": 2, "up": [1],
                                             "hands": {AT: 1, HA: 2}}
    state["phase"] = "revival"
    assert "bidding" not in public_view(state)


# --- the orders
def read(state, seat, text):
    parsed = parse_orders(state, seat, text, bidding.prompts(state))
    return [o.value for o in parsed.orders], [(e.code, e.message, e.valid) for e in parsed.errors]


def test_viii_c_a_bid_over_the_bidders_means_is_refused_with_what_is_legal():
    """000 VIII.C: no player may bid more spice than he has; XII.E.3: his ally's may count."""
    state, _ = begun(seats=(AT, FR, HA), spice={AT: 6, FR: 2, HA: 5}, alliances=[(FR, HA)],
                     hands={AT: ["Shield #1"]})
    assert read(state, AT, "BID 6") == ([6], [])
    assert read(state, AT, "bid 0") == ([None], [])
    assert read(state, FR, "BID 7") == ([7], [])                 # 2 + the Harkonnen's 5
    _, [(code, message, valid)] = read(state, AT, "BID 7")
    assert code == "over-means" and "at most 6" in message and valid == ("BID 1 to 6", "PASS")
    _, [(code, _, valid)] = read(state, AT, "BID KARAMA")
    assert code == "no-karama" and valid == ("BID 1 to 6", "PASS")
    assert read(state, AT, "PASS 3")[1][0][0] == "bad-pass"
    assert read(state, AT, "BID lots")[1][0][0] == "bad-number"
    assert read(state, AT, "BID 2 ON 1") == ([2], [])
    _, [(code, message, valid)] = read(state, AT, "BID 2 ON 2")
    assert code == "not-up" and valid == ("BID 1 to 6 ON 1", "PASS ON 1")
    assert read(state, HA, "SUPPORT 6")[1][0][2] == ("0 to 5",)


def test_a_bid_needing_the_allys_support_is_played_up_to_what_was_promised():
    """000 VIII.C with XII.E.3: the Fremen (2 spice) bid 7 but are promised 1, so their most is
    3: Atreides 1, Fremen 2, Atreides 3, and the Fremen pass."""
    state, _ = begun(seats=(AT, FR, HA), spice={AT: 6, FR: 2, HA: 5}, alliances=[(FR, HA)])
    events = play(state, atreides="BID 4", fremen="BID 7", harkonnen="SUPPORT 1")
    sold = event(events, "card-sold").data
    assert (sold["buyer"], sold["price"], sold["bids"][FR]) == (AT, 3, 2)
    assert state["factions"][HA]["spice"] == 5


def test_the_prompt_says_the_card_the_cards_left_the_spice_and_the_most_bid():
    state, _ = begun(seats=(AT, FR, HA), spice={FR: 2, HA: 5}, alliances=[(FR, HA)],
                     hands={FR: ["Karama #2"]})
    prompt = next(p for p in bidding.prompts(state) if p.seat == FR)
    assert (prompt.key, prompt.kind, prompt.secret, prompt.default) == (
        "bid:fremen", "bid", True, None)
    for words in ("Card 1 of 3", "2 more after it", "BID <n> (1 to 7)", "BID KARAMA",
                  "You hold 2 spice", "the Harkonnen may pay up to 5 more"):
        assert words in prompt.legal, words
    assert all(card not in p.legal for p in bidding.prompts(state) for card in CARDS)
    assert read(state, FR, prompt.template) == ([None], [])


def test_wbc_viii_10_a_full_hand_may_not_bid_even_with_a_karama():
    """WBC VIII.10 (000 line 1162); 000 VIII.G: a full hand passes on every card."""
    full = ["Karama #1", "Shield #1", "Shield #2", "Shield #3"]
    state, _ = begun(seats=(AT, EM, HA), hands={AT: full})
    assert [p.seat for p in bidding.prompts(state) if p.kind == "bid"] == [EM, HA]
    assert [o.prompt for o in parse_orders(state, AT, "BID KARAMA",
                                           bidding.prompts(state)).orders] == []
    events = play(state, emperor="BID 1")
    assert AT not in event(events, "card-sold").data["bids"]


def test_a_faction_with_nothing_to_bid_with_is_not_asked():
    """A hand with room but no spice, no ally's and no Karama: only PASS is legal."""
    state, _ = begun(seats=(AT, EM), spice={AT: 4})
    state["factions"][EM]["spice"] = 0
    assert [p.seat for p in bidding.prompts(state)] == [AT]


def test_standing_orders_read_as_bids():
    """SET STANDING PASS and SET STANDING BID 2 are filed line by line against the prompts."""
    state, _ = begun(seats=(AT, EM))
    assert read(state, AT, "PASS") == ([None], [])
    assert read(state, AT, "BID 2") == ([2], [])
    whole, _ = begun(seats=(AT, EM), bidding="whole_round")
    assert read(whole, AT, "BID 2") == ([{"bids": [2, 2], "budget": None}], [])
    assert read(whole, AT, "PASS") == ([{"bids": [None, None], "budget": None}], [])


def test_whole_round_lines_combine_per_card_the_later_line_counting():
    state, _ = begun(seats=(AT, EM, FR), bidding="whole_round",
                     hands={AT: ["Karama #1"], EM: ["Shield #1"]})
    value, errors = read(state, AT, "BID 3\nPASS ON 2\nBID KARAMA ON 3\nBUDGET 4")
    assert errors == [] and value == [{"bids": [3, None, KARAMA], "budget": 4}]
    text = KINDS["bids"].text(state, value[0])
    assert text == "BID 3 ON 1\nPASS ON 2\nBID KARAMA ON 3\nBUDGET 4"
    assert read(state, AT, text)[0] == value
    _, [(code, message, valid)] = read(state, AT, "BID 2 ON 4")
    assert code == "out-of-range" and valid == ("1 to 3",)
    _, [(code, _, valid)] = read(state, EM, "BID 11 ON 2")
    assert code == "over-means" and valid == ("BID 1 to 10 ON 2", "PASS ON 2")


def test_whole_round_every_card_at_once_the_atreides_see_all_and_budgets_hold():
    """The whole_round mail mode (docs/orders.md): every card is up at once; the cards are
    auctioned in order with each card's opener (000 VIII.D); BUDGET caps the spending."""
    state, events = begun(seats=(AT, EM, FR), bidding="whole_round",
                          top=["Lasgun", "Hajr", "Ghola"], spice={AT: 10, EM: 10, FR: 5})
    assert [e.data for e in events if e.code == "card-seen"] == [
        {"number": 1, "card": "Lasgun"}, {"number": 2, "card": "Hajr"},
        {"number": 3, "card": "Ghola"}]
    assert seat_view(state, AT)["own"]["up_for_bid"] == ["Lasgun", "Hajr", "Ghola"]
    assert public_view(state)["bidding"]["up"] == [1, 2, 3]
    assert [p.key for p in bidding.prompts(state)] == ["bids:atreides", "bids:emperor",
                                                       "bids:fremen"]
    events = play(state, atreides="BID 5\nBUDGET 4", emperor="BID 2 ON 1\nBID 1 ON 2",
                  fremen="BID 4 ON 3")
    assert [(e.data["buyer"], e.data["price"]) for e in events if e.code == "card-sold"] == [
        (AT, 3), (EM, 1), (FR, 1)]
    assert [e.data["opener"] for e in events if e.code == "card-up"] == [AT, EM, FR]
    assert bidding.done(state) and violations(state) == []


def test_whole_round_a_full_hand_passes_on_the_rest():
    state, _ = begun(seats=(AT, EM), bidding="whole_round",
                     hands={AT: ["Shield #1", "Shield #2", "Shield #3"]})
    events = play(state, atreides="BID 1", emperor="PASS ON 1\nBID 1 ON 2")
    assert [(e.data["buyer"], e.data["price"]) for e in events if e.code == "card-sold"] == [
        (AT, 1), (EM, 1)]
    assert len(state["factions"][AT]["hand"]) == 4


# --- bots, secrets and rendering
def random_round(seed, mode, ruleset="classic"):
    """A bidding round of random bot orders, from random hands (full ones too), spice and
    alliances; its steps as (events, the state after them)."""
    rng = random.Random(seed)
    seats = rng.sample(list(SEAT_FACTIONS), rng.randint(2, 6))
    state = game(seats=seats, ruleset=ruleset, bidding=mode,
                 spice={s: rng.randint(0, 12) for s in seats},
                 alliances=[seats[:2]] if rng.random() < 0.5 else [])
    for seat in seats:
        for card in rng.sample(state["decks"]["treachery"], rng.randint(0, 3)):
            if len(state["factions"][seat]["hand"]) < sheet(seat, state).hand_limit:
                put(state, card, seat)
    steps = [(bidding.begin(state, rng), json.loads(json.dumps(state)))]
    while not bidding.done(state):
        orders = {}
        for prompt in bidding.prompts(state):
            kind = KINDS[prompt.kind]
            text = kind.text(state, kind.random(seat_view(state, prompt.seat), prompt, rng))
            parsed = parse_orders(state, prompt.seat, text, [prompt])
            assert not parsed.errors, (text, parsed.errors)
            orders[prompt.key] = parsed.orders[0].value
        steps.append((bidding.apply(state, orders, rng), json.loads(json.dumps(state))))
        assert violations(state) == []
        assert steps[-1][1] == state
    return steps


@pytest.mark.parametrize("mode", ["per_card", "whole_round"])
def test_random_rounds_keep_the_invariants_and_every_bot_order_is_legal(mode):
    for seed in range(40):
        _, state = random_round(seed, mode, "wbc" if seed % 3 == 0 else "classic")[-1]
        assert all(s["spice"] >= 0 for s in state["factions"].values())


@pytest.mark.parametrize("mode", ["per_card", "whole_round"])
def test_a_card_name_reaches_only_the_seats_that_may_see_it(mode):
    """Public events never name a card; a private one names only a card up for bid, to the
    Atreides (000 line 756), or one its reader took in that step (in its hand after it, or a
    Karama it played, on the discard pile), or, in a Harkonnen Karama steal (WBC XVII), the
    cards stolen to the two factions concerned.  WBC VIII.3: the Atreides never see the
    Harkonnen's free card."""
    for seed in range(40):
        for events, state in random_round(seed, mode, "wbc" if seed % 2 else "classic"):
            for e in events:
                named = {card for card in CARDS if card in json.dumps(e.data)}
                if e.to is None:
                    assert not named, e
                elif e.code == "card-seen":
                    assert e.to == (AT,), e
                elif e.code in ("stolen", "cards-taken"):
                    assert named == set(state["step"]["aside"]), e
                    assert (e.to == (HA,)) == (e.code == "stolen"), e
                else:
                    assert e.code in ("card-bought", "free-card", "cards-received",
                                      "karama-unplayed") and len(e.to) == 1, e
                    assert named <= {*state["factions"][e.to[0]]["hand"],
                                     *state["decks"]["treachery_discard"]}, e


def test_every_bidding_event_renders_in_its_own_words():
    """Each event code of the round has its own line in events.txt.j2, not the fallback."""
    template = environment("dune").get_template("events.txt.j2")
    seen: dict[str, Event] = {}
    for seed in range(30):
        for mode in ("per_card", "whole_round"):
            for events, _ in random_round(seed, mode):
                for e in events:
                    seen.setdefault(e.code, e)
    seen.setdefault("treachery-reshuffled", Event("treachery-reshuffled", {"cards": 30}))
    assert {"charity", "cards-dealt", "card-up", "card-seen", "card-sold", "card-bought",
            "free-card", "card-passed", "cards-returned"} <= set(seen)
    for code, e in seen.items():
        text = template.render(events=[e], seat=None)
        fallback = f"{code.replace('-', ' ')}: {next(iter(e.data))} "
        assert text.strip() and fallback not in text, (code, text)


def test_the_bidding_round_is_a_phase_of_the_turn():
    """000 V.C: the bidding round follows the spice blow; turn.advance runs it."""
    state = game(seats=(AT, EM))
    state["phase"] = "spice_blow"
    state["step"] = {"done": True, "worm": None}
    state, events = turn.advance(state, {}, random.Random(4))
    assert state["phase"] == "bidding" and "cards-dealt" in codes(events)
    assert all(isinstance(p, Prompt) and p.kind == "bid" for p in turn.prompts(state))
