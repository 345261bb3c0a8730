"""Richese's BLACK MARKET (001 2.10.22-24, text A, advanced): a card of their hand auctioned face
down before the deal.  Its orders read and refused; the card named to the seller, the Atreides
(who "may still look", 2.10.23) and the buyer alone; and by mail, the same game played with
another card on the market, every other seat's mail the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from dune_mail import BotTable

from pbem.games.dune import turn
from pbem.games.dune.data import CardType
from pbem.games.dune.orders.language import parse_orders
from pbem.games.dune.scenario import load_scenario, run_scenario
from pbem.games.dune.state import data

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
SOLD = SCENARIOS / "gf9_2_10_22_black_market_a_card_of_richeses_hand_sold_the_normal_way.yaml"


def _scenario() -> dict:
    return yaml.safe_load(SOLD.read_text(encoding="utf-8"))


def test_001_2_10_22_black_market_orders_are_read_and_bad_ones_refused():
    """2.10.22: "one Treachery Card from your hand": a card not in their hand is refused with
    the line quoted; 2.10.23 "you may announce what you are selling, and you may lie": any
    card of the game may be announced, a name of none is refused; NONE makes no market.  The
    decision is optional (nobody waits for it) and asked beside the cache's offer."""
    state = load_scenario(_scenario()).state
    prompts = [p for p in turn.prompts(state) if p.seat == "richese"]
    (market,) = [p for p in prompts if p.kind == "black-market"]
    assert market.optional and any(p.kind == "cache-offer" for p in prompts)

    def read(line: str):
        return parse_orders(state, "richese", line, [market])

    ok = read("BLACK MARKET Baliset ONCE AROUND LEFT AS Karama")
    assert [o.value for o in ok.orders] == [["Baliset", "once-around", "left", "Karama"]]
    assert [o.value for o in read("black market baliset silent").orders] == [
        ["Baliset", "silent", "right", None]]
    assert [o.value for o in read("BLACK MARKET NONE").orders] == [None]
    for bad in ("BLACK MARKET Lasgun NORMAL", "BLACK MARKET Baliset NORMAL AS Nothing Much",
                "BLACK MARKET Baliset", "BLACK Baliset NORMAL"):
        parsed = read(bad)
        assert not parsed.orders and parsed.errors, bad
        assert parsed.errors[0].line == bad


def test_001_2_10_23_the_black_market_card_is_named_to_the_seller_atreides_and_buyer_alone():
    """2.10.23: "you do not show any player what is up for auction (although the Atreides may
    still look)": the public events name the card announced, never the card; the card is told
    to Richese and the Atreides as it is offered, and to its buyer when sold."""
    result = run_scenario(_scenario())
    assert not result["expect"]["failed"]
    events = [event for step in result["events"] for event in step]
    public = [e for e in events if e["to"] is None]
    assert not any("Baliset" in json.dumps(e) for e in public)
    (offered,) = [e for e in public if e["code"] == "market-offered"]
    assert offered["data"]["announced"] == "Lasgun"
    told = {e["code"]: sorted(e["to"]) for e in events if "Baliset" in json.dumps(e)}
    assert told == {"market-seen": ["atreides", "richese"], "market-bought": ["atreides"]}


def test_001_2_10_24_a_full_hand_or_no_spice_bids_on_nothing():
    """2.10.24 with 1.04.03 (a full hand buys no card) and 2.10.08: the Black Market's bidders
    are the factions with room in their hand and spice (no Karama bids on it); a faction with
    no spice is not asked."""
    scenario = _scenario()
    scenario["position"]["factions"]["harkonnen"]["spice"] = 0
    scenario["orders"] = scenario["orders"][:1]
    scenario["expect"] = {}
    state = run_scenario(scenario)["state"]
    asked = sorted(p.seat for p in turn.prompts(state) if p.kind == "offer-bid")
    assert asked == ["atreides", "richese"]


SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "richese"]


def _market(card_index: int):
    """Before turn 1: Richese's hand is one worthless card (the ``card_index``-th of the two
    first in the deck), which the basic bot puts on the Black Market; their card and the other
    worthless one go to the bottom of the deck, out of reach of turn 1.  The same GM commands
    in both runs: only which card is where differs."""
    def before(run: BotTable) -> None:
        state = run.record().state
        deck = list(state["decks"]["treachery"])
        worthless = [c for c in deck
                     if data(state).treachery_card(c).type is CardType.WORTHLESS][:2]
        own = list(state["factions"]["richese"]["hand"])
        deck = [c for c in deck if c not in worthless]
        chosen, other = worthless[card_index], worthless[1 - card_index]
        deck[:0] = [*own, other]
        sheet = {**state["factions"]["richese"], "hand": [chosen]}
        run.gm(f"ADJUST /decks/treachery = {json.dumps(deck)} -- the market under test")
        run.gm(f"ADJUST /factions/richese = {json.dumps(sheet)} -- the market under test")
    return before


def _to_revival(run: BotTable, before) -> None:
    """Ticks a minute apart until turn 1's bidding round is over."""
    for _ in range(200):
        state = run.record().state
        if state["phase"] != "setup" and before is not None:
            before(run)
            before = None
        if state["turn"] >= 1 and state["phase"] not in ("setup", "storm", "spice_blow",
                                                          "charity", "bidding"):
            return
        run.site.clock.advance(minutes=1)
        summary = run.site.moderator().tick()
        assert not summary.errors
    raise AssertionError("turn 1's bidding did not end")


@pytest.mark.whole_game
def test_001_2_10_23_the_black_market_card_changes_no_other_seats_mail(tmp_path):
    """The differential test (2.10.23: the card is shown to nobody): turn 1 played twice by the
    basic bots with a different worthless card on the Black Market; the card is sold; every
    seat's mail but the seller's, the Atreides' (who look) and the buyer's is the same,
    subjects, who is waited for and step numbers included, and theirs differ."""
    found = []
    for index in (0, 1):
        run = BotTable(tmp_path / str(index), "bm", "black-market", SEATS,
                       {"choam_richese": True, "advanced": True})
        _to_revival(run, _market(index))
        store = run.site.moderator().store
        events = [e for row in store.decisions("bm") for e in json.loads(row["events"] or "[]")]
        (sold,) = [e["data"] for e in events if e["code"] == "market-sold"]
        found.append(({seat: run.mails(seat) for seat in SEATS}, sold))
    (one, sold), (other, sold_again) = found
    assert sold == sold_again
    told = {"richese", "atreides", sold["buyer"]}
    for seat in SEATS:
        if seat in told:
            assert one[seat] != other[seat], seat
        else:
            assert one[seat] == other[seat] and one[seat], seat


def test_001_2_10_22_the_black_market_sent_ahead_beside_a_standing_cache_offer(tmp_path):
    """2.10.22 by mail: the market is an optional decision (nobody waits for it), so with the
    cache's offer sent ahead the round opens without asking Richese; their market sent ahead
    with it (``FOR BIDDING``) is held and filed as the round opens, the card auctioned face
    down before the deal, its bids the only round it costs."""
    from dune_mail import GAME, game_at, open_prompts, send
    from installation import Installation

    site = Installation(tmp_path, maps=False)
    seats = ["atreides", "harkonnen", "richese"]
    game_at(site, {"game": "dune", "seats": seats, "ruleset": "gf9",
                   "options": {"choam_richese": True, "advanced": True}, "seed": "market-ahead",
                   "position": {"turn": 2, "phase": "storm",
                                "storm": {"sector": 1, "dialers": ["atreides", "richese"]},
                                "factions": {"atreides": {"spice": 10, "hand": []},
                                             "harkonnen": {"spice": 10, "hand": []},
                                             "richese": {"spice": 5, "hand": ["Baliset"]}}}})
    answer = send(site, "richese", "DIAL 1\nFOR BIDDING\nCACHE ANY SILENT LAST\n"
                  "BLACK MARKET Baliset SILENT AS Shield")
    assert "BLACK MARKET Baliset SILENT AS Shield" in answer
    send(site, "atreides", "DIAL 1")
    for _ in range(10):                     # the spice blow's decisions, if any, as templates
        if site.record(GAME).state["phase"] == "bidding":
            break
        for seat in seats:
            if prompts := open_prompts(site, seat):
                send(site, seat, "\n".join(p.template for p in prompts))
    state = site.record(GAME).state
    assert state["phase"] == "bidding" and state["step"].get("market_up")
    asked = {seat: [p.kind for p in open_prompts(site, seat)] for seat in seats}
    assert all("offer-bid" in kinds for kinds in asked.values()), asked
    assert "cache-offer" not in asked["richese"] and "black-market" not in asked["richese"]
    for seat, bid in (("atreides", "BID 2"), ("harkonnen", "BID 1"), ("richese", "PASS")):
        send(site, seat, "\n".join(bid if p.kind == "offer-bid" else p.template
                                   for p in open_prompts(site, seat)))
    hands = site.record(GAME).state["factions"]
    assert hands["atreides"]["hand"] == ["Baliset"] and hands["richese"]["spice"] == 7
