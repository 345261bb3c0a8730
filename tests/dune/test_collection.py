"""The collection round of classic Dune: 000 XI (lines 424-429), XIX (line 546), XXIII (line 595),
Q&A XXV.C.2 (line 678) and the WBC clarifications on storm separation (000 line 1118)."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.games.dune import turn
from pbem.games.dune.forces import add_forces
from pbem.games.dune.phases import collection, set_up
from pbem.games.dune.rules import make_rules

ALL = list(SEAT_FACTIONS)


def game(ruleset="classic", seats=ALL, **options):
    """A new game on turn 1 with the map emptied of forces, ready for a position."""
    state = set_up.new_game(make_rules(ruleset, options), list(seats), random.Random(1))
    state.update(turn=1, phase="collection", step={}, forces={})
    state["storm"]["sector"] = 6
    return state


def spice_of(state, seat):
    return state["factions"][seat]["spice"]


def collect(state):
    """Run the collection round and check the state-level invariant: spice never negative."""
    events = collection.begin(state, random.Random(0))
    assert all(sheet["spice"] >= 0 for sheet in state["factions"].values())
    assert all(amount > 0 for amount in state["spice"].values())
    return events


def test_xi_a_two_spice_per_force_the_rest_stays():
    """000 XI.A: "It is two spice per token if the player does not occupy Carthag or Arrakeen";
    XI.B: "Uncollected spice remains where it is for future turns"."""
    state = game()
    state["spice"]["Hagga Basin"] = 10
    add_forces(state, "fremen", "Hagga Basin", 13, {"force": 3})
    before = spice_of(state, "fremen")
    events = collect(state)
    assert spice_of(state, "fremen") == before + 6
    assert state["spice"]["Hagga Basin"] == 4
    assert [(e.code, e.data, e.to) for e in events] == [
        ("spice-collected", {"faction": "fremen", "territory": "Hagga Basin", "forces": 3,
                             "amount": 6, "left": 4}, None)]


def test_xi_a_collection_is_capped_by_the_spice_there():
    """000 XI.A: players "may now collect that spice": no more than lies there; an emptied
    territory holds no spice any more."""
    state = game()
    state["spice"]["Red Chasm"] = 5
    add_forces(state, "fremen", "Red Chasm", 7, {"force": 8})
    before = spice_of(state, "fremen")
    collect(state)
    assert spice_of(state, "fremen") == before + 5
    assert "Red Chasm" not in state["spice"]


@pytest.mark.parametrize("city", ["Carthag", "Arrakeen"])
def test_xi_a_three_spice_per_force_if_the_player_occupies_carthag_or_arrakeen(city):
    """000 XI.A: "The collection rate is three spice per token if the player occupies Carthag
    or Arrakeen" -- wherever the player collects."""
    state = game()
    state["spice"]["Old Gap"] = 20
    add_forces(state, "harkonnen", city, 10 if city == "Arrakeen" else 11, {"force": 1})
    add_forces(state, "harkonnen", "Old Gap", 10, {"force": 4})
    before = spice_of(state, "harkonnen")
    collect(state)
    assert spice_of(state, "harkonnen") == before + 12
    assert state["spice"]["Old Gap"] == 8


def test_xi_a_starred_forces_collect_as_one_force_each():
    """000 XI.A pays "per token"; Fedaykin count double only "in battle and in taking losses"
    (000 line 1000)."""
    state = game(advantages=True)
    state["spice"]["The Great Flat"] = 10
    add_forces(state, "fremen", "The Great Flat", 15, {"force": 1, "fedaykin": 2})
    before = spice_of(state, "fremen")
    collect(state)
    assert spice_of(state, "fremen") == before + 6


def test_xi_a_forces_in_every_sector_of_the_territory_collect_together():
    """000 XI.A: "tokens in a sector of a territory in which there is spice" -- the storm far
    away, forces in another sector of the territory than the spice collect too."""
    state = game()
    state["storm"]["sector"] = 1
    state["spice"]["The Minor Erg"] = 8
    add_forces(state, "emperor", "The Minor Erg", 5, {"force": 2})
    add_forces(state, "emperor", "The Minor Erg", 8, {"force": 1})
    before = spice_of(state, "emperor")
    collect(state)
    assert spice_of(state, "emperor") == before + 6
    assert state["spice"]["The Minor Erg"] == 2


def test_q_and_a_c2_forces_the_storm_separates_from_the_spice_collect_nothing():
    """000 XXV.C.2: "Sectors function to regulate ... the placement and collection of spice";
    WBC (000 line 1118): separated by storm "if the storm is between them"."""
    state = game()
    state["storm"]["sector"] = 6
    state["spice"]["The Minor Erg"] = 8         # spice at sector 8, the storm at 6
    add_forces(state, "emperor", "The Minor Erg", 5, {"force": 2})
    before = spice_of(state, "emperor")
    assert collect(state) == []
    assert spice_of(state, "emperor") == before
    assert state["spice"]["The Minor Erg"] == 8


def test_q_and_a_c2_forces_under_the_storm_reach_only_spice_in_their_own_sector():
    """WBC (000 line 1118): separated "if the storm is ... covering one of them"; forces under
    the storm still meet "tokens in the same space and sector" (000 line 1244)."""
    state = game()
    state["storm"]["sector"] = 17
    state["spice"]["Habbanya Ridge Flat"] = 10   # its spice lies in sector 18
    add_forces(state, "fremen", "Habbanya Ridge Flat", 17, {"force": 2})
    assert collect(state) == []
    state["storm"]["sector"] = 18
    before = spice_of(state, "fremen")
    add_forces(state, "fremen", "Habbanya Ridge Flat", 18, {"force": 1})
    collect(state)
    assert spice_of(state, "fremen") == before + 2      # only the force in sector 18


def test_separated_factions_only_the_one_on_the_spices_side_collects():
    """Two factions the storm keeps from battle (000 line 1118) in one spice territory: only
    the one the storm does not separate from the spice collects (ruling, collection.py)."""
    state = game()
    state["storm"]["sector"] = 6
    state["spice"]["The Minor Erg"] = 8
    add_forces(state, "emperor", "The Minor Erg", 5, {"force": 4})
    add_forces(state, "atreides", "The Minor Erg", 7, {"force": 1})
    collect(state)
    assert spice_of(state, "emperor") == 10
    assert spice_of(state, "atreides") == 10 + 2


def test_two_factions_that_both_reach_the_spice_collect_in_storm_order():
    """A position the battle round (000 V.E) prevents: both collect, first player first
    (000 IX.A), each up to what is left (ruling, collection.py)."""
    state = game()
    state["storm"]["sector"] = 1                 # dots 2 (first), 5, 8, ...
    order = [s for s in state["seats"] if state["dots"][s] in (2, 5)]
    state["spice"]["Cielago North"] = 5
    for seat in order:
        add_forces(state, seat, "Cielago North", 3, {"force": 2})
    before = {seat: spice_of(state, seat) for seat in order}
    collect(state)
    assert [spice_of(state, s) - before[s] for s in order] == [4, 1]


def test_spice_taken_from_the_map_is_the_spice_the_factions_gain():
    """000 XI: collection moves spice from the map to the collectors; nothing is made or lost."""
    state = game()
    state["spice"].update({"Hagga Basin": 6, "Red Chasm": 8, "South Mesa": 10})
    add_forces(state, "fremen", "Hagga Basin", 12, {"force": 5})
    add_forces(state, "harkonnen", "Red Chasm", 7, {"force": 1})
    add_forces(state, "guild", "South Mesa", 4, {"force": 3})
    total = sum(state["spice"].values()) + sum(spice_of(state, s) for s in ALL)
    collect(state)
    assert sum(state["spice"].values()) + sum(spice_of(state, s) for s in ALL) == total


@pytest.mark.parametrize("option", ["spice_flow", "advanced_collection"])
def test_xix_increased_spice_flow_from_the_bank_for_each_stronghold(option):
    """000 XIX: "each occupant of Carthag and Arrakeen collects 2 spice and the occupant of
    Tuek's Sietch collects one spice ... If a player occupies two or all three of these
    strongholds, he collects spice for each"; XXIII: it "must be used in the Advanced Game"."""
    state = game(**{option: True})
    add_forces(state, "harkonnen", "Carthag", 11, {"force": 3})
    add_forces(state, "harkonnen", "Arrakeen", 10, {"force": 1})
    add_forces(state, "guild", "Tuek's Sietch", 5, {"force": 5})
    events = collect(state)
    assert spice_of(state, "harkonnen") == 10 + 2 + 2
    assert spice_of(state, "guild") == 5 + 1
    assert state["spice"] == {}
    assert {(e.data["faction"], e.data["territory"], e.data["amount"])
            for e in events if e.code == "spice-flow"} == {
        ("harkonnen", "Arrakeen", 2), ("harkonnen", "Carthag", 2), ("guild", "Tuek's Sietch", 1)}
    assert all(e.to is None for e in events)


def test_xix_no_spice_flow_without_the_option():
    """000 XIX is an optional rule: the basic game has no increased spice flow."""
    state = game()
    add_forces(state, "harkonnen", "Carthag", 11, {"force": 3})
    assert collect(state) == []
    assert spice_of(state, "harkonnen") == 10


def test_wbc_plays_the_increased_spice_flow():
    """004 "Rule Set" (line 75): all the optional and advanced rules, XIX and XXIII among them."""
    state = game("wbc")
    add_forces(state, "atreides", "Arrakeen", 10, {"force": 10})
    collect(state)
    assert spice_of(state, "atreides") == 10 + 2


def test_the_collection_round_needs_no_decision():
    """000 V.F: tokens "may collect the spice" -- automatically, by mail."""
    state = game()
    state["phase"] = "collection"
    assert turn.prompts(state) == []
    assert not hasattr(collection, "prompts")
