"""Tournament scoring from the seeds' own tables and examples: WBC qualification and
performance points, adjudication, advancement, the final's places and the Best Faction awards
(004_5af1072ca4353687.txt lines 107-193); GF9 points, weights and tie-breakers (001 section
4.1, lines 851-890); the end-of-turn data a game of Dune gives them
(games/dune/league/performance.py) and a dropout (games/dune/dropout.py)."""

from __future__ import annotations

import random

import pytest
from dune_seats import SEAT_FACTIONS

from pbem.games.dune.dropout import drop_out
from pbem.games.dune.forces import add_forces, total
from pbem.games.dune.league import gf9 as gf9
from pbem.games.dune.league import performance
from pbem.games.dune.league import wbc as wbc
from pbem.games.dune.phases import set_up, victory
from pbem.games.dune.rules import make_rules
from pbem.league import TieError
from pbem.league.draw import table_sizes

SIX = list(SEAT_FACTIONS)
FIVE = [seat for seat in SIX if seat != "guild"]


def result(victory_code, parties, players=6, turns=(), **more):
    """A game result as ``pbem.league.results`` records it."""
    seats = SIX if players == 6 else FIVE
    return {"players": players, "seats": {s: {} for s in seats}, "victory": victory_code,
            "winners": [s for p in parties for s in p], "parties": [list(p) for p in parties],
            "turns": list(turns), "strongholds": more.pop("strongholds", {}),
            "alliances": more.pop("alliances", []), **more}


def turn(number, coexisting=(), **held):
    """A turn end: seat -> strongholds held (seat names with _ for -)."""
    by_seat = {seat: [] for seat in SIX}
    by_seat.update({seat.replace("_", "-"): list(t) for seat, t in held.items()})
    return {"turn": number, "held": by_seat, "coexisting": list(coexisting)}


# --- WBC qualification points (004 lines 115-130)
@pytest.mark.parametrize("code, parties, six, five", [
    ("strongholds", [["harkonnen"]], 5, 4),                                  # line 119
    ("alliance", [["harkonnen", "emperor"]], 2, 1.5),                        # line 120
    ("alliance", [["harkonnen", "emperor", "atreides"]], 1, 0.5),            # line 121
    ("prediction", [["bene-gesserit"]], 5, 4),                               # line 122
    ("fremen-default", [["fremen"]], 2.5, 2),                                # line 123
    ("fremen-default", [["fremen", "atreides"]], 1, 0.5),                    # line 124
    ("fremen-default", [["fremen", "atreides", "emperor"]], 0.5, 0),         # line 125
])
def test_004_qp_table_for_the_winners_of_6_and_5_player_games(code, parties, six, five):
    """004 lines 117-125: the winners' QPs, 6-player column then 5-player column."""
    for players, expected in ((6, six), (5, five)):
        game = result(code, parties, players)
        assert {wbc.qualification_points(game, s) for s in parties[0]} == {expected}


@pytest.mark.parametrize("code, parties, loss", [
    ("strongholds", [["harkonnen"]], -1),                                    # line 126
    ("alliance", [["harkonnen", "emperor"]], -1),
    ("prediction", [["bene-gesserit"]], -1),                                 # line 127
    ("guild-default", [["guild"]], -0.5),                                    # line 128
    ("fremen-default", [["fremen", "atreides"]], -0.5),
])
def test_004_qp_table_for_the_losers(code, parties, loss):
    """004 lines 126-128: losing to a regular or prediction victory -1, to a default -0.5, in
    games of six and of five."""
    for players in (6, 5):
        game = result(code, parties, players)
        losers = [s for s in game["seats"] if s not in game["winners"]]
        assert {wbc.qualification_points(game, s) for s in losers} == {loss}


def test_004_line_130_two_simultaneous_solo_victories_each_score_a_solo_victory():
    game = result("strongholds", [["harkonnen"], ["fremen"]])
    assert wbc.qualification_points(game, "harkonnen") == 5
    assert wbc.qualification_points(game, "fremen") == 5
    assert wbc.qualification_points(game, "atreides") == -1


def test_004_adjudications_and_concessions_score_as_regular_victories_no_winner_scores_none():
    """004 line 137: the adjudicated player "will win a solo victory, otherwise that player's
    alliance shares the victory"; a game ended without a winner scores no QPs."""
    assert wbc.qualification_points(result("adjudication", [["emperor"]]), "emperor") == 5
    game = result("concession", [["emperor", "fremen"]], players=5)
    assert wbc.qualification_points(game, "fremen") == 1.5
    assert wbc.qualification_points(game, "atreides") == -1
    assert wbc.qualification_points(result("turn-limit", []), "atreides") == 0
    assert wbc.qp_row(result("most-strongholds", [["emperor"]]), "emperor") == "default-solo"


# --- WBC performance points (004 lines 172-187)
def test_004_line_176_to_179_performance_points_of_a_turn_end():
    """Carthag and Arrakeen 1 each, the three sietches 0.5 each, the Bene Gesserit 0.1 for
    each stronghold where they coexist; the Shield Wall earns none."""
    points = performance.turn_points(turn(
        1, coexisting=["Carthag", "Sietch Tabr"], harkonnen=["Carthag", "Arrakeen"],
        fremen=["Sietch Tabr", "Habbanya Ridge Sietch", "Tuek's Sietch"],
        atreides=["Shield Wall"]), "wbc")
    assert points["harkonnen"] == 2
    assert points["fremen"] == 1.5
    assert points["bene-gesserit"] == pytest.approx(0.2)
    assert points["atreides"] == points["emperor"] == 0


def test_004_line_185_worked_example_9_5_pp_over_7_turns_in_a_5_player_game_is_1_131():
    """004 line 185: "9.5 / 7 x (5/6) = 1.131"."""
    assert round(wbc.normalise(9.5, 7, 5), 3) == 1.131
    assert wbc.normalise(9.5, 7, 6) == pytest.approx(9.5 / 7)


def test_004_line_185_the_worked_example_from_turn_ends():
    """An Atreides who holds Arrakeen and Carthag for four turns and Sietch Tabr for three of
    seven turns of a 5-player game: 8 + 1.5 = 9.5 PPs, normalised 1.131."""
    turns = [turn(n, atreides=["Arrakeen", "Carthag"] if n <= 4 else []) for n in range(1, 8)]
    for n in (5, 6, 7):
        turns[n - 1]["held"]["atreides"] = ["Sietch Tabr"]
    game = result("fremen-default", [["fremen"]], players=5, turns=turns)
    assert wbc.performance_points(game)["atreides"] == 9.5
    assert round(wbc.normalised_points(game)["atreides"], 3) == 1.131


def test_004_line_137_a_stopped_heat_goes_to_the_best_normalised_pp_with_his_alliance():
    turns = [turn(1, harkonnen=["Carthag"], fremen=["Sietch Tabr", "Tuek's Sietch"]),
             turn(2, harkonnen=["Carthag", "Arrakeen"], fremen=["Sietch Tabr"])]
    game = result("adjudication", [], turns=turns, alliances=[["harkonnen", "emperor"]])
    assert wbc.adjudicated_winners(game) == ["emperor", "harkonnen"]
    game["alliances"] = []
    assert wbc.adjudicated_winners(game) == ["harkonnen"]
    tied = result("adjudication", [], turns=[turn(1, harkonnen=["Carthag"],
                                                  emperor=["Arrakeen"])])
    with pytest.raises(TieError) as error:
        wbc.adjudicated_winners(tied)
    assert error.value.tied == ["emperor", "harkonnen"]


# --- advancement (004 lines 141-145)
def test_004_line_143_the_six_best_qp_totals_advance_ties_by_best_normalised_pp():
    q = wbc.Qualifier
    players = [q("Ann", 5, 1.0, 1, False), q("Bob", 2.5, 0.9, 2, False),
               q("Cat", 2.5, 1.2, 1, False), q("Dan", 1, 0.5, 1, False),
               q("Eve", 0, 0.4, 1, False), q("Fay", -0.5, 0.8, 1, False),
               q("Gus", -1, 0.7, 1, False), q("Hal", -1, 0.7, 1, False),
               q("Ida", 9, 2.0, 1, True)]
    finalists, alternates, tied = wbc.advancement(players)
    assert [p.player for p in finalists] == ["Ann", "Cat", "Bob", "Dan", "Eve", "Fay"]
    assert [p.player for p in alternates] == ["Gus", "Hal"]            # line 145
    assert tied == {"Gus", "Hal"}                                      # a die roll, line 164


# --- the final (004 lines 147-164)
def test_004_line_153_a_fremen_default_with_an_ally_puts_the_fremen_first():
    game = result("fremen-default", [["atreides", "fremen"]],
                  strongholds={"atreides": ["Arrakeen", "Carthag"]})
    assert wbc.final_places(game)[:2] == ["fremen", "atreides"]


def test_004_line_154_a_guild_default_with_an_ally_puts_the_guild_first():
    game = result("guild-default", [["emperor", "guild"]],
                  strongholds={"emperor": ["Arrakeen"]})
    assert wbc.final_places(game)[:2] == ["guild", "emperor"]


def test_004_line_155_three_strongholds_against_one_is_first():
    held = {"harkonnen": ["Carthag"], "emperor": ["Arrakeen", "Sietch Tabr", "Tuek's Sietch"]}
    game = result("alliance", [["emperor", "harkonnen"]], strongholds=held)
    assert wbc.final_places(game)[:2] == ["emperor", "harkonnen"]


def test_004_line_156_two_strongholds_each_the_best_normalised_pp_is_first():
    held = {"harkonnen": ["Carthag", "Arrakeen"], "emperor": ["Sietch Tabr", "Tuek's Sietch"]}
    turns = [turn(1, emperor=["Carthag", "Arrakeen"]), turn(2, **held)]
    game = result("alliance", [["emperor", "harkonnen"]], turns=turns, strongholds=held)
    assert wbc.final_places(game)[:2] == ["emperor", "harkonnen"]


def test_004_line_158_and_160_simultaneous_solos_by_pp_the_rest_by_strongholds_then_pp():
    held = {"harkonnen": ["Carthag", "Arrakeen", "Shield Wall"],
            "fremen": ["Sietch Tabr", "Tuek's Sietch", "Habbanya Ridge Sietch"],
            "atreides": [], "emperor": [], "guild": [], "bene-gesserit": []}
    turns = [turn(1, atreides=["Carthag"], emperor=[]), turn(2, **held)]
    game = result("strongholds", [["harkonnen"], ["fremen"]], turns=turns, strongholds=held)
    places = wbc.final_places(game)
    assert places[:2] == ["harkonnen", "fremen"]
    assert places[2] == "atreides"                          # no stronghold, the best PP


def test_004_line_162_a_prediction_puts_the_predicted_second_and_his_ally_third():
    held = {"emperor": ["Carthag", "Arrakeen"], "guild": ["Tuek's Sietch", "Sietch Tabr"],
            "fremen": ["Habbanya Ridge Sietch"]}
    game = result("prediction", [["bene-gesserit"]], predicted="guild",
                  alliances=[["emperor", "guild"]], strongholds=held)
    assert wbc.final_places(game)[:4] == ["bene-gesserit", "guild", "emperor", "fremen"]


# --- Best Faction awards (004 lines 172-183)
def test_004_line_183_best_faction_is_the_best_single_normalised_pp_of_each_faction():
    best = wbc.best_factions([("atreides", "Ann", 1.131, "h1"), ("atreides", "Bob", 0.9, "h2"),
                              ("fremen", "Cat", 0.5, "h1"), ("fremen", "Dan", 0.5, "h2")])
    assert best["atreides"] == [("Ann", 1.131, "h1")]
    assert best["fremen"] == [("Cat", 0.5, "h1"), ("Dan", 0.5, "h2")]


# --- GF9 (001 4.1)
@pytest.mark.parametrize("code, parties, seat, category, points", [
    ("strongholds", [["harkonnen"]], "harkonnen", "solo-stronghold", 3),
    ("prediction", [["bene-gesserit"]], "bene-gesserit", "prediction", 3),
    ("alliance", [["harkonnen", "emperor"]], "emperor", "allied-stronghold", 2),
    ("fremen-default", [["fremen"]], "fremen", "solo-fremen", 2),
    ("fremen-default", [["fremen", "atreides"]], "atreides", "allied-fremen", 1),
    ("most-strongholds", [["emperor"]], "emperor", "solo-end-game", 1),
    ("most-strongholds", [["emperor", "atreides"]], "emperor", "allied-end-game", 1),
    ("guild-default", [["guild"]], "guild", "solo-default", 1),
    ("guild-default", [["guild", "atreides"]], "atreides", "allied-default", 1),
    ("adjudication", [["emperor"]], "emperor", "adjudicated", 0.5),
    ("strongholds", [["harkonnen"]], "emperor", None, 0),
])
def test_001_4_1_11_points_per_victory(code, parties, seat, category, points):
    game = result(code, parties)
    assert gf9.category(game, seat) == category
    assert gf9.points(game, seat) == points


def test_001_4_1_11_weighted_points_a_solo_and_a_default_beat_two_allied_victories():
    """001 line 865: 4 points from a Solo Stronghold Victory and an Allied Default Victory go
    before 4 points from two Allied Stronghold Victories."""
    a = gf9.Record("A", 4, ("allied-stronghold", "allied-stronghold"), (2,), 2)
    b = gf9.Record("B", 4, ("solo-stronghold", "allied-default"), (3,), 2)
    assert [r.player for r in gf9.rank([a, b])] == ["B", "A"]


def test_001_4_1_12_best_game_tie_breakers_player_b_goes_before_player_a():
    """001 lines 880-881: A's best game scores 2.2.3.8.12.3.3, B's 2.4.2.2.4.2.1: B proceeds."""
    counts = {"harkonnen": {"strongholds": 3, "forces": 8, "spice": 12, "cards": 3,
                            "leaders": 3},
              "emperor": {"strongholds": 2, "forces": 2, "spice": 4, "cards": 2, "leaders": 1}}
    game = result("alliance", [["harkonnen", "emperor"]], counts=counts,
                  win_attempts={"harkonnen": [3, 5], "emperor": [2, 4, 6, 7]})
    a, b = gf9.game_score(game, "harkonnen"), gf9.game_score(game, "emperor")
    assert gf9.score_text(a) == "2.2.3.8.12.3.3"
    assert gf9.score_text(b) == "2.4.2.2.4.2.1"
    ranked = gf9.rank([gf9.Record("A", 2, ("allied-stronghold",), a, 1),
                       gf9.Record("B", 2, ("allied-stronghold",), b, 1)])
    assert [r.player for r in ranked] == ["B", "A"]


def test_001_4_1_10_adjudication_most_win_attempts_then_allies_combined_tie_breakers():
    counts = {s: {"strongholds": 1, "forces": 5, "spice": 3, "cards": 1, "leaders": 4}
              for s in SIX}
    counts["fremen"]["strongholds"] = 2
    game = result("adjudication", [], counts=counts, alliances=[["atreides", "emperor"]],
                  win_attempts={"harkonnen": [4], "fremen": [4], "atreides": [4]})
    # Three tied on win attempts; Atreides and Emperor together hold 2 strongholds, as many as
    # the Fremen alone; together they have 10 forces: they win.
    assert gf9.adjudicated_winners(game) == ["atreides", "emperor"]
    game["win_attempts"]["fremen"] = [3, 4]
    assert gf9.adjudicated_winners(game) == ["fremen"]


# --- the draw (004 line 111; 001 4.1.2)
def test_004_line_111_45_players_make_five_6_player_games_and_three_5_player_games():
    assert table_sizes(45) == [6] * 5 + [5] * 3
    assert table_sizes(11) == [6, 5]
    assert table_sizes(12) == [6, 6]
    assert table_sizes(7) == [4, 3]          # below five: at the GM's discretion


# --- what a game of Dune gives (performance.py) and a dropout (dropout.py)
def wbc_game():
    state = set_up.new_game(make_rules("wbc", {}), SIX, random.Random(1))
    state.update(turn=3, phase="battle", step={}, forces={})
    state["storm"]["sector"] = 1
    return state


def test_001_4_1_5_a_win_attempt_is_holding_enough_strongholds_contested_or_not():
    state = wbc_game()
    for territory, sector in (("Carthag", 11), ("Arrakeen", 10), ("Tuek's Sietch", 5)):
        add_forces(state, "harkonnen", territory, sector, {"force": 2})
    add_forces(state, "atreides", "Arrakeen", 10, {"force": 3})
    assert performance.attempts_now(state) == ["harkonnen"]
    state["alliances"] = [["harkonnen", "emperor"]]   # WBC house rule 3: four needed then
    assert performance.attempts_now(state) == []


def test_004_line_193_a_dropout_leaves_play_and_the_game_goes_on():
    """004 line 193: the faction's tokens and leaders out of play, spice to the bank, cards to
    the discard pile; its alliance ends; it wins no default (victory.end_of_play)."""
    state = wbc_game()
    add_forces(state, "guild", "Tuek's Sietch", 5, {"force": 4})
    guild = state["factions"]["guild"]
    guild["hand"] = [state["decks"]["treachery"].pop()]
    card = guild["hand"][0]
    state["alliances"] = [["guild", "fremen"]]
    forces = total(guild["reserve"]) + total(guild["tanks"]) + 4
    after, events = drop_out(state, "guild")
    assert events == []
    out = after["factions"]["guild"]
    assert "Tuek's Sietch" not in after["forces"] and out["reserve"] == {}
    assert total(out["tanks"]) == forces and out["spice"] == 0 and out["hand"] == []
    assert set(out["leaders"].values()) == {"tanks"}
    assert after["decks"]["treachery_discard"][-1] == card
    assert after["alliances"] == [] and after["dropouts"] == ["guild"]
    after.update(turn=10, phase="end_of_turn")
    held = victory.strongholds_held(after)
    assert victory.end_of_play(after, held)[1] != "guild-default"
    assert state["alliances"] == [["guild", "fremen"]]          # the state given is unchanged


def test_004_line_193_the_harkonnen_drop_out_and_their_captives_go_home():
    """004 line 193: "If the Harkonnen drops out, any captured leaders will be returned to
    their owners" (``capture.release_captured``)."""
    state = wbc_game()
    leader = next(iter(state["factions"]["atreides"]["leaders"]))
    state["factions"]["atreides"]["leaders"][leader] = "captured"
    state["factions"]["harkonnen"]["captured"] = {leader: "atreides"}
    after, events = drop_out(state, "harkonnen")
    assert after["factions"]["atreides"]["leaders"][leader] == "alive"
    assert not after["factions"]["harkonnen"].get("captured")
    assert {e.code for e in events} == {"captured-leader-returned"}
    assert set(after["factions"]["harkonnen"]["leaders"].values()) == {"tanks"}
