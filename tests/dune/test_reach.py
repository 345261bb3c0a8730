"""Where forces may ship and move, and what shipments cost (``reach``): 000 IX.C (lines
321-349), XII.E.4-5 (465-467), Q&A XXV.B.1, C and E (651-712), the Fremen and Guild shields
(822-866), player aid B.6.A.6 (960), XV (496-509, 998) and the WBC clarifications VI (1118),
IX (1167-1204), XV (1312-1328) and house rule 4 (1047)."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.games.dune.board import reach
from pbem.games.dune.forces import add_forces
from pbem.games.dune.orders.language import OrderProblem
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data

ALL = list(SEAT_FACTIONS)
AT, BG, EM, FR, GU, HA = ALL
SINK = "Polar Sink"


def forces(normal, starred=0, kind="sardaukar"):
    """Forces as the state counts them: so many plain ones and so many of a starred kind."""
    return {name: n for name, n in (("force", normal), (kind, starred)) if n}


def game(ruleset="classic", storm=3, alliances=(), **options):
    """A game in the movement round of turn 2 with the map emptied of forces."""
    state = new_game(make_rules(ruleset, options), ALL, random.Random(1))
    state.update(turn=2, phase="movement", step={}, forces={})
    state["storm"]["sector"] = storm
    state["alliances"] = [list(a) for a in alliances]
    return state


def problem(call, *args, **kwargs) -> OrderProblem:
    """The OrderProblem the call raises."""
    with pytest.raises(OrderProblem) as caught:
        call(*args, **kwargs)
    return caught.value


def places(by_territory):
    return {(t, s) for t, sectors in by_territory.items() for s in sectors}


# --- the storm
def test_ix_c_2_e_the_polar_sink_is_never_in_storm():
    """000 IX.C.2.e (line 347): "The Polar Sink is never in storm"; elsewhere the storm covers
    its sector of every territory (IX.C.1.c, IX.C.2.c)."""
    state = game(storm=10)
    assert reach.in_storm(state, "Arrakeen", 10)
    assert reach.in_storm(state, "Old Gap", 10)
    assert not reach.in_storm(state, "Old Gap", 9)
    assert not reach.in_storm(state, SINK, 0)
    state["storm"]["sector"] = None
    assert not reach.in_storm(state, "Arrakeen", 10)


# --- ornithopters and range
def test_ix_c_2_a_1_ah_forces_in_arrakeen_or_carthag_give_ornithopters_and_three_territories():
    """000 IX.C.2.a.1 (line 337): "A player who starts his move with one or more tokens in
    either Arrakeen, Carthag or both has access to ornithopters and may move his token group
    through up to three adjacent territories"; IX.C.2.a.2 (line 339): otherwise one."""
    state = game()
    add_forces(state, HA, "Carthag", 11, {"force": 1})
    add_forces(state, AT, "Arrakeen", 10, {"force": 1})
    assert reach.has_ornithopters(state, HA) and reach.has_ornithopters(state, AT)
    assert not reach.has_ornithopters(state, EM)
    assert reach.move_range(state, HA) == 3
    assert reach.move_range(state, EM) == 1


def test_ix_c_2_a_1_the_example_from_tueks_sietch_to_the_imperial_basin():
    """000 IX.C.2.a.1 (line 337): with a token in Arrakeen, tokens "starting in Tuek's Sietch
    through Pasty Mesa and Shield Wall to the Imperial Basin where they must stop"."""
    state = game()
    add_forces(state, AT, "Arrakeen", 10, {"force": 1})
    add_forces(state, AT, "Tuek's Sietch", 5, {"force": 4})
    reached = reach.move_destinations(state, AT, "Tuek's Sietch")
    assert reached["Imperial Basin"] == (9, 10, 11)
    assert "Arsunt" not in reached                  # a fourth territory
    assert reach.check_move(state, AT, "Tuek's Sietch", "Imperial Basin", 9, {"force": 4}) == 5


def test_ix_c_2_a_2_without_ornithopters_a_group_moves_to_one_adjacent_territory():
    """000 IX.C.2.a.2 (line 339): "can only move his token group by foot to one adjacent
    territory"."""
    state = game(storm=3)
    add_forces(state, EM, "Funeral Plain", 15, {"force": 5})
    reached = reach.move_destinations(state, EM, "Funeral Plain")
    assert set(reached) == set(data(state).board["Funeral Plain"].neighbours)
    assert reached["Plastic Basin"] == (12, 13, 14)
    error = problem(reach.check_move, state, EM, "Funeral Plain", "Sietch Tabr", None, {"force": 5})
    assert error.code == "out-of-reach"
    assert "up to 1 territory" in error.message
    assert "in reach: Plastic Basin, Bight of the Cliff, The Great Flat" in error.message
    assert "The Great Flat" in error.valid


def test_the_start_of_the_move_decides_ornithopters_under_ah():
    """000 IX.C (line 321): a move is a shipment, then a movement, and ornithopters come with
    forces in the cities "at the start of his move" (IX.C.2.a.1): the caller passes what held
    before the shipment (ruling in the module docstring)."""
    state = game()
    add_forces(state, EM, "Arrakeen", 10, {"force": 2})        # just shipped in
    add_forces(state, EM, "Funeral Plain", 15, {"force": 5})
    assert reach.move_range(state, EM) == 3
    assert reach.move_range(state, EM, ornithopters=False) == 1
    assert "Sietch Tabr" not in reach.move_destinations(state, EM, "Funeral Plain",
                                                        ornithopters=False)


def test_wbc_ix_ornithopters_only_for_who_held_a_city_at_the_end_of_the_storm_round():
    """000 clarification IX (line 1188; 004 IX.7): access to ornithopters "if and only if he
    controlled Carthag and/or Arrakeen at the end of the Storm Round" -- not the turn one ships
    into a city (recorded by the storm round in ``state["ornithopters"]``)."""
    state = game("wbc")
    add_forces(state, AT, "Arrakeen", 10, {"force": 3})
    state["ornithopters"] = [HA]
    assert not reach.has_ornithopters(state, AT)
    assert reach.has_ornithopters(state, HA)
    assert reach.move_range(state, HA) == 3 and reach.move_range(state, AT) == 1


def test_fremen_shield_1_the_fremen_move_two_territories_three_with_ornithopters():
    """000 Fremen shield 1 (line 824): "You may move you token group two territories instead of
    one"; with ornithopters anyone moves three (IX.C.2.a.1)."""
    state = game()
    add_forces(state, FR, "Funeral Plain", 15, {"force": 5})
    assert reach.move_range(state, FR) == 2
    assert "Sietch Tabr" in reach.move_destinations(state, FR, "Funeral Plain")
    add_forces(state, FR, "Carthag", 11, {"force": 1})
    assert reach.move_range(state, FR) == 3


def test_q_and_a_c3_a_storm_over_arrakeen_keeps_the_ornithopters():
    """000 Q&A XXV.C.3 (lines 680-681): a storm over Arrakeen or Carthag does not affect the
    three-territory move, "except of course, into, out of, or through the storm"."""
    state = game(storm=10)
    add_forces(state, AT, "Arrakeen", 10, {"force": 5})
    add_forces(state, AT, "Funeral Plain", 15, {"force": 5})
    assert reach.move_range(state, AT) == 3
    assert reach.move_destinations(state, AT, "Arrakeen") == {}
    error = problem(reach.check_move, state, AT, "Arrakeen", "Old Gap", 9, {"force": 5})
    assert error.code == "storm-holds"
    assert "Sietch Tabr" in reach.move_destinations(state, AT, "Funeral Plain")


def test_xv_b_4_coexisting_bene_gesserit_give_no_ornithopters():
    """000 XV.B.4 (line 506): coexisting tokens "are treated as if they are not even on the
    board ... cannot receive three territory movement bonus"; clarification XV (line 1328; 004
    XV.16): they "do not count for the purpose of determining access to ornithopters"."""
    state = game(advantages=True)
    add_forces(state, BG, "Arrakeen", 10, {"force": 2})
    add_forces(state, AT, "Arrakeen", 10, {"force": 2})
    assert reach.has_ornithopters(state, BG)
    state["factions"][BG]["coexisting"] = ["Arrakeen"]
    assert not reach.has_ornithopters(state, BG)


def test_xv_b_4_ah_a_coexisting_group_gets_no_three_territory_move():
    """000 XV.B.4 (line 506): coexisting tokens "cannot receive three territory movement
    bonus": under AH a coexisting group moves one territory, whatever the faction holds."""
    state = game(advantages=True)
    add_forces(state, BG, "Carthag", 11, {"force": 2})
    add_forces(state, BG, "Old Gap", 9, {"force": 2})
    add_forces(state, EM, "Old Gap", 10, {"force": 2})
    state["factions"][BG]["coexisting"] = ["Old Gap"]
    assert reach.move_range(state, BG, "Carthag") == 3
    assert reach.move_range(state, BG, "Old Gap") == 1


def test_wbc_xv_coexisting_bene_gesserit_may_use_ornithopters():
    """000 clarification XV (line 1328; 004 XV.16): "Coexisting Bene Gesserit tokens are
    allowed to use ornithopter movement"."""
    state = game("wbc")
    add_forces(state, BG, "Old Gap", 9, {"force": 2})
    add_forces(state, EM, "Old Gap", 10, {"force": 2})
    state["factions"][BG]["coexisting"] = ["Old Gap"]
    state["ornithopters"] = [BG]
    assert reach.move_range(state, BG, "Old Gap") == 3


# --- paths: the storm, strongholds, allies
def test_ix_c_2_c_no_move_into_out_of_or_through_a_sector_in_storm():
    """000 IX.C.2.c (line 343): "No token may move into, out of, or through a sector in storm
    ... a player may move into and out of a territory which is partly in the storm so long as
    the group does not pass through the part covered by the storm"."""
    state = game(storm=16)
    add_forces(state, FR, "The Great Flat", 15, {"force": 4})
    reached = reach.move_destinations(state, FR, "The Great Flat")
    assert reached["Wind Pass"] == (14, 15)        # not 16, nor 17 beyond the storm
    assert "The Greater Flat" not in reached       # under the storm
    assert "Wind Pass North" not in reached        # only through the storm
    error = problem(reach.check_move, state, FR, "The Great Flat", "Wind Pass", 16, {"force": 4})
    assert error.code == "destination-in-storm"
    assert "Wind Pass SECTOR 14" in error.valid


def test_wbc_ix_fremen_movement_may_not_leave_or_enter_the_storm():
    """000 clarification IX (line 1198; 004 IX.10): "Fremen movement may not leave or enter a
    space under the storm" (with XV they may only *ship* into it, line 1190)."""
    state = game("wbc", storm=16)
    add_forces(state, FR, "Wind Pass", 16, {"force": 3})
    add_forces(state, FR, "Wind Pass", 17, {"force": 2})
    error = problem(reach.check_move, state, FR, "Wind Pass", "The Greater Flat", None, forces(3))
    assert error.code == "storm-holds"
    assert "The Greater Flat" not in reach.move_destinations(state, FR, "Wind Pass")
    assert reach.check_move(state, FR, "Wind Pass", "Cielago West", 18, {"force": 2}) == 17


def test_wbc_vi_separated_by_storm_a_group_does_not_cross_the_storm_in_its_territory():
    """000 clarification VI (line 1118; 004 VI.5): groups in different sectors of a region are
    "separated by storm for the purposes of movement" when the storm lies between them: the
    group in Wind Pass 17 cannot reach the sectors beyond the storm in sector 16."""
    state = game(storm=16)
    add_forces(state, FR, "Wind Pass", 17, {"force": 2})
    reached = reach.move_destinations(state, FR, "Wind Pass")
    assert ("Hagga Basin", 13) not in places(reached)     # via Wind Pass 14, over the storm
    assert ("Wind Pass North", 17) in places(reached)


def test_ix_c_2_d_a_move_into_several_sectors_names_its_sector():
    """000 IX.C.2.d (line 345): "When ending a move in a territory lying in several sectors, a
    player must make clear in which sector"; one sector needs no naming."""
    state = game()
    add_forces(state, EM, "Funeral Plain", 15, {"force": 5})
    error = problem(reach.check_move, state, EM, "Funeral Plain", "Plastic Basin", None, forces(5))
    assert error.code == "sector-needed"
    assert error.valid == tuple(f"Plastic Basin SECTOR {s}" for s in (12, 13, 14))
    assert reach.check_move(state, EM, "Funeral Plain", "The Great Flat", None, {"force": 5}) == 15
    error = problem(reach.check_move, state, EM, "Funeral Plain", "Plastic Basin", 15, {"force": 5})
    assert error.code == "wrong-sector"


def test_ix_c_2_a_a_group_moves_into_one_other_territory():
    """000 IX.C.2.a (line 335): a group moves "from one territory into one other territory":
    never where it starts."""
    state = game()
    add_forces(state, EM, "Plastic Basin", 13, {"force": 5})
    assert "Plastic Basin" not in reach.move_destinations(state, EM, "Plastic Basin")
    error = problem(reach.check_move, state, EM, "Plastic Basin", "Plastic Basin", 14, {"force": 5})
    assert error.code == "same-territory"


def test_ix_c_2_f_no_move_into_a_stronghold_two_other_factions_occupy():
    """000 IX.C.2.f (line 349): "tokens cannot be moved into or through a stronghold if tokens
    of two other players are already there"; one other player does not block."""
    state = game()
    add_forces(state, EM, "Old Gap", 10, {"force": 5})
    add_forces(state, AT, "Arrakeen", 10, {"force": 5})
    assert "Arrakeen" in reach.move_destinations(state, EM, "Old Gap")
    add_forces(state, HA, "Arrakeen", 10, {"force": 5})
    assert "Arrakeen" not in reach.move_destinations(state, EM, "Old Gap")
    error = problem(reach.check_move, state, EM, "Old Gap", "Arrakeen", None, {"force": 5})
    assert error.code == "stronghold-full"
    assert "Atreides and Harkonnen" in error.message
    add_forces(state, AT, "Old Gap", 9, {"force": 1})
    assert "Arrakeen" in reach.move_destinations(state, AT, "Old Gap")   # one other only


def test_ix_c_2_f_a_blocked_stronghold_is_never_crossed():
    """000 IX.C.2.f (line 349): "into or through": the path-finder never enters a stronghold
    two other factions hold; on the classic board every place beyond one has another route,
    so only the stronghold itself closes."""
    state = game()
    add_forces(state, AT, "Carthag", 11, {"force": 1})
    add_forces(state, HA, "Carthag", 11, {"force": 1})
    add_forces(state, EM, "Arsunt", 11, {"force": 5})
    paths = reach._paths(state, EM, "Arsunt", [11], 3)
    assert ("Carthag", 11) not in paths
    open_ = reach.move_destinations(state, EM, "Arsunt", ornithopters=True)
    state["forces"]["Carthag"] = {}
    assert set(reach.move_destinations(state, EM, "Arsunt", ornithopters=True)) - set(open_) \
        == {"Carthag"}


def test_xv_b_4_coexisting_bene_gesserit_do_not_block_a_stronghold():
    """000 XV.B.4 (line 506): coexisting tokens "cannot prevent another player's control of a
    stronghold", "as if they are not even on the board": they are not one of the two."""
    state = game(advantages=True)
    add_forces(state, AT, "Arrakeen", 10, {"force": 5})
    add_forces(state, BG, "Arrakeen", 10, {"force": 1})
    add_forces(state, EM, "Old Gap", 10, {"force": 5})
    assert "Arrakeen" not in reach.move_destinations(state, EM, "Old Gap")
    state["factions"][BG]["coexisting"] = ["Arrakeen"]
    assert "Arrakeen" in reach.move_destinations(state, EM, "Old Gap")


def test_the_bene_gesserit_are_blocked_by_a_full_stronghold_like_anyone():
    """000 IX.C.2.f (line 349), "tokens of two other players": the Bene Gesserit may not move
    into a stronghold two others hold, coexistence being declared only once there (XV.B.5,
    line 508; ruling in the module docstring)."""
    state = game(advantages=True)
    add_forces(state, AT, "Arrakeen", 10, {"force": 5})
    add_forces(state, HA, "Arrakeen", 10, {"force": 5})
    add_forces(state, BG, "Old Gap", 10, {"force": 5})
    assert "Arrakeen" not in reach.move_destinations(state, BG, "Old Gap")


def test_xii_e_5_no_move_into_a_territory_where_an_ally_is_but_the_polar_sink():
    """000 XII.E.5 (line 467): "Allies may not enter any territory (except the Polar Sink) in
    which one of their allies already has a token(s)"; passing through is no entering (ruling
    in the module docstring)."""
    state = game(alliances=[(FR, EM)])
    add_forces(state, FR, "The Great Flat", 15, {"force": 5})
    add_forces(state, EM, "Plastic Basin", 14, {"force": 1})
    add_forces(state, EM, SINK, 0, {"force": 1})
    reached = reach.move_destinations(state, FR, "The Great Flat")
    assert "Plastic Basin" not in reached
    assert "Sietch Tabr" in reached                      # through Plastic Basin
    assert reached[SINK] == (0,)
    error = problem(reach.check_move, state, FR, "The Great Flat", "Plastic Basin", 14, forces(5))
    assert error.code == "ally-there"
    assert "Emperor" in error.message


def test_wbc_xv_an_ally_of_the_bene_gesserit_may_join_them_where_they_are_alone():
    """000 clarification XV (line 1314; 004 XV.9): "An ally of the Bene Gesserit may move tokens
    into a space containing only the Bene Gesserit" (who must then coexist); not under AH
    (XII.E.5), where coexisting Bene Gesserit alone do not bar them (XV.B.4)."""
    for ruleset, options, allowed in (("wbc", {}, True), ("classic", {"advantages": True}, False)):
        state = game(ruleset, alliances=[(BG, EM)], **options)
        add_forces(state, BG, "Old Gap", 9, {"force": 2})
        add_forces(state, EM, "Imperial Basin", 10, {"force": 5})
        assert ("Old Gap" in reach.move_destinations(state, EM, "Imperial Basin")) is allowed
    state["factions"][BG]["coexisting"] = ["Old Gap"]
    assert "Old Gap" in reach.move_destinations(state, EM, "Imperial Basin")


def test_wbc_xv_no_ally_of_the_bene_gesserit_where_they_do_not_coexist_with_a_third():
    """000 clarification XV (line 1314; 004 XV.9): an ally of the Bene Gesserit "may not move
    tokens into a space containing a third faction with Bene Gesserit tokens that are not
    coexisting (In that case, the stronghold is blocked.)"."""
    state = game("wbc", alliances=[(BG, EM)])
    add_forces(state, BG, "Arrakeen", 10, {"force": 1})
    add_forces(state, AT, "Arrakeen", 10, {"force": 5})
    add_forces(state, EM, "Old Gap", 10, {"force": 5})
    assert reach.entry_problem(state, EM, "Arrakeen").code == "stronghold-full"
    state["factions"][BG]["coexisting"] = ["Arrakeen"]
    assert reach.entry_problem(state, EM, "Arrakeen") is None


# --- groups
def test_q_and_a_b1_forces_in_different_sectors_move_apart():
    """000 Q&A XXV.B.1 (line 652): forces in different sectors of one territory "must move and
    ship independently of one another": one sector's forces make a group."""
    state = game(storm=3)
    add_forces(state, EM, "Plastic Basin", 12, {"force": 3})
    add_forces(state, EM, "Plastic Basin", 14, {"force": 2})
    error = problem(reach.check_move, state, EM, "Plastic Basin", "Sietch Tabr", None, {"force": 5})
    assert error.code == "not-enough-forces"
    assert "3 forces in Plastic Basin SECTOR 12; 2 forces in Plastic Basin SECTOR 14" \
        in error.message
    error = problem(reach.check_move, state, EM, "Plastic Basin", "Tsimpo", 12, {"force": 2})
    assert error.code == "group-needed"
    assert error.valid == ("Plastic Basin SECTOR 12", "Plastic Basin SECTOR 14")
    assert reach.check_move(state, EM, "Plastic Basin", "Tsimpo", 12, forces(2), from_sector=14) \
        == 14
    assert reach.check_move(state, EM, "Plastic Basin", "Tsimpo", 12, {"force": 3}) == 12


def test_q_and_a_c2_sectors_matter_only_for_the_storm_and_separate_groups():
    """000 Q&A XXV.C.2 (line 678): "Do sectors affect movement? -- Only in the case explained in
    battle question one": without the storm in the way a group reaches every sector of a
    territory in range."""
    state = game(storm=3)
    add_forces(state, EM, "Plastic Basin", 12, {"force": 3})
    assert reach.move_destinations(state, EM, "Plastic Basin")["Wind Pass"] == (14, 15, 16, 17)


def test_a_move_needs_the_forces():
    """000 IX.C.2.a (line 335): a player moves "any number of his tokens": those he has there,
    starred counted apart."""
    state = game()
    add_forces(state, EM, "Funeral Plain", 15, {"force": 3, "sardaukar": 1})
    error = problem(reach.check_move, state, EM, "Funeral Plain", "The Great Flat", None,
                    forces(3, 2))
    assert error.code == "not-enough-forces"
    error = problem(reach.check_move, state, EM, "Bight of the Cliff", "The Great Flat", None,
                    forces(1))
    assert error.code == "no-forces"
    assert reach.check_move(state, EM, "Funeral Plain", "The Great Flat", None, forces(3, 1)) == 15


# --- shipment: kinds
def test_guild_shield_1_three_kinds_of_shipment_and_its_allies_too():
    """000 Guild shield 1 (line 854): from the reserve, "from one territory to any other
    territory", or "from any one territory back to your reserves"; alliance (line 866): "Allies
    may use the same types of shipments"; IX.C.1.d (line 331): nobody else ships back."""
    state = game(alliances=[(GU, AT)])
    assert reach.shipment_kinds(state, GU) == ("reserve", "cross", "back")
    assert reach.shipment_kinds(state, AT) == ("reserve", "cross", "back")
    assert reach.shipment_kinds(state, EM) == ("reserve",)
    add_forces(state, EM, "Funeral Plain", 15, {"force": 3})
    error = problem(reach.check_shipment, state, EM, "back", None, None, {"force": 3},
                    source="Funeral Plain")
    assert error.code == "shipment-kind"
    assert error.valid == ("SHIP <forces> TO <territory>",)


def test_fremen_shield_2_the_fremen_come_onto_dune_no_other_way():
    """000 Fremen shield 2 (line 826): "You may not move onto Dune in any other way than this";
    WBC line 1196 (004 IX.9): their shipment never ends off the board."""
    state = game()
    assert reach.shipment_kinds(state, FR) == ("fremen",)
    error = problem(reach.check_shipment, state, FR, "reserve", "Carthag", None, {"force": 3})
    assert error.code == "shipment-kind"
    error = problem(reach.check_shipment, state, EM, "fremen", "The Great Flat", None, forces(3))
    assert error.code == "shipment-kind"


def test_wbc_ix_the_fremen_allied_with_the_guild_choose_their_way_or_the_guilds():
    """000 clarification IX (lines 1192, 1200; 004 IX.11): "the Fremen may choose to either use
    normal Fremen shipment for no cost, or any form of Guild shipment for Guild cost"; under AH
    the Fremen shield still forbids any other way onto Dune (ruling): cross and back only."""
    wbc = game("wbc", alliances=[(FR, GU)])
    assert reach.shipment_kinds(wbc, FR) == ("fremen", "reserve", "cross", "back")
    assert reach.check_shipment(wbc, FR, "reserve", "Carthag", None, {"force": 5}) == 3
    assert reach.check_shipment(wbc, FR, "fremen", "The Great Flat", None, {"force": 5}) == 0
    ah = game(alliances=[(FR, GU)])
    assert reach.shipment_kinds(ah, FR) == ("fremen", "cross", "back")


# --- shipment: costs and payment
def test_ix_c_1_b_one_spice_a_force_into_a_stronghold_two_elsewhere():
    """000 IX.C.1.b (line 327): "one spice per token shipped into any stronghold and two spice
    per token shipped into any other territory"."""
    state = game()
    assert reach.shipment_cost(state, EM, "Arrakeen", 6) == 6
    assert reach.shipment_cost(state, EM, "Old Gap", 6) == 12
    assert reach.shipment_cost(state, EM, SINK, 1) == 2
    assert reach.check_shipment(state, EM, "reserve", "Old Gap", 9, {"force": 6}) == 12


def test_ix_c_1_b_starred_forces_cost_as_one_force_each():
    """000 IX.C.1.b (line 327) charges "per token"; Sardaukar count two only "in battle and in
    taking losses" (line 806; XV line 982)."""
    state = game(advantages=True)
    assert reach.check_shipment(state, EM, "reserve", "Carthag", None, forces(3, 2)) == 5


def test_ix_c_1_b_the_fremen_ship_free():
    """000 IX.C.1.b (line 327): "The Fremen player does not have to pay"."""
    state = game()
    assert reach.shipment_cost(state, FR, "Sietch Tabr", 10, "fremen") == 0
    assert reach.check_shipment(state, FR, "fremen", "Sietch Tabr", None, {"force": 10}) == 0


def test_guild_shield_2_and_q_and_a_e6_the_guild_pays_half_rounded_up():
    """000 Guild shield 2 (line 856): "half the fee ... one spice for every two tokens shipped
    or fraction thereof"; Q&A XXV.E.6 (line 709): "a five token shipment costs the Guild three
    spice; a one token shipment costs him one spice"."""
    state = game()
    assert reach.shipment_cost(state, GU, "Carthag", 5) == 3
    assert reach.shipment_cost(state, GU, "Carthag", 1) == 1
    assert reach.shipment_cost(state, GU, "Old Gap", 5) == 5


def test_guild_alliance_allies_ship_at_the_guilds_cost():
    """000 Guild alliance (line 866): "Allies may use the same types of shipments and at the
    same cost as you"."""
    state = game(alliances=[(GU, HA)])
    assert reach.shipment_cost(state, HA, "Carthag", 5) == 3
    assert reach.shipment_cost(state, EM, "Carthag", 5) == 5


def test_q_and_a_e2_shipping_back_costs_one_spice_per_two_forces():
    """000 Q&A XXV.E.2 (line 697): "One spice per two tokens" back to the reserve, fractions
    rounded up (E.6, line 709)."""
    state = game()
    add_forces(state, GU, "Tuek's Sietch", 5, {"force": 5})
    assert reach.shipment_cost(state, GU, "Tuek's Sietch", 5, "back") == 3
    assert reach.check_shipment(state, GU, "back", None, None, {"force": 4},
                                source="Tuek's Sietch") == 2


def test_a_cross_shipment_costs_the_guild_rate_into_its_destination():
    """000 Guild shield 1-2 (lines 854-856): no seed prices the territory-to-territory shipment
    apart; it costs half the IX.C.1.b fee of its destination (ruling)."""
    state = game()
    add_forces(state, GU, "Tuek's Sietch", 5, {"force": 5})
    assert reach.check_shipment(state, GU, "cross", "Carthag", None, {"force": 5},
                                source="Tuek's Sietch") == 3
    assert reach.check_shipment(state, GU, "cross", "Old Gap", 9, {"force": 5},
                                source="Tuek's Sietch") == 5


def test_wbc_house_rule_4_the_shield_wall_costs_as_rock():
    """000 house rule 4 (line 1047): "Shipment to the Shield Wall still costs 2 spice/token (1
    spice/token for Guild shipment)", and any number of factions may be there (line 1049)."""
    state = game("wbc")
    state["worms"] = 6
    for seat in (AT, HA):
        add_forces(state, seat, "Shield Wall", 8, {"force": 1})
    assert reach.check_shipment(state, EM, "reserve", "Shield Wall", 9, {"force": 3}) == 6
    assert reach.shipment_cost(state, GU, "Shield Wall", 3) == 3


def test_karama_lands_forces_at_the_guild_rate_paid_to_the_bank():
    """000 player aid B.6.A.6 (line 960): a Karama "enables a player to land tokens from
    off-planet reserves at the Guild cost (half rate). The payment goes to the spice bank and
    not to the Guild"; clarification (line 1406): only the player's own shipment."""
    state = game()
    assert reach.check_shipment(state, EM, "reserve", "Carthag", None, forces(5), karama=True) == 3
    assert reach.payee(state, EM, karama=True) is None
    add_forces(state, GU, "Tuek's Sietch", 5, {"force": 5})
    error = problem(reach.check_shipment, state, GU, "cross", "Carthag", None, {"force": 5},
                    source="Tuek's Sietch", karama=True)
    assert error.code == "karama-reserve-only"


def test_guild_shield_3_others_pay_the_guild_and_q_and_a_e1_allies_too():
    """000 Guild shield 3 (line 858): "he pays the spice to you instead of to the spice bank";
    Q&A XXV.E.1 (line 694): allies pay the Guild for all their shipments; clarification IX
    (line 1180; 004 IX.3): "Only the Guild's own shipping is paid to the bank"."""
    state = game(alliances=[(GU, HA)])
    assert reach.payee(state, EM) == GU
    assert reach.payee(state, HA) == GU
    assert reach.payee(state, GU) is None
    without = new_game(make_rules("classic", {}), [AT, EM, HA], random.Random(1))
    assert reach.payee(without, EM) is None


# --- shipment: where
def test_ix_c_1_c_no_shipment_into_the_storm_nor_a_full_stronghold():
    """000 IX.C.1.c (line 329): "No player may ship into a sector in storm or into a stronghold
    already occupied by two other players. Otherwise, shipments may be placed in any
    territory"; the error gives the cost and the places open."""
    state = game(storm=10)
    add_forces(state, AT, "Carthag", 11, {"force": 1})
    add_forces(state, HA, "Carthag", 11, {"force": 1})
    open_ = places(reach.shipment_destinations(state, EM))
    every = {(t.name, s) for t in data(state).board.territories for s in (t.sectors or (0,))}
    closed = {p for p in every if p[1] == 10} | {("Carthag", 11)}
    assert open_ == every - closed
    error = problem(reach.check_shipment, state, EM, "reserve", "Old Gap", 10, {"force": 4})
    assert error.code == "destination-in-storm"
    assert "4 forces cost 8 spice there" in error.message
    assert "Old Gap SECTOR 9" in error.valid
    error = problem(reach.check_shipment, state, EM, "reserve", "Carthag", None, {"force": 4})
    assert error.code == "stronghold-full"
    assert "4 forces cost 4 spice there" in error.message


def test_xii_e_5_no_shipment_where_an_ally_is_but_the_polar_sink():
    """000 XII.E.5 (line 467): allies may not enter a territory where an ally is, except the
    Polar Sink -- by shipment neither."""
    state = game(alliances=[(EM, HA)])
    add_forces(state, HA, "Carthag", 11, {"force": 1})
    add_forces(state, HA, SINK, 0, {"force": 1})
    open_ = reach.shipment_destinations(state, EM)
    assert "Carthag" not in open_ and open_[SINK] == (0,)
    error = problem(reach.check_shipment, state, EM, "reserve", "Carthag", None, forces(2))
    assert error.code == "ally-there"


def test_a_shipment_needs_the_forces_in_reserve():
    """000 IX.C.1.a (line 325): "any number of tokens from his reserves"."""
    state = game()
    state["factions"][EM]["reserve"] = {"force": 3}
    error = problem(reach.check_shipment, state, EM, "reserve", "Carthag", None, {"force": 4})
    assert error.code == "not-enough-reserve"
    error = problem(reach.check_shipment, state, EM, "reserve", "Carthag", None, {})
    assert error.code == "no-forces"


def test_fremen_shield_2_and_q_and_a_e7_within_two_territories_of_the_great_flat():
    """000 Fremen shield 2 (line 826): "any territory within two territories of and including
    the Great Flat"; Q&A XXV.E.7 (line 712): "Never include the Great Flat when counting"."""
    state = game(storm=3)
    open_ = reach.shipment_destinations(state, FR, "fremen")
    assert set(open_) == {
        "The Great Flat", "Funeral Plain", "Plastic Basin", "The Greater Flat", "Wind Pass",
        "Bight of the Cliff", "Broken Land", "Cielago West", "False Wall West", "Habbanya Erg",
        "Hagga Basin", SINK, "Rock Outcroppings", "Sietch Tabr", "Tsimpo", "Wind Pass North"}
    error = problem(reach.check_shipment, state, FR, "fremen", "Carthag", None, {"force": 3})
    assert error.code == "out-of-reach"
    assert "Sietch Tabr" in error.message and "Sietch Tabr" in error.valid


def test_wbc_ix_fremen_arrive_wherever_the_storm_is_and_ornithopters_do_not_widen_it():
    """000 clarification IX (line 1190; 004 IX.8): "any space within a movement of 2 from The
    Great Flat, regardless of the location of the storm"; line 1194: "Fremen shipment range is
    not changed if the Fremen have ornithopters"."""
    state = game("wbc", storm=15)
    state["ornithopters"] = [FR]
    open_ = reach.shipment_destinations(state, FR, "fremen")
    assert "Sietch Tabr" in open_ and "Habbanya Erg" in open_     # beyond the storm
    assert "Carthag" not in open_ and "Imperial Basin" not in open_


def test_xv_fremen_bring_reserves_into_a_storm_at_half_loss():
    """000 Fremen shield 7 (line 836), XV (line 998): "You may bring your reserves into a storm
    at half loss"; clarification IX (line 1190): "Only shipments ending in a space under the
    storm take half losses, rounded up"; none where the storm kills nothing (ruling)."""
    state = game("wbc", storm=15)
    assert reach.check_shipment(state, FR, "fremen", "The Great Flat", None, {"force": 5}) == 0
    assert reach.shipment_losses(state, FR, "fremen", "The Great Flat", 15,
                                 forces(4, 1, "fedaykin")) == forces(3)
    assert reach.shipment_losses(state, FR, "fremen", "Wind Pass", 14, {"force": 5}) == {}
    state["storm"]["sector"] = 16
    assert reach.shipment_losses(state, FR, "fremen", "False Wall West", 16, {"force": 5}) == {}
    assert reach.shipment_losses(state, EM, "reserve", "The Greater Flat", 16, {"force": 5}) == {}


def test_without_advantages_the_fremen_arrive_outside_the_storm():
    """000 Fremen shield 2 (line 826): "subject to storm and occupancy rules" -- IX.C.1.c; the
    half-loss arrival is optional (XV, line 998)."""
    state = game(storm=15)
    assert ("The Great Flat", 15) not in places(reach.shipment_destinations(state, FR,
                                                                            "fremen"))
    error = problem(reach.check_shipment, state, FR, "fremen", "The Great Flat", None, {"force": 5})
    assert error.code == "destination-in-storm"


def test_fremen_arrival_obeys_occupancy():
    """000 Fremen shield 2 (line 826): "subject to storm and occupancy rules": no stronghold
    two others hold (IX.C.1.c), no ally's territory but the Polar Sink (XII.E.5)."""
    state = game(alliances=[(FR, AT)])
    add_forces(state, EM, "Sietch Tabr", 14, {"force": 1})
    add_forces(state, HA, "Sietch Tabr", 14, {"force": 1})
    add_forces(state, AT, "Funeral Plain", 15, {"force": 1})
    add_forces(state, AT, SINK, 0, {"force": 1})
    open_ = reach.shipment_destinations(state, FR, "fremen")
    assert "Sietch Tabr" not in open_ and "Funeral Plain" not in open_ and SINK in open_


def test_wbc_ix_no_guild_shipment_of_forces_under_the_storm():
    """000 clarification IX (line 1202; 004 IX.12): "The Guild (and its allies) may not ship
    tokens that begin in a space under the storm" (ruled for AH too)."""
    state = game(storm=13)
    add_forces(state, GU, "Hagga Basin", 13, {"force": 4})
    add_forces(state, GU, "Hagga Basin", 12, {"force": 2})
    assert reach.shipment_sources(state, GU) == {"Hagga Basin": (12,)}
    error = problem(reach.check_shipment, state, GU, "back", None, None, {"force": 4},
                    source="Hagga Basin")
    assert error.code == "storm-holds"
    assert reach.check_shipment(state, GU, "back", None, None, forces(2), source="Hagga Basin") == 1
    assert reach.shipment_group(state, GU, "Hagga Basin", {"force": 2}) == 12


def test_wbc_ix_a_cross_shipment_is_a_shipment_not_a_move():
    """000 clarification IX (line 1204; 004 IX.13): "Guild cross-planet shipment is considered
    to be a shipment, not an on-planet move": anywhere a shipment may land (IX.C.1.c), however
    far, but "to any other territory" (Guild shield 1, line 854)."""
    state = game(storm=10)
    add_forces(state, GU, "Tuek's Sietch", 5, {"force": 5})
    open_ = reach.shipment_destinations(state, GU, "cross", "Tuek's Sietch")
    assert "Tuek's Sietch" not in open_ and "Habbanya Ridge Sietch" in open_
    assert "Arrakeen" not in open_                  # under the storm
    assert problem(reach.check_shipment, state, GU, "cross", "Tuek's Sietch", None, {"force": 5},
                   source="Tuek's Sietch").code == "same-territory"
    assert reach.shipment_destinations(state, GU, "back") == {}


def test_q_and_a_b1_a_cross_shipment_takes_one_sectors_forces():
    """000 Q&A XXV.B.1 (line 652): forces in different sectors "must move and ship
    independently of one another"."""
    state = game()
    add_forces(state, GU, "Hagga Basin", 13, {"force": 4})
    add_forces(state, GU, "Hagga Basin", 12, {"force": 4})
    error = problem(reach.shipment_group, state, GU, "Hagga Basin", {"force": 2})
    assert error.code == "group-needed"
    assert reach.shipment_group(state, GU, "Hagga Basin", {"force": 2}, from_sector=13) == 13
    assert problem(reach.check_shipment, state, GU, "cross", "Carthag", None, {"force": 6},
                   source="Hagga Basin").code == "not-enough-forces"
