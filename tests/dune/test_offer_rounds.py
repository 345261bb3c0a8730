"""The mail rounds of a card a faction offers beside the row (issue 30, "Mail rounds stay few";
``phases/offers``): the Richese cache's card (001 2.10.06-09) sold last is bid on ahead while
the row is up, and the row's cards are bid on ahead while the cache's card sold first is up,
so that neither auction is a mail round of its own for a seat that sends its bids ahead."""

from __future__ import annotations

import json

from dune_mail import GAME, game_at, open_prompts, send
from installation import Installation

from pbem.games.dune import ahead as coming

SEATS = ["atreides", "harkonnen", "richese"]


def _table(tmp_path, when: str, options: dict | None = None) -> Installation:
    """Three seats at turn 2's storm, Richese's offer of the coming round sent ahead: the
    cache's first card, by silent auction, ``when`` (FIRST or LAST)."""
    site = Installation(tmp_path, maps=False)
    game_at(site, {"game": "dune", "seats": SEATS, "ruleset": "gf9",
                   "options": {"choam_richese": True, **(options or {})},
                   "seed": "offer-rounds",
                   "position": {"turn": 2, "phase": "storm",
                                "storm": {"sector": 1, "dialers": ["atreides", "richese"]},
                                "factions": {seat: {"spice": 10} for seat in SEATS}}})
    send(site, "richese", f"DIAL 1\nFOR BIDDING\nCACHE ANY SILENT {when}")
    send(site, "atreides", "DIAL 1")
    return site


def _play_out(site, asked: list[str]) -> None:
    """Every open decision answered with its template (a pass on a card) until the bidding
    round is over; the kinds asked go into ``asked``."""
    for _ in range(30):
        if site.record(GAME).state["phase"] != "bidding":
            return
        for seat in SEATS:
            prompts = open_prompts(site, seat)
            asked += [p.kind for p in prompts]
            if prompts:
                send(site, seat, "\n".join(p.template for p in prompts))
    raise AssertionError("the bidding round did not end")


def _events(site) -> list[dict]:
    return [event for row in site.moderator().store.decisions(GAME)
            for event in json.loads(row["events"] or "[]")]


def test_001_2_10_09_03_the_cache_card_sold_last_is_bid_on_with_the_first_card(tmp_path):
    """001 2.10.06 (last in the round) and 2.10.09.03 (a silent auction, sealed bids): while
    the row's first card is up, the card offered last is a decision to come (``FOR OFFER``) in
    every bidder's turn form; the bids sent with the first card's are held and filed when it
    comes up, so nobody is asked for it in a round of its own, and the most wins."""
    site = _table(tmp_path, "LAST")
    state = site.record(GAME).state
    assert state["step"]["offer"]["when"] == "last" and not state["step"].get("offer_up")
    for seat in SEATS:
        headers = [p.template.splitlines()[0] for p in coming(state, seat)]
        assert "FOR OFFER" in headers, seat
    asked: list[str] = []
    for seat, bid in (("atreides", 3), ("harkonnen", 2), ("richese", 1)):
        prompts = open_prompts(site, seat)
        asked += [p.kind for p in prompts]
        send(site, seat, "\n".join([p.template for p in prompts]
                                   + ["FOR OFFER", f"BID {bid}", "ELSE", "PASS"]))
    _play_out(site, asked)
    assert "offer-bid" not in asked
    (sold,) = [e["data"] for e in _events(site) if e["code"] == "offer-sold"]
    assert (sold["buyer"], sold["price"]) == ("atreides", 3)
    assert sold["bids"] == {"atreides": 3, "harkonnen": 2, "richese": 1}


def test_001_2_10_06_the_row_is_bid_on_ahead_while_the_cache_card_sold_first_is_up(tmp_path):
    """001 2.10.06: "If first complete ability RICHESE AUCTION immediately": while the cache's
    card is up before the row, every card of the row is a decision to come (``FOR CARD 1``
    ...) read as the first card would come up now; bids sent ahead with the offer's are filed
    as each card comes up, so the row's first card is no round of its own."""
    site = _table(tmp_path, "FIRST")
    state = site.record(GAME).state
    assert state["step"]["offer_up"]
    dealt = state["step"]["dealt"]
    for seat in SEATS:
        headers = [p.template.splitlines()[0] for p in coming(state, seat)]
        assert [f"FOR CARD {n}" for n in range(1, dealt + 1)] == [
            h for h in headers if h.startswith("FOR CARD")], seat
    asked: list[str] = []
    for seat in SEATS:
        prompts = open_prompts(site, seat)
        assert [p.kind for p in prompts if p.kind == "offer-bid"] == ["offer-bid"], seat
        asked += [p.kind for p in prompts]
        cards = [line for n in range(1, dealt + 1) for line in (f"FOR CARD {n}", "PASS")]
        send(site, seat, "\n".join(["PASS" if p.kind == "offer-bid" else p.template
                                    for p in prompts] + cards))
    _play_out(site, asked)
    assert "bid" not in asked
    codes = [e["code"] for e in _events(site)]
    assert "offer-unsold" in codes and "card-passed" in codes
    assert codes.index("offer-unsold") < codes.index("card-passed")


def test_001_2_10_06_in_whole_round_bidding_the_row_is_bid_on_ahead_of_a_card_sold_first(
        tmp_path):
    """001 2.10.06 in ``whole_round`` bidding (every card of the row in one round): while the
    cache's card is up before the row, the whole row's bids are a decision to come (``FOR
    ROW``), its prompt the one the row opens with (it names no card, so the Atreides see
    nothing early); bids sent ahead with the offer's are filed when the row opens, so the row
    is no round of its own."""
    site = _table(tmp_path, "FIRST", {"bidding": "whole_round"})
    state = site.record(GAME).state
    assert state["step"]["offer_up"]
    for seat in SEATS:
        (row,) = [p for p in coming(state, seat) if p.template.startswith("FOR ROW")]
        assert row.key == f"bids:{seat}" and row.kind == "bids"
        assert not [p for p in coming(state, seat) if p.template.startswith("FOR CARD")]
    asked: list[str] = []
    for seat in SEATS:
        prompts = open_prompts(site, seat)
        assert [p.kind for p in prompts if p.kind in ("offer-bid", "bids")] == ["offer-bid"]
        asked += [p.kind for p in prompts]
        send(site, seat, "\n".join(["PASS" if p.kind == "offer-bid" else p.template
                                    for p in prompts] + ["FOR ROW", "PASS"]))
    _play_out(site, asked)
    assert "bids" not in asked
    codes = [e["code"] for e in _events(site)]
    assert "offer-unsold" in codes and "card-passed" in codes
    assert codes.index("offer-unsold") < codes.index("card-passed")
