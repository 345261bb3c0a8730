"""GF9 deals and bribes in every round and the CHOAM Charity declined, by mail (001 1.12,
1.03.02; ``games/dune/deals.py``); the scenarios ``gf9_1_12_01_*.yaml`` and
``gf9_1_03_02_*.yaml`` pin the rulings, these the decision itself."""

import random

from pbem.games import dune
from pbem.games.dune import turn
from pbem.games.dune.scenario import load_scenario

SEATS = ["atreides", "emperor", "harkonnen"]


def position(ruleset="gf9", **position):
    return load_scenario({"game": "dune", "seats": SEATS, "ruleset": ruleset, "seed": "deals",
                          "position": position}).state


def bidding(ruleset="gf9"):
    return position(ruleset, turn=2, phase="bidding", storm={"sector": 1},
                    alliances=[["atreides", "emperor"]])


def test_001_1_12_01_a_deal_rides_along_with_every_decision_and_holds_up_none():
    """001 1.12.01: bribes "between one another", at any time but before the first storm
    (1.12.05) and the Mentat Pause (1.12.06): each faction asked something gets an optional
    deal decision beside it, which never holds up the step (so says nothing of anyone); its
    keys are those of the prompts.  Not under the classic rules, nor in the set-up, which ends
    with the first storm (001 setup 17)."""
    state = bidding()
    deals = [p for p in dune.prompts(state) if p.kind == "deal"]
    bids = [p for p in dune.prompts(state) if p.kind == "bid"]
    assert [p.seat for p in deals] == [p.seat for p in bids] and all(p.optional for p in deals)
    assert turn.open_keys(state) == [p.key for p in dune.prompts(state)]
    assert deals[0].default_text == deals[0].template == "GIVE NONE"
    assert not [p for p in dune.prompts(bidding("classic")) if p.kind == "deal"]
    fresh = dune.setup("gf9", {}, SEATS, random.Random(1))
    assert not [p for p in dune.prompts(fresh) if p.kind == "deal"]


def test_001_1_12_a_deal_reads_bribes_and_the_charity_and_reads_back():
    """The deal's lines: GIVE <faction> <spice> (several add up, within one's spice), GIVE
    NONE, CHARITY DECLINE or CLAIM; the canonical text reads back the same (STYLE 3); no bribe
    to an ally (1.10.03.04) but the Emperor's (2.03.07), a bad CHARITY line quoted."""
    state = bidding()
    parsed = dune.parse(state, "harkonnen", "BID 1\nGIVE Atreides 2\ngive emperor 1\n"
                                            "charity decline")
    (deal,) = [o for o in parsed.orders if o.prompt == "deal:harkonnen"]
    assert not parsed.errors
    assert deal.value == {"give": [["atreides", 2], ["emperor", 1]], "charity": "decline"}
    again = dune.parse(state, "harkonnen", deal.text)
    assert again.orders[0].value == deal.value
    none = dune.parse(state, "atreides", "GIVE NONE")
    assert none.orders[0].value == {"give": [], "charity": None}
    assert [e.code for e in dune.parse(state, "atreides", "GIVE Harkonnen 99").errors] == [
        "out-of-range"]
    assert [e.code for e in dune.parse(state, "harkonnen", "GIVE Atreides 3\nGIVE Emperor 8"
                                       ).errors] == ["not-enough-spice"]
    assert [e.code for e in dune.parse(state, "atreides", "GIVE Emperor 1").errors] == [
        "ally-bribe"]
    assert not dune.parse(state, "emperor", "GIVE Atreides 1").errors        # 001 2.03.07
    assert [e.code for e in dune.parse(state, "atreides", "CHARITY MAYBE").errors] == [
        "bad-charity"]


def test_001_1_12_03_in_the_movement_round_a_give_line_is_the_deals():
    """In the movement round GIVE is read as the deal beside the turn (a bribe of the round,
    001 1.12.03), carried out once the turn is, in front of the receiver's shield."""
    state = position(turn=2, phase="movement", storm={"sector": 1},
                     forces={"Arrakeen": {"atreides": 3}})
    parsed = dune.parse(state, "atreides", "PASS\nGIVE Harkonnen 2")
    assert {o.prompt for o in parsed.orders} == {"move:atreides", "deal:atreides"}
    orders = {p.key: p.default for p in dune.prompts(state)}
    orders.update({o.prompt: o.value for o in parsed.orders})
    after, events = dune.apply(state, orders, random.Random(0))
    assert after["bribes"] == {"harkonnen": 2}
    assert after["factions"]["atreides"]["spice"] == state["factions"]["atreides"]["spice"] - 2
    assert [e.data for e in events if e.code == "bribe"] == [
        {"faction": "atreides", "to": "harkonnen", "amount": 2}]


def test_001_1_03_02_the_charity_declined_stands_until_claimed_and_is_the_factions_own():
    """001 1.03.02: one calls the charity out, or keeps quiet.  CHARITY DECLINE stands on the
    sheet until CHARITY CLAIM; the faction's own view and report say it, nobody else's."""
    state = bidding()
    orders = {p.key: p.default for p in dune.prompts(state)}
    orders["deal:atreides"] = {"give": [], "charity": "decline"}
    after, _ = dune.apply(state, orders, random.Random(0))
    assert after["factions"]["atreides"]["charity_declined"] is True
    assert dune.view(after, "atreides")["own"]["charity_declined"] is True
    assert "charity_declined" not in dune.view(after, "harkonnen")["own"]
    assert "charity_declined" not in str(dune.view(after, None))
    orders = {p.key: p.default for p in dune.prompts(after)}
    orders["deal:atreides"] = {"give": [], "charity": "claim"}
    again, _ = dune.apply(after, orders, random.Random(0))
    assert "charity_declined" not in again["factions"]["atreides"]
