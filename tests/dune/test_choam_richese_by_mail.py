"""CHOAM (001 2.09) and Richese (001 2.10) by mail together: six-faction GF9 games with the
expansion, both seated beside four of the first six, played by the basic bots through the
moderator to a winner, in the basic and the advanced game, under the published texts (A) and
the revisions (B: the Landsraad's CHOAM, 2.09b, and Richese revised, 2.10 B), every seat's
mail checked for the other seats' secrets."""

from __future__ import annotations

import pytest
from choam_richese_mail import choam_mail_holds, richese_mail_holds, richese_played
from dune_leaks import leaked, seen_in_events, standing_words, words_leaked
from dune_mail import BotTable

SEATS = ["atreides", "bene-gesserit", "choam", "emperor", "harkonnen", "richese"]
TEXT_B = {"choam_landsraad": True, "richese_revised": True}


@pytest.mark.whole_game
@pytest.mark.parametrize("options", [{}, {"advanced": True}, TEXT_B, {**TEXT_B, "advanced": True}],
                         ids=["text-a", "text-a-advanced", "text-b", "text-b-advanced"])
def test_001_2_09_2_10_a_six_faction_game_with_choam_and_richese_by_mail_keeps_every_secret(
        tmp_path, options):
    """001 2.09, 2.10: the game ends with a winner; both factions' powers happened in it
    (CHOAM's income before each Charity, 2.09.05, its Open Market, 2.09.07; Richese's cache
    offered, 2.10.06, a No-Field out of their supply, 2.10.11); every seat's mail shows no
    other seat's hand, traitor, cache card not yet offered or No-Field value (``dune_leaks``),
    no other seat's standing word (a Semuta word, 3.03.10; CHOAM's Inflation word, 2.09.14 A,
    or its word to lend the Auditor, 2.09.21 B); the cards a seat was shown alone (a Black
    Market card, the Atreides' to see under text A, 2.10.23; an audit's, 2.09.18 A) are its
    own to name; CHOAM's standing sale is told to CHOAM alone, the No-Fields' values to
    Richese alone."""
    run = BotTable(tmp_path, "cr", "choam-richese-by-mail", SEATS,
                   {"choam_richese": True, **options, "turns": 10})
    run.play()
    record = run.record()
    assert record.state["result"]["winners"]
    held, played, events = run.secrets(SEATS)
    richese_played(record.replay_states(run.site.moderator().store), events)
    codes = {event["code"] for step in events for event in step}
    assert {"choam-income", "market-set"} <= codes
    words = standing_words(events)
    for seat in SEATS:
        mails = run.text_of(seat)
        assert mails, seat
        assert not leaked(mails, seat, held, played | seen_in_events(events, seat)), seat
        assert not words_leaked(mails, seat, words), seat
        choam_mail_holds(seat, mails)
        richese_mail_holds(seat, mails)
