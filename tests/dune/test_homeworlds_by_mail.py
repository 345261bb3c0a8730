"""Homeworlds (001 4.10) by mail: a six-faction GF9 game with Ecaz and the Moritani seated and
homeworlds, the advanced game, every seat played by the basic bots through the moderator to its
end; every mail checked for secrets, every seat's report showing the homeworlds."""

from __future__ import annotations

import pytest
from dune_leaks import ambassador_seen, leaked
from dune_mail import BotTable

SEATS = ["atreides", "emperor", "fremen", "harkonnen", "ecaz", "moritani"]
OPTIONS = {"ecaz_moritani": True, "homeworlds": True, "advanced": True, "turns": 10}


@pytest.mark.whole_game
def test_001_4_10_a_six_faction_game_with_homeworlds_by_mail_keeps_every_secret(tmp_path):
    """001 4.10 with 2.11-2.12: the seven homeworlds of the six factions (Salusa Secundus
    too, advanced) in every seat's report from the first; the game ends with a winner and no
    seat's mail shows another seat's hand or traitor (``dune_leaks``), but what an Ambassador
    showed Ecaz (2.11.17.02, .06)."""
    run = BotTable(tmp_path, "hw", "homeworlds-by-mail", SEATS, OPTIONS)
    run.play()
    record = run.record()
    assert record.state["result"]["winners"]
    held, played, events = run.secrets(SEATS)
    held["ecaz"] |= ambassador_seen(events)
    for seat in SEATS:
        mails = run.text_of(seat)
        assert "Homeworlds, each faction's reserves on its own (001 4.10.01):" in mails, seat
        for world in ("Caladan", "Kaitain", "Salusa Secundus", "Southern Hemisphere",
                      "Giedi Prime", "Ecaz", "Grumman"):
            assert f"  {world}, of the " in mails, (seat, world)
        assert not leaked(mails, seat, held, played), seat
