"""The storm round of classic Dune: 000 VI, the Fremen advantages of XV (000 lines 832-836,
994-998), weather (000 XVI), storm order (000 IX.A), WBC clarifications VI (000 lines
1095-1118; 004 lines 215-225) and WBC house rule 4 on the Shield Wall (000 lines 1051-1053)."""

from __future__ import annotations

import json
import random

import pytest
from dune_seats import CLASSIC, SEAT_FACTIONS

from pbem.games.dune.forces import add_forces, total
from pbem.games.dune.orders.language import KINDS, parse_orders
from pbem.games.dune.phases import storm
from pbem.games.dune.phases.set_up import new_game
from pbem.games.dune.rules import make_rules
from pbem.games.dune.state import only_sector, storm_order

ALL = list(SEAT_FACTIONS)
BOARD = CLASSIC.board


def game(ruleset="classic", seats=ALL, seed=1, **options):
    """A game after set-up with an empty map, to lay out the position a test needs."""
    state = new_game(make_rules(ruleset, options), list(seats), random.Random(seed))
    state["forces"] = {}
    return state


def first_turn(state, dials):
    """Entering turn 1's storm round with the first-storm dials collected at set-up."""
    state["turn"], state["phase"], state["step"] = 1, "storm", {}
    state["storm"]["dials"] = dict(zip(state["storm"]["dialers"], dials, strict=True))
    return storm.begin(state, random.Random(0))


def later_turn(state, sector, dials=None, turn=2):
    """A storm round after the first, from ``sector``; with ``dials`` the dialers send them."""
    state["turn"], state["phase"], state["step"] = turn, "storm", {}
    state["storm"]["sector"] = sector
    events = storm.begin(state, random.Random(0))
    if dials is None:
        return events
    assert events == []
    orders = {p.key: value for p, value in zip(storm.prompts(state), dials, strict=True)}
    return storm.apply(state, orders, random.Random(0))


def storm_of_three(state, sector):
    """A later storm round moving three sectors, by dials or (WBC: XVI is on) by the marker."""
    if storm.uses_weather(state):
        state["storm"]["marker"] = 3
        return later_turn(state, sector)
    return later_turn(state, sector, (1, 2))


def codes(events):
    return [e.code for e in events]


def losses(events):
    """(faction, territory) -> (its first kind, the others) the storm killed."""
    return {(e.data["faction"], e.data["territory"]): (
        e.data["forces"].get("force", 0), total(e.data["forces"]) - e.data["forces"].get(
            "force", 0)) for e in events if e.code == "storm-losses"}


def forces(state, territory, sector):
    return state["forces"].get(territory, {}).get(str(sector), {})


# --- 000 VI.A: the first storm
def test_first_storm_moves_from_the_start_sector_by_the_sum_of_the_first_dials():
    """000 VI.A: "The two numbers are simultaneously revealed, totaled and the storm marker
    moved from the 'at start' sector counterclockwise that number of sectors"; no prompt."""
    state = game()
    events = first_turn(state, (7, 9))
    assert state["storm"]["sector"] == BOARD.sector_after(BOARD.storm_start_sector, 16) == 17
    assert codes(events) == ["storm-dials", "storm-moves"]
    assert events[0].data == {"dials": {"atreides": 7, "harkonnen": 9}}
    assert events[1].data == {"sectors": 16, "from": 1, "to": 17}
    assert storm.done(state) and storm.prompts(state) == []
    assert state["storm"]["dials"] == {}
    assert json.loads(json.dumps(state)) == state


def test_first_storm_of_forty_sectors_goes_round_the_map_twice():
    """000 VI.A: dials of 0 to 20 each; a total of 40 from sector 1 ends on sector 5."""
    state = game()
    first_turn(state, (20, 20))
    assert state["storm"]["sector"] == 5


def test_ah_first_storm_kills_in_the_sectors_it_moves_into_but_not_the_start_sector():
    """Ruling for AH (000 VI.A "moved from the 'at start' sector", VI.C "passes or stops",
    Q&A XXV.A.1 line 626 "the sector which the storm currently occupies is never affected"):
    the first storm kills on sand in the sectors it moves into."""
    state = game()
    add_forces(state, "atreides", "Cielago North", 1, {"force": 3})
    add_forces(state, "harkonnen", "Cielago North", 3, {"force": 2})
    events = first_turn(state, (1, 1))
    assert state["storm"]["sector"] == 3
    assert forces(state, "Cielago North", 1) == {"atreides": {"force": 3}}
    assert forces(state, "Cielago North", 3) == {}
    assert losses(events) == {("harkonnen", "Cielago North"): (2, 0)}
    assert state["factions"]["harkonnen"]["tanks"] == {"force": 2}


def test_wbc_first_storm_begins_over_its_sector_and_destroys_nothing():
    """WBC VI (000 line 1114): "No tokens are destroyed by the storm during the first game
    turn. The storm is considered to begin over the randomly-determined sector; it is not
    considered to have moved in the first game turn." """
    state = game("wbc")
    add_forces(state, "bene-gesserit", "Cielago North", 2, {"force": 1})
    state["spice"]["Cielago South"] = 12
    events = first_turn(state, (1, 1))
    assert state["storm"]["sector"] == 3
    assert codes(events) == ["storm-dials", "storm-placed", "weather-marker-drawn",
                             "weather-marker"]
    assert events[1].data == {"sector": 3}
    assert forces(state, "Cielago North", 2) == {"bene-gesserit": {"force": 1}}
    assert state["spice"] == {"Cielago South": 12}


# --- 000 VI.B: the dials of later turns
def test_later_turns_ask_the_two_last_dialers_for_a_secret_dial_of_1_to_3():
    """000 VI.B: "the two players who last used the wheels will independently dial a number
    from '1' to '3'"; by mail a secret prompt each, DIAL 1 by default."""
    state = game()
    assert later_turn(state, 17) == []
    prompts = storm.prompts(state)
    assert [p.seat for p in prompts] == state["storm"]["dialers"] == ["atreides", "harkonnen"]
    for prompt in prompts:
        assert (prompt.kind, prompt.secret, prompt.default) == ("storm-dial", True, 1)
        assert prompt.default_text == prompt.template == "DIAL 1"
    assert not storm.done(state)
    assert state["storm"]["sector"] == 17


@pytest.mark.parametrize("dials,sector", [((1, 1), 1), ((3, 2), 4), ((3, 3), 5)])
def test_the_storm_moves_counterclockwise_by_the_sum_of_the_two_dials(dials, sector):
    """000 VI.B: "simultaneously reveal the numbers, add them and advance the storm marker
    from its current position counterclockwise that number of sectors"."""
    state = game()
    events = later_turn(state, 17, dials)
    assert state["storm"]["sector"] == sector
    assert events[0].code == "storm-dials" and events[0].to is None
    assert events[0].data == {"dials": dict(zip(["atreides", "harkonnen"], dials, strict=True))}
    assert events[1].data == {"sectors": sum(dials), "from": 17, "to": sector}
    assert storm.done(state) and storm.prompts(state) == []
    assert state["storm"]["dials"] == {}
    assert state["storm"]["dialers"] == ["atreides", "harkonnen"]


def test_dial_order_reads_1_to_3_and_its_text_reads_back_the_same():
    """000 VI.B: a dial of '1' to '3'; the order text of a value parses to that value."""
    state = game()
    later_turn(state, 17)
    prompts = storm.prompts(state)
    for value in (1, 2, 3):
        text = KINDS["storm-dial"].text(state, value)
        parsed = parse_orders(state, "atreides", text, prompts)
        assert parsed.errors == []
        assert [(o.prompt, o.value, o.text) for o in parsed.orders] == [
            ("storm-dial:atreides", value, text)]
    assert parse_orders(state, "harkonnen", "dial 2", prompts).orders[0].value == 2
    for line, code in [("DIAL 4", "out-of-range"), ("DIAL 0", "out-of-range"),
                       ("DIAL two", "bad-number"), ("DIAL", "bad-number")]:
        (error,) = parse_orders(state, "atreides", line, prompts).errors
        assert error.code == code and error.valid == ("1 to 3",)
    assert parse_orders(state, "emperor", "DIAL 2", prompts).errors[0].code == (
        "nothing-to-decide")


# --- 000 XVI: weather
def test_with_weather_the_fremen_draw_a_marker_on_turn_1_that_only_they_see():
    """000 XVI.B: "In the first turn during the storm round, the Fremen player randomly
    selects one weather movement marker from the six ... He looks at it"; the storm itself is
    placed by the wheels (XVI.A)."""
    state = game(weather=True)
    events = first_turn(state, (2, 3))
    assert state["storm"]["sector"] == 6
    assert codes(events) == ["storm-dials", "storm-moves", "weather-marker-drawn",
                             "weather-marker"]
    drawn, private = events[2], events[3]
    assert drawn.to is None and "marker" not in drawn.data
    assert private.to == ("fremen",)
    assert private.data == {"marker": state["storm"]["marker"]}
    for seat in ALL:
        if seat != "fremen":
            assert not any("marker" in e.data for e in events if e.visible_to(seat))
    assert not any("marker" in e.data for e in events if e.visible_to(None))


def test_weather_markers_come_from_a_cup_of_six():
    """000 II.G "Six Storm Movement Markers (numbered 1 through 6)", XVI.B: drawn at random."""
    seen = set()
    for seed in range(60):
        state = game(weather=True)
        state["turn"], state["step"] = 1, {}
        state["storm"]["dials"] = dict.fromkeys(state["storm"]["dialers"], 0)
        storm.begin(state, random.Random(seed))
        seen.add(state["storm"]["marker"])
    assert seen == {1, 2, 3, 4, 5, 6}


def test_with_weather_later_storms_move_by_last_turns_marker_without_dials():
    """000 XVI.C: "In the next storm round the number is revealed; the storm is moved
    counterclockwise that number of sectors ... The Fremen player then selects a number
    marker for the next turn's storm movement ... the battle wheels are no longer used"."""
    state = game(weather=True)
    state["storm"]["marker"] = 4
    events = later_turn(state, 10)
    assert storm.prompts(state) == [] and storm.done(state)
    assert state["storm"]["sector"] == 14
    assert codes(events) == ["weather-marker-revealed", "storm-moves", "weather-marker-drawn",
                             "weather-marker"]
    assert events[0].data == {"marker": 4} and events[0].to is None
    assert events[1].data == {"sectors": 4, "from": 10, "to": 14}
    assert events[3].to == ("fremen",)
    assert events[3].data == {"marker": state["storm"]["marker"]}


def test_weather_without_the_fremen_keeps_the_dials():
    """000 XVI.D: "If the Fremen player is not in the game, it is suggested that this rule not
    be used": the storm moves by the dials of VI.B and nobody draws a marker."""
    seats = ["atreides", "emperor", "harkonnen"]
    state = game(seats=seats, weather=True)
    events = first_turn(state, (1, 2))
    assert "weather-marker" not in codes(events) and state["storm"]["marker"] is None
    later_turn(state, 4)
    assert [p.kind for p in storm.prompts(state)] == ["storm-dial", "storm-dial"]


# --- 000 VI.C: what the storm destroys
def test_forces_on_sand_in_sectors_the_storm_passes_or_stops_on_go_to_the_tanks():
    """000 VI.C: "Any tokens in a sector of sand territory ... over which the storm passes or
    stops are sent to the 'Tleilaxu Tanks'"; starred forces die like others."""
    state = game()
    add_forces(state, "atreides", "Cielago West", 1, {"force": 5})       # the sector it leaves
    add_forces(state, "fremen", "Cielago North", 2, {"force": 3})        # passed
    add_forces(state, "harkonnen", "Cielago East", 3, {"force": 4})      # passed
    add_forces(state, "emperor", "Cielago East", 4, {"force": 3, "sardaukar": 2})     # stopped on
    add_forces(state, "guild", "South Mesa", 5, {"force": 2})            # beyond
    events = later_turn(state, 1, (1, 2))
    assert state["storm"]["sector"] == 4
    assert losses(events) == {("fremen", "Cielago North"): (3, 0),
                              ("harkonnen", "Cielago East"): (4, 0),
                              ("emperor", "Cielago East"): (3, 2)}
    assert all(e.to is None for e in events)
    assert "Cielago North" not in state["forces"] and "Cielago East" not in state["forces"]
    assert forces(state, "Cielago West", 1) == {"atreides": {"force": 5}}
    assert forces(state, "South Mesa", 5) == {"guild": {"force": 2}}
    assert state["factions"]["emperor"]["tanks"] == {"force": 3, "sardaukar": 2}
    assert state["factions"]["fremen"]["tanks"] == {"force": 3}


def test_only_the_swept_sectors_of_a_territory_lose_their_forces():
    """000 VI.C: tokens "in a sector" over which the storm passes; other sectors of the same
    territory are spared."""
    state = game()
    add_forces(state, "harkonnen", "Wind Pass", 14, {"force": 2})
    add_forces(state, "harkonnen", "Wind Pass", 16, {"force": 3})
    events = later_turn(state, 12, (1, 1))
    assert losses(events) == {("harkonnen", "Wind Pass"): (2, 0)}
    assert state["forces"]["Wind Pass"] == {"16": {"harkonnen": {"force": 3}}}


@pytest.mark.parametrize("ruleset", ["classic", "wbc"])
def test_the_shield_wall_protects_imperial_basin_arrakeen_and_carthag(ruleset):
    """000 VI.C "(except the Imperial Basin)"; Player Aid B.5 (000 line 944): until Family
    Atomics, the Shield Wall protects the Imperial Basin, Arrakeen and Carthag."""
    state = game(ruleset)
    add_forces(state, "emperor", "Imperial Basin", 10, {"force": 3})
    add_forces(state, "atreides", "Arrakeen", 10, {"force": 10})
    add_forces(state, "harkonnen", "Carthag", 11, {"force": 10})
    add_forces(state, "guild", "Old Gap", 10, {"force": 2})
    events = storm_of_three(state, 8)
    assert state["storm"]["sector"] == 11
    assert losses(events) == {("guild", "Old Gap"): (2, 0)}
    assert forces(state, "Imperial Basin", 10) == {"emperor": {"force": 3}}
    assert forces(state, "Arrakeen", 10) == {"atreides": {"force": 10}}
    assert forces(state, "Carthag", 11) == {"harkonnen": {"force": 10}}


@pytest.mark.parametrize("ruleset", ["classic", "wbc"])
def test_once_the_shield_wall_is_destroyed_the_storm_kills_behind_it(ruleset):
    """Player Aid B.5 (000 line 944): Family Atomics destroys the Shield Wall "so that the
    Imperial Basin, Arrakeen and Carthag are no longer protected from the storm"; WBC VI
    (000 line 1116): the Shield Wall stays a non-desert space, "the latter two become
    susceptible to storm effects"; WBC house rule 4 (000 line 1053) keeps the Shield Wall
    itself unaffected by storm."""
    state = game(ruleset)
    state["shield_wall"] = "destroyed"
    add_forces(state, "emperor", "Imperial Basin", 10, {"force": 3})
    add_forces(state, "atreides", "Arrakeen", 10, {"force": 10})
    add_forces(state, "harkonnen", "Carthag", 11, {"force": 10})
    add_forces(state, "fremen", "Shield Wall", 9, {"force": 4})
    events = storm_of_three(state, 8)
    assert losses(events) == {("emperor", "Imperial Basin"): (3, 0),
                              ("atreides", "Arrakeen"): (10, 0),
                              ("harkonnen", "Carthag"): (10, 0)}
    assert forces(state, "Shield Wall", 9) == {"fremen": {"force": 4}}


def test_rock_territories_and_strongholds_are_safe_from_the_storm():
    """000 VI.C: only sand territories lose tokens; rock and strongholds (Tuek's Sietch,
    False Wall South, False Wall East, Pasty Mesa) are not hurt."""
    state = game()
    add_forces(state, "guild", "Tuek's Sietch", 5, {"force": 10})
    add_forces(state, "fremen", "False Wall South", 5, {"force": 3})
    add_forces(state, "fremen", "False Wall East", 6, {"force": 2})
    add_forces(state, "emperor", "Pasty Mesa", 6, {"force": 4})
    add_forces(state, "harkonnen", "Harg Pass", 5, {"force": 1})
    events = later_turn(state, 4, (1, 1))
    assert state["storm"]["sector"] == 6
    assert losses(events) == {("harkonnen", "Harg Pass"): (1, 0)}
    assert sorted(state["forces"]) == ["False Wall East", "False Wall South", "Pasty Mesa",
                                       "Tuek's Sietch"]


def test_the_polar_sink_is_never_in_storm():
    """000 IX.C.3.e (line 347): "The Polar Sink is never in storm", even when the first storm
    sweeps every sector of the map (AH, dials 20 and 20)."""
    state = game()
    add_forces(state, "bene-gesserit", "Polar Sink", only_sector(state, "Polar Sink"), {"force": 1})
    add_forces(state, "fremen", "The Great Flat", 15, {"force": 2})
    events = first_turn(state, (20, 20))
    assert losses(events) == {("fremen", "The Great Flat"): (2, 0)}
    assert state["forces"] == {"Polar Sink": {"0": {"bene-gesserit": {"force": 1}}}}


def test_spice_in_a_sector_the_storm_passes_or_stops_on_is_removed():
    """000 VI.C: "Any spice in a sector over which a storm passes or stops is removed to the
    spice bank"; spice lies in its territory's spice-blow sector."""
    state = game()
    state["spice"] = {"Cielago South": 12, "Cielago North": 8, "South Mesa": 10}
    events = later_turn(state, 1, (1, 1))
    assert state["spice"] == {"South Mesa": 10}
    assert [(e.code, e.data, e.to) for e in events if e.code == "storm-spice-lost"] == [
        ("storm-spice-lost", {"territory": "Cielago South", "spice": 12}, None),
        ("storm-spice-lost", {"territory": "Cielago North", "spice": 8}, None)]


def test_spice_outside_the_swept_sectors_of_its_territory_stays():
    """000 VI.C: only spice in a swept sector is lost: Hagga Basin's spice lies in sector 13,
    Broken Land's in sector 12."""
    state = game()
    state["spice"] = {"Hagga Basin": 6, "Broken Land": 8}
    later_turn(state, 10, (1, 1))
    assert state["storm"]["sector"] == 12
    assert state["spice"] == {"Hagga Basin": 6}


# --- 000 XV: the Fremen in the storm
def test_with_advantages_the_fremen_lose_only_half_their_forces_rounded_up():
    """000 line 998 (XV): "If caught in a storm, only half of your tokens are killed (any
    fractions are rounded up)"; the half killed is rounded up, counted per territory, and
    normal forces die before Fedaykin.  Others in the same sector lose everything."""
    state = game(advantages=True)
    add_forces(state, "fremen", "Cielago North", 2, {"force": 4})
    add_forces(state, "fremen", "Cielago North", 3, {"force": 1})       # 5 caught in all: 3 killed
    add_forces(state, "fremen", "Cielago South", 3, {"force": 1})       # 1 caught: 1 killed
    add_forces(state, "fremen", "Meridian", 2, {"force": 2, "fedaykin": 1})  # 3 caught: 2
    #                                                                          normal killed
    add_forces(state, "harkonnen", "Cielago North", 2, {"force": 5})
    events = later_turn(state, 1, (1, 1))
    assert losses(events) == {("fremen", "Cielago North"): (3, 0),
                              ("harkonnen", "Cielago North"): (5, 0),
                              ("fremen", "Cielago South"): (1, 0),
                              ("fremen", "Meridian"): (2, 0)}
    assert state["forces"]["Cielago North"] == {"2": {"fremen": {"force": 1}},
                                                "3": {"fremen": {"force": 1}}}
    assert state["forces"]["Meridian"] == {"2": {"fremen": {"fedaykin": 1}}}
    assert "Cielago South" not in state["forces"]
    assert state["factions"]["fremen"]["tanks"] == {"force": 6}


def test_fedaykin_die_when_half_the_fremen_forces_need_them():
    """000 line 998: half the tokens, rounded up; Fedaykin count as one token in the storm."""
    state = game(advantages=True)
    add_forces(state, "fremen", "Meridian", 2, {"force": 1, "fedaykin": 2})
    events = later_turn(state, 1, (1, 1))
    assert losses(events) == {("fremen", "Meridian"): (1, 1)}
    assert state["forces"]["Meridian"] == {"2": {"fremen": {"fedaykin": 1}}}


def test_without_advantages_the_fremen_lose_all_their_forces_in_the_storm():
    """000 VI.C: the half losses of the Fremen are an optional advantage (000 line 836)."""
    state = game()
    add_forces(state, "fremen", "Cielago North", 2, {"force": 5})
    events = later_turn(state, 1, (1, 1))
    assert losses(events) == {("fremen", "Cielago North"): (5, 0)}


# --- 000 IX.A: storm order
@pytest.mark.parametrize("sector,first", [(1, "atreides"), (4, "bene-gesserit"),
                                          (17, "atreides"), (18, "atreides"), (2, "bene-gesserit")])
def test_the_first_player_is_the_one_whose_dot_the_storm_next_approaches(sector, first):
    """000 IX.A (line 311): "The player whose player dot the storm next approaches is termed
    the 'first player'"; the storm moves counterclockwise, to higher sector numbers."""
    state = game()
    state["storm"]["sector"] = sector
    assert storm_order(state)[0] == first


def test_a_storm_on_a_player_dot_has_passed_that_player():
    """000 IX.A (line 311): "If a storm is on the player dot, it is considered to have passed
    that player": dots 2, 5, 8, 11, 14, 17, storm on sector 5."""
    state = game()
    state["storm"]["sector"] = 5
    assert storm_order(state) == ["emperor", "fremen", "guild", "harkonnen", "atreides",
                                  "bene-gesserit"]


def test_storm_order_follows_the_storm_after_it_moves():
    """000 IX.A with VI.B: after the storm moves from 17 to 2, the Atreides (dot 2) are last."""
    state = game()
    later_turn(state, 17, (2, 1))
    assert state["storm"]["sector"] == 2
    assert storm_order(state)[0] == "bene-gesserit"
    assert storm_order(state)[-1] == "atreides"
