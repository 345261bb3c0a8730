"""GF9 set-up and secrecy rules that a scenario file cannot pin (001 setup 8-11, 1.04.11,
1.11); ``tests/dune/scenarios/gf9_*.yaml`` pin the rest, each citing seed 001."""

from pbem.game import step_rng
from pbem.games import dune
from pbem.games.dune.view import public_view, seat_view

SEATS = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]


def gf9_game(seats=SEATS, seed="gf9-setup"):
    return dune.setup("gf9", {}, list(seats), step_rng(seed, 0))


def test_001_setup_8_11_seats_take_the_player_markers_in_the_game_files_order():
    """001 setup 8 (line 97): "Players now determine seating order"; 11 (line 100): each places
    "their Player Marker on the player circle closest to their Player Shield and their seat":
    the game file lists the seats in the order the players chose, and they take the player
    circles in that order, whatever the seed."""
    seats = ["harkonnen", "atreides", "fremen"]
    for seed in ("a", "b", "c"):
        state = gf9_game(seats, seed)
        assert [state["dots"][s] for s in seats] == [2, 5, 8]


def test_001_1_04_11_1_11_03_hand_counts_are_public_in_the_bidding_phase():
    """001 1.04.11 (line 154), 1.11.03 (line 276): the number of cards a player holds "must be
    made known to any player that asks during the Bidding Phase": by mail every seat reads it
    in the public view (as under AH, 000 VIII.F; the ruling of the classic row)."""
    state = gf9_game()
    view = public_view(state)
    assert {seat: view["factions"][seat]["cards"] for seat in SEATS} == {
        seat: len(state["factions"][seat]["hand"]) for seat in SEATS}


def test_001_1_11_02_spice_and_cards_stay_behind_the_shield():
    """001 1.11.02 (line 275): "All spice holdings should be kept behind the Player Shield";
    1.11.01 (line 274): cards and the traitors selected need not be revealed.  A seat's view
    holds its own spice, hand and traitors behind its shield (``own``); the table every seat
    shares names no faction's spice, cards or traitors."""
    state = gf9_game()
    for seat in SEATS:
        view = seat_view(state, seat)
        mine = state["factions"][seat]
        assert (view["own"]["spice"], view["own"]["hand"], view["own"]["traitors"]) == (
            mine["spice"], mine["hand"], mine["traitors"])
        for other in SEATS:
            assert not {"spice", "hand", "traitors"} & set(view["factions"][other])
