"""Big GF9 games by mail (001 3.06.01-3.09.01: the Landsraad packs' games of 9 to 12 players):
a nine-seat and a twelve-seat game of every expansion's factions played by the bots through the
moderator to a winner, every seat's mail checked for the others' secrets (``dune_leaks``)."""

from __future__ import annotations

import pytest
from dune_leaks import ambassador_seen, leaked, seen_in_events
from dune_mail import BotTable

TWELVE = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen", "tleilaxu",
          "ixians", "choam", "richese", "ecaz", "moritani"]
NINE = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "tleilaxu", "ixians",
        "richese", "moritani"]
OPTIONS = {"ixians_tleilaxu": True, "choam_richese": True, "ecaz_moritani": True,
           "ixians_tleilaxu_cards": True, "advanced": True}


@pytest.mark.whole_game
@pytest.mark.parametrize("seats", [NINE, TWELVE], ids=["nine", "twelve"])
def test_001_3_06_a_big_game_by_mail_ends_with_a_winner_and_keeps_every_secret(seats,
                                                                              tmp_path):
    """001 setup 11 with the ruling for seats beyond the printed dots, and every Landsraad pack
    the table may have (3.06-3.09): the game is played to its end with a winner, every seat
    mailed, and no seat's mail shows another seat's hand, traitors, prediction or face-down
    tokens (``dune_leaks``) but what the rules showed it (an Ambassador's look for Ecaz, 001
    2.11.17; the cards CHOAM's Auditor saw, 2.09.18 A, or the Black Market showed,
    2.10.23)."""
    packs = {f"landsraad_{n}_cards": True for n in (9, 10, 11, 12) if n <= len(seats)}
    run = BotTable(tmp_path, "big", f"big-by-mail-{len(seats)}", seats, {**OPTIONS, **packs})
    run.play()
    record = run.record()
    assert record.finished and record.state["result"]["winners"]
    assert len(set(record.state["dots"].values())) == len(seats)
    held, played, events = run.secrets(seats)
    if "ecaz" in held:
        held["ecaz"] |= ambassador_seen(events)
    for seat in seats:
        mails = run.text_of(seat)
        assert mails, seat
        assert not leaked(mails, seat, held, played | seen_in_events(events, seat)), seat
