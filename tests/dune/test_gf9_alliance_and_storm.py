"""GF9 rules of issue 19's storm, alliance and Karama slice that the scenario files do not
reach (``tests/dune/scenarios/gf9_1_01_*``, ``gf9_1_10_03_*``, ``gf9_2_04_09_*`` and
``gf9_3_01_12_05_*`` pin the rest, each citing seed 001)."""

from __future__ import annotations

import random

from pbem.games.dune.forces import add, add_forces, count_in, plain, take
from pbem.games.dune.orders import bid_orders
from pbem.games.dune.phases import movement, moves, storm
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules


def game(ruleset="gf9", seats=("atreides", "bene-gesserit", "harkonnen"), **options):
    """A game in the movement round with an empty map (every force in reserve)."""
    state = new_game(make_rules(ruleset, options), list(seats), random.Random(1))
    for sectors in state["forces"].values():
        for by_faction in sectors.values():
            for faction, counts in by_faction.items():
                add(state["factions"][faction]["reserve"], counts)
    for seat, sheet in state["factions"].items():
        add(sheet["reserve"], {plain(state, seat): sheet["to_place"]})
        sheet["to_place"] = 0
    state.update(forces={}, spice={}, turn=2, phase="movement", step={})
    state["storm"]["sector"] = 1
    return state


def station(state, faction, territory, sector, normal):
    take(state["factions"][faction]["reserve"], {"force": normal})
    add_forces(state, faction, territory, sector, {"force": normal})


def test_001_1_06_07_coexisting_advisors_neither_lose_forces_nor_make_their_ally_lose_any():
    """001 1.06.07 and 1.10.03.07 name "-faction_bg_advisors_coexist": Bene Gesserit
    coexisting with their ally's forces are not in the same Territory for the constraint, in
    either faction's turn; fighters of the Bene Gesserit there go to the tanks."""
    state = game()
    state["alliances"] = [["atreides", "bene-gesserit"]]
    station(state, "atreides", "Arrakeen", 9, 5)
    station(state, "bene-gesserit", "Arrakeen", 9, 2)
    state["factions"]["bene-gesserit"]["coexisting"] = ["Arrakeen"]
    assert moves.ally_constraint(state, "bene-gesserit") == []
    assert moves.ally_constraint(state, "atreides") == []
    assert count_in(state, "bene-gesserit", "Arrakeen") == {"force": 2}
    state["factions"]["bene-gesserit"]["coexisting"] = []
    events = moves.ally_constraint(state, "bene-gesserit")
    assert [e.code for e in events] == ["ally-constraint"] and events[0].to is None
    assert events[0].data == {"faction": "bene-gesserit", "territory": "Arrakeen",
                              "ally": "atreides", "forces": {"force": 2}}
    assert count_in(state, "bene-gesserit", "Arrakeen") == {}
    assert state["factions"]["bene-gesserit"]["tanks"] == {"force": 2}


def test_001_1_06_07_the_constraint_is_gf9s_alone():
    """Under AH allies never share a territory but the Polar Sink (000 XII.E.5): nothing to
    send to the tanks, whatever the map says."""
    state = game("classic")
    state["alliances"] = [["atreides", "harkonnen"]]
    station(state, "atreides", "Arrakeen", 9, 5)
    station(state, "harkonnen", "Arrakeen", 9, 2)
    assert moves.ally_constraint(state, "harkonnen") == []
    assert count_in(state, "harkonnen", "Arrakeen") == {"force": 2}


def test_001_1_06_07_the_turn_prompt_warns_an_allied_faction():
    """The prompt of an allied faction's turn says what the constraint does; an unallied
    faction's and a classic one's do not."""
    for ruleset, allied, warned in (("gf9", True, True), ("gf9", False, False),
                                    ("classic", True, False)):
        state = game(ruleset)
        if allied:
            state["alliances"] = [["atreides", "harkonnen"]]
        station(state, "harkonnen", "Carthag", 11, 5)
        movement.begin(state, random.Random(0))
        text = movement.turn_prompt(state, "harkonnen").legal
        assert ("go to the Tleilaxu Tanks (001 1.06.07)" in text) is warned, (ruleset, allied)


def test_001_3_01_12_05_a_karama_bid_reads_back_the_same():
    """``BID <n> KARAMA`` is printed as it is read (STYLE 3)."""
    assert bid_orders._bid_text([bid_orders.KARAMA, 9]) == "BID 9 KARAMA"
    assert bid_orders._bid_text(4) == "BID 4" and bid_orders._bid_text(None) == "PASS"


def test_001_1_01_04_a_storm_that_does_not_move_kills_nothing_where_it_stands():
    """001 1.01.04: forces die "When the Storm Marker moves": a storm moved 0 sectors (Weather
    Control's "does not move") spares its own sector."""
    state = game()
    state["storm"]["sector"] = 3
    station(state, "atreides", "Cielago North", 3, 4)
    events = storm.move_storm(state, 0)
    assert [e.code for e in events] == ["storm-moves"]
    assert count_in(state, "atreides", "Cielago North") == {"force": 4}
