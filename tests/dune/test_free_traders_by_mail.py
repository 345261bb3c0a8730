"""The Free Traders (001 2.13) by mail: a six-faction GF9 game with them seated, its seats played
by the basic bots through the moderator to its end, every mail checked for secrets; the standing
answers of the Black Market Auction, Smugglers Way Out and Secret Tunnels ride on the mails of
every round and are never waited for."""

from __future__ import annotations

import pytest
from dune_leaks import leaked
from dune_mail import BotTable

from pbem.games.dune.state import data

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "free-traders"]
OPTIONS = {"free_traders": True}
GAME = "ft"


@pytest.mark.whole_game
def test_001_2_13_a_six_faction_game_with_the_free_traders_by_mail_keeps_every_secret(tmp_path):
    """001 2.13: their five forces placed with the first bids (2.13.03), Smugglers shipped
    (2.13.06), the Black Market Auction held from every seat's standing answers (2.13.05); the
    game ends with a winner, and no seat's mail shows another seat's hand or traitor but the
    cards the Black Market Auction revealed to all (2.13.05.01)."""
    run = BotTable(tmp_path, GAME, "free-traders-by-mail", SEATS, {**OPTIONS, "turns": 6})
    run.play()
    record = run.record()
    assert record.state["result"]["winners"]
    held, played, events = run.secrets(SEATS)
    codes = {event["code"] for step in events for event in step}
    assert {"forces-placed", "black-market-offer"} <= codes
    shown = {event["data"]["card"] for step in events for event in step
             if event["code"] == "black-market-offer"}
    for seat in SEATS:
        mails = run.text_of(seat)
        assert mails, seat
        assert not leaked(mails, seat, held, played | shown,
                          game=data(record.state)), seat
    assert "MARKET" in run.text_of("atreides") and "AUCTION" in run.text_of("atreides")
