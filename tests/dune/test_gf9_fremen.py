"""The Fremen's GF9 rules that a scenario file cannot pin (001 2.04, 1.14.04): who sees the
storm card, and the Karama worm's decision; ``tests/dune/scenarios/gf9_2_04_*.yaml`` and
``gf9_1_14_04_*.yaml`` pin the rest."""

from dune_leaks import leaked

from pbem.games import dune
from pbem.games.dune.scenario import load_scenario
from pbem.games.dune.view import public_view
from pbem.templating import render

SEATS = ["atreides", "fremen", "harkonnen"]


def position(options=None, **position):
    return load_scenario({"game": "dune", "seats": SEATS, "ruleset": "gf9", "seed": "fremen",
                          "options": {"advanced": True} if options is None else options,
                          "position": position}).state


def test_001_2_04_15_the_storm_card_is_seen_by_the_fremen_alone():
    """001 2.04.14: the storm card is put "face down"; 2.04.15: "you may secretly look at the
    Storm Card".  The Fremen's view and report hold it; no other seat's, nor the public view,
    and the leak detector finds it in another seat's mail."""
    state = position(turn=3, phase="bidding", storm={"sector": 4, "marker": 5})
    assert dune.view(state, "fremen")["own"]["storm_card"] == 5
    for seat in ("atreides", "harkonnen"):
        assert "storm_card" not in dune.view(state, seat)["own"]
    assert "5" not in str(public_view(state)["storm"])
    texts = {seat: render("dune", "view.txt.j2", view=dune.view(state, seat), seat=seat)
             for seat in SEATS}
    assert "storm card, face down for the next storm: 5" in texts["fremen"]
    held = {seat: set() for seat in SEATS}
    assert leaked(texts["fremen"], "atreides", held, set()) == {"the Fremen's storm card"}
    assert not leaked(texts["atreides"], "atreides", held, set())
    assert not leaked(texts["fremen"], "fremen", held, set())


def test_001_2_04_14_the_basic_game_draws_no_storm_card():
    """001 2.04.01: the STORM RULE is advanced; in the basic game nobody draws a card."""
    state = position(options={}, turn=3, phase="bidding", storm={"sector": 4})
    assert "storm_card" not in dune.view(state, "fremen")["own"]
    assert state["storm"]["marker"] is None
