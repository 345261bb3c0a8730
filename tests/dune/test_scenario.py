"""Scenario files of classic Dune (docs/scenarios.md): the loader, what it defaults and the
faults it names, the run, expectations, and ``pbem scenario run``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pbem.cli import main
from pbem.game import step_rng
from pbem.games.dune import turn
from pbem.games.dune.rules import make_rules
from pbem.games.dune.scenario import ScenarioError, load_scenario, run_scenario
from pbem.games.dune.set_up import new_game
from pbem.games.dune.state import data, forces_total

SCENARIOS = Path(__file__).parent / "scenarios"
DOCS = Path(__file__).parents[2] / "docs" / "scenarios.md"
FOUR = ["atreides", "bene-gesserit", "harkonnen", "fremen"]


def scenario(**keys):
    return {"game": "dune", "seats": FOUR, "seed": "test", **keys}


def faults(data_) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(data_)
    return caught.value.problems


def fresh(seats=FOUR, seed="test", **options):
    return new_game(make_rules("classic", options), list(seats), step_rng(seed, 0))


def all_cards(state) -> list[str]:
    decks = state["decks"]
    return ([c for seat in state["seats"] for c in state["factions"][seat]["hand"]]
            + decks["treachery"] + decks["treachery_discard"])


# --- the loader's defaults
def test_a_scenario_without_a_position_is_the_fresh_set_up_of_its_seed():
    loaded = load_scenario(scenario())
    assert loaded.state == fresh()
    assert loaded.events == []


def test_a_position_keeps_what_it_leaves_out_and_the_reserve_is_what_is_left():
    """Forces replace the whole map; a faction's reserve is the rest of its 20 (000 II.B.1.c);
    after the set-up nothing is left to place; hands, spice and traitors stay as set up."""
    state = load_scenario(scenario(position={
        "turn": 2, "forces": {"Arrakeen": {"atreides": 6}, "Cielago North SECTOR 2": {"fremen": 3}},
        "factions": {"atreides": {"tanks": 4}}})).state
    set_up = fresh()
    assert state["phase"] == "storm" and state["turn"] == 2
    assert state["forces"] == {"Arrakeen": {"10": {"atreides": [6, 0]}},
                               "Cielago North": {"2": {"fremen": [3, 0]}}}
    assert state["factions"]["atreides"]["reserve"] == [10, 0]
    assert state["factions"]["harkonnen"]["reserve"] == [20, 0]
    assert state["factions"]["fremen"]["reserve"] == [17, 0]
    assert all(state["factions"][seat]["to_place"] == 0 for seat in FOUR)
    for seat in FOUR:
        assert forces_total(state, seat) == 20
        for key in ("spice", "hand", "traitors", "traitor_draw"):
            assert state["factions"][seat][key] == set_up["factions"][seat][key]
    assert state["decks"] == set_up["decks"]


def test_a_phase_without_step_is_entered_and_played_to_the_first_decision():
    loaded = load_scenario(scenario(position={"turn": 2, "storm": {"sector": 3}}))
    assert loaded.events[0].code == "phase"
    entered = {"moved": False, "revealed": False, "decided": [], "control": None}
    assert loaded.state["step"] == entered
    assert [p.key for p in turn.prompts(loaded.state)] == [
        f"storm-dial:{seat}" for seat in loaded.state["storm"]["dialers"]]
    inside = load_scenario(scenario(position={"turn": 2, "storm": {"sector": 3},
                                              "step": entered}))
    assert inside.events == [] and inside.state == loaded.state


def test_starred_forces_count_apart_with_the_advantages():
    """000 XV: 5 of the Emperor's 20 are Sardaukar."""
    state = load_scenario(scenario(seats=["emperor", "atreides"], options={"advantages": True},
                                   position={"turn": 1, "storm": {"dials": {"emperor": 1,
                                                                            "atreides": 1}},
                                             "forces": {"Arrakeen": {"emperor": [4, 2]}}})).state
    assert state["factions"]["emperor"]["reserve"] == [11, 3]


def test_card_names_take_exact_copies_first_then_the_lowest_free_copy():
    state = load_scenario(scenario(position={
        "factions": {"atreides": {"hand": ["shield", "Karama"]},
                     "harkonnen": {"hand": ["Shield #1", "Lasgun"]}},
        "decks": {"treachery": ["Karama", "Shield"], "treachery_discard": ["Baliset"],
                  "spice": ["Red Chasm", "Shai-Hulud", "hagga"],
                  "spice_discard": ["Shai-Hulud #1", "Old Gap"]}})).state
    assert state["factions"]["atreides"]["hand"] == ["Shield #2", "Karama #1"]
    assert state["factions"]["harkonnen"]["hand"] == ["Shield #1", "Lasgun"]
    assert state["decks"]["treachery"][-2:] == ["Shield #3", "Karama #2"]   # top last
    assert state["decks"]["treachery_discard"] == ["Baliset"]
    assert state["decks"]["spice"][-3:] == ["Hagga Basin", "Shai-Hulud #2", "Red Chasm"]
    assert state["decks"]["spice_discard"] == [["Old Gap", "Shai-Hulud #1"]]
    assert sorted(all_cards(state)) == sorted(c.id for c in data().treachery_deck)
    assert len(state["decks"]["spice"]) == len(data().spice_deck) - 2


def test_a_card_put_elsewhere_leaves_its_set_up_hand_for_the_next_card_of_the_deck():
    held = fresh()["factions"]["harkonnen"]["hand"][0]
    state = load_scenario(scenario(position={"factions": {"atreides": {"hand": [held]}}})).state
    hand = state["factions"]["harkonnen"]["hand"]
    assert len(hand) == 2 and held not in hand
    assert state["factions"]["atreides"]["hand"] == [held]
    assert sorted(all_cards(state)) == sorted(c.id for c in data().treachery_deck)


def test_a_loaded_state_survives_json_unchanged():
    """STYLE 2: a state serialised and loaded again is equal."""
    example = yaml.safe_load(_docs_example())
    state = load_scenario(example).state
    assert json.loads(json.dumps(state)) == state


# --- the loader's faults
def test_a_bad_territory_is_named_with_the_candidates():
    problems = faults(scenario(position={"forces": {"Arakeen": {"atreides": 3},
                                                    "Cielago North": {"fremen": 1}}}))
    assert "position.forces.Arakeen: no territory is called 'Arakeen'; try: Arrakeen" in problems
    assert ("position.forces.Cielago North: Cielago North lies in sectors 1, 2, 3; write "
            "'Cielago North SECTOR <n>'") in problems


def test_unknown_keys_are_named_with_the_keys_expected():
    problems = faults(scenario(colour="red", position={"factions": {"atreides": {"cash": 3}}}))
    assert any(p.startswith("colour: unknown key (expected one of: game, seats") for p in problems)
    problems = faults(scenario(position={"factions": {"atreides": {"cash": 3}}}))
    assert any(p.startswith("position.factions.atreides.cash: unknown key") for p in problems)


def test_bad_counts_are_named():
    problems = faults(scenario(position={"forces": {"Carthag": {"harkonnen": [3, 1],
                                                                "fremen": "many",
                                                                "emperor": 2}},
                                         "factions": {"atreides": {"reserve": 5}}}))
    assert "position.forces.Carthag.harkonnen: the Harkonnen have no starred forces" in problems
    assert ("position.forces.Carthag.fremen: expected a number of forces or [normal, starred], "
            "got 'many'") in problems
    assert ("position.forces.Carthag.emperor: Emperor are not in play (seats: atreides, "
            "bene-gesserit, harkonnen, fremen)") in problems
    assert any(p.startswith("position.factions.atreides.reserve: the Atreides have [20, 0] "
                            "forces") and p.endswith("the reserve must be [20, 0]")
               for p in problems)


def test_forces_beyond_the_factions_twenty_are_a_fault():
    problems = faults(scenario(position={"turn": 2, "forces": {"Arrakeen": {"atreides": 15},
                                                               "Carthag": {"atreides": 6}}}))
    assert any(p.startswith("position.factions.atreides: the Atreides have [21, 0] forces")
               for p in problems)


def test_a_position_before_the_first_storm_needs_its_dials():
    """000 VI.A: the first storm moves by the two dials collected in round 1 of the set-up."""
    message = ("position.storm.dials: the first storm moves by the set-up dials (000 VI.A); "
               "give both dialers' dials")
    assert message in faults(scenario(position={"turn": 1}))
    assert message in faults(scenario(position={"step": {"round": 2}}))
    assert faults(scenario(position={"turn": 1, "storm": {"dials": {"atreides": 1}}})) == [
        "position.storm.dials: expected a dial for each dialer (atreides, fremen)"]


def test_a_weather_position_past_a_storm_needs_the_fremen_marker():
    """000 XVI.C: with weather "in the next storm round the number is revealed", the marker the
    Fremen drew in the storm round before.  A WBC position (weather on) with the Fremen and no
    marker, standing anywhere after a storm, is refused naming the key, not played into a bare
    AssertionError at the next storm; before the storm of turn 1, or after the last turn's,
    no marker is needed."""
    two = ["atreides", "fremen"]
    message = ("position.storm.marker: with weather the storm of turn 4 moves by the marker "
               "the Fremen drew the turn before (000 XVI.C); give it: one of 1, 2, 3, 4, 5, 6")
    for phase in ("spice_blow", "battle", "end_of_turn"):
        assert faults(scenario(seats=two, ruleset="wbc", orders=[{}, {}, {}], position={
            "turn": 3, "phase": phase, "storm": {"sector": 5}})) == [message]
    assert faults(scenario(seats=two, ruleset="wbc", position={
        "turn": 4, "step": {"moved": False, "revealed": False, "decided": [], "control": None},
        "storm": {"sector": 5}})) == [message]
    load_scenario(scenario(seats=two, ruleset="wbc", position={
        "turn": 3, "phase": "end_of_turn", "storm": {"sector": 5, "marker": 2}}))
    load_scenario(scenario(seats=two, ruleset="wbc", position={
        "turn": 10, "phase": "battle", "storm": {"sector": 5}}))
    load_scenario(scenario(seats=["atreides", "harkonnen"], ruleset="wbc", position={
        "turn": 3, "phase": "battle", "storm": {"sector": 5}}))    # XVI.D: no Fremen


def test_a_card_named_twice_or_with_no_such_copy_is_a_fault():
    problems = faults(scenario(position={"factions": {"atreides": {"hand": ["Lasgun",
                                                                           "Shield #7"]}},
                                         "decks": {"treachery": ["lasgun"]}}))
    assert ("position.decks.treachery[0]: Lasgun is named twice (also at "
            "position.factions.atreides.hand[0])") in problems
    assert any(p.startswith("position.factions.atreides.hand[1]: there is no Shield #7")
               for p in problems)


def test_an_order_that_does_not_parse_names_the_step_the_seat_the_line_and_the_reason():
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario(orders=[{"atreides": "DIAL 3"},
                                      {"bene-gesserit": "TRAITOR Nobody\n\nFOO"}]))
    problems = caught.value.problems
    assert problems[0].startswith("orders[1].bene-gesserit line 1 'TRAITOR Nobody': ")
    assert problems[1].startswith("orders[1].bene-gesserit line 3 'FOO': unknown order 'FOO'")


# --- the run
def test_each_step_is_applied_like_the_moderator_applies_it():
    """Step n with the generator of step n; a seat that sends nothing takes the default."""
    state = fresh()
    for number in (1, 2):
        orders = {p.key: p.default for p in turn.prompts(state)}
        state, _ = turn.advance(state, orders, step_rng("test", number))
    result = run_scenario(scenario(orders=[{}, {}]))
    assert result["state"] == state
    assert all(order["default"] for step in result["orders"] for order in step)


def test_expectations_that_hold_and_that_fail():
    result = run_scenario(scenario(
        orders=[{"atreides": "DIAL 3", "fremen": "PLACE 10 Sietch Tabr"}, {}],
        expect={"turn": 1, "phase": "bidding", "storm": {"sector": 4},
                "forces": {"Sietch Tabr": {"fremen": 10}, "Polar Sink": {"bg": 1}},
                "factions": {"fremen": {"reserve": 10, "spice": 99}},
                "events": ["forces-placed", "worm-rides"]}))
    assert result["expect"] == {"checked": 9, "failed": [
        "expect.factions.fremen.spice: expected 99, got 3",
        "expect.events[1]: no 'worm-rides' event happened"]}


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_example_scenario_holds(path):
    result = run_scenario(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert result["expect"]["checked"] and not result["expect"]["failed"]


def _docs_example() -> str:
    return re.search(r"```yaml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S).group(1)


def test_the_annotated_example_of_the_docs_holds():
    result = run_scenario(yaml.safe_load(_docs_example()))
    assert result["expect"]["checked"] and not result["expect"]["failed"]


# --- pbem scenario run
def test_scenario_run_prints_the_outcome_as_json():
    path = SCENARIOS / "setup_six_factions.yaml"
    result = CliRunner().invoke(main, ["scenario", "run", str(path), "--json"])
    assert result.exit_code == 0, result.output
    outcome = json.loads(result.output)
    assert set(outcome) == {"title", "seed", "state", "events", "orders", "prompts", "expect"}
    assert outcome["state"]["factions"]["bene-gesserit"]["prediction"] == {
        "faction": "emperor", "turn": 3}
    assert len(outcome["events"]) == 3
    assert {p["key"] for p in outcome["prompts"]} == {   # the BG hold a Truthtrance
        f"bid:{seat}" for seat in outcome["state"]["seats"]} | {"truthtrance:bene-gesserit"}


def test_scenario_run_prints_the_outcome_as_text():
    path = SCENARIOS / "setup_six_factions.yaml"
    result = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert result.exit_code == 0, result.output
    text = result.output
    for expected in ("Scenario: Set-up of six factions", "Storm: sector 4", "Forces:",
                     "  Polar Sink: bene-gesserit 1", "  False Wall West SECTOR 17: fremen 4",
                     "  bene-gesserit (dot 5): spice 5, reserve 19, tanks 0",
                     "    prediction: emperor, turn 3", "Step 1 (orders[0])\n  orders:",
                     "    bene-gesserit: PREDICT Emperor 3",
                     "    fremen: PLACE 6 Sietch Tabr / PLACE 4 False Wall West SECTOR 17",
                     "    guild: TRAITOR ", "(default)", "Open prompts:",
                     "Expectations: 15 checked, 0 failed"):
        assert expected in text


def test_scenario_run_exits_1_and_names_each_failed_expectation(tmp_path):
    path = tmp_path / "failing.yaml"
    path.write_text(yaml.safe_dump(scenario(expect={"storm": {"sector": 9}, "worms": 2})))
    result = CliRunner().invoke(main, ["scenario", "run", str(path), "--json"])
    assert result.exit_code == 1
    assert "expectation failed: expect.worms: expected 2, got 0" in result.stderr
    assert "expectation failed: expect.storm.sector: expected 9, got None" in result.stderr
    text = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert text.exit_code == 1
    assert "FAILED expect.worms: expected 2, got 0" in text.output


def test_scenario_run_names_the_faults_of_a_bad_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(scenario(position={"spice": {"Arrakeen": 3}})))
    result = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert result.exit_code == 1
    assert f"bad scenario {path}:" in result.output
    assert "position.spice.Arrakeen: Arrakeen has no spice blow site" in result.output
    path.write_text("game: chess\n")
    result = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert result.exit_code == 1 and "unknown game 'chess'" in result.output
