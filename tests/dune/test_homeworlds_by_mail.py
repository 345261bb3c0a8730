"""Homeworlds (001 4.10) by mail: six-faction GF9 games with Ecaz and the Moritani seated,
homeworlds and the Nexus cards (4.03), the basic and the advanced game, every seat played by
the basic bots through the moderator to its end; every mail checked for secrets, every seat's
report showing the homeworlds (issue 31's proof)."""

from __future__ import annotations

import pytest
from dune_leaks import ambassador_seen, leaked
from dune_mail import BotTable

SEATS = ["atreides", "emperor", "fremen", "harkonnen", "ecaz", "moritani"]
WORLDS = ("Caladan", "Kaitain", "Southern Hemisphere", "Giedi Prime", "Ecaz", "Grumman")


@pytest.mark.whole_game
@pytest.mark.parametrize("advanced", [False, True], ids=["basic", "advanced"])
def test_001_4_10_a_six_faction_game_with_homeworlds_by_mail_keeps_every_secret(
        tmp_path, advanced):
    """001 4.10 with 2.11-2.12 and 4.03: the homeworlds of the six factions (Salusa Secundus
    too in the advanced game, 4.10.12 "Kaitain") in every seat's report from the first; the
    game ends with a winner and no seat's mail shows another seat's hand or traitor
    (``dune_leaks``), but what an Ambassador showed Ecaz (2.11.17.02, .06)."""
    options = {"ecaz_moritani": True, "homeworlds": True, "nexus_cards": True,
               "advanced": advanced, "turns": 10}
    run = BotTable(tmp_path, "hw", f"homeworlds-by-mail-{advanced}", SEATS, options)
    run.play()
    record = run.record()
    assert record.state["result"]["winners"]
    held, played, events = run.secrets(SEATS)
    held["ecaz"] |= ambassador_seen(events)
    for seat in SEATS:
        mails = run.text_of(seat)
        assert "Homeworlds, each faction's reserves on its own (001 4.10.01):" in mails, seat
        for world in WORLDS + (("Salusa Secundus",) if advanced else ()):
            assert f"  {world}, of the " in mails, (seat, world)
        assert ("  Salusa Secundus, of the " in mails) is advanced, seat
        assert not leaked(mails, seat, held, played), seat
