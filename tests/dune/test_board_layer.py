"""The board layer (``board/layer.py``): places the game puts on the printed map, where they
lie now, and what reach, the storm, victory and the view make of them.  The place is the
Ixians' Hidden Mobile Stronghold, "a Territory within the Territory and Sector it is pointing
to.  This Territory is a Stronghold" (001 2.07.18); only its owner ships into it (2.07.21)."""

from __future__ import annotations

import random

from pbem.games.dune.board import layer, reach
from pbem.games.dune.board.board_map import board_svg
from pbem.games.dune.forces import add_forces
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.phases.storm import move_storm
from pbem.games.dune.phases.victory import strongholds_held, victory_territories
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import ruleset_data
from pbem.games.dune.view import public_view

HMS = "Hidden Mobile Stronghold"
SIX = ["atreides", "bene-gesserit", "emperor", "fremen", "guild", "harkonnen"]
AT, BG, EM, FR, GU, HA = SIX


def game(storm=3):
    """A GF9 game in the movement round of turn 2, the map emptied of forces."""
    state = new_game(make_rules("gf9", {}), list(SIX), random.Random(1))
    state.update(turn=2, phase="movement", step={}, forces={})
    state["storm"]["sector"] = storm
    return state


def test_001_2_07_18_a_place_is_on_the_board_only_where_the_game_puts_it():
    """Off the board the HMS is no territory; put there, it is a stronghold of its own that
    touches only the sector of the territory it points at, and that sector touches it."""
    state = game()
    assert layer.board(state) is ruleset_data("gf9").board
    assert HMS not in layer.board(state)
    layer.put(state, HMS, "Cielago North", 2)
    board = layer.board(state)
    assert board[HMS].is_stronghold and board[HMS].sectors == ()
    assert board[HMS].neighbours == ("Cielago North",)
    assert board.borders("Cielago North", HMS)[0].sector == 2
    assert HMS in board.territory("HMS").name
    assert layer.where(state, HMS) == ("Cielago North", 2)
    assert layer.host_sector(state, HMS, 0) == ("Cielago North", 2)
    assert layer.board(state) is board                  # built once per layout


def test_001_2_07_18_forces_move_into_the_place_from_where_it_points():
    """A group beside the HMS enters it as a territory; a group elsewhere in reach of the
    territory it points at but not of that sector reaches it only through that sector."""
    state = game(storm=10)
    layer.put(state, HMS, "Cielago North", 2)
    add_forces(state, AT, "Cielago North", 2, {"force": 3})
    assert HMS in reach.move_destinations(state, AT, "Cielago North")
    add_forces(state, HA, "Imperial Basin", 9, {"force": 3})
    assert HMS not in reach.move_destinations(state, HA, "Imperial Basin")


def test_001_2_07_18_reach_follows_the_place_when_it_moves():
    """The paths are cached by the layout, not by the ruleset alone: moved, the HMS is reached
    from its new territory, no longer from its old one."""
    state = game(storm=10)
    layer.put(state, HMS, "Cielago North", 2)
    add_forces(state, AT, "Cielago North", 2, {"force": 3})
    add_forces(state, BG, "Habbanya Erg", 16, {"force": 3})
    assert HMS in reach.move_destinations(state, AT, "Cielago North")
    assert HMS not in reach.move_destinations(state, BG, "Habbanya Erg")
    layer.put(state, HMS, "Habbanya Erg", 16)
    assert HMS not in reach.move_destinations(state, AT, "Cielago North")
    assert HMS in reach.move_destinations(state, BG, "Habbanya Erg")


def test_001_2_07_21_only_its_owner_ships_into_it():
    """HOME FIELD ADVANTAGE: "No other faction may ship Forces directly into your Hidden
    Mobile Stronghold"; its shipment costs a stronghold's, one spice a force (1.06.03)."""
    state = game()
    layer.put(state, HMS, "Cielago North", 2)
    assert HMS not in reach.shipment_destinations(state, AT)
    assert "Arrakeen" in reach.shipment_destinations(state, AT)
    assert reach.shipment_cost(state, AT, HMS, 4) == reach.shipment_cost(state, AT, "Arrakeen", 4)


def test_001_2_07_18_the_storm_spares_the_forces_in_it():
    """The storm passing over the sector the HMS points at kills the forces on the sand there
    but not those in the HMS (ruling, 001 silent: a stronghold, sheltered as the map's are;
    treachery.online Map.cs protects it too)."""
    state = game(storm=1)
    layer.put(state, HMS, "Cielago North", 2)
    add_forces(state, AT, HMS, 0, {"force": 4})
    add_forces(state, BG, "Cielago North", 2, {"force": 2})
    move_storm(state, 2)
    assert state["forces"][HMS]["0"][AT] == {"force": 4}
    assert "Cielago North" not in state["forces"] or "2" not in state["forces"]["Cielago North"]


def test_001_2_07_18_it_counts_for_victory_and_the_view_shows_where_it_lies():
    """"This Territory is a Stronghold": held, it counts toward victory (1.09.03); where it
    points is public, in every view, once it is on the board."""
    state = game()
    assert HMS not in victory_territories(state) and "places" not in public_view(state)
    layer.put(state, HMS, "Cielago North", 2)
    add_forces(state, AT, HMS, 0, {"force": 4})
    assert HMS in victory_territories(state)
    assert HMS in strongholds_held(state)[AT]
    assert public_view(state)["places"] == {HMS: ["Cielago North", 2]}


def test_001_2_07_18_the_map_draws_the_place_where_it_points():
    """The map shows the HMS token at the sector it points at, ringed in its holder's colour,
    its forces beside it, and lists it among the strongholds."""
    state = game()
    layer.put(state, HMS, "Cielago North", 2)
    add_forces(state, AT, HMS, 0, {"force": 4})
    svg = board_svg(public_view(state))
    assert f'data-place="{HMS}" data-territory="Cielago North" data-sector="2"' in svg
    assert f'data-territory="{HMS}" data-sector="0"' in svg
    assert f"{HMS}: A" in svg
    state["places"] = {}
    assert "data-place" not in board_svg(public_view(state))
