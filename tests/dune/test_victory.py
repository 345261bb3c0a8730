"""Victory in classic Dune at the end of each turn: 000 IV (line 233), V (line 239), XII.E.1
(line 459), XVIII (lines 531-540), the Bene Gesserit, Fremen and Guild shields (lines 780,
830, 840, 860, 866), Q&A XXV.E.3 (line 700), WBC house rules 3-4 (lines 1043-1055) and
clarifications IV (lines 1090-1092); 004 rule set and house rules (lines 73-134)."""

from __future__ import annotations

import copy
import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.games.dune import turn
from pbem.games.dune.forces import add_forces
from pbem.games.dune.phases import set_up, victory
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import data

ALL = list(SEAT_FACTIONS)
SECTOR = {"Arrakeen": 10, "Carthag": 11, "Tuek's Sietch": 5, "Sietch Tabr": 14,
          "Habbanya Ridge Sietch": 17, "Shield Wall": 8}
STRONGHOLDS = ["Arrakeen", "Carthag", "Tuek's Sietch", "Sietch Tabr", "Habbanya Ridge Sietch"]


def game(ruleset="classic", seats=ALL, turn=3, **options):
    """A game at the end of a turn with the map emptied of forces, ready for a position."""
    state = set_up.new_game(make_rules(ruleset, options), list(seats), random.Random(1))
    state.update(turn=turn, phase="end_of_turn", step={}, forces={})
    state["storm"]["sector"] = 1
    return state


def occupy(state, seat, *territories):
    for territory in territories:
        add_forces(state, seat, territory, SECTOR[territory], {"force": 1})


def end_turn(state):
    """The end of the turn, checking the state-level invariant: spice never negative."""
    events = victory.begin(state, random.Random(0))
    assert all(sheet["spice"] >= 0 for sheet in state["factions"].values())
    assert all(amount >= 0 for amount in state["spice"].values())
    return events


def result_of(state):
    """(winners sorted, victory code) after the end of the turn, or None if the game goes on."""
    end_turn(state)
    result = state["result"]
    return None if result is None else (sorted(result["winners"]), result["victory"])


# --- IV, XVIII.A.2: strongholds needed
def test_iv_three_strongholds_at_the_end_of_a_turn_win():
    """000 IV: "The winner is the first player to occupy at least three strongholds ... at the
    end of any turn in the game"."""
    state = game()
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    occupy(state, "fremen", "Sietch Tabr")
    assert result_of(state) == (["harkonnen"], "strongholds")
    assert state["result"]["turn"] == 3
    assert state["result"]["strongholds_held"]["harkonnen"] == ["Tuek's Sietch", "Arrakeen",
                                                                  "Carthag"]


def test_iv_two_strongholds_do_not_win_and_the_game_goes_on():
    """000 IV: at least three strongholds; before the last turn nobody wins by default."""
    state = game()
    occupy(state, "harkonnen", "Carthag", "Arrakeen")
    assert result_of(state) is None


def test_iv_sand_and_rock_territories_do_not_count():
    """000 IV: strongholds are the "red territories"; without XVIII.B the Shield Wall is rock."""
    state = game()
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Shield Wall")
    add_forces(state, "harkonnen", "The Great Flat", 15, {"force": 1})
    assert result_of(state) is None


def test_iv_a_two_player_game_needs_four_strongholds():
    """000 IV: "In a two player game, the number of strongholds needed to win is increased to
    four"."""
    state = game(seats=["harkonnen", "atreides"])
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) is None
    occupy(state, "harkonnen", "Sietch Tabr")
    assert result_of(state) == (["harkonnen"], "strongholds")


def test_xviii_a_2_more_strongholds_needs_one_more():
    """000 XVIII.A.2: "Increase the number of strongholds needed for victory by one from three
    to four or (for two players) from four to five"."""
    state = game(more_strongholds=True)
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) is None
    occupy(state, "harkonnen", "Sietch Tabr")
    assert result_of(state) == (["harkonnen"], "strongholds")
    assert victory.strongholds_needed(make_rules("classic", {"more_strongholds": True}), 2) == 5


def test_strongholds_needed_by_ruleset_players_and_alliance():
    """000 IV and XII.E.1 (allies need what one player needs); WBC house rule 3: 3, 4, 5."""
    classic, wbc = make_rules("classic", {}), make_rules("wbc", {})
    assert [victory.strongholds_needed(classic, 6, n) for n in (1, 2, 3)] == [3, 3, 3]
    assert [victory.strongholds_needed(wbc, 6, n) for n in (1, 2, 3)] == [3, 4, 5]
    assert victory.strongholds_needed(classic, 2) == 4


# --- XII.E.1 and WBC house rule 3: alliances
def test_xii_e_1_allies_holding_three_strongholds_together_win_jointly():
    """000 XII.E.1: "If, together, they hold three strongholds at the end of the turn, they have
    jointly won the game"."""
    state = game()
    state["alliances"] = [["harkonnen", "emperor"]]
    occupy(state, "harkonnen", "Carthag", "Arrakeen")
    occupy(state, "emperor", "Tuek's Sietch")
    assert result_of(state) == (["emperor", "harkonnen"], "alliance")


def test_xii_e_1_an_allied_faction_holding_three_wins_with_its_ally():
    """000 XII.E.1: "Allied players' tokens are considered the same for purposes of victory"."""
    state = game()
    state["alliances"] = [["harkonnen", "emperor"]]
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) == (["emperor", "harkonnen"], "alliance")


def test_wbc_house_rule_3_an_unallied_faction_needs_three():
    """WBC house rule 3 (000 line 1043): "An unallied faction must control 3 strongholds"."""
    state = game("wbc")
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) == (["harkonnen"], "strongholds")


def test_wbc_house_rule_3_a_two_faction_alliance_needs_four():
    """WBC house rule 3 (000 line 1043): "Two-faction alliances must control 4 strongholds"."""
    state = game("wbc")
    state["alliances"] = [["harkonnen", "emperor"]]
    occupy(state, "harkonnen", "Carthag", "Arrakeen")
    occupy(state, "emperor", "Tuek's Sietch")
    assert result_of(state) is None
    occupy(state, "emperor", "Sietch Tabr")
    assert result_of(state) == (["emperor", "harkonnen"], "alliance")


def test_wbc_house_rule_3_a_three_faction_alliance_needs_five():
    """WBC house rule 3 (000 line 1043): "Three-faction alliances must control 5 strongholds"."""
    state = game("wbc", three_faction_alliances=True)
    state["alliances"] = [["harkonnen", "emperor", "guild"]]
    occupy(state, "harkonnen", "Carthag", "Arrakeen")
    occupy(state, "guild", "Tuek's Sietch")
    occupy(state, "emperor", "Sietch Tabr")
    assert result_of(state) is None
    occupy(state, "emperor", "Habbanya Ridge Sietch")
    assert result_of(state) == (["emperor", "guild", "harkonnen"], "alliance")


def test_wbc_no_solo_victory_while_allied():
    """WBC house rule 3: "Solo victories while allied are not possible"; WBC IV (000 line
    1092): "You may not claim a solo victory for controlling 3 strongholds by yourself if you
    are currently part of an alliance"."""
    state = game("wbc")
    state["alliances"] = [["harkonnen", "emperor"]]
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) is None


# --- XVIII.B and WBC house rule 4: the Shield Wall
def test_xviii_b_the_shield_wall_is_a_sixth_territory_for_victory_four_of_six():
    """000 XVIII.B: "add the Shield Wall as an additional territory for victory. Now players
    need occupy four of six territories for victory"."""
    state = game(more_strongholds=True, shield_wall_victory=True)
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) is None
    occupy(state, "harkonnen", "Shield Wall")
    assert result_of(state) == (["harkonnen"], "strongholds")
    assert "Shield Wall" in state["result"]["strongholds_held"]["harkonnen"]


def test_xviii_b_without_the_option_the_shield_wall_does_not_count():
    """000 XVIII.B is optional: "It retains its identity as a rock territory"."""
    state = game(more_strongholds=True)
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch", "Shield Wall")
    assert result_of(state) is None


def test_xviii_b_two_factions_on_the_shield_wall_each_hold_it_under_the_classic_rules():
    """000 IV: a stronghold is held with "at least one of his tokens"; the storm (at sector 9)
    keeps the two factions on the Shield Wall apart (000 line 1118)."""
    state = game(shield_wall_victory=True)
    state["storm"]["sector"] = 9
    occupy(state, "harkonnen", "Shield Wall")
    add_forces(state, "atreides", "Shield Wall", 9, {"force": 1})
    held = victory.strongholds_held(state)
    assert held["harkonnen"] == held["atreides"] == ["Shield Wall"]


def test_wbc_house_rule_4_the_shield_wall_is_a_stronghold_from_the_6th_worm():
    """WBC house rule 4 (000 line 1045): "The Shield Wall is considered to be a stronghold for
    the purposes of victory ONLY, immediately after the 6th worm appears"; 004 line 77."""
    state = game("wbc")
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Shield Wall")
    state["worms"] = 5
    assert result_of(state) is None
    state["worms"] = 6
    assert result_of(state) == (["harkonnen"], "strongholds")


def test_wbc_house_rule_4_two_factions_on_the_shield_wall_means_nobody_controls_it():
    """WBC house rule 4 (000 line 1055): "two separate factions occupy the Shield Wall at the
    end of a turn (due to location of the storm preventing battle between them), neither
    faction is considered to control that stronghold"."""
    state = game("wbc")
    state["worms"] = 6
    state["storm"]["sector"] = 9
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Shield Wall")
    add_forces(state, "atreides", "Shield Wall", 9, {"force": 1})
    assert result_of(state) is None
    assert victory.strongholds_held(state)["atreides"] == []


def test_004_two_simultaneous_solo_victories_both_win():
    """004 line 130: "two unallied players simultaneously achieve solo victories (a possibility
    after Shield Wall becomes the 6th stronghold)": each wins."""
    state = game("wbc")
    state["worms"] = 6
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    occupy(state, "fremen", "Sietch Tabr", "Habbanya Ridge Sietch", "Shield Wall")
    assert result_of(state) == (["fremen", "harkonnen"], "strongholds")


# --- the Bene Gesserit prediction
def predict(state, faction, turn):
    state["factions"]["bene-gesserit"]["prediction"] = {"faction": faction, "turn": turn}


def test_bg_prediction_on_the_right_turn_the_bene_gesserit_alone_win():
    """Bene Gesserit shield (000 line 780): "If that player wins ... when you have predicted,
    you reveal the prediction and you alone have won"."""
    state = game(turn=4)
    predict(state, "harkonnen", 4)
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    events = end_turn(state)
    assert (state["result"]["winners"], state["result"]["victory"]) == (["bene-gesserit"],
                                                                         "prediction")
    assert ("prediction-revealed", {"faction": "harkonnen", "turn": 4}, None) in [
        (e.code, e.data, e.to) for e in events]


def test_bg_prediction_on_the_wrong_turn_the_predicted_faction_wins():
    """Bene Gesserit shield (000 line 780): only "when you have predicted"."""
    state = game(turn=4)
    predict(state, "harkonnen", 5)
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) == (["harkonnen"], "strongholds")


@pytest.mark.parametrize("ally", ["emperor", "bene-gesserit"])
def test_bg_prediction_the_predicted_faction_winning_in_an_alliance(ally):
    """Bene Gesserit shield (000 line 780): "If that player wins (alone or as an ally, even your
    own) ... you alone have won"."""
    state = game(turn=2)
    predict(state, "harkonnen", 2)
    state["alliances"] = [["harkonnen", ally]]
    occupy(state, "harkonnen", "Carthag", "Arrakeen")
    occupy(state, ally, "Tuek's Sietch")
    assert result_of(state) == (["bene-gesserit"], "prediction")


def test_bg_prediction_cannot_claim_the_guild_default_victory():
    """Bene Gesserit shield (000 line 780): "you can't predict the automatic Guild or Fremen
    victory at the end of play"."""
    state = game(turn=15)
    predict(state, "guild", 15)
    assert result_of(state) == (["guild"], "guild-default")


def test_the_bene_gesserit_can_win_normally():
    """Bene Gesserit shield (000 line 780): "You can win normally of course"."""
    state = game()
    predict(state, "harkonnen", 3)
    occupy(state, "bene-gesserit", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) == (["bene-gesserit"], "strongholds")


# --- the end of play
def test_v_the_game_ends_after_the_last_turn():
    """000 V: "DUNE is played in turns to a maximum limit of 15 turns": no result before the
    last turn's end, a result at it."""
    state = game(turn=14, seats=["atreides", "harkonnen", "emperor"])
    assert result_of(state) is None
    state = game(turn=15, seats=["atreides", "harkonnen", "emperor"])
    assert state["result"] is None and result_of(state) is not None


def test_the_last_turn_follows_the_turns_option():
    """Rules.turns: a game file may shorten the game (the classic default is 000 V's 15)."""
    state = game(turn=5, turns=5)
    assert result_of(state) == (["guild"], "guild-default")


def test_guild_default_victory_with_their_ally():
    """Guild shield (000 line 860): "If no player has been able to win by the end of the play,
    you have prevented control of Dune and automatically win the game"; alliance (line 866):
    "They may win with you if no one else wins"."""
    state = game(turn=15)
    state["alliances"] = [["guild", "atreides"]]
    occupy(state, "harkonnen", "Carthag", "Arrakeen")
    assert result_of(state) == (["atreides", "guild"], "guild-default")


def test_guild_default_comes_before_the_fremen_default():
    """Q&A XXV.E.3 (000 line 699): the Fremen default applies when "the Guild are not in play"."""
    state = game(turn=15)
    occupy(state, "fremen", "Sietch Tabr", "Habbanya Ridge Sietch")
    assert result_of(state) == (["guild"], "guild-default")


def test_someone_winning_on_the_last_turn_beats_the_guild_default():
    """Guild shield (000 line 860): only "If no player has been able to win"."""
    state = game(turn=15)
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    assert result_of(state) == (["harkonnen"], "strongholds")


NO_GUILD = ["atreides", "bene-gesserit", "emperor", "fremen", "harkonnen"]


def test_fremen_default_victory_when_its_conditions_hold_with_their_ally():
    """Fremen shield (000 line 830): "If no player has won by the end of the last turn and if you
    (or no one) occupies Sietch Tabr and Habbanya Ridge Sietch and neither Harkonnen, Atreides,
    nor Emperor occupies Tuek's Sietch"; alliance (line 840): "They win with you"."""
    state = game(turn=15, seats=NO_GUILD)
    state["alliances"] = [["fremen", "bene-gesserit"]]
    occupy(state, "fremen", "Sietch Tabr")
    occupy(state, "bene-gesserit", "Tuek's Sietch")
    occupy(state, "harkonnen", "Carthag", "Arrakeen")
    assert result_of(state) == (["bene-gesserit", "fremen"], "fremen-default")


@pytest.mark.parametrize("seat, territory", [("harkonnen", "Tuek's Sietch"),
                                             ("emperor", "Tuek's Sietch"),
                                             ("atreides", "Sietch Tabr"),
                                             ("bene-gesserit", "Habbanya Ridge Sietch")])
def test_fremen_default_victory_not_met(seat, territory):
    """Fremen shield (000 line 830): the conditions fail; Q&A XXV.E.3 (000 line 700): then "the
    player occupying the most strongholds"."""
    state = game(turn=15, seats=NO_GUILD)
    occupy(state, seat, territory)
    assert result_of(state) == ([seat], "most-strongholds")


def test_q_and_a_e3_most_strongholds_several_qualify_all_win():
    """Q&A XXV.E.3 (000 line 700): "If he is not in play, the player occupying the most
    strongholds. If several qualify, all who qualify to win"."""
    state = game(turn=15, seats=["atreides", "emperor", "harkonnen"])
    occupy(state, "atreides", "Arrakeen", "Sietch Tabr")
    occupy(state, "harkonnen", "Carthag", "Tuek's Sietch")
    occupy(state, "emperor", "Habbanya Ridge Sietch")
    assert result_of(state) == (["atreides", "harkonnen"], "most-strongholds")


def test_q_and_a_e3_most_strongholds_counts_allies_together():
    """000 XII.E.1: allies are "the same for purposes of victory", in the Q&A fallback too."""
    state = game(turn=15, seats=["atreides", "emperor", "harkonnen"])
    state["alliances"] = [["atreides", "emperor"]]
    occupy(state, "atreides", "Arrakeen")
    occupy(state, "emperor", "Sietch Tabr")
    occupy(state, "harkonnen", "Carthag")
    assert result_of(state) == (["atreides", "emperor"], "most-strongholds")


def test_game_ends_without_a_winner_when_nobody_holds_a_stronghold():
    """Q&A XXV.E.3: nobody "occupying the most strongholds" when nobody occupies any (ruling)."""
    state = game(turn=15, seats=["atreides", "emperor", "harkonnen"])
    assert result_of(state) == ([], "turn-limit")


def test_004_a_wbc_heat_ends_after_turn_10_with_the_default_victories():
    """004 line 134: "If no player wins by the end of turn 10, the Fremen and Guild default
    victory conditions will be used to determine a default victory as normal"."""
    state = game("wbc", turn=9)
    assert result_of(state) is None
    state = game("wbc", turn=10)
    assert result_of(state) == (["guild"], "guild-default")


# --- events and the pure report function
def test_the_strongholds_held_are_announced_every_turn_and_the_result_with_them():
    """000 IV: strongholds are counted "at the end of any turn"; both events are public."""
    state = game()
    occupy(state, "harkonnen", "Carthag")
    events = end_turn(state)
    assert [(e.code, e.to) for e in events] == [("strongholds-held", None)]
    assert events[0].data["held"]["harkonnen"] == ["Carthag"]
    assert events[0].data["held"]["guild"] == []
    occupy(state, "harkonnen", "Arrakeen", "Tuek's Sietch")
    events = end_turn(state)
    assert [(e.code, e.to) for e in events] == [("strongholds-held", None), ("game-over", None)]
    assert events[-1].data == state["result"]


def test_strongholds_held_is_pure_and_lists_every_seat():
    """A report function: it reads the state and changes nothing."""
    state = game()
    occupy(state, "atreides", "Arrakeen")
    before = copy.deepcopy(state)
    held = victory.strongholds_held(state)
    assert state == before
    assert set(held) == set(state["seats"])
    assert held["atreides"] == ["Arrakeen"]
    assert {t.name for t in data(state).board.strongholds} == set(STRONGHOLDS)


def test_the_end_of_the_turn_needs_no_decision():
    """000 IV: the check is made by the moderator, with no orders; only a faction's power asks
    something at War Continues (001 2.08.08, ``Faction.decisions``), and none of the classic
    factions has one."""
    state = game()
    state["phase"] = "end_of_turn"
    assert turn.prompts(state) == []
    assert victory.prompts(state) == [] and victory.keys(state) == []   # no faction's either


def test_xv_b4_coexisting_bene_gesserit_hold_no_stronghold():
    """000 XV.B.4 (line 506): coexisting Bene Gesserit "cannot prevent another player's control
    of a stronghold" and hold none; WBC clarification IV (line 1090; 004 IV.1)."""
    state = game(advantages=True)
    occupy(state, "bene-gesserit", "Carthag", "Arrakeen", "Tuek's Sietch")
    occupy(state, "harkonnen", "Carthag", "Arrakeen", "Tuek's Sietch")
    state["factions"]["bene-gesserit"]["coexisting"] = ["Arrakeen", "Carthag", "Tuek's Sietch"]
    assert victory.strongholds_held(state)["bene-gesserit"] == []
    assert result_of(state) == (["harkonnen"], "strongholds")
