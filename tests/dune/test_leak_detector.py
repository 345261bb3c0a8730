"""The leak detector of the mail tests (``tests/dune_leaks.py``) knows every faction's leaders
of every ruleset and data layer, so a mail naming an expansion leader held secret by another
seat is caught, and a faction's own leaders are never taken for a leak."""

from __future__ import annotations

from dune_leaks import LEADERS, NAMES, every_data, leaked


def test_the_detector_knows_every_leader_of_every_ruleset_and_layer():
    seen = set()
    for dune in every_data():
        seats = {faction.name: faction.seat for faction in dune.factions}
        for leader in dune.leaders:
            assert leader.name in LEADERS[seats[leader.faction]], leader
            seen.add(seats[leader.faction])
    assert {"ixians", "tleilaxu"} <= seen <= set(NAMES)


def test_001_2_08_04_a_face_dancer_who_is_an_ixian_leader_is_caught_in_another_seats_mail():
    ixian = sorted(LEADERS["ixians"])[0]
    held = {"tleilaxu": {ixian}, "atreides": set(), "ixians": set()}      # a Face Dancer
    mail = f"Your table.\nThe {ixian} is among the leaders.\n"
    assert leaked(mail, "atreides", held, set()) == {ixian}
    assert leaked(mail, "ixians", held, set()) == set()        # their own leader: no secret


def test_001_2_07_22_a_seats_own_redraw_word_is_no_leak_but_the_card_elsewhere_is():
    held = {"atreides": set(), "harkonnen": {"Kulon"}}
    word = "- redraw: REDRAW Baliset, Kulon\nREDRAW Kulon\n"
    assert leaked(word, "atreides", held, set()) == set()          # the cards it would discard
    assert leaked(word + "You draw Kulon.\n", "atreides", held, set()) == {"Kulon"}
